"""The ghost piece's geometry: anchoring, turning, moving, and picking pieces by key."""

import pytest

from game import PIECE_BY_NAME, PIECES, Board, Move, parse_square, square_name, square_xy
from game.grids import SquareGrid, TriangleGrid
from game.pieces import TRIGON_PIECES
from game.web.ghost import (
    ARROW_STEPS,
    Ghost,
    anchor_cell,
    arrow_step,
    default_orientation,
    flipped,
    ghost_cells,
    ghost_for_move,
    ghost_move,
    ghost_squares,
    ghost_status,
    moved,
    piece_for_key,
    rotated,
    tray_piece,
)


def names(squares):
    return sorted(square_name(sq) for sq in squares)


def cell(name):
    return square_xy(parse_square(name))


@pytest.mark.parametrize("piece", PIECES, ids=lambda p: p.name)
def test_anchor_is_the_first_cell_in_reading_order_on_the_chosen_square(piece):
    for orientation in range(len(piece.orientations)):
        ghost = Ghost(piece, orientation, cell("j10"))
        move = ghost_move(ghost, SquareGrid(20, 20))
        top_row = max(square_xy(sq)[1] for sq in move.squares)
        first = min(sq for sq in move.squares if square_xy(sq)[1] == top_row)
        assert square_name(first) == "j10"
        assert move.piece is piece


def test_default_orientation_is_the_rule_book_drawing():
    f = PIECE_BY_NAME["F"]  # .XX / XX. / .X.
    ghost = Ghost(f, default_orientation(f), cell("b3"))
    assert names(ghost_move(ghost, SquareGrid(20, 20)).squares) == ["a2", "b1", "b2", "b3", "c3"]


def test_off_board_ghost_has_no_move():
    i5 = PIECE_BY_NAME["I5"]
    ghost = Ghost(i5, default_orientation(i5), cell("r1"))  # I5 lies flat: r1..v1
    assert ghost_move(ghost, SquareGrid(20, 20)) is None
    assert len(ghost_cells(ghost, SquareGrid(20, 20))) == 5


def test_rotating_four_times_and_flipping_twice_is_the_identity():
    for piece in PIECES:
        ghost = Ghost(piece, default_orientation(piece), cell("j10"))
        assert rotated(rotated(rotated(rotated(ghost)))) == ghost
        assert flipped(flipped(ghost)) == ghost
        assert rotated(rotated(ghost, clockwise=False)) == ghost


def test_rotation_turns_clockwise_and_flip_mirrors():
    l4 = PIECE_BY_NAME["L4"]  # X.. / XXX
    ghost = Ghost(l4, default_orientation(l4), cell("a2"))
    assert names(ghost_move(ghost, SquareGrid(20, 20)).squares) == ["a1", "a2", "b1", "c1"]
    turned = moved(rotated(ghost), 0, 1, SquareGrid(20, 20))  # XX / X. / X. from a3
    assert names(ghost_move(turned, SquareGrid(20, 20)).squares) == ["a1", "a2", "a3", "b3"]
    mirrored = moved(flipped(ghost), 2, 0, SquareGrid(20, 20))  # ..X / XXX from c2
    assert names(ghost_move(mirrored, SquareGrid(20, 20)).squares) == ["a1", "b1", "c1", "c2"]


def test_every_orientation_is_reached_by_rotating_and_flipping():
    for piece in PIECES:
        ghost = Ghost(piece, 0, (10, 10))
        seen = set()
        for _ in range(2):
            for _ in range(4):
                seen.add(ghost.orientation)
                ghost = rotated(ghost)
            ghost = flipped(ghost)
        assert seen == set(range(len(piece.orientations)))


def test_moving_keeps_the_anchor_on_the_board():
    ghost = Ghost(PIECES[0], 0, (0, 0))
    assert moved(ghost, -1, 0, SquareGrid(14, 14)).anchor == (0, 0)
    assert moved(ghost, 1, 1, SquareGrid(14, 14)).anchor == (1, 1)
    assert moved(Ghost(PIECES[0], 0, (13, 13)), 1, 1, SquareGrid(14, 14)).anchor == (13, 13)


@pytest.mark.parametrize("variant", ["duo", "junior", "trigon", "trigon_3"])
def test_ghost_for_move_stands_for_that_move(variant):
    board = Board(variant)
    moves = list(board.legal_moves)
    board.push(moves[0])
    moves += list(board.legal_moves)
    for move in moves[::7]:
        assert ghost_move(ghost_for_move(move, board), board.geometry.grid) == move


def test_ghost_for_move_refuses_a_shape_that_is_no_piece():
    with pytest.raises(ValueError, match="not the shape of a piece"):
        ghost_for_move(Move.parse("a1,c1"), Board("duo"))


def test_ghost_for_move_picks_the_copy_left_of_a_junior_piece():
    board = Board("junior")
    board.push(Move.parse("e10,f10"))
    board.push(Move.parse("j5"))
    ghost = ghost_for_move(Move.parse("f9,g9"), board)  # Green's second domino
    assert ghost.piece.name == "2" and not board.is_piece_used(0, ghost.piece)


# --- on Trigon's triangles --------------------------------------------------------------------

TRIGON = TriangleGrid(9)


def squares_of(ghost, grid=TRIGON):
    return [square_name(sq) for sq in ghost_squares(ghost, grid)]


def test_every_triangle_orientation_is_reached_by_turning_and_flipping():
    for piece in TRIGON_PIECES:
        ghost = Ghost(piece, 0, (17, 8))
        seen = set()
        for _ in range(2):
            for _ in range(6):
                seen.add(ghost.orientation)
                ghost = rotated(ghost)
            ghost = flipped(ghost)
        assert seen == set(range(len(piece.orientations)))


def test_six_turns_bring_a_triangle_piece_back_and_turns_undo():
    piece = next(p for p in TRIGON_PIECES if p.name == "L5")  # no symmetry: 12 orientations
    ghost = Ghost(piece, default_orientation(piece), (17, 8))
    turns = [ghost]
    for _ in range(6):
        turns.append(rotated(turns[-1]))
    assert turns[6] == ghost and len({g.orientation for g in turns[:6]}) == 6
    assert rotated(rotated(ghost, clockwise=False)) == ghost
    assert flipped(flipped(ghost)) == ghost


def test_a_triangle_ghost_covers_its_anchor_or_the_triangle_right_of_it():
    """A shape fits only on triangles pointing as its first triangle does: on one pointing the
    other way the piece starts one column right."""
    domino = next(p for p in TRIGON_PIECES if p.name == "2")
    up_first = domino.orientations.index(((0, 0), (1, 0)))  # up, then down
    assert TRIGON.direction(17, 8) == 0  # r9 points up
    assert squares_of(Ghost(domino, up_first, (17, 8))) == ["r9", "s9"]
    assert squares_of(Ghost(domino, up_first, (16, 8))) == ["r9", "s9"]  # q9 points down


def test_every_placement_keeps_its_shape_on_the_board():
    """A ghost's cells form its orientation's shape wherever it is aimed (never turned over)."""
    for piece in TRIGON_PIECES[::3]:
        for orientation, shape in enumerate(piece.orientations):
            for anchor in ((17, 8), (18, 8), (10, 3), (11, 12)):
                cells = ghost_cells(Ghost(piece, orientation, anchor), TRIGON)
                assert TRIGON.shape_of(cells) == shape
                assert anchor in cells or (anchor[0] + 1, anchor[1]) in cells


def test_arrow_keys_step_a_side_sideways_and_a_row_up_and_back():
    piece = next(p for p in TRIGON_PIECES if p.name == "I4")
    ghost = Ghost(piece, default_orientation(piece), (17, 8))
    start = ghost_cells(ghost, TRIGON)

    def press(ghost, key):
        return moved(ghost, *arrow_step(key, TRIGON), TRIGON)

    right = press(ghost, "ArrowRight")
    assert ghost_cells(right, TRIGON) == [(x + 2, y) for x, y in start]
    up = press(ghost, "ArrowUp")
    assert up.anchor == (17, 9)  # the column kept: the piece fits half a side to the right
    assert ghost_cells(up, TRIGON) == [(x + 1, y + 1) for x, y in start]
    assert press(up, "ArrowDown") == ghost and press(right, "ArrowLeft") == ghost
    edge = Ghost(piece, ghost.orientation, (TRIGON.width - 2, 8))
    assert press(edge, "ArrowRight") == edge  # two columns on would leave the board


def test_square_arrow_steps_are_one_square():
    assert [arrow_step(k, SquareGrid(20, 20)) for k in ARROW_STEPS] == list(ARROW_STEPS.values())


def test_piece_keys_count_junior_copies_once():
    board = Board("junior")
    available = board.pieces_left(0)
    first = piece_for_key("i", available, None)
    second = piece_for_key("i", available, first)
    assert (first.name, second.name) == ("I3", "I4")
    assert piece_for_key("i", available, piece_for_key("i", available, second)).name == "I3"


def test_tray_piece_is_the_copy_left():
    board = Board("junior")
    board.push(Move.parse("e10"))
    board.push(Move.parse("j5"))
    board.push(Move.parse("f9"))
    assert tray_piece(board, 0, "1").index == 0  # both placed: the first copy (refused later)
    assert board.is_piece_used(0, tray_piece(board, 0, "1"))
    assert not board.is_piece_used(1, tray_piece(board, 1, "1"))
    with pytest.raises(ValueError):
        tray_piece(board, 0, "F")


def test_anchor_cell_prefers_the_top_row_then_the_left():
    assert anchor_cell(((2, 0), (0, 1), (1, 1))) == (0, 1)


def test_keys_cycle_through_pieces_sharing_a_letter():
    available = list(PIECES)
    picked = []
    current = None
    for _ in range(4):
        current = piece_for_key("i", available, current)
        picked.append(current.name)
    assert picked == ["I3", "I4", "I5", "I3"]
    assert piece_for_key("1", available, None).name == "1"
    assert piece_for_key("F", available, None).name == "F"


def test_keys_skip_pieces_already_played():
    available = [p for p in PIECES if p.name != "I3"]
    assert piece_for_key("i", available, None).name == "I4"
    assert piece_for_key("x", [p for p in PIECES if p.name != "X"], None) is None


def test_ghost_status_gives_the_reason_in_words():
    board = Board("classic")
    reason = board.illegal_reason(Move.parse("e10"))
    text = ghost_status(PIECE_BY_NAME["1"], "e10", reason)
    assert text == "1 at e10: must cover your start corner"
    assert ghost_status(PIECE_BY_NAME["1"], "a20", None) == "1 at a20: can be placed here"


def test_ghost_status_names_the_cells_of_the_board():
    board = Board("trigon")
    move = next(iter(board.legal_moves))
    board.push(move)
    reason = board.illegal_reason(Move(move.squares[:1]), board.turn)
    text = ghost_status(PIECE_BY_NAME["1"], "a1", reason, triangles=True)
    assert text.endswith(": covers a triangle that is already taken")
    assert ghost_status(PIECE_BY_NAME["1"], "a1", reason).endswith("a square that is already taken")

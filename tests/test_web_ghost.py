"""The ghost piece's geometry: anchoring, turning, moving, and picking pieces by key."""

import pytest

from game import PIECE_BY_NAME, PIECES, Board, Move, parse_square, square_name, square_xy
from game.web.ghost import (
    Ghost,
    anchor_cell,
    default_orientation,
    flipped,
    ghost_cells,
    ghost_for_move,
    ghost_move,
    ghost_status,
    moved,
    piece_for_key,
    rotated,
)


def names(squares):
    return sorted(square_name(sq) for sq in squares)


def cell(name):
    return square_xy(parse_square(name))


@pytest.mark.parametrize("piece", PIECES, ids=lambda p: p.name)
def test_anchor_is_the_first_cell_in_reading_order_on_the_chosen_square(piece):
    for orientation in range(len(piece.orientations)):
        ghost = Ghost(piece, orientation, cell("j10"))
        move = ghost_move(ghost, 20, 20)
        top_row = max(square_xy(sq)[1] for sq in move.squares)
        first = min(sq for sq in move.squares if square_xy(sq)[1] == top_row)
        assert square_name(first) == "j10"
        assert move.piece is piece


def test_default_orientation_is_the_rule_book_drawing():
    f = PIECE_BY_NAME["F"]  # .XX / XX. / .X.
    ghost = Ghost(f, default_orientation(f), cell("b3"))
    assert names(ghost_move(ghost, 20, 20).squares) == ["a2", "b1", "b2", "b3", "c3"]


def test_off_board_ghost_has_no_move():
    i5 = PIECE_BY_NAME["I5"]
    ghost = Ghost(i5, default_orientation(i5), cell("r1"))  # I5 lies flat: r1..v1
    assert ghost_move(ghost, 20, 20) is None
    assert len(ghost_cells(ghost)) == 5


def test_rotating_four_times_and_flipping_twice_is_the_identity():
    for piece in PIECES:
        ghost = Ghost(piece, default_orientation(piece), cell("j10"))
        assert rotated(rotated(rotated(rotated(ghost)))) == ghost
        assert flipped(flipped(ghost)) == ghost
        assert rotated(rotated(ghost, clockwise=False)) == ghost


def test_rotation_turns_clockwise_and_flip_mirrors():
    l4 = PIECE_BY_NAME["L4"]  # X.. / XXX
    ghost = Ghost(l4, default_orientation(l4), cell("a2"))
    assert names(ghost_move(ghost, 20, 20).squares) == ["a1", "a2", "b1", "c1"]
    turned = moved(rotated(ghost), 0, 1, 20, 20)  # XX / X. / X. from a3
    assert names(ghost_move(turned, 20, 20).squares) == ["a1", "a2", "a3", "b3"]
    mirrored = moved(flipped(ghost), 2, 0, 20, 20)  # ..X / XXX from c2
    assert names(ghost_move(mirrored, 20, 20).squares) == ["a1", "b1", "c1", "c2"]


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
    assert moved(ghost, -1, 0, 14, 14).anchor == (0, 0)
    assert moved(ghost, 1, 1, 14, 14).anchor == (1, 1)
    assert moved(Ghost(PIECES[0], 0, (13, 13)), 1, 1, 14, 14).anchor == (13, 13)


def test_ghost_for_move_stands_for_that_move():
    for move in list(Board("duo").legal_moves)[:200]:
        assert ghost_move(ghost_for_move(move), 14, 14) == move


def test_ghost_for_move_refuses_a_shape_that_is_no_piece():
    with pytest.raises(ValueError, match="not the shape of a piece"):
        ghost_for_move(Move.parse("a1,c1"))


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

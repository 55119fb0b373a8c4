"""Rules of the game through the Board API: pieces, placements, every illegal-move reason,
turn order with passes, scoring in every mode and variant, and exact undo."""

import random

import pytest
from reference import all_placements, cells_of, is_legal_placement

from game import (
    PIECE_BY_NAME,
    PIECES,
    VARIANTS,
    Board,
    IllegalMoveError,
    IllegalReason,
    Move,
    find_variant,
    parse_square,
    square,
    square_name,
)
from game.board import rank_score
from game.geometry import geometry


def snapshot(board):
    """Everything observable about a position."""
    return (
        str(board),
        board.turn,
        board.player_to_move,
        sorted(map(str, board.legal_moves)),
        board.finished,
        board.passed,
        board.scores(),
        [board.attach_squares(c) for c in board.variant.colors],
        [str(m) for _, m in board.move_stack],
    )


def random_game(board, rng, max_moves=None):
    while board.turn is not None and (max_moves is None or len(board.move_stack) < max_moves):
        board.push(rng.choice(list(board.legal_moves)))
    return board


class TestSquaresAndMoves:
    def test_square_names_round_trip(self):
        assert parse_square("a1") == 0
        assert parse_square("T20") == 19 * 35 + 19
        names = ("a1", "n14", "t20", "z1", "aa1", "ai18")
        assert [square_name(parse_square(n)) for n in names] == list(names)

    @pytest.mark.parametrize("text", ["", "a0", "a21", "aj5", "5a", "aa", "a 1 b", "a1b"])
    def test_bad_square_names_are_refused(self, text):
        with pytest.raises(ValueError):
            parse_square(text)

    def test_move_notation_sorts_by_row_then_column(self):
        move = Move.parse(" b2,A1 ,b1")
        assert str(move) == "a1,b1,b2"
        assert repr(move) == "Move.parse('a1,b1,b2')"
        assert eval(repr(move)) == move
        assert move.piece is PIECE_BY_NAME["V3"]

    @pytest.mark.parametrize("text", ["", ",", "a1,,b1", "a1,a1", "a1,zz"])
    def test_malformed_moves_are_refused(self, text):
        with pytest.raises(ValueError):
            Move.parse(text)

    def test_squares_that_form_no_piece(self):
        assert Move.parse("a1,c1").piece is None
        assert Move.parse("a1,b2").piece is None


class TestPieces:
    def test_twenty_one_pieces_named_as_pentobi_does(self):
        names = "1 2 I3 V3 I4 L4 O4 T4 Z4 F I5 L5 N P T5 U V5 W X Y Z5".split()
        assert [p.name for p in PIECES] == names
        assert [p.size for p in PIECES] == [1, 2, 3, 3] + [4] * 5 + [5] * 12
        assert sum(p.size for p in PIECES) == 89

    def test_ninety_one_distinct_orientations(self):
        counts = {p.name: len(p.orientations) for p in PIECES}
        assert sum(counts.values()) == 91
        assert counts["X"] == counts["1"] == counts["O4"] == 1
        assert counts["F"] == counts["L5"] == counts["N"] == counts["P"] == counts["Y"] == 8
        for piece in PIECES:
            assert len(set(piece.orientations)) == len(piece.orientations)
            assert all(len(o) == piece.size for o in piece.orientations)


class TestPlacements:
    @pytest.mark.parametrize("size, expected", [(20, 30433), (14, 13729)])
    def test_placements_on_empty_board(self, size, expected):
        geo = geometry(size, size)
        codes = geo.placements(geo.full, geo.full)
        assert len(codes) == len(set(codes)) == expected
        found = {frozenset(cells_of(Move(geo.squares_of(geo.placement_mask(c))))) for c in codes}
        assert found == all_placements(size)

    def test_boards_of_one_size_share_their_geometry(self):
        assert Board("classic").geometry is Board("classic_2").geometry is geometry(20, 20)
        assert Board("duo").geometry is geometry(14, 14) is not geometry(20, 20)

    @pytest.mark.parametrize("size", [20, 14])
    def test_placement_rings_are_the_squares_beside_and_diagonal_to_a_placement(self, size):
        geo = geometry(size, size)

        def cells(mask):
            return cells_of(Move(geo.squares_of(mask))) if mask else set()

        def around(placed, steps):
            near = {(x + dx, y + dy) for x, y in placed for dx, dy in steps}
            return {(x, y) for x, y in near if 0 <= x < size and 0 <= y < size} - placed

        codes = geo.placements(geo.full, geo.full)
        for code in random.Random(size).sample(codes, 400):
            mask, beside, diagonal = geo.placement_rings(code)
            placed = cells(mask)
            assert cells(beside) == around(placed, ((1, 0), (-1, 0), (0, 1), (0, -1)))
            assert cells(diagonal) == around(placed, ((1, 1), (1, -1), (-1, 1), (-1, -1)))

    @pytest.mark.parametrize("variant", ["classic", "classic_2", "classic_3"])
    def test_fifty_eight_first_moves_per_colour_in_classic(self, variant):
        board = Board(variant)
        for color in board.variant.colors:
            moves = board.legal_moves_for(color)
            assert len(moves) == 58
            start = board.variant.start_squares[color]
            assert all(start in m.squares for m in moves)

    def test_four_hundred_fourteen_first_moves_in_duo(self):
        board = Board("duo")
        assert [len(board.legal_moves_for(c)) for c in (0, 1)] == [414, 414]
        assert len(board.legal_moves) == 414

    def test_legal_moves_match_the_reference_rules_through_a_game(self):
        rng = random.Random(7)
        board = Board("classic")
        while board.turn is not None:
            color = board.turn
            own = {c for sq in board.squares_of(color) for c in cells_of(Move([sq]))}
            occupied = {
                c
                for other in board.variant.colors
                for sq in board.squares_of(other)
                for c in cells_of(Move([sq]))
            }
            start = cells_of(Move([board.variant.start_squares[color]]))
            left = {p.name for p in board.pieces_left(color)}
            expected = {
                cells
                for cells in all_placements(20)
                if is_legal_placement(cells, own, occupied, 20, start)
                and Move([square(x, y) for x, y in cells]).piece.name in left
            }
            got = {frozenset(cells_of(m)) for m in board.legal_moves}
            assert got == expected
            if len(board.move_stack) >= 24:
                break
            board.push(rng.choice(list(board.legal_moves)))


class TestIllegalMoves:
    def setup_method(self):
        self.board = Board("classic")
        self.board.push(Move.parse("a20,b20,a19"))  # Blue, V3

    def reason(self, text, color=None):
        return self.board.illegal_reason(Move.parse(text), color)

    def test_start_corner(self):
        assert self.board.turn == 1  # Yellow
        assert self.reason("s20") == IllegalReason.START
        assert self.reason("t20") is None
        assert IllegalReason.START.value == "must cover your start corner"

    def test_overlap(self):
        assert self.reason("a20", color=1) == IllegalReason.OVERLAP

    def test_piece_already_used(self):
        assert self.reason("c18,b17,c17", color=0) == IllegalReason.PIECE_USED

    def test_edge_contact_with_own_colour(self):
        assert self.reason("c20", color=0) == IllegalReason.EDGE
        assert IllegalReason.EDGE.value == "touches your own piece along an edge"

    def test_no_corner_contact(self):
        assert self.reason("e15", color=0) == IllegalReason.NO_CORNER
        assert self.reason("b18", color=0) is None

    def test_not_a_piece(self):
        assert self.reason("t20,t18") == IllegalReason.NOT_A_PIECE

    def test_off_board_in_duo(self):
        board = Board("duo")
        assert board.illegal_reason(Move.parse("e10,o10")) == IllegalReason.OFF_BOARD
        assert board.illegal_reason(Move.parse("a15")) == IllegalReason.OFF_BOARD

    def test_game_over(self):
        board = random_game(Board("duo"), random.Random(1))
        assert board.illegal_reason(Move.parse("a1")) == IllegalReason.GAME_OVER

    def test_push_refuses_and_leaves_the_position_unchanged(self):
        before = snapshot(self.board)
        with pytest.raises(IllegalMoveError) as error:
            self.board.push(Move.parse("s20"))
        assert error.value.reason == IllegalReason.START
        assert "must cover your start corner" in str(error.value)
        assert snapshot(self.board) == before

    def test_legal_moves_contains(self):
        assert Move.parse("t20") in self.board.legal_moves
        assert Move.parse("s20") not in self.board.legal_moves


class TestColorlessCorners:
    def test_first_piece_may_cover_any_free_corner(self):
        board = Board("classic", colorless_corners=True)
        assert len(board.legal_moves) == 4 * 58
        board.push(Move.parse("t1"))  # Blue takes Red's usual corner
        assert board.illegal_reason(Move.parse("t1,s1")) == IllegalReason.OVERLAP
        assert board.illegal_reason(Move.parse("j10")) == IllegalReason.FREE_CORNER
        assert len(board.legal_moves) == 3 * 58
        assert board.is_legal(Move.parse("a1"))
        # Blue's second piece must now follow the corner rule, not take another corner.
        assert board.illegal_reason(Move.parse("a20,a19"), color=0) == IllegalReason.NO_CORNER

    def test_duo_has_no_colourless_option(self):
        with pytest.raises(ValueError):
            Board("duo", colorless_corners=True)


class TestTurnsAndPasses:
    def test_colours_move_in_order(self):
        board = Board("classic")
        names = []
        for _ in range(5):
            names.append(board.variant.color_names[board.turn])
            board.push(next(iter(board.legal_moves)))
        assert names == ["blue", "yellow", "red", "green", "blue"]

    def test_blocked_colour_is_skipped_for_good(self):
        # Blue walls in Red's start corner before Red's first move: Red can never move.
        board = Board.from_setup("classic", {0: [Move.parse("t1")]}, turn=1)
        board.push(Move.parse("t20"))
        assert board.turn == 3  # Red (2) is skipped
        assert 2 in board.passed
        assert not board.can_move(2)
        board.pop()
        assert board.turn == 1 and board.passed == frozenset()

    def test_game_ends_when_no_colour_can_move(self):
        board = random_game(Board("duo"), random.Random(3))
        assert board.is_game_over()
        assert board.turn is None and board.player_to_move is None
        assert board.finished == {0, 1} and board.passed <= board.finished
        assert len(board.legal_moves) == 0 and not board.legal_moves
        assert all(not board.can_move(c) for c in (0, 1))

    def test_three_player_green_is_moved_by_each_player_in_turn(self):
        board = Board("classic_3")
        green_players = []
        while len(green_players) < 4:
            if board.turn == 3:
                green_players.append(board.player_to_move)
            else:
                assert board.player_to_move == board.turn
            board.push(next(iter(board.legal_moves)))
        assert green_players == [0, 1, 2, 0]

    def test_two_player_seats(self):
        board = Board("classic_2")
        seats = []
        for _ in range(4):
            seats.append(board.player_to_move)
            board.push(next(iter(board.legal_moves)))
        assert seats == [0, 1, 0, 1]


def play_all_pieces(board, color, monomino_last):
    """Play every piece of ``color`` out of turn, biggest first, searching depth-first."""
    rng = random.Random(5)
    pieces = sorted(PIECES, key=lambda p: -p.size)
    if not monomino_last:
        pieces = pieces[-1:] + pieces[:-1]

    def place(i):
        if i == len(pieces):
            return True
        moves = [m for m in board.legal_moves_for(color) if m.piece is pieces[i]]
        rng.shuffle(moves)
        for move in moves[:6]:
            board.push(move, color)
            if place(i + 1):
                return True
            board.pop()
        return False

    assert place(0)


class TestScoring:
    def test_points_advanced_and_basic_with_bonuses(self):
        board = Board("classic")
        play_all_pieces(board, 0, monomino_last=True)
        board.push(Move.parse("t20,s20"), 1)
        assert board.scores("points")[:2] == [89 + 15 + 5, 2]
        assert board.scores("advanced")[:2] == [20, -87]
        assert board.scores("basic")[:2] == [0, 87]

    def test_all_pieces_without_monomino_last(self):
        board = Board("classic")
        play_all_pieces(board, 0, monomino_last=False)
        assert board.score(0, "points") == 89 + 15
        assert board.score(0, "advanced") == 15

    def test_player_scores_per_variant(self):
        moves = {0: "a20,b20", 1: "t20,t19,t18", 2: "t1", 3: "a1,b1,c1,d1"}
        for name, expected in [
            ("classic", [2, 3, 1, 4]),
            ("classic_2", [3, 7]),
            ("classic_3", [2, 3, 1]),
        ]:
            board = Board.from_setup(name, {c: [Move.parse(t)] for c, t in moves.items()})
            assert board.player_scores() == expected, name
        assert Board.from_setup("classic_3", {3: [Move.parse("a1")]}).player_scores() == [0, 0, 0]

    def test_winners_ties_and_ranking(self):
        setup = {0: [Move.parse("a20,b20")], 1: [Move.parse("t20,t19")], 2: [Move.parse("t1")]}
        result = Board.from_setup("classic", setup).result()
        assert result.color_scores == (2, 2, 1, 0)
        assert result.winners == (0, 1)
        assert result.ranking == (1, 1, 3, 4)
        basic = Board.from_setup("classic", setup, scoring="basic").result()
        assert basic.player_scores == (87, 87, 88, 89)
        assert basic.winners == (0, 1)  # fewest squares left wins
        assert basic.ranking == (1, 1, 3, 4)

    def test_final_result_of_a_finished_game_is_consistent_with_the_board(self):
        board = random_game(Board("classic_2", scoring="advanced"), random.Random(11))
        result = board.result()
        assert result.game_over
        for color in board.variant.colors:
            left = sum(p.size for p in board.pieces_left(color))
            assert len(board.squares_of(color)) == 89 - left
            last = [m for c, m in board.move_stack if c == color][-1]
            bonus = (15 + 5 * (last.piece.size == 1)) if left == 0 else 0
            assert result.color_scores[color] == -left + bonus
        assert result.player_scores == (
            result.color_scores[0] + result.color_scores[2],
            result.color_scores[1] + result.color_scores[3],
        )

    def test_unknown_scoring_is_refused(self):
        with pytest.raises(ValueError):
            Board("classic", scoring="golf")


class TestUndoAndCopy:
    @pytest.mark.parametrize("name", list(VARIANTS))
    def test_pop_restores_every_position_exactly(self, name):
        board = Board(name)
        rng = random.Random(2)
        history = [snapshot(board)]
        while board.turn is not None:
            board.push(rng.choice(list(board.legal_moves)))
            history.append(snapshot(board))
        history.pop()
        while history:
            board.pop()
            assert snapshot(board) == history.pop()

    def test_copy_is_independent(self):
        board = Board("duo")
        board.push(Move.parse("e10"))
        copy = board.copy()
        copy.push(Move.parse("j5"))
        copy.pop()
        copy.pop()
        copy.push(Move.parse("d9,e9,e10"))
        assert [str(m) for _, m in board.move_stack] == ["e10"]
        assert board.turn == 1 and board.color_at(parse_square("d9")) is None
        assert board.peek() == Move.parse("e10")


class TestVariants:
    def test_lookup_by_id_and_sgf_name(self):
        assert find_variant("CLASSIC_2") is find_variant("Blokus Two-Player")
        assert find_variant("Blokus Trigon Three-Player") is find_variant("trigon_3")
        with pytest.raises(ValueError):
            find_variant("nexos")

    def test_duo_start_squares_and_colours(self):
        duo = find_variant("duo")
        assert duo.color_names == ("purple", "orange")
        assert [square_name(s) for s in duo.start_squares] == ["e10", "j5"]

    def test_showboard_and_repr(self):
        board = Board("duo")
        board.push(Move.parse("e10,f10"))
        lines = str(board).splitlines()
        assert lines[-1].split() == list("ABCDEFGHIJKLMN")
        assert lines[0] == "14 . . . . . . . . . . . . . .  Purple(X): 2"
        assert lines[1] == "13 . . . . . . . . . . . . . .  1 F I3 I4 I5 L4 L5 N O4 P"
        assert lines[4] == "10 . . . . X X . . . . . . . .  (2) Orange(O): 0"
        assert lines[9] == " 5 . . . . . . . . . + . . . ."
        assert repr(board) == "<Board 'duo': 1 moves, turn orange>"


class TestSetup:
    def test_setup_position_is_remembered_and_follows_the_rules_from_there(self):
        pieces = {0: [Move.parse("j10,k10"), Move.parse("a1")], 2: [Move.parse("t1")]}
        board = Board.from_setup("classic", pieces, turn=2)
        assert board.setup == {0: tuple(pieces[0]), 2: tuple(pieces[2])}
        assert board.setup_turn == 2 and board.turn == 2
        assert board.move_stack == []
        assert board.pieces_played(0) == 2
        # Setup pieces give corners to attach to, not start squares.
        assert board.is_legal(Move.parse("i9,i8,h8"), 0)
        assert board.illegal_reason(Move.parse("a20,a19,a18"), 0) == IllegalReason.NO_CORNER
        assert board.copy().setup == board.setup

    def test_setup_refuses_overlapping_or_repeated_pieces(self):
        with pytest.raises(IllegalMoveError):
            Board.from_setup("classic", {0: [Move.parse("a1")], 1: [Move.parse("a1")]})
        with pytest.raises(IllegalMoveError):
            Board.from_setup("classic", {0: [Move.parse("a1"), Move.parse("c3")]})


def test_turn_can_be_given_to_any_colour_that_can_move():
    board = Board("classic")
    board.turn = 2
    assert board.turn == 2 and board.player_to_move == 2
    assert Move.parse("t1") in board.legal_moves and Move.parse("a20") not in board.legal_moves
    board.push(Move.parse("t1"))
    assert board.turn == 3
    blocked = Board.from_setup("classic", {0: [Move.parse("t1")]})
    blocked.turn = 2  # Red's corner is taken: the move goes on to Green
    assert blocked.turn == 3


def test_rank_score_shares_tied_places():
    assert rank_score([30, 20, 10, 5], 0) == 1
    assert rank_score([30, 20, 10, 5], 3) == 0
    assert rank_score([30, 30, 10, 5], 1) == pytest.approx((1 + 2 / 3) / 2)
    assert rank_score([40, 40], 0) == 0.5
    assert rank_score([40, 41], 0) == 0


def test_a_player_s_result_is_the_share_of_the_others_it_beat():
    assert [rank_score([10, 20, 20, 5], p) for p in range(4)] == pytest.approx(
        [1 / 3, 2.5 / 3, 2.5 / 3, 0.0]
    )
    assert [rank_score([3, 7], p) for p in range(2)] == [0.0, 1.0]

"""Game records in Pentobi's SGF dialect: reading, writing, round trips and bad input."""

import datetime
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import VARIANTS, Board, Move, __version__, parse_square
from game.boundary import InputError
from game.sgf import (
    MAX_DEPTH,
    MAX_ESCAPES,
    MAX_NODES,
    MAX_RECORD_CHARS,
    MAX_SETUPS,
    MAX_VALUES,
    SgfError,
    parse_sgf,
    read_sgf,
    read_sgf_headers,
    write_sgf,
)

DATA = Path(__file__).parent / "data"


def record(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def random_game(variant: str, seed: int, max_moves: int = 200, **options) -> Board:
    """A game of uniformly random legal moves, stopped after ``max_moves``."""
    rng = random.Random(seed)
    board = Board(variant, **options)
    while board.turn is not None and len(board.move_stack) < max_moves:
        board.push(rng.choice(list(board.legal_moves)))
    return board


class TestCompleteClassicTwoPlayerGame:
    """``classic_2_complete.blksgf``: a whole game, 69 moves, until no colour can move.

    Final points by hand from the rules (Pentobi's scoring: one point per square on the board,
    +15 for placing all 21 pieces, +5 more if the last one was the monomino; all 21 pieces
    cover 89 squares). Reading the record, the pieces each colour never placed:

    - Blue (``1``, 17 moves) left I3, I4, L4, O4 = 3 + 4 + 4 + 4 = 15 squares: 89 - 15 = 74.
    - Yellow (``2``, 16 moves) left V3, O4, T4, Z4, U = 3 + 4 + 4 + 4 + 5 = 20: 89 - 20 = 69.
    - Red (``3``, 21 moves) placed everything, the last being ``3[b7]``, the monomino:
      89 + 15 + 5 = 109.
    - Green (``4``, 15 moves) left 2, I3, V3, T4, V5, X = 2 + 3 + 3 + 4 + 5 + 5 = 22: 89 - 22 = 67.

    Player 1 (Ann: Blue + Red) = 74 + 109 = 183; player 2 (Bob: Yellow + Green) = 69 + 67 = 136.
    Ann wins by 47 (GTP: ``B+47``). In the rule book's advanced scoring: Blue -15, Yellow -20,
    Red +20, Green -22, players 5 and -42, again 47 apart. In basic scoring (squares left,
    fewest wins): 15, 20, 0, 22, players 15 and 42, Ann wins.
    """

    @pytest.fixture(scope="class")
    @staticmethod
    def board() -> Board:
        return read_sgf(record("classic_2_complete.blksgf"))

    def test_the_game_is_over(self, board):
        assert board.is_game_over()
        assert board.turn is None
        assert len(board.move_stack) == 69

    def test_points_match_the_hand_computation(self, board):
        assert board.scores() == [74, 69, 109, 67]
        assert board.player_scores() == [183, 136]
        assert board.result().winners == (0,)

    def test_other_scoring_modes_match_the_hand_computation(self, board):
        assert board.scores("advanced") == [-15, -20, 20, -22]
        assert board.player_scores("advanced") == [5, -42]
        assert board.scores("basic") == [15, 20, 0, 22]
        assert board.result("basic").winners == (0,)

    def test_squares_counted_in_the_text_agree(self, board):
        # Independent of the engine: the squares each colour's move values list.
        text = record("classic_2_complete.blksgf")
        squares = [0] * 4
        for color, value in re.findall(r";([1-4])\[([^\]]*)\]", text):
            squares[int(color) - 1] += len(value.split(","))
        assert squares == [74, 69, 89, 67]
        assert [len(board.squares_of(c)) for c in range(4)] == squares

    def test_headers(self):
        headers = read_sgf_headers(record("classic_2_complete.blksgf"))
        assert headers["PB"] == "Ann"
        assert headers["PW"] == "Bob"
        assert headers["EV"] == "Club night"
        assert "GM" not in headers and "CA" not in headers


class TestReadingPentobiRecords:
    def test_variations_follow_the_main_line(self):
        board = read_sgf(record("duo_variations.blksgf"))
        assert [str(move) for _, move in board.move_stack] == [
            "f8,g8,e9,f9,e10",  # written as E10,f9,e9,G8,f8: any order and case
            "i5,j5,h6,i6,h7",
            "i7,j7,i8,h9,i9",
            "f5,g5,f6,e7,f7",
            "d5,d6,c7,d7,d8",
            "k6,k7,l7,k8,k9",
            "c3,a4,b4,c4,b5",
        ]
        assert [color for color, _ in board.move_stack] == [0, 1, 0, 1, 0, 1, 0]
        assert board.scores() == [20, 15]

    def test_comment_escapes_and_soft_line_breaks(self):
        comment = read_sgf_headers(record("duo_variations.blksgf"))["C"]
        assert comment == (
            "A Duo game with side lines. Only the main line counts: the first child of every "
            "node. Escapes: ] and \\ stay."
        )

    def test_root_setup_with_player_to_move(self):
        board = read_sgf(record("classic_setup.blksgf"))
        assert [(c, str(m)) for c, m in board.move_stack] == [
            (2, "r3,q4,r4,s4,r5"),
            (3, "e3,f3,g3,g4"),
            (0, "f18,f19,g19"),
        ]
        assert board.color_at(Move.parse("t17").squares[0]) == 1
        assert board.scores() == [8, 4, 8, 8]
        assert board.turn == 1

    def test_setup_after_moves_with_empty_and_player(self):
        board = read_sgf(record("duo_setup.blksgf"))
        # AE took Orange's Y piece off; Orange keeps the I3 it played, and is still to move.
        assert board.scores() == [12, 8]
        assert board.color_at(Move.parse("j10").squares[0]) is None
        assert board.color_at(Move.parse("k13").squares[0]) == 1
        assert board.turn == 1

    def test_three_player_shared_green(self):
        board = read_sgf(record("classic_3_shared_green.blksgf"))
        assert board.variant.name == "classic_3"
        assert board.player_scores() == [15, 10, 10]
        assert board.turn == 1

    def test_private_property_options(self):
        board = read_sgf(record("classic_colorless_corners.blksgf"))
        assert board.colorless_corners
        assert board.scoring == "advanced"
        assert board.scores() == [-82, -87, -88, -84]

    def test_without_private_property_pentobi_rules_apply(self):
        text = "(;GM[Blokus];1[a1,b1,c1,a2])"
        with pytest.raises(SgfError, match="must cover your start corner"):
            read_sgf(text)

    def test_moves_out_of_turn_order_are_read(self):
        # Pentobi records say who moved, not whose turn it was.
        board = read_sgf("(;GM[Blokus Duo];W[j5];B[e10];B[f9,g9])")
        assert board.move_stack == [
            (1, Move.parse("j5")),
            (0, Move.parse("e10")),
            (0, Move.parse("f9,g9")),
        ]
        assert board.turn == 1

    def test_legacy_move_properties(self):
        # Pentobi 0.1 wrote colour names and one value per square; Pentobi 12 wrote 1/2 in Duo.
        board = read_sgf("(;GM[Blokus];BLUE[a20][b20];YELLOW[t20])")
        assert board.move_stack == [(0, Move.parse("a20,b20")), (1, Move.parse("t20"))]
        board = read_sgf("(;GM[Blokus Duo];1[e10];2[j5])")
        assert board.move_stack == [(0, Move.parse("e10")), (1, Move.parse("j5"))]

    def test_game_names_are_case_insensitive(self):
        assert read_sgf("(;GM[blokus two-player])").variant.name == "classic_2"

    def test_whitespace_and_crlf_between_tokens(self):
        board = read_sgf("\ufeff (\r\n ; GM [Blokus Duo] \r\n ;B [e10]\r\n)\r\n")
        assert board.move_stack == [(0, Move.parse("e10"))]


class TestWriting:
    def test_layout_is_pentobis(self):
        board = Board("duo")
        board.push(Move.parse("e10,f10"))
        board.push(Move.parse("j5"))
        text = write_sgf(board, DT="2026-11-21", PB="Ann", PW="Bob", C="gg ] \\ end")
        assert text == (
            "(\n"
            f";GM[Blokus Duo]CA[UTF-8]AP[pyblokus:{__version__}]DT[2026-11-21]PB[Ann]PW[Bob]"
            "C[gg \\] \\\\ end]\n"
            ";B[e10,f10]\n"
            ";W[j5]\n"
            ")\n"
        )

    def test_date_defaults_to_today_and_none_omits(self):
        board = Board("classic")
        assert f"DT[{datetime.date.today().isoformat()}]" in write_sgf(board)
        assert "DT[" not in write_sgf(board, DT=None)

    def test_classic_moves_use_color_numbers(self):
        board = Board("classic")
        for move in ("a20", "t20", "t1", "a1"):
            board.push(Move.parse(move))
        lines = write_sgf(board).splitlines()
        assert lines[2:6] == [";1[a20]", ";2[t20]", ";3[t1]", ";4[a1]"]

    @pytest.mark.parametrize("name", ["GM", "B", "3", "AB", "PL", "PYBLOKUS", "CA", "AP", "bad"])
    def test_reserved_or_invalid_root_properties_are_refused(self, name):
        with pytest.raises(ValueError, match="cannot be set"):
            write_sgf(Board("duo"), **{name: "x"})

    def test_setup_position_is_written_in_the_root(self):
        board = read_sgf(record("duo_setup.blksgf"))
        root = write_sgf(board, DT=None).splitlines()[1]
        assert root == (
            f";GM[Blokus Duo]CA[UTF-8]AP[pyblokus:{__version__}]"
            "AB[e8,e9,f9,d10,e10][g6,f7,g7,h7,g8][h9,h10]AW[i4,h5,i5,j5,i6][k11,k12,k13]PL[W]"
        )


class TestRoundTrip:
    @pytest.mark.parametrize("name", sorted(path.name for path in DATA.glob("*.blksgf")))
    def test_records_round_trip(self, name):
        text = record(name)
        board = read_sgf(text)
        written = write_sgf(board, **{"DT": None, **read_sgf_headers(text)})
        again = read_sgf(written)
        assert again.move_stack == board.move_stack
        assert (again.setup, again.turn) == (board.setup, board.turn)
        assert again.scores() == board.scores()
        assert (again.colorless_corners, again.scoring) == (board.colorless_corners, board.scoring)
        assert read_sgf_headers(written) == read_sgf_headers(text)
        assert write_sgf(again, **{"DT": None, **read_sgf_headers(written)}) == written

    @settings(max_examples=12, deadline=None)
    @given(
        variant=st.sampled_from(sorted(VARIANTS)),
        seed=st.integers(0, 2**32),
        max_moves=st.integers(0, 90),
        scoring=st.sampled_from(["points", "advanced", "basic"]),
    )
    def test_random_games_round_trip(self, variant, seed, max_moves, scoring):
        board = random_game(variant, seed, max_moves, scoring=scoring)
        again = read_sgf(write_sgf(board))
        assert again.move_stack == board.move_stack
        assert again.turn == board.turn
        assert again.scores() == board.scores()
        assert again.scoring == scoring

    def test_colorless_corner_game_round_trips(self):
        board = random_game("classic_2", seed=5, max_moves=30, colorless_corners=True)
        assert read_sgf(write_sgf(board)).move_stack == board.move_stack

    @settings(max_examples=60, deadline=None)
    @given(
        st.text(
            st.characters(blacklist_categories=["Cs"], blacklist_characters="\t\f\v\r"),
            min_size=1,
        )
    )
    def test_any_text_round_trips(self, text):
        written = write_sgf(Board("duo"), DT=None, C=text, PB=text)
        assert read_sgf_headers(written) == {"C": text, "PB": text}


class TestMalformedRecords:
    @pytest.mark.parametrize(
        ("text", "message", "line", "column"),
        [
            ("", "the record is empty", 1, 1),
            ("  \n ", "the record is empty", 2, 2),
            ("GM[Blokus]", "expected '(' to start the game", 1, 1),
            ("(GM[Blokus])", "unexpected 'G'", 1, 2),
            ("()", "a game tree needs at least one node", 1, 2),
            ("(;GM[Blokus]", "the game is not closed with ')'", 1, 1),
            ("(;GM[Blokus];1[a20", "property value not closed with ']'", 1, 15),
            ("(;GM[Blokus]\n;1[a20]\n;2[t20])x", "unexpected 'x' after the end of the game", 3, 9),
            ("(;GM[Blokus])\n(;GM[Blokus])", "more than one game", 2, 1),
            ("(;GM[Blokus];1[a20]1[b20])", "property 1 appears twice in one node", 1, 20),
            ("(;GM[Blokus];1)", "property 1 has no value", 1, 15),
            ("(;GM[Blokus];c[x])", "unexpected 'c' (expected a property name", 1, 14),
            ("(;GM[Blokus](;1[a20]);2[t20])", "a node cannot follow a variation", 1, 22),
            ("(;GM[Blokus]))", "unexpected ')' after the end of the game", 1, 14),
            ("(;GM[Blokus]\n\n  ;1[a20]\n  ;2[t20]x[1])", "unexpected 'x'", 4, 10),
        ],
    )
    def test_syntax_errors_say_where(self, text, message, line, column):
        with pytest.raises(SgfError) as caught:
            parse_sgf(text)
        assert message in caught.value.message
        assert (caught.value.line, caught.value.column) == (line, column)
        assert str(caught.value).startswith(f"line {line}, column {column}: ")

    @pytest.mark.parametrize(
        ("text", "message", "move_number", "line", "column"),
        [
            (
                "(;GM[Blokus Duo]\n;B[e10]\n;W[e10])",
                "covers a square that is already taken",
                2,
                3,
                2,
            ),
            (
                "(;GM[Blokus Duo];B[e10];W[j5];B[f10,g10])",
                "touches your own piece along an edge",
                3,
                1,
                31,
            ),
            (
                "(;GM[Blokus Duo];B[e10];W[j5];B[g12,g13])",
                "must touch a corner of your own piece",
                3,
                1,
                31,
            ),
            (
                "(;GM[Blokus];1[a20];1[b19,c19];1[d18,e18])",
                "that piece has already been played",
                3,
                1,
                32,
            ),
            ("(;GM[Blokus];1[a20,c20])", "is not the shape of a piece", 1, 1, 14),
            ("(;GM[Blokus Duo];B[o14])", "Purple o14: goes off the board", 1, 1, 18),
            ("(;GM[Blokus Duo];B[aj1])", "'aj1' is not a move", 1, 1, 18),
            ("(;GM[Blokus Duo];B[e10]W[j5])", "two moves in one node", 1, 1, 18),
            ("(;GM[Blokus Duo];B[])", "'' is not a move", 1, 1, 18),
        ],
    )
    def test_illegal_moves_say_which_move_and_where(self, text, message, move_number, line, column):
        with pytest.raises(SgfError) as caught:
            read_sgf(text)
        error = caught.value
        assert message in error.message
        assert (error.move_number, error.line, error.column) == (move_number, line, column)
        assert str(error).startswith(f"move {move_number} (line {line}, column {column}): ")

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("(;C[no game])", "no GM property"),
            ("(;GM[Nexos])", "unsupported game 'Nexos'"),
            ("(;GM[Blokus]PYBLOKUS[corners=some])", "unknown PYBLOKUS option 'corners=some'"),
            ("(;GM[Blokus]PYBLOKUS[scoring=golf])", "unknown scoring 'golf'"),
            ("(;GM[Blokus Duo]PYBLOKUS[corners=colorless])", "only in the Classic variants"),
            ("(;GM[Blokus]AB[a20])", "AB is not a setup property of Blokus"),
            (
                "(;GM[Blokus]A1[a20]A2[a20])",
                "setup piece a20: covers a square that is already taken",
            ),
            ("(;GM[Blokus]A1[a20][t20])", "that piece has already been played"),
            ("(;GM[Blokus]A1[a20,c20])", "is not the shape of a piece"),
            ("(;GM[Blokus]A1[a20];AE[b20])", "AE: no piece on b20 to remove"),
            ("(;GM[Blokus]A1[zz])", "A1: 'zz' is not a piece"),
            ("(;GM[Blokus Duo]PL[3])", "PL: '3' is not a colour"),
            ("(;GM[Blokus Duo]AB" + "[e10]" * 43 + ")", "AB lists more pieces than the game has"),
        ],
    )
    def test_bad_game_content(self, text, message):
        with pytest.raises(SgfError, match=re.escape(message)):
            read_sgf(text)

    def test_errors_are_value_errors(self):
        assert issubclass(SgfError, ValueError)

    def test_nesting_up_to_the_limit_is_read_without_recursion(self):
        depth = MAX_DEPTH - 1  # the game's own tree is the first level
        text = "(;GM[Blokus]" + "(;C[x]" * depth + ")" * depth + ")"
        assert read_sgf(text).move_stack == []
        with pytest.raises(SgfError, match=f"variations nest more than {MAX_DEPTH:,} deep"):
            read_sgf("(;GM[Blokus]" + "(;C[x]" * (depth + 1) + ")" * (depth + 1) + ")")


class TestLimits:
    """Records beyond the limits are refused with a message saying which; those within are read."""

    @pytest.mark.parametrize(
        ("unit", "count", "message"),
        [
            (";", MAX_NODES, f"more than {MAX_NODES:,} nodes"),
            ("(;)", MAX_NODES, f"more than {MAX_NODES:,} nodes"),
            ("C[]", MAX_VALUES, f"more than {MAX_VALUES:,} property values"),
            ("PL[1]", MAX_SETUPS, f"more than {MAX_SETUPS} setup nodes"),
        ],
    )
    def test_counts(self, unit, count, message):
        def text(n):
            if unit == "C[]":
                return "(;GM[Blokus]C" + "[]" * n + ")"
            node = unit if unit != "PL[1]" else ";PL[1]"
            return "(;GM[Blokus]" + node * n + ")"

        within = count - 1 if unit != "PL[1]" else count  # the root is a node, GM a value
        assert read_sgf(text(within)).move_stack == []
        with pytest.raises(SgfError, match=re.escape(message)):
            read_sgf(text(within + 1))

    def test_escapes(self):
        assert (
            len(read_sgf_headers("(;GM[Blokus]C[" + "\\]" * MAX_ESCAPES + "])")["C"]) == MAX_ESCAPES
        )
        with pytest.raises(SgfError, match=f"more than {MAX_ESCAPES:,} escapes"):
            read_sgf("(;GM[Blokus]C[" + "\\]" * (MAX_ESCAPES + 1) + "])")

    def test_size(self):
        head = "(;GM[Blokus]C["
        text = head + "x" * (MAX_RECORD_CHARS - len(head) - 2) + "])"
        assert len(read_sgf_headers(text)["C"]) == MAX_RECORD_CHARS - len(head) - 2
        with pytest.raises(
            SgfError, match=f"the record is too long .* at most {MAX_RECORD_CHARS:,}"
        ):
            read_sgf(text + " ")

    def test_errors_are_input_errors_and_quote_little(self):
        with pytest.raises(InputError) as caught:
            read_sgf("(;GM[Blokus];1[" + "a1," * 1000 + "])")
        assert len(str(caught.value)) < 200

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            (
                "(;GM[Blokus];B[a20])",
                "B is not a move of Blokus, whose colours move with 1, 2, 3, 4",
            ),
            ("(;GM[Blokus Two-Player];W[a20])", "W is not a move of Blokus Two-Player"),
            (
                "(;GM[Blokus Duo];3[e10])",
                "3 is not a move of Blokus Duo, whose colours move with B, W",
            ),
            ("(;GM[Blokus Duo];B[e10];4[j5])", "4 is not a move of Blokus Duo"),
            ("(;GM[Blokus Duo];RED[e10])", "RED is not a move of Blokus Duo"),
        ],
    )
    def test_another_variants_moves_are_refused(self, text, message):
        with pytest.raises(SgfError, match=re.escape(message)):
            read_sgf(text)

    @pytest.mark.parametrize(
        "square", ["e\uff11\uff10", "e\u0661\u0660", "e1\u00b2", "\u212a10", "e010"]
    )
    def test_square_names_take_ascii_digits_only(self, square):
        with pytest.raises(SgfError, match="is not a move"):
            read_sgf(f"(;GM[Blokus Duo];B[{square}])")
        with pytest.raises(ValueError, match="not a square"):
            parse_square(square)


class TestPentobiRecordsOfTrigonAndJunior:
    """Records Pentobi wrote (``savesgf`` after games of its level 1 against itself); the
    scores are its ``final_score`` answers at their ends."""

    @pytest.mark.parametrize(
        ("name", "variant", "moves", "scores"),
        [
            ("pentobi_junior.blksgf", "junior", 38, [70, 72]),  # W+2
            ("pentobi_trigon.blksgf", "trigon", 76, [106, 95, 101, 90]),
            ("pentobi_trigon_2.blksgf", "trigon_2", 78, [195, 204]),  # W+9
            ("pentobi_trigon_3.blksgf", "trigon_3", 60, [106, 96, 100]),
        ],
    )
    def test_read_to_pentobi_s_final_score(self, name, variant, moves, scores):
        board = read_sgf(record(name))
        assert board.variant.name == variant
        assert len(board.move_stack) == moves
        assert board.is_game_over()
        assert board.player_scores() == scores

    @pytest.mark.parametrize("name", ["pentobi_junior.blksgf", "pentobi_trigon_2.blksgf"])
    def test_moves_written_as_pentobi_writes_them(self, name):
        text = record(name)
        written = write_sgf(read_sgf(text))
        # After the root node: one node a move, its cells in Pentobi's order.
        assert written.splitlines()[2:] == text.splitlines()[2:]

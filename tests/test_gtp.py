"""The GTP front end: commands in-process, and whole sessions through ``python -m game.gtp``."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import Board, Move, __version__
from game.gtp import MAX_LINE_CHARS, GtpEngine
from game.sgf import MAX_RECORD_CHARS, read_sgf

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
REQUIRED_COMMANDS = (
    "protocol_version name version list_commands known_command quit set_game clear_board play "
    "genmove all_legal final_score showboard undo set_random_seed cputime loadsgf savesgf"
).split()


def ok(engine: GtpEngine, command: str) -> str:
    """The result of a command that must succeed."""
    response = engine.execute(command)
    assert response.startswith("= ") and response.endswith("\n\n"), response
    return response[2:-2]


def fails(engine: GtpEngine, command: str) -> str:
    """The message of a command that must fail."""
    response = engine.execute(command)
    assert response.startswith("? ") and response.endswith("\n\n"), response
    return response[2:-2]


@pytest.fixture
def duo() -> GtpEngine:
    return GtpEngine("duo", level=1, seed=1)


@pytest.fixture
def classic() -> GtpEngine:
    return GtpEngine("classic", level=1, seed=1)


class TestProtocol:
    def test_identity(self, duo):
        assert ok(duo, "protocol_version") == "2"
        assert ok(duo, "name") == "pyblokus"
        assert ok(duo, "version") == __version__

    def test_every_required_command_is_listed_and_known(self, duo):
        listed = ok(duo, "list_commands").split("\n")
        assert set(REQUIRED_COMMANDS) <= set(listed)
        for command in REQUIRED_COMMANDS:
            assert ok(duo, f"known_command {command}") == "true"
        assert ok(duo, "known_command reg_genmove") == "false"

    def test_ids_are_echoed(self, duo):
        assert duo.execute("42 name") == "=42 pyblokus\n\n"
        assert duo.execute("43 frobnicate") == "?43 unknown command\n\n"

    def test_comments_blank_lines_and_control_characters(self, duo):
        assert duo.execute("") is None
        assert duo.execute("   \t ") is None
        assert duo.execute("# a comment line") is None
        assert duo.execute("name # trailing comment") == "= pyblokus\n\n"
        assert duo.execute("\tna\x00me\x07\r\n") == "= pyblokus\n\n"

    def test_argument_errors(self, duo):
        assert fails(duo, "name extra") == "no arguments allowed"
        assert fails(duo, "known_command") == "command needs one argument"
        assert fails(duo, "play b") == "command needs 2 arguments"
        assert fails(duo, "genmove") == "missing argument"
        assert fails(duo, "genmove b w") == "too many arguments"
        for seed in ("1 2", ""):
            assert fails(duo, f"set_random_seed {seed}") == "command needs one integer argument"
        for seed in ("x", "--5", "\u0661", "9" * 5000):
            assert fails(duo, f"set_random_seed {seed}").startswith(
                "the seed must be a whole number from"
            )

    def test_ids_are_ascii_digits(self, duo):
        assert duo.execute("\u0661 name") == "? unknown command\n\n"

    def test_an_error_of_our_own_is_answered_and_the_engine_goes_on(self, duo, monkeypatch):
        def broken(args):
            raise KeyError("oops")

        monkeypatch.setitem(duo.commands, "showboard", broken)
        assert duo.execute("5 showboard") == "?5 internal error: KeyError: 'oops'\n\n"
        assert ok(duo, "name") == "pyblokus"

    def test_responses_never_contain_a_blank_line(self, duo):
        ok(duo, "play b e10")
        response = duo.execute("showboard")
        assert "\n\n" not in response[:-2]
        assert response == f"= \n{duo.board}\n\n"

    def test_quit(self, duo):
        assert ok(duo, "quit") == ""
        assert duo.quit


class TestGames:
    @pytest.mark.parametrize(
        ("name", "variant"),
        [
            ("Blokus", "classic"),
            ("Blokus Two-Player", "classic_2"),
            ("blokus three-player", "classic_3"),
            ("BLOKUS DUO", "duo"),
            ("Blokus Junior", "junior"),
            ("Blokus Trigon", "trigon"),
            ("Blokus Trigon Two-Player", "trigon_2"),
            ("Blokus Trigon Three-Player", "trigon_3"),
        ],
    )
    def test_set_game_takes_sgf_names(self, classic, name, variant):
        ok(classic, "play 1 a20")
        ok(classic, f"set_game {name}")
        assert classic.board.variant.name == variant
        assert classic.board.move_stack == []

    def test_trigon_in_pentobi_s_notation(self, classic):
        ok(classic, "set_game Blokus Trigon Three-Player")
        assert len(ok(classic, "all_legal 1").split()) == 2478
        ok(classic, "play 1 f11,g11,h11,i11,j11,h12")
        assert fails(classic, "play 2 h11") == "illegal move: covers a square that is already taken"
        assert fails(classic, "play 2 g10") == "illegal move: must cover a free starting point"
        ok(classic, "play 2 X6,y6,x7,y7,z7,x8")
        assert ok(classic, "final_score") == "6 6 0"
        assert "AE" in ok(classic, "showboard")
        before = classic.board.copy()
        assert before.is_legal(Move.parse(ok(classic, "genmove 3")), 2)

    def test_junior_colours_and_pieces(self, classic):
        ok(classic, "set_game Blokus Junior")
        for move in ("b e10", "w j5", "b f11", "w i4"):  # both monominoes of each colour
            ok(classic, f"play {move}")
        assert fails(classic, "play b d9") == "illegal move: that piece has already been played"
        assert ok(classic, "final_score") == "0"

    def test_unknown_game_leaves_the_game_alone(self, classic):
        ok(classic, "play 1 a20")
        assert fails(classic, "set_game Nexos").startswith("unknown game 'Nexos'")
        assert classic.board.variant.name == "classic"
        assert len(classic.board.move_stack) == 1

    def test_clear_board_keeps_the_variant_and_options(self):
        engine = GtpEngine("classic_2", level=1, colorless_corners=True, scoring="basic")
        ok(engine, "play 1 t1")
        ok(engine, "clear_board")
        board = engine.board
        assert (board.variant.name, board.move_stack) == ("classic_2", [])
        assert (board.colorless_corners, board.scoring) == (True, "basic")

    def test_colorless_corners_cannot_be_set_for_duo(self):
        engine = GtpEngine("classic", level=1, colorless_corners=True)
        assert "Classic" in fails(engine, "set_game Blokus Duo")
        assert engine.board.variant.name == "classic"


class TestColoursAndMoves:
    @pytest.mark.parametrize(
        ("color", "expected"),
        [
            ("1", 0),
            ("blue", 0),
            ("2", 1),
            ("Yellow", 1),
            ("3", 2),
            ("RED", 2),
            ("4", 3),
            ("green", 3),
        ],
    )
    def test_classic_colours(self, classic, color, expected):
        start = ["a20", "t20", "t1", "a1"][expected]
        ok(classic, f"play {color} {start}")
        assert classic.board.move_stack == [(expected, Move.parse(start))]

    @pytest.mark.parametrize(
        ("color", "expected"),
        [("b", 0), ("B", 0), ("black", 0), ("blue", 0), ("w", 1), ("white", 1), ("green", 1)],
    )
    def test_duo_colours(self, duo, color, expected):
        start = ["e10", "j5"][expected]
        ok(duo, f"play {color} {start}")
        assert duo.board.move_stack == [(expected, Move.parse(start))]

    @pytest.mark.parametrize("color", ["3", "red", "x", "0"])
    def test_invalid_duo_colours(self, duo, color):
        assert fails(duo, f"play {color} e10") == f"invalid color argument '{color}'"

    def test_play_accepts_any_order_and_case(self, duo):
        ok(duo, "play b E10,d9,E9,f9,e8")
        assert duo.board.peek() == Move.parse("e8,d9,e9,f9,e10")

    @pytest.mark.parametrize(
        ("moves", "message"),
        [
            (["play b e9"], "illegal move: must cover your start corner"),
            (["play b e10", "play w e10"], "illegal move: covers a square that is already taken"),
            (
                ["play b e10", "play b f10,g10"],
                "illegal move: touches your own piece along an edge",
            ),
            (
                ["play b e10", "play b g12,g13"],
                "illegal move: must touch a corner of your own piece",
            ),
            (["play b e10", "play b f9"], "illegal move: that piece has already been played"),
            (["play b n14,o14"], "illegal move: goes off the board"),
            (["play b e10,g10"], "illegal move: is not the shape of a piece"),
            (["play b e10,zz"], "invalid move 'e10,zz'"),
        ],
    )
    def test_illegal_moves_are_refused_and_change_nothing(self, duo, moves, message):
        *before, bad = moves
        for command in before:
            ok(duo, command)
        stack = list(duo.board.move_stack)
        assert fails(duo, bad) == message
        assert duo.board.move_stack == stack

    def test_play_out_of_turn(self, duo):
        ok(duo, "play w j5")
        ok(duo, "play w i4,i3")
        assert [color for color, _ in duo.board.move_stack] == [1, 1]
        assert duo.board.turn == 0

    def test_undo(self, duo):
        assert fails(duo, "undo") == "cannot undo"
        ok(duo, "play b e10")
        ok(duo, "undo")
        assert duo.board.move_stack == []
        assert duo.board.turn == 0

    def test_all_legal(self, duo, classic):
        duo_moves = ok(duo, "all_legal w").split("\n")
        assert len(duo_moves) == 414
        assert set(duo_moves) == {str(m) for m in Board("duo").legal_moves_for(1)}
        assert len(ok(classic, "all_legal 3").split("\n")) == 58
        assert "t1,t2,t3,t4,t5" in ok(classic, "all_legal red").split("\n")


class TestGenmove:
    def test_genmove_plays_a_legal_move(self, duo):
        before = duo.board.copy()
        answer = ok(duo, "genmove b")
        move = Move.parse(answer)
        assert before.is_legal(move, 0)
        assert duo.board.move_stack == [(0, move)]
        assert str(move) == answer

    def test_genmove_for_a_colour_not_to_move(self, classic):
        answer = ok(classic, "genmove 3")
        assert Move.parse("t1").squares[0] in Move.parse(answer).squares
        assert classic.board.move_stack[-1][0] == 2

    def test_genmove_passes_when_the_colour_cannot_move(self, classic):
        ok(classic, f"loadsgf {DATA / 'classic_2_complete.blksgf'}")
        for color in ("1", "2", "3", "4"):
            assert ok(classic, f"genmove {color}") == "pass"
        assert len(classic.board.move_stack) == 69

    def test_seeds_make_games_reproducible(self):
        def game(seed: int) -> list[str]:
            engine = GtpEngine("duo", level=1, seed=seed)
            return [ok(engine, f"genmove {'bw'[i % 2]}") for i in range(6)]

        assert game(3) == game(3)
        engine = GtpEngine("duo", level=1)
        ok(engine, "set_random_seed 3")
        assert [ok(engine, f"genmove {'bw'[i % 2]}") for i in range(6)] == game(3)

    @pytest.mark.parametrize("variant", ["duo", "classic_3"])
    def test_self_play_to_the_end(self, variant):
        engine = GtpEngine(variant, level=1, seed=11)
        colors = ["b", "w"] if variant == "duo" else ["1", "2", "3", "4"]
        passes = 0
        while passes < len(colors):
            for color in colors:
                answer = ok(engine, f"genmove {color}")
                passes = passes + 1 if answer == "pass" else 0
        assert engine.board.is_game_over()
        check = Board(variant)
        for color, move in engine.board.move_stack:
            check.push(move, color)  # raises if any generated move was illegal
        assert check.scores() == engine.board.scores()


class TestGenmoveTrigonJunior:
    @pytest.mark.parametrize(
        ("game", "colors"),
        [("Blokus Trigon Two-Player", "1 2 3 4"), ("Blokus Junior", "b w")],
    )
    def test_every_level_plays_legal_moves_the_same_for_a_seed(self, game, colors):
        def session(level: int, seed: int) -> list[str]:
            engine = GtpEngine("duo", level=level, seed=seed)
            ok(engine, f"set_game {game}")
            answers = []
            for color in colors.split() * 2:
                before = engine.board.copy()
                answer = ok(engine, f"genmove {color}")
                assert before.is_legal(Move.parse(answer), engine.board.move_stack[-1][0])
                answers.append(answer)
            return answers

        for level in (1, 2, 3, 4, 5):
            assert session(level, seed=4) == session(level, seed=4)
        assert session(1, seed=4) != session(1, seed=5)

    def test_a_whole_trigon_game_through_the_command_line(self):
        colors = ["1", "2", "3", "4"]
        commands = "set_game Blokus Trigon Two-Player\n" + "".join(
            f"genmove {c}\n" for c in colors * 25
        )
        result = gtp("--level", "3", "--seed", "2", commands=commands.encode(), timeout=120)
        assert result.returncode == 0, result.stderr
        answers = [a.removeprefix("= ") for a in responses(result.stdout)[1:]]
        board = Board("trigon_2")
        for color, answer in zip(range(100), answers, strict=True):
            if answer != "pass":
                board.push(Move.parse(answer), color % 4)  # raises if illegal
        assert board.is_game_over()


class TestFinalScore:
    def test_classic_gives_points_per_colour(self, classic):
        for command in ("play 1 a20,b20", "play 2 t20", "play 3 t1,t2,t3", "play 4 a1"):
            ok(classic, command)
        assert ok(classic, "final_score") == "2 1 3 1"

    def test_three_players_give_all_four_colours(self):
        engine = GtpEngine("classic_3", level=1)
        ok(engine, f"loadsgf {DATA / 'classic_3_shared_green.blksgf'}")
        assert ok(engine, "final_score") == "15 10 10 9"

    def test_two_players(self, duo):
        assert ok(duo, "final_score") == "0"
        ok(duo, "play b e10,f10")
        assert ok(duo, "final_score") == "B+2"
        ok(duo, "play w j5,j6,j7")
        assert ok(duo, "final_score") == "W+1"

    def test_complete_classic_two_player_game(self, classic):
        # Hand computation in tests/test_sgf.py: Blue+Red 183, Yellow+Green 136.
        ok(classic, f"loadsgf {DATA / 'classic_2_complete.blksgf'}")
        assert ok(classic, "final_score") == "B+47"

    def test_basic_scoring_counts_fewest_squares_as_winning(self):
        engine = GtpEngine("duo", level=1, scoring="basic")
        ok(engine, "play b e10,f10")
        assert ok(engine, "final_score") == "B+2"


class TestRecords:
    def test_loadsgf_goes_to_the_end_of_the_main_line(self, duo):
        ok(duo, f"loadsgf {DATA / 'duo_variations.blksgf'}")
        assert len(duo.board.move_stack) == 7
        assert duo.board.peek() == Move.parse("c3,a4,b4,c4,b5")

    def test_loadsgf_before_a_move_number(self, duo):
        ok(duo, f"loadsgf {DATA / 'duo_variations.blksgf'} 3")
        assert len(duo.board.move_stack) == 2
        assert duo.board.turn == 0
        ok(duo, f"loadsgf {DATA / 'duo_variations.blksgf'} 99")
        assert len(duo.board.move_stack) == 7

    def test_loadsgf_switches_variant_and_options(self, duo):
        ok(duo, f"loadsgf {DATA / 'classic_colorless_corners.blksgf'}")
        board = duo.board
        assert (board.variant.name, board.colorless_corners, board.scoring) == (
            "classic",
            True,
            "advanced",
        )
        ok(duo, "clear_board")
        assert duo.board.colorless_corners

    def test_bad_records_leave_the_game_alone(self, duo, tmp_path):
        ok(duo, "play b e10")
        bad = tmp_path / "bad.blksgf"
        bad.write_text("(;GM[Blokus Duo]\n;B[e10]\n;W[e10])", encoding="utf-8")
        message = fails(duo, f"loadsgf {bad}")
        assert message == (
            f"invalid record {bad}: move 2 (line 3, column 2): "
            "Orange e10: covers a square that is already taken"
        )
        bad.write_bytes(b"(;GM[Blokus Duo]C[\xff])")
        assert (
            fails(duo, f"loadsgf {bad}")
            == f"cannot read {bad}: the record is not UTF-8 text (byte 19)"
        )
        assert fails(duo, f"loadsgf {tmp_path / 'missing.blksgf'}").startswith("cannot read")
        for number in ("0", "\u00b2", "9" * 5000, "-1"):
            assert fails(duo, f"loadsgf {bad} {number}").startswith(
                "the move number must be a whole number from 1 to"
            )
        big = tmp_path / "big.blksgf"
        big.write_text("(;GM[Blokus Duo]C[" + "x" * MAX_RECORD_CHARS + "])", encoding="utf-8")
        assert fails(duo, f"loadsgf {big}") == (
            f"cannot read {big}: the record is too large (more than {MAX_RECORD_CHARS:,} bytes)"
        )
        assert fails(duo, "loadsgf /dev/zero").startswith(
            "cannot read /dev/zero: the record is too large"
        )
        assert fails(duo, f"loadsgf {tmp_path}").startswith(f"cannot read {tmp_path}")
        assert fails(duo, "loadsgf") == "command needs a file name and an optional move number"
        assert duo.board.move_stack == [(0, Move.parse("e10"))]

    def test_savesgf_round_trip(self, duo, tmp_path):
        for _ in range(4):
            ok(duo, f"genmove {'bw'[len(duo.board.move_stack) % 2]}")
        path = tmp_path / "game.blksgf"
        ok(duo, f"savesgf {path}")
        text = path.read_text(encoding="utf-8")
        assert text.startswith(f"(\n;GM[Blokus Duo]CA[UTF-8]AP[pyblokus:{__version__}]")
        assert read_sgf(text).move_stack == duo.board.move_stack

    def test_savesgf_of_a_loaded_setup(self, duo, tmp_path):
        ok(duo, f"loadsgf {DATA / 'duo_setup.blksgf'}")
        path = tmp_path / "setup.blksgf"
        ok(duo, f"savesgf {path}")
        again = read_sgf(path.read_text(encoding="utf-8"))
        assert (again.setup, again.turn) == (duo.board.setup, duo.board.turn)

    def test_savesgf_failure(self, duo, tmp_path):
        assert fails(duo, f"savesgf {tmp_path / 'no' / 'such' / 'dir.blksgf'}").startswith(
            "cannot save"
        )


def gtp(
    *args: str, commands: bytes, timeout: float = 60, env: dict | None = None
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.gtp", *args],
        input=commands,
        capture_output=True,
        cwd=ROOT,
        timeout=timeout,
        env=env,
    )


def responses(stdout: bytes) -> list[str]:
    """The responses of a session, each without its closing blank line."""
    text = stdout.decode("utf-8")
    assert text.endswith("\n\n")
    return text[:-2].split("\n\n")


class TestSubprocess:
    def test_pentobi_documentation_session(self):
        # The example session of Pentobi's GTP documentation, answered by our engine.
        session = (
            b"name\nversion\nset_game Blokus Duo\nplay b e8,d9,e9,f9,e10\n"
            b"genmove w\nshowboard\nquit\nname\n"
        )
        result = gtp("--level", "1", "--seed", "1", commands=session)
        assert result.returncode == 0, result.stderr
        answers = responses(result.stdout)
        assert answers[:4] == ["= pyblokus", f"= {__version__}", "= ", "= "]
        board = Board("duo")
        board.push(Move.parse("e8,d9,e9,f9,e10"))
        generated = Move.parse(answers[4].removeprefix("= "))
        assert board.is_legal(generated, 1)
        board.push(generated, 1)
        assert answers[5] == "= \n" + str(board)
        assert answers[6] == "= "
        assert len(answers) == 7  # nothing after quit

    def test_malformed_input_keeps_the_engine_alive(self):
        session = (
            b"\xff\xfe garbage \x00\n"
            b"7 play\n"
            b"play 1 a20,a19,a18,a17,a16,a15,a14\n"
            + b"x" * 100_000
            + b"\n"
            + b"play 1 a20\n"
            + b"8 final_score\n"
        )
        result = gtp("--game", "classic", "--level", "1", commands=session)
        assert result.returncode == 0, result.stderr
        assert responses(result.stdout) == [
            "? unknown command",
            "?7 command needs 2 arguments",
            "? invalid move 'a20,a19,a18,a17,a16,a15,a14'",
            f"? command line longer than {MAX_LINE_CHARS:,} characters",
            "= ",
            "=8 1 0 0 0",
        ]

    def test_overlong_lines_are_answered_and_skipped(self):
        session = b"1 name\n2 name " + b"x" * (3 * MAX_LINE_CHARS) + b"\n3 name\n"
        result = gtp("--game", "duo", commands=session)
        assert result.returncode == 0, result.stderr
        assert responses(result.stdout) == [
            "=1 pyblokus",
            f"? command line longer than {MAX_LINE_CHARS:,} characters",
            "=3 pyblokus",
        ]

    def test_answers_are_utf_8_whatever_the_locale(self):
        env = {**os.environ, "PYTHONIOENCODING": "ascii", "LC_ALL": "C"}
        result = gtp("--game", "duo", commands="play b \u00e9\nname\n".encode(), env=env)
        assert result.returncode == 0, result.stderr
        assert responses(result.stdout) == ["? invalid move '\u00e9'", "= pyblokus"]

    def test_a_closed_output_ends_the_engine_quietly(self):
        engine = subprocess.Popen(
            [sys.executable, "-m", "game.gtp", "--game", "duo"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
        engine.stdout.close()
        _, stderr = engine.communicate(b"name\n" * 10_000, timeout=60)
        assert stderr == b""
        assert engine.returncode == 0

    def test_options_make_generated_games_reproducible(self):
        session = b"genmove b\ngenmove w\ngenmove b\n"
        first = gtp("--game", "duo", "--level", "1", "--seed", "9", commands=session)
        second = gtp("--game", "duo", "--level", "1", "--seed", "9", commands=session)
        assert first.returncode == 0, first.stderr
        assert first.stdout == second.stdout
        assert len(responses(first.stdout)) == 3

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (["--level", "99"], "invalid choice: 99"),
            (["--game", "nexos"], "invalid choice: 'nexos'"),
            (["--seed", "x"], "invalid int value: 'x'"),
            (["--game", "duo", "--colorless-corners"], "only in the Classic variants"),
        ],
    )
    def test_bad_options(self, args, message):
        result = gtp(*args, commands=b"")
        assert result.returncode == 2
        assert message in result.stderr.decode()

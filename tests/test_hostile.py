"""Fuzzing the boundary: records, saves and GTP input, random or mangled, end in the documented
error (or a correct result) and leave the state as it was."""

import io
import json
import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import Board, Move
from game.boundary import InputError, json_depth, load_json, parse_int
from game.gtp import GtpEngine
from game.sgf import SgfError, read_sgf, write_sgf
from game.web.puzzle_session import PuzzleSession, find_puzzle, parse_best_times
from game.web.session import GameOptions, Occupant, Session, restore_saved

DATA = Path(__file__).parent / "data"
RECORDS = [path.read_text(encoding="utf-8") for path in sorted(DATA.glob("*.blksgf"))]
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SGF_PIECES = [
    "(", ")", ";", "[", "]", "\\", "\n", "\r\n", " ", "\t", "GM[Blokus]", "GM[Blokus Duo]",
    "GM[Blokus Two-Player]", "GM[Blokus Three-Player]", "1[a20]", "2[t20]", "3[t1]", "4[a1]",
    "B[e10]", "W[j5]", "B[]", "W[e10,f10]", "1[a20,b20,a19]", "A1[a20]", "AB[e10]", "AW[j5]",
    "AE[a20]", "AE[e10]", "PL[2]", "PL[W]", "PL[x]", "C[", "C[a\\]b]", "PYBLOKUS[scoring=basic]",
    "PYBLOKUS[corners=colorless]", "PYBLOKUS[x]", "BLUE[a20]", "RED[t1]", "e１０", "a²", "K10",
    "9" * 30, "\ufeff", "\x00",
]  # fmt: skip


def mutated(text: str, edits: list[tuple[int, int, str]]) -> str:
    """``text`` with each (position, length to cut, insertion) applied in turn."""
    for position, cut, insertion in edits:
        at = position % (len(text) + 1)
        text = text[:at] + insertion + text[at + cut :]
    return text


edits = st.lists(
    st.tuples(st.integers(0, 10_000), st.integers(0, 3), st.text(max_size=4)), max_size=6
)
sgf_soup = st.lists(st.sampled_from(SGF_PIECES) | st.text(max_size=3), max_size=40).map("".join)
mangled_records = st.builds(mutated, st.sampled_from(RECORDS), edits)


def check_record(text: str) -> None:
    """Reading ``text`` gives a board that writes back to the same game, or SgfError."""
    try:
        board = read_sgf(text)
    except SgfError as error:
        assert str(error)
        return
    again = read_sgf(write_sgf(board))
    assert again.move_stack == board.move_stack
    assert again.setup == board.setup and again.turn == board.turn


class TestRecords:
    @FUZZ
    @given(st.text())
    def test_any_text(self, text):
        check_record(text)

    @FUZZ
    @given(sgf_soup)
    def test_sgf_token_soup(self, text):
        check_record(f"(;GM[Blokus]{text})")
        check_record(text)

    @FUZZ
    @given(mangled_records)
    def test_mangled_real_records(self, text):
        check_record(text)

    @settings(max_examples=50, deadline=None)
    @given(mangled_records)
    def test_a_record_that_gtp_cannot_load_leaves_the_game_alone(self, tmp_path_factory, text):
        path = tmp_path_factory.mktemp("fuzz") / "fuzzed.blksgf"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        engine = GtpEngine("duo", level=1, seed=1)
        engine.execute("play b e10")
        before = write_sgf(engine.board, DT=None)
        response = engine.execute(f"loadsgf {path}")
        assert response.startswith(("= ", "? "))
        if response.startswith("?"):
            assert write_sgf(engine.board, DT=None) == before


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=20)
    | st.sampled_from(["pyblokus-save", "pyblokus-puzzle", "all84", "classic", "human"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                ["format", "version", "mode", "seats", "sgf", "puzzle", "moves", "redo"]
            )
            | st.text(max_size=5),
            children,
            max_size=5,
        )
    ),
    max_leaves=20,
)


def good_saves() -> list[str]:
    session = Session.new(GameOptions("duo", seats=(Occupant("human"), Occupant("computer", 1))))
    session.play(Move.parse("e10"))
    puzzle = PuzzleSession(find_puzzle("all84"), clock=lambda: 5.0)
    puzzle.play(Move.parse("a20"))
    return [session.to_json(), puzzle.to_json(), '{"all84": 61.5}']


GOOD_SAVES = good_saves()
READERS = {
    "game": Session.from_json,
    "puzzle": lambda text: PuzzleSession.from_json(text, clock=lambda: 5.0),
    "best times": parse_best_times,
}
save_texts = (
    json_values.map(lambda value: json.dumps(value, allow_nan=True))
    | st.builds(mutated, st.sampled_from(GOOD_SAVES), edits)
    | st.text()
)


def snapshot(value) -> object:
    return value if isinstance(value, dict) else value.to_json()


class TestSaves:
    @FUZZ
    @given(save_texts)
    def test_every_reader_reads_or_raises_input_error(self, text):
        for read in READERS.values():
            try:
                first = snapshot(read(text))
            except InputError as error:
                assert str(error)
                with pytest.raises(InputError, match="^" + re.escape(str(error))):
                    read(text)  # nothing was left half-changed: the same text fails the same way
            else:
                assert snapshot(read(text)) == first

    @FUZZ
    @given(save_texts)
    def test_the_page_gets_a_value_or_a_notice_never_an_exception(self, text):
        for what, read in READERS.items():
            value, notice = restore_saved(text, read, what)
            assert (value is None) == bool(notice)
            assert len(notice) < 400
        # Good saves still restore as they did.
        for good, read in zip(GOOD_SAVES, READERS.values(), strict=True):
            assert snapshot(read(good)) == snapshot(read(good))


class TestGtpLoop:
    COMMANDS = [
        "play", "undo", "all_legal", "final_score", "showboard", "set_game", "clear_board",
        "loadsgf", "savesgf", "set_random_seed", "known_command", "name", "version",
        "list_commands", "protocol_version", "cputime", "frobnicate", "",
    ]  # fmt: skip
    ARGS = [
        "b", "w", "1", "2", "3", "4", "blue", "e10", "j5", "e10,f10", "a1,b1,c1,d1,e1,f1", "t20",
        "Blokus", "Blokus Duo", "Blokus Two-Player", "/dev/zero", "/nonexistent", "²", "e１０",
        "9" * 5000, "-1", "0", "#", "\x00", "\x1b", "\t", "\u2028",
    ]  # fmt: skip
    lines = st.lists(
        st.tuples(
            st.sampled_from(["", "7 ", "² ", "9" * 30 + " "]),
            st.sampled_from(COMMANDS),
            st.lists(st.sampled_from(ARGS) | st.text(max_size=6), max_size=3),
        ).map(lambda parts: parts[0] + " ".join([parts[1], *parts[2]]))
        | st.text(max_size=30),
        max_size=25,
    )

    @FUZZ
    @given(lines)
    def test_every_line_gets_one_answer_and_a_refusal_changes_nothing(self, lines):
        engine = GtpEngine("duo", level=1, seed=1)
        for line in lines:
            if "savesgf" in line:
                continue  # it writes files; tested on its own
            before = (engine.board.variant, write_sgf(engine.board, DT=None), engine.options)
            response = engine.execute(line)
            if response is None:
                continue
            status, _, body = response.partition(" ")
            assert status[0] in "=?" and (status[1:] == "" or status[1:].isdigit())
            assert response.endswith("\n\n") and "\n\n" not in response[:-2]
            if status.startswith("?"):
                assert body.strip()
                assert (engine.board.variant, write_sgf(engine.board, DT=None), engine.options) == (
                    before
                )

    @settings(max_examples=100, deadline=None)
    @given(st.binary(max_size=300))
    def test_the_loop_survives_any_bytes_until_the_end_of_input(self, data):
        engine = GtpEngine("duo", level=1, seed=1)
        commands = io.TextIOWrapper(io.BytesIO(data + b"\nname\n"), "utf-8", errors="replace")
        responses = io.StringIO()
        engine.run(commands, responses)
        assert responses.getvalue().endswith("= pyblokus\n\n") or engine.quit


class TestBoundary:
    @FUZZ
    @given(
        st.text(max_size=12) | st.from_regex("-?[0-9]{1,8}", fullmatch=True),
        st.integers(-(10**6), 0),
        st.integers(0, 10**6),
    )
    def test_parse_int_takes_exactly_the_ascii_numbers_in_range(self, text, low, high):
        number = re.fullmatch("-?[0-9]+" if low < 0 else "[0-9]+", text)
        if number and low <= int(text) <= high:
            assert parse_int(text, "n", low, high) == int(text)
        else:
            with pytest.raises(InputError, match="^n must be a whole number from"):
                parse_int(text, "n", low, high)

    @FUZZ
    @given(json_values)
    def test_json_depth_is_the_nesting_of_the_value(self, value):
        def depth(v):
            children = list(v.values()) if isinstance(v, dict) else v if isinstance(v, list) else []
            return (1 + max(map(depth, children), default=0)) if isinstance(v, list | dict) else 0

        assert json_depth(json.dumps(value, allow_nan=True)) == depth(value)

    def test_an_unclosed_string_of_escaped_quotes_is_refused_at_once(self):
        # Each quote once started a fresh scan to the end of the text: quadratic time.
        text = '"' + '\\"' * 300_000
        start = time.perf_counter()
        with pytest.raises(InputError, match="not valid JSON"):
            load_json(text, "save")
        assert time.perf_counter() - start < 1

    def test_load_json_refuses_what_json_loads_would_choke_on(self):
        for text in ("[" * 100_000, '{"a": ' + "1" * 5000 + "}", "NaN", "[-Infinity]", "1e400"):
            with pytest.raises(InputError):
                load_json(text, "save")
        assert Board("duo").ply() == 0  # the engine still works after it all

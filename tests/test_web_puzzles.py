"""The page's puzzle mode in CPython: the session (undo/redo, clock, best times, its saved
form) and its views."""

import itertools
import json

import pytest

from game import IllegalMoveError, Move
from game.boundary import InputError
from game.puzzles import PUZZLES, find_puzzle, stored_solution
from game.web.puzzle_session import PuzzleSession, format_seconds, parse_best_times, with_time
from game.web.puzzle_view import (
    no_completion_notice,
    progress_text,
    puzzle_board_svg,
    puzzle_list_html,
    puzzle_status_text,
    puzzle_trays_html,
)
from game.web.session import restore_saved


def restore_puzzle(text, clock=None):
    """What the page does with a saved puzzle: the session, or None and the notice."""
    options = {"clock": clock} if clock else {}
    return restore_saved(text, lambda t: PuzzleSession.from_json(t, **options), "puzzle")


def session_of(name, **options):
    ticks = itertools.count(0, 10)  # every reading of the clock is 10 s after the last
    return PuzzleSession(find_puzzle(name), clock=lambda: next(ticks), **options)


class TestSession:
    def test_undo_redo_and_a_new_move_clears_redo(self):
        session = session_of("tetromino_rectangle")
        session.play(Move.parse("a1,b1,a2,b2"))
        session.play(Move.parse("c1,d1,c2,d2"), 2)
        assert session.undo() and session.undo() and not session.undo()
        assert session.redo() and session.history.can_redo()
        session.play(Move.parse("e1,f1,g1,h1"))
        assert not session.history.can_redo()
        assert progress_text(session) == "2 of 20 pieces · 8 of 80 squares"

    def test_an_illegal_move_changes_nothing(self):
        session = session_of("tetromino_rectangle")
        session.play(Move.parse("a1,b1,a2,b2"))
        session.undo()
        with pytest.raises(IllegalMoveError):
            session.play(Move.parse("a1,b1,c1"))
        assert session.history.can_redo() and not session.history.can_undo()

    def test_solving_stops_the_clock_and_counts_unless_the_solution_was_shown(self):
        session = session_of("tetromino_rectangle")
        for color, move in stored_solution("tetromino_rectangle"):
            session.play(move, color)
        assert session.board.is_solved() and session.counts_for_best_time()
        took = session.solved_in
        assert took > 0 and session.elapsed() == took
        assert puzzle_status_text(session) == f"Solved in {format_seconds(took)}!"
        session.restart()
        assert session.board.progress().pieces == 0 and session.solved_in is None
        session.solution_shown = True
        for color, move in stored_solution("tetromino_rectangle"):
            session.play(move, color)
        assert not session.counts_for_best_time()
        assert puzzle_status_text(session) == "Solved: this is one of the solutions."

    def test_free_order_only_where_the_game_rules_apply(self):
        assert session_of("all84", free_order=True).free_order
        assert not session_of("tetromino_rectangle", free_order=True).free_order
        free = session_of("all84", free_order=True)
        free.play(Move.parse("t1"), 2)  # Red first
        assert "to move" not in puzzle_status_text(free)
        assert puzzle_status_text(session_of("all84")).endswith("Blue to move.")


class Clock:
    """A clock the test sets by hand."""

    def __init__(self, now: float = 0.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def saved_after(name, moves, *, undos=0, seconds=0.0, **options):
    """The saved form of ``name`` after ``moves`` ((colour, text) pairs), ``undos`` undos and
    ``seconds`` on the clock."""
    clock = Clock(1000.0)
    session = PuzzleSession(find_puzzle(name), clock=clock, **options)
    for color, text in moves:
        session.play(Move.parse(text), color)
    for _ in range(undos):
        session.undo()
    clock.now += seconds
    return session.to_json()


def edited(text, **changes):
    return json.dumps({**json.loads(text), **changes})


GOOD = saved_after("tetromino_rectangle", [(0, "a1,b1,a2,b2"), (2, "c1,d1,e1,f1")], undos=1)


class TestSaving:
    def test_a_reload_brings_back_position_redo_and_the_running_clock(self):
        text = saved_after(
            "tetromino_rectangle",
            [(3, "a1,b1,a2,b2"), (2, "c1,d1,e1,f1"), (0, "g1,h1,g2,h2")],
            undos=2,
            seconds=42.5,
        )
        clock = Clock(7.0)  # another page's clock: only the elapsed time carries over
        session, notice = restore_puzzle(text, clock=clock)
        assert notice == ""
        assert session.puzzle.name == "tetromino_rectangle"
        assert session.board.move_stack == [(3, Move.parse("a1,b1,a2,b2"))]
        assert session.elapsed() == 42.5
        clock.now += 10
        assert session.elapsed() == 52.5
        assert session.redo() and session.redo() and not session.redo()
        assert session.board.move_stack == [
            (3, Move.parse("a1,b1,a2,b2")),
            (2, Move.parse("c1,d1,e1,f1")),
            (0, Move.parse("g1,h1,g2,h2")),
        ]
        assert session.undo() and session.board.progress().pieces == 2

    def test_free_colour_order_and_the_colours_played_survive(self):
        text = saved_after("all84", [(2, "t1"), (0, "a20")], free_order=True)
        session, _ = restore_puzzle(text)
        assert session.free_order
        assert session.board.move_stack == [(2, Move.parse("t1")), (0, Move.parse("a20"))]
        session.play(Move.parse("t20"), 1)  # still any colour's move
        in_turn, _ = restore_puzzle(saved_after("all84", [(0, "a20")]))
        assert not in_turn.free_order and in_turn.board.turn == 1

    def test_a_solve_keeps_its_time_and_a_shown_solution_still_does_not_count(self):
        clock = Clock()
        solved = PuzzleSession(find_puzzle("tetromino_rectangle"), clock=clock)
        for color, move in stored_solution("tetromino_rectangle"):
            clock.now += 3
            solved.play(move, color)
        clock.now += 100  # the clock stopped at the solve
        session, _ = restore_puzzle(solved.to_json(), clock=Clock(5.0))
        assert session.board.is_solved() and session.solved_in == 60
        assert session.counts_for_best_time()
        assert session.undo() and session.elapsed() == 60  # as before the reload
        solved.solution_shown = True
        shown, _ = restore_puzzle(solved.to_json())
        assert shown.solution_shown and not shown.counts_for_best_time()

    @pytest.mark.parametrize(
        "text, reason",
        [
            ("{", "not valid JSON"),
            ("[1, 2]", "not a pyblokus puzzle"),
            (edited(GOOD, format="pyblokus-save"), "not a pyblokus puzzle"),
            (edited(GOOD, version=2), "version 2 is not supported"),
            (edited(GOOD, puzzle="all85"), "unknown"),
            (edited(GOOD, puzzle=["all84"]), "unknown"),
            (edited(GOOD, free_order="yes"), "options or time are malformed"),
            (edited(GOOD, elapsed=-1), "options or time are malformed"),
            (edited(GOOD, elapsed=True), "options or time are malformed"),
            (GOOD.replace('"elapsed": 0.0', '"elapsed": NaN'), "number out of range: 'NaN'"),
            (edited(GOOD, elapsed=1e300), "options or time are malformed"),
            (GOOD.replace('"elapsed": 0.0', '"elapsed": ' + "9" * 400), "number out of range"),
            (edited(GOOD, moves=[[0, "a1"]] * 85), "moves are malformed"),
            (edited(GOOD, moves=[[0, "e\uff11"]]), "not a move"),
            ("[" * 20_000 + "]" * 20_000, "nested more than 16 deep"),
            ('{"a": "' + "x" * 1_000_000 + '"}', "too long"),
            (edited(GOOD, moves="a1,b1,a2,b2"), "moves are malformed"),
            (edited(GOOD, moves=[[7, "a1,b1,a2,b2"]]), "moves are malformed"),
            (edited(GOOD, moves=[[True, "a1,b1,a2,b2"]]), "moves are malformed"),
            (edited(GOOD, redo=[[0, "a1"], 3]), "moves are malformed"),
            (edited(GOOD, moves=[[0, "z99"]]), "moves are broken: not a move"),
            (edited(GOOD, moves=[[0, "a1,b1,a2,b2"], [1, "b2,c2,b3,c3"]]), "already taken"),
            (edited(GOOD, redo=[[0, "i1,i2,i3,i4"]]), "goes off the board"),
            (edited(GOOD, moves=[[0, "a1,b1,a2,b2"], [0, "c1,d1,c2,d2"]]), "already been played"),
            (saved_after("all84", [(0, "a20")]).replace('[[0, "a20"]]', '[[1, "a20"]]'), "turn"),
            (
                edited(
                    saved_after("tetromino_rectangle", []),
                    moves=[[c, str(m)] for c, m in stored_solution("tetromino_rectangle")],
                ),
                "solved but has no time",
            ),
        ],
    )
    def test_a_bad_save_is_dropped_with_the_reason(self, text, reason):
        session, notice = restore_puzzle(text)
        assert session is None
        assert notice.startswith("Your saved puzzle could not be restored (")
        assert reason in notice

    def test_the_good_save_the_bad_ones_are_made_from_restores(self):
        session, notice = restore_puzzle(GOOD)
        assert notice == "" and session.board.progress().pieces == 1 and session.history.can_redo()
        assert restore_puzzle(None) == (None, "")


class TestBestTimes:
    def test_odd_entries_are_ignored(self):
        assert parse_best_times(None) == {}
        text = (
            '{"all84": 61, "pentomino_rectangle": -4, "x": 9, "all84_largest_first": true, '
            '"tetromino_rectangle": 1e300}'
        )
        assert parse_best_times(text) == {"all84": 61.0}

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("[1, 2]", "not a JSON object"),
            ("{", "not valid JSON"),
            ('{"all84": ' + "9" * 400 + "}", "number out of range"),
            ('{"all84": Infinity}', "number out of range"),
            ("[" * 10_000 + "]" * 10_000, "nested more than 16 deep"),
        ],
    )
    def test_an_unreadable_record_is_refused(self, text, message):
        with pytest.raises(InputError, match=message):
            parse_best_times(text)

    def test_only_a_faster_time_replaces_the_best(self):
        best, new = with_time({}, "all84", 90.0)
        assert new and best == {"all84": 90.0}
        assert with_time(best, "all84", 95.0) == (best, False)
        assert with_time(best, "all84", 80.0) == ({"all84": 80.0}, True)


class TestViews:
    def test_list_offers_every_puzzle_with_its_best_time(self):
        html = puzzle_list_html({"tetromino_rectangle": 83})
        assert [name for name in PUZZLES if f'data-puzzle="{name}"' in html] == list(PUZZLES)
        assert "best 1:23" in html and html.count(">Not solved<") == 3
        assert 'id="puzzle-free-order"' in html

    @pytest.mark.parametrize(
        "name, width, height",
        [("tetromino_rectangle", 8, 10), ("pentomino_rectangle", 15, 16), ("all84", 20, 20)],
    )
    def test_board_has_the_puzzles_shape_and_pieces(self, name, width, height):
        session = session_of(name)
        color, move = stored_solution(name)[0]
        session.play(move, color)
        svg = puzzle_board_svg(session.board)
        assert f'data-width="{width}" data-height="{height}"' in svg
        assert svg.count("data-square=") == width * height
        assert svg.count("data-color=") == len(move)
        assert svg.count('class="last"') == len(move)

    def test_trays_offer_every_colour_in_tiling_and_the_turn_under_the_rules(self):
        tiling = puzzle_trays_html(
            session_of("pentomino_rectangle").board, selected=None, color=None
        )
        assert tiling.count('class="tray turn"') == 4
        game = session_of("all84_largest_first").board
        rules = puzzle_trays_html(game, selected=None, color=None)
        assert (
            rules.count('class="tray turn"') == 1 and 'class="tray turn" data-color="blue"' in rules
        )
        free_board = session_of("all84_largest_first", free_order=True).board
        free = puzzle_trays_html(free_board, selected=None, color=None)
        assert free.count('class="tray turn"') == 4

    def test_stuck_position_says_to_undo(self):
        session = session_of("tetromino_rectangle")
        for color, move in stored_solution("tetromino_rectangle")[:-2]:
            session.play(move, color)
        stuck = []
        for move in list(session.board.legal_moves):  # the last two pieces' hole, filled wrong
            session.play(move)
            if session.board.is_stuck():
                stuck.append(puzzle_status_text(session))
            session.undo()
        assert stuck and set(stuck) == {"No piece fits any more: undo a few pieces."}


def test_failed_hint_says_how_far_back_the_stored_solution_is():
    session = session_of("all84")
    solution = stored_solution("all84")
    for color, move in solution[:8]:
        session.play(move, color)
    for _ in range(2):
        off_path = next(m for m in session.board.legal_moves if m != solution[8][1])
        session.play(off_path)
    assert no_completion_notice(session.board).endswith(
        "undo 2 moves to be back on a known solution."
    )
    tiling = session_of("tetromino_rectangle").board
    assert no_completion_notice(tiling).endswith("try undoing a few pieces.")

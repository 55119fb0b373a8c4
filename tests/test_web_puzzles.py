"""The page's puzzle mode in CPython: the session (undo/redo, clock, best times) and its views."""

import itertools

import pytest

from game import IllegalMoveError, Move
from game.puzzles import PUZZLES, find_puzzle, stored_solution
from game.web.puzzles import (
    PuzzleSession,
    format_seconds,
    no_completion_notice,
    parse_best_times,
    progress_text,
    puzzle_board_svg,
    puzzle_list_html,
    puzzle_status_text,
    puzzle_trays_html,
    with_time,
)


def session_of(name, **options):
    ticks = itertools.count(0, 10)  # every reading of the clock is 10 s after the last
    return PuzzleSession(find_puzzle(name), clock=lambda: next(ticks), **options)


class TestSession:
    def test_undo_redo_and_a_new_move_clears_redo(self):
        session = session_of("tetromino_rectangle")
        session.play(Move.parse("a1,b1,a2,b2"))
        session.play(Move.parse("c1,d1,c2,d2"), 2)
        assert session.undo() and session.undo() and not session.undo()
        assert session.redo() and session.can_redo()
        session.play(Move.parse("e1,f1,g1,h1"))
        assert not session.can_redo()
        assert progress_text(session) == "2 of 20 pieces · 8 of 80 squares"

    def test_an_illegal_move_changes_nothing(self):
        session = session_of("tetromino_rectangle")
        session.play(Move.parse("a1,b1,a2,b2"))
        session.undo()
        with pytest.raises(IllegalMoveError):
            session.play(Move.parse("a1,b1,c1"))
        assert session.can_redo() and not session.can_undo()

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


class TestBestTimes:
    def test_unreadable_or_odd_entries_are_ignored(self):
        assert parse_best_times(None) == {}
        assert parse_best_times("[1, 2]") == {}
        text = '{"all84": 61, "pentomino_rectangle": -4, "x": 9, "all84_largest_first": true}'
        assert parse_best_times(text) == {"all84": 61.0}

    def test_only_a_faster_time_replaces_the_best(self):
        best, new = with_time({}, "all84", 90.0)
        assert new and best == {"all84": 90.0}
        assert with_time(best, "all84", 95.0) == (best, False)
        assert with_time(best, "all84", 80.0) == ({"all84": 80.0}, True)


class TestViews:
    def test_list_offers_every_puzzle_with_its_best_time(self):
        html = puzzle_list_html({"tetromino_rectangle": 83})
        assert [name for name in PUZZLES if f'data-puzzle="{name}"' in html] == list(PUZZLES)
        assert "Best time 1:23" in html and html.count("Not solved yet") == 3
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
            session_of("pentomino_rectangle").board, selected=None, color=None, free_order=False
        )
        assert tiling.count('class="tray turn"') == 4
        game = session_of("all84_largest_first").board
        rules = puzzle_trays_html(game, selected=None, color=None, free_order=False)
        assert (
            rules.count('class="tray turn"') == 1 and 'class="tray turn" data-color="blue"' in rules
        )
        free = puzzle_trays_html(game, selected=None, color=None, free_order=True)
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

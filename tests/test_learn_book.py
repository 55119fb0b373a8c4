"""tools/learn_book.py: the opening book learned from an engine's games against itself."""

import pytest
from tool_modules import random_duo_game, tool

from game import Board
from game.ai_book import position_key
from game.sgf import write_sgf

learn_book = tool("learn_book")


def test_the_lower_bound_grows_with_the_games_behind_a_record():
    assert learn_book.lower_bound([1.0] * 10) == pytest.approx(0.722, abs=0.001)
    assert learn_book.lower_bound([1.0, 0.0] * 20) > learn_book.lower_bound([1.0, 0.0] * 5)
    assert learn_book.lower_bound([0.0] * 8) == pytest.approx(0.0, abs=1e-9)


def test_each_opening_position_keeps_the_mover_s_result_after_the_move_played():
    games = [random_duo_game(seed) for seed in (1, 2, 3)]
    found = learn_book.results_by_position([write_sgf(g) for g in games], plies=2)
    empty = position_key(Board("duo"))
    assert sum(len(results) for results in found[empty].values()) == 3
    for game in games:
        blue, yellow = game.score(0), game.score(1)
        blue_result = 1.0 if blue > yellow else 0.0 if blue < yellow else 0.5
        (_, first), (_, second) = game.move_stack[:2]
        assert blue_result in found[empty][str(first)]
        after = Board("duo")
        after.push(first)
        assert 1.0 - blue_result in found[position_key(after)][str(second)]
    assert len(found) == 1 + len({str(g.move_stack[0][1]) for g in games})


def test_the_book_keeps_the_best_record_among_moves_played_often_enough():
    found = {
        "0//": {
            "a": [1.0] * 3,  # the best record, too few games
            "b": [1.0, 1.0, 1.0, 0.0] * 5,
            "c": [1.0, 0.0] * 10,
        },
        "1/x/": {"d": [1.0] * 2},
    }
    assert learn_book.book(found, min_games=10) == {"0//": "b"}
    assert learn_book.book(found, min_games=2) == {"0//": "b", "1/x/": "d"}

"""tools/learn_eval.py: the samples it draws from games, and the learned evaluation's weights in
points."""

import random
from collections import Counter

import numpy as np
import pytest
from tool_modules import random_duo_game, tool

from game import Board
from game.ai import goal_of
from game.ai_eval import Position
from game.ai_value import PHASES, VALUE_FEATURES, value_phase
from game.board import rank_score
from game.sgf import write_sgf

learn_eval = tool("learn_eval")


def test_each_position_lists_what_every_move_reaches_and_marks_the_one_played():
    game = random_duo_game(4)
    by_phase, _ = learn_eval.samples([write_sgf(game)])
    assert len(by_phase) == PHASES
    replay = Board("duo")
    expected = []
    for color, move in game.move_stack:
        choices = len(replay.legal_codes(color))
        replay.push(move, color)
        if choices > 1:
            goal = goal_of(replay.variant, color)
            after = Position.from_board(replay)
            expected.append((value_phase(after), choices, learn_eval.outcome_features(after, goal)))
    got = [(phase, len(x), x[i]) for phase, data in enumerate(by_phase) for x, i in data]
    assert sorted((p, n) for p, n, _ in got) == sorted((p, n) for p, n, _ in expected)
    for phase, count, features in expected:
        assert any(p == phase and n == count and np.array_equal(f, features) for p, n, f in got)
    assert all(x.shape[1] == len(VALUE_FEATURES) + 1 for data in by_phase for x, _ in data)


def test_each_move_played_is_one_outcome_of_each_player_s_result():
    game = random_duo_game(6)
    blue, yellow = (game.score(color) for color in (0, 1))
    _, outcomes = learn_eval.samples([write_sgf(game)])
    replay = Board("duo")
    expected = []
    for color, move in game.move_stack:
        replay.push(move, color)
        after = Position.from_board(replay)
        mover_lead = (blue - yellow) * (1 if color == 0 else -1)
        result = 1.0 if mover_lead > 0 else 0.0 if mover_lead < 0 else 0.5
        features = learn_eval.outcome_features(after, goal_of(replay.variant, color))
        # The mover's rival moves next; the rival sees the same position as the mover's loss.
        expected.append((value_phase(after), features.tolist(), -1.0, result))
        expected.append((value_phase(after), (-features).tolist(), 1.0, 1.0 - result))
    got = [(phase, f.tolist(), t, r) for phase, data in enumerate(outcomes) for f, t, r in data]
    assert sorted(got) == sorted(expected)


def test_in_four_colours_each_move_played_is_an_outcome_for_every_player():
    board = Board("classic")
    rng = random.Random(4)
    while not board.is_game_over():
        board.push_code(rng.choice(board.legal_codes()))
    scores = board.player_scores("points")
    _, outcomes = learn_eval.samples([write_sgf(board)])
    moves = len(board.move_stack)
    views = [view for data in outcomes for view in data]
    results = Counter(result for *_, result in views)
    ranks = [rank_score(scores, p) for p in range(4)]
    assert results == Counter(rank for rank in ranks for _ in range(moves))
    # The mover's rivals all move before it again; the next colour's player moves next.
    turns = Counter(round(turn, 6) for _, turn, _ in views)
    assert turns == {round(t, 6): moves for t in (-1.0, -1 / 3, 1 / 3, 1.0)}


def test_the_calibration_finds_the_slope_and_the_tempo_the_results_follow():
    """Results drawn with P(win) = sigmoid(0.3 * value + 1.0 * turn): the fit gives back that
    slope and that tempo, in every phase."""
    rng = np.random.default_rng(3)
    outcomes, weights = [], []
    for _ in range(PHASES):
        values = rng.normal(0.0, 8.0, 3000)
        turns = rng.choice([-1.0, 1.0], 3000)
        wins = rng.random(3000) < 1 / (1 + np.exp(-(0.3 * values + 1.0 * turns)))
        outcomes.append(
            [
                (np.array([value, 1.0]), turn, float(won))
                for value, turn, won in zip(values, turns, wins, strict=True)
            ]
        )
        weights.append([0.0])
    for slope, tempo in learn_eval.calibration(outcomes, weights):
        assert slope == pytest.approx(0.3, abs=0.03)
        assert tempo == pytest.approx(1.0, abs=0.15)


def test_the_mover_counts_its_points_as_a_lead():
    board = Board("duo")
    move = board.legal_moves_for(0)[0]
    board.push(move)
    features = learn_eval.outcome_features(Position.from_board(board), goal_of(board.variant, 0))
    assert features[0] == len(move.squares)


def test_weights_are_stored_in_points():
    assert learn_eval.in_points(np.array([2.0, 1.0, -3.0])) == [0.5, -1.5]
    with pytest.raises(AssertionError):
        learn_eval.in_points(np.array([-1.0, 1.0]))


def test_a_phase_is_as_many_pieces_per_colour_on_every_board():
    def after_pieces_each(variant, pieces):
        board = Board(variant)
        colors = board.variant.colors
        rng = random.Random(1)
        while sum(board.used_pieces_mask(c).bit_count() for c in colors) < pieces * len(colors):
            board.push_code(rng.choice(board.legal_codes()))
        return Position.from_board(board)

    for pieces in (0, 2, 3, 5, 6, 8):
        phases = {value_phase(after_pieces_each(v, pieces)) for v in ("duo", "classic_2")}
        assert phases == {min(pieces // 3, PHASES - 1)}

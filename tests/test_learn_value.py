"""tools/learn_value.py: the positions it labels from games and the value network it fits."""

import random

import numpy as np
import pytest
from tool_modules import tool

from game import Board
from game.ai_eval import Position
from game.ai_value import PHASES, ValueNetwork, network_inputs
from game.pieces import Move

learn_value = tool("learn_value")


def random_game_record(variant: str, seed: int) -> dict:
    """A game of random legal moves as the tool records Pentobi's: moves, a label (ply, mover,
    the last mover's expected result) every third ply, the final scores."""
    board, rng = Board(variant), random.Random(seed)
    moves, labels = [], []
    while board.turn is not None:
        color = board.turn
        if len(moves) % 3 == 2:
            labels.append([len(moves), color, rng.random()])
        move = board.move_from_code(rng.choice(board.legal_codes()))
        board.push(move, color)
        moves.append([color, str(move)])
    return {"variant": variant, "moves": moves, "labels": labels, "scores": board.scores()}


@pytest.mark.parametrize("variant", ["duo", "classic_2"])
def test_each_label_gives_the_mover_s_inputs_its_expected_result_and_its_player_s_result(variant):
    game = random_game_record(variant, 3)
    x, phases, targets, results = learn_value.samples([game])
    assert len(x) == len(phases) == len(targets) == len(results) == len(game["labels"])
    board = Board(variant)
    player_points = [
        sum(game["scores"][c] for c in colors) for colors in board.variant.player_colors
    ]
    labels = iter(zip(game["labels"], x, phases, targets, results, strict=True))
    label = next(labels)
    for ply, (color, text) in enumerate(game["moves"]):
        if label and label[0][0] == ply:
            (_, mover, value), inputs, phase, target, result = label
            assert (list(inputs), phase) == network_inputs(Position.from_board(board), mover)
            assert target == pytest.approx(1 - value)  # Pentobi values the last mover's side
            own = player_points[board.variant.player_of_color(mover)]
            rival = sum(player_points) - own
            assert result == (own > rival) + (own == rival) / 2
            label = next(labels, None)
        board.push(Move.parse(text), color)
    assert label is None


def test_the_logistic_fit_finds_the_weights_the_labels_follow():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(4000, 3))
    targets = 1 / (1 + np.exp(-(1.5 * x[:, 0] - 0.5 * x[:, 1] + 0.3)))
    fitted = learn_value.fit_logistic(x, targets, 0, steps=3000, rate=3e-2, l2=0.0)
    slopes = fitted["W2"] / fitted["scale"]
    assert slopes == pytest.approx([1.5, -0.5, 0.0], abs=0.05)
    bias = fitted["b2"][0] - slopes @ fitted["mean"]
    assert bias == pytest.approx(0.3, abs=0.05)


def test_the_network_is_calibrated_to_the_results_in_each_phase():
    """Labels that say less than the results (a flatter logit) get a steeper calibration."""
    rng = np.random.default_rng(2)
    size = 6000
    x = rng.normal(size=(size, 2))
    phases = rng.integers(0, PHASES, size)
    truth = 2.0 * x[:, 0]
    targets = 1 / (1 + np.exp(-truth / 2))
    results = (rng.random(size) < 1 / (1 + np.exp(-truth))).astype(float)
    learned = learn_value.fit_network(x, phases, targets, results, PHASES)
    assert len(learned["calibration"]) == PHASES
    assert all(slope > 1.4 for slope, _ in learned["calibration"])
    network = ValueNetwork(learned)
    assert network.hidden_weights.shape == (2, learn_value.HIDDEN)

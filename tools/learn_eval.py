"""Fit the learned evaluation's weights (``game/data/ai_value_weights.json``) to a strong engine's
choices.

    python tools/learn_eval.py --variant duo --games 240 --chunks 20 --level 6 --seed 41 [--jobs 2]
    python tools/learn_eval.py --variant trigon_2 --games 60 --chunks 6 --level 4 --seed 61
    python tools/learn_eval.py --variant classic_2 --games 240 --chunks 40 --level 6 --seed 81
    python tools/learn_eval.py --variant classic --games 240 --chunks 40 --level 6 --seed 91

(the shipped weights come from these four runs). Plays ``--games`` games of Pentobi (level
``--level``, no opening book) against itself with ``twogtp``, as ``tools/learn_ai.py`` does, or
reads the games of ``--sgf`` files. Every position of every game gives one sample: for the
position after each legal move, the mover's points and the features of
:func:`game.ai_value.value_features`, each summed over the colours weighed by the mover's goal
(+1 own, -1 rival), and which move the engine played. The weights of each phase (that of the
positions after the move, :func:`game.ai_value.value_phase`) are the softmax regression of
``tools/learn_ai.py`` (:func:`learn_ai.fit`) of the move played over the positions reached:
an evaluation under which the engine's choice ranks first. They are stored divided by the
points' weight, so that values count in points. Then, per phase, the tree search's calibration
(:func:`game.ai_value.win_value`): the logistic regression of each player's result (the share of
the other players it beat) on the value for that player of the position after each move played
and on how soon it moves next (:func:`game.ai_value.turn_share`). The other boards' weights in
the file are kept.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from learn_ai import fit, parse_game_options, store_weights  # noqa: E402

from game.ai import goal_of  # noqa: E402
from game.ai_eval import Position  # noqa: E402
from game.ai_value import (  # noqa: E402
    PHASES,
    VALUE_FEATURES,
    WEIGHTS_FILE,
    points,
    turn_share,
    value_features,
    value_phase,
)
from game.board import Board, rank_score  # noqa: E402
from game.sgf import read_sgf  # noqa: E402


def colour_features(pos: Position) -> np.ndarray:
    """Per colour, its points and :data:`VALUE_FEATURES` in ``pos``."""
    return np.concatenate(
        [np.array(points(pos), dtype=np.float64)[:, None], np.array(value_features(pos))], axis=1
    )


def outcome_features(pos: Position, goal) -> np.ndarray:
    """The points and :data:`VALUE_FEATURES` of ``pos``, summed over colours weighed by ``goal``."""
    return np.array(goal) @ colour_features(pos)


def samples(game_texts: list[str]):
    """Per phase, (:func:`outcome_features` after each legal move, index of the move played)
    for every position of every game with more than one legal move; and per phase, for the
    position after each move played and each player (the mover first, the others in turn
    order), its :func:`outcome_features` for that player, the player's
    :func:`game.ai_value.turn_share` and the player's :func:`game.board.rank_score`."""
    by_phase: list[list[tuple[np.ndarray, int]]] = [[] for _ in range(PHASES)]
    outcomes: list[list[tuple[np.ndarray, float, float]]] = [[] for _ in range(PHASES)]
    for text in game_texts:
        record = read_sgf(text)
        variant = record.variant
        board = Board(variant.name)
        goals = [goal_of(variant, player) for player in range(variant.num_players)]
        played_by: list[tuple[int, int, float, np.ndarray]] = []
        for color, move in record.move_stack:
            pos = Position.from_board(board)
            codes = pos.legal_codes(color)
            mover = variant.player_of_color(color, 0)
            played = codes.index(board.geometry.code_of(board.geometry.mask_of(move.squares)))
            if len(codes) > 1:
                reached = [pos.play(color, code) for code in codes]
                features = np.array([outcome_features(after, goals[mover]) for after in reached])
                by_phase[value_phase(reached[0])].append((features, played))
            after = pos.play(color, codes[played])
            by_colour = colour_features(after)
            for player in sorted(range(variant.num_players), key=lambda p: p != mover):
                goal = goals[player]
                view = (turn_share(goal, color), np.array(goal) @ by_colour)
                played_by.append((value_phase(after), player, *view))
            board.push(move, color)
        final = board.player_scores("points")
        for phase, player, turn, features in played_by:
            outcomes[phase].append((features, turn, rank_score(final, player)))
    return by_phase, outcomes


def calibration(outcomes, weights: list[list[float]], players: int = 2) -> list[list[float]]:
    """Per phase, the slope and the tempo of :func:`game.ai_value.win_value`: the logistic
    regression of each player's result (among ``players``) on the value by ``weights`` (in
    points) of the position for that player and on its turn share."""
    # Results come in steps of half a rival beaten: a result r is choice 0 of (win, loss) r *
    # shares times and choice 1 the rest (with two players a win twice, a draw once each).
    shares = 2 * (players - 1)
    fitted = []
    for data, w in zip(outcomes, weights, strict=True):
        choices = []
        for features, turn, result in data:
            value = features[0] + float(np.dot(w, features[1:]))
            pair = np.array([[value, turn], [0.0, 0.0]])
            won = round(shares * result)
            choices += [(pair, 0)] * won + [(pair, 1)] * (shares - won)
        # Unpenalised: two weights, thousands of results.
        fitted.append(fit(choices, scale_floor=0.0, steps=1000, l2=0.0).round(4).tolist())
    return fitted


def in_points(w: np.ndarray) -> list[float]:
    """Softmax weights (points first) divided by the points' weight, without it."""
    assert w[0] > 0, "the fit values points negatively: too few games?"
    return (w[1:] / w[0]).round(4).tolist()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--variant", default="duo", choices=("duo", "classic_2", "classic", "trigon_2")
    )
    parser.add_argument("--games", type=int, default=320)
    parser.add_argument("--level", type=int, default=6)
    parser.add_argument("--seed", type=int, default=31, help="Pentobi's seeds: this and the next")
    args, texts = parse_game_options(parser)
    if texts is None:
        return
    by_phase, outcomes = samples(texts)
    print(f"{len(texts)} games; log loss and top-1 agreement per phase:")
    sections = {"values": [in_points(fit(data)) for data in by_phase]}
    print("the results' log loss per phase, by value and turn:")
    players = Board(args.variant).variant.num_players
    sections["calibration"] = calibration(outcomes, sections["values"], players)
    store_weights(WEIGHTS_FILE, VALUE_FEATURES, args.variant, **sections)


if __name__ == "__main__":
    main()

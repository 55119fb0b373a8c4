"""Fit the learned evaluation's weights (``game/data/ai_value_weights.json``) to a strong engine's
choices.

    python tools/learn_eval.py --variant duo --games 240 --chunks 20 --level 6 --seed 41 [--jobs 2]
    python tools/learn_eval.py --variant trigon_2 --games 60 --chunks 6 --level 4 --seed 61

(the shipped weights come from these two runs; ``--variant classic_2`` fits the two-player
Classic game's, not shipped: see ``bench/RESULTS.md``). Plays ``--games`` games of Pentobi (level
``--level``, no opening book) against itself with ``twogtp``, as ``tools/learn_ai.py`` does, or
reads the games of ``--sgf`` files. Every position of every game gives one sample: for the
position after each legal move, the mover's points and the features of
:func:`game.ai_value.value_features`, each summed over the colours weighed by the mover's goal
(+1 own, -1 rival), and which move the engine played. The weights of each phase (that of the
positions after the move, :func:`game.ai_value.value_phase`) are the softmax regression of
``tools/learn_ai.py`` (:func:`learn_ai.fit`) of the move played over the positions reached:
an evaluation under which the engine's choice ranks first. They are stored divided by the
points' weight, so that values count in points. The other boards' weights in the file are kept.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from learn_ai import add_game_options, fit, store_weights, texts_of  # noqa: E402

from game.ai import goal_of  # noqa: E402
from game.ai_eval import Position  # noqa: E402
from game.ai_value import (  # noqa: E402
    PHASES,
    VALUE_FEATURES,
    WEIGHTS_FILE,
    points,
    value_features,
    value_phase,
)
from game.board import Board  # noqa: E402
from game.sgf import read_sgf  # noqa: E402


def outcome_features(pos: Position, goal) -> np.ndarray:
    """The points and :data:`VALUE_FEATURES` of ``pos``, summed over colours weighed by ``goal``."""
    weighed = np.array(goal)
    return np.concatenate(
        [
            [weighed @ np.array(points(pos), dtype=np.float64)],
            weighed @ np.array(value_features(pos), dtype=np.float64),
        ]
    )


def samples(game_texts: list[str]) -> list[list[tuple[np.ndarray, int]]]:
    """Per phase, (:func:`outcome_features` after each legal move, index of the move played)
    for every position of every game with more than one legal move."""
    by_phase: list[list[tuple[np.ndarray, int]]] = [[] for _ in range(PHASES)]
    for text in game_texts:
        record = read_sgf(text)
        board = Board(record.variant.name)
        for color, move in record.move_stack:
            pos = Position.from_board(board)
            codes = pos.legal_codes(color)
            if len(codes) > 1:
                goal = goal_of(record.variant, record.variant.player_of_color(color, 0))
                reached = [pos.play(color, code) for code in codes]
                features = np.array([outcome_features(after, goal) for after in reached])
                played = codes.index(board.geometry.code_of(board.geometry.mask_of(move.squares)))
                by_phase[value_phase(reached[0])].append((features, played))
            board.push(move, color)
    return by_phase


def in_points(w: np.ndarray) -> list[float]:
    """Softmax weights (points first) divided by the points' weight, without it."""
    assert w[0] > 0, "the fit values points negatively: too few games?"
    return (w[1:] / w[0]).round(4).tolist()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="duo", choices=("duo", "classic_2", "trigon_2"))
    parser.add_argument("--games", type=int, default=320)
    parser.add_argument("--level", type=int, default=6)
    parser.add_argument("--seed", type=int, default=31, help="Pentobi's seeds: this and the next")
    add_game_options(parser)
    args = parser.parse_args()
    texts = texts_of(args)
    if texts is None:
        return
    print(f"{len(texts)} games; log loss and top-1 agreement per phase:")
    learned = [in_points(fit(data)) for data in samples(texts)]
    store_weights(WEIGHTS_FILE, VALUE_FEATURES, "values", args.variant, learned)


if __name__ == "__main__":
    main()

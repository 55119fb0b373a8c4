"""Fit the tree's value network (``game/data/ai_value_weights.json``, section ``network``) to a
strong engine's judgement of positions.

    python tools/learn_value.py --variant classic_2 --games 600 --level 5 --seed 30000 --jobs 2

(the shipped network comes from this run, about 10 minutes on two cores). Plays ``--games``
games of Pentobi's GTP engine (level ``--level``, no opening book; built by
``../shared/tools/build-pentobi``, found as ``tools/learn_ai.py`` finds it) against itself, game
``i`` with seed ``--seed + i``, ``--jobs`` at once, or reads the games of ``--games-file`` files
(``--out`` writes them: one game a line, JSON). After its first piece a colour plays, with
probability :data:`EXPLORE`, a move drawn from the learned prior (:mod:`game.ai_prior`) instead
of Pentobi's, so that the games also hold the unlikely positions a search meets. Every move
Pentobi chooses labels the position before it with its search's value (GTP ``get_value``: the
expected result of the player who moved last, so one less it for the mover's player).

The network (:class:`game.ai_value.ValueNetwork`) reads, for each colour in turn order from the
one to move, its points and :func:`game.ai_value.value_features`, and the game phase; one layer of
:data:`HIDDEN` tanh units, fitted by Adam to the labels (cross-entropy), then per phase a logistic
regression of the games' results on its output, so that its values are expected results as the
evaluation's calibration makes them (:func:`game.ai_value.win_value`). The other sections and
boards of the file are kept.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from learn_ai import PENTOBI_BUILD, store_weights  # noqa: E402

from game.ai import goal_of  # noqa: E402
from game.ai_eval import Position  # noqa: E402
from game.ai_prior import prior_logits  # noqa: E402
from game.ai_value import PHASES, VALUE_FEATURES, WEIGHTS_FILE, network_inputs  # noqa: E402
from game.board import Board  # noqa: E402
from game.pieces import Move  # noqa: E402

#: The chance that a colour plays a move drawn from the prior instead of Pentobi's.
EXPLORE = 0.15
HIDDEN = 16


def gtp(engine: subprocess.Popen, command: str) -> str:
    """Send ``command`` to ``engine``; its answer (GTP: ``=`` and text, then an empty line)."""
    engine.stdin.write(command + "\n")
    engine.stdin.flush()
    lines: list[str] = []
    while True:
        line = engine.stdout.readline()
        if not line:
            raise RuntimeError(f"the engine stopped at {command!r}")
        line = line.rstrip("\n")
        if line:
            lines.append(line)
        elif lines:
            break
    answer = "\n".join(lines)
    if not answer.startswith("="):
        raise RuntimeError(f"{command}: {answer}")
    return answer[1:].strip()


def play_game(variant: str, level: int, seed: int) -> dict:
    """One game of Pentobi against itself with seed ``seed``: its moves (colour, notation), its
    labels (ply, mover, Pentobi's value) and its final scores."""
    rng = random.Random(seed)
    engine = subprocess.Popen(
        [str(PENTOBI_BUILD / "pentobi_gtp/pentobi-gtp"), "--nobook", "--noresign", "-q"]
        + ["-l", str(level), "-g", variant, "-r", str(seed)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    board = Board(variant)
    names = ["b", "w"] if len(board.variant.colors) == 2 else ["1", "2", "3", "4"]
    moves, labels = [], []
    while board.turn is not None:
        color = board.turn
        first = board.pieces_played(color) == 0
        if not first and rng.random() < EXPLORE:
            codes = board.legal_codes()
            goal = goal_of(board.variant, board.player_to_move)
            logits = prior_logits(Position.from_board(board), color, codes, goal)
            weights = [math.exp(x - max(logits)) for x in logits]
            move = board.move_from_code(rng.choices(codes, weights=weights)[0])
            gtp(engine, f"play {names[color]} {move}")
        else:
            move = Move.parse(gtp(engine, f"genmove {names[color]}"))
            # A colour's first move is Pentobi's fixed opening: its search reports no value.
            value = float(gtp(engine, "get_value"))
            if not first:
                labels.append([len(moves), color, value])
        board.push(move, color)
        moves.append([color, str(move)])
    gtp(engine, "quit")
    engine.wait()
    return {
        "variant": variant,
        "seed": seed,
        "moves": moves,
        "labels": labels,
        "scores": board.scores(),
    }


def samples(games: list[dict]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per labelled position: the network's inputs, the game phase, Pentobi's expected result
    for the mover's player (0 to 1) and that player's result in the game (1, 0.5 or 0)."""
    inputs, phases, targets, results = [], [], [], []
    for game in games:
        board = Board(game["variant"])
        variant = board.variant
        scores = game["scores"]
        totals = [sum(scores[c] for c in colors) for colors in variant.player_colors]
        labels = {ply: (color, value) for ply, color, value in game["labels"]}
        for ply, (color, text) in enumerate(game["moves"]):
            if ply in labels:
                mover, value = labels[ply]
                pos = Position.from_board(board)
                x, phase = network_inputs(pos, mover)
                inputs.append(x)
                phases.append(phase)
                targets.append(1.0 - min(max(value, 0.0), 1.0))
                own = totals[variant.player_of_color(mover)]
                rival = sum(totals) - own
                results.append(1.0 if own > rival else 0.5 if own == rival else 0.0)
            board.push(Move.parse(text), color)
    return np.array(inputs, float), np.array(phases), np.array(targets), np.array(results)


def fit_logistic(
    x: np.ndarray, y: np.ndarray, hidden: int, steps: int, rate: float, l2: float = 1e-4
) -> dict:
    """Adam on the cross-entropy of ``sigmoid(network(x))`` against ``y`` (0 to 1), inputs
    standardised; ``hidden`` tanh units (0: a logistic regression). The fitted weights."""
    rng = np.random.default_rng(0)
    mean, scale = x.mean(0), x.std(0) + 1e-6
    z = (x - mean) / scale
    d = z.shape[1]
    params = {}
    if hidden:
        params["W1"] = rng.normal(0, 1 / np.sqrt(d), (d, hidden))
        params["b1"] = np.zeros(hidden)
        params["W2"] = rng.normal(0, 1 / np.sqrt(hidden), (hidden,))
    else:
        params["W2"] = np.zeros(d)
    params["b2"] = np.zeros(1)
    first = {k: np.zeros_like(v) for k, v in params.items()}
    second = {k: np.zeros_like(v) for k, v in params.items()}
    for t in range(1, steps + 1):
        h = np.tanh(z @ params["W1"] + params["b1"]) if hidden else z
        p = 1 / (1 + np.exp(-(h @ params["W2"] + params["b2"])))
        g = (p - y) / len(y)
        grads = {"W2": h.T @ g + l2 * params["W2"], "b2": np.array([g.sum()])}
        if hidden:
            gh = np.outer(g, params["W2"]) * (1 - h**2)
            grads["W1"] = z.T @ gh + l2 * params["W1"]
            grads["b1"] = gh.sum(0)
        for k in params:
            first[k] = 0.9 * first[k] + 0.1 * grads[k]
            second[k] = 0.999 * second[k] + 0.001 * grads[k] ** 2
            params[k] -= (
                rate * (first[k] / (1 - 0.9**t)) / (np.sqrt(second[k] / (1 - 0.999**t)) + 1e-8)
            )
    return {"mean": mean, "scale": scale, **params}


def network_logits(fitted: dict, x: np.ndarray) -> np.ndarray:
    """The fitted network's logits of ``x``, rows of inputs."""
    z = (x - fitted["mean"]) / fitted["scale"]
    h = np.tanh(z @ fitted["W1"] + fitted["b1"]) if "W1" in fitted else z
    return h @ fitted["W2"] + fitted["b2"]


def fit_network(x, phases, targets, results, phase_count: int) -> dict:
    """The network fitted to ``targets``, with per phase the slope and bias of its logit that
    best predict ``results``."""
    fitted = fit_logistic(x, targets, HIDDEN, steps=4000, rate=3e-3)
    p = np.clip(1 / (1 + np.exp(-network_logits(fitted, x))), 1e-4, 1 - 1e-4)
    logit = np.log(p / (1 - p))
    calibration = []
    for phase in range(phase_count):
        mask = phases == phase
        line = fit_logistic(logit[mask][:, None], results[mask], 0, steps=2000, rate=1e-2)
        weight, mean, scale = line["W2"][0], line["mean"][0], line["scale"][0]
        calibration.append([float(weight / scale), float(line["b2"][0] - weight * mean / scale)])
    return {
        "mean": fitted["mean"].tolist(),
        "scale": fitted["scale"].tolist(),
        "hidden_weights": fitted["W1"].tolist(),
        "hidden_bias": fitted["b1"].tolist(),
        "output_weights": fitted["W2"].tolist(),
        "output_bias": float(fitted["b2"][0]),
        "calibration": calibration,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="classic_2", choices=("duo", "classic_2"))
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--level", type=int, default=5)
    parser.add_argument("--seed", type=int, default=30000, help="game i's seed is this + i")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--games-file", nargs="*", help="games to learn from instead of playing")
    parser.add_argument("--out", help="also write the games played to this file")
    args = parser.parse_args()
    if args.games_file:
        lines = [line for f in args.games_file for line in Path(f).read_text().splitlines()]
        games = [json.loads(line) for line in lines if line.strip()]
    else:
        with ThreadPoolExecutor(args.jobs) as pool:
            games = list(
                pool.map(
                    lambda i: play_game(args.variant, args.level, args.seed + i),
                    range(args.games),
                )
            )
        if args.out:
            Path(args.out).write_text("".join(json.dumps(g) + "\n" for g in games))
    x, phases, targets, results = samples(games)
    print(f"{len(games)} games, {len(targets)} positions")
    network = fit_network(x, phases, targets, results, PHASES)
    store_weights(WEIGHTS_FILE, VALUE_FEATURES, args.variant, network=network)


if __name__ == "__main__":
    main()

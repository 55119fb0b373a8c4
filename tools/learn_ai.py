"""Fit the move prior's weights (``game/data/ai_weights.json``) to a strong engine's moves.

    python tools/learn_ai.py --variant duo --games 379 --seed 11 [--level 5] [--sgf FILE ...]
    python tools/learn_ai.py --variant classic_2 --games 300 --seed 21 --scale-floor 0
    python tools/learn_ai.py --variant trigon_2 --games 48 --chunks 8 --jobs 8 --seed 51

(the shipped weights come from these three runs; classic_2's without the scale floor of
:func:`fit`, with which they play stronger, see the README). Plays ``--games`` games of Pentobi
(level ``--level``, no opening book) against itself with Pentobi's match runner ``twogtp`` (both
built by ``../shared/tools/build-pentobi``; found in ``$PENTOBI_BUILD``, default
``~/.cache/pentobi/build``), in ``--chunks`` runs of twogtp with seeds of their own, ``--jobs``
at once (``--chunk I --out PREFIX`` plays only chunk I, for another machine), or reads the games
of ``--sgf`` files (one game per line, as twogtp writes them; the chunks' files in chunk order
give the same fit). Every position of every game gives one sample: the features of each legal move
(:func:`game.ai_prior.move_features`) and the move the engine played. The weights of each game
phase are the softmax regression (maximum likelihood with a small L2 penalty, by Adam) of the
move played over the legal moves. Each variant trains its own weights (``classic``, four
colours, also serves ``classic_3``; until it is fitted both use ``classic_2``'s, see
:func:`game.ai_prior.weights`; so do ``trigon_2``'s for ``trigon`` and ``trigon_3``); the others
in the file are kept.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import goal_of  # noqa: E402
from game.ai_eval import Position  # noqa: E402
from game.ai_prior import (  # noqa: E402
    PHASE_BOUNDS,
    WEIGHTS_FILE,
    board_key,
    feature_names,
    move_features,
    phase_of,
)
from game.board import Board  # noqa: E402
from game.sgf import read_sgf  # noqa: E402

PENTOBI_BUILD = Path(os.environ.get("PENTOBI_BUILD", Path.home() / ".cache/pentobi/build"))


def play_games(variant: str, games: int, level: int, seed: int, out: Path) -> Path:
    """Pentobi against itself (seeds ``seed`` and ``seed + 1``), with twogtp; return the game
    file."""
    engine = PENTOBI_BUILD / "pentobi_gtp/pentobi-gtp"
    command = f"{engine} --nobook --noresign -q -l {level}"
    subprocess.run(
        [
            str(PENTOBI_BUILD / "twogtp/twogtp"),
            *("-b", f"{command} -r {seed}", "-w", f"{command} -r {seed + 1}"),
            *("-g", variant, "-n", str(games), "-f", str(out), "--quiet"),
        ],
        check=True,
    )
    return out.with_suffix(".blksgf")


def samples(game_texts: list[str], prior: list[list]) -> None:
    """Append to ``prior[phase]`` (features of every legal move, index of the move played) per
    position."""
    for text in game_texts:
        record = read_sgf(text)
        variant = record.variant
        board = Board(variant.name)
        goals = [goal_of(variant, p) for p in range(variant.num_players)]
        for color, move in record.move_stack:
            assert board.turn == color, "the record skips a colour that could move"
            pos = Position.from_board(board)
            codes = pos.legal_codes(color)
            played = board.geometry.code_of(board.geometry.mask_of(move.squares))
            if len(codes) > 1:
                goal = goals[board.player_to_move]
                features = move_features(pos, color, codes, goal)
                prior[phase_of(pos, color)].append((features, codes.index(played)))
            board.push(move)


#: The least spread a feature is standardised by: that of a 0/1 feature true in 1 move in 16.
SCALE_FLOOR = 0.25


def fit(data, scale_floor: float = SCALE_FLOOR, steps: int = 400, l2: float = 1e-3) -> np.ndarray:
    """Softmax-regression weights for samples (features, chosen index), each feature
    standardised by its spread, floored at ``scale_floor``."""
    x = np.concatenate([f for f, _ in data]).astype(np.float64)
    sizes = np.array([len(f) for f, _ in data])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    chosen = starts + np.array([i for _, i in data])
    segment = np.repeat(np.arange(len(data)), sizes)
    # Adam converges evenly on standardised features; the floor keeps a rare feature from being
    # scaled up so far that the L2 penalty no longer holds its weight.
    scale = np.maximum(x.std(axis=0) + 1e-6, scale_floor)
    x /= scale
    w = np.zeros(x.shape[1])
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for t in range(1, steps + 1):
        z = x @ w
        z -= np.maximum.reduceat(z, starts)[segment]
        e = np.exp(z)
        p = e / np.add.reduceat(e, starts)[segment]
        grad = (x.T @ p - x[chosen].sum(axis=0)) / len(data) + l2 * w
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= 0.05 * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    z = x @ w
    best = np.maximum.reduceat(z, starts)
    nll = np.mean(np.log(np.add.reduceat(np.exp(z - best[segment]), starts)) + best - z[chosen])
    top1 = np.mean(z[chosen] >= best)
    print(f"  {len(data)} positions: log loss {nll:.3f}, engine's move ranked first {top1:.1%}")
    return w / scale


def chunk_seed(seed: int, chunk: int) -> int:
    """Pentobi's first seed in ``chunk`` (the second is the next): chunks never share seeds."""
    return seed + 2 * chunk


def play_chunk(variant: str, games: int, chunks: int, level: int, seed: int, chunk: int, out):
    """Play chunk ``chunk`` of ``games`` games split into ``chunks`` (the first ones one game
    longer when they do not divide) into ``out`` (twogtp's file prefix); return the game file."""
    size = games // chunks + (chunk < games % chunks)
    return play_games(variant, size, level, chunk_seed(seed, chunk), Path(out))


def game_texts(
    variant: str, games: int, level: int, seed: int, sgf, chunks: int = 1, jobs: int = 1
) -> list[str]:
    """The records to learn from, one game a line: the ``sgf`` files' if any, else ``games``
    games of Pentobi ``level`` against itself played now in ``chunks`` (see
    :func:`play_chunk`), ``jobs`` at once."""
    if sgf:
        files = [Path(f) for f in sgf]
    else:
        folder = Path(tempfile.mkdtemp())
        with ThreadPoolExecutor(jobs) as pool:
            files = list(
                pool.map(
                    lambda i: play_chunk(
                        variant, games, chunks, level, seed, i, folder / f"{variant}-{i:02}"
                    ),
                    range(chunks),
                )
            )
    return [line for f in files for line in f.read_text().splitlines() if line.strip()]


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """The options, beside ``--games``, ``--level`` and ``--seed``, that say where the games come
    from: ``--sgf``, or chunks played at once or one by one on other machines."""
    parser.add_argument("--sgf", nargs="*", help="games to learn from instead of playing them")
    parser.add_argument(
        "--chunks",
        type=int,
        default=1,
        help="play the games in this many chunks, chunk i with Pentobi's seeds seed + 2i and"
        " seed + 2i + 1",
    )
    parser.add_argument("--jobs", type=int, default=1, help="chunks played at once")
    parser.add_argument(
        "--chunk",
        type=int,
        help="only play this chunk into --out (twogtp's prefix: PREFIX.blksgf), fit nothing;"
        " the fit then reads the chunks' files, in chunk order, with --sgf",
    )
    parser.add_argument("--out", help="with --chunk: the game file's prefix")


def parse_game_options(parser: argparse.ArgumentParser):
    """``parser``'s options with :func:`add_game_options`'s, and the games they ask for (None
    once ``--chunk`` alone was played)."""
    add_game_options(parser)
    args = parser.parse_args()
    return args, texts_of(args)


def texts_of(args: argparse.Namespace) -> list[str] | None:
    """The games :func:`add_game_options` asks for; None once ``--chunk`` alone was played."""
    if args.chunk is not None:
        if not args.out or not 0 <= args.chunk < args.chunks:
            sys.exit(f"--chunk needs --out and a chunk from 0 to {args.chunks - 1}")
        play_chunk(
            args.variant, args.games, args.chunks, args.level, args.seed, args.chunk, args.out
        )
        return None
    return game_texts(
        args.variant, args.games, args.level, args.seed, args.sgf, args.chunks, args.jobs
    )


def store_weights(path: Path, features, variant: str, **sections: list) -> None:
    """Write each of ``sections`` (a section name of the weights file ``path`` and what was
    learned for it) into the file, with the names of ``features``, for the board key of
    ``variant``'s first player; the other keys stay."""
    stored = json.loads(path.read_text()) if path.exists() else {}
    board = Board(variant)
    key = board_key(Position.from_board(board), goal_of(board.variant, 0))
    stored.setdefault("features", {})[key] = list(features)
    for section, learned in sections.items():
        stored.setdefault(section, {})[key] = learned
    path.write_text(json.dumps(stored) + "\n")
    print(f"wrote {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--variant", default="duo", choices=("duo", "classic_2", "classic", "trigon_2")
    )
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--level", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1, help="Pentobi's seeds: this and the next")
    parser.add_argument(
        "--scale-floor",
        type=float,
        default=SCALE_FLOOR,
        help="least spread a feature is standardised by (0: none, as classic_2's shipped"
        " weights were fitted)",
    )
    args, texts = parse_game_options(parser)
    if texts is None:
        return
    prior: list[list] = [[] for _ in range(len(PHASE_BOUNDS) + 1)]
    samples(texts, prior)
    print(f"{len(texts)} games; log loss and top-1 agreement per phase:")
    learned = [fit(data, args.scale_floor).round(4).tolist() for data in prior]
    names = feature_names(Position.from_board(Board(args.variant)).tab)
    store_weights(WEIGHTS_FILE, names, args.variant, prior=learned)


if __name__ == "__main__":
    main()

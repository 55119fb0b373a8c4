"""Figures of issue 11 in CPython: the share link's length for complete games, and the time to
analyse a complete Duo game at the top level.

    python bench/review.py [--games N]

Games are played by the Strong level against itself (seeds 0..N-1). Prints JSON: per variant the
link length in characters (``#`` + fragment: what the URL grows by), median and max; the moves
of those games; and for one complete Duo game the analysis time (wall and CPU), its number of
positions and the longest single slice (``step(0)``) of the analysis.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Board  # noqa: E402
from game.ai import choose_move  # noqa: E402
from game.analysis import Analysis  # noqa: E402
from game.link import to_fragment  # noqa: E402
from game.record import HUMAN, GameRecord  # noqa: E402

PLAYER_LEVEL = 3


def complete_game(variant: str, seed: int) -> Board:
    board = Board(variant)
    while board.turn is not None:
        board.push(choose_move(board, PLAYER_LEVEL, seed=seed * 1000 + board.ply()))
    return board


def link_lengths(variant: str, games: int) -> dict:
    lengths, moves = [], []
    for seed in range(games):
        board = complete_game(variant, seed)
        seats = (HUMAN,) * board.variant.num_players
        lengths.append(1 + len(to_fragment(GameRecord(board, seats))))
        moves.append(board.ply())
    return {
        "link_chars_median": statistics.median(lengths),
        "link_chars_max": max(lengths),
        "moves": moves,
    }


def analysis_time() -> dict:
    board = complete_game("duo", 0)
    analysis = Analysis(board)
    longest = 0.0
    wall, cpu = time.perf_counter(), time.process_time()
    while not analysis.done:
        started = time.perf_counter()
        analysis.step(0)
        longest = max(longest, time.perf_counter() - started)
    return {
        "duo_analysis_s": round(time.perf_counter() - wall, 2),
        "duo_analysis_cpu_s": round(time.process_time() - cpu, 2),
        "positions": board.ply() + 1,
        "longest_slice_ms": round(longest * 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    figures = {variant: link_lengths(variant, args.games) for variant in ("classic", "duo")}
    figures["analysis"] = analysis_time()
    figures["load_average"] = os.getloadavg()[0]
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()

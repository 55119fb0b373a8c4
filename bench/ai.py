"""Time per move of every AI level in CPython, in Duo, Classic (two and four players), Junior
and Trigon (two, four and three players).

    python bench/ai.py [--games N] [--levels 1,2,3,4] [--variants duo,classic_2,...]

Each level plays N whole games against itself (every colour) per variant, with a different seed
per game. Prints JSON: per level and variant, ``median_ms`` and ``max_ms`` of wall time per move,
the same in CPU time of this process (``cpu_median_ms``, ``cpu_max_ms``: what the move costs when
the shared machine is busy with other work), the number of moves timed, the load average;
``top_level``: the top level's CPU seconds per move (median, max) per variant; and the targets
(Beginner median <= 20 ms; top level median <= 0.4 s and max <= 1.2 s of CPU, issue 14).
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

import results  # noqa: E402

from game import Board  # noqa: E402
from game.ai import LEVEL_NAMES, LEVELS, choose_move  # noqa: E402

VARIANTS = ("duo", "classic_2", "classic", "junior", "trigon_2", "trigon", "trigon_3")
TARGETS = {"beginner_median_ms": 20, "top_cpu_median_s": 0.4, "top_cpu_max_s": 1.2}


def time_level(variant: str, level: int, games: int) -> dict:
    """Seconds per move of ``level`` playing ``games`` whole games of ``variant`` alone."""
    wall, cpu = [], []
    for game in range(games):
        board = Board(variant)
        while board.turn is not None:
            started, started_cpu = time.perf_counter(), time.process_time()
            move = choose_move(board, level, seed=1000 * game + board.ply())
            wall.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
            board.push(move)
    return {
        "median_ms": round(1000 * statistics.median(wall), 2),
        "max_ms": round(1000 * max(wall), 2),
        "cpu_median_ms": round(1000 * statistics.median(cpu), 2),
        "cpu_max_ms": round(1000 * max(cpu), 2),
        "moves": len(wall),
    }


def level_key(level: int) -> str:
    return f"{level} {LEVEL_NAMES[level]}"


def top_level_summary(level: int, timings: dict) -> dict:
    """The top level's CPU seconds per move in each variant, beside the targets."""
    return {
        "level": level_key(level),
        **{
            variant: {
                "cpu_median_s": round(figures["cpu_median_ms"] / 1000, 3),
                "cpu_max_s": round(figures["cpu_max_ms"] / 1000, 3),
                "within_targets": figures["cpu_median_ms"] <= 1000 * TARGETS["top_cpu_median_s"]
                and figures["cpu_max_ms"] <= 1000 * TARGETS["top_cpu_max_s"],
            }
            for variant, figures in timings.items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--levels", default=",".join(map(str, LEVELS)))
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument(
        "--append-results", action="store_true", help="also add the figures to bench/RESULTS.md"
    )
    args = parser.parse_args()
    for variant in args.variants.split(","):  # build the move tables outside the timings
        choose_move(Board(variant), 1)
    result = {
        "python": sys.version.split()[0],
        "games_per_level": args.games,
        "targets": TARGETS,
        "load_average_before": round(os.getloadavg()[0], 2),
        "levels": {},
    }
    levels = [int(level) for level in args.levels.split(",")]
    for level in levels:
        result["levels"][level_key(level)] = {
            variant: time_level(variant, level, args.games) for variant in args.variants.split(",")
        }
    top = LEVELS[-1]
    if top in levels:
        result["top_level"] = top_level_summary(top, result["levels"][level_key(top)])
    result["load_average_after"] = round(os.getloadavg()[0], 2)
    print(json.dumps(result, indent=2))
    if args.append_results:
        results.append(result, sys.argv)


if __name__ == "__main__":
    main()

"""Puzzle solver speed: time to a first solution from the empty board, per puzzle.

    python bench/solver.py [--seeds N] [--budget SECONDS] [PUZZLE ...]

Prints JSON: per puzzle the median seconds to a first solution over seeds 1..N (null when a
seed found none within the budget), how many seeds solved it, and nodes per second (placements
tried, over all seeds). Target (CPython, this machine): the tetromino rectangle under 5 s.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.puzzles import PUZZLES, find_puzzle, puzzle_board  # noqa: E402
from game.solver import Solver  # noqa: E402


def bench_puzzle(name: str, seeds: int, budget: float) -> dict:
    times, nodes, spent = [], 0, 0.0
    for seed in range(1, seeds + 1):
        board = puzzle_board(name)
        start = time.perf_counter()
        solver = Solver(board, seed)
        while not solver.step(500) and time.perf_counter() - start < budget:
            pass
        elapsed = time.perf_counter() - start
        spent += elapsed
        nodes += solver.nodes
        if solver.solution is not None:
            for color, move in solver.solution:  # count only solutions that really solve it
                board.push(move, color)
        times.append(elapsed if board.is_solved() else None)
    solved = [t for t in times if t is not None]
    return {
        "median_s_to_first_solution": (
            round(statistics.median(times), 3) if len(solved) == len(times) else None
        ),
        "solved_seeds": f"{len(solved)}/{seeds}",
        "max_s": round(max(solved), 3) if solved else None,
        "nodes_per_s": round(nodes / spent) if spent else None,
        "budget_s": budget,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", default=list(PUZZLES))
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--budget", type=float, default=30.0, help="seconds per seed")
    args = parser.parse_args()
    names = [find_puzzle(name).name for name in args.puzzles]
    report = {name: bench_puzzle(name, args.seeds, args.budget) for name in names}
    print(json.dumps({"python": sys.version.split()[0], "puzzles": report}, indent=2))


if __name__ == "__main__":
    main()

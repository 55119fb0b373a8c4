"""Engine speed: uniform-random games that generate every legal move at every turn.

    python bench/engine.py [--games N] [--seed S]

Prints JSON. ``*_games_per_s`` use the engine's move codes (what the AI and solver use);
``*_games_per_s_moves`` the same games through the public Move objects.
``classic_movegen_us_median`` is the time to generate the full legal move list of the colour
to move, over the positions of those games.
"""

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Board  # noqa: E402


def random_games(variant: str, games: int, seed: int, *, use_move_objects: bool = False):
    """Play ``games`` random games; return (seconds, plies)."""
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        board = Board(variant)
        while board.turn is not None:
            if use_move_objects:
                board.push(rng.choice(list(board.legal_moves)))
            else:
                board.push_code(rng.choice(board.legal_codes()))
            plies += 1
    return time.perf_counter() - start, plies


def random_positions(variant: str, count: int, seed: int) -> list[Board]:
    """``count`` positions from random games, each with a colour to move."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        board = Board(variant)
        while board.turn is not None and len(positions) < count:
            positions.append(board.copy())
            board.push_code(rng.choice(board.legal_codes()))
    return positions


def movegen_times(positions):
    """Per position: (microseconds to generate the full legal move list, number of moves)."""
    times, counts = [], []
    for board in positions:
        color, geo = board.turn, board.geometry
        # The board caches the list of the colour to move: regenerate it from the masks.
        free = geo.full & ~board.forbidden_mask(color)
        start = time.perf_counter()
        codes = geo.placements(free, board.attach_mask(color), board.used_pieces_mask(color))
        times.append((time.perf_counter() - start) * 1e6)
        counts.append(len(codes))
    return times, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    report = {}
    for variant, games in (("classic", args.games), ("duo", args.games * 2)):
        seconds, plies = random_games(variant, games, args.seed)
        times, counts = movegen_times(random_positions(variant, 3000, args.seed))
        report[f"{variant}_games_per_s"] = round(games / seconds, 1)
        report[f"{variant}_plies_per_game_mean"] = round(plies / games, 1)
        report[f"{variant}_movegen_us_median"] = round(statistics.median(times), 1)
        report[f"{variant}_legal_moves_per_turn_mean"] = round(statistics.mean(counts), 1)
        seconds, _ = random_games(variant, games // 3, args.seed, use_move_objects=True)
        report[f"{variant}_games_per_s_moves"] = round(games // 3 / seconds, 1)
    report["python"] = sys.version.split()[0]
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

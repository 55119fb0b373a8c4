"""Matches between AI levels: ``python -m game.arena --variant duo --a 4 --b 1 --games 200``.

Seats rotate from game to game. Level A takes one player's seat (in Classic one colour against
three colours of level B; in classic_2 one player's two colours; in classic_3 one of the three
players, Green being played by whoever's turn it is). A game counts as a win for A when A's
player scores more than every other player, a draw when A ties for the top, else a loss.
Games run in parallel processes (``--jobs``, default 2).

The level ladder, 200 games each with ``--seed 7`` (code of commit 06e9266, whose level 4 was a
search over the cheap score; levels 4 and 5 now use the learned prior and are measured against
Pentobi, see :data:`game.levels.LEVEL_STRENGTH`), A's win rate with draws counted half, its 95%
interval and the mean points margin::

    A vs B   Duo                      Classic (one seat against three)
    2 vs 1   87.7% (82.5-91.6) +12.5  85.8% (80.2-89.9) +11.3
    3 vs 2   90.5% (85.6-93.8) +10.5  73.5% (67.0-79.1)  +6.3
    4 vs 3   90.7% (85.9-94.0) +12.6  71.3% (64.6-77.1)  +6.9
    4 vs 1  100.0% (98.1-100)  +40.0
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from .ai import LEVELS, choose_move
from .board import Board
from .variants import VARIANTS


def play_game(variant: str, level_a: int, level_b: int, game_index: int, seed: int) -> dict:
    """Play one game with A in seat ``game_index % players``; return scores and move times."""
    board = Board(variant)
    seat_a = game_index % board.variant.num_players
    times: dict[int, list[float]] = {level_a: [], level_b: []}
    ply = 0
    while board.turn is not None:
        player = board.player_to_move
        level = level_a if player == seat_a else level_b
        started = time.perf_counter()
        move = choose_move(board, level, seed=(seed * 1_000_003 + game_index) * 1009 + ply)
        times[level].append(time.perf_counter() - started)
        board.push(move)
        ply += 1
    scores = board.player_scores()
    others = max(s for p, s in enumerate(scores) if p != seat_a)
    return {"seat": seat_a, "margin": scores[seat_a] - others, "times": times}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (draws count half)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def run_match(
    variant: str, level_a: int, level_b: int, games: int, seed: int = 1, jobs: int = 2
) -> dict:
    """Play ``games`` games and summarise them."""
    args = [(variant, level_a, level_b, i, seed) for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play_game, *zip(*args, strict=True)))
    else:
        results = [play_game(*a) for a in args]
    wins = sum(r["margin"] > 0 for r in results)
    draws = sum(r["margin"] == 0 for r in results)
    losses = games - wins - draws
    rate = (wins + draws / 2) / games
    low, high = wilson(wins + draws / 2, games)
    times = {}
    for level in {level_a, level_b}:
        samples = [t for r in results for t in r["times"][level]]
        times[level] = {
            "median_ms": round(1000 * statistics.median(samples), 1),
            "max_ms": round(1000 * max(samples), 1),
            "moves": len(samples),
        }
    return {
        "variant": variant,
        "a": level_a,
        "b": level_b,
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "win_rate": round(rate, 3),
        "interval95": [round(low, 3), round(high, 3)],
        "mean_margin": round(statistics.fmean(r["margin"] for r in results), 2),
        "time_per_move": times,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.arena", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--variant", default="duo", choices=sorted(VARIANTS))
    parser.add_argument("--a", type=int, required=True, choices=LEVELS, help="level of seat A")
    parser.add_argument("--b", type=int, required=True, choices=LEVELS, help="level of the others")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    summary = run_match(args.variant, args.a, args.b, args.games, args.seed, args.jobs)
    s = summary
    print(f"{s['variant']}: level {s['a']} (A) vs level {s['b']} (B), {s['games']} games")
    print(
        f"A wins {s['wins']}  draws {s['draws']}  losses {s['losses']}  "
        f"win rate {s['win_rate']:.1%}  95% interval {s['interval95'][0]:.1%}"
        f"-{s['interval95'][1]:.1%}  mean margin {s['mean_margin']:+.2f}"
    )
    for level, t in sorted(s["time_per_move"].items()):
        print(
            f"level {level}: median {t['median_ms']} ms  max {t['max_ms']} ms per move "
            f"({t['moves']} moves)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

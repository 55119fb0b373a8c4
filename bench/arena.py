"""Matches between AI levels: ``python3 bench/arena.py --variant duo --a 4 --b 1 --games 200``.

Seats rotate from game to game. Level A takes one player's seat (in Classic one colour against
three colours of level B; in classic_2 one player's two colours; in classic_3 one of the three
players, Green being played by whoever's turn it is). A game counts as a win for A when A's
player scores more than every other player, a draw when A ties for the top, else a loss.
Games run in parallel processes (``--jobs``, default 2).

Results so far are in bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.strength import wilson  # noqa: E402
from game.ai import LEVELS, choose_move  # noqa: E402
from game.board import Board  # noqa: E402
from game.variants import VARIANTS  # noqa: E402


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
    low, high = wilson(rate, games)
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
    parser = argparse.ArgumentParser(prog="bench/arena.py", description=__doc__.split("\n")[0])
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

"""Engine speed: uniform-random games that generate every legal move at every turn, beside
Pentobi's own engine doing the same when it is built.

    python bench/engine.py [--games N] [--seed S] [--repeats R] [--pentobi PATH]

Prints JSON. Per variant (``classic``, ``duo``, ``trigon``: four colours on triangles):

- ``games_per_s``: random games through the engine's move codes (what the AI and the solver
  use): each turn the board generates its colour's legal moves (:class:`~game.geometry.Placements`,
  counted and indexed without listing every code) and one is drawn;
- ``games_per_s_code_lists``: the same games with every turn's codes listed (``list(codes)``),
  as Pentobi's generator writes every move into a list;
- ``games_per_s_moves``: the same through the public :class:`Move` objects;
- ``movegen_us_median`` and ``code_list_us_median``: generating the colour to move's legal
  moves over the positions of those games, and then listing their codes;
- ``pentobi_games_per_s`` and ``ratio`` (Pentobi's rate over ours, ``games_per_s`` and
  ``games_per_s_code_lists``), for the variants it plays (:data:`PENTOBI_VARIANTS`), when
  ``pentobi-playouts`` is found: ``--pentobi``, else
  ``$PENTOBI_PLAYOUTS``, else ``~/.cache/pentobi/build/pentobi-playouts`` (built by
  ``../shared/tools/build-pentobi``). Both run in this one process's run, taking turns
  ``--repeats`` times; each rate is the best of its runs (as ``timeit`` takes the best: the
  machine's other work only ever slows a run down).
- ``trigon_game_time_over_classic``: a random Trigon game's time over a random Classic game's
  (``pentobi-playouts`` plays no Trigon).
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import results  # noqa: E402

from game import Board  # noqa: E402

PENTOBI_PLAYOUTS = Path.home() / ".cache" / "pentobi" / "build" / "pentobi-playouts"
#: The variants ``pentobi-playouts`` plays (it takes any other name for Classic).
PENTOBI_VARIANTS = ("classic", "duo")


def random_games(variant: str, games: int, seed: int, *, pick=None):
    """Play ``games`` random games, drawing each move with ``pick(rng, board)`` (default: a
    move code from the board's legal codes); return (seconds, plies)."""
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        board = Board(variant)
        while board.turn is not None:
            if pick is None:
                board.push_code(rng.choice(board.legal_codes()))
            else:
                pick(rng, board)
            plies += 1
    return time.perf_counter() - start, plies


def pick_from_code_list(rng, board) -> None:
    board.push_code(rng.choice(list(board.legal_codes())))


def pick_move(rng, board) -> None:
    board.push(rng.choice(list(board.legal_moves)))


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
    """Per position: microseconds to generate the legal moves of the colour to move, to list
    their codes after, and the number of moves."""
    generate, listing, counts = [], [], []
    for board in positions:
        color, geo = board.turn, board.geometry
        # The board caches the moves of the colour to move: generate them afresh from the masks.
        free = geo.full & ~board.forbidden_mask(color)
        start = time.perf_counter()
        found = geo.placements(free, board.attach_mask(color), board.used_pieces_mask(color))
        generated = time.perf_counter()
        codes = found.codes()
        generate.append((generated - start) * 1e6)
        listing.append((time.perf_counter() - generated) * 1e6)
        counts.append(len(codes))
    return generate, listing, counts


def pentobi_rate(binary: Path, variant: str, games: int) -> float | None:
    """Pentobi's random games per second for ``variant``, or None without the binary."""
    if not binary.is_file():
        return None
    out = subprocess.run(
        [str(binary), variant, str(games)], capture_output=True, text=True, check=True
    ).stdout
    return json.loads(out)["games_per_s"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--pentobi", type=Path, default=Path(os.environ.get("PENTOBI_PLAYOUTS", PENTOBI_PLAYOUTS))
    )
    parser.add_argument(
        "--append-results", action="store_true", help="also add the figures to bench/RESULTS.md"
    )
    args = parser.parse_args()
    report = {}
    for variant, games in (
        ("classic", args.games),
        ("duo", args.games * 2),
        ("trigon", args.games),
    ):
        rate = listed_rate = pentobi = 0.0
        for _ in range(args.repeats):
            seconds, plies = random_games(variant, games, args.seed)
            rate = max(rate, games / seconds)
            listed, _ = random_games(variant, games // 2, args.seed, pick=pick_from_code_list)
            listed_rate = max(listed_rate, games // 2 / listed)
            if variant in PENTOBI_VARIANTS:
                pentobi = max(pentobi, pentobi_rate(args.pentobi, variant, games * 10) or 0.0)
        generate, listing, counts = movegen_times(random_positions(variant, 3000, args.seed))
        report[f"{variant}_games_per_s"] = round(rate, 1)
        report[f"{variant}_games_per_s_code_lists"] = round(listed_rate, 1)
        report[f"{variant}_plies_per_game_mean"] = round(plies / games, 1)
        report[f"{variant}_movegen_us_median"] = round(statistics.median(generate), 1)
        report[f"{variant}_code_list_us_median"] = round(statistics.median(listing), 1)
        report[f"{variant}_legal_moves_per_turn_mean"] = round(statistics.mean(counts), 1)
        seconds, _ = random_games(variant, games // 3, args.seed, pick=pick_move)
        report[f"{variant}_games_per_s_moves"] = round(games // 3 / seconds, 1)
        if pentobi:
            report[f"{variant}_pentobi_games_per_s"] = pentobi
            report[f"{variant}_ratio"] = round(pentobi / rate, 2)
            report[f"{variant}_ratio_code_lists"] = round(pentobi / listed_rate, 2)
    report["trigon_game_time_over_classic"] = round(
        report["classic_games_per_s"] / report["trigon_games_per_s"], 2
    )
    report["python"] = sys.version.split()[0]
    print(json.dumps(report, indent=2))
    if args.append_results:
        results.append(report, sys.argv)


if __name__ == "__main__":
    main()

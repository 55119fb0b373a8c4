"""Differential check of the rules against Pentobi's own engine: the legal moves of every colour,
position after position of random games, must be the same move sets in both.

    python bench/pentobi_legal.py [--variant duo,classic,...,trigon_3] [--positions 5000]
                                  [--seed 1] [--pentobi PATH]

Each random game is played on our :class:`~game.board.Board` and, move by move over GTP, on
``pentobi-gtp`` (``--pentobi``, else ``$PENTOBI_GTP``, else the path
``../shared/tools/build-pentobi`` builds); at every position each colour's ``all_legal`` is
compared with ours, and at each game's end ``final_score``. Prints one JSON line per variant;
exits 1 on the first difference, naming the position (the moves so far) and the moves that
differ. Pentobi is not needed by the tests: this is for checking the engine after a change.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from strength import DEFAULT_PENTOBI, GtpClient, MatchError, check_final_score, gtp_color  # noqa: E402

from game.board import Board  # noqa: E402
from game.pieces import Move  # noqa: E402


def move_set(text: str) -> set[Move]:
    return {Move.parse(line) for line in text.split()}


def check_variant(pentobi: Path, variant: str, positions: int, seed: int) -> dict:
    """Compare ``positions`` positions (counting one per colour asked); raise on a difference."""
    engine = GtpClient("Pentobi", f"{pentobi} --nobook -q -g {variant}")
    rng = random.Random(seed)
    compared = games = 0
    try:
        while compared < positions:
            engine.send("clear_board")
            board = Board(variant)
            games += 1
            while True:
                for color in board.variant.colors:
                    ours = set(board.legal_moves_for(color))
                    theirs = move_set(engine.send(f"all_legal {gtp_color(board.variant, color)}"))
                    compared += 1
                    if ours != theirs:
                        played = " ".join(f"{c}:{m}" for c, m in board.move_stack)
                        raise MatchError(
                            f"{variant}, colour {color} after [{played}]: only ours "
                            f"{sorted(map(str, ours - theirs))}, only Pentobi's "
                            f"{sorted(map(str, theirs - ours))}"
                        )
                if board.turn is None:
                    check_final_score(engine, board, games)
                    break
                color = board.turn
                move = rng.choice(list(board.legal_moves))
                board.push(move)
                engine.send(f"play {gtp_color(board.variant, color)} {move}")
    finally:
        engine.close()
    return {"variant": variant, "positions": compared, "games": games, "same": True}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--variant", default="duo,classic,classic_2,classic_3,junior,trigon,trigon_2,trigon_3"
    )
    parser.add_argument("--positions", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pentobi", help="pentobi-gtp's path (default: $PENTOBI_GTP or ~/.cache)")
    args = parser.parse_args(argv)
    pentobi = Path(args.pentobi or os.environ.get("PENTOBI_GTP") or DEFAULT_PENTOBI)
    if not pentobi.is_file():
        print(
            f"Pentobi's GTP engine is not at {pentobi}: build it with "
            "../shared/tools/build-pentobi",
            file=sys.stderr,
        )
        return 2
    for variant in args.variant.split(","):
        start = time.perf_counter()
        try:
            row = check_variant(pentobi, variant, args.positions, args.seed)
        except MatchError as error:
            print(error, file=sys.stderr)
            return 1
        row["seconds"] = round(time.perf_counter() - start, 1)
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Learn the opening book (``game/data/ai_book.json``) from a strong engine's games against itself.

    python tools/learn_book.py --variant duo --games 240 --chunks 20 --level 6 --seed 41

(the shipped book comes from this run: the games Duo's learned evaluation is fitted to, see
``tools/learn_eval.py``; ``--sgf`` reads games already played). For every position of the first
``--plies`` plies of the games, each move played there at least ``--min-games`` times is judged
by the mover's results after it (1 won, 0.5 drawn, 0 lost): the book keeps the move whose Wilson
lower bound (95%) is highest, so that a move seldom played needs a clearly better record. The
other variants' books in the file are kept.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from learn_ai import parse_game_options  # noqa: E402

from game.ai_book import BOOK_FILE, position_key  # noqa: E402
from game.board import Board  # noqa: E402
from game.sgf import read_sgf  # noqa: E402


def lower_bound(results: list[float], z: float = 1.96) -> float:
    """The Wilson score interval's lower end for the mean of ``results`` (each in [0, 1])."""
    n = len(results)
    mean = sum(results) / n
    centre = mean + z * z / (2 * n)
    spread = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n)


def results_by_position(game_texts: list[str], plies: int) -> dict[str, dict[str, list[float]]]:
    """Per position of the first ``plies`` plies (:func:`game.ai_book.position_key`), per move
    played there, the mover's result of each game."""
    found: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for text in game_texts:
        record = read_sgf(text)
        board = Board(record.variant.name)
        opening = []
        for color, move in record.move_stack[:plies]:
            opening.append((position_key(board), str(move), record.variant.player_of_color(color)))
            board.push(move, color)
        for color, move in record.move_stack[plies:]:
            board.push(move, color)
        scores = board.player_scores()
        for key, move, player in opening:
            best = max(scores)
            won = scores[player] == best
            result = (1.0 if scores.count(best) == 1 else 0.5) if won else 0.0
            found[key][move].append(result)
    return found


def book(found: dict[str, dict[str, list[float]]], min_games: int) -> dict[str, str]:
    """Per position, the move of best :func:`lower_bound` among those played ``min_games``
    times or more; positions without one are left out."""
    chosen = {}
    for key, moves in found.items():
        tried = {move: results for move, results in moves.items() if len(results) >= min_games}
        if tried:
            chosen[key] = max(sorted(tried), key=lambda move: lower_bound(tried[move]))
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="duo", choices=("duo",))
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--level", type=int, default=6)
    parser.add_argument("--seed", type=int, default=41, help="Pentobi's seeds: this and the next")
    parser.add_argument("--plies", type=int, default=1, help="the book's depth")
    parser.add_argument("--min-games", type=int, default=20, help="games a book move needs")
    args, texts = parse_game_options(parser)
    if texts is None:
        return
    found = results_by_position(texts, args.plies)
    learned = book(found, args.min_games)
    for key, move in sorted(learned.items()):
        results = found[key][move]
        print(f"{key}: {move} ({len(results)} games, {sum(results) / len(results):.1%})")
    stored = json.loads(BOOK_FILE.read_text()) if BOOK_FILE.exists() else {}
    stored[args.variant] = dict(sorted(learned.items()))
    BOOK_FILE.write_text(json.dumps(stored, indent=1) + "\n")
    print(f"wrote {BOOK_FILE}")


if __name__ == "__main__":
    main()

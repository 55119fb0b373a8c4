"""Figures of issue 11 in CPython: the share link's length for complete games, and the time to
analyse a complete Duo game at the top level.

    python bench/review.py [--games N] [--page]

Games are played by the Strong level against itself (seeds 0..N-1). Prints JSON: per variant the
link length in characters (``#`` + fragment: what the URL grows by), median and max; the moves
of those games; and for one complete Duo game the analysis time (wall and CPU), its number of
positions and the longest single slice (``step(0)``) of the analysis. With ``--page``, also the
same analysis in the page (Chromium): seconds from pressing Analyse game to the graph, and the
longest main-thread task meanwhile (``longtask`` observer) with the number over 100 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

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


def page_analysis_time() -> dict:
    """The analysis of :func:`analysis_time`'s game in the page, through its Analyse button."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from browser import OBSERVERS  # the bench's longtask observer
    from harness import (
        CHROMIUM,
        CHROMIUM_ARGS,
        Site,
        new_context,
        seed_saved_game,
        wait_for_computer_player,
    )
    from playwright.sync_api import sync_playwright

    from buildsteps import assembly
    from game.history import History
    from game.web.session import HUMAN_OCCUPANT, GameOptions, Session

    board = complete_game("duo", 0)
    session = Session(GameOptions("duo", seats=(HUMAN_OCCUPANT,) * 2), History(board))
    site = Site(assembly.build())
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            context = new_context(browser)
            context.add_init_script(OBSERVERS)
            seed_saved_game(context, session.to_json())
            page = context.new_page()
            page.goto(site.url)
            wait_for_computer_player(page)
            page.keyboard.press("Escape")  # the game-over dialog
            page.evaluate("() => { window.benchLongTasks = []; }")
            started = time.perf_counter()
            page.click("#analyse")
            page.wait_for_selector(".analysis-graph", timeout=900_000)
            seconds = time.perf_counter() - started
            tasks = page.evaluate("() => window.benchLongTasks.map((task) => task.duration)")
            browser.close()
    finally:
        site.stop()
    return {
        "page_duo_analysis_s": round(seconds, 2),
        "positions": board.ply() + 1,
        "longest_task_ms": round(max(tasks, default=0.0), 1),
        "tasks_over_100ms": sum(1 for t in tasks if t > 100),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--page", action="store_true", help="also analyse in the page")
    args = parser.parse_args()
    figures = {variant: link_lengths(variant, args.games) for variant in ("classic", "duo")}
    figures["analysis"] = analysis_time()
    if args.page:
        figures["page_analysis"] = page_analysis_time()
    figures["load_average"] = os.getloadavg()[0]
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()

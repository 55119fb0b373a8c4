"""The page in Debian's Chromium: load times, bytes, and the engine's speed in the page.

    python bench/browser.py [--loads N]

Builds dist/, serves it on 127.0.0.1 and prints JSON:

- ``first_paint_ms``: median first contentful paint (the empty board) over cold loads;
- ``ready_ms``: median time from navigation to ``data-state="ready"`` over N cold loads, each in
  a fresh browser context (empty HTTP cache, no service worker); ``ready_ms_all`` lists them;
- ``computer_ready_ms``: median time until NumPy and the computer player, loaded after
  ``ready``, are in (the footer names NumPy's version), and ``longest_task_after_ready_ms``, the
  longest main-thread task in between (the page's pause while NumPy is imported);
- ``warm_ready_ms``: median time to ``ready`` of reloads once the service worker has precached
  the site (what a returning visitor sees, offline or not);
- ``bytes_transferred``: bytes of a cold load (resource timing's transferSize, page included);
- ``page`` / ``cpython``: the same engine timings (:mod:`game.web.timing`) in the page and here;
- ``computer_game``: a computer-only Duo game at the top level watched for some moves: moves
  played, the longest main-thread task (``longtask`` observer) and the number of tasks > 100 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import LEVELS  # noqa: E402
from game.web.session import GameOptions, Seat, Session  # noqa: E402
from game.web.timing import engine_timings  # noqa: E402

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from harness import (  # noqa: E402  (the same browser and build as the tests)
    CHROMIUM,
    CHROMIUM_ARGS,
    build,
    seed_saved_game,
    wait_for_computer_player,
    wait_until_state,
)

# Runs before the page's own scripts (injected by the browser, so the CSP does not apply).
OBSERVERS = """
window.benchLongTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
  }
}).observe({ type: "longtask", buffered: true });
new MutationObserver(() => {
  if (document.body.dataset.state === "ready") window.benchReadyAt ??= performance.now();
  if (/NumPy \\d/.test(document.getElementById("runtime-info")?.textContent)) {
    window.benchComputerReadyAt ??= performance.now();
  }
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""
LOAD_FIGURES = """() => ({
  readyAt: window.benchReadyAt,
  computerReadyAt: window.benchComputerReadyAt,
  longestTaskAfterReady: Math.max(0, ...window.benchLongTasks
    .filter((task) => task.start >= window.benchReadyAt).map((task) => task.duration)),
  firstPaint: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime,
  bytes: performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource"))
    .reduce((sum, entry) => sum + entry.transferSize, 0),
})"""
WATCHED_MOVES = 8


def cold_load(browser, url: str) -> dict:
    context = browser.new_context(service_workers="block")
    context.add_init_script(OBSERVERS)
    page = context.new_page()
    page.goto(url)
    wait_until_state(page, "ready")
    wait_for_computer_player(page)
    figures = page.evaluate(LOAD_FIGURES)
    timings = json.loads(page.evaluate("() => window.pyblokusEngineTimings()"))
    context.close()
    return {**figures, "timings": timings}


def warm_loads(browser, url: str, count: int) -> list[int]:
    """Times to ready of reloads served by the service worker's cache."""
    context = browser.new_context(service_workers="allow")
    context.add_init_script(OBSERVERS)
    page = context.new_page()
    page.goto(url)
    wait_until_state(page, "ready")
    page.evaluate(
        """async () => {
        const registration = await navigator.serviceWorker.ready;
        while (registration.active.state !== "activated") await new Promise(r => setTimeout(r, 50));
    }"""
    )
    times = []
    for _ in range(count):
        page.reload()
        wait_until_state(page, "ready")
        times.append(round(page.evaluate("() => window.benchReadyAt")))
    context.close()
    return times


def watch_computer_game(browser, url: str) -> dict:
    """Longest main-thread task while two top-level computers play Duo."""
    top = Seat("computer", max(LEVELS))
    saved = Session.new(GameOptions("duo", seats=(top, top))).to_json()
    context = browser.new_context(service_workers="block")
    context.add_init_script(OBSERVERS)
    seed_saved_game(context, saved)
    page = context.new_page()
    page.goto(url)
    wait_for_computer_player(page)
    page.evaluate("() => { window.benchLongTasks = []; }")  # only what happens while it plays
    start = time.perf_counter()
    moves = 0
    while moves < WATCHED_MOVES and time.perf_counter() - start < 300:
        page.wait_for_timeout(100)
        moves = page.locator("#trays [aria-disabled=true]").count()
        if page.get_attribute("body", "data-state") == "over":
            break
    seconds = time.perf_counter() - start
    tasks = page.evaluate("() => window.benchLongTasks.map((task) => task.duration)")
    context.close()
    return {
        "level": max(LEVELS),
        "moves": moves,
        "seconds_per_move": round(seconds / max(moves, 1), 2),
        "longest_task_ms": round(max(tasks, default=0.0), 1),
        "tasks_over_100ms": sum(1 for t in tasks if t > 100),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args()
    dist = build.build()
    server = build.make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        loads = [cold_load(browser, url) for _ in range(args.loads)]
        warm = warm_loads(browser, url, 3)
        computer = watch_computer_game(browser, url)
        browser.close()
    server.shutdown()
    ready = [round(load["readyAt"]) for load in loads]
    report = {
        "first_paint_ms": round(statistics.median(load["firstPaint"] for load in loads)),
        "ready_ms": round(statistics.median(ready)),
        "ready_ms_all": ready,
        "computer_ready_ms": round(statistics.median(load["computerReadyAt"] for load in loads)),
        "longest_task_after_ready_ms": round(max(load["longestTaskAfterReady"] for load in loads)),
        "warm_ready_ms": round(statistics.median(warm)),
        "warm_ready_ms_all": warm,
        "bytes_transferred": loads[0]["bytes"],
        "page": loads[-1]["timings"],
        "cpython": engine_timings(),
        "computer_game": computer,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

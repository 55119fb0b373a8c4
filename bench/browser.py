"""The page in Debian's Chromium: load times, bytes, and the engine's speed in the page.

    python bench/browser.py [--loads N] [--phone-loads N] [--phone-paints N]
                            [--phone-resumed N] [--computer-moves N] [--computer-levels 5,6]
                            [--site DIR]

Builds dist/ (or takes the site already built in ``--site``, to compare two builds run by
run), serves it on 127.0.0.1 and prints JSON:

- ``first_paint_ms``: median first contentful paint (the empty board) over cold loads;
- ``ready_ms``: median time from navigation to ``data-state="ready"`` over N cold loads, each in
  a fresh browser context (empty HTTP cache, no service worker); ``ready_ms_all`` lists them;
- ``main_thread_cpu_to_ready_ms``: median CPU time of the page's main thread (Chromium's
  ThreadTime, in thread ticks) from navigation until the bench saw ``ready``: the work on the
  path to ``ready``, which other processes sharing the machine do not lengthen as they do wall
  times (they did the busy time, TaskDuration in wall time, this replaces);
- ``longest_task_after_start_up_ms``: the longest main-thread task (``longtask`` observer)
  from Python's start-up (PyScript's fetching the game's files: the runtime has started) until
  ``ready``: unpacking and importing the game, the first drawing; PyScript's own import of its
  Python package falls in there too. The most of the loads here; on the phone, the median;
- ``computer_ready_ms``: median time until NumPy and the computer player, loaded after
  ``ready``, are in (the footer names NumPy's version), and ``longest_task_after_ready_ms``, the
  longest main-thread task in between (the page's pause while NumPy is imported);
- ``warm_ready_ms``: median time to ``ready`` of reloads once the service worker has precached
  the site (what a returning visitor sees, offline or not);
- ``bytes_transferred``: bytes of a cold load (resource timing's transferSize, page included);
- ``files_unused``: files of dist/ that no cold load requested, but for those no visit asks for
  by design (``harness.not_for_a_visit``: the service worker, blocked here, GitHub Pages'
  ``.nojekyll``, and the manifest and icons only installing the app fetches);
- ``phone``: a first visit as a phone sees it (:data:`PHONE`: the site served gzip-compressed as
  GitHub Pages does, Chromium's network emulation and CPU throttling), medians over
  ``--phone-loads`` fresh visits (``*_all`` lists ``ready`` and first paint of each): first
  paint (also over ``--phone-paints`` more fresh visits, each left once painted: it varies by
  hundreds of milliseconds from visit to visit on a shared machine), ``ready``, the main
  thread's CPU until then, computer ready, the longest task after Python's start-up and the
  number of tasks over 200 ms then, the longest time the loading indicator went without
  a change between first paint and ``ready``, and the compressed bytes the server sent for
  requests made before ``ready`` and in all (the service worker's precache included); and
  ``resumed_classic``, medians over ``--phone-resumed`` visits resuming a saved Classic game
  (``--phone-loads 0`` leaves the phone out);
- ``page`` / ``cpython``: the same engine timings (:mod:`game.web.timing`) in the page (the
  median over the cold loads of each load's best of three runs 3 s after a first;
  ``page_random_game_ms_all``: each load's random game, ``page_first_run_random_game_ms_all``:
  the same in the first run, while V8 still compiles the engine's hot code) and here;
- ``computer_moves``: per level of ``--computer-levels`` and variant (Duo, ``classic_2``,
  ``classic``), a game of that level on every seat, up to ``--computer-moves`` moves: median and
  max seconds per computer move (from one move to the next: the search in slices, the page's
  pause of at least 0.25 s between computer moves, and drawing), the longest main-thread task
  (``longtask`` observer) and the number of tasks over 100 ms meanwhile (``--computer-moves 0``
  leaves this out).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from buildsteps import assembly, server  # noqa: E402
from game.ai import LEVELS, MASTER  # noqa: E402
from game.web.session import GameOptions, Occupant, Session  # noqa: E402
from game.web.timing import engine_timings  # noqa: E402

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from harness import (  # noqa: E402  (the same browser and server as the tests)
    CHROMIUM,
    CHROMIUM_ARGS,
    Site,
    not_for_a_visit,
    played_game,
    seed_saved_game,
    unused_files,
    wait_for_computer_player,
    wait_until_state,
)

# Runs before the page's own scripts (injected by the browser, so the CSP does not apply).
OBSERVERS = """
window.benchLongTasks = [];
window.benchProgress = [];
// Python has started once PyScript fetches the game's files: what runs from then on is ours.
addEventListener("py:progress", ({ detail }) => {
  if (detail === "Loading files") window.benchPythonUpAt ??= performance.now();
});
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
  }
}).observe({ type: "longtask", buffered: true });
// Until when boot.js's band moves along the loading bar, once started (asked only while it is
// shown: getAnimations() brings the page's style up to date, work the bench must not add).
const movingUntil = (now) => {
  const band = document.getElementById("creep");
  const animations = band && !band.hidden ? band.getAnimations() : [];
  return Math.max(now, ...animations.map((animation) =>
    (animation.startTime ?? now) + animation.effect.getComputedTiming().endTime));
};
new MutationObserver(() => {
  const loading = document.getElementById("loading");
  if (loading && !loading.hidden) {
    // textContent, not innerText: the bench must not lay the page out at every change.
    const shown = loading.textContent + (document.getElementById("progress")?.value ?? "");
    if (shown !== window.benchProgress.at(-1)?.shown) {
      const at = performance.now();
      window.benchProgress.push({ at, shown, movingUntil: movingUntil(at) });
    }
  }
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
  tasksAfterStartUp: window.benchLongTasks.filter((task) =>
    task.start >= window.benchPythonUpAt && task.start < window.benchReadyAt
  ).map((task) => task.duration),
  firstPaint: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime,
  bytes: performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource"))
    .reduce((sum, entry) => sum + entry.transferSize, 0),
  progress: window.benchProgress.map((change) => [change.at, change.movingUntil]),
  timeOrigin: performance.timeOrigin,
})"""
#: A phone on a mobile network: Chromium's network emulation and CPU throttling.
PHONE = {"download_mbit": 20, "upload_mbit": 5, "rtt_ms": 40, "cpu_slowdown": 4}
SERVICE_WORKER_ACTIVE = """async () => {
  const registration = await navigator.serviceWorker.ready;
  while (registration.active.state !== "activated") await new Promise(r => setTimeout(r, 50));
}"""


#: Options of every browser context: ``--locale`` (the browser's preferred language).
CONTEXT: dict = {}


def cold_load(browser, url: str) -> dict:
    context = browser.new_context(service_workers="block", **CONTEXT)
    context.add_init_script(OBSERVERS)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
    page.goto(url)
    wait_until_state(page, "ready")
    cpu_to_ready = main_thread_cpu(cdp)
    wait_for_computer_player(page)
    figures = page.evaluate(LOAD_FIGURES)
    figures["cpuToReady"] = cpu_to_ready
    # The first run after a load also waits on V8 compiling the engine's hot code (WebAssembly
    # starts on a baseline compiler and tiers up function by function as they get hot, which
    # took up to seconds here beside the worker's own), and a game is past that long before its
    # tenth move: the runs after a pause, the best of them, as timeit takes.
    runs = [json.loads(page.evaluate("() => window.pyblokusEngineTimings()"))]
    page.wait_for_timeout(3000)
    runs += [json.loads(page.evaluate("() => window.pyblokusEngineTimings()")) for _ in range(3)]
    context.close()
    return {**figures, "timings": best_run(runs[1:]), "first_run": runs[0]}


def best_run(runs: list[dict]) -> dict:
    """Each engine timing's best over ``runs``."""
    return {key: min(run[key] for run in runs) for key in runs[0]}


def main_thread_cpu(cdp) -> float:
    """Milliseconds of CPU the page's main thread has used (Performance enabled in thread
    ticks)."""
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return metrics["ThreadTime"] * 1000


def warm_loads(browser, url: str, count: int) -> list[int]:
    """Times to ready of reloads served by the service worker's cache."""
    context = browser.new_context(service_workers="allow", **CONTEXT)
    context.add_init_script(OBSERVERS)
    page = context.new_page()
    page.goto(url)
    wait_until_state(page, "ready")
    page.evaluate(SERVICE_WORKER_ACTIVE)
    times = []
    for _ in range(count):
        page.reload()
        wait_until_state(page, "ready")
        times.append(round(page.evaluate("() => window.benchReadyAt")))
    context.close()
    return times


# Runs before the page's scripts: the time of every move, when a tray piece is marked played.
MOVE_TIMES = """
window.benchMoveTimes = [];
new MutationObserver(() => {
  const played = document.querySelectorAll("#trays [aria-disabled=true]").length;
  // The first paint's trays (every layout's, many pieces disabled) stay until the game's are
  // drawn: count again from there.
  if (played < window.benchMoveTimes.length) window.benchMoveTimes = [];
  while (played > window.benchMoveTimes.length) window.benchMoveTimes.push(performance.now());
}).observe(document, { subtree: true, childList: true, attributes: true });
"""
#: The page's game modes (here each one variant) whose computer moves are timed.
TIMED_MODES = ("duo", "classic_2", "classic")


def time_computer_moves(browser, url: str, mode: str, level: int, max_moves: int) -> dict:
    """Seconds per move of ``level`` playing every seat of ``mode`` in the page, and the
    longest main-thread task meanwhile. A move's time runs from the move before it to it:
    the search in slices, the page's minimum pause between computer moves, and the drawing."""
    seats = (Occupant("computer", level),) * len(GameOptions(mode).seats)
    saved = Session.new(GameOptions(mode, seats=seats)).to_json()
    context = browser.new_context(service_workers="block", **CONTEXT)
    context.add_init_script(OBSERVERS)
    context.add_init_script(MOVE_TIMES)
    seed_saved_game(context, saved)
    page = context.new_page()
    page.goto(url)
    wait_for_computer_player(page)
    # The first move waited for NumPy: time from the first move on, and only tasks from then.
    started = time.perf_counter()
    while (
        not page.evaluate("() => window.benchMoveTimes.length")
        and time.perf_counter() - started < 300
    ):
        page.wait_for_timeout(100)
    page.evaluate("() => { window.benchLongTasks = []; }")
    while time.perf_counter() - started < 900:
        page.wait_for_timeout(250)
        state = page.evaluate("() => [window.benchMoveTimes.length, document.body.dataset.state]")
        if state[0] > max_moves or state[1] == "over":
            break
    times = page.evaluate("() => window.benchMoveTimes")
    tasks = page.evaluate("() => window.benchLongTasks.map((task) => task.duration)")
    context.close()
    per_move = [(b - a) / 1000 for a, b in itertools.pairwise(times)][:max_moves]
    return {
        "mode": mode,
        "level": level,
        "moves": len(per_move),
        "median_s": round(statistics.median(per_move), 3) if per_move else None,
        "max_s": round(max(per_move), 3) if per_move else None,
        "longest_task_ms": round(max(tasks, default=0.0), 1),
        "tasks_over_100ms": sum(1 for t in tasks if t > 100),
    }


def longest_still(figures: dict) -> float:
    """The longest time between first paint and ``ready`` in which the loading indicator
    neither changed nor had an animation moving."""
    first, ready = figures["firstPaint"], figures["readyAt"]
    changes = [(first, first), *figures["progress"], (ready, ready)]
    changes = sorted((at, until) for at, until in changes if first <= at <= ready)
    moved = first
    longest = 0.0
    for at, until in changes:
        longest = max(longest, at - moved)
        moved = max(moved, at, until)
    return longest


def phone_first_visits(browser, dist: Path, count: int, paints: int, resumed: int) -> dict:
    """Medians of ``count`` first visits under :data:`PHONE` (each in a fresh context), first
    paint's over ``paints`` more visits too; and of ``resumed`` visits resuming a saved Classic
    game (its history drawn, the move list's too)."""
    compress_ahead(dist)
    visits = [phone_first_visit(browser, dist) for _ in range(count)]
    report = {**PHONE, "visits": count, "paint_visits": count + paints}
    for key in visits[0]:
        report[key] = round(statistics.median(visit[key] for visit in visits))
    report["ready_ms_all"] = [visit["ready_ms"] for visit in visits]
    painted = [visit["first_paint_ms"] for visit in visits]
    painted += [phone_first_paint(browser, dist) for _ in range(paints)]
    report["first_paint_ms"] = round(statistics.median(painted))
    report["first_paint_ms_all"] = painted
    if resumed:
        saved = played_game("classic")
        resumes = [phone_first_visit(browser, dist, saved) for _ in range(resumed)]
        keys = ("ready_ms", "longest_task_after_start_up_ms", "tasks_over_200ms_after_start_up")
        report["resumed_classic"] = {
            "visits": resumed,
            **{key: round(statistics.median(visit[key] for visit in resumes)) for key in keys},
        }
    return report


def compress_ahead(dist: Path) -> None:
    """Fill the server's cache of compressed files, as GitHub Pages has them ready: otherwise
    the first visit waits while this machine compresses 10 MB of runtime."""
    for path in dist.rglob("*"):
        if path.is_file() and server.compressible(path):
            server.gzipped(path, path.stat().st_mtime_ns)


def phone_page(browser, script: str, service_workers: str = "allow"):
    """A page in a fresh context (empty cache) under :data:`PHONE`, running ``script`` before
    the page's own, with its CDP session."""
    context = browser.new_context(service_workers=service_workers, **CONTEXT)
    context.add_init_script(script)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": PHONE["rtt_ms"],
            "downloadThroughput": PHONE["download_mbit"] * 1e6 / 8,
            "uploadThroughput": PHONE["upload_mbit"] * 1e6 / 8,
        },
    )
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE["cpu_slowdown"]})
    return context, page, cdp


# Runs before the page's scripts: says when the page has painted (no polling, and none of the
# bench's scripts injected into the page, before then).
PAINTED = """
new PerformanceObserver((list) => {
  for (const entry of list.getEntriesByName("first-contentful-paint")) {
    console.debug(`bench: painted at ${entry.startTime}`);
  }
}).observe({ type: "paint" });
"""


def phone_first_paint(browser, dist: Path) -> int:
    """First contentful paint of a first visit under :data:`PHONE`, left once painted."""
    site = Site(dist, compress=True)
    context, page, _ = phone_page(browser, PAINTED, service_workers="block")
    with page.expect_console_message(
        lambda message: message.text.startswith("bench: painted at "), timeout=60_000
    ) as message:
        page.goto(site.url, wait_until="commit")
    context.close()
    site.stop()
    return round(float(message.value.text.split()[-1]))


def phone_first_visit(browser, dist: Path, saved: str | None = None) -> dict:
    """A first visit under :data:`PHONE`, from a server that compresses as GitHub Pages does
    (with ``saved``, the save of a game it resumes)."""
    transfers = []
    site = Site(dist, compress=True, transfers=transfers)
    context, page, cdp = phone_page(browser, OBSERVERS)
    if saved is not None:
        seed_saved_game(context, saved)
    cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
    page.goto(site.url)
    wait_until_state(page, "ready", timeout=120_000)
    cpu_to_ready = main_thread_cpu(cdp)
    wait_for_computer_player(page, timeout=120_000)
    figures = page.evaluate(LOAD_FIGURES)
    page.evaluate(SERVICE_WORKER_ACTIVE)  # its precache is part of a first visit
    context.close()
    site.stop()
    ready_at = (figures["timeOrigin"] + figures["readyAt"]) / 1000
    return {
        "first_paint_ms": round(figures["firstPaint"]),
        "ready_ms": round(figures["readyAt"]),
        "main_thread_cpu_to_ready_ms": round(cpu_to_ready),
        "computer_ready_ms": round(figures["computerReadyAt"]),
        "longest_task_after_ready_ms": round(figures["longestTaskAfterReady"]),
        "longest_task_after_start_up_ms": round(max(figures["tasksAfterStartUp"], default=0)),
        "tasks_over_200ms_after_start_up": sum(t > 200 for t in figures["tasksAfterStartUp"]),
        "longest_progress_gap_ms": round(longest_still(figures)),
        "bytes_before_ready": sum(size for at, _, size in transfers if at < ready_at),
        "bytes_all": sum(size for _, _, size in transfers),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--phone-loads", type=int, default=5)
    parser.add_argument("--phone-paints", type=int, default=15, help="first paint only")
    parser.add_argument("--phone-resumed", type=int, default=3, help="visits resuming a game")
    parser.add_argument("--computer-moves", type=int, default=100, help="per variant, at most")
    parser.add_argument(
        "--computer-levels",
        default=f"{MASTER},{LEVELS[-1]}",
        help="the levels whose moves are timed (default: Master, who also gives the hints, and "
        "the top level)",
    )
    parser.add_argument("--site", type=Path, help="a site already built (default: build dist/)")
    parser.add_argument("--locale", help="the browser's language, e.g. de-DE (default: en-US)")
    args = parser.parse_args()
    if args.locale:
        CONTEXT["locale"] = args.locale
    dist = args.site.resolve() if args.site else assembly.build()
    transfers = []
    site = Site(dist, transfers=transfers)
    url = site.url
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        loads = [cold_load(browser, url) for _ in range(args.loads)]
        language = (args.locale or "en").split("-")[0]
        unused = sorted(unused_files(dist, transfers) - not_for_a_visit(dist, language))
        warm = warm_loads(browser, url, 3)
        computer = [
            time_computer_moves(browser, url, mode, int(level), args.computer_moves)
            for level in args.computer_levels.split(",")
            for mode in TIMED_MODES
            if args.computer_moves
        ]
        phone = (
            phone_first_visits(
                browser, dist, args.phone_loads, args.phone_paints, args.phone_resumed
            )
            if args.phone_loads
            else None
        )
        browser.close()
    site.stop()
    ready = [round(load["readyAt"]) for load in loads]
    report = {
        "load_average": [round(load, 1) for load in os.getloadavg()],
        "locale": args.locale or "en-US",
        "first_paint_ms": round(statistics.median(load["firstPaint"] for load in loads)),
        "ready_ms": round(statistics.median(ready)),
        "ready_ms_all": ready,
        "main_thread_cpu_to_ready_ms": round(
            statistics.median(load["cpuToReady"] for load in loads)
        ),
        "computer_ready_ms": round(statistics.median(load["computerReadyAt"] for load in loads)),
        "longest_task_after_ready_ms": round(max(load["longestTaskAfterReady"] for load in loads)),
        "longest_task_after_start_up_ms": round(
            max(max(load["tasksAfterStartUp"], default=0) for load in loads)
        ),
        "warm_ready_ms": round(statistics.median(warm)),
        "warm_ready_ms_all": warm,
        "bytes_transferred": loads[0]["bytes"],
        "files_unused": unused,
        "phone": phone,
        # Each load's best run: the median over the loads.
        "page": {
            key: statistics.median(load["timings"][key] for load in loads)
            for key in loads[0]["timings"]
        },
        "page_random_game_ms_all": [load["timings"]["classic_random_game_ms"] for load in loads],
        "page_first_run_random_game_ms_all": [
            load["first_run"]["classic_random_game_ms"] for load in loads
        ],
        "cpython": best_run([engine_timings() for _ in range(3)]),
        "computer_moves": computer,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

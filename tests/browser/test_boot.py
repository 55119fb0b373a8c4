"""The page boots from the built site alone: runtime and engine, then NumPy, under a strict CSP."""

import json
import re

import pytest
from harness import (
    PageRecord,
    Site,
    new_context,
    not_for_a_visit,
    open_page,
    unused_files,
    wait_for_computer_player,
    wait_until_state,
)

from buildsteps.shipping import GAME

# Runs in the page as a script of the site's own (so the page's policies apply to it).
EVAL_PROBE = """
try {
  Function("return 1")();
  document.body.dataset.evalProbe = "ran";
} catch (error) {
  document.body.dataset.evalProbe = error.name;
}
"""


def test_boots_to_ready_then_loads_numpy_for_the_computer(page):
    assert page.locator("#board [data-square]").count() == 400
    assert "Pyodide 0.27.7" in page.inner_text("#runtime-info")
    wait_for_computer_player(page)
    assert page.get_attribute("body", "data-state") == "ready"


# Python the test adds to the page (PyScript runs every <script type="py">): imports the modules
# named in IMPORTED and says which failed, and which files of the standard library are in use.
IMPORT_PROBE = """
import importlib, json, sys, js
failed = []
for name in json.loads(IMPORTED):
    try:
        importlib.import_module(name)
    except Exception as error:
        failed.append(f"{name}: {error!r}")
files = [getattr(module, "__file__", None) or "" for module in list(sys.modules.values())]
stdlib = sorted(f for f in files if f.startswith("/lib/python312.zip/"))
js.document.body.dataset.importProbe = json.dumps({"failed": failed, "stdlib": stdlib})
"""
ADD_PYTHON = """(code) => {
  const script = document.createElement("script");
  script.type = "py";
  script.textContent = code;
  document.body.append(script);
}"""


def test_every_module_the_game_uses_imports_from_the_compiled_standard_library(page):
    """In the page; the build checks the worker's (NumPy and the computer player) in Pyodide."""
    wait_for_computer_player(page)
    game_modules, others = GAME.reach(GAME.page)
    # NumPy, and what needs it, only the worker loads (SlicedRunner's own search and analysis
    # serve the CPython tests).
    without_numpy = {m for m in game_modules if "numpy" not in GAME.reach(m)[1]}
    imported = sorted(without_numpy | others - {"numpy"})
    assert {"game.solver", "game.web.view", "json", "asyncio"} <= set(imported)
    assert "game.ai" not in imported
    page.evaluate(ADD_PYTHON, f"IMPORTED = {json.dumps(json.dumps(imported))}\n{IMPORT_PROBE}")
    page.wait_for_selector("body[data-import-probe]", state="attached")
    probe = json.loads(page.get_attribute("body", "data-import-probe"))
    assert probe["failed"] == []
    assert len(probe["stdlib"]) > 50  # asyncio, json, dataclasses, ... all compiled ahead
    assert [f for f in probe["stdlib"] if not f.endswith(".pyc")] == []


# Python the test adds to the page: where a game module came from, and a traceback through it.
TRACEBACK_PROBE = """
import json, traceback, js
import game.pieces
try:
    game.pieces.find_piece("no such piece")
except ValueError:
    found = [game.pieces.__file__, traceback.format_exc()]
js.document.body.dataset.tracebackProbe = json.dumps(found)
"""


def test_the_game_runs_from_compiled_files_alone_and_its_tracebacks_say_where(page):
    """The game ships without its sources (less to download), imported from its archive
    (nothing unpacked): a traceback still names the file, line and function, though not the
    line's text."""
    page.evaluate(ADD_PYTHON, TRACEBACK_PROBE)
    page.wait_for_selector("body[data-traceback-probe]", state="attached")
    file, trace = json.loads(page.get_attribute("body", "data-traceback-probe"))
    assert file == "/home/pyodide/game.zip/game/pieces.pyc"
    source = (GAME.root / "game" / "pieces.py").read_text().splitlines()
    line = next(n for n, text in enumerate(source, 1) if "no piece called" in text)
    where = f'File "/home/pyodide/game/pieces.py", line {line}, in find_piece'
    assert where in trace and trace.endswith("ValueError: no piece called 'no such piece'\n")


def test_the_game_package_downloads_once_the_runtime_is_in(page):
    """Python needs it, and PyScript's compiled package, only once it runs: fetched with the
    runtime, they would share its bandwidth and make it later (static/boot.js preloads them
    when the runtime's files are in)."""
    timing = page.evaluate(
        """() => Object.fromEntries(performance.getEntriesByType("resource")
          .map((entry) => [entry.name.split("/").pop(), [entry.startTime, entry.responseEnd]]))"""
    )
    runtime_in = max(timing[name][1] for name in ("pyodide.asm.wasm", "python_stdlib.zip"))
    assert timing["game.zip"][0] >= runtime_in
    assert timing["pyscript-compiled.zip"][0] >= runtime_in


# Python the test adds to the page: for each module of PyScript's package, the flags of the
# compiled file it came from and whether that file was compiled from the very source PyScript
# wrote.
PYSCRIPT_PROBE = """
import importlib.util, json, sys, js
from pathlib import Path
found = {}
for name, module in list(sys.modules.items()):
    if name.split(".")[0] == "pyscript" and hasattr(module, "__file__"):  # not a JS module
        compiled = Path(module.__cached__).read_bytes()
        source_hash = importlib.util.source_hash(Path(module.__file__).read_bytes())
        found[name] = [int.from_bytes(compiled[4:8], "little"), compiled[8:16] == source_hash]
js.document.body.dataset.pyscriptProbe = json.dumps(found)
"""


def test_pyscript_modules_come_compiled_by_the_build(page):
    """PyScript writes its Python package's sources as it starts and imports it: the build
    ships the package compiled (hash-checked against those sources), so the page does not
    compile it."""
    page.evaluate(ADD_PYTHON, PYSCRIPT_PROBE)
    page.wait_for_selector("body[data-pyscript-probe]", state="attached")
    found = json.loads(page.get_attribute("body", "data-pyscript-probe"))
    assert len(found) >= 10 and "pyscript.events" in found
    checked_hash = 0b11  # PEP 552: hash-based, checked against the source
    assert {name: flags for name, flags in found.items()} == {
        name: [checked_hash, True] for name in found
    }


# Notes what the page shows as it is first parsed, and every value the loading bar takes
# (injected before the page's scripts run: the page may be ready before the test looks).
PROGRESS_WATCH = """
window.progressSeen = [];
addEventListener("DOMContentLoaded", () => {
  window.firstSeen = {
    state: document.body.dataset.state,
    squares: document.querySelectorAll("#board [data-square]").length,
    stages: [...document.querySelectorAll("#loading [data-stage]")].map((li) => li.textContent),
  };
});
new MutationObserver(() => {
  const bar = document.getElementById("progress");
  if (bar && bar.value !== window.progressSeen.at(-1)) window.progressSeen.push(bar.value);
}).observe(document, { subtree: true, attributes: true, childList: true });
"""


def test_first_paint_shows_board_and_stages_before_python(context, site, record):
    context.add_init_script(PROGRESS_WATCH)
    page = open_page(context, site, record)
    first = page.evaluate("() => window.firstSeen")
    assert first["state"] == "loading" and first["squares"] == 400
    stages = [" ".join(text.split()) for text in first["stages"]]
    assert re.fullmatch(r"Python runtime \d+\.\d of 1\d\.\d MB", stages[0])
    assert stages[1:] == ["Starting Python", "Game engine"]
    assert page.locator("#loading").is_hidden()
    counted = re.fullmatch(r"([\d.]+) of ([\d.]+) MB", page.inner_text("#runtime-bytes"))
    assert counted[1] == counted[2]  # every byte of the runtime counted
    seen = page.evaluate("() => window.progressSeen")
    assert seen == sorted(seen) and seen[-1] == 85 and len(seen) > 5  # moving forward


# Runs before the page's scripts: who asks, in turn, for the time zone's names (Pyodide's
# start-up does, for Python's time module) and reads localStorage: boot.js, the runtime (Python)
# or the page's inline layout script.
FIRST_USES = """
window.firstUses = { zone: [], storage: [] };
const caller = () => {
  const stack = new Error().stack;
  if (stack.includes("/static/boot.js")) return "boot.js";
  return stack.includes("/vendor/") ? "runtime" : "page";
};
const toLocaleTimeString = Date.prototype.toLocaleTimeString;
Date.prototype.toLocaleTimeString = function (...args) {
  if (args[1]?.timeZoneName) window.firstUses.zone.push(caller());
  return toLocaleTimeString.apply(this, args);
};
const storage = Object.getOwnPropertyDescriptor(window, "localStorage");
Object.defineProperty(window, "localStorage", { ...storage, get() {
  window.firstUses.storage.push(caller());
  return storage.get.call(this);
} });
"""


def test_what_python_first_uses_is_warmed_up_before_python_starts(context, site, record):
    """The first use of each costs the main thread 10-25 ms (static/boot.js), on the path to
    ready if Python's start-up were the first."""
    context.add_init_script(FIRST_USES)
    page = open_page(context, site, record)
    uses = page.evaluate("() => window.firstUses")
    # boot.js's, then Pyodide's for winter and summer time
    assert uses["zone"][0] == "boot.js" and uses["zone"][1:].count("runtime") >= 2, uses
    # the layout script's (it picks the saved game's shell before the first paint), then the game's
    assert uses["storage"][0] == "page" and "runtime" in uses["storage"][1:], uses


BAND = """() => {
  const band = document.getElementById("creep");
  return {
    animations: band.getAnimations().map((animation) => animation.playState),
    shown: !band.hidden,
    share: [band.style.left, band.style.width],
    bar: document.getElementById("progress").value,
  };
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_band_moves_along_the_bar_while_the_game_loads(browser, site, motion):
    """Python starting and the game's first import are long tasks that cannot say how far they
    are: a band moves along their share of the bar meanwhile, animated by the compositor (which
    paints while the main thread is busy); not for visitors who ask for reduced motion."""
    context = new_context(browser, reduced_motion=motion)
    held = []
    context.route("**/game.zip", lambda route: held.append(route))  # it waits in the engine stage
    try:
        page = context.new_page()
        page.goto(site.url)
        page.wait_for_selector("#loading [data-stage=engine].active", state="attached")
        band = page.evaluate(BAND)
        for route in held:
            route.continue_()
        wait_until_state(page, "ready")
    finally:
        context.close()
    if motion == "reduce":
        assert band == {"animations": [], "shown": False, "share": ["", ""], "bar": 85}
    else:
        assert band == {
            "animations": ["running"],
            "shown": True,
            "share": ["85%", "15%"],
            "bar": 85,
        }


def test_content_security_policy_allows_only_the_origin(page):
    policy = page.get_attribute("meta[http-equiv='Content-Security-Policy']", "content")
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["connect-src"] == "'self'"
    script_src = directives["script-src"].split()
    # The two inline scripts: the layout script, and the last one (the page's words).
    assert script_src[:2] == ["'self'", "'wasm-unsafe-eval'"] and len(script_src) == 4
    for source in (*script_src[2:], directives["style-src"]):
        assert re.fullmatch(r"'sha256-[A-Za-z0-9+/]{43}='", source)
    assert "http" not in policy and "*" not in policy and "unsafe-inline" not in policy
    # The page's one stylesheet and inline scripts are those the policy's hashes let in.
    assert page.evaluate("() => getComputedStyle(document.body).display") == "flex"
    assert page.get_attribute("html", "data-layout") == "classic"


def test_no_string_runs_as_code(context, site):
    page = context.new_page()  # no console record: the refused probe logs a CSP error
    page.route(
        site.url + "eval-probe.js",
        lambda route: route.fulfill(content_type="text/javascript", body=EVAL_PROBE),
    )
    page.goto(site.url)
    wait_until_state(page, "ready")
    page.add_script_tag(url=site.url + "eval-probe.js")
    assert page.get_attribute("body", "data-eval-probe") == "EvalError"
    wait_for_computer_player(page)  # Pyodide still compiles WebAssembly (NumPy's libraries)


def test_the_site_ships_only_files_the_page_loads(browser, dist):
    """A visit (the service worker blocked) fetches every file of the site but the service
    worker, GitHub Pages' marker and what only installing the app uses."""
    transfers = []
    site = Site(dist, transfers=transfers)
    record = PageRecord(origin=site.url.rstrip("/"))
    context = new_context(browser)
    try:
        page = open_page(context, site, record)
        until_ready = [path for _, path, _ in transfers]
        wait_for_computer_player(page)
    finally:
        context.close()
        site.stop()
    record.assert_clean()
    # icon.svg is both the page's logo and an icon to install with: the visit asks for it.
    assert unused_files(dist, transfers) == not_for_a_visit(dist) - {"static/icons/icon.svg"}
    # Preloads are used, not fetched again; the worker instantiates the runtime the page
    # compiled (a fresh context's memory cache keeps no 10 MB file: it would fetch it again).
    assert sorted({p for p in until_ready if until_ready.count(p) > 1}) == []
    assert [p for _, p, _ in transfers].count("/vendor/pyodide/pyodide.asm.wasm") == 1


# Ways the runtime fails below Python as the page loads: its download cut short (it cannot be
# compiled), or no memory for it (as on a phone short of it).
NO_MEMORY = "WebAssembly.Memory = function () { throw new RangeError('no memory for Wasm'); };"


@pytest.mark.parametrize("failure", ["cut download", "no memory"])
def test_a_runtime_that_cannot_start_is_reported_not_left_loading(context, site, dist, failure):
    page = context.new_page()  # no console record: the failure is logged
    if failure == "cut download":
        cut = (dist / "vendor" / "pyodide" / "pyodide.asm.wasm").read_bytes()[:100_000]
        page.route(
            "**/pyodide.asm.wasm",
            lambda route: route.fulfill(body=cut, content_type="application/wasm"),
        )
    else:
        page.add_init_script(NO_MEMORY)
    page.goto(site.url)
    wait_until_state(page, "failed")
    message = page.inner_text("#loading")
    assert message.startswith("pyblokus could not start: its Python runtime failed (")
    assert ("CompileError" if failure == "cut download" else "no memory for Wasm") in message
    assert message.endswith("Reload the page to try again; a game in progress is kept.")
    assert page.inner_text("#status") == message and page.is_visible("#loading")

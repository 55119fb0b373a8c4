"""Helpers for the browser tests: the dev server in a thread, page records, waiting."""

from __future__ import annotations

import json
import threading
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from buildsteps import artefacts, server

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
INSTALL_HINT = "apt-get update && apt-get install -y chromium"
BOOT_TIMEOUT_MS = 60_000


class Site:
    """dist/ served by the dev server on a free port, in a thread; can be stopped.
    ``options``: :func:`buildsteps.server.make_server`'s (``compress``, ``transfers``)."""

    def __init__(self, directory: Path, **options):
        self.server = server.make_server(directory, **options)
        self.url = f"http://127.0.0.1:{self.server.server_port}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def deploy(self, directory: Path) -> None:
        """Serve ``directory`` from now on, at the same URL (the port is never let go, so no
        other server can take it in between)."""
        self.server.RequestHandlerClass = server.handler_for(directory)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


@dataclass
class PageRecord:
    """What a page did that a test must not allow: console errors, off-origin requests, and
    error responses (a console error says "Failed to load resource" but not which URL)."""

    origin: str
    console_errors: list[str] = field(default_factory=list)
    outside_requests: list[str] = field(default_factory=list)
    failed_responses: list[str] = field(default_factory=list)

    def watch(self, page) -> None:
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.console_errors.append(f"pageerror: {error}"))
        page.on("crash", lambda _: self.console_errors.append(f"renderer crashed at {page.url}"))
        page.context.on("request", self._on_request)
        page.context.on("response", self._on_response)

    def assert_clean(self) -> None:
        assert self.failed_responses == [], "error responses"
        assert self.console_errors == [], f"console errors: {self.console_errors}"
        assert self.outside_requests == [], "requests left the page's origin"

    def _on_console(self, message) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def _on_request(self, request) -> None:
        if not request.url.startswith(self.origin) and not request.url.startswith(
            ("data:", "blob:")
        ):
            self.outside_requests.append(request.url)

    def _on_response(self, response) -> None:
        if response.status >= 400:
            self.failed_responses.append(f"{response.status} {response.url}")


def unused_files(dist: Path, transfers: list) -> set[str]:
    """Files of ``dist`` that no request noted in ``transfers`` (see
    :class:`buildsteps.server.QuietHandler`) asked for."""
    asked = {path.lstrip("/") or "index.html" for _, path, _ in transfers}
    files = (p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    return {name for name in files if name not in asked}


def not_for_a_visit(dist: Path, language: str = "en") -> set[str]:
    """Files of ``dist`` a visit in ``language`` does not ask for, by design, though the site
    needs them: the service worker (registered once the page is ready; these loads block it),
    GitHub Pages' marker (read by its build, never by a browser), what the browser fetches
    only to install the app (the manifest and the icons it names, and each language's
    manifest), and the other languages' words and catalogs (``locale/<code>.js``, ``.zip``)."""
    manifest = json.loads((dist / "static" / "manifest.webmanifest").read_text())
    icons = {f"static/{icon['src']}" for icon in manifest["icons"]}
    locale = dist / "locale"
    languages = {
        path.relative_to(dist).as_posix()
        for path in (locale.iterdir() if locale.is_dir() else ())
        if path.stem != language or path.suffix == ".webmanifest"
    }
    return {"sw.js", ".nojekyll", "static/manifest.webmanifest"} | icons | languages


def new_context(browser, **options):
    """A fresh browser context (empty storage); service workers blocked unless asked for."""
    options.setdefault("service_workers", "block")
    options.setdefault("viewport", {"width": 1280, "height": 900})
    return browser.new_context(**options)


def wait_until_state(page, state: str, timeout: float = BOOT_TIMEOUT_MS) -> None:
    """Wait for ``document.body.dataset.state`` (a selector, not a JS predicate: the CSP
    forbids the string evaluation Playwright's wait_for_function would need)."""
    page.wait_for_selector(f"body[data-state={state}]", state="attached", timeout=timeout)


def wait_until_idle(page, timeout: float = BOOT_TIMEOUT_MS) -> None:
    """Wait until no search or job of the page's runner runs (``data-search``), a cancelled
    one included: from then on nothing moves by itself unless the page starts a search."""
    page.wait_for_selector("body[data-search=idle]", state="attached", timeout=timeout)


def wait_for_computer_player(page, timeout: float = BOOT_TIMEOUT_MS) -> None:
    """Wait until the page has loaded NumPy and the computer player (after `ready`); the footer
    then names NumPy's version."""
    page.wait_for_selector("#runtime-info:has-text('NumPy 2.0.2')", timeout=timeout)


def open_page(context, site: Site, record: PageRecord, path: str = "", state: str = "ready"):
    page = context.new_page()
    record.watch(page)
    page.goto(site.url + path)
    wait_until_state(page, state)
    return page


def covered(page) -> dict[str, str]:
    """Square name -> colour name of every covered board square."""
    pairs = page.eval_on_selector_all(
        "#board [data-square][data-color]",
        "els => els.map(e => [e.dataset.square, e.dataset.color])",
    )
    return dict(pairs)


# Where an SVG cell is drawn: a square's corner, a triangle's corners.
CELL_POSITION = "e => e.getAttribute('points') || `${e.getAttribute('x')},${e.getAttribute('y')}`"


def ghost_squares(page) -> set[str]:
    """Names of the board squares under the ghost's cells (from their SVG positions)."""
    cells = page.eval_on_selector_all("#ghost .ghost", f"els => els.map({CELL_POSITION})")
    squares = page.eval_on_selector_all(
        "#board [data-square]", f"els => els.map(e => [({CELL_POSITION})(e), e.dataset.square])"
    )
    by_position = dict(squares)
    return {by_position.get(position, "off") for position in cells}


def pick(page, piece: str, color: str) -> None:
    page.click(f"#trays [data-piece='{piece}'][data-color='{color}']")


def seed_saved_game(context, text: str, key: str | None = None) -> None:
    """Put ``text`` in the page's saved-game slot (or under ``key``) before the first load of
    each new tab (a reload keeps what the page saved since)."""
    from game.web.session import SAVE_KEY

    context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        f"localStorage.setItem({json.dumps(key or SAVE_KEY)}, {json.dumps(text)});"
        "sessionStorage.setItem('seeded', '1');}"
    )


def touch_drag(page, start: str, end: str, steps: int = 10) -> None:
    """Drag a finger across the board from square ``start`` to square ``end``."""

    def centre(name: str) -> tuple[float, float]:
        box = page.locator(f"#board [data-square='{name}']").bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    (x0, y0), (x1, y1) = centre(start), centre(end)
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, *points: dict) -> None:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": list(points)})

    touch("touchStart", {"x": x0, "y": y0})
    for step in range(1, steps + 1):
        touch("touchMove", {"x": x0 + (x1 - x0) * step / steps, "y": y0 + (y1 - y0) * step / steps})
    touch("touchEnd")
    cdp.detach()
    # A tap sooner after the drag would be taken as the second half of a double tap (no click).
    page.wait_for_timeout(400)


# --- states to look at: shared by the accessibility tests and bench/screenshots.py -----------

#: Viewports of the issue's desktop and phone.
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
#: What axe checks: the rules of WCAG 2.0 and 2.1, levels A and AA.
WCAG_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def played_game(mode: str = "classic", plies: int = 12, *, computers: bool = True) -> str:
    """The saved form of a game ``plies`` moves in (the same moves each time), one human
    against computers (or humans only, as where the computer does not play), with the human
    to move."""
    import random

    from game.web.session import GAME_TYPES, HUMAN_OCCUPANT, GameOptions, Occupant, Session

    count = len(GAME_TYPES[mode].seat_names())
    computers = computers and GAME_TYPES[mode].computer_plays
    others = Occupant("computer", 2) if computers else HUMAN_OCCUPANT
    session = Session.new(GameOptions(mode, seats=(HUMAN_OCCUPANT, *(others,) * (count - 1))))
    chooser = random.Random(plies)
    while session.board.ply() < plies and session.board.turn is not None:
        session.play(chooser.choice(list(session.board.legal_moves)))
    while session.is_computer_turn():  # back to the human's turn
        session.play(chooser.choice(list(session.board.legal_moves)))
    return session.to_json()


def finished_game(mode: str = "duo") -> str:
    """The saved form of a game played to its end by random moves (humans' seats)."""
    import random

    from game.web.session import GAME_TYPES, HUMAN_OCCUPANT, GameOptions, Session

    session = Session.new(
        GameOptions(mode, seats=(HUMAN_OCCUPANT,) * len(GAME_TYPES[mode].seat_names()))
    )
    chooser = random.Random(1)
    while session.board.turn is not None:
        session.play(chooser.choice(list(session.board.legal_moves)))
    return session.to_json()


def seed_saved_puzzle(context, name: str, moves: int = 0) -> None:
    """Open the page on puzzle ``name`` with the first ``moves`` of its stored solution."""
    from game.puzzles import find_puzzle, stored_solution
    from game.web.puzzle_session import PUZZLE_SAVE_KEY, PuzzleSession

    session = PuzzleSession(find_puzzle(name))
    for color, move in stored_solution(session.puzzle)[:moves]:
        session.play(move, color)
    seed_saved_game(context, session.to_json(), PUZZLE_SAVE_KEY)


def luminance(rgb: str) -> float:
    """Relative luminance (WCAG) of a computed ``rgb(r, g, b)`` colour."""
    channels = [int(c) / 255 for c in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def computed(page, selector: str, prop: str) -> str:
    return page.eval_on_selector(selector, "(e, p) => getComputedStyle(e)[p]", prop)


def inject_axe(context) -> None:
    """Make axe-core (pinned in buildsteps/artefacts.py, fetched into its cache) available to
    every page of ``context``; injected by the browser before the page's scripts, so the site's
    CSP and its files are untouched."""
    context.add_init_script(script=artefacts.npm_member_text(artefacts.AXE))


def axe_violations(page) -> list[str]:
    """What axe-core finds against WCAG 2.1 A and AA on the page as it is: one line per rule
    broken, with the first elements that break it."""
    found = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}}).then(r => "
        "r.violations.map(v => `${v.id} (${v.impact}): ${v.help}: ` + "
        "v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' ' + n.failureSummary)"
        ".join(' | ')))",
        WCAG_AA_TAGS,
    )
    return list(found)


#: The page's main states, by name: what is saved before the page opens, the state to wait
#: for, and the button that opens a dialog (if any). A saved game may name its type
#: (``game:trigon``).
SCENES = {
    "game": ("game", "ready", None),
    "new-game": ("game", "ready", "#new-game"),
    "help": ("game", "ready", "#help"),
    "puzzles": ("game", "ready", "#puzzles"),
    "game-over": ("over", "over", None),
    "puzzle": ("puzzle", "ready", None),
    "trigon": ("game:trigon", "ready", None),
    "junior": ("game:junior", "ready", None),
}


def open_scene(context, site: Site, record: PageRecord, scene: str):
    """A fresh page of ``context`` in one of :data:`SCENES` (a new context each time: the
    saves are seeded before the first load)."""
    saved, state, opener = SCENES[scene]
    if saved.startswith("game"):  # "game:<type>": a game of that type, else Classic
        seed_saved_game(context, played_game(saved.partition(":")[2] or "classic"))
    elif saved == "over":
        seed_saved_game(context, finished_game())
    else:
        seed_saved_puzzle(context, "tetromino_rectangle", moves=6)
    page = open_page(context, site, record, state=state)
    if opener:
        page.click(opener)
        page.wait_for_selector("dialog[open]")
    return page


# --- the browser's storage: full, switched off, written as a reload starts ---------------------

#: An init script: the page's storage is switched off (site data blocked, some private modes):
#: reading ``localStorage`` or ``sessionStorage`` throws, as Chromium does then.
STORAGE_OFF = """
for (const name of ["localStorage", "sessionStorage"]) {
  Object.defineProperty(window, name, { configurable: true, get() {
    throw new DOMException(`Failed to read the '${name}' property from 'Window': Access is `
      + "denied for this document.", "SecurityError");
  } });
}
"""


def fill_storage(page, prefix: str = "other-app.") -> int:
    """Fill the origin's ``localStorage`` to the brim with another app's data (keys starting
    with ``prefix``: large values, then ever smaller ones, then the last one longer a character
    at a time (a new key takes more room than is left) until not one more character fits); how
    many keys it took."""
    return page.evaluate(
        """(prefix) => {
            let size = 1 << 20, count = 0;
            while (size >= 1) {
                try { localStorage.setItem(prefix + count, "x".repeat(size)); count += 1; }
                catch { size = Math.floor(size / 2); }
            }
            const last = prefix + (count - 1);
            try {
                while (count) localStorage.setItem(last, localStorage.getItem(last) + "x");
            } catch {}
            return count;
        }""",
        prefix,
    )


def stored_keys(page) -> list[str]:
    return page.evaluate("() => Object.keys(localStorage)")


def save_on_reload(page, key: str, text: str) -> None:
    """Have ``text`` be the tab's save under ``key`` when ``page`` next loads: written as the
    page starts (the old page saves as it goes) to the tab's own copy and to the store. Once:
    later loads find what the page itself saved (a mark in the tab's storage says it is done)."""
    value = json.dumps(text)
    done = json.dumps(f"test-seeded-{uuid.uuid4().hex}")
    page.add_init_script(
        f"if (!sessionStorage.getItem({done})) {{"
        f"localStorage.setItem({json.dumps(key)}, {value});"
        f"sessionStorage.setItem({json.dumps(key)}, {value});"
        f"sessionStorage.setItem({done}, '1');"
        "}"
    )


def play_by_keys(page, keys: str = "12ivltozwxynpuf") -> None:
    """Play a move for the colour to move (a human's) by keys alone: the first piece of
    ``keys`` that the page picks up on a legal spot, placed with Enter."""
    before = len(covered(page))
    for key in keys:
        page.keyboard.press(key)
        if page.locator("#ghost rect.legal").count():
            page.keyboard.press("Enter")
            wait_until_state(page, "ready")
            assert len(covered(page)) > before
            return
        page.keyboard.press("Escape")
    raise AssertionError("no piece of those keys has a legal spot")

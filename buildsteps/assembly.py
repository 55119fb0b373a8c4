"""The static site, assembled in ``dist/``: the pinned runtime, the game compiled, the page with
its first board, scoreboard and trays drawn, its stylesheet and layout script inline (allowed by
their hashes in the Content-Security-Policy) and its preloads, the site's own files, and the
service worker that precaches them all."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import shutil
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from buildsteps import ROOT, BuildError, report
from buildsteps.artefacts import (
    NUMPY_SHA256,
    NUMPY_WHEEL,
    PYODIDE,
    PYSCRIPT,
    fetch_numpy_wheel,
    sha256_of,
    unpack_npm,
)
from buildsteps.compiling import compile_for_pyodide
from buildsteps.i18n import (
    compiled,
    read_catalog,
    shell_words,
    translated_manifest,
    words_script,
)

DIST = ROOT / "dist"
VENDOR = "vendor"  # dist/vendor/{pyodide,pyscript}: the runtime, never committed
# Shipped from the repository into dist/ as they are (sw.js is generated from its template).
SITE_FILES = (
    "pyscript.toml",
    "static/boot.js",
    "static/ai-worker.js",
    "static/pyscript.js",
    "static/manifest.webmanifest",
)
SITE_DIRS = ("static/icons",)
PAGE_TEMPLATE = ROOT / "index.html"
# The page's stylesheet, written into index.html: the first paint waits for no request.
STYLESHEET = ROOT / "static" / "app.css"
STYLE_PLACEHOLDER = "<style>/* app.css */</style>"
# Picks, before the first paint, the scoreboard and trays drawn for the saved game's type.
LAYOUT_SCRIPT = ROOT / "static" / "layout.js"
SCRIPT_PLACEHOLDER = "<script>/* layout.js */</script>"
# Where, storage off, the shell writes the warning's words until Python writes them.
OFF_WARNING_SELECTOR = '[data-storage="off"] body[data-state="loading"] #keeping-text:empty::before'
# Where the shell writes the words of the notices static/layout.js foresees Python saying as it
# starts (<html data-notices>: of each kind, their custom property's), until Python says one
# (a link's, just after `ready`).
NOTICE_SELECTOR = "[data-notices] #notice:empty::before"
START_NOTICES = ("game", "puzzle", "times", "link")  # in the order Python says them
# A time in milliseconds as Date.now() gives it: the length of a key a save is set aside to.
ASIDE_TIME = 1_700_000_000_000
SERVICE_WORKER_TEMPLATE = ROOT / "static" / "sw.js"
# Per language but English: its catalog with the modules that read it (<code>.zip), the words
# shown before Python (<code>.js) and the app's manifest (<code>.webmanifest).
LOCALE_DIR = "locale"
# Fetched before Python starts: the page's loading indicator counts their bytes.
# As pyscript.toml's [files] names them: the game package, compiled (imported from the archive),
# and PyScript's package compiled (unpacked beside the sources PyScript writes).
GAME_ZIP = "game.zip"
PYSCRIPT_ZIP = "pyscript-compiled.zip"
RUNTIME_FILES = ("pyodide.asm.wasm", "pyodide.asm.js", "python_stdlib.zip", "pyodide-lock.json")
# Files the service worker does not precache: itself and GitHub Pages' marker.
NOT_PRECACHED = {"sw.js", ".nojekyll"}


def build(dist: Path = DIST) -> Path:
    """Assemble the static site in ``dist`` and return it.

    The site is assembled beside ``dist`` and then swapped in, so that a server already serving
    ``dist`` (``serve``, the browser tests) never hands out a half-built site.
    """
    numpy_wheel = fetch_numpy_wheel()
    staging = Path(tempfile.mkdtemp(prefix=f".{dist.name}-new-", dir=dist.parent))
    try:
        version = assemble(staging, numpy_wheel)
        staging.chmod(0o755)  # mkdtemp's 0o700 would be shipped as the site root's mode
        swap_in(staging, dist)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    report(f"built {dist} (cache version {version})")
    return dist


def swap_in(new: Path, dist: Path) -> None:
    """Replace ``dist`` with the directory ``new`` (two renames: ``dist`` is missing for only
    an instant, never partly written)."""
    if not dist.exists():
        new.rename(dist)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{dist.name}-old-", dir=dist.parent))
    dist.rename(old / dist.name)
    new.rename(dist)
    shutil.rmtree(old)


def assemble(dist: Path, numpy_wheel: Path) -> str:
    """Write the site's files into the empty folder ``dist``; return the cache version."""
    vendor = dist / VENDOR
    unpack_npm(PYODIDE, vendor / PYODIDE.target)
    trim_lock_file(vendor / PYODIDE.target / "pyodide-lock.json")
    shutil.copy(numpy_wheel, vendor / PYODIDE.target / NUMPY_WHEEL)
    unpack_npm(PYSCRIPT, vendor / PYSCRIPT.target)
    reader = compile_for_pyodide(vendor / PYODIDE.target, dist / GAME_ZIP, dist / PYSCRIPT_ZIP)
    for name in SITE_FILES:
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, dist / name)
    for name in SITE_DIRS:
        shutil.copytree(ROOT / name, dist / name)
    (dist / "index.html").write_text(render_index_html(vendor / PYODIDE.target))
    write_languages(dist / LOCALE_DIR, reader)
    (dist / ".nojekyll").touch()
    return write_service_worker(dist)


def trim_lock_file(lock_file: Path) -> None:
    """Keep only NumPy in Pyodide's package list (the page loads no other package), once it is
    checked to be the wheel this build ships."""
    lock = json.loads(lock_file.read_text())
    numpy = lock["packages"]["numpy"]
    if (numpy["file_name"], numpy["sha256"]) != (NUMPY_WHEEL, NUMPY_SHA256):
        raise BuildError(f"pyodide-lock.json expects {numpy['file_name']} {numpy['sha256']}")
    if numpy["depends"]:
        raise BuildError(f"NumPy needs {numpy['depends']}: ship them too")
    lock["packages"] = {"numpy": numpy}
    lock_file.write_text(json.dumps(lock, separators=(",", ":")))


def render_index_html(runtime: Path) -> str:
    """index.html with the first paint's empty board, scoreboard and trays rendered in (Python
    loads after it), the stylesheet and the layout script in (with their hashes in the
    Content-Security-Policy), and the sizes of the runtime files in ``runtime`` that the loading
    indicator counts."""
    template = PAGE_TEMPLATE.read_text()
    for placeholder in (
        "<!-- board -->",
        "<!-- scores -->",
        "<!-- trays -->",
        "__RUNTIME_SIZES__",
        "<!-- preloads:",
        "<!-- languages -->",
        STYLE_PLACEHOLDER,
        "'__STYLE_HASH__'",
        SCRIPT_PLACEHOLDER,
        "'__SCRIPT_HASH__'",
    ):
        if placeholder not in template:
            raise BuildError(f"index.html lacks the {placeholder} placeholder")
    shell = page_shell()
    css = STYLESHEET.read_text() + shell.css
    template = template.replace(STYLE_PLACEHOLDER, f"<style>{css}</style>")
    template = template.replace("'__STYLE_HASH__'", f"'{csp_hash(css)}'")
    template = template.replace(SCRIPT_PLACEHOLDER, f"<script>{shell.script}</script>")
    # Every inline script: the layout script, and the page's last (its words: see layout.js).
    hashes = " ".join(f"'{csp_hash(script)}'" for script in inline_scripts(template))
    template = template.replace("'__SCRIPT_HASH__'", hashes)
    template = template.replace("<!-- languages -->", language_options())
    sizes = {name: (runtime / name).stat().st_size for name in RUNTIME_FILES}
    template = template.replace("__RUNTIME_SIZES__", html.escape(json.dumps(sizes)))
    head, _, rest = template.partition("<!-- preloads:")
    comment, _, rest = rest.partition("-->\n")
    template = f"{head}<!-- preloads:{comment}-->\n{preload_links()}{rest}"
    template = template.replace("<!-- scores -->", shell.scores)
    template = template.replace("<!-- trays -->", shell.trays)
    return template.replace("<!-- board -->", shell.board)


def inline_scripts(page: str) -> list[str]:
    """The text of every ``<script>`` of ``page`` without a ``src``."""
    return re.findall(r"<script(?: id=\"[\w-]+\")?>(.*?)</script>", page, flags=re.DOTALL)


def language_options() -> str:
    """The Language choice's options: each language in its own words (and its ``lang``)."""
    from game.i18n import LANGUAGES

    return "".join(
        f'<option value="{code}" lang="{code}">{html.escape(name)}</option>'
        for code, name in LANGUAGES.items()
    )


def csp_hash(text: str) -> str:
    """The Content-Security-Policy's source for an inline ``text``."""
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


@dataclass(frozen=True)
class PageShell:
    """What the page shows before Python draws the game: the empty Classic board (for a board
    of another shape, its outline), and the scoreboard and trays of a new game of each type and
    of each puzzle, each in a ``.shell`` naming the layouts that draw it (``data-layouts``: the
    game types, and ``puzzle-`` and each puzzle's name); :data:`LAYOUT_SCRIPT`, filled in, names
    the saved game's layout on <html> (``data-layout``; a saved puzzle's, which is played
    instead) and ``css`` hides every shell not drawn for it. So the first paint holds the space
    the game's own will take."""

    board: str
    scores: str
    trays: str
    css: str
    script: str


#: A puzzle's layout: this and its name.
PUZZLE_LAYOUT = "puzzle-"


def shell_layouts() -> list[str]:
    """The layouts of the shell: the game types, the first visit's first (the layout script's
    choice without a save), then the puzzles'."""
    from game.puzzles import PUZZLES
    from game.web.session import DEFAULT_OPTIONS, GAME_TYPES

    first = DEFAULT_OPTIONS.game_type
    types = [first, *(name for name in GAME_TYPES if name != first)]
    return [*types, *(PUZZLE_LAYOUT + name for name in PUZZLES)]


def shell_drawings() -> tuple[dict[str, list[str]], ...]:
    """The empty boards, the scoreboards and the trays of a new game of every type and of a
    new try at every puzzle, in the language spoken: drawing -> the layouts that draw it."""
    from game.puzzles import find_puzzle
    from game.web.drawing import board_outline_svg, initial_board_svg
    from game.web.puzzle_session import PuzzleSession
    from game.web.puzzle_view import progress_html, puzzle_trays_html
    from game.web.session import GameOptions, Session, default_seats
    from game.web.view import scoreboard_html, trays_html

    scores: dict[str, list[str]] = {}
    trays: dict[str, list[str]] = {}
    # The empty Classic board stands in for every square board (all square: the same room).
    boards: dict[str, list[str]] = {}
    for layout in shell_layouts():
        if layout.startswith(PUZZLE_LAYOUT):
            session = PuzzleSession(find_puzzle(layout.removeprefix(PUZZLE_LAYOUT)))
            board = session.board
            # Ids once in the page: the shown puzzle's own, drawn by Python.
            score = without_ids(progress_html(session, {}))
            tray = puzzle_trays_html(board, selected=None, color=None)
        else:
            session = Session.new(GameOptions(layout, seats=default_seats(layout)))
            board = session.board
            score = scoreboard_html(session)
            tray = trays_html(board, selected=None, human_turn=True)
        grid = board.geometry.grid
        square = not grid.triangles and grid.width == grid.height
        drawn = initial_board_svg() if square else board_outline_svg(grid)
        boards.setdefault(drawn, []).append(layout)
        scores.setdefault(score, []).append(layout)
        trays.setdefault(tray, []).append(layout)
    return boards, scores, trays


def without_ids(drawing: str) -> str:
    """``drawing`` without its elements' ids."""
    return re.sub(r' id="[^"]*"', "", drawing)


def held_words() -> dict[str, str]:
    """The words the shell holds in place until Python writes them, in the language spoken, by
    the custom property that holds them (set by ``locale/<code>.js`` in another language than
    English): the storage warning while storage is off, and the notices Python says as it
    starts: of a save of each kind set aside (cut short: not JSON), and of a game opened from
    a link (a new Classic game's)."""
    from game import Board
    from game.i18n import _
    from game.record import HUMAN, GameRecord
    from game.web.puzzle_session import (
        BEST_TIMES_KEY,
        PUZZLE_SAVE_KEY,
        PuzzleSession,
        parse_best_times,
    )
    from game.web.records import link_notice
    from game.web.session import NEW_GAME_STARTED, SAVE_KEY, Session, aside_notice, restore_saved
    from game.web.storage import Keeping, aside_key, keeping_warning

    def set_aside(key: str, read, what: str) -> str:
        return aside_notice(restore_saved("{", read, what)[1], aside_key(key, ASIDE_TIME))

    return {
        "--off-warning": keeping_warning(Keeping.OFF, "game"),
        "--game-notice": f"{set_aside(SAVE_KEY, Session.from_json, 'game')} {_(NEW_GAME_STARTED)}",
        "--puzzle-notice": set_aside(PUZZLE_SAVE_KEY, PuzzleSession.from_json, "puzzle"),
        "--times-notice": set_aside(BEST_TIMES_KEY, parse_best_times, "best times"),
        "--link-notice": link_notice(GameRecord(Board("classic"), (HUMAN,) * 4)),
    }


def write_languages(folder: Path, reader: dict[str, bytes]) -> None:
    """Per language but English, into ``folder``: its catalog compiled, in an archive
    (``<code>.zip``, deflated: servers compress only text) with ``reader``, the compiled modules
    that read it (archive name -> bytes: gettext, which an English page never loads); the
    words shown before Python (``<code>.js``, :func:`buildsteps.i18n.words_script`); and the
    app's manifest in the language (``<code>.webmanifest``)."""
    from game import i18n

    folder.mkdir()
    english = "".join(drawing for drawings in shell_drawings() for drawing in drawings)
    for code in i18n.LANGUAGES:
        if code == i18n.SOURCE_LANGUAGE:
            continue
        catalog = read_catalog(code)
        mo = compiled(catalog)
        i18n.use(code, mo)
        try:
            translated = "".join(d for drawings in shell_drawings() for d in drawings)
            held = held_words()
        finally:
            i18n.use(i18n.SOURCE_LANGUAGE)
        with zipfile.ZipFile(folder / f"{code}.zip", "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(f"{i18n.DOMAIN}.mo", mo, compresslevel=9)
            for name, module in sorted(reader.items()):
                archive.writestr(name, module, compresslevel=9)
        manifest = translated_manifest(catalog, code)
        (folder / f"{code}.webmanifest").write_text(json.dumps(manifest, ensure_ascii=False))
        script = words_script(catalog, shell_words(english, translated), held)
        (folder / f"{code}.js").write_text(script)


def page_shell() -> PageShell:
    from game.i18n import LANGUAGES
    from game.link import CHECK_BYTES, LINK_VARIANTS, LINK_VERSION, MAX_LINK_CHARS, PREFIX
    from game.puzzles import PUZZLES
    from game.web.puzzle_session import (
        BEST_TIMES_KEY,
        PUZZLE_SAVE_FORMAT,
        PUZZLE_SAVE_KEY,
        PUZZLE_SAVE_VERSION,
    )
    from game.web.session import GAME_TYPES, SAVE_FORMAT, SAVE_KEY, SAVE_VERSION, game_type_of
    from game.web.settings import LANGUAGE_KEY
    from game.web.storage import TAB_MARK

    boards, scores, trays = shell_drawings()

    def shells(drawings: dict[str, list[str]]) -> str:
        # inert: Python is not there yet to answer a click or a key.
        return "".join(
            f'<div class="shell" data-layouts="{" ".join(names)}" inert>{drawing}</div>'
            for drawing, names in drawings.items()
        )

    hidden = ",\n".join(
        f'[data-layout="{t}"] .shell:not([data-layouts~="{t}"])' for t in shell_layouts()
    )
    # Storage off: the warning Python will show over the board, its words held in its place;
    # likewise the notices of the start (in the player's language: locale/<code>.js sets them).
    held = {name: json.dumps(words) for name, words in held_words().items()}
    notices = "".join(
        f'[data-notices~="{kind}"] {{ --{kind}-held: var({name}, {held[name]}); }}\n'
        for kind in START_NOTICES
        for name in [f"--{kind}-notice"]
    )
    said = ' " " '.join(f'var(--{kind}-held, "")' for kind in START_NOTICES)
    script = LAYOUT_SCRIPT.read_text()
    fills = (
        ('["__GAME_TYPES__"]', [t for t in shell_layouts() if t in GAME_TYPES]),
        ('"__SAVE_KEY__"', SAVE_KEY),
        ('"__SAVE_FORMAT__"', SAVE_FORMAT),
        ('"__SAVE_VERSION__"', SAVE_VERSION),
        ('["__PUZZLES__"]', list(PUZZLES)),
        ('"__PUZZLE_SAVE_KEY__"', PUZZLE_SAVE_KEY),
        ('"__PUZZLE_SAVE_FORMAT__"', PUZZLE_SAVE_FORMAT),
        ('"__PUZZLE_SAVE_VERSION__"', PUZZLE_SAVE_VERSION),
        ('"__BEST_TIMES_KEY__"', BEST_TIMES_KEY),
        ('"__PUZZLE_LAYOUT__"', PUZZLE_LAYOUT),
        ('"__TAB_MARK__"', TAB_MARK),
        ('"#__LINK_PREFIX__"', "#" + PREFIX),
        (
            '"__LINK__"',
            {
                "version": LINK_VERSION,
                "maxChars": MAX_LINK_CHARS,
                "checkBytes": CHECK_BYTES,
                # By a link's variant number: its game type with a seat per player, per colour.
                "types": [[game_type_of(v, False), game_type_of(v, True)] for v in LINK_VARIANTS],
            },
        ),
        ('["__LANGUAGES__"]', list(LANGUAGES)),
        ('"__LANGUAGE_KEY__"', LANGUAGE_KEY),
    )
    for placeholder, value in fills:
        if placeholder not in script:
            raise BuildError(f"{LAYOUT_SCRIPT.name} lacks the {placeholder} placeholder")
        script = script.replace(placeholder, json.dumps(value))
    return PageShell(
        board=shells(boards),
        scores=shells(scores),
        trays=shells(trays),
        css=(
            f"\n/* The shell: the saved game's layout's alone; the words of the storage warning\n"
            f"   and of the start's notices. */\n"
            f"{hidden} {{ display: none; }}\n"
            f"{OFF_WARNING_SELECTOR} {{ content: var(--off-warning, {held['--off-warning']}); }}\n"
            f"{notices}{NOTICE_SELECTOR} {{ content: {said}; }}\n"
        ),
        script=script,
    )


def preload_links() -> str:
    """<link>s for the modules PyScript and Pyodide import one after another, and for the files
    Pyodide fetches (as fetch() asks for them: same-origin credentials, so `crossorigin`). Not
    the game package: static/boot.js preloads it once these are in."""
    pyscript = [m.removeprefix("dist/") for m in PYSCRIPT.members if m.endswith(".js")]
    modules = [f"{VENDOR}/{PYSCRIPT.target}/{name}" for name in pyscript if name != "core.js"]
    modules += [f"{VENDOR}/{PYODIDE.target}/{name}" for name in ("pyodide.mjs", "pyodide.asm.js")]
    fetched = [f"{VENDOR}/{PYODIDE.target}/{name}" for name in RUNTIME_FILES]
    links = [f'<link rel="modulepreload" href="./{path}">' for path in modules]
    links += [
        f'<link rel="preload" href="./{path}" as="fetch" crossorigin>'
        for path in fetched
        if not path.endswith(".js")
    ]
    return "".join(f"{link}\n" for link in links)


def precache_list(dist: Path) -> list[str]:
    """The URLs the service worker precaches: the site's root and every file of ``dist`` but
    index.html (the root's) and :data:`NOT_PRECACHED`."""
    files = sorted(
        p.relative_to(dist).as_posix()
        for p in dist.rglob("*")
        if p.is_file() and p.relative_to(dist).as_posix() not in NOT_PRECACHED
    )
    return ["./", *(f"./{name}" for name in files if name != "index.html")]


def write_service_worker(dist: Path) -> str:
    """Generate dist/sw.js: every asset, and a cache version that is a hash of all their bytes."""
    assets = precache_list(dist)
    digest = hashlib.sha256()
    for url in assets:
        path = dist / ("index.html" if url == "./" else url[2:])
        digest.update(url.encode() + b"\0" + sha256_of(path).encode())
    version = digest.hexdigest()[:16]
    text = SERVICE_WORKER_TEMPLATE.read_text()
    text = text.replace('"__CACHE_VERSION__"', json.dumps(version))
    text = text.replace('["__ASSETS__"]', json.dumps(assets, indent=1))
    (dist / "sw.js").write_text(text)
    return version

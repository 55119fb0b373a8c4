"""buildsteps.assembly: the page filled in from its template, Pyodide's lock file trimmed, the
service worker's precache list and cache version, and a new site swapped in whole.
(The whole build, which needs Node and the pinned runtime: tests/browser/test_built_site.py.)"""

import base64
import hashlib
import html
import json
import re

import pytest

from buildsteps import BuildError, artefacts, assembly
from game.puzzles import PUZZLES
from game.web.session import GAME_TYPES


@pytest.fixture
def runtime(tmp_path):
    """A runtime folder whose files the loading indicator counts, of known sizes."""
    folder = tmp_path / "pyodide"
    folder.mkdir()
    for size, name in enumerate(assembly.RUNTIME_FILES, 1):
        (folder / name).write_bytes(b"x" * size)
    return folder


def test_the_page_has_its_board_its_stylesheet_and_script_allowed_by_hash_and_the_runtime_sizes(
    runtime,
):
    page = assembly.render_index_html(runtime)
    assert page.count("data-square=") == 400
    css = re.search(r"<style>(.*?)</style>", page, re.S)[1]
    assert page.count("<style>") == 1 and css.startswith(assembly.STYLESHEET.read_text())
    script = re.search(r"<script>(.*?)</script>", page, re.S)[1]
    assert page.count("<script>") == 1 and "localStorage" in script
    # The page's last script calls the layout script's translation once the page is parsed.
    parsed = re.search(r'<script id="page-parsed">(.*?)</script>', page, re.S)[1]
    assert "pyblokusPageParsed" in parsed and "function pyblokusPageParsed" in script
    for directive, text in (("style-src", css), ("script-src", script), ("script-src", parsed)):
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        assert re.search(rf"{directive} [^;]*'sha256-{re.escape(digest)}'[ ;]", page)
    sizes = json.loads(html.unescape(re.search(r'data-sizes="([^"]*)"', page)[1]))
    assert sizes == {name: n for n, name in enumerate(assembly.RUNTIME_FILES, 1)}
    placeholders = (
        *("<!-- board -->", "<!-- scores -->", "<!-- trays -->"),
        *("/* app.css */", "/* layout.js */", "__MODES__", "__SAVE_KEY__", "__TAB_MARK__"),
        *("__SAVE_FORMAT__", "__PUZZLE_SAVE_VERSION__", "__BEST_TIMES_KEY__", "__LINK_PREFIX__"),
        *("<!-- languages -->", "__LANGUAGES__", "__LANGUAGE_KEY__"),
        *("__RUNTIME_SIZES__", "__STYLE_HASH__", "__SCRIPT_HASH__"),
    )
    assert not [text for text in placeholders if text in page]


def test_the_page_draws_each_layouts_scoreboard_and_trays_and_its_css_shows_one(runtime):
    """The shell: a new game's board (the Classic board for every square one, an outline for
    Trigon's and the puzzles' rectangles), scoreboard and trays for each game type and puzzle,
    each drawing once with the layouts it is for; the stylesheet hides every one but the layout
    on <html data-layout>, and the layout script names the first visit's (Classic) unless a
    save names a game type or a puzzle; the stylesheet holds the words of the storage warning
    and of the notices of the start in their places."""
    page = assembly.render_index_html(runtime)
    board = page[page.index('<div id="board-host"') : page.index('<p id="ghost-status"')]
    scores = page[page.index('<div id="scores"') : page.index('<section id="review"')]
    trays = page[page.index('<div id="trays"') : page.index("</aside>")]
    shell = r'<div class="shell" data-layouts="([^"]+)" inert>'
    assert re.findall(shell, board) == [
        "classic classic_2 classic_3 teams duo junior puzzle-all84 puzzle-all84_largest_first",
        "trigon trigon_2",
        "trigon_3",
        "puzzle-tetromino_rectangle",
        "puzzle-pentomino_rectangle",
    ]
    assert board.count("data-square") == 400 and board.count('id="board"') == 1
    score_shells = re.findall(shell, scores)
    assert sorted(score_shells) == [
        "classic",
        "classic_2",
        "classic_3",
        "duo",
        "junior",
        "puzzle-all84",
        "puzzle-all84_largest_first",
        "puzzle-pentomino_rectangle",
        "puzzle-tetromino_rectangle",
        "teams",
        "trigon",
        "trigon_2",
        "trigon_3",
    ]
    assert 'id="puzzle-progress"' not in scores  # the puzzle's own, drawn by Python
    tray_shells = re.findall(shell, trays)
    assert tray_shells == [
        "classic classic_2 classic_3 teams puzzle-all84 puzzle-all84_largest_first",
        "duo",
        "junior",
        "trigon trigon_2",
        "trigon_3",
        "puzzle-tetromino_rectangle",
        "puzzle-pentomino_rectangle",
    ]
    games = 21 * 4 + 21 * 2 + 12 * 2 + 22 * 4 + 22 * 3
    # A puzzle's trays hold all 21 pieces of each of its four colours (those not in it off).
    assert trays.count('class="piece"') == games + 2 * 21 * 4
    css = re.search(r"<style>(.*?)</style>", page, re.S)[1]
    for layout in [*GAME_TYPES, *(f"puzzle-{name}" for name in PUZZLES)]:
        selector = f'[data-layout="{layout}"] .shell:not([data-layouts~="{layout}"])'
        assert selector in css
    script = re.search(r"<script>(.*?)</script>", page, re.S)[1]
    assert json.dumps(list(GAME_TYPES)) in script and json.dumps(list(PUZZLES)) in script
    assert '"pyblokus.game"' in script and '"pyblokus.tab"' in script
    assert '"pyblokus.puzzle"' in script
    # Storage off, the warning's words hold its place until Python writes them.
    # (another language's words replace them: locale/<code>.js sets --off-warning)
    assert f'{assembly.OFF_WARNING_SELECTOR} {{ content: var(--off-warning, "This game will' in css
    # So do the notices Python says as it starts, those the layout script foresees.
    game = '[data-notices~="game"] { --game-held: var(--game-notice, "Your saved game could not'
    link = '[data-notices~="link"] { --link-held: var(--link-notice, "Game from the link opened'
    assert game in css and link in css
    assert f'{assembly.NOTICE_SELECTOR} {{ content: var(--game-held, "") " "' in css


def test_the_page_preloads_the_runtime_but_not_the_game(runtime):
    page = assembly.render_index_html(runtime)
    preloaded = re.findall(r'<link rel="(modulepreload|preload)" href="\./([^"]+)"', page)
    assert ("modulepreload", "vendor/pyodide/pyodide.mjs") in preloaded
    assert ("preload", "vendor/pyodide/pyodide.asm.wasm") in preloaded
    assert ("modulepreload", "vendor/pyscript/core-D0lb6Ll_.js") in preloaded
    assert not [p for _, p in preloaded if p in (assembly.GAME_ZIP, assembly.PYSCRIPT_ZIP)]


def test_a_template_without_a_placeholder_is_refused(runtime, tmp_path, monkeypatch):
    template = tmp_path / "index.html"
    template.write_text(assembly.PAGE_TEMPLATE.read_text().replace("<!-- board -->", ""))
    monkeypatch.setattr(assembly, "PAGE_TEMPLATE", template)
    with pytest.raises(BuildError, match="lacks the <!-- board --> placeholder"):
        assembly.render_index_html(runtime)


def lock_with(numpy: dict) -> dict:
    return {"info": {"version": "0.27.7"}, "packages": {"numpy": numpy, "scipy": {}}}


PINNED_NUMPY = {
    "file_name": artefacts.NUMPY_WHEEL,
    "sha256": artefacts.NUMPY_SHA256,
    "depends": [],
}


def test_the_lock_file_keeps_only_the_pinned_numpy(tmp_path):
    lock_file = tmp_path / "pyodide-lock.json"
    lock_file.write_text(json.dumps(lock_with(PINNED_NUMPY)))
    assembly.trim_lock_file(lock_file)
    assert json.loads(lock_file.read_text()) == {
        "info": {"version": "0.27.7"},
        "packages": {"numpy": PINNED_NUMPY},
    }


@pytest.mark.parametrize(
    "numpy, error",
    [
        ({**PINNED_NUMPY, "sha256": "0" * 64}, "pyodide-lock.json expects"),
        ({**PINNED_NUMPY, "depends": ["openblas"]}, "NumPy needs"),
    ],
)
def test_a_lock_file_for_another_numpy_is_refused(tmp_path, numpy, error):
    lock_file = tmp_path / "pyodide-lock.json"
    lock_file.write_text(json.dumps(lock_with(numpy)))
    with pytest.raises(BuildError, match=error):
        assembly.trim_lock_file(lock_file)


@pytest.fixture
def small_site(tmp_path):
    """A small site: a page, a script, the service worker and GitHub Pages' marker."""
    root = tmp_path / "site"
    (root / "static").mkdir(parents=True)
    (root / "index.html").write_text("<html>")
    (root / "static" / "boot.js").write_text("// boot")
    (root / "sw.js").write_text("// an older service worker")
    (root / ".nojekyll").touch()
    return root


def test_the_service_worker_precaches_every_file_but_itself_and_the_marker(small_site):
    assert assembly.precache_list(small_site) == ["./", "./static/boot.js"]
    assembly.write_service_worker(small_site)
    text = (small_site / "sw.js").read_text()
    assets = json.loads(text.split("const ASSETS = ", 1)[1].split(";\n", 1)[0])
    assert assets == ["./", "./static/boot.js"]


def test_the_cache_version_follows_the_content(small_site):
    version = assembly.write_service_worker(small_site)
    assert f"const VERSION = {json.dumps(version)};" in (small_site / "sw.js").read_text()
    assert assembly.write_service_worker(small_site) == version  # sw.js itself does not count
    (small_site / "static" / "boot.js").write_text("// changed")
    assert assembly.write_service_worker(small_site) != version


def test_a_new_site_replaces_the_old_one_whole(tmp_path):
    dist, new = tmp_path / "dist", tmp_path / "new"
    new.mkdir()
    dist.mkdir()
    (dist / "stale.txt").write_text("from the last build")
    (new / "index.html").write_text("new")
    assembly.swap_in(new, dist)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist"]
    assert [p.name for p in dist.iterdir()] == ["index.html"]


def test_a_first_site_is_moved_into_place(tmp_path):
    new = tmp_path / "new"
    new.mkdir()
    (new / "index.html").write_text("first")
    assembly.swap_in(new, tmp_path / "dist")
    assert (tmp_path / "dist" / "index.html").read_text() == "first" and not new.exists()

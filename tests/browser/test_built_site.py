"""The site as built (``build.py build``): the pinned runtime, the compiled standard library and
game, the page, the service worker; a rebuild, and ``build.py serve``.
(No browser here: these check what the browser tests are served.)"""

import base64
import hashlib
import json
import re
import subprocess
import sys
import tarfile
import tomllib
import urllib.request
import zipfile

from buildsteps import ROOT, artefacts, assembly, compiling


def test_the_site_has_the_pinned_runtime_and_the_game(dist):
    pyodide = dist / "vendor" / "pyodide"
    for name in artefacts.PYODIDE.members:
        assert (pyodide / name).is_file()
    wheel = pyodide / artefacts.NUMPY_WHEEL
    assert artefacts.sha256_of(wheel) == artefacts.NUMPY_SHA256
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    assert lock["packages"]["numpy"]["file_name"] == artefacts.NUMPY_WHEEL
    assert (dist / "vendor" / "pyscript" / "core.js").is_file()
    assert not list(dist.rglob("*.map"))
    assert (dist / ".nojekyll").exists()
    with zipfile.ZipFile(dist / "game.zip") as archive:
        names = archive.namelist()
    assert "game/__init__.pyc" in names and "game/web/app.pyc" in names
    assert not [n for n in names if n.endswith("conftest.py")]
    config = tomllib.loads((dist / "pyscript.toml").read_text())
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    # The game's archive imported as it is; PyScript's compiled package unpacked.
    assert config["files"] == {"./game.zip": "./game.zip", "./pyscript-compiled.zip": "./*"}
    assert "packages" not in config  # NumPy is loaded once the board is playable


def test_the_standard_library_is_the_compiled_modules_the_page_imports(dist):
    archive = dist / "vendor" / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(archive) as stdlib:
        names = set(stdlib.namelist())
    assert {"json/__init__.pyc", "asyncio/__init__.pyc"} <= names
    assert not {"unittest/__init__.pyc", "email/mime/text.pyc", "sqlite3/__init__.pyc"} & names
    # Nor what only a command line imports (the solver's main(): argparse), nor gettext: it
    # comes with each language's catalog (an English page needs none).
    assert not {"argparse.pyc", "statistics.pyc", "gettext.pyc"} & names
    with zipfile.ZipFile(archive.parents[2] / "locale" / "de.zip") as german:
        assert sorted(german.namelist()) == ["gettext.pyc", "pyblokus.mo"]
    # Nor importlib's bootstrap: frozen into Python, never read from the archive.
    assert not {"importlib/_bootstrap.pyc", "importlib/_bootstrap_external.pyc"} & names
    assert [name for name in names if not name.endswith(".pyc")] == []
    with tarfile.open(artefacts.fetch_npm(artefacts.PYODIDE)) as npm:
        full = npm.getmember("package/python_stdlib.zip").size
    assert archive.stat().st_size < full * 0.6
    # What only the computer player's worker imports (for NumPy) comes apart, after `ready`.
    with zipfile.ZipFile(archive.with_name(compiling.WORKER_STDLIB)) as worker:
        only_worker = set(worker.namelist())
    assert {"pickle.pyc", "ctypes/__init__.pyc"} <= only_worker and not only_worker & names


def test_the_game_ships_compiled_without_sources_nor_its_command_line_tools(dist):
    with zipfile.ZipFile(dist / "game.zip") as archive:
        names = set(archive.namelist())
    game = {name for name in names if name.startswith("game/")}
    assert {"game/board.pyc", "game/solver.pyc", "game/web/app.pyc"} <= game
    assert {"game/data/ai_weights.json", "game/data/puzzle_solutions.json"} <= game
    # The move generators of its boards, compiled (the build checks in Pyodide they are found).
    assert "game/placements.marshal" in game
    assert "game/gtp.pyc" not in game
    assert [name for name in game if name.endswith(".py") or "__pycache__" in name] == []
    # PyScript writes its package's sources itself: its compiled files go in __pycache__.
    with zipfile.ZipFile(dist / "pyscript-compiled.zip") as archive:
        assert "pyscript/__pycache__/events.cpython-312.pyc" in archive.namelist()


def test_the_page_is_painted_before_python_and_names_no_other_origin(dist):
    html = (dist / "index.html").read_text()
    assert html.count("data-square=") == 400
    assert "http://" not in html.replace("http://www.w3.org", "")
    assert "https://" not in html


def test_the_stylesheet_and_layout_script_are_in_the_page_allowed_by_their_hashes(dist):
    """No stylesheet or script request holds up the first paint; the policy allows just this
    style (app.css and the shell's rule) and these inline scripts (the layout script, and the
    page's last, which puts its words in the player's language)."""
    html = (dist / "index.html").read_text()
    assert 'rel="stylesheet"' not in html and html.count("<style>") == 1
    css = html.split("<style>", 1)[1].split("</style>", 1)[0]
    assert css.startswith(assembly.STYLESHEET.read_text())
    assert html.count("<script>") == 1
    script = html.split("<script>", 1)[1].split("</script>", 1)[0]
    parsed = html.split('<script id="page-parsed">', 1)[1].split("</script>", 1)[0]
    for directive, text in (("style-src", css), ("script-src", script), ("script-src", parsed)):
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        assert re.search(rf"{directive} [^;]*'sha256-{re.escape(digest)}'[ ;]", html)


def test_the_service_worker_precaches_every_file(dist):
    text = (dist / "sw.js").read_text()
    assets = json.loads(text.split("const ASSETS = ", 1)[1].split(";\n", 1)[0])
    files = {
        p.relative_to(dist).as_posix()
        for p in dist.rglob("*")
        if p.is_file() and p.name not in ("sw.js", ".nojekyll")
    }
    assert set(assets) == {"./"} | {f"./{f}" for f in files if f != "index.html"}


def test_a_rebuild_swaps_the_whole_site_in(tmp_path):
    site = tmp_path / "dist"
    assembly.build(site)
    (site / "stale.txt").write_text("from the last build")
    assembly.build(site)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist"]  # no staging folder left
    assert not (site / "stale.txt").exists()
    assert (site / "game.zip").is_file() and (site / "sw.js").is_file()


def test_serve_builds_and_prints_the_url_it_serves():
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        for line in server.stdout:
            if line.startswith("serving pyblokus at "):
                url = line.split(" at ", 1)[1].split()[0]
                break
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url) as response:
            assert b'data-square="a20"' in response.read()
    finally:
        server.terminate()
        server.wait()

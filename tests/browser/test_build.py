"""build.py: verified runtime files, the assembled site, the service worker, the server.
(No browser here: these check what the browser tests are served.)"""

import base64
import gzip
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tomllib
import urllib.request
import zipfile

import pytest
from harness import Site, build


def test_a_file_with_the_wrong_hash_is_refused_and_dropped(tmp_path):
    path = tmp_path / "pyodide-0.27.7.tgz"
    path.write_bytes(b"tampered")
    with pytest.raises(build.BuildError, match="does not match the pinned"):
        build.verified(path, build.PYODIDE.sha256)
    assert not path.exists()
    good = tmp_path / "ok"
    good.write_bytes(b"ok")
    assert build.verified(good, hashlib.sha256(b"ok").hexdigest()) == good


def test_a_corrupt_cached_file_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "CACHE", tmp_path)
    (tmp_path / build.NUMPY_WHEEL).write_bytes(b"not numpy")
    assert build.cached(build.NUMPY_WHEEL, build.NUMPY_SHA256) is None
    assert not (tmp_path / build.NUMPY_WHEEL).exists()


def test_the_site_has_the_pinned_runtime_and_the_game(dist):
    pyodide = dist / "vendor" / "pyodide"
    for name in build.PYODIDE.members:
        assert (pyodide / name).is_file()
    wheel = pyodide / build.NUMPY_WHEEL
    assert build.sha256_of(wheel) == build.NUMPY_SHA256
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    assert lock["packages"]["numpy"]["file_name"] == build.NUMPY_WHEEL
    assert (dist / "vendor" / "pyscript" / "core.js").is_file()
    assert not list(dist.rglob("*.map"))
    assert (dist / ".nojekyll").exists()
    with zipfile.ZipFile(dist / "game.zip") as archive:
        names = archive.namelist()
    assert "game/__init__.pyc" in names and "game/web/app.pyc" in names
    assert not [n for n in names if n.endswith("conftest.py")]
    config = tomllib.loads((dist / "pyscript.toml").read_text())
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    assert config["files"] == {"./game.zip": "./*"}
    assert "packages" not in config  # NumPy is loaded once the board is playable


def test_the_standard_library_is_the_compiled_modules_the_page_imports(dist):
    archive = dist / "vendor" / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(archive) as stdlib:
        names = set(stdlib.namelist())
    assert {"json/__init__.pyc", "asyncio/__init__.pyc"} <= names
    assert not {"unittest/__init__.pyc", "email/mime/text.pyc", "sqlite3/__init__.pyc"} & names
    # Nor what only a command line imports (the solver's main(): argparse, gettext with it).
    assert not {"argparse.pyc", "gettext.pyc", "statistics.pyc"} & names
    # Nor importlib's bootstrap: frozen into Python, never read from the archive.
    assert not {"importlib/_bootstrap.pyc", "importlib/_bootstrap_external.pyc"} & names
    assert [name for name in names if not name.endswith(".pyc")] == []
    with tarfile.open(build.fetch_npm(build.PYODIDE)) as npm:
        full = npm.getmember("package/python_stdlib.zip").size
    assert archive.stat().st_size < full * 0.6
    # What only the computer player's worker imports (for NumPy) comes apart, after `ready`.
    with zipfile.ZipFile(archive.with_name(build.WORKER_STDLIB)) as worker:
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
    assert not {"game/gtp.pyc", "game/arena.pyc"} & game
    assert [name for name in game if name.endswith(".py") or "__pycache__" in name] == []
    # PyScript writes its package's sources itself: its compiled files go in __pycache__.
    assert "pyscript/__pycache__/events.cpython-312.pyc" in names


def test_the_page_is_painted_before_python_and_names_no_other_origin(dist):
    html = (dist / "index.html").read_text()
    assert html.count("data-square=") == 400
    assert "http://" not in html.replace("http://www.w3.org", "")
    assert "https://" not in html


def test_the_stylesheet_is_in_the_page_allowed_by_its_hash(dist):
    """No stylesheet request holds up the first paint; the policy allows just this style."""
    html = (dist / "index.html").read_text()
    assert 'rel="stylesheet"' not in html and html.count("<style>") == 1
    css = html.split("<style>", 1)[1].split("</style>", 1)[0]
    assert css == (build.ROOT / "static" / "app.css").read_text()
    digest = base64.b64encode(hashlib.sha256(css.encode()).digest()).decode()
    assert f"style-src 'sha256-{digest}';" in html


def test_the_service_worker_precaches_every_file(dist):
    text = (dist / "sw.js").read_text()
    assets = json.loads(text.split("const ASSETS = ", 1)[1].split(";\n", 1)[0])
    files = {
        p.relative_to(dist).as_posix()
        for p in dist.rglob("*")
        if p.is_file() and p.name not in ("sw.js", ".nojekyll")
    }
    assert set(assets) == {"./"} | {f"./{f}" for f in files if f != "index.html"}


def test_the_cache_version_follows_the_content(dist, tmp_path):
    copy = tmp_path / "dist"
    shutil.copytree(dist, copy)
    same = build.write_service_worker(copy)
    assert same == build.write_service_worker(dist)
    (copy / "static" / "boot.js").write_text("// changed")
    assert build.write_service_worker(copy) != same


def test_a_rebuild_swaps_the_whole_site_in(tmp_path):
    site = tmp_path / "dist"
    build.build(site)
    (site / "stale.txt").write_text("from the last build")
    build.build(site)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist"]  # no staging folder left
    assert not (site / "stale.txt").exists()
    assert (site / "game.zip").is_file() and (site / "sw.js").is_file()


def test_the_server_sends_the_right_types(dist):
    site = Site(dist)
    try:
        for path, kind in (
            ("vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
            ("vendor/pyodide/pyodide.mjs", "text/javascript"),
            ("static/manifest.webmanifest", "application/manifest+json"),
        ):
            with urllib.request.urlopen(site.url + path) as response:
                assert response.headers["Content-Type"] == kind
    finally:
        site.stop()


def test_the_bench_server_compresses_as_github_pages_does(dist):
    transfers = []
    site = Site(dist, compress=True, transfers=transfers)
    accepts = {"Accept-Encoding": "gzip, deflate"}
    try:
        wasm = urllib.request.Request(site.url + "vendor/pyodide/pyodide.asm.wasm", headers=accepts)
        with urllib.request.urlopen(wasm) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            assert response.headers["Content-Type"] == "application/wasm"
            stamp = response.headers["Last-Modified"]
            body = response.read()
        assert gzip.decompress(body) == (dist / "vendor/pyodide/pyodide.asm.wasm").read_bytes()
        assert len(body) < (dist / "vendor/pyodide/pyodide.asm.wasm").stat().st_size / 2
        archive = urllib.request.Request(site.url + "game.zip", headers=accepts)
        with urllib.request.urlopen(archive) as response:  # compressed already: sent as it is
            assert response.headers["Content-Encoding"] is None
            assert response.read() == (dist / "game.zip").read_bytes()
        page = urllib.request.Request(site.url, headers=accepts)
        with urllib.request.urlopen(page) as response:  # the folder's index.html
            assert response.headers["Content-Encoding"] == "gzip"
            assert b'data-square="a20"' in gzip.decompress(response.read())
        wasm.add_header("If-Modified-Since", stamp)
        with pytest.raises(urllib.error.HTTPError, match="304"):
            urllib.request.urlopen(wasm)
    finally:
        site.stop()
    sent = [(path, size) for _, path, size in transfers]
    assert sent == [
        ("/vendor/pyodide/pyodide.asm.wasm", len(body)),
        ("/game.zip", (dist / "game.zip").stat().st_size),
        ("/", len(gzip.compress((dist / "index.html").read_bytes(), compresslevel=6, mtime=0))),
    ]


def test_serve_builds_and_prints_the_url_it_serves():
    server = subprocess.Popen(
        [sys.executable, str(build.ROOT / "build.py"), "serve", "--port", "0"],
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

"""build.py: verified runtime files, the assembled site, the service worker, the server.
(No browser here: these check what the browser tests are served.)"""

import hashlib
import json
import shutil
import subprocess
import sys
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
    assert "game/__init__.py" in names and "game/web/app.py" in names
    assert not [n for n in names if n.endswith("conftest.py")]
    config = tomllib.loads((dist / "pyscript.toml").read_text())
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    assert config["files"] == {"./game.zip": "./*"}
    assert "packages" not in config  # NumPy is loaded once the board is playable


def test_the_page_is_painted_before_python_and_names_no_other_origin(dist):
    html = (dist / "index.html").read_text()
    assert html.count("data-square=") == 400
    assert "http://" not in html.replace("http://www.w3.org", "")
    assert "https://" not in html


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
    (copy / "static" / "app.css").write_text("/* changed */")
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

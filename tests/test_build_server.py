"""buildsteps.server: the dev server's types and revalidation, and, for the benches, gzip as
GitHub Pages sends it and every transfer noted."""

import gzip
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from buildsteps import server

ACCEPTS_GZIP = {"Accept-Encoding": "gzip, deflate"}


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "runtime.wasm").write_bytes(b"\0asm" + bytes(4000))
    (tmp_path / "vendor" / "runtime.mjs").write_text("export {};\n" * 100)
    (tmp_path / "app.webmanifest").write_text("{}")
    (tmp_path / "game.zip").write_bytes(b"PK already compressed")
    (tmp_path / "index.html").write_text('<div data-square="a20"></div>\n' * 50)
    return tmp_path


def serving(folder, **options):
    """A server of ``folder`` in a thread, and its URL."""
    httpd = server.make_server(folder, **options)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_port}/"


def stop(httpd) -> None:
    httpd.shutdown()
    httpd.server_close()


def test_files_go_out_with_their_types_and_are_revalidated_on_every_load(folder):
    httpd, url = serving(folder)
    try:
        for path, kind in (
            ("vendor/runtime.wasm", "application/wasm"),
            ("vendor/runtime.mjs", "text/javascript"),
            ("app.webmanifest", "application/manifest+json"),
            ("game.zip", "application/zip"),
        ):
            request = urllib.request.Request(url + path, headers=ACCEPTS_GZIP)
            with urllib.request.urlopen(request) as response:
                assert response.headers["Content-Type"] == kind
                assert response.headers["Cache-Control"] == "no-cache"
                assert response.headers["Content-Encoding"] is None  # only the bench compresses
                assert response.read() == (folder / path).read_bytes()
    finally:
        stop(httpd)


def test_the_bench_server_compresses_as_github_pages_does(folder):
    transfers = []
    httpd, url = serving(folder, compress=True, transfers=transfers)
    wasm_file = folder / "vendor" / "runtime.wasm"
    try:
        wasm = urllib.request.Request(url + "vendor/runtime.wasm", headers=ACCEPTS_GZIP)
        with urllib.request.urlopen(wasm) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            assert response.headers["Content-Type"] == "application/wasm"
            stamp = response.headers["Last-Modified"]
            body = response.read()
        assert gzip.decompress(body) == wasm_file.read_bytes()
        assert len(body) < wasm_file.stat().st_size / 2
        archive = urllib.request.Request(url + "game.zip", headers=ACCEPTS_GZIP)
        with urllib.request.urlopen(archive) as response:  # compressed already: sent as it is
            assert response.headers["Content-Encoding"] is None
            assert response.read() == (folder / "game.zip").read_bytes()
        page = urllib.request.Request(url, headers=ACCEPTS_GZIP)
        with urllib.request.urlopen(page) as response:  # the folder's index.html
            assert response.headers["Content-Encoding"] == "gzip"
            assert b'data-square="a20"' in gzip.decompress(response.read())
        with urllib.request.urlopen(url + "vendor/runtime.mjs") as response:  # gzip not asked
            assert response.headers["Content-Encoding"] is None
        wasm.add_header("If-Modified-Since", stamp)
        with pytest.raises(urllib.error.HTTPError, match="304"):
            urllib.request.urlopen(wasm)
    finally:
        stop(httpd)
    index = (folder / "index.html").read_bytes()
    # A transfer is noted once its body is written: the client may have read it just before,
    # and asked for the next, so the notes may come in another order than the requests.
    deadline = time.monotonic() + 5
    while len(transfers) < 4 and time.monotonic() < deadline:
        time.sleep(0.01)
    sent = [(path, size) for _, path, size in transfers]
    assert sorted(sent) == sorted(
        [
            ("/vendor/runtime.wasm", len(body)),
            ("/game.zip", (folder / "game.zip").stat().st_size),
            ("/", len(gzip.compress(index, compresslevel=6, mtime=0))),
            ("/vendor/runtime.mjs", (folder / "vendor" / "runtime.mjs").stat().st_size),
        ]
    )


def test_what_github_pages_compresses():
    compressed = ("a.html", "a.js", "a.mjs", "a.css", "a.json", "a.svg", "a.wasm", "a.toml")
    assert all(server.compressible(Path(name)) for name in compressed)
    assert not any(server.compressible(Path(name)) for name in ("a.zip", "a.whl", "a.png"))

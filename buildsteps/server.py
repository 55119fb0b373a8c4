"""The dev server: a folder's static files on 127.0.0.1, revalidated on every load. The tests
and the benches serve the site with it too, gzip-compressed as GitHub Pages sends it where a
bench measures the bytes that cross the network, every transfer noted."""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import time
import urllib.parse
from pathlib import Path

MIME_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".whl": "application/zip",
}
# GitHub Pages compresses text and wasm; archives are compressed already.
GZIPPED_SUFFIXES = {
    ".html",
    ".js",
    ".mjs",
    ".css",
    ".json",
    ".svg",
    ".toml",
    ".wasm",
    ".webmanifest",
}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types; revalidated on every load (a dev server).

    With ``compress`` set, text and wasm go out gzip-compressed to clients that accept it, as GitHub
    Pages sends them (the bench measures a first visit by the bytes that cross the network).
    Every response is noted in ``transfers``: (arrival time, path, bytes of the body sent).
    """

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    compress = False
    transfers: list[tuple[float, str, int]] | None = None

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        self.arrived = time.time()
        path = Path(self.translate_path(self.path))
        if path.is_dir() and urllib.parse.urlsplit(self.path).path.endswith("/"):
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.compress and accepts and path.is_file() and compressible(path)):
            return super().send_head()
        stamp = self.date_time_string(int(path.stat().st_mtime))
        if self.headers.get("If-Modified-Since") == stamp:
            self.send_response(304)
            self.end_headers()
            return None
        body = gzipped(path, path.stat().st_mtime_ns)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", stamp)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def copyfile(self, source, outputfile) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        if self.transfers is not None:
            path = urllib.parse.urlsplit(self.path).path
            self.transfers.append((self.arrived, path, source.tell() - start))

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (base signature)
        pass


def compressible(path: Path) -> bool:
    """Whether GitHub Pages sends the file at ``path`` gzip-compressed."""
    return path.suffix in GZIPPED_SUFFIXES


@functools.lru_cache(maxsize=64)
def gzipped(path: Path, mtime_ns: int) -> bytes:
    """``path`` gzip-compressed (cached while the file is unchanged: ``mtime_ns`` keys it)."""
    return gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)


def handler_for(directory: Path, *, compress: bool = False, transfers: list | None = None):
    """The request handler class that serves the files of ``directory`` (``compress``,
    ``transfers``: see :class:`QuietHandler`)."""
    handler = type("Handler", (QuietHandler,), {"compress": compress, "transfers": transfers})
    return functools.partial(handler, directory=str(directory))


def make_server(
    directory: Path, port: int = 0, *, compress: bool = False, transfers: list | None = None
) -> http.server.ThreadingHTTPServer:
    """An HTTP server for ``directory`` on 127.0.0.1 (port 0: a free one)."""
    return http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), handler_for(directory, compress=compress, transfers=transfers)
    )


def serve(directory: Path, port: int) -> None:
    """Serve ``directory`` on 127.0.0.1 until interrupted, saying where first."""
    server = make_server(directory, port)
    print(f"serving pyblokus at http://127.0.0.1:{server.server_port}/ (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()

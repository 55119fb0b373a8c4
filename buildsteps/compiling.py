"""The Python the page runs, compiled ahead in Pyodide under Node (``node``, 18 or later): the
standard library the page imports, the few modules only the worker imports, the game package and
PyScript's Python package. Compiled code spares the page's main thread compiling it as it
starts."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from buildsteps import ROOT, BuildError
from buildsteps.artefacts import PYSCRIPT, PYSCRIPT_PYTHON, npm_member_text
from buildsteps.shipping import GAME

# Runs tools/pyodide_stdlib.py in Pyodide under Node.
PYODIDE_TASK = ROOT / "tools" / "pyodide_task.mjs"
STDLIB_TOOL = ROOT / "tools" / "pyodide_stdlib.py"
# The standard library modules only the worker imports (NumPy's), beside python_stdlib.zip.
WORKER_STDLIB = "worker_stdlib.zip"
# The page's working folder: PyScript writes its package and the game's archive there.
PYODIDE_HOME = "/home/pyodide"


def write_pyscript_package(folder: Path) -> None:
    """Write into ``folder`` the Python package (``pyscript/``) that PyScript writes into the
    interpreter's working directory and imports before the page's script (its sources ship
    inside its JavaScript, as a module of their texts), byte for byte, so that the build can
    compile it: otherwise the page compiles its 14 modules as it starts."""
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


def run_in_pyodide(runtime: Path, stdlib: Path, work: Path, *args: str) -> None:
    """Run tools/pyodide_stdlib.py in the Pyodide of ``runtime`` under Node, starting with the
    standard library ``stdlib``, with ``work`` mounted at /work."""
    command = ["node", str(PYODIDE_TASK), str(runtime), str(stdlib), str(work), str(STDLIB_TOOL)]
    try:
        subprocess.run([*command, *args], check=True, stdout=subprocess.DEVNULL)
    except FileNotFoundError as error:
        raise BuildError("node (Node.js 18 or later) is needed to build the site") from error


def compile_for_pyodide(runtime: Path, game_zip: Path, pyscript_zip: Path) -> dict[str, bytes]:
    """Replace the runtime's standard library archive by the modules the page imports, compiled,
    and add one of the modules only the worker imports besides (NumPy's); check in Pyodide that
    they import from those. Write the game package as it ships (:data:`GAME`), compiled and
    without its sources, to ``game_zip``, and PyScript's package compiled to ``pyscript_zip``.
    Return the standard library modules only a page in another language than English imports
    (:attr:`~buildsteps.shipping.Shipment.languages`), compiled, by their names in an archive:
    they ship with each language's catalog."""
    stdlib = runtime / "python_stdlib.zip"
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for path in GAME.files():
            copy = work / path.relative_to(GAME.root)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, copy)
        # The page's Python also unpacks PyScript's compiled package, whose names zipfile decodes
        # with cp437. NumPy (only the worker's) comes with the worker's archive.
        page_roots = [m for m in GAME.imports_of(GAME.page) if m != "numpy"] + ["encodings.cp437"]
        (work / "page.json").write_text(json.dumps(page_roots))
        (work / "worker.json").write_text(json.dumps(GAME.imports_of(GAME.worker)))
        (work / "language.json").write_text(json.dumps(list(GAME.languages)))
        roots = ("/work/page.json", "/work/language.json", "/work/worker.json")
        archives = ("/work/stdlib.zip", "/work/language.zip", f"/work/{WORKER_STDLIB}")
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
            runtime,
            stdlib,
            work,
            "verify",
            "/work/page.json",
            "/work/language.json",
            "/work/language.zip",
            "/work/worker.json",
            f"/work/{WORKER_STDLIB}",
            "/work/game",
        )
        zip_game_package(game_zip, work, "game")
        # PyScript writes its modules' sources itself: only their compiled files ship.
        zip_game_package(pyscript_zip, work, "pyscript/__pycache__")
        with zipfile.ZipFile(work / "language.zip") as language:
            return {name: language.read(name) for name in language.namelist()}

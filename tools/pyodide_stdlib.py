"""Run by build.py in Pyodide under Node (tools/pyodide_task.mjs), never in the page.

    compile ROOTS OUTPUT GAME_DIR RUNTIME_HOME   (Pyodide started with its full standard library)
        Import NumPy and every module named in the JSON list ROOTS, then write to OUTPUT a
        standard-library archive of exactly the modules that came from the full one, compiled
        for this Python; compile the game package in GAME_DIR in place (its __pycache__), named
        as the page will find it under RUNTIME_HOME.
    verify ROOTS                                  (Pyodide started with the archive built above)
        Import NumPy, every module of the archive and every module named in ROOTS.

Compiled files carry an unchecked source hash (PEP 552): they never go stale by timestamp, and
the build writes them anew every time. Docstrings and asserts are compiled out (optimize=2):
the page reads no docstring, and the archive is a quarter smaller.
"""

import importlib
import importlib.util
import json
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

import pyodide_js

FULL_STDLIB = "/lib/python312.zip"


def compiled(source: bytes, path: str) -> bytes:
    code = compile(source, path, "exec", dont_inherit=True, optimize=2)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)


async def import_all(roots: list[str]) -> None:
    await pyodide_js.loadPackage("numpy")
    for name in ["numpy", *roots]:
        importlib.import_module(name)


def stdlib_files() -> set[str]:
    """Members of the full archive that imported modules came from."""
    prefix = FULL_STDLIB + "/"
    files = (getattr(module, "__file__", None) or "" for module in list(sys.modules.values()))
    return {path.removeprefix(prefix) for path in files if path.startswith(prefix)}


async def compile_all(roots: list[str], output: str, game_dir: str, home: str) -> None:
    sys.dont_write_bytecode = True  # the game's __pycache__ is written below, hash-based
    sys.path.insert(0, str(Path(game_dir).parent))
    await import_all(roots)
    with (
        zipfile.ZipFile(FULL_STDLIB) as full,
        zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive,
    ):
        for member in sorted(stdlib_files()):
            archive.writestr(member + "c", compiled(full.read(member), f"{FULL_STDLIB}/{member}"))
    package = Path(game_dir)
    for source in package.rglob("*.py"):
        runtime_path = f"{home}/{source.relative_to(package.parent).as_posix()}"
        target = Path(importlib.util.cache_from_source(str(source)))
        target.parent.mkdir(exist_ok=True)
        target.write_bytes(compiled(source.read_bytes(), runtime_path))


async def verify(roots: list[str], game_dir: str) -> None:
    sys.dont_write_bytecode = True
    sys.path.insert(0, str(Path(game_dir).parent))
    with zipfile.ZipFile(FULL_STDLIB) as archive:
        names = archive.namelist()
    modules = [
        name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
        for name in names
        if name.endswith(".pyc")
    ]
    await import_all([*modules, *roots])
    print(f"verified: {len(modules)} modules in the archive, {len(roots)} imported from it")


async def main(task: str, roots_file: str, *rest: str) -> None:
    roots = json.loads(Path(roots_file).read_text())
    if task == "compile":
        await compile_all(roots, *rest)
    else:
        await verify(roots, *rest)


await main(*sys.argv[1:])  # noqa: F704, PLE1142 (run by pyodide.runPythonAsync: top-level await)

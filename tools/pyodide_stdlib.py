"""Run by the build (buildsteps/compiling.py) in Pyodide under Node (tools/pyodide_task.mjs),
never in the page.

    compile PAGE LANGUAGE WORKER PAGE_ZIP LANGUAGE_ZIP WORKER_ZIP GAME_DIR HOME [DIR...]
                                                            (Pyodide, full library)
        Import every module named in the JSON list PAGE, then those in LANGUAGE, then those in
        WORKER (NumPy loaded if named), and write the standard library modules that came from
        the full archive, compiled for this Python: the page's to PAGE_ZIP, those only a page in
        another language than English imports to LANGUAGE_ZIP, the others the worker needs to
        WORKER_ZIP. Compile the game package in GAME_DIR in place of its sources (each module's
        .pyc beside its .py, which the build then drops: the game ships compiled only), and the
        packages in the other DIRs (PyScript's, which it writes beside the game's) into their
        __pycache__, named as the page finds them under HOME. Write the move generators of the
        game's boards, compiled, into GAME_DIR (game.geometry.PRECOMPILED).
    verify PAGE LANGUAGE LANGUAGE_ZIP WORKER WORKER_ZIP GAME_DIR   (Pyodide with PAGE_ZIP)
        Import every module named in PAGE (the game's from its compiled files alone); then,
        with LANGUAGE_ZIP on the path, those in LANGUAGE; then, with WORKER_ZIP on the path as
        the worker has it, every module named in WORKER, and every module of the archives;
        check that the game's compiled move generators are those of its boards.

Compiled files carry a source hash (PEP 552), unchecked for the game's (the build writes them
anew every time), checked for PyScript's (written by PyScript as it starts): they never go stale
by timestamp. Docstrings and asserts are compiled out (optimize=2):
nothing here reads a docstring, and the archives are a quarter smaller.
"""

import importlib
import importlib.util
import json
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

import pyodide_js

STDLIB = "/lib/python312.zip"  # where Pyodide puts the archive it starts with
WORKER_STDLIB = "/lib/python312-worker.zip"  # where static/ai-worker.js puts the worker's
LANGUAGE_STDLIB = "/lib/python312-language.zip"  # checked from here, as the page adds its own


def compiled(source: bytes, path: str, checked: bool = False) -> bytes:
    code = compile(source, path, "exec", dont_inherit=True, optimize=2)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=checked)


async def import_all(names: list[str]) -> None:
    if "numpy" in names:
        await pyodide_js.loadPackage("numpy")
    for name in names:
        importlib.import_module(name)


def stdlib_members() -> set[str]:
    """Members of the starting archive that imported modules came from (by their spec: the
    frozen importlib._bootstrap modules name a file in the archive they never came from)."""
    prefix = STDLIB + "/"
    specs = (getattr(module, "__spec__", None) for module in list(sys.modules.values()))
    files = (getattr(spec, "origin", None) or "" for spec in specs)
    return {path.removeprefix(prefix) for path in files if path.startswith(prefix)}


def write_archive(path: str, members: set[str], full: zipfile.ZipFile, runtime_path: str) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for member in sorted(members):
            archive.writestr(member + "c", compiled(full.read(member), f"{runtime_path}/{member}"))


def archive_modules(path: str) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
    return [n.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".") for n in names]


def read_names(path: str) -> list[str]:
    return json.loads(Path(path).read_text())


def on_path(game_dir: str) -> None:
    sys.dont_write_bytecode = True  # the game's compiled files are written here, hash-based
    sys.path.insert(0, str(Path(game_dir).parent))


async def compile_all(
    page, language, worker, page_zip, language_zip, worker_zip, game_dir, home, *others
) -> None:
    on_path(game_dir)
    await import_all(read_names(page))
    for_page = stdlib_members()
    # A package's modules are found in its own folder only: those of the page's stay with it.
    page_packages = {member.split("/")[0] for member in for_page if "/" in member}

    def added(before: set[str]) -> set[str]:
        return {m for m in stdlib_members() - before if m.split("/")[0] not in page_packages}

    await import_all(read_names(language))
    for_language = added(for_page)
    await import_all(read_names(worker))
    for_worker = added(for_page | for_language)
    with zipfile.ZipFile(STDLIB) as full:
        write_archive(page_zip, stdlib_members() - for_worker - for_language, full, STDLIB)
        write_archive(language_zip, for_language, full, LANGUAGE_STDLIB)
        write_archive(worker_zip, for_worker, full, WORKER_STDLIB)
    compile_package(Path(game_dir), home, sourceless=True)
    from game.geometry import PRECOMPILED, precompile

    (Path(game_dir) / PRECOMPILED.name).write_bytes(precompile(board_geometries()))
    for package in others:  # sources written by others: checked, compiled again if they differ
        compile_package(Path(package), home, checked=True)


def compile_package(
    package: Path, home: str, checked: bool = False, sourceless: bool = False
) -> None:
    """Compile the modules of ``package``: into __pycache__, or with ``sourceless`` beside each
    source, where Python imports a module that has no source (tracebacks still name the file and
    line, without the line's text)."""
    for source in package.rglob("*.py"):
        runtime_path = f"{home}/{source.relative_to(package.parent).as_posix()}"
        if sourceless:
            target = source.with_suffix(".pyc")
        else:
            target = Path(importlib.util.cache_from_source(str(source)))
            target.parent.mkdir(exist_ok=True)
        target.write_bytes(compiled(source.read_bytes(), runtime_path, checked))


def board_geometries() -> set:
    """The geometry of every board and piece set the page plays with: its game types' variants'
    and its puzzles' (a variant it does not offer costs no download)."""
    from game.geometry import geometry, geometry_of
    from game.puzzles import PUZZLES
    from game.variants import VARIANTS
    from game.web.session import GAME_TYPES

    offered = [VARIANTS[game_type.variant] for game_type in GAME_TYPES.values()]
    variants = {geometry_of(variant.grid, variant.pieces) for variant in offered}
    return variants | {geometry(puzzle.width, puzzle.height) for puzzle in PUZZLES.values()}


async def verify(page, language, language_zip, worker, worker_zip, game_dir) -> None:
    on_path(game_dir)
    await import_all(read_names(page))
    Path(LANGUAGE_STDLIB).write_bytes(Path(language_zip).read_bytes())
    sys.path.append(LANGUAGE_STDLIB)
    await import_all(read_names(language))
    from game.geometry import _precompiled

    expected = {geo._placements_source() for geo in board_geometries()}
    if set(_precompiled()) != expected:
        raise SystemExit("the precompiled move generators are not those of the game's boards")
    Path(WORKER_STDLIB).write_bytes(Path(worker_zip).read_bytes())
    sys.path.append(WORKER_STDLIB)
    await import_all(read_names(worker))
    archives = (STDLIB, LANGUAGE_STDLIB, WORKER_STDLIB)
    await import_all([name for archive in archives for name in archive_modules(archive)])


TASKS = {"compile": compile_all, "verify": verify}
await TASKS[sys.argv[1]](*sys.argv[2:])  # noqa: F704 (run by pyodide.runPythonAsync)

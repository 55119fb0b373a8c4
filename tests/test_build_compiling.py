"""buildsteps.compiling: the game's archive, and Node's absence said plainly. (Compiling in
Pyodide itself needs Node and the pinned runtime: tests/browser/test_built_site.py.)"""

import os
import zipfile

import pytest

from buildsteps import BuildError, compiling


def compiled_tree(work, mtime: int) -> None:
    for name in ("game/board.pyc", "game/web/app.pyc", "pyscript/__pycache__/events.pyc"):
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_bytes(name.encode())
        os.utime(work / name, (mtime, mtime))
    (work / "pyscript" / "events.py").write_text("# PyScript writes its sources itself")


def test_the_game_archive_holds_the_folders_named_and_is_the_same_bytes_every_time(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    for work, mtime in ((first, 1_000_000_000), (second, 1_700_000_000)):
        compiled_tree(work, mtime)
        compiling.zip_game_package(work / "game.zip", work, "game", "pyscript/__pycache__")
    with zipfile.ZipFile(first / "game.zip") as archive:
        assert archive.namelist() == [
            "game/board.pyc",
            "game/web/app.pyc",
            "pyscript/__pycache__/events.pyc",
        ]
        assert archive.read("game/web/app.pyc") == b"game/web/app.pyc"
        assert {info.date_time for info in archive.infolist()} == {(2020, 1, 1, 0, 0, 0)}
    assert (first / "game.zip").read_bytes() == (second / "game.zip").read_bytes()


def test_without_node_the_build_says_what_it_needs(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(BuildError, match="node .* is needed"):
        compiling.run_in_pyodide(tmp_path, tmp_path / "stdlib.zip", tmp_path, "compile")

"""What of the game package the site ships, declared in :data:`GAME`, and the standard library
that its page and its computer player's worker import.

The declaration is checked against the code by tests/test_build_shipping.py: what ships is
exactly what the page and the worker can import, so a new module is either imported by them
or named as not shipped, with the reason.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from buildsteps import ROOT


@dataclass(frozen=True)
class Shipment:
    """The Python that the site ships from the source tree at ``root``: every module of
    ``packages`` but those of ``not_shipped`` (module name: why not), and the files under
    ``root`` that the patterns of ``data`` match.

    ``page`` and ``worker`` are the modules the page and its worker run; ``languages``, the
    modules outside the tree that the page imports only in another language than English (its
    catalog's reader): they ship with each language's catalog, not in the page's standard
    library. ``command_lines`` are
    the functions (``module.function``) that are a shipped module's command line, which the page
    never runs: what they import is not followed, so it ships only if shipped code imports it.
    """

    root: Path
    packages: tuple[str, ...]
    not_shipped: Mapping[str, str]
    command_lines: tuple[str, ...]
    data: tuple[str, ...]
    page: str
    worker: str
    languages: tuple[str, ...] = ()

    def modules(self) -> list[str]:
        """The names of the shipped modules, sorted."""
        names = []
        for package in self.packages:
            for path in self.root.joinpath(*package.split(".")).glob("*.py"):
                names.append(package if path.stem == "__init__" else f"{package}.{path.stem}")
        return sorted(name for name in names if name not in self.not_shipped)

    def files(self) -> list[Path]:
        """The shipped files (the modules' sources and the data files), sorted."""
        data = (path for pattern in self.data for path in self.root.glob(pattern))
        return sorted([*map(self.module_path, self.modules()), *data])

    def module_path(self, name: str) -> Path | None:
        """The source file of the module ``name`` of the shipped packages' tree, or None if it
        is not one of that tree's modules."""
        if name.split(".")[0] not in {package.split(".")[0] for package in self.packages}:
            return None
        base = self.root.joinpath(*name.split("."))
        for path in (base / "__init__.py", base.with_suffix(".py")):
            if path.is_file():
                return path
        return None

    def imports_of(self, entry: str) -> list[str]:
        """The modules the build imports in Pyodide to find the standard library that ``entry``
        needs: all the modules outside the tree that its tree's modules import (Pyodide's and
        NumPy's included) but :attr:`languages`; for the worker, its tree's modules too (the
        page's need the DOM to import; the worker has none)."""
        tree_modules, others = self.reach(entry)
        others -= set(self.languages)
        return sorted(others | tree_modules if entry == self.worker else others)

    def reach(self, *entries: str) -> tuple[set[str], set[str]]:
        """The tree's modules that ``entries`` reach by any import statement (in functions too,
        but not in the :attr:`command_lines`), and the other modules they import."""
        tree_modules, others, todo = set(), set(), list(entries)
        while todo:
            name = todo.pop()
            if name in tree_modules:
                continue
            tree_modules.add(name)
            path = self.module_path(name)
            package = name if path.name == "__init__.py" else name.rpartition(".")[0]
            for node in self._nodes_outside_command_lines(name, path):
                if isinstance(node, ast.Import):
                    found = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom):
                    base = node.module or ""
                    if node.level:
                        parent = (
                            package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                        )
                        base = f"{parent}.{base}".rstrip(".")
                    # `from game import board` imports a module; `from json import dumps` does not.
                    submodules = (f"{base}.{alias.name}" for alias in node.names)
                    found = [base, *filter(self.module_path, submodules)]
                else:
                    continue
                for module in found:
                    if self.module_path(module):
                        todo.append(module)
                    else:
                        others.add(module)
        return tree_modules, others

    def _nodes_outside_command_lines(self, name: str, path: Path) -> Iterator[ast.AST]:
        """The nodes of module ``name`` (its source at ``path``) outside its command lines."""
        tree = ast.parse(path.read_text(), str(path))
        todo = [
            node
            for node in tree.body
            if not (
                isinstance(node, ast.FunctionDef) and f"{name}.{node.name}" in self.command_lines
            )
        ]
        while todo:
            node = todo.pop()
            yield node
            todo.extend(ast.iter_child_nodes(node))


GAME = Shipment(
    root=ROOT,
    packages=("game", "game.web"),
    not_shipped={
        "game.gtp": "a command-line tool: the engine for other GTP programs",
        "game.web.conftest": "pytest's: keeps the page's modules out of the doctests",
    },
    command_lines=("game.solver.main",),
    data=("game/data/*.json",),  # the computer's weights, the puzzles' stored solutions
    page="game.web.app",  # index.html runs it
    worker="game.web.worker",  # static/ai-worker.js runs it
    languages=("gettext",),  # game.i18n reads a catalog with it: an English page needs none
)

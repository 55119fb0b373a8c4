"""buildsteps.shipping: what of the game ships is declared, and the declaration matches the code."""

import ast
import textwrap

from buildsteps.shipping import GAME, Shipment


def test_what_ships_is_exactly_what_the_page_and_its_worker_can_import():
    """No shipped module is missing an import, and none ships that they never import: a new
    module is imported by them or named as not shipped."""
    reached, _ = GAME.reach(GAME.page, GAME.worker)
    assert set(GAME.modules()) == reached


def test_every_module_named_not_shipped_is_one_of_the_game_and_says_why():
    for name, reason in GAME.not_shipped.items():
        assert GAME.module_path(name) is not None, f"{name} is not a module"
        assert reason


def test_every_command_line_named_is_a_function_of_a_shipped_module():
    for name in GAME.command_lines:
        module, _, function = name.rpartition(".")
        assert module in GAME.modules()
        tree = ast.parse(GAME.module_path(module).read_text())
        assert function in {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def test_the_game_ships_its_modules_and_data_but_not_its_tools():
    files = {path.relative_to(GAME.root).as_posix() for path in GAME.files()}
    assert {"game/__init__.py", "game/web/app.py", "game/web/worker.py"} <= files
    assert {"game/data/ai_weights.json", "game/data/puzzle_solutions.json"} <= files
    assert not {"game/gtp.py", "game/web/conftest.py"} & files
    assert "argparse" not in GAME.imports_of(GAME.page) + GAME.imports_of(GAME.worker)


def write_tree(root, sources: dict[str, str]) -> None:
    """Write ``sources`` (path under ``root``: text) as files."""
    for name, source in sources.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source))


TREE = {
    "app/__init__.py": "",
    "app/page.py": """
        import json
        from . import engine

        def later():
            from app.lazy import run

        def main():
            import argparse
            from app import tool
    """,
    "app/engine.py": "import math\nfrom .sub import helper\n",
    "app/sub/__init__.py": "",
    "app/sub/helper.py": "from ..engine import *\nimport zlib\n",
    "app/lazy.py": "import html\n",
    "app/tool.py": "import statistics\n",
    "app/worker.py": "import asyncio\nfrom app.engine import *\n",
    "app/data/table.json": "{}",
    "app/data/notes.txt": "",
}


def shipment(root, **declared) -> Shipment:
    """What ships of :data:`TREE` at ``root``: its packages less its tool, the page's command
    line not followed (``declared`` overrides them)."""
    return Shipment(
        root=root,
        packages=declared.get("packages", ("app", "app.sub")),
        not_shipped=declared.get("not_shipped", {"app.tool": "a command-line tool"}),
        command_lines=declared.get("command_lines", ("app.page.main",)),
        data=("app/data/*.json",),
        page="app.page",
        worker="app.worker",
    )


def test_the_declared_packages_ship_but_the_modules_named_not_shipped(tmp_path):
    write_tree(tmp_path, TREE)
    declared = shipment(tmp_path)
    assert declared.modules() == [
        "app",
        "app.engine",
        "app.lazy",
        "app.page",
        "app.sub",
        "app.sub.helper",
        "app.worker",
    ]
    files = [path.relative_to(tmp_path).as_posix() for path in declared.files()]
    assert "app/data/table.json" in files and "app/tool.py" not in files
    assert "app/data/notes.txt" not in files
    assert shipment(tmp_path, packages=("app",)).modules() == [
        "app",
        "app.engine",
        "app.lazy",
        "app.page",
        "app.worker",
    ]


def test_imports_are_followed_everywhere_but_in_a_command_line(tmp_path):
    """Imports in functions count (the page imports some modules late); a declared command
    line's do not."""
    write_tree(tmp_path, TREE)
    reached, others = shipment(tmp_path).reach("app.page")
    assert reached == {"app", "app.page", "app.engine", "app.lazy", "app.sub", "app.sub.helper"}
    assert others == {"json", "math", "zlib", "html"}
    undeclared = shipment(tmp_path, command_lines=()).reach("app.page")
    assert "app.tool" in undeclared[0] and {"argparse", "statistics"} <= undeclared[1]


def test_the_worker_imports_its_own_modules_in_pyodide_the_page_only_the_others(tmp_path):
    """The page's modules need its DOM to import; the worker's need none."""
    write_tree(tmp_path, TREE)
    declared = shipment(tmp_path)
    assert declared.imports_of("app.page") == ["html", "json", "math", "zlib"]
    assert declared.imports_of("app.worker") == [
        "app.engine",
        "app.sub",
        "app.sub.helper",
        "app.worker",
        "asyncio",
        "math",
        "zlib",
    ]

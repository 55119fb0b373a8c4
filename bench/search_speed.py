"""Positions per second of the computer player's top level (Master) searching, in CPython and in
the page's runtime (Pyodide, run by Node as the page's worker runs it): the search's speed on
fixed positions, whatever moves it chooses.

    python bench/search_speed.py [--runtime cpython|pyodide|both] [--tree DIR] [--games N]

``--tree`` imports the ``game`` package of another checkout (an older commit: ``git worktree
add DIR COMMIT``), so that two engines compare on one machine, one run after the other. The
positions: plies 2, 6, ..., 22 of ``--games`` seeded games in Duo and ``classic_2``, each move
drawn among the legal moves of the largest piece that fits, by their sorted notation, so that
every tree plays the same games. Pyodide needs the built site (``python3 build.py``): its
runtime, the worker's standard library and NumPy wheel, from ``dist/vendor/pyodide``.

Prints JSON: per runtime and variant, the positions searched (the search's count of positions
evaluated or expanded), the seconds of the searches (CPU time in CPython, wall time in Pyodide,
which has no CPU clock) and the positions per second.
"""

from __future__ import annotations

# Only what the page's standard library has at module level: Pyodide imports this module too.
import json
import random
import sys
import time

VARIANTS = ("duo", "classic_2")
PLIES = range(2, 23, 4)
MASTER = 5
#: CPU time where there is a CPU clock; Pyodide has none (``process_time`` stays 0), so wall
#: time there, in a Node process of its own.
CLOCK = time.perf_counter if sys.platform == "emscripten" else time.process_time


def positions(board_class, variant: str, games: int) -> list:
    """The boards searched: plies ``PLIES`` of ``games`` seeded games of ``variant``."""
    found = []
    for game in range(games):
        rng, board = random.Random(game), board_class(variant)
        while board.turn is not None and board.ply() <= PLIES[-1]:
            if board.ply() in PLIES:
                found.append(board.copy())
            moves = sorted(board.legal_moves, key=str)
            largest = max(len(move.squares) for move in moves)
            board.push(rng.choice([move for move in moves if len(move.squares) == largest]))
    return found


def measure(games: int) -> dict:
    """Master's positions per second on each variant's positions, in this interpreter."""
    from game import Board
    from game.ai import Search

    figures = {}
    for variant in VARIANTS:
        boards = positions(Board, variant, games)
        Search(boards[0], MASTER).run()  # the move tables, built once, outside the timing
        searched, seconds = 0, 0.0
        for board in boards:
            search = Search(board, MASTER)
            started = CLOCK()
            search.run()
            seconds += CLOCK() - started
            searched += search._nodes  # the same count in older trees, so that they compare
        figures[variant] = {
            "positions": len(boards),
            "searched": searched,
            "seconds": round(seconds, 2),
            "positions_per_s": round(searched / seconds),
        }
    return figures


def run_in_pyodide(root, tree, games: int) -> dict:
    """:func:`measure` in the page's Pyodide under Node, with the worker's standard library and
    NumPy, importing ``tree``'s ``game`` package (``root``: this checkout, whose site is built)."""
    import subprocess
    import tempfile
    import zipfile
    from pathlib import Path

    pyodide = root / "dist" / "vendor" / "pyodide"
    wheels = sorted(pyodide.glob("numpy-*.whl"))
    if not wheels:
        sys.exit(f"no Pyodide runtime in {pyodide}: run python3 build.py first")
    with tempfile.TemporaryDirectory() as tmp:
        with zipfile.ZipFile(wheels[0]) as wheel:
            wheel.extractall(Path(tmp) / "site")
        output = Path(tmp) / "figures.json"
        # tools/pyodide_task.mjs mounts the folder given at /work: here the whole file system.
        paths = [pyodide / "worker_stdlib.zip", Path(tmp) / "site", tree, root / "bench"]
        script = Path(tmp) / "task.py"
        script.write_text(
            "import json, sys\n"
            f"sys.path[:0] = {[f'/work{path}' for path in paths]!r}\n"
            "import search_speed\n"
            f"figures = search_speed.measure({games})\n"
            f"open('/work{output}', 'w').write(json.dumps(figures))\n"
        )
        task = [root / "tools" / "pyodide_task.mjs", pyodide, pyodide / "python_stdlib.zip", "/"]
        errors = Path(tmp) / "errors.txt"  # a file: Node may exit before a pipe is drained
        with errors.open("w") as stderr:
            run = subprocess.run(["node", *map(str, task), str(script)], stderr=stderr)
        if run.returncode:
            # Python's traceback, without the runtime's minified source Node prints around it.
            text = errors.read_text()
            start = text.find("Traceback (most recent call last)")
            sys.exit(text[start : text.find("\n\n", start)] if start >= 0 else text[-2000:])
        return json.loads(output.read_text())


def main() -> None:
    import argparse
    import os
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runtime", choices=("cpython", "pyodide", "both"), default="both")
    parser.add_argument("--tree", type=Path, default=root, help="the checkout whose game to run")
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    tree = args.tree.resolve()
    result = {"tree": str(tree), "games": args.games, "load_average": os.getloadavg()[0]}
    if args.runtime in ("cpython", "both"):
        sys.path.insert(0, str(tree))
        result["cpython"] = {"python": sys.version.split()[0], **measure(args.games)}
    if args.runtime in ("pyodide", "both"):
        result["pyodide"] = run_in_pyodide(root, tree, args.games)
    result["load_average_after"] = os.getloadavg()[0]
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

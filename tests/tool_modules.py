"""The scripts of ``tools/`` as modules for their tests, and the random games they learn from."""

import importlib.util
import random
import sys
from pathlib import Path

from game import Board

TOOLS = Path(__file__).resolve().parent.parent / "tools"
sys.path.insert(0, str(TOOLS))  # the tools import each other


def tool(name: str):
    """The module of ``tools/<name>.py``."""
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def random_duo_game(seed: int) -> Board:
    """A Duo game of uniformly random legal moves, played to its end."""
    board = Board("duo")
    rng = random.Random(seed)
    while board.turn is not None:
        board.push_code(rng.choice(board.legal_codes()))
    return board

"""pyblokus: the rules of Blokus as a small Python library, modelled on python-chess.

>>> from game import Board, Move
>>> board = Board("classic")
>>> board.push(Move.parse("a20"))
>>> board.variant.color_names[board.turn]
'yellow'
"""

from importlib import import_module

__version__ = "0.1.0"

#: Each public name, and the module of the package that defines it. Each is imported as first
#: asked for (PEP 562), not all with the package: the page imports the game's modules a few at
#: a time, a task each, and the package importing them all made one long task on a slow phone.
#: (So ``game.geometry`` is the module; its function is ``game.geometry.geometry``.)
_MODULE_OF = {
    "SCORING_MODES": "board",
    "Board": "board",
    "IllegalMoveError": "board",
    "IllegalReason": "board",
    "LegalMoves": "board",
    "Outcome": "board",
    "Geometry": "geometry",
    "PIECE_BY_NAME": "pieces",
    "PIECES": "pieces",
    "Move": "pieces",
    "Piece": "pieces",
    "Square": "pieces",
    "find_piece": "pieces",
    "parse_square": "pieces",
    "square": "pieces",
    "square_name": "pieces",
    "square_xy": "pieces",
    "VARIANTS": "variants",
    "Color": "variants",
    "Variant": "variants",
    "find_variant": "variants",
}

__all__ = list(_MODULE_OF)


def __getattr__(name: str):
    if name not in _MODULE_OF:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{_MODULE_OF[name]}", __name__), name)
    globals()[name] = value  # asked once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_MODULE_OF})

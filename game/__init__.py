"""pyblokus: the rules of Blokus as a small Python library, modelled on python-chess.

>>> board = Board("classic")
>>> board.push(Move.parse("a20"))
>>> board.variant.color_names[board.turn]
'yellow'
"""

from .board import (
    SCORING_MODES,
    Board,
    IllegalMoveError,
    IllegalReason,
    LegalMoves,
    Outcome,
)
from .geometry import Geometry, geometry
from .pieces import (
    PIECE_BY_NAME,
    PIECES,
    Move,
    Piece,
    Square,
    find_piece,
    parse_square,
    square,
    square_name,
    square_xy,
)
from .variants import VARIANTS, Color, Variant, find_variant

__version__ = "0.1.0"

__all__ = [
    "SCORING_MODES",
    "Board",
    "IllegalMoveError",
    "IllegalReason",
    "LegalMoves",
    "Outcome",
    "Geometry",
    "geometry",
    "PIECE_BY_NAME",
    "PIECES",
    "Move",
    "Piece",
    "Square",
    "find_piece",
    "parse_square",
    "square",
    "square_name",
    "square_xy",
    "VARIANTS",
    "Color",
    "Variant",
    "find_variant",
]

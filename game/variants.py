"""Game variants as data: board size, colours, start squares, players and who owns which points.

>>> find_variant("Blokus Duo").size
14
>>> [square_name(sq) for sq in find_variant("classic").start_squares]
['a20', 't20', 't1', 'a1']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from .grids import SquareGrid, TriangleGrid
from .i18n import N_, _
from .pieces import (  # noqa: F401  (square_name: doctest)
    JUNIOR_PIECES,
    PIECES,
    TRIGON_PIECES,
    Cells,
    Move,
    Piece,
    Square,
    parse_square,
    square_name,
    square_xy,
)

Color = int
"""A colour: its index in the variant's play order (Blue 0, Yellow 1, Red 2, Green 3)."""


@dataclass(frozen=True)
class Variant:
    """The fixed facts of one game variant."""

    name: str
    #: The ``GM`` value of Pentobi's SGF files.
    sgf_game: str
    #: Squares along a side of the board (Trigon: triangles along a side of its hexagon).
    size: int
    #: Lower-case colour names in play order.
    color_names: tuple[str, ...]
    #: Per colour, the square its first piece must cover (none where :attr:`shared_starts`).
    start_squares: tuple[Square, ...]
    #: Per player, the colours whose points the player scores.
    player_colors: tuple[tuple[Color, ...], ...]
    #: A colour played by every player in turn whose points count for nobody (classic_3's Green).
    shared_color: Color | None = None
    #: Every colour's set of pieces.
    pieces: tuple[Piece, ...] = PIECES
    #: Whether the board is Trigon's hexagon of triangles (else a square of squares).
    triangles: bool = False
    #: Squares of which each colour's first piece must cover one not yet covered (Trigon's).
    shared_starts: tuple[Square, ...] = ()
    #: Whether placing every piece earns a bonus (+15, +5 more if the last was the smallest).
    all_placed_bonus: bool = True

    @property
    def colors(self) -> tuple[Color, ...]:
        """The colours in play order."""
        return tuple(range(len(self.color_names)))

    @property
    def grid(self) -> SquareGrid | TriangleGrid:
        """The board's cells."""
        return TriangleGrid(self.size) if self.triangles else SquareGrid(self.size, self.size)

    @property
    def num_players(self) -> int:
        return len(self.player_colors)

    def piece_of(self, move: Move) -> Piece | None:
        """The piece of this variant's set with the shape of ``move`` (the first copy of a
        piece with copies), or None if no piece has it.

        >>> find_variant("junior").piece_of(Move.parse("a1,b1,a2,b2"))
        Piece('O')
        >>> find_variant("trigon").piece_of(Move.parse("r9,s9"))
        Piece('2')
        >>> find_variant("duo").piece_of(Move.parse("a1,c1")) is None
        True
        """
        return _pieces_by_shape(self.pieces).get(
            self.grid.shape_of(square_xy(sq) for sq in move.squares)
        )

    def player_of_color(self, color: Color, shared_moves_made: int = 0) -> int:
        """The player who moves ``color``; for the shared colour, the player whose turn it is
        after the shared colour has made ``shared_moves_made`` moves (players 1, 2, 3, 1, ...)."""
        if color == self.shared_color:
            return shared_moves_made % self.num_players
        for player, colors in enumerate(self.player_colors):
            if color in colors:
                return player
        raise ValueError(f"no colour {color} in {self.name}")


_CLASSIC_COLORS = ("blue", "yellow", "red", "green")
_CLASSIC_STARTS = tuple(parse_square(name) for name in ("a20", "t20", "t1", "a1"))
_TRIGON = {
    "pieces": TRIGON_PIECES,
    "triangles": True,
    "shared_starts": tuple(parse_square(n) for n in ("r4", "r15", "j7", "j12", "z7", "z12")),
}

VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant(
            "classic", "Blokus", 20, _CLASSIC_COLORS, _CLASSIC_STARTS, ((0,), (1,), (2,), (3,))
        ),
        Variant(
            "classic_2", "Blokus Two-Player", 20, _CLASSIC_COLORS, _CLASSIC_STARTS, ((0, 2), (1, 3))
        ),
        Variant(
            "classic_3",
            "Blokus Three-Player",
            20,
            _CLASSIC_COLORS,
            _CLASSIC_STARTS,
            ((0,), (1,), (2,)),
            shared_color=3,
        ),
        Variant(
            "duo",
            "Blokus Duo",
            14,
            ("purple", "orange"),
            (parse_square("e10"), parse_square("j5")),
            ((0,), (1,)),
        ),
        Variant(
            "junior",
            "Blokus Junior",
            14,
            ("green", "orange"),
            (parse_square("e10"), parse_square("j5")),
            ((0,), (1,)),
            pieces=JUNIOR_PIECES,
            all_placed_bonus=False,
        ),
        Variant(
            "trigon",
            "Blokus Trigon",
            9,
            _CLASSIC_COLORS,
            (),
            ((0,), (1,), (2,), (3,)),
            **_TRIGON,
        ),
        Variant(
            "trigon_2",
            "Blokus Trigon Two-Player",
            9,
            _CLASSIC_COLORS,
            (),
            ((0, 2), (1, 3)),
            **_TRIGON,
        ),
        Variant(
            "trigon_3",
            "Blokus Trigon Three-Player",
            8,
            _CLASSIC_COLORS[:3],
            (),
            ((0,), (1,), (2,)),
            pieces=TRIGON_PIECES,
            triangles=True,
            shared_starts=tuple(parse_square(n) for n in ("p3", "p14", "h6", "h11", "x6", "x11")),
        ),
    )
}


@cache
def _pieces_by_shape(pieces: tuple[Piece, ...]) -> dict[Cells, Piece]:
    found: dict[Cells, Piece] = {}
    for piece in pieces:
        for shape in piece.orientations:
            found.setdefault(shape, piece)  # a second copy's shapes are its first copy's
    return found


def find_variant(name: str) -> Variant:
    """The variant called ``name`` (our id or Pentobi's SGF game name, any case)."""
    key = name.strip().lower()
    if key in VARIANTS:
        return VARIANTS[key]
    for variant in VARIANTS.values():
        if key in (variant.name, variant.sgf_game.lower()):
            return variant
    raise ValueError(f"unknown variant {name!r}; known: {', '.join(VARIANTS)}")


class Colored(Protocol):
    """Anything that names its colours: a variant, a board."""

    color_names: Sequence[str]


#: Every colour's name as a sentence writes it, in English (by its lower-case id).
COLOR_TITLES = {
    "blue": N_("Blue"),
    "yellow": N_("Yellow"),
    "red": N_("Red"),
    "green": N_("Green"),
    "purple": N_("Purple"),
    "orange": N_("Orange"),
}


def color_title(colored: Colored, color: Color) -> str:
    """A colour's name as a sentence writes it, in the player's language.

    >>> from game import Board
    >>> color_title(Board("duo"), 1)
    'Orange'
    """
    return _(COLOR_TITLES[colored.color_names[color]])

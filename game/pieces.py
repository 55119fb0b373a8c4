"""Squares, pieces and moves: the vocabulary of the game, independent of any board size.

Squares are plain ints named as Pentobi names them: column letters from ``a`` (after ``z``
come ``aa``, ``ab`` ..., for Trigon's 35 columns), rows from ``1`` counted upward, so ``a1`` is
the bottom-left square of every board. On a triangle board a "square" is one triangle.

>>> parse_square("e10"), square_name(319), square_name(parse_square("AI18"))
(319, 'e10', 'ai18')
>>> Move.parse("B1,a1,a2")
Move.parse('a1,b1,a2')
>>> Move.parse("a1,b1,a2").piece
Piece('V3')
"""

from __future__ import annotations

from collections.abc import Iterable
from string import ascii_lowercase

from .boundary import quoted
from .i18n import _

Square = int
"""A square: ``y * MAX_WIDTH + x`` with ``x`` the column (``a`` = 0) and ``y`` the row counted
upward (row ``1`` = 0). The numbering is the same on every board size, like the square names."""

MAX_WIDTH = 35  # Trigon's board: a hexagon of edge 9 is 35 triangles wide
MAX_HEIGHT = 20
MAX_PIECE_SIZE = 6
#: The column names, ``a`` to ``z`` then ``aa`` to ``ai``.
FILE_NAMES: tuple[str, ...] = tuple(
    (ascii_lowercase[x // 26 - 1] if x >= 26 else "") + ascii_lowercase[x % 26]
    for x in range(MAX_WIDTH)
)


def square(x: int, y: int) -> Square:
    """The square at column ``x`` and row ``y`` (both from 0, rows counted upward)."""
    return y * MAX_WIDTH + x


def square_xy(sq: Square) -> tuple[int, int]:
    """The column and row of square ``sq``: the inverse of :func:`square`.

    >>> square_xy(square(4, 9))
    (4, 9)
    """
    y, x = divmod(sq, MAX_WIDTH)
    return x, y


def square_name(sq: Square) -> str:
    """Pentobi's name of a square, e.g. ``'a20'``."""
    x, y = square_xy(sq)
    return f"{FILE_NAMES[x]}{y + 1}"


def parse_square(name: str) -> Square:
    """The square named ``name`` (any case), e.g. ``parse_square('T20') == 684``.

    Raises :class:`ValueError` for text that is not a square name.
    """
    # ASCII only: isdigit(), int() and lower() also take other scripts' digits and letters
    # ('e１０', the Kelvin sign).
    text = name.strip().lower()
    letters = len(text) - len(text.lstrip(ascii_lowercase))
    column, row = text[:letters], text[letters:]
    if (
        not name.isascii()
        or column not in FILE_NAMES
        or not row.isdigit()
        or len(row) > 2
        or not 1 <= int(row) <= MAX_HEIGHT
    ):
        raise ValueError(_("not a square: {name}").format(name=quoted(name)))
    return square(FILE_NAMES.index(column), int(row) - 1)


Cells = tuple[tuple[int, int], ...]
"""Cells of a shape as ``(x, y)`` pairs, y upward, shifted to min x = min y = 0 and sorted.

A polyiamond's cells are triangles: ``(x, y)`` points up when ``x + y`` is even. Shifting a
triangle by an odd ``dx + dy`` would turn it over, so a polyiamond's lowest x is 0 or 1."""


def normalize(cells: Iterable[tuple[int, int]], triangles: bool = False) -> Cells:
    """``cells`` shifted so that their lowest x and lowest y are 0 (on ``triangles``, lowest x
    0 or 1, keeping each triangle's direction), sorted."""
    cells = list(cells)
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    if triangles and (min_x + min_y) % 2:
        min_x -= 1
    return tuple(sorted((x - min_x, y - min_y) for x, y in cells))


# A triangle's corners are lattice points (u, j): u counts half sides across, j rows up; on
# those, a turn by 60 degrees is (u, j) -> ((u - 3j) / 2, (u + j) / 2) (anticlockwise; clockwise
# ((u + 3j) / 2, (j - u) / 2)) and a mirror u -> -u.
def triangle_corners(x: int, y: int) -> tuple[tuple[int, int], ...]:
    """The corners of triangle ``(x, y)`` as lattice points."""
    if (x + y) % 2 == 0:  # pointing up: its base on row y
        return ((x, y), (x + 2, y), (x + 1, y + 1))
    return ((x, y + 1), (x + 2, y + 1), (x + 1, y))


def _triangle_of(corners) -> tuple[int, int]:
    low = min(j for _, j in corners)
    bottom = sorted(u for u, j in corners if j == low)
    return (bottom[0], low) if len(bottom) == 2 else (bottom[0] - 1, low)


def turned(cells: Cells, triangles: bool = False, clockwise: bool = True) -> Cells:
    """``cells`` turned a quarter turn (on ``triangles``, a sixth), normalized.

    >>> turned(((0, 0), (1, 0)))
    ((0, 0), (0, 1))
    >>> turned(turned(((0, 0), (1, 0)), True, clockwise=False), True)
    ((0, 0), (1, 0))
    """
    if not triangles:
        return normalize(((y, -x) if clockwise else (-y, x)) for x, y in cells)
    sign = -1 if clockwise else 1
    return normalize(
        (
            _triangle_of([((u - sign * 3 * j) // 2, (sign * u + j) // 2) for u, j in corners])
            for corners in (triangle_corners(x, y) for x, y in cells)
        ),
        triangles=True,
    )


def mirrored(cells: Cells, triangles: bool = False) -> Cells:
    """``cells`` mirrored left to right, normalized."""
    return normalize(((-x, y) for x, y in cells), triangles)


def _orientations(cells: Cells, triangles: bool) -> tuple[Cells, ...]:
    """The distinct shapes reached by turning and mirroring ``cells``, in a fixed order (move
    codes number them: squares turn clockwise, triangles the other way)."""
    found: list[Cells] = []
    shape = cells
    for _mirror in range(2):
        for _turn in range(6 if triangles else 4):
            shape = turned(shape, triangles, clockwise=not triangles)
            if shape not in found:
                found.append(shape)
        shape = mirrored(shape, triangles)
    return tuple(found)


class Piece:
    """A piece every colour owns, named as Pentobi names it: a polyomino, or on Trigon's board
    a polyiamond (made of triangles)."""

    __slots__ = ("index", "name", "cells", "orientations", "triangles")

    def __init__(self, index: int, name: str, picture: str, triangles: bool = False):
        rows = picture.split("/")
        top = len(rows) - 1
        self.index = index
        self.name = name
        self.triangles = triangles
        #: The shape as drawn in its piece set's table, top row first (a polyiamond's top-left
        #: character is a triangle pointing up, and they alternate along rows and columns).
        self.cells: Cells = normalize(
            (
                ((x + top, top - y) if triangles else (x, top - y))
                for y, row in enumerate(rows)
                for x, c in enumerate(row)
                if c == "X"
            ),
            triangles,
        )
        #: Every distinct rotation and mirror image of the shape.
        self.orientations: tuple[Cells, ...] = _orientations(self.cells, triangles)

    @property
    def size(self) -> int:
        """Number of squares (or triangles) the piece covers."""
        return len(self.cells)

    def __repr__(self) -> str:
        return f"Piece({self.name!r})"


# Pictures are drawn with the top row first; "/" separates rows.
CLASSIC_PICTURES = (
    ("1", "X"),
    ("2", "XX"),
    ("I3", "XXX"),
    ("V3", "X./XX"),
    ("I4", "XXXX"),
    ("L4", "X../XXX"),
    ("O4", "XX/XX"),
    ("T4", "XXX/.X."),
    ("Z4", "XX./.XX"),
    ("F", ".XX/XX./.X."),
    ("I5", "XXXXX"),
    ("L5", "X.../XXXX"),
    ("N", "XX../.XXX"),
    ("P", "XX/XX/X."),
    ("T5", "XXX/.X./.X."),
    ("U", "X.X/XXX"),
    ("V5", "X../X../XXX"),
    ("W", "X../XX./.XX"),
    ("X", ".X./XXX/.X."),
    ("Y", ".X../XXXX"),
    ("Z5", "XX./.X./.XX"),
)
PIECES: tuple[Piece, ...] = tuple(
    Piece(i, name, picture) for i, (name, picture) in enumerate(CLASSIC_PICTURES)
)
#: Blokus Junior's pieces: 12 of the polyominoes, two copies of each (neighbours in the
#: table: a second copy's index is its first copy's plus one).
JUNIOR_PIECES: tuple[Piece, ...] = tuple(
    Piece(2 * i + copy, name, picture)
    for i, (name, picture) in enumerate(
        # Junior calls the O4 "O"; the shapes are the Classic set's.
        (name, dict(CLASSIC_PICTURES)["O4" if name == "O" else name])
        for name in ("1", "2", "I3", "V3", "I4", "L4", "O", "T4", "Z4", "I5", "L5", "P")
    )
    for copy in range(2)
)

#: Blokus Trigon's 22 pieces: every polyiamond of one to six triangles. Pictures alternate
#: triangles pointing up and down, the top-left character pointing up.
TRIGON_PIECES: tuple[Piece, ...] = tuple(
    Piece(i, name, picture, triangles=True)
    for i, (name, picture) in enumerate(
        [
            ("1", "X"),
            ("2", "XX"),
            ("I3", "..X/.XX"),
            ("I4", "..XX/.XX"),
            ("C4", "XX/XX"),
            ("A4", "..X/.XXX"),
            ("I5", "..X/.XX/XX"),
            ("L5", "..X/.XX/.XX"),
            ("C5", "XX/XXX"),
            ("P5", "..X/.XXX/.X"),
            ("I6", "..XX/.XX/XX"),
            ("L6", "..XX/.XX/.XX"),
            ("V", ".XX/..XXXX"),
            ("S", "XX/XX/XX"),
            ("P6", "..X/.XXX/XX"),
            ("F", "XX/XXX/.X"),
            ("W", "..X/XXXXX"),
            ("A6", "..X/.XXX/.X.X"),
            ("G", "..X/.XX/.XXX"),
            ("Y", "X/XXX/XX"),
            ("X", ".XXX/.XXX"),
            ("O", "XXX/XXX"),
        ]
    )
)

PIECE_BY_NAME: dict[str, Piece] = {piece.name: piece for piece in PIECES}
PIECE_BY_SHAPE: dict[Cells, Piece] = {
    shape: piece for piece in PIECES for shape in piece.orientations
}
ALL_PIECES_SQUARES = sum(piece.size for piece in PIECES)  # 89


def find_piece(name: str) -> Piece:
    """The piece called ``name`` (any case), e.g. ``find_piece('z5')``; ValueError if none."""
    for piece in PIECES:
        if piece.name.lower() == name.strip().lower():
            return piece
    raise ValueError(f"no piece called {name!r}")


class Move:
    """A placement: the set of squares a piece covers. The piece is implied by the shape.

    Written in Pentobi's notation, the square names joined by commas, sorted by row then column.
    """

    __slots__ = ("squares",)

    squares: tuple[Square, ...]

    def __init__(self, squares: Iterable[Square]):
        ordered = tuple(sorted(squares))
        if not ordered:
            raise ValueError(_("a move covers at least one square"))
        if len(set(ordered)) != len(ordered):
            raise ValueError(_("a move covers each square once"))
        object.__setattr__(self, "squares", ordered)

    def __setattr__(self, name, value):
        raise AttributeError("Move is immutable")

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move written as comma-separated square names, in any order and case."""
        names = text.split(",", MAX_PIECE_SIZE)
        if len(names) > MAX_PIECE_SIZE:
            raise ValueError(
                _("not a move: {text} (a piece covers {count} squares at most)").format(
                    text=quoted(text), count=MAX_PIECE_SIZE
                )
            )
        if not text.strip() or any(not name.strip() for name in names):
            raise ValueError(_("not a move: {text}").format(text=quoted(text)))
        try:
            return cls(parse_square(name) for name in names)
        except ValueError as error:
            raise ValueError(
                _("not a move: {text} ({error})").format(text=quoted(text), error=error)
            ) from None

    @property
    def piece(self) -> Piece | None:
        """The piece of :data:`PIECES` with this shape, or None if the squares form none (a
        board's :meth:`~game.board.BaseBoard.piece_of` knows its own piece set)."""
        return PIECE_BY_SHAPE.get(normalize(square_xy(sq) for sq in self.squares))

    def __str__(self) -> str:
        return ",".join(square_name(sq) for sq in self.squares)

    def __repr__(self) -> str:
        return f"Move.parse('{self}')"

    def __eq__(self, other) -> bool:
        return isinstance(other, Move) and self.squares == other.squares

    def __hash__(self) -> int:
        return hash(self.squares)

    def __len__(self) -> int:
        return len(self.squares)

"""Squares, pieces and moves: the vocabulary of the game, independent of any board size.

Squares are plain ints named as Pentobi names them: column letters from ``a``, rows from ``1``
counted upward, so ``a1`` is the bottom-left square of every board.

>>> parse_square("e10"), square_name(184)
(184, 'e10')
>>> Move.parse("B1,a1,a2")
Move.parse('a1,b1,a2')
>>> Move.parse("a1,b1,a2").piece
Piece('V3')
"""

from __future__ import annotations

from collections.abc import Iterable

from .boundary import quoted

Square = int
"""A square: ``y * 20 + x`` with ``x`` the column (``a`` = 0) and ``y`` the row counted upward
(row ``1`` = 0). The numbering is the same on every board size, like the square names."""

MAX_SIZE = 20
MAX_PIECE_SIZE = 5
FILE_NAMES = "abcdefghijklmnopqrst"


def square(x: int, y: int) -> Square:
    """The square at column ``x`` and row ``y`` (both from 0, rows counted upward)."""
    return y * MAX_SIZE + x


def square_xy(sq: Square) -> tuple[int, int]:
    """The column and row of square ``sq``: the inverse of :func:`square`.

    >>> square_xy(square(4, 9))
    (4, 9)
    """
    y, x = divmod(sq, MAX_SIZE)
    return x, y


def square_name(sq: Square) -> str:
    """Pentobi's name of a square, e.g. ``'a20'``."""
    x, y = square_xy(sq)
    return f"{FILE_NAMES[x]}{y + 1}"


def parse_square(name: str) -> Square:
    """The square named ``name`` (any case), e.g. ``parse_square('T20') == 399``.

    Raises :class:`ValueError` for text that is not a square name.
    """
    # ASCII only: isdigit(), int() and lower() also take other scripts' digits and letters
    # ('e１０', the Kelvin sign).
    text = name.strip().lower()
    column, row = text[:1], text[1:]
    if (
        not name.isascii()
        or not column
        or column not in FILE_NAMES
        or not row.isdigit()
        or len(row) > 2
        or not 1 <= int(row) <= 20
    ):
        raise ValueError(f"not a square: {quoted(name)}")
    return square(FILE_NAMES.index(column), int(row) - 1)


Cells = tuple[tuple[int, int], ...]
"""Cells of a shape as ``(x, y)`` pairs, y upward, shifted to min x = min y = 0 and sorted."""


def normalize(cells: Iterable[tuple[int, int]]) -> Cells:
    """``cells`` shifted so that their lowest x and lowest y are 0, sorted."""
    cells = list(cells)
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    return tuple(sorted((x - min_x, y - min_y) for x, y in cells))


def _orientations(cells: Cells) -> tuple[Cells, ...]:
    """The distinct shapes reached by rotating and mirroring ``cells``, in a fixed order."""
    found: list[Cells] = []
    shape = cells
    for _mirror in range(2):
        for _rotation in range(4):
            shape = normalize((y, -x) for x, y in shape)
            if shape not in found:
                found.append(shape)
        shape = normalize((-x, y) for x, y in shape)
    return tuple(found)


class Piece:
    """One of the 21 polyominoes every colour owns, named as Pentobi names it."""

    __slots__ = ("index", "name", "cells", "orientations")

    def __init__(self, index: int, name: str, picture: str):
        rows = picture.split("/")
        self.index = index
        self.name = name
        #: The shape as drawn in :data:`PIECES`' table, top row first.
        self.cells: Cells = normalize(
            (x, len(rows) - 1 - y)
            for y, row in enumerate(rows)
            for x, c in enumerate(row)
            if c == "X"
        )
        #: Every distinct rotation and mirror image of the shape.
        self.orientations: tuple[Cells, ...] = _orientations(self.cells)

    @property
    def size(self) -> int:
        """Number of squares the piece covers."""
        return len(self.cells)

    def __repr__(self) -> str:
        return f"Piece({self.name!r})"


# Pictures are drawn with the top row first; "/" separates rows.
PIECES: tuple[Piece, ...] = tuple(
    Piece(i, name, picture)
    for i, (name, picture) in enumerate(
        [
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
            raise ValueError("a move covers at least one square")
        if len(set(ordered)) != len(ordered):
            raise ValueError("a move covers each square once")
        object.__setattr__(self, "squares", ordered)

    def __setattr__(self, name, value):
        raise AttributeError("Move is immutable")

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move written as comma-separated square names, in any order and case."""
        names = text.split(",", MAX_PIECE_SIZE)
        if len(names) > MAX_PIECE_SIZE:
            raise ValueError(
                f"not a move: {quoted(text)} (a piece covers {MAX_PIECE_SIZE} squares at most)"
            )
        if not text.strip() or any(not name.strip() for name in names):
            raise ValueError(f"not a move: {quoted(text)}")
        try:
            return cls(parse_square(name) for name in names)
        except ValueError as error:
            raise ValueError(f"not a move: {quoted(text)} ({error})") from None

    @property
    def piece(self) -> Piece | None:
        """The piece with this shape, or None if the squares form no piece."""
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

"""Board grids: which cells a board has and which cells touch, for :class:`~game.geometry.Geometry`.

Cells are ``(x, y)`` pairs, the column and the row counted upward from 0, as squares are named.
Two cells touch along an *edge* or only at a *corner*; a piece may not touch its own colour
along an edge, and must touch it at a corner. Contacts are steps ``(dx, dy)`` that depend on a
cell's *direction*: on squares there is one; on triangles, pointing up (0) or down (1).

>>> len(SquareGrid(14, 14).cells()), len(TriangleGrid(9).cells()), len(TriangleGrid(8).cells())
(196, 486, 384)
>>> len(TriangleGrid(9).edge_steps(0)), len(TriangleGrid(9).corner_steps(0))
(3, 9)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .pieces import Cells, normalize, triangle_corners

Step = tuple[int, int]


@dataclass(frozen=True)
class SquareGrid:
    """A ``width`` x ``height`` board of squares."""

    width: int
    height: int
    #: Guard bits after each row of the bit layout: the farthest a contact reaches sideways.
    guard = 1
    triangles = False

    def cells(self) -> list[tuple[int, int]]:
        return [(x, y) for y in range(self.height) for x in range(self.width)]

    def direction(self, x: int, y: int) -> int:
        return 0

    def edge_steps(self, direction: int) -> tuple[Step, ...]:
        return ((1, 0), (-1, 0), (0, 1), (0, -1))

    def corner_steps(self, direction: int) -> tuple[Step, ...]:
        return ((1, 1), (-1, 1), (1, -1), (-1, -1))

    def shape_of(self, cells) -> Cells:
        """The board ``cells`` as a piece's shape (an entry of ``Piece.orientations``)."""
        return normalize(cells)


@dataclass(frozen=True)
class TriangleGrid:
    """Trigon's board: a hexagon of ``edge`` triangles a side, in rows of triangles pointing
    up and down by turns, ``4 * edge - 1`` columns and ``2 * edge`` rows (Pentobi's mapping).

    A triangle points up when ``x + y + edge`` is even (the middle rows start with one pointing
    down, as in Pentobi). Its edges touch the triangles beside it and the one below (pointing
    up) or above it; 9 more touch only at a corner.
    """

    edge: int
    guard = 2
    triangles = True

    @property
    def width(self) -> int:
        return 4 * self.edge - 1

    @property
    def height(self) -> int:
        return 2 * self.edge

    def cells(self) -> list[tuple[int, int]]:
        found = []
        for y in range(self.height):
            rows_from_middle = min(y, self.height - 1 - y)
            margin = self.edge - 1 - rows_from_middle  # cut off by the hexagon's slanted sides
            found += [(x, y) for x in range(margin, self.width - margin)]
        return found

    def direction(self, x: int, y: int) -> int:
        return (x + y + self.edge) % 2

    def edge_steps(self, direction: int) -> tuple[Step, ...]:
        return _triangle_steps(direction, shared=2)

    def corner_steps(self, direction: int) -> tuple[Step, ...]:
        return _triangle_steps(direction, shared=1)

    def shape_of(self, cells) -> Cells:
        """The board ``cells`` as a piece's shape (an entry of ``Piece.orientations``).

        >>> TriangleGrid(9).shape_of([(17, 8), (18, 8)])  # r9 points up, s9 down
        ((0, 0), (1, 0))
        >>> TriangleGrid(9).shape_of([(16, 8), (17, 8)])  # q9 down, r9 up: a shape turned over
        ((1, 0), (2, 0))
        """
        # A piece's triangle points up when x + y is even, the board's when x + y + edge is.
        return normalize(((x + self.edge, y) for x, y in cells), triangles=True)


Grid = SquareGrid | TriangleGrid
"""Any board's cells."""


@cache
def _triangle_steps(direction: int, shared: int) -> tuple[Step, ...]:
    """Steps from a triangle of ``direction`` to the triangles sharing exactly ``shared`` of its
    corners (2: an edge)."""
    # In the corner lattice of game.pieces, (0, 0) points up and (1, 0) down.
    x = direction
    corners = set(triangle_corners(x, 0))
    return tuple(
        (dx, dy)
        for dy in (-1, 0, 1)
        for dx in range(-3, 4)
        if len(corners & set(triangle_corners(x + dx, dy))) == shared
    )

"""A slow, obviously-correct statement of the placement rules, used as the tests' oracle.

It works on plain sets of (x, y) cells and shares no code with the engine but the piece lists
and the square numbering. The triangle board's contacts are written out as Pentobi's manual
and source state them (with rows counted from the top there): a triangle pointing up touches
the triangles left and right of it and the one below along an edge, and nine more at a corner.
"""

from functools import cache

from game import PIECES
from game.pieces import square_xy

EDGE_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
CORNER_STEPS = ((1, 1), (1, -1), (-1, 1), (-1, -1))

# Steps (dx, dy) with y counted upward, from a triangle pointing up; from one pointing down,
# the same with dy negated.
UP_EDGE_STEPS = ((-1, 0), (1, 0), (0, -1))
UP_CORNER_STEPS = ((-2, 0), (2, 0), (-1, 1), (1, 1), (-1, -1), (1, -1), (0, 1), (-2, -1), (2, -1))


def cells_of(move):
    return {square_xy(sq) for sq in move.squares}


def all_placements(size):
    """Every placement of every piece on an empty ``size`` x ``size`` board, as frozensets."""
    found = set()
    for piece in PIECES:
        for shape in piece.orientations:
            for dx in range(size):
                for dy in range(size):
                    cells = frozenset((x + dx, y + dy) for x, y in shape)
                    if all(x < size and y < size for x, y in cells):
                        found.add(cells)
    return found


def neighbours(cells, steps):
    return {(x + dx, y + dy) for x, y in cells for dx, dy in steps} - set(cells)


def is_legal_placement(cells, own, occupied, size, first_squares):
    """Whether ``cells`` may be placed on a ``size`` x ``size`` board by a colour covering
    ``own`` with ``occupied`` taken.

    ``first_squares`` are the squares a first piece may cover (used when ``own`` is empty)."""
    return is_legal_on(square_board(size), cells, own, occupied, first_squares)


@cache
def square_board(size):
    return SquareBoard({(x, y) for x in range(size) for y in range(size)})


class SquareBoard:
    def __init__(self, cells):
        self.cells = cells

    def edge_neighbours(self, cells):
        return neighbours(cells, EDGE_STEPS)

    def corner_neighbours(self, cells):
        return neighbours(cells, CORNER_STEPS)


class TriangleBoard:
    """Trigon's hexagon of ``edge`` triangles a side, as Pentobi lays it out: ``4 * edge - 1``
    columns, ``2 * edge`` rows; counting rows from the top, (x, row) points up when x + row is
    even on a board of odd edge, odd on one of even edge."""

    def __init__(self, edge):
        self.edge = edge
        height, width = 2 * edge, 4 * edge - 1
        self.cells = set()
        for row in range(height):
            inset = edge - 1 - min(row, height - 1 - row)
            self.cells |= {(x, height - 1 - row) for x in range(inset, width - inset)}

    def points_up(self, x, y):
        row = 2 * self.edge - 1 - y
        return (x + row) % 2 == (0 if self.edge % 2 else 1)

    def _neighbours(self, cells, up_steps):
        found = set()
        for x, y in cells:
            sign = 1 if self.points_up(x, y) else -1
            found |= {(x + dx, y + sign * dy) for dx, dy in up_steps}
        return found - set(cells)

    def edge_neighbours(self, cells):
        return self._neighbours(cells, UP_EDGE_STEPS)

    def corner_neighbours(self, cells):
        return self._neighbours(cells, UP_CORNER_STEPS)


def board_of(variant):
    """The reference board of ``variant``."""
    return TriangleBoard(variant.size) if variant.triangles else square_board(variant.size)


def is_legal_on(board, cells, own, occupied, first_squares):
    """Whether ``cells`` may be placed on ``board`` (a :class:`SquareBoard` or
    :class:`TriangleBoard`) by a colour covering ``own`` with ``occupied`` taken."""
    if not cells <= board.cells:
        return False
    if cells & occupied:
        return False
    if not own:
        return bool(cells & first_squares)
    if board.edge_neighbours(cells) & own:
        return False
    return bool(board.corner_neighbours(cells) & own)

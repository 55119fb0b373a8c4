"""A slow, obviously-correct statement of the placement rules, used as the tests' oracle.

It works on plain sets of (x, y) cells and shares no code with the engine but the piece list.
"""

from game import PIECES
from game.pieces import MAX_SIZE

EDGE_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
CORNER_STEPS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def cells_of(move):
    return {(sq % MAX_SIZE, sq // MAX_SIZE) for sq in move.squares}


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
    """Whether ``cells`` may be placed by a colour covering ``own`` with ``occupied`` taken.

    ``first_squares`` are the squares a first piece may cover (used when ``own`` is empty)."""
    if any(not (0 <= x < size and 0 <= y < size) for x, y in cells):
        return False
    if cells & occupied:
        return False
    if not own:
        return bool(cells & first_squares)
    if neighbours(cells, EDGE_STEPS) & own:
        return False
    return bool(neighbours(cells, CORNER_STEPS) & own)

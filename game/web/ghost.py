"""The ghost piece: a piece in one orientation, anchored on a board cell, before it is placed.

A ghost's *anchor* is its first cell in reading order (top row first, then leftmost): the piece
is placed so that this cell covers the square under the pointer or keyboard cursor.

>>> from game import PIECE_BY_NAME, parse_square
>>> ghost = Ghost(PIECE_BY_NAME["V3"], default_orientation(PIECE_BY_NAME["V3"]), (0, 19))
>>> [square_name(sq) for sq in ghost_squares(ghost, 20, 20)]
['a19', 'b19', 'a20']
>>> ghost_squares(Ghost(ghost.piece, ghost.orientation, (19, 19)), 20, 20) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game import (  # noqa: F401  (doctests)
    PIECES,
    Board,
    IllegalReason,
    Move,
    Piece,
    Square,
    square,
    square_name,
    square_xy,
)
from game.board import BaseBoard
from game.i18n import _
from game.pieces import normalize
from game.variants import Color

Cell = tuple[int, int]
"""A board cell as (x, y): column from 0, row from 0 counted upward (row 1 is y = 0)."""


@dataclass(frozen=True)
class Ghost:
    """A piece in one of its orientations (an index into ``piece.orientations``), anchored."""

    piece: Piece
    orientation: int
    anchor: Cell


def default_orientation(piece: Piece) -> int:
    """The orientation in which the piece is drawn in the rule book's table (and the trays)."""
    return piece.orientations.index(normalize(piece.cells))


def anchor_cell(cells: tuple[Cell, ...]) -> Cell:
    """The first cell in reading order: highest row, then lowest column.

    >>> anchor_cell(((0, 0), (1, 0), (1, 1)))
    (1, 1)
    """
    return min(cells, key=lambda cell: (-cell[1], cell[0]))


def ghost_cells(ghost: Ghost) -> list[Cell]:
    """The board cells the ghost covers (possibly off the board)."""
    cells = ghost.piece.orientations[ghost.orientation]
    ax, ay = anchor_cell(cells)
    x, y = ghost.anchor
    return [(x + cx - ax, y + cy - ay) for cx, cy in cells]


def on_board(cell: Cell, width: int, height: int) -> bool:
    return 0 <= cell[0] < width and 0 <= cell[1] < height


def ghost_squares(ghost: Ghost, width: int, height: int) -> list[Square] | None:
    """The squares the ghost covers, or None if any of its cells is off the board."""
    cells = ghost_cells(ghost)
    if not all(on_board(cell, width, height) for cell in cells):
        return None
    return sorted(square(x, y) for x, y in cells)


def ghost_move(ghost: Ghost, width: int, height: int) -> Move | None:
    """The placement the ghost stands for, or None if it is partly off the board."""
    squares = ghost_squares(ghost, width, height)
    return None if squares is None else Move(squares)


@dataclass(frozen=True)
class Aim:
    """Where a ghost stands on a position: its move (None if partly off the board) and why it
    cannot be placed there (None if it can)."""

    move: Move | None
    reason: IllegalReason | None


def aim(ghost: Ghost, board: BaseBoard, color: Color | None) -> Aim:
    """Where ``ghost`` stands on ``board`` for ``color`` (None: the colour to move).

    >>> board = Board("duo")
    >>> piece = PIECES[0]  # the monomino
    >>> aim(Ghost(piece, 0, (4, 9)), board, 0)
    Aim(move=Move.parse('e10'), reason=None)
    >>> aim(Ghost(piece, 0, (0, 0)), board, 0).reason
    <IllegalReason.START: 'must cover your start corner'>
    """
    move = ghost_move(ghost, board.geometry.width, board.geometry.height)
    if move is None:
        return Aim(None, IllegalReason.OFF_BOARD)
    return Aim(move, board.illegal_reason(move, color))


def _transformed(ghost: Ghost, transform) -> Ghost:
    """The ghost turned by ``transform`` ((x, y) -> (x, y)), keeping its anchor square."""
    cells = normalize(transform(x, y) for x, y in ghost.piece.orientations[ghost.orientation])
    return replace(ghost, orientation=ghost.piece.orientations.index(cells))


def rotated(ghost: Ghost, clockwise: bool = True) -> Ghost:
    """The ghost turned a quarter turn.

    >>> piece = PIECES[1]  # the domino
    >>> ghost = Ghost(piece, 0, (3, 3))
    >>> rotated(rotated(ghost)).orientation == ghost.orientation
    True
    """
    if clockwise:
        return _transformed(ghost, lambda x, y: (y, -x))
    return _transformed(ghost, lambda x, y: (-y, x))


def flipped(ghost: Ghost) -> Ghost:
    """The ghost mirrored left to right."""
    return _transformed(ghost, lambda x, y: (-x, y))


def moved(ghost: Ghost, dx: int, dy: int, width: int, height: int) -> Ghost:
    """The ghost shifted by (dx, dy) cells, its anchor kept on the board."""
    x = min(max(ghost.anchor[0] + dx, 0), width - 1)
    y = min(max(ghost.anchor[1] + dy, 0), height - 1)
    return replace(ghost, anchor=(x, y))


def ghost_for_move(move: Move) -> Ghost:
    """The ghost that stands for ``move`` (a piece-shaped placement), e.g. to show a hint."""
    piece = move.piece
    if piece is None:
        raise ValueError(f"{move} is not the shape of a piece")
    cells = [square_xy(sq) for sq in move.squares]
    return Ghost(piece, piece.orientations.index(normalize(cells)), anchor_cell(tuple(cells)))


def piece_for_key(key: str, available: list[Piece], current: Piece | None) -> Piece | None:
    """The piece a key press selects among ``available``: the next one whose name starts with
    ``key`` after ``current`` (wrapping round, so ``i`` cycles I3, I4, I5), or None if none does.

    >>> names = lambda p: p and p.name
    >>> names(piece_for_key("i", list(PIECES), None))
    'I3'
    >>> names(piece_for_key("i", list(PIECES), PIECES[2]))
    'I4'
    >>> piece_for_key("q", list(PIECES), None) is None
    True
    """
    matching = [p for p in available if p.name[0].lower() == key.lower()]
    if not matching:
        return None
    if current in matching:
        return matching[(matching.index(current) + 1) % len(matching)]
    return matching[0]


def reason_text(reason: IllegalReason | None) -> str:
    """Why a ghost cannot be placed, as a sentence ending the status line."""
    return _("can be placed here") if reason is None else _(reason.value)


def ghost_status(piece: Piece, anchor_name: str, reason: IllegalReason | None) -> str:
    """E.g. ``'F at e10: must cover your start corner'``."""
    return _("{piece} at {square}: {why}").format(
        piece=piece.name, square=anchor_name, why=reason_text(reason)
    )

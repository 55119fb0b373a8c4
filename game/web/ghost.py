"""The ghost piece: a piece in one orientation, anchored on a board cell, before it is placed.

A ghost's *anchor* is the cell under the pointer or keyboard cursor; the piece's first cell in
reading order (top row first, then leftmost) covers it. On triangles a shape fits only where
that first triangle points as the anchor does; where it points the other way, the piece covers
the triangle right of the anchor instead (a piece turned over would be another shape).

>>> from game import PIECE_BY_NAME, parse_square
>>> grid = SquareGrid(20, 20)
>>> ghost = Ghost(PIECE_BY_NAME["V3"], default_orientation(PIECE_BY_NAME["V3"]), (0, 19))
>>> [square_name(sq) for sq in ghost_squares(ghost, grid)]
['a19', 'b19', 'a20']
>>> ghost_squares(Ghost(ghost.piece, ghost.orientation, (19, 19)), grid) is None
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
from game.grids import Grid, SquareGrid, TriangleGrid  # noqa: F401  (doctests)
from game.i18n import _
from game.pieces import mirrored, normalize, turned
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
    return piece.orientations.index(normalize(piece.cells, piece.triangles))


def anchor_cell(cells: tuple[Cell, ...]) -> Cell:
    """The first cell in reading order: highest row, then lowest column.

    >>> anchor_cell(((0, 0), (1, 0), (1, 1)))
    (1, 1)
    """
    return min(cells, key=lambda cell: (-cell[1], cell[0]))


def ghost_cells(ghost: Ghost, grid: Grid) -> list[Cell]:
    """The board cells the ghost covers (possibly off the board)."""
    cells = ghost.piece.orientations[ghost.orientation]
    ax, ay = anchor_cell(cells)
    x, y = ghost.anchor
    if grid.triangles and grid.direction(x, y) != (ax + ay) % 2:
        x += 1  # see the module's docstring
    return [(x + cx - ax, y + cy - ay) for cx, cy in cells]


def on_board(cell: Cell, width: int, height: int) -> bool:
    """Whether ``cell`` lies in the board's rectangle (a hexagon's cut corners included)."""
    return 0 <= cell[0] < width and 0 <= cell[1] < height


def ghost_squares(ghost: Ghost, grid: Grid) -> list[Square] | None:
    """The squares the ghost covers, or None if any of its cells is off the board's rectangle."""
    cells = ghost_cells(ghost, grid)
    if not all(on_board(cell, grid.width, grid.height) for cell in cells):
        return None
    return sorted(square(x, y) for x, y in cells)


def ghost_move(ghost: Ghost, grid: Grid) -> Move | None:
    """The placement the ghost stands for, or None if it is partly off the board's rectangle
    (:func:`aim` tells a hexagon's cut corners)."""
    squares = ghost_squares(ghost, grid)
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
    move = ghost_move(ghost, board.geometry.grid)
    if move is None:
        return Aim(None, IllegalReason.OFF_BOARD)
    return Aim(move, board.illegal_reason(move, color))


def _reoriented(ghost: Ghost, shape) -> Ghost:
    return replace(ghost, orientation=ghost.piece.orientations.index(shape))


def rotated(ghost: Ghost, clockwise: bool = True) -> Ghost:
    """The ghost turned a quarter turn (a piece of triangles: a sixth), keeping its anchor.

    >>> piece = PIECES[1]  # the domino
    >>> ghost = Ghost(piece, 0, (3, 3))
    >>> rotated(rotated(ghost)).orientation == ghost.orientation
    True
    """
    piece = ghost.piece
    return _reoriented(
        ghost, turned(piece.orientations[ghost.orientation], piece.triangles, clockwise)
    )


def flipped(ghost: Ghost) -> Ghost:
    """The ghost mirrored left to right."""
    piece = ghost.piece
    return _reoriented(ghost, mirrored(piece.orientations[ghost.orientation], piece.triangles))


#: The arrow keys' steps on squares: one square.
ARROW_STEPS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, 1), "ArrowDown": (0, -1)}


def arrow_step(key: str, grid: Grid) -> tuple[int, int]:
    """How far an arrow key moves the ghost's anchor. On triangles left and right step two
    columns (one triangle on: the piece moves by a side, as one column would turn it over),
    up and down a row in the same column (the piece zigzags by half a side to fit).

    >>> arrow_step("ArrowLeft", TriangleGrid(9)), arrow_step("ArrowUp", TriangleGrid(9))
    ((-2, 0), (0, 1))
    """
    dx, dy = ARROW_STEPS[key]
    return (2 * dx, dy) if grid.triangles else (dx, dy)


def moved(ghost: Ghost, dx: int, dy: int, grid: Grid) -> Ghost:
    """The ghost shifted by (dx, dy) cells; a step that would take its anchor off the board's
    rectangle is not taken."""
    x, y = ghost.anchor
    if 0 <= x + dx < grid.width:
        x += dx
    if 0 <= y + dy < grid.height:
        y += dy
    return replace(ghost, anchor=(x, y))


def ghost_for_move(move: Move, board: BaseBoard) -> Ghost:
    """The ghost that stands for ``move`` (a placement of a piece of ``board``'s set), e.g. to
    show a hint; its piece is the copy ``board``'s colour to move has left, if any."""
    piece = board.piece_of(move)
    if piece is None:
        raise ValueError(f"{move} is not the shape of a piece on this board")
    if board.turn is not None:
        piece = tray_piece(board, board.turn, piece.name)
    cells = [square_xy(sq) for sq in move.squares]
    shape = board.geometry.grid.shape_of(cells)
    return Ghost(piece, piece.orientations.index(shape), anchor_cell(tuple(cells)))


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

    Copies of a piece (Junior's) count once: the first one available is picked.
    """
    names = list(dict.fromkeys(p.name for p in available if p.name[0].lower() == key.lower()))
    if not names:
        return None
    name = names[0]
    if current is not None and current.name in names:
        name = names[(names.index(current.name) + 1) % len(names)]
    return next(p for p in available if p.name == name)


def tray_piece(board: BaseBoard, color: Color, name: str) -> Piece:
    """The piece a tray's button called ``name`` stands for: the first copy ``color`` has not
    placed, else (all placed) the first copy. ValueError if the board's set has no such piece.

    >>> board = Board("junior")
    >>> board.push(Move.parse("e10"))
    >>> tray_piece(board, 0, "1").index, tray_piece(board, 1, "1").index
    (1, 0)
    """
    copies = [p for p in board.geometry.pieces if p.name == name]
    if not copies:
        raise ValueError(f"no piece called {name!r}")
    return next((p for p in copies if not board.is_piece_used(color, p)), copies[0])


def reason_text(reason: IllegalReason | None, triangles: bool = False) -> str:
    """Why a ghost cannot be placed, as a sentence ending the status line (naming the board's
    cells: ``triangles`` on Trigon's)."""
    return _("can be placed here") if reason is None else reason.words(triangles)


def ghost_status(
    piece: Piece, anchor_name: str, reason: IllegalReason | None, triangles: bool = False
) -> str:
    """E.g. ``'F at e10: must cover your start corner'``."""
    return _("{piece} at {square}: {why}").format(
        piece=piece.name, square=anchor_name, why=reason_text(reason, triangles)
    )

"""The board and the trays as SVG and HTML, pure functions shared by the game and the puzzles
(no DOM: tested in CPython).

Board coordinates: the SVG's user units are board cells of :data:`CELL` units (on triangles,
columns of half a side, :data:`CELL`, and rows of :data:`ROW`) plus a margin of :data:`MARGIN`
for the coordinates, row 1 at the bottom as on Pentobi's board.

>>> svg = initial_board_svg()
>>> svg.count('data-square='), 'data-square="a20"' in svg
(400, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from game import Board, Piece, Square, square, square_name, square_xy
from game.grids import Grid, TriangleGrid
from game.pieces import FILE_NAMES, Move, triangle_corners
from game.review import color_title

from .ghost import Cell, default_orientation

CELL = 10
MARGIN = 8
#: On triangles, a column is half a triangle's side (:data:`CELL`) and a row its height.
ROW = CELL * 3**0.5
#: Inset of a tray piece's cells, in tray-piece cells.
TRAY_PAD = 0.5
#: Piece names as players say them, by size: polyominoes, and polyiamonds (triangles).
PIECE_KINDS = {1: "monomino", 2: "domino", 3: "tromino", 4: "tetromino", 5: "pentomino"}
TRIANGLE_PIECE_KINDS = {
    1: "moniamond",
    2: "diamond",
    3: "triamond",
    4: "tetriamond",
    5: "pentiamond",
    6: "hexiamond",
}


def piece_kind(piece: Piece) -> str:
    """What a piece is called by its size, e.g. ``'pentomino'``, ``'hexiamond'``."""
    return (TRIANGLE_PIECE_KINDS if piece.triangles else PIECE_KINDS)[piece.size]


def board_extent(grid: Grid) -> tuple[float, float]:
    """Width and height of the board's viewBox."""
    if grid.triangles:
        return 2 * MARGIN + (grid.width + 1) * CELL, 2 * MARGIN + grid.height * ROW
    return 2 * MARGIN + grid.width * CELL, 2 * MARGIN + grid.height * CELL


def cell_origin(x: int, y: int, height: int) -> tuple[int, int]:
    """Top-left corner, in SVG units, of the square at column ``x``, row ``y`` (counted upward)."""
    return MARGIN + x * CELL, MARGIN + (height - 1 - y) * CELL


def _svg_points(corners, grid: TriangleGrid) -> str:
    """Lattice points of a board of triangles, (half sides across, rows up), as SVG points."""
    return " ".join(
        f"{MARGIN + u * CELL:g},{MARGIN + (grid.height - j) * ROW:.2f}" for u, j in corners
    )


@cache  # the same few hundred triangles, drawn at every render
def triangle_points(x: int, y: int, grid: TriangleGrid) -> str:
    """The corners of the board's triangle at column ``x``, row ``y``, as SVG points."""
    # game.pieces' triangle (x, y) points up when x + y is even, the board's x + y + edge.
    return _svg_points(((u - grid.edge, j) for u, j in triangle_corners(x + grid.edge, y)), grid)


def cell_center(x: int, y: int, grid: Grid) -> tuple[float, float]:
    """The middle of a cell in SVG units (a triangle's: where its three heights meet)."""
    if grid.triangles:
        up = grid.direction(x, y) == 0
        return MARGIN + (x + 1) * CELL, MARGIN + (grid.height - y - (1 / 3 if up else 2 / 3)) * ROW
    px, py = cell_origin(x, y, grid.height)
    return px + CELL / 2, py + CELL / 2


def cell_svg(x: int, y: int, grid: Grid, attrs: str) -> str:
    """The cell at ``(x, y)`` as an SVG element with ``attrs``: a ``<rect>`` or, on triangles,
    a ``<polygon>``."""
    if grid.triangles:
        return f'<polygon {attrs} points="{triangle_points(x, y, grid)}"/>'
    px, py = cell_origin(x, y, grid.height)
    return f'<rect {attrs} x="{px}" y="{py}" width="{CELL}" height="{CELL}"/>'


def _frame(grid: Grid) -> str:
    """The board's outline, filled in the lines' colour: a square, or Trigon's hexagon."""
    if not grid.triangles:
        return (
            f'<rect class="frame" x="{MARGIN}" y="{MARGIN}" width="{grid.width * CELL}" '
            f'height="{grid.height * CELL}"/>'
        )
    edge = grid.edge
    corners = [(edge, 0), (3 * edge, 0), (4 * edge, edge), (3 * edge, 2 * edge)]
    corners += [(edge, 2 * edge), (0, edge)]
    return f'<polygon class="frame" points="{_svg_points(corners, grid)}"/>'


def _coordinates(grid: Grid) -> str:
    """Column letters above and below the board, row numbers left and right."""
    view_width, view_height = board_extent(grid)
    near = MARGIN / 2
    parts = []
    for x in range(grid.width):
        cx = MARGIN + (x + 1 if grid.triangles else x + 0.5) * CELL
        for cy in (near, view_height - near):
            parts.append(f'<text x="{cx:g}" y="{cy:g}">{FILE_NAMES[x]}</text>')
    row_height = ROW if grid.triangles else CELL
    for y in range(grid.height):
        cy = MARGIN + (grid.height - y - 0.5) * row_height
        for cx in (near, view_width - near):
            parts.append(f'<text x="{cx:g}" y="{cy:.2f}">{y + 1}</text>')
    return f'<g class="coords" aria-hidden="true">{"".join(parts)}</g>'


@cache
def _reading_order(grid: Grid) -> list[tuple[int, int]]:
    """The board's cells top row first, each row from the left."""
    return sorted(grid.cells(), key=lambda cell: (-cell[1], cell[0]))


def squares_svg(grid: Grid, colors: Mapping[Square, str], last_move: Iterable[Square] = ()) -> str:
    """The board's cells named by ``data-square``, top row first, each covered one carrying
    ``data-color``; cells of ``last_move`` get the ``last`` class."""
    last = set(last_move)
    parts = []
    for x, y in _reading_order(grid):
        sq = square(x, y)
        attrs = f'data-square="{square_name(sq)}"'
        color = colors.get(sq)
        if color:
            attrs += f' data-color="{color}"'
        if sq in last:
            attrs += ' class="last"'
        parts.append(cell_svg(x, y, grid, attrs))
    return "".join(parts)


def dots_svg(grid: Grid, dots: Iterable[tuple[Square, str]], css_class: str) -> str:
    """A dot on each square, marked with a colour name (start corners, attach corners)."""
    parts = []
    for sq, color in dots:
        cx, cy = cell_center(*square_xy(sq), grid)
        parts.append(
            f'<circle class="{css_class}" data-for="{color}" cx="{cx:g}" '
            f'cy="{cy:.2f}" r="{CELL * 0.22:g}"/>'
        )
    return "".join(parts)


def start_dots(board: Board) -> list[tuple[Square, str]]:
    """Free start squares with the colour that starts there (``any`` where any colour may:
    colourless corners, Trigon's starting points)."""
    variant = board.variant
    if board.colorless_corners:
        last = variant.size - 1
        starts = [(square(x, y), "any") for y in (last, 0) for x in (0, last)]
    elif variant.shared_starts:
        starts = [(sq, "any") for sq in variant.shared_starts]
    else:
        starts = list(zip(variant.start_squares, variant.color_names, strict=True))
    return [(sq, color) for sq, color in starts if board.color_at(sq) is None]


#: Every colour a board may show, in the order of the cue patterns.
COLOR_NAMES = ("blue", "yellow", "red", "green", "purple", "orange")


@cache
def cue_patterns() -> str:
    """The colour cues (an option of the page): per colour a pattern ``#cue-<colour>`` that
    fills one square (of the board or a tray piece: the tile is the square's own box) with the
    colour and its initial."""
    return (
        '<defs aria-hidden="true">'
        + "".join(
            f'<pattern id="cue-{name}" patternUnits="objectBoundingBox" width="1" height="1" '
            'viewBox="0 0 10 10"><rect class="cue-base" width="10" height="10"/>'
            f'<text class="cue-mark" x="5" y="7.3">{name[0].upper()}</text></pattern>'
            for name in COLOR_NAMES
        )
        + "</defs>"
    )


def board_svg(
    grid: Grid,
    colors: Mapping[Square, str],
    *,
    marks: str = "",
    last_move: Iterable[Square] = (),
) -> str:
    """The whole board: coordinates, cells, ``marks`` (SVG) and an empty ghost layer."""
    view_width, view_height = board_extent(grid)
    return (
        f'<svg id="board" class="board" viewBox="0 0 {view_width:g} {view_height:.2f}" '
        f'data-width="{grid.width}" data-height="{grid.height}" tabindex="0" role="application" '
        'aria-label="Board. Arrow keys move the piece, R rotates, F flips, Enter places it." '
        'aria-describedby="ghost-status">'
        f"{cue_patterns()}"
        f"{_frame(grid)}"
        f"{_coordinates(grid)}"
        f'<g id="squares">{squares_svg(grid, colors, last_move)}</g>'
        f'<g id="marks">{marks}</g>'
        '<g id="ghost"></g>'
        "</svg>"
    )


def board_colors(board: Board) -> dict[Square, str]:
    """Colour name of every covered square of ``board``."""
    names = board.color_names
    return {sq: names[c] for c in board.colors for sq in board.squares_of(c)}


def game_board_svg(
    board: Board, *, attach_color: int | None = None, best_move: Move | None = None
) -> str:
    """The board of a game: its pieces, the last move, the free start squares, (if
    ``attach_color`` is given) the corners where that colour may play next, and (if given) the
    outline of ``best_move``, the computer's move from an analysis."""
    grid = board.geometry.grid
    marks = dots_svg(grid, start_dots(board), "start")
    if attach_color is not None and board.pieces_played(attach_color):
        name = board.color_names[attach_color]
        marks += dots_svg(grid, ((sq, name) for sq in board.attach_squares(attach_color)), "attach")
    if best_move is not None:
        marks += "".join(
            cell_svg(*square_xy(sq), grid, 'class="best-move"') for sq in best_move.squares
        )
    last = board.peek().squares if board.ply() else ()
    return board_svg(grid, board_colors(board), marks=marks, last_move=last)


def initial_board_svg() -> str:
    """The empty Classic board painted before Python has loaded."""
    return game_board_svg(Board("classic"))


def board_outline_svg(grid: Grid) -> str:
    """A board's outline and coordinates alone, as large as its drawing: painted before Python
    has loaded a saved game on that board (without cells or ids: it stands in for the board)."""
    view_width, view_height = board_extent(grid)
    return (
        f'<svg class="board" viewBox="0 0 {view_width:g} {view_height:.2f}" aria-hidden="true">'
        f"{_frame(grid)}{_coordinates(grid)}</svg>"
    )


def ghost_svg(cells: Iterable[Cell], grid: Grid, *, color: str, legal: bool) -> str:
    """The ghost's cells over the board, marked legal or illegal."""
    attrs = f'class="ghost {"legal" if legal else "illegal"}" data-for="{color}"'
    return "".join(cell_svg(x, y, grid, attrs) for x, y in cells)


@cache  # every tray render draws all pieces of each colour
def piece_svg(piece: Piece, orientation: int | None = None) -> str:
    """A small SVG of ``piece`` (as drawn in the rule book unless ``orientation`` is given)."""
    cells = piece.orientations[default_orientation(piece) if orientation is None else orientation]
    if piece.triangles:
        # A side of 1: corner (u, j) of game.pieces' lattice is at (u / 2, j * ROW / CELL / 2).
        rise = ROW / CELL / 2
        corners = [triangle_corners(x, y) for x, y in cells]
        width = max(u for c in corners for u, _ in c) / 2
        height = max(j for c in corners for _, j in c) * rise
        shapes = "".join(
            '<polygon points="'
            + " ".join(f"{u / 2 + TRAY_PAD:g},{height - j * rise + TRAY_PAD:.3f}" for u, j in c)
            + '"/>'
            for c in corners
        )
    else:
        width = max(x for x, _ in cells) + 1
        height = max(y for _, y in cells) + 1
        shapes = "".join(
            f'<rect x="{x + TRAY_PAD:g}" y="{height - 1 - y + TRAY_PAD:g}" width="1" height="1"/>'
            for x, y in cells
        )
    return (
        f'<svg viewBox="0 0 {width + 2 * TRAY_PAD:g} {height + 2 * TRAY_PAD:.3f}" '
        f'aria-hidden="true">{shapes}</svg>'
    )


def piece_label(color: str, piece: Piece) -> str:
    """What a screen reader says for a tray piece, e.g. ``'Blue F pentomino'``."""
    return f"{color.capitalize()} {piece.name} {piece_kind(piece)}"


def tray_html(board: Board, color: int, *, selected: Piece | None, active: bool) -> str:
    """One colour's pieces as buttons, one per piece name (with the copies left where a set
    has copies, as Junior's); played ones stay in place, marked ``aria-disabled``."""
    name = board.color_names[color]
    copies: dict[str, list[Piece]] = {}
    for piece in board.geometry.pieces:
        copies.setdefault(piece.name, []).append(piece)
    buttons = []
    for piece_name, pieces in copies.items():
        piece = pieces[0]
        left = sum(not board.is_piece_used(color, p) for p in pieces)
        state = "" if left else ' aria-disabled="true"'
        if not active:  # not this colour's turn: read, not played, so no tab stop
            state += ' tabindex="-1"'
        pressed = (
            "true" if active and selected is not None and selected.name == piece_name else "false"
        )
        label = piece_label(name, piece)
        count = ""
        if len(pieces) > 1:
            label += f", {left} left"
            count = f'<span class="count" aria-hidden="true">{left}</span>'
        buttons.append(
            f'<button type="button" class="piece" data-piece="{piece_name}" '
            f'data-color="{name}" aria-label="{label}" '
            f'aria-pressed="{pressed}"{state}>{piece_svg(piece)}{count}</button>'
        )
    left = len(board.pieces_left(color))
    turn = " turn" if active else ""
    title = color_title(board, color)
    return (
        f'<section class="tray{turn}" data-color="{name}" aria-label="{title} pieces">'
        f'<h2><span class="swatch" data-color="{name}"></span>{title}'
        f'<span class="left">{left} left</span></h2>'
        f'<div class="pieces">{"".join(buttons)}</div></section>'
    )

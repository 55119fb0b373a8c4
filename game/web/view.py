"""The page's SVG as pure functions of the game state (no DOM here: tested in CPython).

Board coordinates: the SVG's user units are board cells of :data:`CELL` units plus a margin
of :data:`MARGIN` for the coordinates, row 1 at the bottom as on Pentobi's board.

>>> svg = initial_board_svg()
>>> svg.count('data-square='), 'data-square="a20"' in svg
(400, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape

from game import PIECES, Board, Piece, Square, Variant, square, square_name
from game.pieces import FILE_NAMES

CELL = 10
MARGIN = 8
#: Inset of a tray piece's cells, in tray-piece cells.
TRAY_PAD = 0.5


def board_extent(size: int) -> int:
    """Width and height of the board's viewBox for a ``size`` x ``size`` board."""
    return 2 * MARGIN + size * CELL


def cell_origin(x: int, y: int, size: int) -> tuple[int, int]:
    """Top-left corner, in SVG units, of the cell at column ``x``, row ``y`` (counted upward)."""
    return MARGIN + x * CELL, MARGIN + (size - 1 - y) * CELL


def _coordinates(size: int) -> str:
    """Column letters above and below the board, row numbers left and right."""
    far = MARGIN + size * CELL + MARGIN / 2
    near = MARGIN / 2
    parts = []
    for x in range(size):
        cx = MARGIN + x * CELL + CELL / 2
        for cy in (near, far):
            parts.append(f'<text x="{cx:g}" y="{cy:g}">{FILE_NAMES[x]}</text>')
    for y in range(size):
        cy = cell_origin(0, y, size)[1] + CELL / 2
        for cx in (near, far):
            parts.append(f'<text x="{cx:g}" y="{cy:g}">{y + 1}</text>')
    return f'<g class="coords" aria-hidden="true">{"".join(parts)}</g>'


def squares_svg(size: int, colors: Mapping[Square, str], last_move: Iterable[Square] = ()) -> str:
    """The board's cells as ``<rect>`` elements named by ``data-square``, each covered one
    carrying ``data-color``; cells of ``last_move`` get the ``last`` class."""
    last = set(last_move)
    parts = []
    for y in range(size - 1, -1, -1):
        for x in range(size):
            sq = square(x, y)
            px, py = cell_origin(x, y, size)
            attrs = f'data-square="{square_name(sq)}" x="{px}" y="{py}"'
            color = colors.get(sq)
            if color:
                attrs += f' data-color="{color}"'
            if sq in last:
                attrs += ' class="last"'
            parts.append(f'<rect {attrs} width="{CELL}" height="{CELL}"/>')
    return "".join(parts)


def start_marks_svg(variant: Variant, colorless_corners: bool, colors: Mapping[Square, str]):
    """A dot on each start square not yet covered, in the colour that starts there (grey when
    any colour may start on any corner)."""
    size = variant.size
    if colorless_corners:
        last = size - 1
        starts = [(square(x, y), "any") for x in (0, last) for y in (last, 0)]
    else:
        starts = list(zip(variant.start_squares, variant.color_names, strict=True))
    parts = []
    for sq, color in starts:
        if sq in colors:
            continue
        px, py = cell_origin(sq % 20, sq // 20, size)
        parts.append(
            f'<circle class="start" data-start="{color}" cx="{px + CELL / 2:g}" '
            f'cy="{py + CELL / 2:g}" r="{CELL * 0.28:g}"/>'
        )
    return "".join(parts)


def board_svg(
    variant: Variant,
    colors: Mapping[Square, str],
    *,
    colorless_corners: bool = False,
    last_move: Iterable[Square] = (),
) -> str:
    """The whole board: coordinates, cells, start marks and an empty ghost layer."""
    extent = board_extent(variant.size)
    return (
        f'<svg id="board" class="board" viewBox="0 0 {extent} {extent}" '
        f'data-size="{variant.size}" data-variant="{escape(variant.name)}" tabindex="0" '
        'role="application" aria-label="Board: arrow keys move the piece, Enter places it" '
        'aria-describedby="ghost-status">'
        f'<rect class="frame" x="{MARGIN}" y="{MARGIN}" width="{variant.size * CELL}" '
        f'height="{variant.size * CELL}"/>'
        f"{_coordinates(variant.size)}"
        f'<g id="squares">{squares_svg(variant.size, colors, last_move)}</g>'
        f'<g id="marks">{start_marks_svg(variant, colorless_corners, colors)}</g>'
        '<g id="ghost"></g>'
        "</svg>"
    )


def board_colors(board: Board) -> dict[Square, str]:
    """Colour name of every covered square of ``board``."""
    names = board.variant.color_names
    return {sq: names[c] for c in board.variant.colors for sq in board.squares_of(c)}


def initial_board_svg() -> str:
    """The empty Classic board painted before Python has loaded."""
    board = Board("classic")
    return board_svg(board.variant, {})


def piece_svg(piece: Piece, orientation: int = 0) -> str:
    """A small SVG of ``piece`` in one of its orientations, for the trays."""
    cells = piece.orientations[orientation]
    width = max(x for x, _ in cells) + 1
    height = max(y for _, y in cells) + 1
    rects = "".join(
        f'<rect x="{x + TRAY_PAD:g}" y="{height - 1 - y + TRAY_PAD:g}" width="1" height="1"/>'
        for x, y in cells
    )
    return (
        f'<svg viewBox="0 0 {width + 2 * TRAY_PAD:g} {height + 2 * TRAY_PAD:g}" '
        f'aria-hidden="true">{rects}</svg>'
    )


__all__ = [
    "CELL",
    "MARGIN",
    "PIECES",
    "board_colors",
    "board_extent",
    "board_svg",
    "cell_origin",
    "initial_board_svg",
    "piece_svg",
    "squares_svg",
    "start_marks_svg",
]

"""The board and the trays as SVG and HTML, pure functions shared by the game and the puzzles
(no DOM: tested in CPython).

Board coordinates: the SVG's user units are board cells of :data:`CELL` units plus a margin
of :data:`MARGIN` for the coordinates, row 1 at the bottom as on Pentobi's board.

>>> svg = initial_board_svg()
>>> svg.count('data-square='), 'data-square="a20"' in svg
(400, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from html import escape

from game import PIECES, Board, Piece, Square, square, square_name, square_xy
from game.i18n import N_, _, ngettext
from game.pieces import FILE_NAMES, Move
from game.review import color_title

from .ghost import Cell, default_orientation

CELL = 10
MARGIN = 8
#: Inset of a tray piece's cells, in tray-piece cells.
TRAY_PAD = 0.5
#: A piece as a sentence names it, by its size ("Blue played the F pentomino on ...").
PIECE_WORDS = {
    1: N_("the monomino"),
    2: N_("the domino"),
    3: N_("the {name} tromino"),
    4: N_("the {name} tetromino"),
    5: N_("the {name} pentomino"),
}
#: A tray piece's name for screen readers, by its size (e.g. "Blue F pentomino").
PIECE_LABELS = {
    1: N_("{color} monomino"),
    2: N_("{color} domino"),
    3: N_("{color} {name} tromino"),
    4: N_("{color} {name} tetromino"),
    5: N_("{color} {name} pentomino"),
}


def board_extent(width: int, height: int) -> tuple[int, int]:
    """Width and height of the board's viewBox."""
    return 2 * MARGIN + width * CELL, 2 * MARGIN + height * CELL


def cell_origin(x: int, y: int, height: int) -> tuple[int, int]:
    """Top-left corner, in SVG units, of the cell at column ``x``, row ``y`` (counted upward)."""
    return MARGIN + x * CELL, MARGIN + (height - 1 - y) * CELL


def _coordinates(width: int, height: int) -> str:
    """Column letters above and below the board, row numbers left and right."""
    near = MARGIN / 2
    parts = []
    for x in range(width):
        cx = MARGIN + x * CELL + CELL / 2
        for cy in (near, 1.5 * MARGIN + height * CELL):
            parts.append(f'<text x="{cx:g}" y="{cy:g}">{FILE_NAMES[x]}</text>')
    for y in range(height):
        cy = cell_origin(0, y, height)[1] + CELL / 2
        for cx in (near, 1.5 * MARGIN + width * CELL):
            parts.append(f'<text x="{cx:g}" y="{cy:g}">{y + 1}</text>')
    return f'<g class="coords" aria-hidden="true">{"".join(parts)}</g>'


def squares_svg(
    width: int, height: int, colors: Mapping[Square, str], last_move: Iterable[Square] = ()
) -> str:
    """The board's cells as ``<rect>`` elements named by ``data-square``, each covered one
    carrying ``data-color``; cells of ``last_move`` get the ``last`` class."""
    last = set(last_move)
    parts = []
    for y in range(height - 1, -1, -1):
        for x in range(width):
            sq = square(x, y)
            px, py = cell_origin(x, y, height)
            attrs = f'data-square="{square_name(sq)}" x="{px}" y="{py}"'
            color = colors.get(sq)
            if color:
                attrs += f' data-color="{color}"'
            if sq in last:
                attrs += ' class="last"'
            parts.append(f'<rect {attrs} width="{CELL}" height="{CELL}"/>')
    return "".join(parts)


def dots_svg(height: int, dots: Iterable[tuple[Square, str]], css_class: str) -> str:
    """A dot on each square, marked with a colour name (start corners, attach corners)."""
    parts = []
    for sq, color in dots:
        px, py = cell_origin(*square_xy(sq), height)
        parts.append(
            f'<circle class="{css_class}" data-for="{color}" cx="{px + CELL / 2:g}" '
            f'cy="{py + CELL / 2:g}" r="{CELL * 0.22:g}"/>'
        )
    return "".join(parts)


def start_dots(board: Board) -> list[tuple[Square, str]]:
    """Free start squares with the colour that starts there (``any`` with colourless corners)."""
    variant = board.variant
    if board.colorless_corners:
        last = variant.size - 1
        starts = [(square(x, y), "any") for y in (last, 0) for x in (0, last)]
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
    width: int,
    height: int,
    colors: Mapping[Square, str],
    *,
    marks: str = "",
    last_move: Iterable[Square] = (),
) -> str:
    """The whole board: coordinates, cells, ``marks`` (SVG) and an empty ghost layer."""
    view_width, view_height = board_extent(width, height)
    return (
        f'<svg id="board" class="board" viewBox="0 0 {view_width} {view_height}" '
        f'data-width="{width}" data-height="{height}" tabindex="0" role="application" '
        f'aria-label="{escape(board_label())}" '
        'aria-describedby="ghost-status">'
        f"{cue_patterns()}"
        f'<rect class="frame" x="{MARGIN}" y="{MARGIN}" width="{width * CELL}" '
        f'height="{height * CELL}"/>'
        f"{_coordinates(width, height)}"
        f'<g id="squares">{squares_svg(width, height, colors, last_move)}</g>'
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
    size = board.variant.size
    marks = dots_svg(size, start_dots(board), "start")
    if attach_color is not None and board.pieces_played(attach_color):
        name = board.color_names[attach_color]
        marks += dots_svg(size, ((sq, name) for sq in board.attach_squares(attach_color)), "attach")
    if best_move is not None:
        marks += "".join(
            f'<rect class="best-move" x="{px}" y="{py}" width="{CELL}" height="{CELL}"/>'
            for px, py in (cell_origin(*square_xy(sq), size) for sq in best_move.squares)
        )
    last = board.peek().squares if board.ply() else ()
    return board_svg(size, size, board_colors(board), marks=marks, last_move=last)


def board_label() -> str:
    """The board's name for screen readers, with how to play on it by keys."""
    return _("Board. Arrow keys move the piece, R rotates, F flips, Enter places it.")


def initial_board_svg() -> str:
    """The empty Classic board painted before Python has loaded."""
    return game_board_svg(Board("classic"))


def ghost_svg(cells: Iterable[Cell], height: int, *, color: str, legal: bool) -> str:
    """The ghost's cells over the board, marked legal or illegal."""
    state = "legal" if legal else "illegal"
    return "".join(
        f'<rect class="ghost {state}" data-for="{color}" x="{px}" y="{py}" '
        f'width="{CELL}" height="{CELL}"/>'
        for px, py in (cell_origin(x, y, height) for x, y in cells)
    )


@cache  # every tray render draws all 21 pieces of each colour
def piece_svg(piece: Piece, orientation: int | None = None) -> str:
    """A small SVG of ``piece`` (as drawn in the rule book unless ``orientation`` is given)."""
    cells = piece.orientations[default_orientation(piece) if orientation is None else orientation]
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


def piece_words(piece: Piece) -> str:
    """A piece as a sentence names it, e.g. ``'the F pentomino'``."""
    return _(PIECE_WORDS[piece.size]).format(name=piece.name)


def piece_label(title: str, piece: Piece) -> str:
    """What a screen reader says for a tray piece of the colour named ``title``, e.g.
    ``'Blue F pentomino'``."""
    return _(PIECE_LABELS[piece.size]).format(color=title, name=piece.name)


def tray_html(board: Board, color: int, *, selected: Piece | None, active: bool) -> str:
    """One colour's pieces as buttons; played ones stay in place, marked ``aria-disabled``."""
    name = board.color_names[color]
    title = color_title(board, color)
    buttons = []
    for piece in PIECES:
        used = board.is_piece_used(color, piece)
        state = ' aria-disabled="true"' if used else ""
        if not active:  # not this colour's turn: read, not played, so no tab stop
            state += ' tabindex="-1"'
        pressed = "true" if active and piece is selected else "false"
        buttons.append(
            f'<button type="button" class="piece" data-piece="{piece.name}" '
            f'data-color="{name}" aria-label="{escape(piece_label(title, piece))}" '
            f'aria-pressed="{pressed}"{state}>{piece_svg(piece)}</button>'
        )
    left = len(board.pieces_left(color))
    turn = " turn" if active else ""
    label = _("{color} pieces").format(color=title)
    left_text = ngettext("{count} left", "{count} left", left).format(count=left)
    return (
        f'<section class="tray{turn}" data-color="{name}" aria-label="{escape(label)}">'
        f'<h2><span class="swatch" data-color="{name}"></span>{escape(title)}'
        f'<span class="left">{escape(left_text)}</span></h2>'
        f'<div class="pieces">{"".join(buttons)}</div></section>'
    )

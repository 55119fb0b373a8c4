"""The page's move list, game-over story and analysis panel (its graph too) as pure functions
(no DOM).

>>> from game import Board, Move
>>> board = Board("duo")
>>> board.push(Move.parse("e10"))
>>> html = move_list_html(board.variant, board.move_stack, ply=1)
>>> 'data-move="1"' in html and 'aria-current="step"' in html
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from game.pieces import Move
from game.review import AnalysisResult, Story, color_title, move_rows
from game.variants import Color, Variant


def move_list_html(
    variant: Variant,
    moves: Sequence[tuple[Color, Move]],
    *,
    ply: int,
    analysis: AnalysisResult | None = None,
    drops: Sequence[int] = (),
) -> str:
    """The move list: a Start row and one row per move (number, colour, piece, squares), each
    a button with ``data-move`` (the moves played at that row); the row at ``ply`` is current,
    later rows are ``future``; with an analysis, the computer's move is in each row's title and
    the ``drops`` are marked."""
    rows = [_row(0, ply, "Start", "", "", "Start of the game", "")]
    for row in move_rows(variant, moves):
        title = f"Move {row.number}: {row.color_name} {row.piece} at {row.squares}"
        mark = ""
        if analysis is not None and row.number <= len(analysis.losses):
            best = analysis.best[row.number - 1]
            loss = analysis.losses[row.number - 1]
            title += f". The computer would play {variant.piece_of(best).name} at {best}"
            if row.number in drops:
                title += f" (this move lost {loss:g})"
                mark = '<span class="drop-mark" aria-hidden="true">?</span>'
        color = variant.color_names[row.color]
        rows.append(_row(row.number, ply, row.piece, color, row.squares, title, mark))
    return "".join(rows)


def _row(number: int, ply: int, piece: str, color: str, squares: str, title: str, mark: str):
    classes = "current" if number == ply else "future" if number > ply else ""
    current = ' aria-current="step"' if number == ply else ""
    swatch = f'<span class="swatch" data-color="{color}"></span>' if color else ""
    return (
        f'<li class="{classes}"><button type="button" data-move="{number}"{current} '
        f'title="{escape(title)}"><span class="num">{number or ""}</span>{swatch}'
        f'<span class="piece-name">{escape(piece)}</span>'
        f'<span class="squares">{escape(squares)}</span>{mark}</button></li>'
    )


def story_html(story: Story, variant: Variant) -> str:
    """The game-over dialog's headline and ranking (a passed colour is marked)."""
    rows = []
    for standing in story.ranking:
        swatches = "".join(
            f'<span class="swatch" data-color="{variant.color_names[c]}"></span>'
            for c in standing.colors
        )
        passed = [color_title(variant, c) for c in standing.colors if c in story.passed]
        note = f'<span class="badge">{" and ".join(passed)} passed</span>' if passed else ""
        rows.append(
            f'<li class="{"winner" if standing.winner else ""}" value="{standing.place}">'
            f"{swatches}<span>{escape(standing.name)}</span>"
            f'<span class="score">{standing.score}</span>{note}</li>'
        )
    return (
        f'<p class="winner" id="game-over-headline">{escape(story.headline)}</p>'
        f'<ol class="ranking">{"".join(rows)}</ol>'
    )


def analysis_html(
    result: AnalysisResult, variant: Variant, *, ply: int, drops: Sequence[int]
) -> str:
    """The analysis panel: the graph, a legend and the moves that lost most."""
    legend = "".join(
        f'<li><span class="swatch" data-color="{variant.color_names[colors[0]]}"></span>'
        f"{' & '.join(color_title(variant, c) for c in colors)}</li>"
        for colors in variant.player_colors
    )
    worst = "".join(
        f'<li><button type="button" data-move="{n}">Move {n}: {_mover(result, variant, n)} '
        f"lost {result.losses[n - 1]:g}</button></li>"
        for n in drops
    )
    summary = (
        f'<ol class="drops">{worst}</ol>' if worst else '<p class="note">No move lost much.</p>'
    )
    return (
        f"{analysis_svg(result, variant, current=ply, drops=drops)}"
        f'<ul class="legend">{legend}</ul>{summary}'
    )


def _mover(result: AnalysisResult, variant: Variant, number: int) -> str:
    color, move = result.moves[number - 1]
    return f"{color_title(variant, color)} {variant.piece_of(move).name}"


GRAPH_WIDTH = 300
GRAPH_HEIGHT = 100
GRAPH_PAD = 6


def analysis_svg(
    result: AnalysisResult,
    variant: Variant,
    *,
    current: int | None = None,
    drops: Sequence[int] = (),
) -> str:
    """The value of each player move by move as lines, the moves in ``drops`` marked on the
    line of the player who made them, and position ``current`` (moves played) as a bar. Every
    position has a transparent ``rect`` with ``data-move`` (moves played) to click on.
    """
    n = len(result.values) - 1
    top = max(10.0, *(abs(x) for v in result.values for x in v))
    inner_w, inner_h = GRAPH_WIDTH - 2 * GRAPH_PAD, GRAPH_HEIGHT - 2 * GRAPH_PAD
    step = inner_w / max(n, 1)

    def x(i: int) -> float:
        return GRAPH_PAD + i * step

    def y(value: float) -> float:
        return GRAPH_PAD + inner_h / 2 - value / top * inner_h / 2

    parts = [
        f'<line class="axis" x1="{GRAPH_PAD}" x2="{GRAPH_WIDTH - GRAPH_PAD}" '
        f'y1="{y(0):.1f}" y2="{y(0):.1f}"/>'
    ]
    if current is not None:
        parts.append(
            f'<line class="current" x1="{x(current):.1f}" x2="{x(current):.1f}" '
            f'y1="{GRAPH_PAD}" y2="{GRAPH_HEIGHT - GRAPH_PAD}"/>'
        )
    for p, colors in enumerate(variant.player_colors):
        points = " ".join(f"{x(i):.1f},{y(v[p]):.1f}" for i, v in enumerate(result.values))
        color = variant.color_names[colors[0]]
        parts.append(f'<polyline class="value" data-color="{color}" points="{points}"/>')
    for number in drops:
        color, move = result.moves[number - 1]
        player = variant.player_of_color(color, _moves_before(result.moves, number - 1, color))
        value = result.values[number][player]
        title = (
            f"Move {number}: {color_title(variant, color)} {variant.piece_of(move).name} "
            f"lost {result.losses[number - 1]:g}; the computer would play "
            f"{result.best[number - 1]}"
        )
        parts.append(
            f'<circle class="drop" data-move="{number}" '
            f'data-color="{variant.color_names[color]}" cx="{x(number):.1f}" '
            f'cy="{y(value):.1f}" r="2.5"><title>{escape(title)}</title></circle>'
        )
    for i in range(n + 1):
        parts.append(
            f'<rect class="hit" data-move="{i}" x="{x(i) - step / 2:.1f}" y="0" '
            f'width="{step:.1f}" height="{GRAPH_HEIGHT}"/>'
        )
    return (
        f'<svg class="analysis-graph" viewBox="0 0 {GRAPH_WIDTH} {GRAPH_HEIGHT}" role="img" '
        f'aria-label="Value of each player move by move">{"".join(parts)}</svg>'
    )


def _moves_before(moves: Sequence[tuple[Color, Move]], end: int, color: Color) -> int:
    return sum(1 for c, _ in moves[:end] if c == color)

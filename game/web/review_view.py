"""The page's move list, game-over story and analysis panel as pure functions (no DOM).

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
from game.review import AnalysisResult, Story, analysis_svg, move_rows
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
            title += f". The computer would play {best.piece.name} at {best}"
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
        passed = [variant.color_names[c].capitalize() for c in standing.colors if c in story.passed]
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
        f"{' & '.join(variant.color_names[c].capitalize() for c in colors)}</li>"
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
    return f"{variant.color_names[color].capitalize()} {move.piece.name}"

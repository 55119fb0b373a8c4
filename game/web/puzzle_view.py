"""The puzzle mode's views: its board, trays, progress, status and the puzzles dialog, as pure
functions of a :class:`PuzzleSession` (no DOM). Shared drawing is :mod:`game.web.drawing`.

>>> session = PuzzleSession(find_puzzle("tetromino_rectangle"))
>>> progress_text(session)
'0 of 20 pieces · 0 of 80 squares'
"""

from __future__ import annotations

from html import escape

from game import Move  # noqa: F401  (doctest)
from game.i18n import N_, _, ngettext
from game.puzzles import (  # noqa: F401
    PUZZLES,
    Puzzle,
    PuzzleBoard,
    find_puzzle,
    puzzle_board,
    stored_solution,
)
from game.review import color_title

from . import drawing
from .puzzle_session import PuzzleSession, format_seconds

#: Longest a hint searches before it gives up (seconds).
HINT_SECONDS = 4.0

#: What to do in each puzzle, in English (:func:`description` in the player's language).
DESCRIPTIONS = {
    "all84": N_("Place all 84 pieces on the board under the rules of the game."),
    "all84_largest_first": N_(
        "All 84 pieces again, but every larger piece before any smaller one."
    ),
    "tetromino_rectangle": N_("Fill the 8 x 10 rectangle with the 20 four-square pieces."),
    "pentomino_rectangle": N_("Fill the 15 x 16 rectangle with the 48 five-square pieces."),
}


def description(puzzle: Puzzle) -> str:
    """What to do in ``puzzle``, in the player's language."""
    return _(DESCRIPTIONS[puzzle.name])


def title(puzzle: Puzzle) -> str:
    """The puzzle's number and title, in the player's language: ``'3. Tetromino rectangle'``."""
    return f"{puzzle.number}. {_(puzzle.title)}"


def puzzle_list_html(best: dict[str, float]) -> str:
    """The puzzles dialog's list, to scan: per puzzle a button with its title, board size and
    state (solved, with the best time kept in this browser, or not), what to do under it; and
    the free colour order option of puzzle 1.

    >>> html = puzzle_list_html({"all84": 95.0})
    >>> html.count('data-solved="true"'), html.count('data-solved="false"'), "best 1:35" in html
    (1, 3, True)
    """
    items = []
    board_word = escape(_("board"))
    for puzzle in PUZZLES.values():
        record = best.get(puzzle.name)
        if record:
            solved = escape(_("Solved, "))
            best_time = escape(_("best {time}").format(time=format_seconds(record)))
            state = (
                '<span class="mark" aria-hidden="true">\u2713</span> '
                f'<span class="sr-only">{solved}</span>{best_time}'
            )
        else:
            state = escape(_("Not solved"))
        items.append(
            f'<li><button type="submit" value="{puzzle.name}" data-puzzle="{puzzle.name}" '
            f'data-solved="{"true" if record else "false"}" class="puzzle-choice">'
            f'<strong class="puzzle-title">{escape(title(puzzle))}</strong>'
            f'<span class="size">{puzzle.width}\u00d7{puzzle.height}'
            f'<span class="sr-only"> {board_word}</span></span>'
            f'<span class="state">{state}</span>'
            f'<span class="about">{escape(description(puzzle))}</span></button></li>'
        )
    heads = (_("Puzzle"), _("Board"), _("Best time"))
    head = (
        '<div class="puzzle-head" aria-hidden="true">'
        + "".join(f"<span>{escape(words)}</span>" for words in heads)
        + "</div>"
    )
    free_order = escape(_("Puzzle 1: colours may move in any order"))
    option = (
        f'<label class="toggle"><input type="checkbox" id="puzzle-free-order"> {free_order}</label>'
    )
    return f'{head}<ul class="puzzle-choices">{"".join(items)}</ul>{option}'


def puzzle_board_svg(board: PuzzleBoard, *, attach_color: int | None = None) -> str:
    """The puzzle's board: the game's board for puzzles 1 and 2, the rectangle otherwise."""
    if board.puzzle.game_rules:
        return drawing.game_board_svg(board, attach_color=attach_color)
    puzzle = board.puzzle
    names = board.color_names
    colors = {
        sq: names[c]
        for c in puzzle.colors
        for sq in board.geometry.squares_of(board.occupied_mask(c))
    }
    last = board.peek().squares if board.ply() else ()
    return drawing.board_svg(board.geometry.grid, colors, last_move=last)


def puzzle_trays_html(board: PuzzleBoard, *, selected, color: int | None) -> str:
    """Every colour's tray; the colours that may move are marked, ``color``'s piece pressed."""
    movable = board.movable_colors()
    return "".join(
        drawing.tray_html(board, c, selected=selected if c == color else None, active=c in movable)
        for c in board.colors
    )


def progress_text(session: PuzzleSession) -> str:
    pieces, pieces_total, squares, squares_total = session.board.progress()
    return _("{pieces} of {pieces_total} pieces · {squares} of {squares_total} squares").format(
        pieces=pieces, pieces_total=pieces_total, squares=squares, squares_total=squares_total
    )


def progress_html(session: PuzzleSession, best: dict[str, float]) -> str:
    """The side panel in puzzle mode: title, progress, time and best time."""
    puzzle = session.puzzle
    record = best.get(puzzle.name)
    best_time = _("Best time: {time}").format(time=format_seconds(record) if record else "—")
    return (
        f'<div class="puzzle-progress"><h2>{escape(title(puzzle))}</h2>'
        f'<p id="puzzle-progress">{escape(progress_text(session))}</p>'
        f"<p>{escape(best_time)}</p></div>"
    )


def puzzle_status_text(session: PuzzleSession) -> str:
    board = session.board
    if board.is_solved():
        if session.solution_shown:
            return _("Solved: this is one of the solutions.")
        return _("Solved in {time}!").format(time=format_seconds(session.elapsed()))
    if board.is_stuck():
        return _("No piece fits any more: undo a few pieces.")
    text = description(session.puzzle)
    if board.turn_order:
        text += " " + _("{color} to move.").format(color=color_title(board, board.turn))
    return text


def no_completion_notice(board: PuzzleBoard) -> str:
    """What a hint says when its search found nothing: under the game's rules, how many moves
    to undo to be back on the stored solution's way.

    >>> board = puzzle_board("all84")
    >>> board.push(Move.parse("a20"))
    >>> no_completion_notice(board)
    'No way to finish was found in 4 seconds: undo 1 move to be back on a known solution.'
    """
    if not board.puzzle.game_rules:
        return _(
            "No way to finish was found in {seconds} seconds: try undoing a few pieces."
        ).format(seconds=f"{HINT_SECONDS:g}")
    played = board.move_stack
    on_the_way = 0
    for step, solution_step in zip(played, stored_solution(board.puzzle), strict=False):
        if step != solution_step:
            break
        on_the_way += 1
    extra = len(played) - on_the_way
    return ngettext(
        "No way to finish was found in {seconds} seconds: undo {count} move to be back on a "
        "known solution.",
        "No way to finish was found in {seconds} seconds: undo {count} moves to be back on a "
        "known solution.",
        extra,
    ).format(seconds=f"{HINT_SECONDS:g}", count=extra)


def solved_notice(new_best: bool, best: float | None) -> str:
    """The notice of a solve, beside the status line that gives its time.

    >>> solved_notice(False, 75.0), solved_notice(True, 60.0)
    ('Well done. Your best time is 1:15.', 'A new best time.')
    """
    if new_best:
        return _("A new best time.")
    if best:
        return _("Well done. Your best time is {time}.").format(time=format_seconds(best))
    return _("Well done.")

"""The puzzle mode's views: its board, trays, progress, status and the puzzles dialog, as pure
functions of a :class:`PuzzleSession` (no DOM). Shared drawing is :mod:`game.web.drawing`.

>>> session = PuzzleSession(find_puzzle("tetromino_rectangle"))
>>> progress_text(session)
'0 of 20 pieces · 0 of 80 squares'
"""

from __future__ import annotations

from html import escape

from game import Move  # noqa: F401  (doctest)
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

DESCRIPTIONS = {
    "all84": "Place all 84 pieces on the board under the rules of the game.",
    "all84_largest_first": "All 84 pieces again, but every larger piece before any smaller one.",
    "tetromino_rectangle": "Fill the 8 x 10 rectangle with the 20 four-square pieces.",
    "pentomino_rectangle": "Fill the 15 x 16 rectangle with the 48 five-square pieces.",
}


def puzzle_list_html(best: dict[str, float]) -> str:
    """The puzzles dialog's list, to scan: per puzzle a button with its title, board size and
    state (solved, with the best time kept in this browser, or not), what to do under it; and
    the free colour order option of puzzle 1.

    >>> html = puzzle_list_html({"all84": 95.0})
    >>> html.count('data-solved="true"'), html.count('data-solved="false"'), "best 1:35" in html
    (1, 3, True)
    """
    items = []
    for puzzle in PUZZLES.values():
        record = best.get(puzzle.name)
        if record:
            state = (
                '<span class="mark" aria-hidden="true">\u2713</span> '
                f'<span class="sr-only">Solved, </span>best {format_seconds(record)}'
            )
        else:
            state = "Not solved"
        items.append(
            f'<li><button type="submit" value="{puzzle.name}" data-puzzle="{puzzle.name}" '
            f'data-solved="{"true" if record else "false"}" class="puzzle-choice">'
            f'<strong class="puzzle-title">{puzzle.number}. {escape(puzzle.title)}</strong>'
            f'<span class="size">{puzzle.width}\u00d7{puzzle.height}'
            '<span class="sr-only"> board</span></span>'
            f'<span class="state">{state}</span>'
            f'<span class="about">{escape(DESCRIPTIONS[puzzle.name])}</span></button></li>'
        )
    head = (
        '<div class="puzzle-head" aria-hidden="true"><span>Puzzle</span><span>Board</span>'
        "<span>Best time</span></div>"
    )
    option = (
        '<label class="toggle"><input type="checkbox" id="puzzle-free-order"> '
        "Puzzle 1: colours may move in any order</label>"
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
    return f"{pieces} of {pieces_total} pieces · {squares} of {squares_total} squares"


def progress_html(session: PuzzleSession, best: dict[str, float]) -> str:
    """The side panel in puzzle mode: title, progress, time and best time."""
    puzzle = session.puzzle
    record = best.get(puzzle.name)
    return (
        f'<div class="puzzle-progress"><h2>{puzzle.number}. {escape(puzzle.title)}</h2>'
        f'<p id="puzzle-progress">{progress_text(session)}</p>'
        f"<p>Best time: {format_seconds(record) if record else '—'}</p></div>"
    )


def puzzle_status_text(session: PuzzleSession) -> str:
    board = session.board
    if board.is_solved():
        if session.solution_shown:
            return "Solved: this is one of the solutions."
        return f"Solved in {format_seconds(session.elapsed())}!"
    if board.is_stuck():
        return "No piece fits any more: undo a few pieces."
    text = DESCRIPTIONS[session.puzzle.name]
    if board.turn_order:
        text += f" {color_title(board, board.turn)} to move."
    return text


def no_completion_notice(board: PuzzleBoard) -> str:
    """What a hint says when its search found nothing: under the game's rules, how many moves
    to undo to be back on the stored solution's way.

    >>> board = puzzle_board("all84")
    >>> board.push(Move.parse("a20"))
    >>> no_completion_notice(board)
    'No way to finish was found in 4 seconds: undo 1 move to be back on a known solution.'
    """
    text = f"No way to finish was found in {HINT_SECONDS:g} seconds: "
    if not board.puzzle.game_rules:
        return text + "try undoing a few pieces."
    played = board.move_stack
    on_the_way = 0
    for step, solution_step in zip(played, stored_solution(board.puzzle), strict=False):
        if step != solution_step:
            break
        on_the_way += 1
    extra = len(played) - on_the_way
    return text + f"undo {extra} move{'s' * (extra != 1)} to be back on a known solution."


def solved_notice(new_best: bool, best: float | None) -> str:
    """The notice of a solve, beside the status line that gives its time.

    >>> solved_notice(False, 75.0), solved_notice(True, 60.0)
    ('Well done. Your best time is 1:15.', 'A new best time.')
    """
    if new_best:
        return "A new best time."
    return f"Well done. Your best time is {format_seconds(best)}." if best else "Well done."

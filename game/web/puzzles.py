"""The rule book's puzzles in the page: a puzzle session, its views, and the glue.

The pure part (:class:`PuzzleSession` and its saved form, best times, the HTML and SVG) runs
in CPython and is tested there; :class:`PuzzleApp` is the page's :class:`~game.web.app.App` in
puzzle mode (same controls, its own rules for colours, hints from :mod:`game.solver`, a stored
solution to watch, saved to ``localStorage`` after every change) and :func:`install` wires it
into the page and resumes a saved puzzle. Only :func:`install`, :func:`forget_saved_puzzle` and
:class:`PuzzleApp` touch the DOM, and they import the browser modules only when called.

>>> session = PuzzleSession(find_puzzle("tetromino_rectangle"), clock=iter(range(100)).__next__)
>>> session.play(Move.parse("a1,b1,a2,b2"))
>>> session.undo(), session.redo(), session.board.progress().pieces
(True, True, 1)
>>> progress_text(session)
'1 of 20 pieces · 4 of 80 squares'
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from contextlib import suppress
from functools import cache
from html import escape

from game import Move, find_piece
from game.boundary import InputError, load_json
from game.puzzles import (
    PUZZLES,
    Puzzle,
    PuzzleBoard,
    RulesPuzzleBoard,
    find_puzzle,
    puzzle_board,
    stored_continuation,
    stored_solution,
)

from . import view
from .session import read_saved

BEST_TIMES_KEY = "pyblokus.puzzles"
#: The puzzle being played, saved after every change; absent while a game is played.
PUZZLE_SAVE_KEY = "pyblokus.puzzle"
PUZZLE_SAVE_FORMAT = "pyblokus-puzzle"
PUZZLE_SAVE_VERSION = 1
#: Longest a hint searches before it gives up (seconds), and the search slice between repaints.
HINT_SECONDS = 4.0
HINT_SLICE = 0.03
#: Seconds between the moves of a solution being shown.
SOLUTION_STEP = 0.08
#: Bounds of a saved puzzle: every piece of four colours, and ten years on the clock.
MAX_PUZZLE_MOVES = 84
MAX_SECONDS = 10 * 365 * 24 * 3600

DESCRIPTIONS = {
    "all84": "Place all 84 pieces on the board under the rules of the game.",
    "all84_largest_first": "All 84 pieces again, but every larger piece before any smaller one.",
    "tetromino_rectangle": "Fill the 8 x 10 rectangle with the 20 four-square pieces.",
    "pentomino_rectangle": "Fill the 15 x 16 rectangle with the 48 five-square pieces.",
}


class PuzzleSession:
    """A puzzle as the page plays it: the board, redo, the clock, and the best time earned.

    ``clock`` gives seconds (``time.monotonic`` in the page). A solve counts for the best time
    unless a stored solution was shown since the last restart.
    """

    def __init__(
        self, puzzle: Puzzle, *, free_order: bool = False, clock: Callable = time.monotonic
    ):
        self.puzzle = puzzle
        self.free_order = free_order and puzzle.game_rules
        self._clock = clock
        self.restart()

    def restart(self) -> None:
        options = {"free_order": True} if self.free_order else {}
        self.board: PuzzleBoard = puzzle_board(self.puzzle, **options)
        self._redo: list[tuple[int, Move]] = []
        self.started = self._clock()
        self.solution_shown = False
        #: Seconds the solve took, once solved.
        self.solved_in: float | None = None

    def play(self, move: Move, color: int | None = None) -> None:
        """Place ``move`` (IllegalMoveError, nothing changed, if it breaks the puzzle's rules)."""
        self.board.push(move, color)
        self._redo.clear()
        self._note_solved()

    def undo(self) -> bool:
        if not self.board.ply():
            return False
        color = self.board.move_stack[-1][0]
        self._redo.append((color, self.board.pop()))
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        color, move = self._redo.pop()
        self.board.push(move, color)
        self._note_solved()
        return True

    def can_undo(self) -> bool:
        return self.board.ply() > 0

    def can_redo(self) -> bool:
        return bool(self._redo)

    def elapsed(self) -> float:
        return self.solved_in if self.solved_in is not None else self._clock() - self.started

    def counts_for_best_time(self) -> bool:
        return self.solved_in is not None and not self.solution_shown

    def _note_solved(self) -> None:
        if self.solved_in is None and self.board.is_solved():
            self.solved_in = self._clock() - self.started

    # --- saving ----------------------------------------------------------------------------

    def to_json(self) -> str:
        """The saved form: the puzzle, its option, the moves played and those to redo (in
        the order undo took them back), the seconds on the clock, whether it was solved."""
        return json.dumps(
            {
                "format": PUZZLE_SAVE_FORMAT,
                "version": PUZZLE_SAVE_VERSION,
                "puzzle": self.puzzle.name,
                "free_order": self.free_order,
                "moves": [[color, str(move)] for color, move in self.board.move_stack],
                "redo": [[color, str(move)] for color, move in self._redo],
                "elapsed": self.elapsed(),
                "solved": self.solved_in is not None,
                "solution_shown": self.solution_shown,
            }
        )

    @classmethod
    def from_json(cls, text: str, *, clock: Callable = time.monotonic) -> PuzzleSession:
        """The session saved by :meth:`to_json`, its clock running on from the saved time.
        Raises :class:`InputError` with a message for anything else: not JSON, another
        format or version, an unknown puzzle, wrong types, a move its puzzle forbids, a save
        beyond the bounds of :mod:`game.boundary`.

        >>> PuzzleSession.from_json('{"format": "pyblokus-puzzle", "version": 1}')
        Traceback (most recent call last):
        ...
        game.boundary.InputError: the saved puzzle is unknown
        """
        data = read_saved(text, PUZZLE_SAVE_FORMAT, PUZZLE_SAVE_VERSION, "puzzle")
        name = data.get("puzzle")
        if not isinstance(name, str) or name not in PUZZLES:
            raise InputError("the saved puzzle is unknown")
        flags = [data.get(key) for key in ("free_order", "solved", "solution_shown")]
        elapsed = data.get("elapsed")
        if not all(isinstance(flag, bool) for flag in flags) or not _is_seconds(elapsed):
            raise InputError("the saved puzzle's options or time are malformed")
        free_order, solved, solution_shown = flags
        session = cls(PUZZLES[name], free_order=free_order, clock=clock)
        played = _saved_moves(data.get("moves"), session.puzzle)
        to_redo = _saved_moves(data.get("redo"), session.puzzle)
        if len(played) + len(to_redo) > MAX_PUZZLE_MOVES:
            raise InputError(f"the saved puzzle has more than {MAX_PUZZLE_MOVES} moves")
        try:  # the moves to redo, replayed latest-undone first and taken back again
            for color, move in played + to_redo[::-1]:
                session.board.push(move, color)
        except ValueError as error:
            raise InputError(f"the saved puzzle's moves are broken: {error}") from None
        for _ in to_redo:
            session.undo()
        if session.board.is_solved() and not solved:
            raise InputError("the saved puzzle is solved but has no time")
        session.started = clock() - elapsed
        session.solved_in = elapsed if solved else None
        session.solution_shown = solution_shown
        return session


def _is_seconds(value) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 <= value <= MAX_SECONDS
    )


def _saved_moves(entries, puzzle: Puzzle) -> list[tuple[int, Move]]:
    """The (colour, move) pairs of a saved list of ``[colour, "a1,b1"]``; InputError if it is
    anything else. Whether the moves are legal is for the board to say."""
    if (
        not isinstance(entries, list)
        or len(entries) > MAX_PUZZLE_MOVES
        or not all(
            isinstance(entry, list)
            and len(entry) == 2
            and type(entry[0]) is int
            and entry[0] in puzzle.colors
            and isinstance(entry[1], str)
            for entry in entries
        )
    ):
        raise InputError("the saved puzzle's moves are malformed")
    try:
        return [(color, Move.parse(text)) for color, text in entries]
    except ValueError as error:
        raise InputError(f"the saved puzzle's moves are broken: {error}") from None


# --- best times ------------------------------------------------------------------------------


def parse_best_times(text: str | None) -> dict[str, float]:
    """The best times stored in the browser (puzzle name -> seconds; none if ``text`` is
    None); an entry that is not a puzzle and a time is ignored. Raises :class:`InputError` if
    ``text`` is not a JSON object within the bounds of :func:`game.boundary.load_json`.

    >>> parse_best_times('{"all84": 95.5, "bogus": 3, "tetromino_rectangle": "x"}')
    {'all84': 95.5}
    >>> parse_best_times("not json")
    Traceback (most recent call last):
      ...
    game.boundary.InputError: the best-times save is not valid JSON
    """
    data = load_json(text or "{}", "best-times save")
    if not isinstance(data, dict):
        raise InputError("the best-times save is not a JSON object")
    return {
        name: float(seconds)
        for name, seconds in data.items()
        if name in PUZZLES and _is_seconds(seconds) and seconds > 0
    }


def with_time(best: dict[str, float], name: str, seconds: float) -> tuple[dict[str, float], bool]:
    """``best`` with ``seconds`` recorded for puzzle ``name`` if it beats the old best, and
    whether it did."""
    if name in best and best[name] <= seconds:
        return best, False
    return {**best, name: seconds}, True


def format_seconds(seconds: float) -> str:
    """``m:ss`` (``h:mm:ss`` past an hour).

    >>> format_seconds(75.4), format_seconds(3725)
    ('1:15', '1:02:05')
    """
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


# --- views -----------------------------------------------------------------------------------


def puzzle_list_html(best: dict[str, float]) -> str:
    """The puzzles dialog's list: one button per puzzle with its best time, and the free
    colour order option of puzzle 1."""
    items = []
    for puzzle in PUZZLES.values():
        record = best.get(puzzle.name)
        time_text = f"Best time {format_seconds(record)}" if record else "Not solved yet"
        items.append(
            f'<button type="submit" value="{puzzle.name}" data-puzzle="{puzzle.name}" '
            f'class="puzzle-choice"><strong>{puzzle.number}. {escape(puzzle.title)}</strong> '
            f"<span>{escape(DESCRIPTIONS[puzzle.name])}</span> "
            f'<span class="best">{time_text}</span></button>'
        )
    option = (
        '<label class="toggle"><input type="checkbox" id="puzzle-free-order"> '
        "Puzzle 1: colours may move in any order</label>"
    )
    return "".join(items) + option


def puzzle_board_svg(board: PuzzleBoard, *, attach_color: int | None = None) -> str:
    """The puzzle's board: the game's board for puzzles 1 and 2, the rectangle otherwise."""
    if isinstance(board, RulesPuzzleBoard):
        return view.game_board_svg(board, attach_color=attach_color)
    puzzle = board.puzzle
    names = board.variant.color_names
    colors = {
        sq: names[c]
        for c in puzzle.colors
        for sq in board.geometry.squares_of(board.occupied_mask(c))
    }
    last = board.peek().squares if board.ply() else ()
    return view.board_svg(puzzle.width, puzzle.height, colors, last_move=last)


def movable_colors(board: PuzzleBoard, free_order: bool) -> tuple[int, ...]:
    """The colours whose pieces may be picked now."""
    if isinstance(board, RulesPuzzleBoard) and not free_order:
        return () if board.turn is None else (board.turn,)
    return tuple(c for c in board.puzzle.colors if board.pieces_left(c))


def puzzle_trays_html(board: PuzzleBoard, *, selected, color: int | None, free_order: bool) -> str:
    """Every colour's tray; the colours that may move are marked, ``color``'s piece pressed."""
    movable = movable_colors(board, free_order)
    return "".join(
        view.tray_html(board, c, selected=selected if c == color else None, active=c in movable)
        for c in board.puzzle.colors
    )


def progress_text(session: PuzzleSession) -> str:
    pieces, pieces_total, squares, squares_total = session.board.progress()
    return f"{pieces} of {pieces_total} pieces · {squares} of {squares_total} squares"


def progress_html(session: PuzzleSession, best: dict[str, float]) -> str:
    """The side panel in puzzle mode: title, progress, time and best time."""
    puzzle = session.puzzle
    record = best.get(puzzle.name)
    return (
        f'<div class="puzzle-progress"><h3>{puzzle.number}. {escape(puzzle.title)}</h3>'
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
    if isinstance(board, RulesPuzzleBoard) and not session.free_order:
        text += f" {board.variant.color_names[board.turn].capitalize()} to move."
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
    if not isinstance(board, RulesPuzzleBoard):
        return text + "try undoing a few pieces."
    played = board.move_stack
    on_the_way = 0
    for step, solution_step in zip(played, stored_solution(board.puzzle), strict=False):
        if step != solution_step:
            break
        on_the_way += 1
    extra = len(played) - on_the_way
    return text + f"undo {extra} move{'s' * (extra != 1)} to be back on a known solution."


def solved_notice(session: PuzzleSession, new_best: bool) -> str:
    took = format_seconds(session.elapsed())
    return f"Solved in {took}! " + ("A new best time." if new_best else "Well done.")


# --- the page --------------------------------------------------------------------------------


def load_best_times() -> dict[str, float]:
    """The best times stored in this browser (none if it keeps no storage for the page, or
    if what it keeps is unreadable: :func:`install` set that aside)."""
    from .app import stored

    with suppress(InputError):
        return parse_best_times(stored(BEST_TIMES_KEY))
    return {}


def install(app) -> str:
    """Fill the puzzles dialog as it opens, let its choices switch ``app`` to puzzle mode,
    and go back to the puzzle saved in this browser if there is one (the caller renders it);
    a saved puzzle or best times that cannot be used are set aside, and the notice that says
    why is returned (else "")."""
    import js

    from .app import element, listen, restore_stored

    def render_list(*_):
        element("puzzle-list").innerHTML = puzzle_list_html(load_best_times())

    def choose(event):
        button = event.target.closest("[data-puzzle]")
        if button:
            free_order = element("puzzle-free-order").checked
            puzzle = find_puzzle(button.dataset.puzzle)
            _puzzle_app_class().enter(app, PuzzleSession(puzzle, free_order=free_order))
            app.after_change()

    def in_puzzle_mode(handler):
        return lambda event: handler(event) if hasattr(app, "puzzle_session") else None

    listen(element("puzzles"), "click", render_list)
    listen(element("puzzle-list"), "click", choose)
    nav = element("hint").parentElement
    for id_, label in (("puzzle-restart", "Restart"), ("puzzle-solution", "Show a solution")):
        button = js.document.createElement("button")
        button.id, button.type, button.textContent, button.hidden = id_, "button", label, True
        nav.insertBefore(button, element("help"))
    listen(element("puzzle-restart"), "click", in_puzzle_mode(lambda _: app.restart_puzzle()))
    listen(element("puzzle-solution"), "click", in_puzzle_mode(lambda _: app.show_solution()))
    # The clock is saved as the page goes away, so a reload does not win time.
    for target, event in ((js.window, "pagehide"), (js.document, "visibilitychange")):
        listen(target, event, in_puzzle_mode(lambda _: app.save()))

    _, times_notice = restore_stored(BEST_TIMES_KEY, parse_best_times, "best times")
    session, notice = restore_stored(PUZZLE_SAVE_KEY, PuzzleSession.from_json, "puzzle")
    if session is not None:
        _puzzle_app_class().enter(app, session)
    return " ".join(filter(None, (notice, times_notice)))


def forget_saved_puzzle() -> None:
    """Remove the saved puzzle, so that the page reloads in game mode."""
    import js
    from pyodide.ffi import JsException

    with suppress(JsException):  # no storage: nothing was saved
        js.localStorage.removeItem(PUZZLE_SAVE_KEY)


@cache
def _puzzle_app_class():
    """:class:`PuzzleApp`, defined on first use (it subclasses the page's App, which needs the
    browser's modules)."""
    import asyncio

    import js
    from pyodide.ffi import JsException

    from .app import App, element
    from .ghost import ghost_for_move

    class PuzzleApp(App):
        """The page's App while a puzzle is played: the same controls on a puzzle board."""

        save_key = PUZZLE_SAVE_KEY
        saved_name = "puzzle"

        @classmethod
        def enter(cls, app: App, session: PuzzleSession) -> None:
            """Switch ``app`` (a game App, or one in puzzle mode) to play ``session``, to be
            rendered by the caller's :meth:`after_change`; :meth:`new_game` switches back."""
            app.cancel_thinking()
            app.__class__ = cls
            app.puzzle_session = session
            app.color = None
            app.showing_solution = False
            app.recorded = session.solved_in is not None  # a restored solve was recorded
            app.best_times = load_best_times()
            app.ghost = None
            for id_ in ("puzzle-restart", "puzzle-solution"):
                element(id_).hidden = False

        def new_game(self, options) -> None:
            for id_ in ("puzzle-restart", "puzzle-solution"):
                element(id_).hidden = True
            forget_saved_puzzle()
            del self.puzzle_session
            self.__class__ = App
            self.new_game(options)

        @property
        def active_session(self):
            return self.puzzle_session

        def human_to_move(self) -> bool:
            return not self.showing_solution and self.board.turn is not None

        def move_color(self) -> int | None:
            """The colour the ghost is played with."""
            if isinstance(self.board, RulesPuzzleBoard) and not self.puzzle_session.free_order:
                return self.board.turn
            return self.color

        # --- rendering ---------------------------------------------------------------------

        def board_svg(self, attach_color: int | None) -> str:
            return puzzle_board_svg(self.board, attach_color=attach_color)

        def scores_html(self) -> str:
            return progress_html(self.puzzle_session, self.best_times)

        def render_trays(self) -> None:
            element("trays").innerHTML = puzzle_trays_html(
                self.board,
                selected=self.selected,
                color=self.move_color(),
                free_order=self.puzzle_session.free_order,
            )

        def render_status(self) -> None:
            session = self.puzzle_session
            element("status").textContent = (
                "Looking for a way to finish…" if self.thinking else puzzle_status_text(session)
            )
            busy = self.thinking or self.showing_solution
            element("undo").disabled = busy or not session.can_undo()
            element("redo").disabled = busy or not session.can_redo()
            element("hint").disabled = busy or not self.human_to_move()
            element("puzzle-solution").disabled = self.showing_solution
            element("continue").hidden = True
            if self.board.is_solved():
                state = "solved"
            elif self.board.turn is None:
                state = "over"
            else:
                state = "thinking" if busy else "ready"
            js.document.body.dataset.state = state

        # --- picking and placing -----------------------------------------------------------

        def on_tray_click(self, event) -> None:
            button = event.target.closest("[data-piece]")
            if not button or not self.human_to_move():
                return
            color = self.board.variant.color_names.index(button.dataset.color)
            if color not in movable_colors(self.board, self.puzzle_session.free_order):
                self.notify(f"It is not {button.dataset.color.capitalize()}'s turn.")
                return
            piece = find_piece(button.dataset.piece)
            if self.board.is_piece_used(color, piece):
                self.notify(f"{piece.name} has already been placed.")
                return
            self.color = color
            self.select(piece)

        def select(self, piece) -> None:
            """Pick ``piece`` of the chosen colour, or of the first colour that may move and
            still has it."""
            if not self.human_to_move():
                return
            movable = movable_colors(self.board, self.puzzle_session.free_order)
            owners = [c for c in movable if not self.board.is_piece_used(c, piece)]
            if not owners:
                self.notify(f"{piece.name} is not available.")
                return
            if self.color not in owners:
                self.color = owners[0]
            self.pick_up(piece)

        def play(self, move: Move) -> None:
            self.generation += 1  # a hint still searching the old position is void
            self.puzzle_session.play(move, self.move_color())
            self.ghost = None
            self.after_change()

        def after_change(self, notice: str = "") -> None:
            session = self.puzzle_session
            self.thinking = False
            if session.counts_for_best_time() and not self.recorded:
                best, new_best = with_time(self.best_times, session.puzzle.name, session.solved_in)
                try:
                    js.localStorage.setItem(BEST_TIMES_KEY, json.dumps(best))
                except JsException:  # storage disabled or full: the solve still counts here
                    new_best = False
                else:
                    self.best_times = best
                self.recorded = True
                notice = solved_notice(session, new_best)
            self.save()
            self.render()
            self.notify(notice)

        # --- undo, restart, hint, solution -------------------------------------------------

        def restart_puzzle(self) -> None:
            self.cancel_thinking()
            self.showing_solution = False
            self.recorded = False
            self.puzzle_session.restart()
            self.ghost = None
            self.after_change()

        async def hint(self) -> None:
            """Show the next piece of a completion: the stored solution's if the position is
            on its way, else one the solver finds within a few seconds (searched in slices),
            or say that none was found."""
            if not self.human_to_move() or self.thinking:  # one search at a time
                return
            completion = stored_continuation(self.board)
            proved_unsolvable = False
            if not completion:
                generation = self.generation
                self.thinking = True
                self.render_status()
                from game.solver import Solver  # on first use, to keep it out of the page start

                solver = Solver(self.board, seed=self.board.ply())
                batch = 1 if isinstance(self.board, RulesPuzzleBoard) else 200
                deadline = js.performance.now() + HINT_SECONDS * 1000
                done = False
                while not done and js.performance.now() < deadline:
                    slice_end = js.performance.now() + HINT_SLICE * 1000
                    while not done and js.performance.now() < slice_end:
                        done = solver.step(batch)
                    await asyncio.sleep(0)
                    if generation != self.generation:
                        return
                self.thinking = False
                self.render_status()
                completion, proved_unsolvable = solver.solution, solver.proved_unsolvable
            if completion:
                color, move = completion[0]
                self.color = color
                self.ghost = ghost_for_move(move)
                self.render_trays()
                self.render_ghost()
                self.notify(f"Hint: {move.piece.name} at {move}. Press Place or Enter to play it.")
            elif proved_unsolvable:
                self.notify("This position cannot be completed: undo a few pieces.")
            else:
                self.notify(no_completion_notice(self.board))

        def show_solution(self) -> None:
            asyncio.ensure_future(self.play_solution())

        async def play_solution(self) -> None:
            """Play the stored solution from the empty board, one move at a time."""
            self.cancel_thinking()
            generation = self.generation
            session = self.puzzle_session
            session.restart()
            session.solution_shown = True
            self.showing_solution = True
            self.ghost = None
            self.save()  # a reload keeps the mark that the solution was seen
            self.render()
            for color, move in stored_solution(session.puzzle):
                await asyncio.sleep(SOLUTION_STEP)
                if generation != self.generation:
                    return
                session.play(move, color)
                self.save()
                self.render()
            self.showing_solution = False
            self.after_change("This is one solution. Restart to try it yourself.")

    return PuzzleApp

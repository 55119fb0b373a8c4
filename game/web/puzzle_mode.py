"""The page in puzzle mode: a rule-book puzzle played on the same controls, with its own rules
for colours, hints from :mod:`game.solver`, a stored solution to watch, best times, and the
puzzles dialog. Page code (the DOM through :mod:`game.web.dom`); the puzzle itself is
:mod:`game.web.puzzle_session`, its views :mod:`game.web.puzzle_view`.
"""

from __future__ import annotations

import asyncio
import json
import time
from contextlib import suppress
from typing import TYPE_CHECKING

from game import Move, Piece
from game.boundary import InputError
from game.i18n import _
from game.puzzles import find_puzzle, stored_continuation, stored_solution
from game.review import color_title
from game.variants import Color

from . import game_mode
from .dom import element, forget, listen, restore_stored, store, stored
from .how_to_play import puzzle_help_html
from .mode import Hint, Page, PageMode, PageStatus, Played
from .puzzle_session import (
    BEST_TIMES_KEY,
    PUZZLE_SAVE_KEY,
    PuzzleSession,
    parse_best_times,
    with_time,
)
from .puzzle_view import (
    HINT_SECONDS,
    no_completion_notice,
    progress_html,
    puzzle_board_svg,
    puzzle_list_html,
    puzzle_status_text,
    puzzle_trays_html,
    solved_notice,
)
from .storage import Keeping

if TYPE_CHECKING:
    from game.solver import Solver

#: Seconds of solver work per slice of a hint, between repaints.
HINT_SLICE = 0.03
#: Seconds between the moves of a solution being shown.
SOLUTION_STEP = 0.08
#: The page's buttons (index.html) that a puzzle shows.
BUTTONS = ("puzzle-restart", "puzzle-solution", "puzzle-back")


def load_best_times() -> dict[str, float]:
    """The best times stored in this browser (none if it keeps no storage for the page, or
    if what it keeps is unreadable: :func:`restore` set that aside)."""
    with suppress(InputError):
        return parse_best_times(stored(BEST_TIMES_KEY))
    return {}


class PuzzleMode(PageMode):
    """A puzzle: colours move in turn or freely, as the puzzle's board says."""

    save_key = PUZZLE_SAVE_KEY
    saved_name = "puzzle"
    session: PuzzleSession

    def __init__(self, page: Page, session: PuzzleSession):
        super().__init__(page, session)
        self.color: Color | None = None  # the colour picked, where colours move freely
        self.recorded = session.solved_in is not None  # a restored solve was recorded
        self.best_times: dict[str, float] = {}

    def enter(self) -> None:
        self.best_times = load_best_times()
        for id_ in BUTTONS:
            element(id_).hidden = False

    def leave(self) -> None:
        for id_ in BUTTONS:
            element(id_).hidden = True
        forget(PUZZLE_SAVE_KEY)

    def actions(self):
        return {
            "puzzle-restart": self.restart,
            "puzzle-solution": lambda: asyncio.ensure_future(self.show_solution()),
            # The game played before stays saved while a puzzle is shown.
            "puzzle-back": lambda: self.page.enter(game_mode.restore(self.page)[0]),
        }

    def showing_solution(self) -> bool:
        return self.page.runner.running == "solution"

    def human_to_move(self) -> bool:
        return not self.showing_solution() and self.board.turn is not None

    def ghost_color(self) -> Color | None:
        return self.board.turn if self.board.turn_order else self.color

    def choose(self, piece: Piece, color: Color | None) -> str | None:
        """Pick ``piece`` of ``color``, or (None) of the colour picked before or else the
        first colour that may move and still has it."""
        board = self.board
        if not self.human_to_move():
            return ""
        movable = board.movable_colors()
        if color is not None:
            if color not in movable:
                return _("It is not {color}'s turn.").format(color=color_title(board, color))
            if board.is_piece_used(color, piece):
                return _("{piece} has already been placed.").format(piece=piece.name)
            self.color = color
            return None
        owners = [c for c in movable if not board.is_piece_used(c, piece)]
        if not owners:
            return _("{piece} is not available.").format(piece=piece.name)
        if self.color not in owners:
            self.color = owners[0]
        return None

    def board_svg(self, attach_color: Color | None) -> str:
        return puzzle_board_svg(self.board, attach_color=attach_color)

    def help_html(self) -> str:
        return puzzle_help_html(self.session.puzzle)

    def side_html(self) -> str:
        return progress_html(self.session, self.best_times)

    def trays_html(self, selected: Piece | None) -> str:
        return puzzle_trays_html(self.board, selected=selected, color=self.ghost_color())

    def status(self) -> PageStatus:
        history = self.session.history
        running = self.page.runner.running
        busy = running is not None
        if self.board.is_solved():
            state = "solved"
        elif self.board.turn is None:
            state = "over"
        else:
            state = "thinking" if busy else "ready"
        return PageStatus(
            text=_("Looking for a way to finish…")
            if running == "hint"
            else puzzle_status_text(self.session),
            state=state,
            disabled={
                "undo": busy or not history.can_undo(),
                "redo": busy or not history.can_redo(),
                "hint": busy or not self.human_to_move(),
                "puzzle-solution": running == "solution",
            },
            hidden={"continue": True},
        )

    def play(self, move: Move) -> Played:
        self.session.play(move, self.ghost_color())
        return Played()

    def after_change(self, notice: str) -> str:
        session = self.session
        if session.counts_for_best_time() and not self.recorded:
            best, new_best = with_time(self.best_times, session.puzzle.name, session.solved_in)
            if store(BEST_TIMES_KEY, json.dumps(best)) is Keeping.KEPT:
                self.best_times = best
            else:  # storage disabled or full: the solve still counts here
                new_best = False
            self.recorded = True
            notice = solved_notice(new_best, self.best_times.get(session.puzzle.name))
        return notice

    def finished(self) -> bool:
        return self.board.is_solved()

    def next(self) -> None:
        pass  # a puzzle waits for its player

    def restart(self) -> None:
        self.page.stop()
        self.recorded = False
        self.session.restart()
        self.page.after_change()

    async def hint(self) -> Hint:
        """The next piece of a completion: the stored solution's if the position is on its
        way, else one the solver finds within a few seconds, else the notice saying why not."""
        completion = stored_continuation(self.board)
        proved_unsolvable = False
        if not completion:
            from game.solver import Solver  # on first use, to keep it out of the page start

            solver = Solver(self.board, seed=self.board.ply())
            if not await self.page.runner.run(self._solving(solver), "hint"):
                return Hint()
            completion, proved_unsolvable = solver.solution, solver.proved_unsolvable
        if completion:
            color, move = completion[0]
            return Hint(move, color)
        if proved_unsolvable:
            return Hint(notice=_("This position cannot be completed: undo a few pieces."))
        return Hint(notice=no_completion_notice(self.board))

    def _solving(self, solver: Solver):
        """Slices of ``solver``'s search, until it is done or :data:`HINT_SECONDS` passed."""
        batch = 1 if self.board.puzzle.game_rules else 200
        deadline = time.monotonic() + HINT_SECONDS
        while time.monotonic() < deadline:
            slice_end = time.monotonic() + HINT_SLICE
            while time.monotonic() < slice_end:
                if solver.step(batch):
                    return
            yield

    async def show_solution(self) -> None:
        """Play the stored solution from the empty board, one move at a time."""
        page, session = self.page, self.session
        session.restart()
        session.solution_shown = True
        playing = page.runner.run(self._solution_moves(), "solution", pause=SOLUTION_STEP)
        page.save()  # a reload keeps the mark that the solution was seen
        page.render()
        if await playing:
            page.after_change(_("This is one solution. Restart to try it yourself."))

    def _solution_moves(self):
        for color, move in stored_solution(self.session.puzzle):
            yield  # the pause comes first
            self.session.play(move, color)
            self.page.save()
            self.page.render()


def restore(page: Page) -> tuple[PuzzleMode | None, str]:
    """The puzzle saved in this browser, if any; a saved puzzle or best times that cannot be
    used are set aside, with the notice saying why (else "")."""
    _times, times_notice = restore_stored(BEST_TIMES_KEY, parse_best_times, "best times")
    session, notice = restore_stored(PUZZLE_SAVE_KEY, PuzzleSession.from_json, "puzzle")
    mode = PuzzleMode(page, session) if session is not None else None
    return mode, " ".join(filter(None, (notice, times_notice)))


def bind(page: Page) -> None:
    """Add the puzzle buttons, fill the puzzles dialog as it opens, and let its choices switch
    ``page`` to a puzzle."""

    def render_list(*_):
        element("puzzle-list").innerHTML = puzzle_list_html(load_best_times())

    def choose(event):
        button = event.target.closest("[data-puzzle]")
        if button:
            free_order = element("puzzle-free-order").checked
            puzzle = find_puzzle(button.dataset.puzzle)
            page.enter(PuzzleMode(page, PuzzleSession(puzzle, free_order=free_order)))

    listen(element("puzzles"), "click", render_list)
    listen(element("puzzle-list"), "click", choose)
    for id_ in BUTTONS:
        element(id_).disabled = False

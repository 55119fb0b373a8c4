"""The page: the controls every mode shares (picking, turning and placing the ghost, keys and
pointer, undo and redo, hints, notices, rendering, saving) around the mode being played, a
:class:`~game.web.mode.PageMode` (:mod:`game.web.game_mode`, :mod:`game.web.puzzle_mode`), and
the search runner. Page code: it reads DOM events, asks the mode, and renders its views."""

from __future__ import annotations

import asyncio
import json
import sys
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import js
import pyodide
from pyodide.ffi import create_proxy

from game import Move, Piece, parse_square, square, square_name, square_xy
from game.history import History
from game.i18n import _, ngettext

from . import drawing, game_mode, keeping, language, puzzle_mode
from .computer import ComputerWorker, WorkerRunner
from .dom import confirm, document, element, js_object, listen, play_sound, store
from .ghost import (
    ARROW_STEPS,
    Aim,
    Ghost,
    aim,
    arrow_step,
    default_orientation,
    flipped,
    ghost_cells,
    ghost_for_move,
    ghost_status,
    moved,
    on_board,
    piece_for_key,
    rotated,
    tray_piece,
)
from .mode import PageMode
from .settings import install as install_settings
from .storage import Keeping, keeping_warning
from .view import notice_seconds

#: Keys that move along the move list (Left and Right when no piece is picked).
REVIEW_KEYS = {"Home": "first", "End": "last", "ArrowLeft": "previous", "ArrowRight": "next"}


@dataclass(frozen=True)
class Held:
    """The piece picked up: its ghost, where that stands (derived once, as it is put down),
    and the position it was picked up on (:meth:`App.shown_position`)."""

    ghost: Ghost
    aim: Aim
    position: tuple[History, tuple]


class App:
    """The page's state beyond the mode's session: the piece picked up, notices, the search
    runner."""

    mode: PageMode

    def __init__(self):
        self._held: Held | None = None
        self.touch = False  # the last pointer was a finger: taps position, Place confirms
        self.runner = WorkerRunner(computer_worker, helper_worker, on_change=self.on_runner_change)
        self.notice_timer = None
        self.hide_notice_later = create_proxy(self.hide_notice)
        #: Whether the last save lasts beyond the page, and whether the player dismissed the
        #: warning that storage is off (it is the same all visit).
        self.keeping = Keeping.KEPT
        self.off_dismissed = False
        #: What ``#announce`` said of the change being shown: the status line and the notice
        #: do not say it again (each event is heard once).
        self.said = ""

    # --- the piece picked up ----------------------------------------------------------------

    def shown_position(self) -> tuple[History, tuple]:
        """The position shown: the mode's history, and the moves of its line on the board."""
        history = self.mode.session.history
        return history, tuple(history.moves[: history.ply])

    @property
    def held(self) -> Held | None:
        """The piece picked up, while the position it was picked up on is shown: a move, an
        undo, another position of the move list or another mode puts it back for good (every
        change renders, and so reads this)."""
        held = self._held
        if held is not None and held.position != self.shown_position():
            self._held = held = None
        return held

    @property
    def ghost(self) -> Ghost | None:
        held = self.held
        return held.ghost if held is not None else None

    def hold(self, ghost: Ghost | None) -> None:
        """Put ``ghost`` down on the position shown (None: put the piece back)."""
        if ghost is None:
            self._held = None
            return
        where = aim(ghost, self.board, self.mode.ghost_color())
        self._held = Held(ghost, where, self.shown_position())

    # --- modes ------------------------------------------------------------------------------

    def enter(self, mode: PageMode) -> None:
        """Switch to ``mode`` and show it."""
        self.switch(mode)
        self.after_change()

    def switch(self, mode: PageMode) -> None:
        """Leave the mode playing for ``mode`` (rendered by the caller)."""
        self.stop()
        self.mode.leave()
        self.mode = mode
        mode.enter()

    def mode_action(self, id_: str) -> None:
        """A click on one of the modes' own buttons: the mode playing handles it, if it has it."""
        action = self.mode.actions().get(id_)
        if action is not None:
            action()

    # --- rendering --------------------------------------------------------------------------

    @property
    def board(self):
        return self.mode.board

    @property
    def grid(self):
        """The board's cells (:mod:`game.grids`)."""
        return self.board.geometry.grid

    @property
    def selected(self) -> Piece | None:
        """The piece picked up: the ghost's."""
        return self.ghost.piece if self.ghost else None

    def render(self) -> None:
        for _part in self.rendering():
            pass

    def rendering(self) -> Iterator[None]:
        """Render a part at a time, yielding between parts: the boot lets the browser run in
        between (drawn at once, they held a slow phone's page in one long task). The status,
        and with it the page's state, comes with the last part."""
        mode = self.mode
        # The board is drawn anew: keys stay with it if it had them (Enter just placed a piece).
        board_focused = document.activeElement is not None and document.activeElement.id == "board"
        show_corners = element("show-corners").checked and mode.human_to_move()
        attach_color = mode.ghost_color() if show_corners else None
        element("board-host").innerHTML = mode.board_svg(attach_color)
        yield
        self.render_trays()
        element("scores").innerHTML = mode.side_html()
        yield
        self.render_status()
        self.render_ghost()
        mode.render_more()
        if board_focused:
            self.focus_board()

    def render_status(self) -> None:
        status = self.mode.status()
        if element("status").textContent != status.text:  # unchanged, it is not said again
            self.show_message(element("status"), status.text)
        for id_, disabled in status.disabled.items():
            element(id_).disabled = disabled
        for id_, hidden in status.hidden.items():
            element(id_).hidden = hidden
        document.body.dataset.state = status.state

    def on_runner_change(self) -> None:
        # ``data-search`` lets tests wait until no search code runs (a cancelled one included).
        document.body.dataset.search = "busy" if self.runner.busy else "idle"
        self.render_status()

    def render_trays(self) -> None:
        element("trays").innerHTML = self.mode.trays_html(self.selected)

    def render_ghost(self) -> None:
        layer = element("ghost")
        status = element("ghost-status")
        held = self.held
        active = held is not None and self.mode.human_to_move()
        for id_ in ("rotate", "rotate-left", "flip", "place"):
            element(id_).disabled = not active
        if not active:
            layer.innerHTML = status.textContent = ""
            return
        ghost, reason, grid = held.ghost, held.aim.reason, self.grid
        color = self.mode.ghost_color()
        # A puzzle played in free colour order has no colour until a tray's piece is picked.
        name = self.board.color_names[color] if color is not None else "blue"
        layer.innerHTML = drawing.ghost_svg(
            ghost_cells(ghost, grid), grid, color=name, legal=reason is None
        )
        anchor = ghost.anchor if on_board(ghost.anchor, grid.width, grid.height) else (0, 0)
        status.textContent = ghost_status(
            ghost.piece, square_name(square(*anchor)), reason, grid.triangles
        )
        self.follow_ghost()

    def follow_ghost(self) -> None:
        """Scroll the zoomed board (a phone's: it scrolls in its box) just enough to show the
        ghost and a square around it, so that the player sees where the piece goes."""
        host = element("board-host")
        if not element("zoom").checked or (
            host.scrollWidth <= host.clientWidth and host.scrollHeight <= host.clientHeight
        ):
            return  # all of the board is in view (wide screens do not zoom)
        ghost = element("ghost").getBoundingClientRect()
        if ghost.width == 0:
            return
        frame = host.getBoundingClientRect()
        board_width = element("board").getBoundingClientRect().width
        margin = board_width * drawing.CELL / drawing.board_extent(self.grid)[0]  # a square
        left, top = frame.left + host.clientLeft, frame.top + host.clientTop
        shift = []
        for low, high, start, size in (
            (ghost.left, ghost.right, left, host.clientWidth),
            (ghost.top, ghost.bottom, top, host.clientHeight),
        ):
            if low - margin < start:
                shift.append(low - margin - start)
            elif high + margin > start + size:
                shift.append(min(high + margin - start - size, low - margin - start))
            else:
                shift.append(0)
        if any(shift):
            host.scrollBy(*shift)

    def notify(self, text: str) -> None:
        if not text:
            return
        box = element("notice")
        self.show_message(box, text)
        box.hidden = False
        if self.notice_timer is not None:
            js.clearTimeout(self.notice_timer)
        self.notice_timer = js.setTimeout(self.hide_notice_later, notice_seconds(text) * 1000)

    def show_message(self, box, text: str) -> None:
        """Write ``text`` in ``box``, a live region: polite, silent if ``#announce`` said it."""
        said = bool(text) and text in self.said
        box.setAttribute("aria-live", "off" if said else "polite")
        box.textContent = text

    def hide_notice(self, *_):
        element("notice").hidden = True
        if self.notice_timer is not None:
            js.clearTimeout(self.notice_timer)
        self.notice_timer = None

    def save(self) -> None:
        """Keep the mode's session; warn for as long as it cannot be kept."""
        mode = self.mode
        self.keeping = store(mode.save_key, mode.session.to_json())
        self.render_keeping()

    def render_keeping(self) -> None:
        """Show or hide the warning that what is being played is not kept."""
        keeping, mode = self.keeping, self.mode
        document.body.dataset.keeping = keeping.value
        box = element("keeping")
        element("keeping-save").hidden = not mode.downloadable
        element("keeping-dismiss").hidden = keeping is not Keeping.OFF
        box.classList.toggle("quiet", keeping is Keeping.OFF)
        box.hidden = keeping is Keeping.KEPT or (keeping is Keeping.OFF and self.off_dismissed)
        # Written once the box shows (an alert is read out as its text changes); unchanged, it
        # is not said again.
        text = keeping_warning(keeping, mode.saved_name, mode.downloadable)
        if element("keeping-text").textContent != text:
            element("keeping-text").textContent = text

    def speak_again(self) -> None:
        """Draw again what Python wrote, in the language now spoken (the page's marked words
        already are: :mod:`game.web.language`), and the footer. Dialogs are modal: none is
        open. A notice shown is put away: its words were written in the other language, of a
        moment past."""
        self.hide_notice()
        self.render()
        self.render_keeping()
        render_runtime_info()

    def dismiss_keeping(self) -> None:
        self.off_dismissed = True
        self.render_keeping()

    # --- choosing and placing a piece -------------------------------------------------------

    def select(self, piece: Piece, color: int | None = None) -> None:
        """Pick ``piece`` (of ``color``, from a tray) up, if the mode lets the player."""
        refusal = self.mode.choose(piece, color)
        if refusal is not None:
            self.notify(refusal)
            return
        self.pick_up(piece)

    def pick_up(self, piece: Piece) -> None:
        """Make ``piece`` the ghost: where the last one was, else where it can go."""
        if self.ghost is not None:
            self.hold(Ghost(piece, default_orientation(piece), self.ghost.anchor))
        else:
            self.hold(self.starting_ghost(piece))
        self.render_trays()
        self.render_ghost()
        self.focus_board()

    def focus_board(self) -> None:
        """Keys go to the board (Enter places), not to the button just pressed."""
        element("board").focus(js_object(preventScroll=True))

    def starting_ghost(self, piece: Piece) -> Ghost:
        """Where a newly picked piece appears, as drawn in the tray: on a legal spot if it has
        one in that orientation, else mid-board."""
        orientation = default_orientation(piece)
        board = self.board
        for move in board.legal_moves:
            if board.piece_of(move).name == piece.name:
                ghost = ghost_for_move(move, board)
                if ghost.orientation == orientation:
                    return Ghost(piece, orientation, ghost.anchor)
        return Ghost(piece, orientation, (self.grid.width // 2, self.grid.height // 2))

    def deselect(self) -> None:
        self.hold(None)
        self.render_trays()
        self.render_ghost()

    def turn_ghost(self, change) -> None:
        if self.ghost is not None and self.mode.human_to_move():
            self.hold(change(self.ghost))
            self.render_ghost()

    def place(self) -> None:
        """Play the piece picked up where it stands, if it may go there."""
        held = self.held
        if held is None or not self.mode.human_to_move():
            return
        move, reason = held.aim.move, held.aim.reason
        if reason is not None:
            self.notify(
                _("You cannot place {piece} there: it {why}.").format(
                    piece=held.ghost.piece.name, why=reason.words(self.grid.triangles)
                )
            )
            return
        later = self.mode.later_moves()
        if later:
            asyncio.ensure_future(self.play_instead_of(later, move))
        else:
            self.play(move)

    async def play_instead_of(self, later: int, move: Move) -> None:
        """Play ``move`` from a past position once the player agrees to lose the ``later``
        moves after it."""
        if await confirm(
            _("Play from here?"),
            ngettext(
                "Playing here discards the {count} later move.",
                "Playing here discards the {count} later moves.",
                later,
            ).format(count=later),
            _("Play and discard"),
            _("Cancel"),
        ):
            self.play(move)

    def play(self, move: Move) -> None:
        """Play ``move`` (a player's or the computer's) in the mode."""
        self.stop()  # a hint still searching the old position is void
        played = self.mode.play(move)
        element("announce").textContent = played.announcement
        if element("sound").checked:
            play_sound("end" if self.mode.finished() else "move")
        self.after_change(played.notice, said=played.announcement)

    def after_change(self, notice: str = "", *, said: str = "") -> None:
        """Save, let the mode go on (the computer's turn), render, announce (``said``: what
        ``#announce`` just said of the change)."""
        for _part in self.changing(notice, said=said):
            pass

    def changing(self, notice: str = "", *, said: str = "") -> Iterator[None]:
        """:meth:`after_change`, yielding between the parts of the rendering."""
        self.hide_notice()  # it spoke of the position or mode before this change
        notice = self.mode.after_change(notice)
        self.save()
        self.said = said
        try:
            self.mode.next()
            yield from self.rendering()
            self.notify(notice)
        finally:
            self.said = ""

    def show_help(self) -> None:
        """Open How to play, written for the game or puzzle being played."""
        element("help-body").innerHTML = self.mode.help_html()
        element("help-dialog").showModal()

    def stop(self) -> None:
        """End the search or job running (its caller gets nothing back)."""
        self.runner.cancel()

    # --- hints, undo, redo ------------------------------------------------------------------

    async def hint(self) -> None:
        if not self.mode.human_to_move() or self.runner.running is not None:
            return  # one search at a time
        hint = await self.mode.hint()
        self.render_status()
        if hint.move is None:
            self.notify(hint.notice)
            return
        ghost = ghost_for_move(hint.move, self.board)
        if self.mode.choose(ghost.piece, hint.color) is not None:
            return  # the position changed meanwhile
        self.hold(ghost)
        self.render_trays()
        self.render_ghost()
        self.focus_board()
        self.notify(
            _("Hint: {piece} at {squares}. Press Place or Enter to play it.").format(
                piece=ghost.piece.name, squares=hint.move
            )
        )

    def undo(self) -> None:
        self.stop()
        if self.mode.session.undo():
            self.after_change()

    def redo(self) -> None:
        self.stop()
        if self.mode.session.redo():
            self.after_change()

    # --- events -----------------------------------------------------------------------------

    def square_of(self, event):
        """The board cell (x, y) under an event, or None."""
        name = event.target.getAttribute("data-square") if event.target.getAttribute else None
        if not name:
            return None
        return square_xy(parse_square(name))

    def on_pointer_move(self, event) -> None:
        cell = self.square_of(event)
        if cell is None or self.ghost is None:
            return
        if event.pointerType == "touch" and not event.buttons:
            return
        if cell != self.ghost.anchor:
            self.hold(Ghost(self.ghost.piece, self.ghost.orientation, cell))
            self.render_ghost()

    def on_pointer_down(self, event) -> None:
        self.touch = event.pointerType == "touch"
        if self.touch and event.target.hasPointerCapture(event.pointerId):
            event.target.releasePointerCapture(event.pointerId)  # let the drag cross squares

    def on_board_click(self, event) -> None:
        cell = self.square_of(event)
        if cell is None or self.ghost is None or not self.mode.human_to_move():
            return
        self.hold(Ghost(self.ghost.piece, self.ghost.orientation, cell))
        if self.touch and getattr(event, "pointerType", "") == "touch":
            self.render_ghost()  # a tap positions the piece; the Place button confirms
        else:
            self.place()

    def on_wheel(self, event) -> None:
        if self.ghost is None:
            return
        event.preventDefault()
        self.turn_ghost(lambda g: rotated(g, clockwise=event.deltaY > 0))

    def on_tray_click(self, event) -> None:
        button = event.target.closest("[data-piece]")
        if button:
            color = self.board.color_names.index(button.dataset.color)
            self.select(tray_piece(self.board, color, button.dataset.piece), color)

    def on_key(self, event) -> None:
        if any(d.open for d in document.querySelectorAll("dialog")):
            return
        tag = event.target.tagName
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        key = event.key
        ctrl = event.ctrlKey or event.metaKey
        if ctrl and key.lower() == "z":
            self.redo() if event.shiftKey else self.undo()
        elif ctrl and key.lower() == "y":
            self.redo()
        elif ctrl or event.altKey:
            return
        elif key in REVIEW_KEYS and (self.ghost is None or key in ("Home", "End")):
            self.mode.go(REVIEW_KEYS[key])
        elif key == "Escape":
            self.deselect()
        elif key in ARROW_STEPS and self.ghost is not None:
            self.turn_ghost(lambda g: moved(g, *arrow_step(key, self.grid), self.grid))
        elif key == "Enter" and self.ghost is not None and tag != "BUTTON":
            self.place()
        elif key.lower() == "r" and self.ghost is not None:
            self.turn_ghost(lambda g: rotated(g, clockwise=not event.shiftKey))
        elif key.lower() == "f" and self.ghost is not None and not event.shiftKey:
            self.turn_ghost(flipped)
        elif key.lower() == "h":
            asyncio.ensure_future(self.hint())
        elif len(key) == 1 and self.mode.human_to_move():
            available = self.board.pieces_left(self.board.turn)
            piece = piece_for_key(key, available, self.selected)
            if piece is None:
                return
            self.select(piece)
        else:
            return
        event.preventDefault()

    def bind(self, options) -> None:
        """Wire the shared controls, and the modes' (the new-game dialog offering ``options``
        first, the puzzles dialog)."""
        host = element("board-host")
        listen(host, "pointermove", self.on_pointer_move)
        listen(host, "pointerdown", self.on_pointer_down)
        listen(host, "click", self.on_board_click)
        listen(host, "wheel", self.on_wheel, passive=False)
        listen(element("trays"), "click", self.on_tray_click)
        listen(document, "keydown", self.on_key)
        listen(element("show-corners"), "change", lambda _: self.render())
        listen(element("zoom"), "change", lambda _: self.follow_ghost())
        actions = {
            "undo": lambda _: self.undo(),
            "redo": lambda _: self.redo(),
            "hint": lambda _: asyncio.ensure_future(self.hint()),
            "rotate": lambda _: self.turn_ghost(rotated),
            "rotate-left": lambda _: self.turn_ghost(lambda g: rotated(g, clockwise=False)),
            "flip": lambda _: self.turn_ghost(flipped),
            "place": lambda _: self.place(),
            "help": lambda _: self.show_help(),
            "puzzles": lambda _: element("puzzles-dialog").showModal(),
            "keeping-dismiss": lambda _: self.dismiss_keeping(),
        }
        for id_, handler in actions.items():
            listen(element(id_), "click", handler)
        game_mode.bind(self, options)
        puzzle_mode.bind(self)
        language.bind(self.speak_again)
        keeping.bind(self)
        for id_ in ("continue", *puzzle_mode.BUTTONS):
            listen(element(id_), "click", lambda _, id_=id_: self.mode_action(id_))
        # The clock is saved as the page goes away, so a reload does not win time.
        for target, event in ((js.window, "pagehide"), (document, "visibilitychange")):
            listen(target, event, lambda _: self.save())
        for id_ in ("new-game", "puzzles", "help", "show-corners"):
            element(id_).disabled = False


@cache
def computer_worker() -> ComputerWorker:
    """The computer player's worker, started once the board is playable: it loads Pyodide,
    NumPy and the game on a thread of its own; the footer names NumPy's version once it is in."""

    def show(loaded: asyncio.Future) -> None:
        element("runtime-info").dataset.numpy = loaded.result() or ""
        render_runtime_info()

    def start_helper(loaded: asyncio.Future) -> None:
        # A second Pyodide takes a core and about as much memory again: only where there are
        # cores to spare, and not on a small phone.
        global _helper
        memory = getattr(js.navigator, "deviceMemory", None)
        if loaded.result() and js.navigator.hardwareConcurrency >= 2 and (memory or 4) >= 4:
            _helper = ComputerWorker()
            _helper.loaded.add_done_callback(count_helper)

    def count_helper(loaded: asyncio.Future) -> None:
        # The workers that search (tests wait for the second).
        document.body.dataset.workers = "2" if loaded.result() else "1"

    worker = ComputerWorker()
    worker.loaded.add_done_callback(show)
    worker.loaded.add_done_callback(start_helper)
    return worker


#: A second worker, which searches half of each search the page deals out (started by
#: :func:`computer_worker` where it may).
_helper: ComputerWorker | None = None


def helper_worker() -> ComputerWorker | None:
    """The second worker once it can search; None before, or where it is not started."""
    loaded = None if _helper is None else _helper.loaded
    return _helper if loaded is not None and loaded.done() and loaded.result() else None


def engine_timings_json(*_) -> str:
    """For bench/browser.py: the engine timed inside the page."""
    from .timing import engine_timings  # a bench's alone: not imported at start-up

    return json.dumps(engine_timings())


def runtime_info(numpy_version: str) -> str:
    """The versions the page runs on (NumPy's, or where its loading stands)."""
    python = ".".join(map(str, sys.version_info[:3]))
    return f"Python {python} · NumPy {numpy_version} · Pyodide {pyodide.__version__}"


def render_runtime_info() -> None:
    """Write the footer in the language spoken: NumPy's version once the worker has it (kept
    in the footer's ``data-numpy``: empty if it could not load), else that it is loading."""
    numpy = element("runtime-info").getAttribute("data-numpy")
    if numpy is None:
        numpy = _("loading…")
    element("runtime-info").textContent = runtime_info(numpy or _("unavailable"))


async def start() -> None:
    """Boot the page, in several tasks (restoring the game, the puzzle, opening a link's
    game, then rendering a part at a time), the browser running in between: at once they held
    a slow phone's page for ~0.5 s. It never stays `loading`: unreadable saves are set aside,
    and any other error is shown, with the page running as far as it got."""
    notices = []
    app = None
    try:
        install_settings()  # before the first render, which follows the options
        app = App()
        app.mode, notice = game_mode.restore(app)  # the first mode: nothing to leave
        notices.append(notice)
        await next_task()
        app.bind(app.mode.session.options)
        puzzle, notice = puzzle_mode.restore(app)
        notices.append(notice)
        if puzzle is not None:
            app.switch(puzzle)
        await next_task()
        link, notice = keeping.open_link_at_start(app, js.location.hash)
        notices.append(notice)
        render_runtime_info()
        js.window.pyblokusEngineTimings = create_proxy(engine_timings_json)
        document.body.dataset.search = "idle"
        await next_task()
        for _part in app.changing(" ".join(filter(None, notices))):
            await next_task()
        if link is not None:
            asyncio.ensure_future(keeping.open_link(app, link))
    except Exception as error:  # a bug of ours: show it rather than hang
        js.console.error(traceback.format_exc())
        notices.append(
            _(
                "Something went wrong as the page started ({error}); some controls may not "
                "work, reloading may help."
            ).format(error=f"{type(error).__name__}: {error}")
        )
        show_after_failed_boot(app, " ".join(filter(None, notices)))
    finally:
        element("loading").hidden = True
    computer_worker()


async def next_task() -> None:
    """Let the browser run its other tasks (paint, input) before going on: Pyodide's event
    loop resumes the caller in a task of its own."""
    await asyncio.sleep(0)


def show_after_failed_boot(app: App | None, notice: str) -> None:
    """The game as far as the boot got, with ``notice``; or, if even that fails, the notice
    alone and the state `failed`."""
    try:
        app.after_change(notice)
    except Exception:  # no App, or it cannot render
        element("status").textContent = notice
        document.body.dataset.state = "failed"

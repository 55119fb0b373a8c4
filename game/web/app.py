"""PyScript glue: the only module that touches the DOM. It reads DOM events, calls the engine
and :mod:`game.web.session`, and renders with :mod:`game.web.view`; nothing else lives here."""

from __future__ import annotations

import asyncio
import json
import random
import sys
import traceback
from contextlib import suppress
from functools import cache

import js
import pyodide
import pyodide_js
from pyodide.ffi import JsException, create_proxy, to_js

from game import IllegalReason, Move, Piece, find_piece, parse_square, square, square_name
from game.levels import HINT_LEVEL

from . import view
from .ghost import (
    Ghost,
    default_orientation,
    flipped,
    ghost_cells,
    ghost_for_move,
    ghost_move,
    moved,
    on_board,
    piece_for_key,
    rotated,
)
from .puzzles import install as install_puzzles
from .session import SAVE_KEY, GameOptions, Seat, Session, restore_saved

#: Seconds of search per slice before the page gets the event loop back.
SEARCH_SLICE = 0.03
#: Shortest time a computer move takes on screen, so people can follow a computer-only game.
COMPUTER_MOVE_PAUSE = 0.25
NOTICE_SECONDS = 6
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, 1), "ArrowDown": (0, -1)}
DEFAULT_OPTIONS = GameOptions(
    "classic", seats=(Seat("human"), Seat("computer", 2), Seat("computer", 2), Seat("computer", 2))
)

document = js.document


def element(id_: str):
    return document.getElementById(id_)


def stored(key: str) -> str | None:
    """What ``localStorage`` keeps under ``key``; None if nothing, or if the browser gives the
    page no storage."""
    try:
        return js.localStorage.getItem(key)
    except JsException:
        return None


def js_object(**fields):
    """A plain JavaScript object, e.g. the options of addEventListener."""
    return to_js(fields, dict_converter=js.Object.fromEntries)


def listen(target, event: str, handler, **options) -> None:
    """addEventListener with a proxy that lives as long as the page."""
    target.addEventListener(event, create_proxy(handler), js_object(**options))


class App:
    """The page's state beyond the game itself: selection, ghost, the computer's search.

    In puzzle mode it is a :class:`game.web.puzzles` ``PuzzleApp``, which plays a puzzle
    session with the same controls.
    """

    #: Where :meth:`save` keeps the session, and what the page calls it.
    save_key = SAVE_KEY
    saved_name = "game"

    def __init__(self, session: Session):
        self.session = session
        self.ghost: Ghost | None = None
        self.touch = False  # the last pointer was a finger: taps position, Place confirms
        self.generation = 0  # bumped whenever the game changes under a running search
        self.thinking = False
        self.notice_timer = None
        self.hide_notice_later = create_proxy(self.hide_notice)
        self.seed = random.randrange(1 << 30)
        self.storage_failed = False

    # --- rendering --------------------------------------------------------------------------

    @property
    def active_session(self):
        """The session being played (the game's here; a puzzle's in puzzle mode)."""
        return self.session

    @property
    def board(self):
        return self.active_session.board

    @property
    def extent(self) -> tuple[int, int]:
        """The board's width and height in cells."""
        return self.board.geometry.width, self.board.geometry.height

    @property
    def selected(self) -> Piece | None:
        """The piece picked up: the ghost's."""
        return self.ghost.piece if self.ghost else None

    def human_to_move(self) -> bool:
        return self.board.turn is not None and not self.session.is_computer_turn()

    def move_color(self):
        """The colour the ghost is played with."""
        return self.board.turn

    def render(self) -> None:
        show_corners = element("show-corners").checked and self.human_to_move()
        attach_color = self.move_color() if show_corners else None
        element("board-host").innerHTML = self.board_svg(attach_color)
        self.render_trays()
        element("scores").innerHTML = self.scores_html()
        self.render_status()
        self.render_ghost()

    def board_svg(self, attach_color: int | None) -> str:
        return view.game_board_svg(self.board, attach_color=attach_color)

    def scores_html(self) -> str:
        return view.scoreboard_html(self.session)

    def render_status(self) -> None:
        session = self.session
        element("status").textContent = view.status_text(session, thinking=self.thinking)
        element("undo").disabled = not session.can_undo()
        element("redo").disabled = not session.can_redo()
        element("hint").disabled = not self.human_to_move()
        resume = element("continue")
        resume.hidden = not (session.paused and session.is_computer_turn())
        state = "over" if self.board.turn is None else "thinking" if self.thinking else "ready"
        document.body.dataset.state = state

    def render_ghost(self) -> None:
        layer = element("ghost")
        status = element("ghost-status")
        active = self.ghost is not None and self.human_to_move()
        for id_ in ("rotate", "rotate-left", "flip", "place"):
            element(id_).disabled = not active
        if not active:
            layer.innerHTML = status.textContent = ""
            return
        ghost = self.ghost
        reason = self.ghost_reason()
        width, height = self.extent
        color = self.move_color()
        # A puzzle played in free colour order has no colour until a tray's piece is picked.
        name = self.board.variant.color_names[color] if color is not None else "blue"
        layer.innerHTML = view.ghost_svg(
            ghost_cells(ghost), height, color=name, legal=reason is None
        )
        anchor = ghost.anchor if on_board(ghost.anchor, width, height) else (0, 0)
        status.textContent = view.ghost_status(ghost.piece, square_name(square(*anchor)), reason)

    def ghost_reason(self):
        move = ghost_move(self.ghost, *self.extent)
        if move is None:
            return IllegalReason.OFF_BOARD
        return self.board.illegal_reason(move, self.move_color())

    def notify(self, text: str) -> None:
        if not text:
            return
        box = element("notice")
        box.textContent = text
        box.hidden = False
        if self.notice_timer is not None:
            js.clearTimeout(self.notice_timer)
        self.notice_timer = js.setTimeout(self.hide_notice_later, NOTICE_SECONDS * 1000)

    def hide_notice(self, *_):
        element("notice").hidden = True
        self.notice_timer = None

    def save(self) -> None:
        try:
            js.localStorage.setItem(self.save_key, self.active_session.to_json())
        except JsException:  # storage disabled or full: play on, say it once
            if not self.storage_failed:
                self.storage_failed = True
                self.notify(f"This browser does not let the page save the {self.saved_name}.")

    # --- choosing and placing a piece -------------------------------------------------------

    def select(self, piece: Piece) -> None:
        board = self.board
        if not self.human_to_move():
            self.notify("Wait for your turn.")
            return
        if board.is_piece_used(board.turn, piece):
            self.notify(f"{piece.name} has already been played.")
            return
        self.pick_up(piece)

    def pick_up(self, piece: Piece) -> None:
        """Make ``piece`` the ghost: where the last one was, else where it can go."""
        if self.ghost is not None:
            self.ghost = Ghost(piece, default_orientation(piece), self.ghost.anchor)
        else:
            self.ghost = self.starting_ghost(piece)
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
        for move in self.board.legal_moves:
            if move.piece is piece:
                ghost = ghost_for_move(move)
                if ghost.orientation == orientation:
                    return ghost
        width, height = self.extent
        return Ghost(piece, orientation, (width // 2, height // 2))

    def deselect(self) -> None:
        self.ghost = None
        self.render_trays()
        self.render_ghost()

    def render_trays(self) -> None:
        element("trays").innerHTML = view.trays_html(
            self.board, selected=self.selected, human_turn=self.human_to_move()
        )

    def turn_ghost(self, change) -> None:
        if self.ghost is not None and self.human_to_move():
            self.ghost = change(self.ghost)
            self.render_ghost()

    def place(self) -> None:
        if self.ghost is None or not self.human_to_move():
            return
        reason = self.ghost_reason()
        if reason is not None:
            self.notify(f"You cannot place {self.ghost.piece.name} there: it {reason.value}.")
            return
        self.play(ghost_move(self.ghost, *self.extent))

    def play(self, move: Move) -> None:
        self.generation += 1  # a hint still searching the old position is void
        passed = self.session.play(move)
        self.ghost = None
        # At the end the game-over dialog says it all.
        self.after_change(
            view.pass_notice(self.board, passed) if self.board.turn is not None else ""
        )

    def after_change(self, notice: str = "") -> None:
        """Save, render, announce, and hand over to the computer or show the result."""
        self.save()
        computer = self.session.should_computer_move()
        self.thinking = computer  # so no one sees `ready` before the computer starts
        self.render()
        self.notify(notice)
        if self.board.turn is None:
            self.show_game_over()
        elif computer:
            # The generation is read now, not when the task starts: an undo or a new game that
            # comes first (a click can be handled before the task) must cancel this turn.
            asyncio.ensure_future(self.computer_turn(self.generation))

    # --- the computer -----------------------------------------------------------------------

    async def computer_turn(self, generation: int) -> None:
        """Choose a move and play it; cancelled by any change after ``generation``."""
        if generation != self.generation:
            return
        session = self.session
        seat = session.options.seats[session.seat_to_move]
        started = js.performance.now()
        seed = self.seed + self.board.ply()
        move = await self.searched_move(seat.level, seed, generation)
        remaining = COMPUTER_MOVE_PAUSE - (js.performance.now() - started) / 1000
        if remaining > 0:
            await asyncio.sleep(remaining)
        if generation != self.generation or move is None:
            return
        self.thinking = False
        self.play(move)

    async def searched_move(self, level: int, seed: int, generation: int) -> Move | None:
        """The move the computer at ``level`` chooses, searched in slices so that the page stays
        responsive; None if the game changed after ``generation`` or the player is missing."""
        ai = await computer_player()
        if ai is None:  # humans can still play
            self.cancel_thinking()
            self.render_status()
            self.notify("The computer player could not be loaded: reload the page to try again.")
            return None
        if generation != self.generation:
            return None
        search = ai.Search(self.board, level, seed=seed)
        while not search.step(SEARCH_SLICE):
            await asyncio.sleep(0)
            if generation != self.generation:
                search.cancel()
                return None
        return search.best_move

    def cancel_thinking(self) -> None:
        self.generation += 1
        self.thinking = False

    async def hint(self) -> None:
        if not self.human_to_move() or element("hint").disabled:  # one search at a time
            return
        generation = self.generation
        element("hint").disabled = True
        element("status").textContent = "Looking for a good move…"
        move = await self.searched_move(HINT_LEVEL, self.seed, generation)
        if generation != self.generation:
            return
        self.render_status()
        if move is None:
            return
        self.ghost = ghost_for_move(move)
        self.render_trays()
        self.render_ghost()
        self.focus_board()
        self.notify(f"Hint: {move.piece.name} at {move}. Press Place or Enter to play it.")

    # --- undo, redo, new game ---------------------------------------------------------------

    def undo(self) -> None:
        self.cancel_thinking()
        if self.active_session.undo():
            self.ghost = None
            self.after_change()

    def redo(self) -> None:
        self.cancel_thinking()
        if self.active_session.redo():
            self.ghost = None
            self.after_change()

    def resume(self) -> None:
        self.session.resume()
        self.after_change()

    def new_game(self, options: GameOptions) -> None:
        self.cancel_thinking()
        self.session = Session.new(options)
        self.ghost = None
        self.seed = random.randrange(1 << 30)
        self.after_change()

    def show_game_over(self) -> None:
        element("game-over-body").innerHTML = view.game_over_html(self.session)
        dialog = element("game-over-dialog")
        if not dialog.open:
            dialog.showModal()

    # --- events -----------------------------------------------------------------------------

    def square_of(self, event):
        """The board cell (x, y) under an event, or None."""
        name = event.target.getAttribute("data-square") if event.target.getAttribute else None
        if not name:
            return None
        sq = parse_square(name)
        return sq % 20, sq // 20

    def on_pointer_move(self, event) -> None:
        cell = self.square_of(event)
        if cell is None or self.ghost is None:
            return
        if event.pointerType == "touch" and not event.buttons:
            return
        if cell != self.ghost.anchor:
            self.ghost = Ghost(self.ghost.piece, self.ghost.orientation, cell)
            self.render_ghost()

    def on_pointer_down(self, event) -> None:
        self.touch = event.pointerType == "touch"
        if self.touch and event.target.hasPointerCapture(event.pointerId):
            event.target.releasePointerCapture(event.pointerId)  # let the drag cross squares

    def on_board_click(self, event) -> None:
        cell = self.square_of(event)
        if cell is None or self.ghost is None or not self.human_to_move():
            return
        self.ghost = Ghost(self.ghost.piece, self.ghost.orientation, cell)
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
        if not button:
            return
        color = button.dataset.color
        board = self.board
        if board.turn is None or color != board.variant.color_names[board.turn]:
            self.notify(f"It is not {color.capitalize()}'s turn.")
            return
        self.select(find_piece(button.dataset.piece))

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
        elif key == "Escape":
            self.deselect()
        elif key in ARROWS and self.ghost is not None:
            self.turn_ghost(lambda g: moved(g, *ARROWS[key], *self.extent))
        elif key == "Enter" and self.ghost is not None and tag != "BUTTON":
            self.place()
        elif key.lower() == "r" and self.ghost is not None:
            self.turn_ghost(lambda g: rotated(g, clockwise=not event.shiftKey))
        elif key.lower() == "f" and self.ghost is not None and not event.shiftKey:
            self.turn_ghost(flipped)
        elif key.lower() == "h":
            asyncio.ensure_future(self.hint())
        elif len(key) == 1 and self.human_to_move():
            available = self.board.pieces_left(self.board.turn)
            piece = piece_for_key(key, available, self.selected)
            if piece is None:
                return
            self.select(piece)
        else:
            return
        event.preventDefault()

    def open_new_game_dialog(self, *_) -> None:
        form = element("new-game-form")
        options = self.session.options
        for radio in form.querySelectorAll("input[name=mode]"):
            radio.checked = radio.value == options.mode
        form.elements.namedItem("colorless").checked = options.colorless_corners
        form.elements.namedItem("scoring").value = options.scoring
        self.render_seat_choices(options.mode, options.seats)
        element("new-game-dialog").showModal()

    def render_seat_choices(self, mode: str, seats) -> None:
        element("seats").innerHTML = view.seats_form_html(mode, seats)
        form = element("new-game-form")
        form.elements.namedItem("colorless").disabled = mode == "duo"

    def on_mode_change(self, event) -> None:
        if event.target.name == "mode":
            mode = event.target.value
            self.render_seat_choices(mode, ())

    def on_new_game_submit(self, event) -> None:
        if event.submitter is None or event.submitter.value != "start":
            return
        form = element("new-game-form")
        mode = form.querySelector("input[name=mode]:checked").value
        seats = []
        for select in form.querySelectorAll("select[data-seat]"):
            kind, _, level = select.value.partition(":")
            seats.append(Seat(kind, int(level or 2)))
        options = GameOptions(
            mode,
            colorless_corners=mode != "duo" and form.elements.namedItem("colorless").checked,
            scoring=form.elements.namedItem("scoring").value,
            seats=tuple(seats),
        )
        self.new_game(options)

    def bind(self) -> None:
        host = element("board-host")
        listen(host, "pointermove", self.on_pointer_move)
        listen(host, "pointerdown", self.on_pointer_down)
        listen(host, "click", self.on_board_click)
        listen(host, "wheel", self.on_wheel, passive=False)
        # Looked up per click: puzzle mode has its own on_tray_click.
        listen(element("trays"), "click", lambda event: self.on_tray_click(event))
        listen(document, "keydown", self.on_key)
        listen(element("show-corners"), "change", lambda _: self.render())
        actions = {
            "undo": lambda _: self.undo(),
            "redo": lambda _: self.redo(),
            "hint": lambda _: asyncio.ensure_future(self.hint()),
            "rotate": lambda _: self.turn_ghost(rotated),
            "rotate-left": lambda _: self.turn_ghost(lambda g: rotated(g, clockwise=False)),
            "flip": lambda _: self.turn_ghost(flipped),
            "place": lambda _: self.place(),
            "continue": lambda _: self.resume(),
            "new-game": self.open_new_game_dialog,
            "play-again": self.open_new_game_dialog,
            "help": lambda _: element("help-dialog").showModal(),
            "puzzles": lambda _: element("puzzles-dialog").showModal(),
        }
        for id_, handler in actions.items():
            listen(element(id_), "click", handler)
        listen(element("new-game-form"), "change", self.on_mode_change)
        listen(element("new-game-form"), "submit", self.on_new_game_submit)
        for id_ in ("new-game", "puzzles", "help", "show-corners"):
            element(id_).disabled = False


@cache
def computer_player() -> asyncio.Future:
    """:mod:`game.ai`, loaded once in the background after the board is playable: loading and
    importing NumPy takes about 0.7 s of the page's main thread."""
    return asyncio.ensure_future(load_computer_player())


async def load_computer_player():
    """:mod:`game.ai` once NumPy is loaded, or None (the footer says so) if it cannot be."""
    info = element("runtime-info")
    try:
        # Pyodide's loader finds the wheel beside its lock file, in the site itself.
        await pyodide_js.loadPackage("numpy", js_object(messageCallback=lambda _: None))
        import numpy  # the loader logs its errors and returns: the import says if it worked
    except (ImportError, JsException):
        info.textContent = runtime_info("unavailable")
        return None
    import game.ai

    info.textContent = runtime_info(numpy.__version__)
    return game.ai


def engine_timings_json(*_) -> str:
    """For bench/browser.py: the engine timed inside the page."""
    from .timing import engine_timings  # statistics is slow to import and rarely needed

    return json.dumps(engine_timings())


def set_aside(key: str) -> str | None:
    """Move what ``localStorage`` keeps under ``key`` to a key of its own, so that the next
    visit starts afresh and nothing is destroyed; that key, or None if the browser refused."""
    text = stored(key)
    aside = f"{key}.unreadable.{int(js.Date.now())}"
    try:
        js.localStorage.removeItem(key)  # first, so that the quota has room for the copy
        js.localStorage.setItem(aside, text)
    except JsException:
        with suppress(JsException):
            js.localStorage.setItem(key, text)
        return None
    return aside


def restore_stored(key: str, read, what: str):
    """What ``read`` makes of the text stored under ``key`` (None if nothing is), and a
    notice: if the text cannot be read it is set aside and the notice says why and where."""
    value, notice = restore_saved(stored(key), read, what)
    if notice:
        aside = set_aside(key)
        if aside is not None:
            notice += f" It is kept aside in this browser's storage as {aside}."
    return value, notice


def restore() -> tuple[Session, str]:
    """The saved game, or a new one and a notice saying why the saved one was not used."""
    session, notice = restore_stored(SAVE_KEY, Session.from_json, "game")
    if session is not None:
        return session, ""
    if notice:
        notice += " A new game has started."
    return Session.new(DEFAULT_OPTIONS), notice


def runtime_info(numpy_version: str) -> str:
    """The versions the page runs on (NumPy's, or where its loading stands)."""
    python = ".".join(map(str, sys.version_info[:3]))
    return f"Python {python} · NumPy {numpy_version} · Pyodide {pyodide.__version__}"


def start() -> None:
    """Boot the page. It never stays `loading`: unreadable saves are set aside, and any other
    error is shown, with the page running as far as it got."""
    notices = []
    app = None
    try:
        session, game_notice = restore()
        notices.append(game_notice)
        app = App(session)
        app.bind()
        notices.append(install_puzzles(app))
        element("runtime-info").textContent = runtime_info("loading…")
        js.window.pyblokusEngineTimings = create_proxy(engine_timings_json)
        app.after_change(" ".join(filter(None, notices)))
    except Exception as error:  # a bug of ours: show it rather than hang
        js.console.error(traceback.format_exc())
        notices.append(
            f"Something went wrong as the page started ({type(error).__name__}: {error}); "
            "some controls may not work, reloading may help."
        )
        show_after_failed_boot(app, " ".join(filter(None, notices)))
    finally:
        element("loading").hidden = True
    computer_player()


def show_after_failed_boot(app: App | None, notice: str) -> None:
    """The game as far as the boot got, with ``notice``; or, if even that fails, the notice
    alone and the state `failed`."""
    try:
        app.after_change(notice)
    except Exception:  # no App, or it cannot render
        element("status").textContent = notice
        document.body.dataset.state = "failed"

"""The page in game mode: a :class:`~game.web.session.Session` played by humans and computer
seats, the new-game dialog, the game-over dialog. Page code (the DOM through
:mod:`game.web.dom`); the game itself is :mod:`game.web.session`, its views :mod:`game.web.view`.
"""

from __future__ import annotations

import asyncio
import random

from game import Move, Piece
from game.levels import HINT_LEVEL
from game.variants import Color

from . import view
from .dom import element, listen, restore_stored
from .mode import Hint, Page, PageMode, PageStatus
from .search import PlayerUnavailable
from .session import SAVE_KEY, GameOptions, Seat, Session

#: Shortest time a computer move takes on screen, so people can follow a computer-only game.
COMPUTER_MOVE_PAUSE = 0.25
DEFAULT_OPTIONS = GameOptions(
    "classic", seats=(Seat("human"), Seat("computer", 2), Seat("computer", 2), Seat("computer", 2))
)
NO_PLAYER = "The computer player could not be loaded: reload the page to try again."


class GameMode(PageMode):
    """A game: the colour to move plays; computer seats move on their own."""

    save_key = SAVE_KEY
    saved_name = "game"
    session: Session

    def __init__(self, page: Page, session: Session):
        super().__init__(page, session)
        self.seed = random.randrange(1 << 30)
        self.player_missing = False  # the computer player could not be loaded

    def enter(self) -> None:
        pass  # no controls of its own but Continue, which its status shows

    def leave(self) -> None:
        pass  # its save stays until the next game saves over it

    def actions(self):
        return {"continue": self.resume}

    def human_to_move(self) -> bool:
        return self.board.turn is not None and not self.session.is_computer_turn()

    def ghost_color(self) -> Color | None:
        return self.board.turn

    def choose(self, piece: Piece, color: Color | None) -> str | None:
        board = self.board
        if color is not None and color != board.turn:
            return f"It is not {board.color_names[color].capitalize()}'s turn."
        if not self.human_to_move():
            return "Wait for your turn."
        if board.is_piece_used(board.turn, piece):
            return f"{piece.name} has already been played."
        return None

    def board_svg(self, attach_color: Color | None) -> str:
        return view.game_board_svg(self.board, attach_color=attach_color)

    def side_html(self) -> str:
        return view.scoreboard_html(self.session)

    def trays_html(self, selected: Piece | None) -> str:
        return view.trays_html(self.board, selected=selected, human_turn=self.human_to_move())

    def status(self) -> PageStatus:
        session = self.session
        history = session.history
        # Shown from the moment the computer is due, before its search has started.
        thinking = session.should_computer_move() and not self.player_missing
        hinting = self.page.runner.running == "hint"
        if hinting:
            text = "Looking for a good move…"
        else:
            text = view.status_text(session, thinking=thinking)
        return PageStatus(
            text=text,
            state="over" if self.board.turn is None else "thinking" if thinking else "ready",
            disabled={
                "undo": not history.can_undo(),
                "redo": not history.can_redo(),
                "hint": hinting or not self.human_to_move(),
            },
            hidden={"continue": not (session.paused and session.is_computer_turn())},
        )

    def play(self, move: Move) -> str:
        passed = self.session.play(move)
        # At the end the game-over dialog says it all.
        return view.pass_notice(self.board, passed) if self.board.turn is not None else ""

    def next(self) -> None:
        if self.board.turn is None:
            element("game-over-body").innerHTML = view.game_over_html(self.session)
            dialog = element("game-over-dialog")
            if not dialog.open:
                dialog.showModal()
        elif self.session.should_computer_move():
            session = self.session
            level = session.options.seats[session.seat_to_move].level
            seed = self.seed + self.board.ply()
            self.player_missing = False
            search = self.page.runner.start(
                self.board, level, seed, at_least=COMPUTER_MOVE_PAUSE, label="computer"
            )
            asyncio.ensure_future(self._play_computer_move(search))

    async def _play_computer_move(self, search) -> None:
        try:
            move = await search
        except PlayerUnavailable:  # humans can still play
            self.player_missing = True
            self.page.render_status()
            self.page.notify(NO_PLAYER)
            return
        if move is not None:
            self.page.play(move)

    async def hint(self) -> Hint:
        try:
            move = await self.page.runner.start(self.board, HINT_LEVEL, self.seed, label="hint")
        except PlayerUnavailable:
            return Hint(notice=NO_PLAYER)
        return Hint(move, self.board.turn) if move is not None else Hint()

    def resume(self) -> None:
        """Let the computer seats play on after an undo paused them."""
        self.session.resume()
        self.page.after_change()


def restore(page: Page) -> tuple[GameMode, str]:
    """The saved game, or a new one and a notice saying why the saved one was not used."""
    session, notice = restore_stored(SAVE_KEY, Session.from_json, "game")
    if session is None:
        session = Session.new(DEFAULT_OPTIONS)
        if notice:
            notice += " A new game has started."
    return GameMode(page, session), notice


def bind(page: Page, options: GameOptions) -> None:
    """Wire the new-game dialog, which offers ``options`` (then the last game's) first:
    starting a game switches ``page`` to it."""
    form = element("new-game-form")
    last = [options]

    def open_dialog(*_) -> None:
        options = last[0]
        for radio in form.querySelectorAll("input[name=mode]"):
            radio.checked = radio.value == options.mode
        form.elements.namedItem("colorless").checked = options.colorless_corners
        form.elements.namedItem("scoring").value = options.scoring
        render_seat_choices(options.mode, options.seats)
        element("new-game-dialog").showModal()

    def render_seat_choices(mode: str, seats) -> None:
        element("seats").innerHTML = view.seats_form_html(mode, seats)
        form.elements.namedItem("colorless").disabled = mode == "duo"

    def on_change(event) -> None:
        if event.target.name == "mode":
            render_seat_choices(event.target.value, ())

    def on_submit(event) -> None:
        if event.submitter is None or event.submitter.value != "start":
            return
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
        last[0] = options
        page.enter(GameMode(page, Session.new(options)))

    for id_ in ("new-game", "play-again"):
        listen(element(id_), "click", open_dialog)
    listen(form, "change", on_change)
    listen(form, "submit", on_submit)

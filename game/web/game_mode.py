"""The page in game mode: a :class:`~game.web.session.Session` played by humans and computer
seats, the new-game dialog, the game-over dialog. Page code (the DOM through
:mod:`game.web.dom`); the game itself is :mod:`game.web.session`, its views :mod:`game.web.view`
(the board: :mod:`game.web.drawing`).
"""

from __future__ import annotations

import asyncio
import datetime
import random
from enum import Enum

from game import Board, Move, Piece
from game.boundary import InputError
from game.i18n import N_, _, ngettext
from game.levels import MASTER
from game.rating import RATED_VARIANTS, RatingHistory
from game.record import from_blksgf
from game.review import AnalysisResult, biggest_drops, color_title
from game.variants import Color

from . import drawing, how_to_play, review_view, view
from .dom import confirm, element, forget, listen, restore_stored, store, stored
from .mode import Hint, Page, PageMode, PageStatus, Played
from .rated import (
    RATING_KEY,
    rated_options,
    rating_change_html,
    rating_panel_html,
    with_game_over,
)
from .records import Arrival, arrival, session_of
from .search import PlayerUnavailable
from .session import (
    DEFAULT_OPTIONS,
    GAME_TYPES,
    NEW_GAME_STARTED,
    SAVE_KEY,
    GameOptions,
    Occupant,
    Session,
    has_game_in_progress,
)
from .storage import ANALYSIS_KEY, Keeping, keeping_warning

#: Shortest time a computer move takes on screen, so people can follow a computer-only game.
COMPUTER_MOVE_PAUSE = 0.25
NO_PLAYER = N_("The computer player could not be loaded: reload the page to try again.")
#: A hint asked for (the H key) in a game type the computer does not play yet.
NO_HINTS = N_("The computer does not play {game} yet: no hints.")
#: The buttons only a game has (a puzzle hides them).
GAME_ONLY = ("review", "save-game", "share")


class GameMode(PageMode):
    """A game: the colour to move plays; computer seats move on their own."""

    save_key = SAVE_KEY
    saved_name = "game"
    downloadable = True
    session: Session

    def __init__(self, page: Page, session: Session, analysis: AnalysisResult | None = None):
        super().__init__(page, session)
        self.seed = random.randrange(1 << 30)
        self.player_missing = False  # the computer player could not be loaded
        #: The computer's view of the game's positions (see :mod:`game.analysis`), if asked.
        self.analysis = analysis
        #: The player moved along the move list: playing from there asks first.
        self.reviewing = False

    def enter(self) -> None:
        for id_ in GAME_ONLY:
            element(id_).hidden = False

    def leave(self) -> None:
        for id_ in GAME_ONLY:  # its save stays until the next game saves over it
            element(id_).hidden = True

    # --- the line of moves --------------------------------------------------------------

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the line; the computer waits there."""
        session, page = self.session, self.page
        history = session.history
        ply = max(0, min(ply, len(history.moves)))
        page.stop()
        history.goto(ply)
        session.paused = session.is_computer_turn() and history.can_redo()
        self.reviewing = history.can_redo()
        if self.board.turn is None:  # the end, whose dialog was seen: no second showing
            page.save()
            page.render()
        else:
            page.after_change()

    def go(self, where: str | int) -> None:
        if self.session.locked:  # a rated game's moves stand until it is over
            return
        history = self.session.history
        steps = {"first": 0, "previous": history.ply - 1, "next": history.ply + 1}
        self.goto(where if isinstance(where, int) else steps.get(where, len(history.moves)))

    def later_moves(self) -> int:
        history = self.session.history
        return len(history.moves) - history.ply if self.reviewing else 0

    def shown_analysis(self) -> AnalysisResult | None:
        """The analysis, if it is of this game (it is dropped once the game went elsewhere)."""
        if self.analysis is not None and not self.analysis.fits(self.session.history.moves):
            self.analysis = None
            forget(ANALYSIS_KEY)
        return self.analysis

    def render_more(self) -> None:
        history = self.session.history
        moves, ply = history.moves, history.ply
        analysis = self.shown_analysis()
        drops = biggest_drops(analysis) if analysis else []
        variant = self.board.variant
        listing = element("move-list")
        listing.innerHTML = review_view.move_list_html(
            variant, moves, ply=ply, analysis=analysis, drops=drops
        )
        current = listing.querySelector("li.current")
        if current:  # the list scrolls to it, never the page (on phones it is below the board)
            offset = current.getBoundingClientRect().top - listing.getBoundingClientRect().top
            listing.scrollTop += offset - (listing.clientHeight - current.offsetHeight) / 2
        element("analysis").innerHTML = (
            review_view.analysis_html(analysis, variant, ply=ply, drops=drops) if analysis else ""
        )

    def actions(self):
        return {"continue": self.resume}

    def human_to_move(self) -> bool:
        return self.board.turn is not None and not self.session.is_computer_turn()

    def ghost_color(self) -> Color | None:
        return self.board.turn

    def choose(self, piece: Piece, color: Color | None) -> str | None:
        board = self.board
        if color is not None and color != board.turn:
            return _("It is not {color}'s turn.").format(color=color_title(board, color))
        if not self.human_to_move():
            return _("Wait for your turn.")
        if board.is_piece_used(board.turn, piece):
            return _("{piece} has already been played.").format(piece=piece.name)
        return None

    def board_svg(self, attach_color: Color | None) -> str:
        analysis = self.shown_analysis()
        ply = self.session.history.ply
        best = analysis.best[ply] if analysis is not None and ply < len(analysis.best) else None
        return drawing.game_board_svg(self.board, attach_color=attach_color, best_move=best)

    def help_html(self) -> str:
        return how_to_play.game_help_html(self.session.options)

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
        analysing = self.page.runner.running == "analysis"
        locked = session.locked
        # Hints and analysis are the computer's moves: none where it does not play yet.
        absent = not session.game_type.computer_plays
        if hinting:
            text = _("Looking for a good move…")
        else:
            text = view.status_text(session, thinking=thinking)
        return PageStatus(
            text=text,
            state="over" if self.board.turn is None else "thinking" if thinking else "ready",
            disabled={
                "undo": locked or not history.can_undo(),
                "redo": locked or not history.can_redo(),
                "hint": locked or hinting or absent or not self.human_to_move(),
                "first-move": locked or not history.can_undo(),
                "prev-move": locked or not history.can_undo(),
                "next-move": locked or not history.can_redo(),
                "last-move": locked or not history.can_redo(),
                "analyse": locked or analysing or absent or not history.moves,
            },
            hidden={
                "continue": not (session.paused and session.is_computer_turn()),
                "analysis-run": not analysing,
            },
        )

    def play(self, move: Move) -> Played:
        self.reviewing = False
        passed = self.session.play(move)
        return Played(
            # At the end the game-over dialog says it all.
            notice=view.pass_notice(self.board, passed) if self.board.turn is not None else "",
            # Every move, the computer's too, is said (passes and the end with it).
            announcement=view.move_announcement(self.session, passed),
        )

    def finished(self) -> bool:
        return self.board.turn is None

    def next(self) -> None:
        if self.board.turn is None:
            rating = count_rated_game(self.page, self.session) if self.session.options.rated else ""
            element("game-over-body").innerHTML = view.game_over_html(self.session) + rating
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
            self.page.notify(_(NO_PLAYER))
            return
        if move is not None:
            self.page.play(move)

    async def hint(self) -> Hint:
        if self.session.locked:
            return Hint(notice=_("No hints in a rated game."))
        game_type = self.session.game_type
        if not game_type.computer_plays:  # the H key; the button is disabled
            return Hint(notice=_(NO_HINTS).format(game=_(game_type.title)))
        try:
            move = await self.page.runner.start(self.board, MASTER, self.seed, label="hint")
        except PlayerUnavailable:
            return Hint(notice=_(NO_PLAYER))
        return Hint(move, self.board.turn) if move is not None else Hint()

    def resume(self) -> None:
        """Let the computer seats play on after an undo paused them."""
        self.session.resume()
        self.page.after_change()


def rating_history(page: Page) -> RatingHistory:
    """The rated games played in this browser; an unreadable history is set aside (the
    notice says where) and a new one starts."""
    history, notice = restore_stored(RATING_KEY, RatingHistory.from_json, "ratings")
    if notice:
        page.notify(notice + " " + _("Your rating starts afresh."))
    return history or RatingHistory()


def count_rated_game(page: Page, session: Session) -> str:
    """Count ``session``'s finished rated game in the player's rating (once) and keep it; what
    the game-over dialog says of the rating."""
    history = rating_history(page)
    counted = with_game_over(history, session, datetime.date.today().isoformat())
    if counted is not history:
        keeping = store(RATING_KEY, counted.to_json())
        if keeping is not Keeping.KEPT:
            page.notify(keeping_warning(keeping, "rating", downloadable=False))
    return rating_change_html(counted, session.board.variant.name)


def saved_session() -> tuple[Session, str]:
    """The saved game, or a new one and a notice saying why the saved one was not used."""
    session, notice = restore_stored(SAVE_KEY, Session.from_json, "game")
    if session is None:
        session = Session.new(DEFAULT_OPTIONS)
        if notice:
            notice += " " + _(NEW_GAME_STARTED)
    return session, notice


def restore(page: Page) -> tuple[GameMode, str]:
    """The saved game (with its analysis, if one is kept), or a new one and a notice saying
    why the saved one was not used."""
    session, notice = saved_session()
    analysis = None
    kept = stored(ANALYSIS_KEY)
    if kept is not None:
        try:
            analysis = AnalysisResult.from_json(kept, session.board.variant, session.history.moves)
        except InputError:
            forget(ANALYSIS_KEY)  # another game's, or unreadable: it can be made again
    return GameMode(page, session, analysis), notice


def shown_game(page: Page) -> GameMode | None:
    """The game ``page`` shows, or None while it shows a puzzle."""
    mode = page.mode
    return mode if isinstance(mode, GameMode) else None


class Replacing(Enum):
    """What happens to the game here (the game shown, or the saved one while a puzzle is) when
    another arrives."""

    #: Nothing would be lost: the game here is not in progress, or the one arriving is it
    #: played on.
    AT_ONCE = "at once"
    #: The game shown is the one arriving played further (where such a game is refused).
    REFUSED = "refused"
    #: A game in progress would be lost: the player is asked.
    ASKED = "asked"


def replacing(
    page: Page, arriving: Board | None = None, *, refuse_earlier: bool = False
) -> tuple[Replacing, Board]:
    """What happens to the game here when ``arriving`` (if known) comes, and that game's line.
    With ``refuse_earlier``, an ``arriving`` game that the game shown has played further is
    refused."""
    shown = shown_game(page)
    session = shown.session if shown is not None else saved_session()[0]
    here = session.line_board()
    standing = arrival(arriving, here) if arriving is not None else Arrival.OTHER
    if refuse_earlier and shown is not None and standing is Arrival.EARLIER:
        return Replacing.REFUSED, here
    if standing is Arrival.SAME_OR_LATER or not has_game_in_progress(here):
        return Replacing.AT_ONCE, here
    return Replacing.ASKED, here


async def may_replace(
    page: Page, action: str, arriving: Board | None = None, *, refuse_earlier: str = ""
) -> bool:
    """Whether the game here may give way to another, ``arriving`` if known (:func:`replacing`):
    the player is asked if a game in progress would be lost; ``refuse_earlier``, if given, is
    the notice refusing a game that the game shown has played further."""
    how, here = replacing(page, arriving, refuse_earlier=bool(refuse_earlier))
    if how is Replacing.REFUSED:
        page.notify(refuse_earlier)
    if how is not Replacing.ASKED:
        return how is Replacing.AT_ONCE
    moves = here.ply()
    return await confirm(
        _("Abandon the current game?"),
        ngettext(
            "Your game in progress ({count} move) will be replaced. Save or share it first to "
            "keep it.",
            "Your game in progress ({count} moves) will be replaced. Save or share it first to "
            "keep it.",
            moves,
        ).format(count=moves),
        action,
        _("Keep my game"),
    )


def switch_game(page: Page, session: Session) -> None:
    """Switch ``page`` to a new game mode playing ``session`` (its analysis is forgotten), to
    be rendered."""
    forget(ANALYSIS_KEY)
    page.switch(GameMode(page, session))


def enter_game(page: Page, session: Session, notice: str = "") -> None:
    """Switch ``page`` to a new game mode playing ``session`` and show it, with ``notice``."""
    switch_game(page, session)
    page.after_change(notice)


def bind(page: Page, options: GameOptions) -> None:
    """Wire the new-game dialog, which offers ``options`` (then the last game's) first:
    starting a game switches ``page`` to it."""
    form = element("new-game-form")
    last = [options]

    rated_box = form.elements.namedItem("rated")

    def open_dialog(*_) -> None:
        options = last[0]
        for radio in form.querySelectorAll("input[name=mode]"):
            radio.checked = radio.value == options.game_type
        form.elements.namedItem("colorless").checked = options.colorless_corners
        form.elements.namedItem("scoring").value = options.scoring
        rated_box.checked = options.rated
        render_seat_choices(options.game_type, options.seats)
        element("new-game-dialog").showModal()

    def is_rated(type_name: str) -> bool:
        return type_name in RATED_VARIANTS.values() and rated_box.checked

    def render_seat_choices(type_name: str, seats) -> None:
        rated = is_rated(type_name)
        rated_box.disabled = type_name not in RATED_VARIANTS.values()
        element("seats").hidden = rated
        element("seats").innerHTML = view.seats_form_html(type_name, seats)
        panel = element("rated-panel")
        panel.hidden = not rated
        panel.innerHTML = rating_panel_html(rating_history(page), type_name) if rated else ""
        corners = GAME_TYPES[type_name].has_corner_starts
        form.elements.namedItem("colorless").disabled = rated or not corners
        form.elements.namedItem("scoring").disabled = rated

    def on_change(event) -> None:
        if event.target.name == "mode":
            render_seat_choices(event.target.value, ())
        elif event.target.name == "rated":
            type_name = form.querySelector("input[name=mode]:checked").value
            render_seat_choices(type_name, ())

    def on_submit(event) -> None:
        if event.submitter is None or event.submitter.value != "start":
            return
        type_name = form.querySelector("input[name=mode]:checked").value
        if is_rated(type_name):
            options = rated_options(rating_history(page), type_name)
        else:
            seats = []
            for select in form.querySelectorAll("select[data-seat]"):
                kind, _, level = select.value.partition(":")
                seats.append(Occupant(kind, int(level)) if level else Occupant(kind))
            corners = GAME_TYPES[type_name].has_corner_starts
            colorless = corners and form.elements.namedItem("colorless").checked
            options = GameOptions(
                type_name,
                colorless_corners=colorless,
                scoring=form.elements.namedItem("scoring").value,
                seats=tuple(seats),
            )
        last[0] = options
        asyncio.ensure_future(start(options))

    def open_rated_game(event) -> None:
        button = event.target.closest("[data-rated-game]")
        if button:
            element("new-game-dialog").close()
            asyncio.ensure_future(open_rated(int(button.dataset.ratedGame)))

    async def open_rated(index: int) -> None:
        games = rating_history(page).games
        if index >= len(games):  # another tab has changed the history since
            page.notify(_("This rated game is no longer kept here."))
            return
        game = games[index]
        try:
            record = from_blksgf(game.sgf)
        except ValueError as error:  # SgfError and InputError are ValueErrors
            page.notify(
                _("This rated game could not be opened: {error}. Your game is as it was.").format(
                    error=error
                )
            )
            return
        if await may_replace(page, _("Open the rated game"), record.board):
            enter_game(
                page,
                session_of(record),
                _("Rated game of {date} opened: review it with the move list.").format(
                    date=game.date
                ),
            )

    async def start(options: GameOptions) -> None:
        if await may_replace(page, _("Abandon it")):
            enter_game(page, Session.new(options))

    for id_ in ("new-game", "play-again"):
        listen(element(id_), "click", open_dialog)
    listen(form, "change", on_change)
    listen(form, "submit", on_submit)
    listen(element("rated-panel"), "click", open_rated_game)

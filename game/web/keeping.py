"""Page code for games kept and shared: Save and Open (``.blksgf``, by the file picker or a
file dropped on the board), Share (the URL fragment, the clipboard, the Web Share API), a game
arriving by link, the move list's buttons and the analysis (run in the computer player's worker
by the page's runner).

The engine does the work (:mod:`game.record`, :mod:`game.link`, :mod:`game.analysis`); the
game mode (:mod:`game.web.game_mode`) shows the move list and the analysis.
"""

from __future__ import annotations

import asyncio
import datetime
from contextlib import suppress

import js
from pyodide.ffi import JsException, create_proxy, to_js

from game.boundary import MAX_TEXT_CHARS
from game.i18n import _
from game.link import LinkError, from_fragment, is_game_fragment, to_fragment
from game.record import GameRecord, from_blksgf, to_blksgf
from game.review import color_title

from . import view
from .dom import document, element, js_object, listen, store
from .game_mode import (
    NO_PLAYER,
    GameMode,
    Replacing,
    enter_game,
    may_replace,
    replacing,
    shown_game,
    switch_game,
)
from .mode import Page
from .records import link_notice, record_of, session_of
from .search import PlayerUnavailable
from .session import Session
from .storage import ANALYSIS_KEY


def bind(page: Page) -> None:
    """Wire the buttons of records, links, the move list and the analysis to ``page``."""

    def on(id_: str, handler, event: str = "click") -> None:
        listen(element(id_), event, handler)

    def later(make_coroutine):
        return lambda *args: asyncio.ensure_future(make_coroutine(*args))

    def in_game(action):
        """A handler doing ``action`` with the game shown (these controls show only then)."""

        def handler(*_) -> None:
            mode = shown_game(page)
            if mode is not None:
                action(mode)

        return handler

    def jump(event) -> None:
        target = event.target.closest("[data-move]")
        if target:
            page.mode.go(int(target.dataset.move))

    def share_from_game_over(mode: GameMode) -> None:
        element("game-over-dialog").close()
        share(page, mode)

    def review(_) -> None:
        page.mode.go("first")
        element("move-list").querySelector("button").focus()

    def chosen(event) -> None:
        files = event.target.files
        if files.length:
            asyncio.ensure_future(open_file(page, files.item(0)))
        event.target.value = ""  # the same file can be chosen again

    def drag_over(event) -> None:
        event.preventDefault()
        element("board-host").classList.add("drop-target")

    def drop(event) -> None:
        event.preventDefault()
        element("board-host").classList.remove("drop-target")
        files = event.dataTransfer.files if event.dataTransfer else None
        if files and files.length:
            asyncio.ensure_future(open_file(page, files.item(0)))

    on("open-game", lambda _: element("open-file").click())
    on("open-file", chosen, "change")
    for id_ in ("save-game", "game-over-save", "keeping-save"):
        on(id_, in_game(save_file))
    on("share", in_game(lambda mode: share(page, mode)))
    on("game-over-share", in_game(share_from_game_over))
    on("share-copy", later(lambda _: copy_link(page)))
    on("share-native", later(lambda _: share_natively()))
    on("review-game", review)
    on("analyse", in_game(lambda mode: asyncio.ensure_future(analyse(page, mode))))
    on("analysis-cancel", lambda _: page.stop())
    on("move-list", jump)
    on("analysis", jump)
    for id_, where in (
        ("first", "first"),
        ("prev", "previous"),
        ("next", "next"),
        ("last", "last"),
    ):
        on(f"{id_}-move", lambda _, where=where: page.mode.go(where))
    host = element("board-host")
    listen(host, "dragover", drag_over)
    listen(host, "dragleave", lambda _: host.classList.remove("drop-target"))
    listen(host, "drop", drop)
    listen(js.window, "hashchange", later(lambda _: open_fragment(page, js.location.hash)))
    for id_ in ("open-game", "save-game", "share"):
        element(id_).disabled = False


# --- games from outside ---------------------------------------------------------------------


def linked_session(record: GameRecord) -> Session:
    """A session playing ``record``'s game from its last position; a computer to move waits
    (Continue)."""
    session = session_of(record)
    session.paused = session.is_computer_turn()
    return session


def load(page: Page, record: GameRecord, notice: str) -> None:
    """Play ``record``'s game from its last position, with ``notice``."""
    enter_game(page, linked_session(record), notice)


async def open_file(page: Page, file) -> None:
    """Open the ``.blksgf`` ``file`` (a File of the picker or of a drop)."""
    name = file.name
    if file.size > MAX_TEXT_CHARS:  # a real record is a few KB
        page.notify(
            _("{file} is too large to be a game record. Your game is as it was.").format(file=name)
        )
        return
    try:
        record = from_blksgf(await file.text())
    except (ValueError, JsException) as error:  # SgfError and InputError are ValueErrors
        page.notify(
            _("{file} could not be opened: {error}. Your game is as it was.").format(
                file=name, error=error
            )
        )
        return
    if await may_replace(page, _("Open the file"), record.board):
        opened = _("{file} opened.").format(file=name)
        load(page, record, f"{opened} {view.status_text(session_of(record))}")


def linked_game(fragment: str) -> tuple[GameRecord | None, str]:
    """The game of a link's URL ``fragment``, or None and the notice saying why it cannot be
    opened (no notice: the fragment holds no game). The fragment is removed from the URL: the
    game is in the page's own save from then on."""
    if not is_game_fragment(fragment):
        return None, ""
    js.history.replaceState(js.undefined, "", js.location.pathname + js.location.search)
    try:
        return from_fragment(fragment), ""
    except LinkError as error:
        refusal = _("This link could not be opened: {error}. Your game is as it was.")
        return None, refusal.format(error=error)


async def open_fragment(page: Page, fragment: str) -> None:
    """Open the game of a link's fragment (when the fragment changes)."""
    record, refusal = linked_game(fragment)
    page.notify(refusal)
    if record is not None:
        await open_link(page, record)


async def open_link(page: Page, record: GameRecord) -> None:
    """Open ``record``, a link's game, if the game here may give way to it."""
    if await may_replace(
        page,
        _("Open the linked game"),
        record.board,
        refuse_earlier=_("You already have this game, further on."),
    ):
        load(page, record, link_notice(record))


def open_link_at_start(page: Page, fragment: str) -> tuple[GameRecord | None, str]:
    """As the page starts, before its first render: switch ``page`` to the game of the link's
    ``fragment`` if that loses nothing, so that the page draws it first rather than the game it
    replaces (static/layout.js has laid its board out). Returns the link's game if it is still
    to be opened (:func:`open_link`) once the game here shows (the player is asked first, or
    told that the game shown is further on), and the notice to say: the link's, or why it is
    refused."""
    record, refusal = linked_game(fragment)
    if record is None:
        return None, refusal
    if replacing(page, record.board, refuse_earlier=True)[0] is not Replacing.AT_ONCE:
        return record, ""
    switch_game(page, linked_session(record))
    return None, link_notice(record)


# --- the game going out ---------------------------------------------------------------------


def save_file(mode: GameMode) -> None:
    """Download the game (its whole line of moves) as a ``.blksgf`` file."""
    text = to_blksgf(record_of(mode.session, mode.session.line_board()))
    today = datetime.date.today().isoformat()
    blob = js.Blob.new(to_js([text]), js_object(type="application/x-blokus-sgf"))
    url = js.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = f"pyblokus-{mode.board.variant.name}-{today}.blksgf"
    link.click()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 10_000)


def share(page: Page, mode: GameMode) -> None:
    """Put the game in the page's URL, copy the link, and show it to copy or share again."""
    board = mode.session.line_board()
    fragment = to_fragment(record_of(mode.session, board))
    js.history.replaceState(js.undefined, "", "#" + fragment)
    element("share-link").value = js.location.href
    element("share-text").textContent = share_text(board)
    element("share-native").hidden = not hasattr(js.navigator, "share")
    element("share-dialog").showModal()
    asyncio.ensure_future(copy_link(page))


def share_text(board) -> str:
    """What the share dialog says: for a game going on, whose move it is and what to do."""
    if board.turn is None:
        return _("Whoever opens this link sees the whole game and can review it.")
    return _(
        "Send this link. It opens this game with {color} to move: whoever plays {color} makes "
        "the move, then shares the link back. The game travels in the link itself."
    ).format(color=color_title(board, board.turn))


async def copy_link(page: Page) -> None:
    try:
        await js.navigator.clipboard.writeText(element("share-link").value)
    except (JsException, AttributeError):  # no clipboard for the page: copy by hand
        element("share-link").select()
        page.notify(_("Copy the selected link (Ctrl+C)."))
        return
    page.notify(_("Link copied."))


async def share_natively() -> None:
    with suppress(JsException):  # the player closed the share sheet
        await js.navigator.share(js_object(title="pyblokus", url=element("share-link").value))


# --- analysis -------------------------------------------------------------------------------


async def analyse(page: Page, mode: GameMode) -> None:
    """Analyse the game's whole line with the top computer level, in the page's runner (a
    computer move due stops it; Cancel too), then show it and keep it."""
    progress = element("analysis-progress")
    progress.value = 0

    def show_progress(done: float) -> None:
        progress.value = done

    try:
        result = await page.runner.analyse(mode.session.line_board(), show_progress)
    except PlayerUnavailable:
        page.notify(_(NO_PLAYER))
        return
    if result is None or page.mode is not mode:
        if page.runner.running is None:  # cancelled, not replaced: a computer due goes on
            page.after_change(_("Analysis stopped."))
        return
    mode.analysis = result
    store(ANALYSIS_KEY, result.to_json())  # without storage it lasts this visit
    page.after_change(_("Analysis done: the graph shows each player's value move by move."))

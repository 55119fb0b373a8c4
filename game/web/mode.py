"""What the page does differently per mode (a game, a puzzle): the interface the page's
:class:`~game.web.app.App` holds its mode by. The App owns what every mode shares (the ghost,
keys and pointer, notices, rendering, saving, the search runner); each mode module
(:mod:`game.web.game_mode`, :mod:`game.web.puzzle_mode`) implements this for its session.

No DOM here: the interface, and :class:`PageStatus`, a mode's status line and controls as data.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from game import Move, Piece
from game.history import History
from game.variants import Color

from .ghost import Ghost
from .search import SearchRunner


@dataclass(frozen=True)
class Hint:
    """What a hint found: a move and the colour to play it with, or the notice saying why
    there is none ("" if it was cancelled)."""

    move: Move | None = None
    color: Color | None = None
    notice: str = ""


@dataclass(frozen=True)
class PageStatus:
    """The status line, the page's ``data-state``, and which buttons are disabled or hidden
    (by element id)."""

    text: str
    state: str
    disabled: Mapping[str, bool] = field(default_factory=dict)
    hidden: Mapping[str, bool] = field(default_factory=dict)


class Session(Protocol):
    """What a mode's session offers the page: its history, undo and redo, its saved form."""

    history: History

    def undo(self) -> int | bool: ...

    def redo(self) -> int | bool: ...

    def to_json(self) -> str: ...


class Page(Protocol):
    """What a mode may ask of the page that holds it."""

    runner: SearchRunner
    mode: PageMode
    ghost: Ghost | None

    def notify(self, text: str) -> None: ...

    def render(self) -> None: ...

    def render_status(self) -> None: ...

    def save(self) -> None: ...

    def play(self, move: Move) -> None: ...

    def stop(self) -> None:
        """End the search or job running."""

    def after_change(self, notice: str = "") -> None:
        """Save, render and announce a change, then let the mode go on (:meth:`PageMode.next`)."""

    def enter(self, mode: PageMode) -> None:
        """Switch to ``mode`` and show it."""

    def switch(self, mode: PageMode) -> None:
        """Switch to ``mode`` (rendered by the caller)."""


class PageMode(ABC):
    """One mode of the page, playing ``session`` on the shared controls of ``page``."""

    #: Where the page saves the session (``localStorage``), and what it calls it to players.
    save_key: ClassVar[str]
    saved_name: ClassVar[str]
    #: Whether Save game can download it (as a ``.blksgf`` record).
    downloadable: ClassVar[bool] = False

    def __init__(self, page: Page, session: Session):
        self.page = page
        self.session = session

    @property
    def board(self):
        return self.session.history.board

    @abstractmethod
    def enter(self) -> None:
        """Show the mode's own controls (the page renders after)."""

    @abstractmethod
    def leave(self) -> None:
        """Hide them again, and drop what the mode saved (the page reloads in the next mode)."""

    def actions(self) -> Mapping[str, Callable[[], object]]:
        """The mode's own buttons (element id -> what a click does)."""
        return {}

    @abstractmethod
    def human_to_move(self) -> bool:
        """Whether a player may pick and place a piece now."""

    @abstractmethod
    def ghost_color(self) -> Color | None:
        """The colour a picked piece is played with (None: not chosen yet)."""

    @abstractmethod
    def choose(self, piece: Piece, color: Color | None) -> str | None:
        """Let a player pick ``piece`` (of ``color`` if a tray says which): None if allowed,
        else the notice saying why not ("" for none)."""

    @abstractmethod
    def board_svg(self, attach_color: Color | None) -> str: ...

    def render_more(self) -> None:
        """Draw what only this mode shows (page code), after the shared controls."""
        return  # most modes show nothing more

    def later_moves(self) -> int:
        """How many later moves playing now would throw away (the page asks first)."""
        return 0

    def go(self, where: str | int) -> None:
        """Show another position of the moves: ``first``, ``previous``, ``next``, ``last`` or
        the one after that many moves (nothing in a mode without a move list)."""
        return

    @abstractmethod
    def help_html(self) -> str:
        """The body of How to play, for what is being played."""

    @abstractmethod
    def side_html(self) -> str:
        """The panel beside the board (scores, progress)."""

    @abstractmethod
    def trays_html(self, selected: Piece | None) -> str: ...

    @abstractmethod
    def status(self) -> PageStatus:
        """The status line and controls (the runner says what, if anything, it runs)."""

    @abstractmethod
    def play(self, move: Move) -> str:
        """Play a player's (or the computer's) move; the notice to show ("" for none)."""

    def after_change(self, notice: str) -> str:
        """Note a change before the page saves and renders it; the notice to show."""
        return notice

    @abstractmethod
    def finished(self) -> bool:
        """Whether the game is over or the puzzle solved (the page sounds the end)."""

    @abstractmethod
    def next(self) -> None:
        """What follows a change as it is shown (the computer's turn, the game's end)."""

    @abstractmethod
    async def hint(self) -> Hint:
        """A move to suggest, searched with the page's runner."""

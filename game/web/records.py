"""A page session as a :class:`~game.record.GameRecord` (for files and links) and back, and
what to do when a game arrives from outside. Pure Python, no DOM.

>>> from game import Move
>>> session = Session.new(GameOptions("duo", seats=(HUMAN_OCCUPANT, Occupant("computer", 4))))
>>> session.play(Move.parse("e10"))
frozenset()
>>> record = record_of(session)
>>> record.seats, session_of(record).options == session.options
((0, 4), True)
"""

from __future__ import annotations

from enum import Enum

from game.board import Board
from game.history import History
from game.i18n import _
from game.record import HUMAN, GameRecord
from game.review import color_title

from .session import GAME_TYPES, HUMAN_OCCUPANT, GameOptions, Occupant, Session, game_type_of


def record_of(session: Session, board: Board | None = None) -> GameRecord:
    """The game of ``session``: its board, or ``board`` (e.g. the end of its line of moves)."""
    seats = tuple(HUMAN if not s.is_computer else s.level for s in session.options.seats)
    return GameRecord(
        board or session.board, seats, seat_per_color=session.game_type.seat_per_color
    )


def session_of(record: GameRecord) -> Session:
    """A session playing ``record``'s game from its last position (its computer seats played
    by humans where the computer does not play its variant)."""
    board = record.board
    type_name = game_type_of(board.variant.name, record.seat_per_color)
    computer_plays = GAME_TYPES[type_name].computer_plays
    options = GameOptions(
        type_name,
        colorless_corners=board.colorless_corners,
        scoring=board.scoring,
        seats=tuple(
            HUMAN_OCCUPANT if s == HUMAN or not computer_plays else Occupant("computer", s)
            for s in record.seats
        ),
    )
    return Session(options, History(board.copy()))


class Arrival(Enum):
    """How a game arriving from outside (a file, a link) stands to the game here."""

    #: The same game, or that game played on (as a link sent back in a game played on two
    #: devices): opening it over the game here loses nothing.
    SAME_OR_LATER = "same or later"
    #: An earlier position of the game here, which has been played further since.
    EARLIER = "earlier"
    OTHER = "other"


def arrival(arriving: Board, here: Board) -> Arrival:
    """How ``arriving``'s game stands to ``here``'s (their moves compared once)."""
    if arriving.variant != here.variant or arriving.setup != here.setup:
        return Arrival.OTHER
    arriving_moves, here_moves = arriving.move_stack, here.move_stack
    common = min(len(arriving_moves), len(here_moves))
    if arriving_moves[:common] != here_moves[:common]:
        return Arrival.OTHER
    return Arrival.SAME_OR_LATER if len(arriving_moves) >= len(here_moves) else Arrival.EARLIER


def link_notice(record: GameRecord) -> str:
    """The notice of a game opened from a link: whose move, and to send the link back."""
    board = record.board
    if board.turn is None:
        return _("Game from the link opened: it is over; review it with the move list.")
    return _(
        "Game from the link opened, {color} to move. Play your move, then press Share and send "
        "the link back."
    ).format(color=color_title(board, board.turn))

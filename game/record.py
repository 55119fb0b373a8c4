"""A game as it is kept and passed on: the board with its moves and who sits at each seat, and its
``.blksgf`` file (Pentobi's format, :mod:`game.sgf`) with the seats as player names.

A seat is a plain int: :data:`HUMAN` (0) for a person, else the computer's level
(:data:`game.levels.LEVEL_NAMES`). A variant has one seat per player, or with
``seat_per_color`` one per colour (two teams in ``classic_2``, each colour its own seat).

>>> from game import Board, Move
>>> board = Board("duo")
>>> board.push(Move.parse("e10,f10"))
>>> text = to_blksgf(GameRecord(board, seats=(HUMAN, 4)), DT=None)
>>> print(text, end="")
(
;GM[Blokus Duo]CA[UTF-8]AP[pyblokus:0.1.0]PB[Human]PW[Computer (Expert)]
;B[e10,f10]
)
>>> record = from_blksgf(text)
>>> record.seats, record.board.move_stack
((0, 4), [(0, Move.parse('e10,f10'))])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .board import Board
from .i18n import _
from .levels import LEVEL_NAMES
from .sgf import read_sgf, read_sgf_headers, write_sgf

Seat = int
"""Who plays a seat: :data:`HUMAN`, or a computer level."""

HUMAN: Seat = 0
#: How several seats of one player (a team) are joined in a player name.
SEAT_JOIN = " & "


def seat_count(board: Board, seat_per_color: bool) -> int:
    """How many seats a game on ``board`` has."""
    variant = board.variant
    return len(variant.colors) if seat_per_color else variant.num_players


@dataclass(frozen=True)
class GameRecord:
    """A game: the board (setup, moves, options) and its seats.

    ``headers`` are other root properties of a record (players' names, event, date, comment),
    kept when a record is opened and written again when it is saved.
    """

    board: Board
    seats: tuple[Seat, ...]
    seat_per_color: bool = False
    headers: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self):
        if self.seat_per_color and self.board.variant.name != "classic_2":
            raise ValueError(_("a seat per colour exists only in the two-team game"))
        expected = seat_count(self.board, self.seat_per_color)
        if len(self.seats) != expected:
            raise ValueError(
                _("this game has {expected} seats, not {count}").format(
                    expected=expected, count=len(self.seats)
                )
            )
        for seat in self.seats:
            if seat != HUMAN and seat not in LEVEL_NAMES:
                raise ValueError(_("no computer level {level}").format(level=repr(seat)))

    def player_seats(self) -> list[tuple[Seat, ...]]:
        """Per scoring player, the seats that play its colours."""
        colors = self.board.variant.player_colors
        if not self.seat_per_color:
            return [(seat,) for seat in self.seats]
        return [tuple(self.seats[c] for c in player) for player in colors]


def seat_name(seat: Seat) -> str:
    """What a record calls a seat: ``'Human'`` or ``'Computer (Expert)'``."""
    return "Human" if seat == HUMAN else f"Computer ({LEVEL_NAMES[seat]})"


def parse_seat(name: str) -> Seat:
    """The seat a player name stands for: a computer if :func:`seat_name` wrote it, else a
    human (any other name is a person's)."""
    for level, level_name in LEVEL_NAMES.items():
        if name.strip() == f"Computer ({level_name})":
            return level
    return HUMAN


def player_properties(board: Board) -> tuple[str, ...]:
    """The root properties naming each player: ``PB``/``PW`` with two players, else ``P1``..."""
    n = board.variant.num_players
    return ("PB", "PW") if n == 2 else tuple(f"P{i + 1}" for i in range(n))


def to_blksgf(record: GameRecord, **root_properties: str | None) -> str:
    """The ``.blksgf`` text of ``record``: its headers, player names from its seats (a human
    seat keeps the name the record had), then ``root_properties`` (e.g. ``DT=None``)."""
    headers = dict(record.headers)
    for ident, seats in zip(player_properties(record.board), record.player_seats(), strict=True):
        old = headers.get(ident, "")
        keep = seats == (HUMAN,) and old and SEAT_JOIN not in old and parse_seat(old) == HUMAN
        if not keep:
            headers[ident] = SEAT_JOIN.join(seat_name(seat) for seat in seats)
    headers.update(root_properties)
    return write_sgf(record.board, **headers)


def from_blksgf(text: str) -> GameRecord:
    """The game in a ``.blksgf`` record, at its last position. Seats come from the player
    names :func:`to_blksgf` writes; any other name is a human. A two-player Classic record whose
    names list a seat per colour (``'Human & Computer (Strong)'``) is a two-team game.

    Raises :class:`game.sgf.SgfError` (a ``ValueError``) for a record that cannot be read.
    """
    board = read_sgf(text)
    headers = read_sgf_headers(text)
    names = [headers.get(ident, "") for ident in player_properties(board)]
    parts = [name.split(SEAT_JOIN) for name in names]
    colors = board.variant.player_colors
    per_color = board.variant.name == "classic_2" and all(
        len(p) == len(c) for p, c in zip(parts, colors, strict=True)
    )
    if per_color:
        seats = [HUMAN] * len(board.variant.colors)
        for player_parts, player_colors in zip(parts, colors, strict=True):
            for part, color in zip(player_parts, player_colors, strict=True):
                seats[color] = parse_seat(part)
        return GameRecord(board, tuple(seats), seat_per_color=True, headers=headers)
    return GameRecord(board, tuple(parse_seat(name) for name in names), headers=headers)

"""A game as the page plays it: the board, who sits at each seat, undo/redo, saving.

Pure Python (no DOM): the page's game mode (:mod:`game.web.game_mode`) plays it.

>>> session = Session.new(GameOptions("duo", seats=(HUMAN_OCCUPANT, Occupant("computer", 1))))
>>> session.play(Move.parse("e10"))
frozenset()
>>> session.board.turn, session.seat_to_move
(1, 1)
>>> session.is_computer_turn()
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from game import SCORING_MODES, Board, Move
from game.boundary import InputError, load_json
from game.history import History
from game.i18n import N_, _
from game.levels import LEVEL_NAMES, PLAYED_VARIANTS
from game.rating import RATED_VARIANTS
from game.review import color_title
from game.sgf import read_sgf, write_sgf
from game.variants import VARIANTS, Color

SAVE_KEY = "pyblokus.game"
SAVE_FORMAT = "pyblokus-save"
SAVE_VERSION = 1
T = TypeVar("T")


#: The longest reason a notice quotes.
REASON_CHARS = 200


def read_saved(text: str, save_format: str, version: int, what: str) -> dict:
    """The JSON object of a save of ``save_format`` and ``version``, read within the bounds
    of :func:`game.boundary.load_json`. Raises :class:`InputError` for anything else (the
    notice of :func:`restore_saved` says which save, ``what``)."""
    data = load_json(text, N_("the save"))
    if not isinstance(data, dict) or data.get("format") != save_format:
        raise InputError(_(NOT_OURS[what]))
    saved_version = data.get("version")
    if type(saved_version) is not int:
        raise InputError(_("the save has no version number"))
    if saved_version != version:
        raise InputError(
            _("the save's version {version} is not supported").format(version=saved_version)
        )
    return data


def restore_saved(saved: str | None, read: Callable[[str], T], what: str) -> tuple[T | None, str]:
    """What ``read`` makes of the ``saved`` text (None if nothing was saved), or None and the
    notice saying why it cannot be used. Whatever ``read`` raises is caught: a save comes from
    outside, and the page must start even if a reader has a bug (the page keeps the save aside).

    >>> restore_saved('{"format": "x"}', Session.from_json, "game")
    (None, 'Your saved game could not be restored (the save is not a pyblokus game).')
    """
    if saved is None:
        return None, ""
    try:
        return read(saved), ""
    except InputError as error:
        reason = str(error)
    except Exception as error:  # a bug of ours: still say what went wrong
        reason = _("unexpected {error}").format(error=f"{type(error).__name__}: {error}")
    if len(reason) > REASON_CHARS:
        reason = reason[:REASON_CHARS] + "…"
    return None, _(NOT_RESTORED[what]).format(reason=reason)


#: Why a save of another format is refused, by what it should keep.
NOT_OURS = {
    "game": N_("the save is not a pyblokus game"),
    "puzzle": N_("the save is not a pyblokus puzzle"),
}
#: The notice that a save could not be restored, by what it kept.
NOT_RESTORED = {
    "game": N_("Your saved game could not be restored ({reason})."),
    "puzzle": N_("Your saved puzzle could not be restored ({reason})."),
    "best times": N_("Your saved best times could not be restored ({reason})."),
    "ratings": N_("Your saved ratings could not be restored ({reason})."),
}
#: Said after the notice that the saved game could not be restored.
NEW_GAME_STARTED = N_("A new game has started.")


def aside_notice(notice: str, aside: str | None) -> str:
    """``notice`` (:func:`restore_saved`'s) saying where the save it speaks of is kept aside:
    under the key ``aside`` (None: the browser would not keep it).

    >>> aside_notice("Not restored (x).", "pyblokus.game.unreadable.1")
    "Not restored (x). It is kept aside in this browser's storage as pyblokus.game.unreadable.1."
    """
    if aside is None:
        return notice
    kept = _("It is kept aside in this browser's storage as {key}.").format(key=aside)
    return f"{notice} {kept}"


@dataclass(frozen=True)
class GameType:
    """A game type of the new-game dialog: an engine variant and who the seats are."""

    name: str
    title: str  # in English: translated where shown
    variant: str
    #: One seat per colour (two teams) instead of one per player of the variant.
    seat_per_color: bool = False

    @property
    def computer_plays(self) -> bool:
        """Whether the computer player plays this type's variant (else every seat is human)."""
        return self.variant in PLAYED_VARIANTS

    @property
    def has_corner_starts(self) -> bool:
        """Whether colours start in the board's corners (then they may be colourless)."""
        variant = VARIANTS[self.variant]
        return variant.size == 20 and not variant.triangles

    def seat_names(self) -> tuple[str, ...]:
        """The seats' labels: the colours each seat moves."""
        variant = VARIANTS[self.variant]
        names = [color_title(variant, c) for c in variant.colors]
        if self.seat_per_color:
            return tuple(names)
        return tuple(" & ".join(names[c] for c in colors) for colors in variant.player_colors)


GAME_TYPES: dict[str, GameType] = {
    t.name: t
    for t in (
        GameType("classic", N_("4 players"), "classic"),
        GameType("classic_2", N_("2 players"), "classic_2"),
        GameType("classic_3", N_("3 players"), "classic_3"),
        GameType("teams", N_("Two teams"), "classic_2", seat_per_color=True),
        GameType("duo", N_("Duo"), "duo"),
        GameType("junior", N_("Junior"), "junior"),
        GameType("trigon", N_("Trigon, 4 players"), "trigon"),
        GameType("trigon_2", N_("Trigon, 2 players"), "trigon_2"),
        GameType("trigon_3", N_("Trigon, 3 players"), "trigon_3"),
    )
}


def game_type_of(variant: str, seat_per_color: bool) -> str | None:
    """The game type playing ``variant`` with a seat per colour (else per player), if any.

    >>> game_type_of("classic_2", True), game_type_of("duo", False), game_type_of("duo", True)
    ('teams', 'duo', None)
    """
    return next(
        (
            t.name
            for t in GAME_TYPES.values()
            if t.variant == variant and t.seat_per_color == seat_per_color
        ),
        None,
    )


def has_game_in_progress(board: Board) -> bool:
    """Whether replacing the game of ``board`` would throw one away: it has moves and is not
    over."""
    return board.ply() > 0 and board.turn is not None


#: The level a computer seat gets unless the player chooses another: Expert, about Pentobi's level
#: 1, neither a walkover nor a beating for most players (the ladder has more rungs below it).
DEFAULT_LEVEL = 4


@dataclass(frozen=True)
class Occupant:
    """Who plays a seat: a human, or the computer at one of :data:`game.levels.LEVEL_NAMES`.
    (A game's record keeps the same as a plain int, :data:`game.record.Seat`.)"""

    kind: str  # "human" | "computer"
    level: int = DEFAULT_LEVEL

    def __post_init__(self):
        if self.kind not in ("human", "computer"):
            raise ValueError(
                _("a seat is human or computer, not {kind}").format(kind=repr(self.kind))
            )
        if self.level not in LEVEL_NAMES:
            raise ValueError(_("no computer level {level}").format(level=repr(self.level)))

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"


HUMAN_OCCUPANT = Occupant("human")


def default_seats(type_name: str) -> tuple[Occupant, ...]:
    """The seats a game type starts with: one human (the first colour) against the computer,
    or humans alone where the computer does not play.

    >>> [seat.kind for seat in default_seats("duo")]
    ['human', 'computer']
    """
    game_type = GAME_TYPES[type_name]
    count = len(game_type.seat_names())
    other = Occupant("computer", DEFAULT_LEVEL) if game_type.computer_plays else HUMAN_OCCUPANT
    return (HUMAN_OCCUPANT, *(other,) * (count - 1))


@dataclass(frozen=True)
class GameOptions:
    """Everything the new-game dialog decides."""

    game_type: str = "classic"
    colorless_corners: bool = False
    scoring: str = "points"
    seats: tuple[Occupant, ...] = ()
    #: A rated game (:mod:`game.rating`): one human against the computer, by the standard
    #: rules, no undo and no hint while it goes on; its result moves the player's rating.
    rated: bool = False

    def __post_init__(self):
        if self.game_type not in GAME_TYPES:
            raise ValueError(
                _("unknown game type {game_type}").format(game_type=repr(self.game_type))
            )
        if self.scoring not in SCORING_MODES:
            raise ValueError(_("unknown scoring {scoring}").format(scoring=repr(self.scoring)))
        game_type = GAME_TYPES[self.game_type]
        if self.colorless_corners and not game_type.has_corner_starts:
            raise ValueError(_("colourless start corners exist only in the Classic variants"))
        expected = len(game_type.seat_names())
        if not self.seats:
            object.__setattr__(self, "seats", (HUMAN_OCCUPANT,) * expected)
        elif len(self.seats) != expected:
            raise ValueError(
                _("{game_type} has {expected} seats, not {count}").format(
                    game_type=self.game_type, expected=expected, count=len(self.seats)
                )
            )
        if not game_type.computer_plays and any(seat.is_computer for seat in self.seats):
            raise ValueError(
                _("the computer does not play {game} yet").format(game=_(game_type.title))
            )
        if self.rated:
            humans = [seat for seat in self.seats if not seat.is_computer]
            if (
                self.game_type not in RATED_VARIANTS.values()
                or len(humans) != 1
                or self.colorless_corners
                or self.scoring != "points"
            ):
                raise ValueError(
                    _(
                        "a rated game is Duo or 2 players, by the standard rules, one human "
                        "against the computer"
                    )
                )

    def new_board(self) -> Board:
        return Board(
            GAME_TYPES[self.game_type].variant,
            colorless_corners=self.colorless_corners,
            scoring=self.scoring,
        )


#: The game a first visit starts: four colours, one human against the computer.
DEFAULT_OPTIONS = GameOptions("classic", seats=default_seats("classic"))


def seat_of_move(
    game_type: GameType, board: Board, color: Color, earlier_moves_of_color: int
) -> int:
    """The seat that makes ``color``'s next move after it has made ``earlier_moves_of_color``."""
    if game_type.seat_per_color:
        return color
    return board.variant.player_of_color(color, earlier_moves_of_color)


@dataclass
class Session:
    """A game in progress: options, and the board with its history (undo, redo)."""

    options: GameOptions
    history: History
    #: Computer seats wait (after an undo left a computer to move) until resumed.
    paused: bool = False

    @classmethod
    def new(cls, options: GameOptions) -> Session:
        return cls(options, History(options.new_board()))

    @property
    def board(self) -> Board:
        return self.history.board

    @property
    def game_type(self) -> GameType:
        return GAME_TYPES[self.options.game_type]

    @property
    def locked(self) -> bool:
        """Whether this is a rated game going on: its moves stand (no undo, redo or hint)."""
        return self.options.rated and self.board.turn is not None

    def line_board(self) -> Board:
        """The board at the end of the game's line of moves (those taken back too)."""
        return self.history.position(len(self.history.moves))

    # --- who moves --------------------------------------------------------------------------

    @property
    def seat_to_move(self) -> int | None:
        board = self.board
        if board.turn is None:
            return None
        return seat_of_move(self.game_type, board, board.turn, board.pieces_played(board.turn))

    def is_computer_turn(self) -> bool:
        seat = self.seat_to_move
        return seat is not None and self.options.seats[seat].is_computer

    def should_computer_move(self) -> bool:
        """Whether a computer seat is to move now (not paused, nothing to redo)."""
        return self.is_computer_turn() and not self.paused and not self.history.can_redo()

    def move_seats(self) -> list[int]:
        """The seat that made each move on the board, in play order."""
        counts: dict[Color, int] = {}
        seats = []
        for color, _move in self.board.move_stack:
            seats.append(seat_of_move(self.game_type, self.board, color, counts.get(color, 0)))
            counts[color] = counts.get(color, 0) + 1
        return seats

    # --- moves, undo, redo ------------------------------------------------------------------

    def play(self, move: Move) -> frozenset[Color]:
        """Play ``move`` for the colour to move. Raises :class:`IllegalMoveError` (nothing
        changes). Returns the colours found unable to move after it."""
        before = self.board.finished
        self.history.play(move)
        self.paused = False
        return self.board.finished - before

    def undo(self) -> int:
        """Take back the last move; if a human seat made any move, take back every move since
        the last human move too, so that human is to move again. Returns how many moves
        (none in a rated game going on)."""
        seats = self.move_seats()
        if not seats or self.locked:
            return 0
        humans = [i for i, seat in enumerate(seats) if not self.options.seats[seat].is_computer]
        first = humans[-1] if humans else len(seats) - 1
        count = self.history.undo(len(seats) - first)
        self.paused = self.is_computer_turn()
        return count

    def redo(self) -> int:
        """Replay the moves of the last undo. Returns how many."""
        if self.locked:
            return 0
        count = self.history.redo()
        self.paused = self.is_computer_turn() and self.history.can_redo()
        return count

    def resume(self) -> None:
        """Let computer seats move again (forgets what could be redone)."""
        self.paused = False
        self.history.forget_redo()

    # --- saving -----------------------------------------------------------------------------

    def to_json(self) -> str:
        """The saved form: our options around Pentobi's SGF record of the game's whole line of
        moves (those taken back too), and ``ply``, how many of them are on the board."""
        history = self.history
        line = self.line_board()
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "mode": self.options.game_type,  # the save's name for it
                "seats": [[seat.kind, seat.level] for seat in self.options.seats],
                "sgf": write_sgf(line, DT=None),
                "ply": history.ply,
                # Not read back: static/layout.js's, which tells by it whether a game link
                # will open at once or ask first (game_mode.may_replace).
                "in_progress": has_game_in_progress(line),
                **({"rated": True} if self.options.rated else {}),
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Session:
        """The session saved by :meth:`to_json`. Raises :class:`InputError` with a message
        for anything else: not JSON, another format or version, unknown options, a bad record,
        a save beyond the bounds of :mod:`game.boundary`."""
        data = read_saved(text, SAVE_FORMAT, SAVE_VERSION, "game")
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(
            isinstance(s, list) and len(s) == 2 and type(s[1]) is int for s in seats
        ):
            raise InputError(_("the saved game's seats are malformed"))
        sgf = data.get("sgf")
        if not isinstance(sgf, str):
            raise InputError(_("the saved game has no record"))
        try:
            board = read_sgf(sgf)
        except InputError as error:
            raise InputError(
                _("the saved game's record is broken: {error}").format(error=error)
            ) from None
        try:
            options = GameOptions(
                game_type=str(data.get("mode")),
                colorless_corners=board.colorless_corners,
                scoring=board.scoring,
                seats=tuple(Occupant(kind, level) for kind, level in seats),
                rated=data.get("rated", False) is True,
            )
        except ValueError as error:
            raise InputError(
                _("the saved game's options are malformed: {error}").format(error=error)
            ) from None
        if board.variant.name != GAME_TYPES[options.game_type].variant:
            raise InputError(
                _("the saved record is {variant}, not {game_type}").format(
                    variant=board.variant.name, game_type=options.game_type
                )
            )
        history = History(board)
        ply = data.get("ply", board.ply())  # saves before the line was kept have none
        if type(ply) is not int or not 0 <= ply <= board.ply():
            raise InputError(
                _("the saved game's position {ply} is not one of its moves").format(ply=repr(ply))
            )
        history.goto(ply)
        session = cls(options, history)
        # Shown a past position, the computer waits until asked to go on (Continue).
        session.paused = session.is_computer_turn() and history.can_redo()
        return session

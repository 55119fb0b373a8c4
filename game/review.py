"""Looking back at a game, in the players' words: the move list, who passed, the game-over
story, and the analysis of :mod:`game.analysis` kept as data (the page draws it:
:mod:`game.web.review_view`). Pure functions of the game, no NumPy (the page shows a kept
analysis before the computer player has loaded).

>>> from game import Board, Move
>>> board = Board("duo")
>>> board.push(Move.parse("e10,f10,e9"))
>>> move_rows(board.variant, board.move_stack)
[MoveRow(number=1, color=0, color_name='Purple', piece='V3', squares='e9,e10,f10')]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from .board import Board
from .boundary import InputError, load_json
from .i18n import N_, _, ngettext, pgettext
from .levels import level_name
from .pieces import Move
from .record import HUMAN, GameRecord
from .variants import Color, Variant, color_title

# --- the move list ----------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveRow:
    """One line of the move list: number (from 1), colour, piece and squares (Pentobi's
    notation)."""

    number: int
    color: Color
    color_name: str
    piece: str
    squares: str


def move_rows(variant: Variant, moves: Sequence[tuple[Color, Move]]) -> list[MoveRow]:
    """The move list of ``moves`` (``(colour, move)`` in play order, as ``Board.move_stack``)."""
    return [
        MoveRow(number, color, color_title(variant, color), variant.piece_of(move).name, str(move))
        for number, (color, move) in enumerate(moves, 1)
    ]


# --- the game-over story ----------------------------------------------------------------------

#: Several computers of one level against you, by their count.
_SAME_RIVALS = {2: N_("two {level} computers"), 3: N_("three {level} computers")}
#: Where you finish when you did not win.
_PLACES = {2: N_("You finish second."), 3: N_("You finish third."), 4: N_("You finish fourth.")}


@dataclass(frozen=True)
class Standing:
    """A player's line of the final ranking."""

    place: int
    name: str
    score: int
    colors: tuple[Color, ...]
    winner: bool


@dataclass(frozen=True)
class Story:
    """The end of a game in the players' terms."""

    #: One sentence, e.g. ``'You win against Expert by 12 points.'``.
    headline: str
    #: Every scoring player, best first (ties share a place, in play order).
    ranking: tuple[Standing, ...]
    #: See :attr:`Board.passed <game.board.Board.passed>`.
    passed: frozenset[Color]


def and_list(words: Sequence[str]) -> str:
    """Names joined as a sentence lists them: ``'Blue, Red and Green'``."""
    if len(words) == 1:
        return words[0]
    first = pgettext("between the names of a list", ", ").join(words[:-1])
    return _("{names} and {last}").format(names=first, last=words[-1])


def _points(n: int) -> str:
    return ngettext("{count} point", "{count} points", n).format(count=n)


def game_story(record: GameRecord) -> Story:
    """Who won, by how much, and the ranking, as the players say it.

    With one human player against computers, the human is "You" and the computers are named by
    their level ("You win against Expert by 12 points."); otherwise players are named by their
    colours, a computer with its level ("Yellow and Green win by 8 points.").
    """
    board = record.board
    outcome = board.result()
    variant = board.variant
    seats = record.player_seats()
    humans = [p for p, player in enumerate(seats) if HUMAN in player]
    you = humans[0] if len(humans) == 1 and len(seats) > 1 else None

    def colors_name(p: int) -> str:
        name = and_list([color_title(variant, c) for c in variant.player_colors[p]])
        levels = [level_name(s) for s in seats[p] if s != HUMAN]
        return f"{name} ({and_list(levels)})" if levels else name

    def levels(p: int) -> str:
        return and_list([level_name(s) for s in seats[p]])

    def name(p: int) -> str:
        if p == you:
            return _("You")
        # Against one computer its level says who it is; among several, colours tell them apart.
        return levels(p) if you is not None and len(seats) == 2 else colors_name(p)

    basic = board.scoring == "basic"
    scores = outcome.player_scores
    winners = outcome.winners
    best = scores[winners[0]]
    others = [scores[p] for p in range(len(scores)) if p not in winners]
    margin = abs(best - (min(others) if basic else max(others))) if others else 0
    if you is not None:
        rivals = [levels(p) for p in range(len(seats)) if p != you]
        if len(set(rivals)) == 1 and len(rivals) in _SAME_RIVALS:
            rivals_text = _(_SAME_RIVALS[len(rivals)]).format(level=rivals[0])
        else:
            rivals_text = and_list(rivals)
        if winners == (you,):
            headline = _("You win against {rivals} by {points}.").format(
                rivals=rivals_text, points=_points(margin)
            )
        elif you in winners:
            shared = and_list([name(p) for p in winners if p != you])
            headline = _("You share the win with {names}, {points} each.").format(
                names=shared, points=_points(best)
            )
        elif len(seats) == 2:
            headline = _("You lose to {rivals} by {points}.").format(
                rivals=rivals_text, points=_points(margin)
            )
        else:
            place = _(_PLACES[outcome.ranking[you]])
            headline = f"{_winners_text(board, winners, name, margin)} {place}"
    else:
        headline = _winners_text(board, winners, name, margin)
    order = sorted(range(len(scores)), key=lambda p: (outcome.ranking[p], p))
    ranking = tuple(
        Standing(outcome.ranking[p], name(p), scores[p], variant.player_colors[p], p in winners)
        for p in order
    )
    return Story(headline, ranking, board.passed)


def _winners_text(board: Board, winners: Sequence[int], name, margin: int) -> str:
    """ "Blue wins by 3 points." / "Yellow and Green win by 8 points." / a shared win."""
    if len(winners) > 1:
        best = board.result().player_scores[winners[0]]
        return _("{names} share the win, {points} each.").format(
            names=and_list([name(p) for p in winners]), points=_points(best)
        )
    if len(board.variant.player_colors[winners[0]]) > 1:  # a team: "Yellow and Green win"
        text = _("{names} win by {points}.")
    else:
        text = _("{name} wins by {points}.")
    return text.format(name=name(winners[0]), names=name(winners[0]), points=_points(margin))


# --- the analysis, as data and as a graph -----------------------------------------------------

ANALYSIS_FORMAT = "pyblokus-analysis"
ANALYSIS_VERSION = 1
#: Values are kept to this many decimals.
VALUE_DECIMALS = 1
#: A kept analysis is refused beyond this many characters (a Classic game's is about 10 KB).
MAX_ANALYSIS_CHARS = 100_000


@dataclass(frozen=True)
class AnalysisResult:
    """The computer's view of every position of a game (see :mod:`game.analysis`).

    Position ``i`` is the one before move ``i + 1``; the last is after the last move.
    """

    #: The moves analysed, ``(colour, move)``: the analysis belongs to a game that starts so.
    moves: tuple[tuple[Color, Move], ...]
    #: Per position, every player's value (about: points ahead of the average rival).
    values: tuple[tuple[float, ...], ...]
    #: Per position but the last, the move the computer would play there.
    best: tuple[Move, ...]
    #: Per move, how much value its player lost against the computer's move (0 if the same).
    losses: tuple[float, ...]

    def fits(self, moves: Sequence[tuple[Color, Move]]) -> bool:
        """Whether this is the analysis of a game of ``moves`` (or of its start, if it went
        on)."""
        return tuple(moves[: len(self.moves)]) == self.moves

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": ANALYSIS_FORMAT,
                "version": ANALYSIS_VERSION,
                "moves": [[c, str(m)] for c, m in self.moves],
                "values": [list(v) for v in self.values],
                "best": [str(m) for m in self.best],
                "losses": list(self.losses),
            }
        )

    @classmethod
    def from_json(
        cls, text: str, variant: Variant, moves: Sequence[tuple[Color, Move]]
    ) -> AnalysisResult:
        """The analysis kept by :meth:`to_json`, for a game of ``variant`` with ``moves``.
        Raises :class:`~game.boundary.InputError` with a message for anything else, or for
        another game's analysis."""
        try:
            data = load_json(text, N_("the kept analysis"), MAX_ANALYSIS_CHARS)
            if data.get("format") != ANALYSIS_FORMAT or data.get("version") != ANALYSIS_VERSION:
                raise ValueError(_("not a pyblokus analysis of this version"))
            analysed = tuple((_color(c, variant), Move.parse(m)) for c, m in data["moves"])
            n = len(analysed)
            players = variant.num_players
            values = tuple(tuple(_number(x) for x in v) for v in data["values"])
            best = tuple(Move.parse(m) for m in data["best"])
            losses = tuple(_number(x) for x in data["losses"])
        except InputError:
            raise
        except (ValueError, TypeError, KeyError, AttributeError) as error:
            raise InputError(
                _("the kept analysis is unreadable ({error})").format(error=error)
            ) from None
        if len(values) != n + 1 or any(len(v) != players for v in values):
            raise InputError(_("the kept analysis has the wrong number of values"))
        if len(best) != n or len(losses) != n:
            raise InputError(_("the kept analysis has the wrong number of moves"))
        result = cls(analysed, values, best, losses)
        if not result.fits(moves):
            raise InputError(_("the kept analysis is of another game"))
        return result


def _color(value, variant: Variant) -> Color:
    if type(value) is not int or value not in variant.colors:
        raise ValueError(_("{value} is not a colour").format(value=repr(value)))
    return value


def _number(value) -> float:
    if type(value) not in (int, float) or abs(value) > 1e4:  # load_json refused non-finite
        raise ValueError(_("{value} is not a value").format(value=repr(value)))
    return float(value)


def biggest_drops(result: AnalysisResult, count: int = 3, minimum: float = 3.0) -> list[int]:
    """The numbers (from 1) of the ``count`` moves that lost the most value, at least
    ``minimum``, in play order."""
    worst = sorted(range(len(result.losses)), key=lambda i: (-result.losses[i], i))[:count]
    return sorted(i + 1 for i in worst if result.losses[i] >= minimum)

"""Rated games, as Pentobi has them: the player's rating on the scale the levels are given on
(:func:`game.levels.level_elo`), the level it picks, the Elo update after each game, and the
history kept in the browser (read through :mod:`game.boundary`). Pure Python, no DOM.

>>> history = RatingHistory()
>>> history.rating("duo"), rating_words(history.rating("duo"), "duo")
(1000.0, '1000, about Pentobi level 1')
>>> game = history.next_game("duo")
>>> game.level == pick_level(1000.0, "duo"), game.human_seat
(True, 0)
>>> history = history.with_result(game, 1.0, sgf="(;GM[Blokus Duo])", date="2026-11-25")
>>> history.rating("duo") > 1000, history.next_game("duo").human_seat
(True, 1)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from html import escape

from .boundary import InputError, load_json
from .i18n import N_, _
from .levels import LEVELS, elo_words, family, level_elo

#: Where a rating starts: Pentobi's level 1.
START_RATING = 1000.0
#: How far a game moves a rating (Elo's K): more while the rating is still finding its place,
#: as Pentobi does.
K_NEW, K_SETTLED, SETTLED_AFTER = 40.0, 20.0, 30
#: The variants a rated game is played in (one player against the computer), by family.
RATED_VARIANTS = {"duo": "duo", "classic": "classic_2"}
#: Rated games whose record is kept to open again (the newest); older ones keep their result.
KEPT_RECORDS = 100
SAVE_FORMAT, SAVE_VERSION = "pyblokus-rating", 1
#: A rating a save may hold (far beyond any player's).
RATING_RANGE = (-2000.0, 5000.0)


def pick_level(rating: float, variant: str) -> int:
    """The level whose Elo is nearest ``rating`` in ``variant``'s family (the weaker on a tie).

    >>> pick_level(0, "duo"), pick_level(9999, "duo")
    (1, 6)
    """
    rated = [(level, elo) for level in LEVELS if (elo := level_elo(level, variant)) is not None]
    return min(rated, key=lambda pair: (abs(pair[1] - rating), pair[1]))[0]


def expected_score(rating: float, opponent: float) -> float:
    """The score Elo expects of a player rated ``rating`` against ``opponent``.

    >>> expected_score(1000, 1000), round(expected_score(1400, 1000), 3)
    (0.5, 0.909)
    """
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


def updated_rating(rating: float, result: float, opponent: float, games_before: int) -> float:
    """``rating`` after a game scoring ``result`` (1 win, 0.5 tie, 0 loss) against an opponent
    rated ``opponent``, the player's ``games_before``-th rated game.

    >>> updated_rating(1000, 1, 1000, 0), updated_rating(1000, 0, 1000, 30)
    (1020.0, 990.0)
    """
    k = K_NEW if games_before < SETTLED_AFTER else K_SETTLED
    return rating + k * (result - expected_score(rating, opponent))


def rating_words(rating: float, variant: str) -> str:
    """A rating as the page says it, in the words a level of that Elo gets
    (:func:`game.levels.elo_words`): ``'1450, about Pentobi level 3'``.

    >>> rating_words(1450, "duo"), rating_words(700, "duo"), rating_words(2000, "classic")
    ('1450, about Pentobi level 3', '700, weaker than Pentobi level 1', \
'2000, stronger than Pentobi level 6')
    """
    words = elo_words(rating, variant)
    return _("{rating}, {strength}").format(rating=round(rating), strength=words)


@dataclass(frozen=True)
class RatedGame:
    """A rated game: started (``result`` None) or played, in ``variant``'s family."""

    variant: str
    level: int
    #: The player's seat: 0 plays first, 1 second (they take turns, game after game).
    human_seat: int
    rating_before: float
    result: float | None = None
    rating_after: float | None = None
    date: str = ""
    #: The game's ``.blksgf`` record, to open again; '' once older than :data:`KEPT_RECORDS`.
    sgf: str = ""


@dataclass(frozen=True)
class RatingHistory:
    """Every rated game played in this browser, oldest first."""

    games: tuple[RatedGame, ...] = field(default_factory=tuple)

    def of(self, variant: str) -> list[RatedGame]:
        """The games of ``variant``'s family."""
        name = family(variant)
        return [game for game in self.games if family(game.variant) == name]

    def rating(self, variant: str) -> float:
        """The player's rating in ``variant``'s family (:data:`START_RATING` before any game)."""
        games = self.of(variant)
        return games[-1].rating_after if games else START_RATING

    def next_game(self, variant: str) -> RatedGame:
        """The next rated game in ``variant``: the level nearest the rating, the other seat."""
        rating = self.rating(variant)
        return RatedGame(
            RATED_VARIANTS[family(variant)],
            pick_level(rating, variant),
            human_seat=len(self.of(variant)) % 2,
            rating_before=rating,
        )

    def with_result(self, game: RatedGame, result: float, sgf: str, date: str) -> RatingHistory:
        """This history with ``game`` played to ``result`` (the player's: 1, 0.5 or 0)."""
        opponent = level_elo(game.level, game.variant)
        before = self.rating(game.variant)
        after = updated_rating(before, result, opponent, len(self.of(game.variant)))
        played = replace(
            game, rating_before=before, result=result, rating_after=after, sgf=sgf, date=date
        )
        games = [*self.games, played]
        for i in range(len(games) - KEPT_RECORDS):
            games[i] = replace(games[i], sgf="")
        return RatingHistory(tuple(games))

    def has(self, sgf: str) -> bool:
        """Whether a game with this record is in the history (it counts once)."""
        return any(game.sgf == sgf for game in self.games)

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "games": [
                    [g.variant, g.level, g.human_seat, g.result, g.rating_after, g.date, g.sgf]
                    for g in self.games
                ],
            }
        )

    @classmethod
    def from_json(cls, text: str) -> RatingHistory:
        """The history :meth:`to_json` wrote. Raises :class:`InputError` saying what is wrong
        for anything else.

        >>> RatingHistory.from_json('{"format": "pyblokus-rating", "version": 1, "games": [1]}')
        Traceback (most recent call last):
          ...
        game.boundary.InputError: rated game 1 in the save is malformed
        """
        data = load_json(text, N_("the save"))
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise InputError(_("the save is not a pyblokus rating history"))
        if data.get("version") != SAVE_VERSION:
            raise InputError(
                _("the save's version {version} is not supported").format(
                    version=repr(data.get("version"))
                )
            )
        rows = data.get("games")
        if not isinstance(rows, list):
            raise InputError(_("the save has no rated games"))
        history = cls()
        low, high = RATING_RANGE
        for number, row in enumerate(rows, 1):
            try:
                variant, level, seat, result, after, date, sgf = row
                valid = (
                    variant in RATED_VARIANTS.values()
                    and level in LEVELS
                    and seat in (0, 1)
                    and result in (0, 0.5, 1)
                    and type(after) in (int, float)
                    and low <= after <= high
                    and isinstance(date, str)
                    and isinstance(sgf, str)
                )
            except (TypeError, ValueError):
                valid = False
            if not valid:
                raise InputError(
                    _("rated game {number} in the save is malformed").format(number=number)
                )
            game = RatedGame(
                variant, level, seat, history.rating(variant), result, float(after), date, sgf
            )
            history = RatingHistory((*history.games, game))
        return history


#: The rating graph's size (SVG user units) and inner margin.
GRAPH_WIDTH, GRAPH_HEIGHT, GRAPH_MARGIN = 240, 80, 6


def rating_graph_svg(ratings: list[float], title: str) -> str:
    """A small line graph of ``ratings`` (the start, then after each game), an image whose
    name is ``title`` followed by the first and last rating; '' for fewer than two.

    >>> svg = rating_graph_svg([1000, 1020, 1001.6], "Duo rating")
    >>> 'aria-label="Duo rating: from 1000 to 1002"' in svg and svg.count(",") == 3
    True
    """
    if len(ratings) < 2:
        return ""
    low, high = min(ratings), max(ratings)
    spread = max(high - low, 1.0)
    inner_w, inner_h = GRAPH_WIDTH - 2 * GRAPH_MARGIN, GRAPH_HEIGHT - 2 * GRAPH_MARGIN
    points = " ".join(
        f"{GRAPH_MARGIN + inner_w * i / (len(ratings) - 1):.1f},"
        f"{GRAPH_MARGIN + inner_h * (high - r) / spread:.1f}"
        for i, r in enumerate(ratings)
    )
    label = _("{title}: from {first} to {last}").format(
        title=title, first=round(ratings[0]), last=round(ratings[-1])
    )
    return (
        f'<svg class="rating-graph" viewBox="0 0 {GRAPH_WIDTH} {GRAPH_HEIGHT}" role="img" '
        f'aria-label="{escape(label)}"><polyline points="{points}" /></svg>'
    )

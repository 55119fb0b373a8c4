"""Rated games in the page: the options of the next one, its result, and what the new-game and
game-over dialogs say of the rating (:mod:`game.rating` keeps the history). Pure Python, no DOM.

>>> from game.rating import RatingHistory
>>> options = rated_options(RatingHistory(), "duo")
>>> options.rated, [seat.kind for seat in options.seats]
(True, ['human', 'computer'])
"""

from __future__ import annotations

from html import escape

from game.levels import LEVEL_NAMES, family
from game.rating import RatedGame, RatingHistory, rating_graph_svg, rating_words
from game.record import to_blksgf

from .records import record_of
from .session import GAME_TYPES, HUMAN_OCCUPANT, GameOptions, Occupant, Session

#: Where the rating history is kept: one copy for all tabs (``localStorage`` only).
RATING_KEY = "pyblokus.rating"
#: How many of the latest rated games the new-game dialog lists to open.
LISTED_GAMES = 10
RESULT_WORDS = {1.0: "Win", 0.5: "Tie", 0.0: "Loss"}


def rated_options(history: RatingHistory, type_name: str) -> GameOptions:
    """The options of the next rated game of ``type_name`` (Duo or 2 players): the player in
    the seat their turn gives, the computer at the level their rating picks."""
    game = history.next_game(GAME_TYPES[type_name].variant)
    seats = [Occupant("computer", game.level)] * 2
    seats[game.human_seat] = HUMAN_OCCUPANT
    return GameOptions(type_name, seats=tuple(seats), rated=True)


def rated_game(session: Session) -> RatedGame:
    """The rated game ``session`` plays (its rating fields left to the history)."""
    seats = session.options.seats
    human = next(i for i, seat in enumerate(seats) if not seat.is_computer)
    return RatedGame(session.board.variant.name, seats[1 - human].level, human, 0.0)


def player_result(session: Session) -> float:
    """The human's result in ``session``'s finished game: 1 a win, 0.5 a shared win, 0 a loss."""
    winners = session.board.result().winners
    human = rated_game(session).human_seat
    if human not in winners:
        return 0.0
    return 1.0 if len(winners) == 1 else 0.5


def game_record_text(session: Session) -> str:
    """The ``.blksgf`` record a rated game is kept as (the same text each time: no date)."""
    return to_blksgf(record_of(session), DT=None)


def with_game_over(history: RatingHistory, session: Session, date: str) -> RatingHistory:
    """``history`` with ``session``'s finished rated game counted, once (a reload of the
    finished game finds it there)."""
    text = game_record_text(session)
    if history.has(text):
        return history
    return history.with_result(rated_game(session), player_result(session), text, date)


def rating_change_html(history: RatingHistory, variant: str) -> str:
    """What the game-over dialog says of the rated game just counted (the history's last).

    >>> from game.rating import RatedGame
    >>> history = RatingHistory().with_result(RatedGame("duo", 4, 0, 0.0), 1.0, "x", "")
    >>> after = round(history.rating("duo"))
    >>> rating_change_html(history, "duo") == (
    ...     f'<p id="rating-change">Rated game: your rating goes from 1000 to {after} '
    ...     f'({after}, about Pentobi level 1).</p>'
    ... )
    True
    """
    game = history.of(variant)[-1]
    return (
        f'<p id="rating-change">Rated game: your rating goes from {round(game.rating_before)} '
        f"to {round(game.rating_after)} ({rating_words(game.rating_after, variant)}).</p>"
    )


def rating_panel_html(history: RatingHistory, type_name: str) -> str:
    """The new-game dialog's words on a rated game of ``type_name``: the rating, whom the next
    game is against, the rating's history as a graph, and the latest games to open."""
    variant = GAME_TYPES[type_name].variant
    name = family(variant)
    title = GAME_TYPES[type_name].title
    options = rated_options(history, type_name)
    game = rated_game(Session.new(options))
    color = GAME_TYPES[type_name].seat_names()[game.human_seat]
    order = "first" if game.human_seat == 0 else "second"
    parts = [
        f'<p id="rating">Your rating ({escape(title)}): '
        f"{escape(rating_words(history.rating(variant), variant))}.</p>",
        f"<p>You play {escape(color)} ({order}) against {escape(LEVEL_NAMES[game.level])}. "
        "No undo and no hints until the game is over; the result moves your rating.</p>",
    ]
    games = history.of(variant)
    ratings = [games[0].rating_before, *(g.rating_after for g in games)] if games else []
    parts.append(rating_graph_svg(ratings, f"Your {title} rating game by game"))
    listed = [(i, g) for i, g in enumerate(history.games) if family(g.variant) == name and g.sgf]
    rows = [
        f"<li>{escape(g.date)} {RESULT_WORDS[g.result]} against {escape(LEVEL_NAMES[g.level])}, "
        f"{round(g.rating_after)} "
        f'<button type="button" data-rated-game="{i}">Open</button></li>'
        for i, g in reversed(listed[-LISTED_GAMES:])
    ]
    if rows:
        parts.append(f'<ul class="rated-games" aria-label="Your rated games">{"".join(rows)}</ul>')
    return "".join(parts)

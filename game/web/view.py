"""The game's views: its trays, scoreboard, status line, notices, announcements and the
new-game dialog's seats, as pure functions of a :class:`~game.web.session.Session` (no DOM:
tested in CPython). The board itself is drawn by :mod:`game.web.drawing`.

>>> session = Session.new(GameOptions("duo"))
>>> status_text(session)
'Purple to move: pick a piece.'
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from game import Board, Piece, square_name
from game.i18n import N_, _, ngettext
from game.levels import LEVEL_PACE, LEVELS, level_name, strength_text
from game.review import and_list, color_title, game_story

from .drawing import piece_words, tray_html
from .records import record_of
from .review_view import story_html
from .session import GAME_TYPES, GameOptions, Session, default_seats, seat_of_move  # noqa: F401  (doctests)


def trays_html(board: Board, *, selected: Piece | None, human_turn: bool) -> str:
    """Every colour's tray; the colour to move first when a human is to move."""
    return "".join(
        tray_html(board, c, selected=selected, active=human_turn and c == board.turn)
        for c in board.colors
    )


# --- words -----------------------------------------------------------------------------------


def status_text(session: Session, *, thinking: bool = False) -> str:
    """The one-line status: whose turn, who is thinking, or the result."""
    board = session.board
    if board.turn is None:
        return _("Game over. {result}").format(result=winner_text(session))
    name = color_title(board, board.turn)
    seat = session.options.seats[session.seat_to_move]
    if seat.is_computer:
        if thinking:
            return _("{color} ({level}) is thinking…").format(
                color=name, level=level_name(seat.level)
            )
        if session.paused:
            return _("{color} (computer) waits: press Continue to let it play.").format(color=name)
        return _("{color} (computer) to move.").format(color=name)
    return _("{color} to move: pick a piece.").format(color=name)


def player_names(session: Session) -> tuple[str, ...]:
    """The label of every scoring player: a team or player's colours, e.g. ``'Blue & Red'``."""
    board = session.board
    return tuple(
        " & ".join(color_title(board, c) for c in colors) for colors in board.variant.player_colors
    )


def winner_text(session: Session) -> str:
    outcome = session.board.result()
    names = player_names(session)
    winners = [names[p] for p in outcome.winners]
    if len(winners) == 1:
        return _("{name} wins.").format(name=winners[0])
    return _("{names} share the win.").format(names=and_list(winners))


#: Shortest time a notice shows; beyond it, a notice gets the time a slow reader takes: about 12
#: letters a second, or 6 Japanese characters (kana, kanji, full-width forms).
NOTICE_SECONDS = 6
READING_LETTERS_PER_SECOND = 12


def notice_seconds(text: str) -> float:
    """How long the notice ``text`` shows: at least :data:`NOTICE_SECONDS`, and long enough to
    read slowly (a five-line notice on a phone would be gone before it was read).

    >>> notice_seconds("Not your turn."), notice_seconds("x" * 240), notice_seconds("あ" * 60)
    (6, 20.0, 10.0)
    """
    letters = sum(2 if "\u3000" <= c <= "\u9fff" or "\uff00" <= c <= "\uffef" else 1 for c in text)
    return max(NOTICE_SECONDS, letters / READING_LETTERS_PER_SECOND)


def pass_notice(board: Board, colors: Iterable[int]) -> str:
    """The notice for colours that could not move and were passed."""
    names = sorted(colors)
    if not names:
        return ""
    titles = and_list([color_title(board, c) for c in names])
    return ngettext(
        "{colors} cannot move and passes for the rest of the game.",
        "{colors} cannot move and pass for the rest of the game.",
        len(names),
    ).format(colors=titles)


def bonus_of(board: Board, color: int) -> int:
    """The bonus points a colour has earned (all pieces placed, monomino last)."""
    return board.score(color, "points") - len(board.squares_of(color))


def computer_label(level: int, variant: str, pace: bool = False) -> str:
    """A computer seat's level and its strength measured in ``variant``'s family, e.g.
    ``'Computer: Expert (about Pentobi level 3)'``; with ``pace`` (the new-game dialog) also how
    long it thinks where that is longer than the others' second or so."""
    notes = [_(LEVEL_PACE[level])] if pace and level in LEVEL_PACE else []
    if strength := strength_text(level, variant):
        notes.append(strength)
    label = _("Computer: {level}").format(level=level_name(level))
    return f"{label} ({'; '.join(notes)})" if notes else label


def computer_note(level: int, variant: str) -> str:
    """:func:`computer_label` for the scoreboard, its parts in spans (phones show only the
    level; screen readers get all)."""
    strength = strength_text(level, variant)
    strength = f'<span class="strength"> ({escape(strength)})</span>' if strength else ""
    word = escape(_("Computer: "))
    word = f'<span class="computer-word">{word}</span>'
    return f'<span class="who">{word}{escape(level_name(level))}{strength}</span>'


def badge(words: str) -> str:
    """A scoreboard row's note: passed, shared."""
    return f'<span class="badge">{escape(words)}</span>'


def scoreboard_html(session: Session) -> str:
    """Scores per colour (with pieces left, passes and the computer playing it) and, when they
    differ, per player."""
    board = session.board
    outcome = board.result()
    shared = board.variant.shared_color
    passed = board.passed
    rows = []
    for c in board.colors:
        name = board.color_names[c]
        classes = ["turn"] if c == board.turn else []
        note = ""
        if c in passed:
            classes.append("passed")
            note = badge(_("passed"))
        if c == shared:
            note += badge(_("shared"))
        else:
            seat = session.options.seats[seat_of_move(session.game_type, board, c, 0)]
            if seat.is_computer:
                note += computer_note(seat.level, board.variant.name)
        bonus = bonus_of(board, c)
        bonus_cell = f"+{bonus}" if bonus else ""
        rows.append(
            f'<tr class="{" ".join(classes)}" data-color="{name}">'
            f'<th scope="row"><span class="swatch" data-color="{name}"></span>'
            f"{color_title(board, c)}{note}</th>"
            f"<td>{len(board.pieces_left(c))}</td><td>{bonus_cell}</td>"
            f'<td class="score">{outcome.color_scores[c]}</td></tr>'
        )
    players = ""
    if board.variant.player_colors != tuple((c,) for c in board.colors) or shared:
        names = player_names(session)
        players = "".join(
            f'<tr class="player{" winner" if p in outcome.winners and outcome.game_over else ""}">'
            f'<th scope="row">{escape(names[p])}</th><td></td><td></td>'
            f'<td class="score">{score}</td></tr>'
            for p, score in enumerate(outcome.player_scores)
        )
    heads = (_("Colour"), _("Pieces"), _("Bonus"), _("Score"))
    head = "".join(f'<th scope="col">{escape(words)}</th>' for words in heads)
    return (
        f'<table class="scores"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}{players}</tbody></table>"
    )


#: The game-over dialog's note on the scoring, by the cells counted (square, triangle) and
#: whether the game has bonuses.
POINTS_NOTES = {
    ("square", True): N_("Points: squares on the board, plus bonuses."),
    ("square", False): N_("Points: squares on the board."),
    ("triangle", True): N_("Points: triangles on the board, plus bonuses."),
    ("triangle", False): N_("Points: triangles on the board."),
}
ADVANCED_NOTES = {
    ("square", True): N_("Rule-book scoring: minus one per square left, plus bonuses."),
    ("square", False): N_("Rule-book scoring: minus one per square left."),
    ("triangle", True): N_("Rule-book scoring: minus one per triangle left, plus bonuses."),
    ("triangle", False): N_("Rule-book scoring: minus one per triangle left."),
}
BASIC_NOTES = {
    "square": N_("Basic scoring: squares left, fewest wins."),
    "triangle": N_("Basic scoring: triangles left, fewest wins."),
}


def game_over_html(session: Session) -> str:
    """The game-over dialog's body: the story (who won, ranking) and the final scoreboard."""
    variant = session.board.variant
    cell = "triangle" if variant.triangles else "square"
    scoring = {
        "points": _(POINTS_NOTES[cell, variant.all_placed_bonus]),
        "advanced": _(ADVANCED_NOTES[cell, variant.all_placed_bonus]),
        "basic": _(BASIC_NOTES[cell]),
    }[session.board.scoring]
    if not variant.all_placed_bonus:
        bonuses = _("This game has no bonuses.")
    elif variant.triangles:
        bonuses = _(
            "Bonuses: +15 for placing all {count} pieces, +5 more if the last one was the "
            "moniamond."
        ).format(count=len(variant.pieces))
    else:
        bonuses = _(
            "Bonuses: +15 for placing all {count} pieces, +5 more if the last one was the monomino."
        ).format(count=len(variant.pieces))
    return (
        f"{story_html(game_story(record_of(session)), variant)}"
        f"{scoreboard_html(session)}"
        f'<p class="note">{escape(scoring)} {escape(bonuses)}</p>'
    )


def seats_form_html(type_name: str, seats: Iterable) -> str:
    """The new-game dialog's seat choices for a game type: human or a computer level per seat
    (no ``seats``: the type's default, one human against the computer); humans alone, and a
    note saying so, where the computer does not play the type."""
    game_type = GAME_TYPES[type_name]
    seats = list(seats) or list(default_seats(type_name))
    levels = LEVELS if game_type.computer_plays else ()
    rows = []
    for i, label in enumerate(game_type.seat_names()):
        current = seats[i] if i < len(seats) else None
        options = ['<option value="human">' + escape(_("Human")) + "</option>"]
        for level in levels:  # weakest first
            chosen = current is not None and current.is_computer and current.level == level
            options.append(
                f'<option value="computer:{level}"{" selected" if chosen else ""}>'
                f"{escape(computer_label(level, game_type.variant, pace=True))}</option>"
            )
        rows.append(
            f'<label class="seat"><span>{escape(label)}</span>'
            f'<select name="seat{i}" data-seat="{i}">{"".join(options)}</select></label>'
        )
    if not game_type.computer_plays:
        note = _("The computer does not play {game} yet: every seat is a human player.")
        rows.append(f'<p class="note">{escape(note.format(game=_(game_type.title)))}</p>')
    return "".join(rows)


# --- announcements (the live region: what a screen reader hears after each change) ------------


def move_announcement(session: Session, passed: Iterable[int] = ()) -> str:
    """What the last move did, said after it is played: who played which piece where, the
    colours passed because of it, and the result if the game is over.

    >>> from game import Move
    >>> from .session import HUMAN_OCCUPANT, Occupant
    >>> session = Session.new(GameOptions("duo", seats=(HUMAN_OCCUPANT, Occupant("computer", 3))))
    >>> _ = session.play(Move.parse("e10"))
    >>> passed = session.play(Move.parse("j5,j6"))
    >>> move_announcement(session, passed)
    'Orange (computer, Strong) played the domino on j5, j6.'
    """
    board = session.board
    color, move = board.move_stack[-1]
    who = color_title(board, color)
    seat = session.options.seats[session.move_seats()[-1]]
    if seat.is_computer:
        who = _("{color} (computer, {level})").format(color=who, level=level_name(seat.level))
    squares = ", ".join(square_name(sq) for sq in move.squares)
    parts = [
        _("{player} played {piece} on {squares}.").format(
            player=who, piece=piece_words(board.variant.piece_of(move)), squares=squares
        )
    ]
    if board.turn is None:
        parts.append(_("Game over. {result}").format(result=winner_text(session)))
    else:
        parts.append(pass_notice(board, passed))
    return " ".join(part for part in parts if part)

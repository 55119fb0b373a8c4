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
from game.levels import LEVEL_NAMES, LEVELS, strength_text
from game.review import color_title, game_story

from .drawing import piece_kind, tray_html
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
        return f"Game over. {winner_text(session)}"
    name = color_title(board, board.turn)
    seat = session.options.seats[session.seat_to_move]
    if seat.is_computer:
        if thinking:
            return f"{name} ({LEVEL_NAMES[seat.level]}) is thinking…"
        if session.paused:
            return f"{name} (computer) waits: press Continue to let it play."
        return f"{name} (computer) to move."
    return f"{name} to move: pick a piece."


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
        return f"{winners[0]} wins."
    return f"{' and '.join(winners)} share the win."


def pass_notice(board: Board, colors: Iterable[int]) -> str:
    """The notice for colours that could not move and were passed."""
    names = sorted(colors)
    if not names:
        return ""
    titles = [color_title(board, c) for c in names]
    verb = "cannot move and passes" if len(titles) == 1 else "cannot move and pass"
    return f"{' and '.join(titles)} {verb} for the rest of the game."


def bonus_of(board: Board, color: int) -> int:
    """The bonus points a colour has earned (all pieces placed, monomino last)."""
    return board.score(color, "points") - len(board.squares_of(color))


def computer_label(level: int, variant: str) -> str:
    """A computer seat's level and its strength measured in ``variant``'s family, e.g.
    ``'Computer: Expert (about Pentobi level 3)'``."""
    strength = strength_text(level, variant)
    return f"Computer: {LEVEL_NAMES[level]}" + (f" ({strength})" if strength else "")


def computer_note(level: int, variant: str) -> str:
    """:func:`computer_label` for the scoreboard, its parts in spans (phones show only the
    level; screen readers get all)."""
    strength = strength_text(level, variant)
    strength = f'<span class="strength"> ({escape(strength)})</span>' if strength else ""
    word = '<span class="computer-word">Computer: </span>'
    return f'<span class="who">{word}{LEVEL_NAMES[level]}{strength}</span>'


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
            note = '<span class="badge">passed</span>'
        if c == shared:
            note += '<span class="badge">shared</span>'
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
    return (
        '<table class="scores"><thead><tr><th scope="col">Colour</th>'
        '<th scope="col">Pieces</th><th scope="col">Bonus</th><th scope="col">Score</th>'
        f"</tr></thead><tbody>{''.join(rows)}{players}</tbody></table>"
    )


def game_over_html(session: Session) -> str:
    """The game-over dialog's body: the story (who won, ranking) and the final scoreboard."""
    variant = session.board.variant
    cell = "triangle" if variant.triangles else "square"
    bonuses = ", plus bonuses" if variant.all_placed_bonus else ""
    scoring = {
        "points": f"Points: {cell}s on the board{bonuses}.",
        "advanced": f"Rule-book scoring: minus one per {cell} left{bonuses}.",
        "basic": f"Basic scoring: {cell}s left, fewest wins.",
    }[session.board.scoring]
    if variant.all_placed_bonus:
        smallest = piece_kind(min(variant.pieces, key=lambda p: p.size))
        scoring += (
            f" Bonuses: +15 for placing all {len(variant.pieces)} pieces, +5 more if the last "
            f"one was the {smallest}."
        )
    else:
        scoring += " This game has no bonuses."
    return (
        f"{story_html(game_story(record_of(session)), variant)}"
        f"{scoreboard_html(session)}"
        f'<p class="note">{scoring}</p>'
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
        options = ['<option value="human">Human</option>']
        for level in levels:  # weakest first
            chosen = current is not None and current.is_computer and current.level == level
            options.append(
                f'<option value="computer:{level}"{" selected" if chosen else ""}>'
                f"{escape(computer_label(level, game_type.variant))}</option>"
            )
        rows.append(
            f'<label class="seat"><span>{escape(label)}</span>'
            f'<select name="seat{i}" data-seat="{i}">{"".join(options)}</select></label>'
        )
    if not game_type.computer_plays:
        rows.append(
            f'<p class="note">The computer does not play {escape(game_type.title)} yet: '
            "every seat is a human player.</p>"
        )
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
        who += f" (computer, {LEVEL_NAMES[seat.level]})"
    piece = board.variant.piece_of(move)
    kind = piece_kind(piece) if piece.size < 3 else f"{piece.name} {piece_kind(piece)}"
    squares = ", ".join(square_name(sq) for sq in move.squares)
    parts = [f"{who} played the {kind} on {squares}."]
    if board.turn is None:
        parts.append(f"Game over. {winner_text(session)}")
    else:
        parts.append(pass_notice(board, passed))
    return " ".join(part for part in parts if part)

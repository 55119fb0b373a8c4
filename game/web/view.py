"""The page's SVG and HTML as pure functions of the game state (no DOM: tested in CPython).

Board coordinates: the SVG's user units are board cells of :data:`CELL` units plus a margin
of :data:`MARGIN` for the coordinates, row 1 at the bottom as on Pentobi's board.

>>> svg = initial_board_svg()
>>> svg.count('data-square='), 'data-square="a20"' in svg
(400, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from html import escape

from game import PIECES, Board, IllegalReason, Piece, Square, square, square_name, square_xy
from game.levels import LEVEL_NAMES, strength_text
from game.pieces import FILE_NAMES, Move
from game.review import game_story

from .ghost import Cell, default_orientation
from .records import record_of
from .review_view import story_html
from .session import MODES, GameOptions, Session, default_seats, seat_of_move

CELL = 10
MARGIN = 8
#: Inset of a tray piece's cells, in tray-piece cells.
TRAY_PAD = 0.5
#: Piece names as players say them.
PIECE_KINDS = {1: "monomino", 2: "domino", 3: "tromino", 4: "tetromino", 5: "pentomino"}


def board_extent(width: int, height: int) -> tuple[int, int]:
    """Width and height of the board's viewBox."""
    return 2 * MARGIN + width * CELL, 2 * MARGIN + height * CELL


def cell_origin(x: int, y: int, height: int) -> tuple[int, int]:
    """Top-left corner, in SVG units, of the cell at column ``x``, row ``y`` (counted upward)."""
    return MARGIN + x * CELL, MARGIN + (height - 1 - y) * CELL


def _coordinates(width: int, height: int) -> str:
    """Column letters above and below the board, row numbers left and right."""
    near = MARGIN / 2
    parts = []
    for x in range(width):
        cx = MARGIN + x * CELL + CELL / 2
        for cy in (near, 1.5 * MARGIN + height * CELL):
            parts.append(f'<text x="{cx:g}" y="{cy:g}">{FILE_NAMES[x]}</text>')
    for y in range(height):
        cy = cell_origin(0, y, height)[1] + CELL / 2
        for cx in (near, 1.5 * MARGIN + width * CELL):
            parts.append(f'<text x="{cx:g}" y="{cy:g}">{y + 1}</text>')
    return f'<g class="coords" aria-hidden="true">{"".join(parts)}</g>'


def squares_svg(
    width: int, height: int, colors: Mapping[Square, str], last_move: Iterable[Square] = ()
) -> str:
    """The board's cells as ``<rect>`` elements named by ``data-square``, each covered one
    carrying ``data-color``; cells of ``last_move`` get the ``last`` class."""
    last = set(last_move)
    parts = []
    for y in range(height - 1, -1, -1):
        for x in range(width):
            sq = square(x, y)
            px, py = cell_origin(x, y, height)
            attrs = f'data-square="{square_name(sq)}" x="{px}" y="{py}"'
            color = colors.get(sq)
            if color:
                attrs += f' data-color="{color}"'
            if sq in last:
                attrs += ' class="last"'
            parts.append(f'<rect {attrs} width="{CELL}" height="{CELL}"/>')
    return "".join(parts)


def dots_svg(height: int, dots: Iterable[tuple[Square, str]], css_class: str) -> str:
    """A dot on each square, marked with a colour name (start corners, attach corners)."""
    parts = []
    for sq, color in dots:
        px, py = cell_origin(*square_xy(sq), height)
        parts.append(
            f'<circle class="{css_class}" data-for="{color}" cx="{px + CELL / 2:g}" '
            f'cy="{py + CELL / 2:g}" r="{CELL * 0.22:g}"/>'
        )
    return "".join(parts)


def start_dots(board: Board) -> list[tuple[Square, str]]:
    """Free start squares with the colour that starts there (``any`` with colourless corners)."""
    variant = board.variant
    if board.colorless_corners:
        last = variant.size - 1
        starts = [(square(x, y), "any") for y in (last, 0) for x in (0, last)]
    else:
        starts = list(zip(variant.start_squares, variant.color_names, strict=True))
    return [(sq, color) for sq, color in starts if board.color_at(sq) is None]


#: Every colour a board may show, in the order of the cue patterns.
COLOR_NAMES = ("blue", "yellow", "red", "green", "purple", "orange")


@cache
def cue_patterns() -> str:
    """The colour cues (an option of the page): per colour a pattern ``#cue-<colour>`` that
    fills one square (of the board or a tray piece: the tile is the square's own box) with the
    colour and its initial."""
    return (
        '<defs aria-hidden="true">'
        + "".join(
            f'<pattern id="cue-{name}" patternUnits="objectBoundingBox" width="1" height="1" '
            'viewBox="0 0 10 10"><rect class="cue-base" width="10" height="10"/>'
            f'<text class="cue-mark" x="5" y="7.3">{name[0].upper()}</text></pattern>'
            for name in COLOR_NAMES
        )
        + "</defs>"
    )


def board_svg(
    width: int,
    height: int,
    colors: Mapping[Square, str],
    *,
    marks: str = "",
    last_move: Iterable[Square] = (),
) -> str:
    """The whole board: coordinates, cells, ``marks`` (SVG) and an empty ghost layer."""
    view_width, view_height = board_extent(width, height)
    return (
        f'<svg id="board" class="board" viewBox="0 0 {view_width} {view_height}" '
        f'data-width="{width}" data-height="{height}" tabindex="0" role="application" '
        'aria-label="Board. Arrow keys move the piece, R rotates, F flips, Enter places it." '
        'aria-describedby="ghost-status">'
        f"{cue_patterns()}"
        f'<rect class="frame" x="{MARGIN}" y="{MARGIN}" width="{width * CELL}" '
        f'height="{height * CELL}"/>'
        f"{_coordinates(width, height)}"
        f'<g id="squares">{squares_svg(width, height, colors, last_move)}</g>'
        f'<g id="marks">{marks}</g>'
        '<g id="ghost"></g>'
        "</svg>"
    )


def board_colors(board: Board) -> dict[Square, str]:
    """Colour name of every covered square of ``board``."""
    names = board.color_names
    return {sq: names[c] for c in board.colors for sq in board.squares_of(c)}


def game_board_svg(
    board: Board, *, attach_color: int | None = None, best_move: Move | None = None
) -> str:
    """The board of a game: its pieces, the last move, the free start squares, (if
    ``attach_color`` is given) the corners where that colour may play next, and (if given) the
    outline of ``best_move``, the computer's move from an analysis."""
    size = board.variant.size
    marks = dots_svg(size, start_dots(board), "start")
    if attach_color is not None and board.pieces_played(attach_color):
        name = board.color_names[attach_color]
        marks += dots_svg(size, ((sq, name) for sq in board.attach_squares(attach_color)), "attach")
    if best_move is not None:
        marks += "".join(
            f'<rect class="best-move" x="{px}" y="{py}" width="{CELL}" height="{CELL}"/>'
            for px, py in (cell_origin(*square_xy(sq), size) for sq in best_move.squares)
        )
    last = board.peek().squares if board.ply() else ()
    return board_svg(size, size, board_colors(board), marks=marks, last_move=last)


def initial_board_svg() -> str:
    """The empty Classic board painted before Python has loaded."""
    return game_board_svg(Board("classic"))


def ghost_svg(cells: Iterable[Cell], height: int, *, color: str, legal: bool) -> str:
    """The ghost's cells over the board, marked legal or illegal."""
    state = "legal" if legal else "illegal"
    return "".join(
        f'<rect class="ghost {state}" data-for="{color}" x="{px}" y="{py}" '
        f'width="{CELL}" height="{CELL}"/>'
        for px, py in (cell_origin(x, y, height) for x, y in cells)
    )


@cache  # every tray render draws all 21 pieces of each colour
def piece_svg(piece: Piece, orientation: int | None = None) -> str:
    """A small SVG of ``piece`` (as drawn in the rule book unless ``orientation`` is given)."""
    cells = piece.orientations[default_orientation(piece) if orientation is None else orientation]
    width = max(x for x, _ in cells) + 1
    height = max(y for _, y in cells) + 1
    rects = "".join(
        f'<rect x="{x + TRAY_PAD:g}" y="{height - 1 - y + TRAY_PAD:g}" width="1" height="1"/>'
        for x, y in cells
    )
    return (
        f'<svg viewBox="0 0 {width + 2 * TRAY_PAD:g} {height + 2 * TRAY_PAD:g}" '
        f'aria-hidden="true">{rects}</svg>'
    )


def piece_label(color: str, piece: Piece) -> str:
    """What a screen reader says for a tray piece, e.g. ``'Blue F pentomino'``."""
    return f"{color.capitalize()} {piece.name} {PIECE_KINDS[piece.size]}"


def tray_html(board: Board, color: int, *, selected: Piece | None, active: bool) -> str:
    """One colour's pieces as buttons; played ones stay in place, marked ``aria-disabled``."""
    name = board.color_names[color]
    buttons = []
    for piece in PIECES:
        used = board.is_piece_used(color, piece)
        state = ' aria-disabled="true"' if used else ""
        if not active:  # not this colour's turn: read, not played, so no tab stop
            state += ' tabindex="-1"'
        pressed = "true" if active and piece is selected else "false"
        buttons.append(
            f'<button type="button" class="piece" data-piece="{piece.name}" '
            f'data-color="{name}" aria-label="{piece_label(name, piece)}" '
            f'aria-pressed="{pressed}"{state}>{piece_svg(piece)}</button>'
        )
    left = len(board.pieces_left(color))
    turn = " turn" if active else ""
    return (
        f'<section class="tray{turn}" data-color="{name}" aria-label="{name.capitalize()} pieces">'
        f'<h2><span class="swatch" data-color="{name}"></span>{name.capitalize()}'
        f'<span class="left">{left} left</span></h2>'
        f'<div class="pieces">{"".join(buttons)}</div></section>'
    )


def trays_html(board: Board, *, selected: Piece | None, human_turn: bool) -> str:
    """Every colour's tray; the colour to move first when a human is to move."""
    return "".join(
        tray_html(board, c, selected=selected, active=human_turn and c == board.turn)
        for c in board.colors
    )


# --- words -----------------------------------------------------------------------------------


def color_title(board: Board, color: int) -> str:
    return board.color_names[color].capitalize()


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


def reason_text(reason: IllegalReason | None) -> str:
    """Why a ghost cannot be placed, as a sentence ending the status line."""
    return "can be placed here" if reason is None else reason.value


def ghost_status(piece: Piece, anchor_name: str, reason: IllegalReason | None) -> str:
    """E.g. ``'F at e10: must cover your start corner'``."""
    return f"{piece.name} at {anchor_name}: {reason_text(reason)}"


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
            seat = session.options.seats[seat_of_move(session.mode, board, c, 0)]
            if seat.is_computer:
                note += computer_note(seat.level, board.variant.name)
        bonus = bonus_of(board, c)
        bonus_cell = f"+{bonus}" if bonus else ""
        rows.append(
            f'<tr class="{" ".join(classes)}" data-color="{name}">'
            f'<th scope="row"><span class="swatch" data-color="{name}"></span>'
            f"{name.capitalize()}{note}</th>"
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
    scoring = {
        "points": "Points: squares on the board plus bonuses.",
        "advanced": "Rule-book scoring: minus one per square left, plus bonuses.",
        "basic": "Basic scoring: squares left, fewest wins.",
    }[session.board.scoring]
    return (
        f"{story_html(game_story(record_of(session)), session.board.variant)}"
        f"{scoreboard_html(session)}"
        f'<p class="note">{scoring} Bonuses: +15 for placing all 21 pieces, +5 more if the '
        "last one was the monomino.</p>"
    )


def seats_form_html(mode_name: str, seats: Iterable) -> str:
    """The new-game dialog's seat choices for a mode: human or a computer level per seat
    (no ``seats``: the mode's default, one human against the computer)."""
    mode = MODES[mode_name]
    seats = list(seats) or list(default_seats(mode_name))
    rows = []
    for i, label in enumerate(mode.seat_names()):
        current = seats[i] if i < len(seats) else None
        options = ['<option value="human">Human</option>']
        for level in LEVEL_NAMES:
            chosen = current is not None and current.is_computer and current.level == level
            options.append(
                f'<option value="computer:{level}"{" selected" if chosen else ""}>'
                f"{escape(computer_label(level, mode.variant))}</option>"
            )
        rows.append(
            f'<label class="seat"><span>{escape(label)}</span>'
            f'<select name="seat{i}" data-seat="{i}">{"".join(options)}</select></label>'
        )
    return "".join(rows)


# --- announcements (the live region: what a screen reader hears after each change) ------------


def move_announcement(session: Session, passed: Iterable[int] = ()) -> str:
    """What the last move did, said after it is played: who played which piece where, the
    colours passed because of it, and the result if the game is over.

    >>> from game import Move
    >>> from .session import HUMAN, Seat
    >>> session = Session.new(GameOptions("duo", seats=(HUMAN, Seat("computer", 3))))
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
    piece = move.piece
    kind = PIECE_KINDS[piece.size] if piece.size < 3 else f"{piece.name} {PIECE_KINDS[piece.size]}"
    squares = ", ".join(square_name(sq) for sq in move.squares)
    parts = [f"{who} played the {kind} on {squares}."]
    if board.turn is None:
        parts.append(f"Game over. {winner_text(session)}")
    else:
        parts.append(pass_notice(board, passed))
    return " ".join(part for part in parts if part)


# --- how to play -----------------------------------------------------------------------------

GAME_TYPES = {
    "classic": "four players, one colour each, on the 20 x 20 board.",
    "classic_2": "two players on the 20 x 20 board, each moving two colours: Blue and Red "
    "against Yellow and Green. A player scores both colours together.",
    "classic_3": "three players, one colour each; Green is shared: each player moves it in "
    "turn, and its points count for nobody.",
    "teams": "four players in two teams, Blue and Red against Yellow and Green; a team scores "
    "its two colours together.",
    "duo": "two players, Purple and Orange, on a 14 x 14 board with start squares near the middle.",
}
SCORING_TEXTS = {
    "points": "one point per square of your pieces on the board, +15 for placing all 21 "
    "pieces, +5 more if the last one was the monomino (the single square). Most points wins.",
    "advanced": "minus one point per square of the pieces you could not place, with the same "
    "bonuses (+15, +5). Most points wins.",
    "basic": "count the squares of the pieces you could not place. Fewest wins.",
}
SCORING_TITLES = {"points": "Points", "advanced": "Rule book", "basic": "Basic"}


def start_rule(options: GameOptions) -> str:
    """How a colour's first piece must start, for the game being played."""
    board = options.new_board()
    variant = board.variant
    if board.colorless_corners:
        return (
            "A colour's first piece must cover a free corner square of the board (the grey "
            "dots); any colour may take any corner."
        )
    where = ", ".join(
        f"{name.capitalize()} {square_name(sq)}"
        for name, sq in zip(variant.color_names, variant.start_squares, strict=True)
    )
    kind = "start corner" if variant.name != "duo" else "start square near the middle"
    return f"A colour's first piece must cover its {kind}, marked by a dot of its colour ({where})."


def help_html(options: GameOptions) -> str:
    """The body of How to play for the game being played: its colours and start rule, every
    game type and scoring choice (this game's marked), and the controls."""
    variant = options.new_board().variant
    colours = ", ".join(name.capitalize() for name in variant.color_names)

    def choices(texts: Mapping[str, str], titles: Mapping[str, str], chosen: str) -> str:
        items = []
        for key, text in texts.items():
            title = escape(titles[key]) + (" (this game)" if key == chosen else "")
            mark = ' class="chosen"' if key == chosen else ""
            items.append(f"<li{mark}><strong>{title}</strong>: {escape(text)}</li>")
        return "".join(items)

    mode_titles = {name: mode.title for name, mode in MODES.items()}
    return (
        "<p>Place as many of your 21 pieces as you can. Colours take turns in this order: "
        f"{colours}.</p><ul>"
        f"<li>{escape(start_rule(options))}</li>"
        "<li>Every later piece must touch a piece of the same colour <strong>corner to "
        "corner</strong>, and must never touch one along an edge. Touching other colours is "
        "fine.</li>"
        "<li>A colour that cannot place any piece is passed for the rest of the game. The game "
        "ends when no colour can move.</li></ul>"
        f"<h3>Game types</h3><ul>{choices(GAME_TYPES, mode_titles, options.mode)}</ul>"
        f"<h3>Scoring</h3><ul>{choices(SCORING_TEXTS, SCORING_TITLES, options.scoring)}</ul>"
        f"{controls_html()}"
    )


def controls_html(*, puzzle: bool = False) -> str:
    """How to play's controls: a game's (undo takes back the computer's replies too, the keys
    of the move list) or a puzzle's (one player: undo takes back a piece).

    >>> "computer" in controls_html(puzzle=True), "computer" in controls_html()
    (False, True)
    """
    if puzzle:
        undo = "undoes the last piece"
        more = (
            "<li><strong>Restart</strong> clears the board and the clock; <strong>Show a "
            "solution</strong> plays one (that solve does not count for your best time); "
            "<strong>Back to my game</strong> returns to the game you left.</li>"
        )
        saved = "The puzzle and your best times are saved in this browser"
    else:
        undo = "undoes your last move (with the computer's replies)"
        more = (
            "<li><kbd>Home</kbd>, <kbd>End</kbd> and, with no piece picked, <kbd>&larr;</kbd> "
            "<kbd>&rarr;</kbd> step through the moves played.</li>"
        )
        saved = "The game is saved in this browser after every move"
    return (
        "<h3>Controls</h3><ul>"
        "<li><strong>Pick</strong> a piece in a tray (click, tap, or its letter key: I cycles "
        "I3/I4/I5, 1 and 2 are the small ones).</li>"
        "<li><strong>Turn</strong> it with the buttons, <kbd>R</kbd> (<kbd>Shift</kbd>+"
        "<kbd>R</kbd> the other way), the mouse wheel; <strong>flip</strong> it with "
        "<kbd>F</kbd>. With a piece picked, <kbd>Shift</kbd>+letter picks another.</li>"
        "<li><strong>Place</strong> it: click a square (the piece's top-left square goes "
        "there), or move it with the arrow keys and press <kbd>Enter</kbd>. On a touch screen, "
        "tap or drag to position it, then press Place; Zoom enlarges the board.</li>"
        f"<li><kbd>Ctrl</kbd>+<kbd>Z</kbd> {undo}, <kbd>Ctrl</kbd>+<kbd>Y</kbd> redoes, "
        "<kbd>H</kbd> asks for a hint, <kbd>Esc</kbd> puts the piece back.</li>"
        f"{more}</ul><p>{saved}, and the page works offline once loaded.</p>"
    )

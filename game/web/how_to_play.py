"""How to play, written for the game or the puzzle being played: the text of
:mod:`game.web.how_to_play_text` filled in (pure functions, no DOM: tested in CPython).

>>> "computer" in controls_html(puzzle=True), "computer" in controls_html()
(False, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from game import square_name
from game.puzzles import Puzzle, find_puzzle  # noqa: F401  (doctest)
from game.review import color_title

from . import how_to_play_text as text
from .puzzle_view import DESCRIPTIONS
from .session import GAME_TYPES, GameOptions


def start_rule(options: GameOptions) -> str:
    """How a colour's first piece must start, for the game being played."""
    board = options.new_board()
    variant = board.variant
    if board.colorless_corners:
        return text.START_ANY_CORNER
    if variant.shared_starts:
        return text.START_SHARED
    where = ", ".join(
        f"{color_title(variant, c)} {square_name(sq)}"
        for c, sq in zip(variant.colors, variant.start_squares, strict=True)
    )
    kind = text.DUO_START_SQUARE if variant.size == 14 else text.START_CORNER
    return text.START_OWN.format(kind=kind, where=where)


def _choices(texts: Mapping[str, str], titles: Mapping[str, str], chosen: str) -> str:
    """A list item per choice, the one of the game being played marked."""
    items = []
    for key, about in texts.items():
        title = escape(titles[key]) + (text.THIS_GAME if key == chosen else "")
        mark = ' class="chosen"' if key == chosen else ""
        items.append(f"<li{mark}><strong>{title}</strong>: {escape(about)}</li>")
    return "".join(items)


def game_help_html(options: GameOptions) -> str:
    """The body of How to play for the game being played: its colours and start rule, every
    game type and scoring choice (this game's marked), and the controls."""
    variant = options.new_board().variant
    colours = ", ".join(color_title(variant, c) for c in variant.colors)
    kinds = len({piece.name for piece in variant.pieces})
    pieces = (
        text.PIECE_SET if kinds == len(variant.pieces) else text.PIECE_SET_WITH_COPIES
    ).format(count=len(variant.pieces), kinds=kinds)
    type_titles = {name: game_type.title for name, game_type in GAME_TYPES.items()}
    game_types = _choices(text.GAME_TYPES, type_titles, options.game_type)
    scoring = _choices(text.SCORING, text.SCORING_TITLES, options.scoring)
    return (
        text.RULES.format(pieces=pieces, colours=colours, start_rule=escape(start_rule(options)))
        + (text.TRIANGLE_RULES if variant.triangles else "")
        + f"<h3>{text.GAME_TYPES_HEADING}</h3><ul>{game_types}</ul>"
        + f"<h3>{text.SCORING_HEADING}</h3><ul>{scoring}</ul>"
        + controls_html()
    )


def controls_html(*, puzzle: bool = False) -> str:
    """How to play's controls: a game's (undo takes back the computer's replies too, the keys
    of the move list) or a puzzle's (one player: undo takes back a piece)."""
    return text.CONTROLS.format(**(text.PUZZLE_CONTROLS if puzzle else text.GAME_CONTROLS))


def puzzle_help_html(puzzle: Puzzle) -> str:
    """The body of How to play in puzzle mode: the puzzle's task, its rules, the controls.

    >>> html = puzzle_help_html(find_puzzle("tetromino_rectangle"))
    >>> "Fill the 8 x 10 rectangle" in html and "start corner" not in html and "Controls" in html
    True
    >>> "computer" in html
    False
    """
    rules = text.PUZZLE_GAME_RULES if puzzle.game_rules else text.PUZZLE_FREE_RULES
    task = f"{puzzle.number}. {escape(puzzle.title)}: {escape(DESCRIPTIONS[puzzle.name])}"
    return text.PUZZLE.format(task=task, rules=rules, controls=controls_html(puzzle=True))

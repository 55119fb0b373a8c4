"""An opening book: for the first moves of a game, the move that did best in a strong engine's
games against itself.

Learned by ``tools/learn_book.py`` (see the README) and stored in ``game/data/ai_book.json``: per
variant, per position (:func:`position_key`), a move in Pentobi's notation. In Duo the player who
moves first wins most games, and which piece opens where decides much of it; a search judges
the first moves by an evaluation that knows least about them.

>>> from game.board import Board
>>> position_key(Board("duo"))
'0//'
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from .pieces import Move, square_name

BOOK_FILE = Path(__file__).parent / "data" / "ai_book.json"


def position_key(board) -> str:
    """The position on ``board`` as text: the colour to move, then each colour's squares in
    Pentobi's notation, separated by slashes."""
    squares = (
        ",".join(map(square_name, sorted(board.squares_of(color))))
        for color in board.variant.colors
    )
    return "/".join([str(board.turn), *squares])


@cache
def _book() -> dict[str, dict[str, str]]:
    return json.loads(BOOK_FILE.read_text()) if BOOK_FILE.exists() else {}


def book_move(board) -> Move | None:
    """The book's move for the colour to move on ``board``, or None where it has none."""
    text = _book().get(board.variant.name, {}).get(position_key(board))
    if text is None:
        return None
    move = Move.parse(text)
    return move if board.is_legal(move) else None

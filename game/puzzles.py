"""The one-player brainteasers of the official rule book, as boards with the game's API.

1. ``all84``: place all 84 pieces of the four colours on the 20x20 board under the game's rules.
2. ``all84_largest_first``: the same, placing every five-square piece first, then the
   four-square pieces, then three, two, one.
3. ``tetromino_rectangle``: the 20 four-square pieces tile an 8x10 rectangle.
4. ``pentomino_rectangle``: the 48 five-square pieces tile a 15x16 rectangle.

Puzzles 3 and 4 are pure tiling: any piece may go anywhere on the rectangle, colours do not
matter except that each colour owns one copy of each shape.

>>> board = puzzle_board("tetromino_rectangle")
>>> board.push(Move.parse("a1,b1,c1,d1"))
>>> board.progress()
Progress(pieces=1, pieces_total=20, squares=4, squares_total=80)
>>> board.illegal_reason(Move.parse("a1,a2,a3,a4")).value
'covers a square that is already taken'
>>> board.illegal_reason(Move.parse("e1,f1,g1")).value
'that piece is not part of this puzzle'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import NamedTuple

from .board import BaseBoard, Board, IllegalMoveError, IllegalReason, Reason
from .files import read_bytes
from .geometry import Mask, geometry
from .i18n import N_
from .pieces import FILE_NAMES, PIECES, Move, Piece, square
from .variants import VARIANTS, Color

CLASSIC = VARIANTS["classic"]
SOLUTIONS_FILE = Path(__file__).resolve().parent / "data" / "puzzle_solutions.json"


@dataclass(frozen=True)
class Puzzle:
    """The fixed facts of one puzzle."""

    name: str
    #: Its number in the rule book's list.
    number: int
    title: str
    width: int
    height: int
    #: Sizes of the pieces the puzzle uses; every colour brings one of each such piece.
    piece_sizes: tuple[int, ...]
    #: Whether the game's rules apply (start corners, corners only between a colour's pieces).
    game_rules: bool
    #: Whether all larger pieces must be placed before any smaller one.
    largest_first: bool = False

    @property
    def pieces(self) -> tuple[Piece, ...]:
        """The shapes in play, each owned once by every colour."""
        return tuple(p for p in PIECES if p.size in self.piece_sizes)

    @property
    def colors(self) -> tuple[Color, ...]:
        return CLASSIC.colors

    @property
    def color_names(self) -> tuple[str, ...]:
        return CLASSIC.color_names

    @property
    def pieces_total(self) -> int:
        return len(self.pieces) * len(self.colors)

    @property
    def squares_total(self) -> int:
        return sum(p.size for p in self.pieces) * len(self.colors)


PUZZLES: dict[str, Puzzle] = {
    p.name: p
    for p in (
        Puzzle("all84", 1, N_("All 84 pieces"), 20, 20, (1, 2, 3, 4, 5), True),
        Puzzle(
            "all84_largest_first",
            2,
            N_("All 84 pieces, largest first"),
            20,
            20,
            (1, 2, 3, 4, 5),
            True,
            largest_first=True,
        ),
        Puzzle("tetromino_rectangle", 3, N_("Tetromino rectangle"), 8, 10, (4,), False),
        Puzzle("pentomino_rectangle", 4, N_("Pentomino rectangle"), 15, 16, (5,), False),
    )
}


def find_puzzle(name: str | int) -> Puzzle:
    """The puzzle called ``name`` or numbered ``name`` in the rule book (``'3'`` or ``3``).

    >>> find_puzzle("4").title
    'Pentomino rectangle'
    """
    key = str(name).strip().lower()
    for puzzle in PUZZLES.values():
        if key in (puzzle.name, str(puzzle.number)):
            return puzzle
    raise ValueError(f"unknown puzzle {name!r}; known: {', '.join(PUZZLES)} (or 1-4)")


class PuzzleReason(Reason):
    """Why a move breaks a puzzle's own rules (the game's reasons are :class:`IllegalReason`)."""

    NOT_IN_PUZZLE = N_("that piece is not part of this puzzle")
    LARGER_FIRST = N_("larger pieces must be placed first")
    NOT_YOUR_TURN = N_("it is another colour's turn")
    SOLVED = N_("the puzzle is solved")


class Progress(NamedTuple):
    """How far a puzzle is: pieces and squares placed, out of the totals."""

    pieces: int
    pieces_total: int
    squares: int
    squares_total: int


class PuzzleMixin:
    """What both kinds of puzzle board add to the game's verbs: solved state and progress."""

    puzzle: Puzzle

    def is_solved(self) -> bool:
        """Whether every piece of the puzzle is on the board."""
        return self.progress().pieces == self.puzzle.pieces_total

    def is_stuck(self) -> bool:
        """Whether no move is possible although the puzzle is not solved (time to undo)."""
        return self.turn is None and not self.is_solved()

    def progress(self) -> Progress:
        puzzle = self.puzzle
        return Progress(
            self.ply(), puzzle.pieces_total,
            self.occupied_mask().bit_count(), puzzle.squares_total,
        )  # fmt: skip

    def __repr__(self) -> str:
        pieces, total, _, _ = self.progress()
        return f"<{type(self).__name__} {self.puzzle.name!r}: {pieces}/{total} pieces>"


class RulesPuzzleBoard(PuzzleMixin, Board):
    """Puzzles 1 and 2: a classic four-colour game played alone, all 84 pieces to place.

    Colours move in the usual order, skipping a colour that cannot move; with ``free_order``
    any colour may move at any time (the turn then only says who moves by default).
    """

    def __init__(self, puzzle: Puzzle, *, free_order: bool = False):
        self.puzzle = puzzle
        super().__init__(CLASSIC)
        self.turn_order = not free_order

    def required_size(self) -> int | None:
        """In a largest-first puzzle, the size every next piece must have (None when done)."""
        sizes = [p.size for c in self.colors for p in self.pieces_left(c)]
        return max(sizes, default=None)

    def illegal_reason(
        self, move: Move, color: Color | None = None
    ) -> IllegalReason | PuzzleReason | None:
        if self.is_solved():
            return PuzzleReason.SOLVED
        if color is not None and self.turn_order and color != self.turn:
            return PuzzleReason.NOT_YOUR_TURN
        reason = super().illegal_reason(move, color)
        if reason is None and self.puzzle.largest_first and move.piece.size != self.required_size():
            return PuzzleReason.LARGER_FIRST
        return reason

    def unavailable_pieces_mask(self, color: Color, size: int | None = None) -> int:
        """The pieces ``color`` has placed and, in a largest-first puzzle, those of any other
        size than ``size`` (default: :meth:`required_size`, the size due now). Move
        generation, and so turn order and passes, see the largest-first rule through this."""
        used = self._used[color]
        if self.puzzle.largest_first:
            if size is None:
                size = self.required_size()
            used |= sum(1 << p.index for p in PIECES if p.size != size)
        return used


class TilingPuzzleBoard(PuzzleMixin, BaseBoard):
    """Puzzles 3 and 4: fill a rectangle with the pieces of one size of all four colours.

    A move may be made with any colour that still owns that shape; by default the first such
    colour in play order. :attr:`turn` is the first colour with pieces left (None when no piece
    fits anywhere): the colour that moves by default.
    """

    turn_order = False

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self.colors = puzzle.colors
        self.color_names = puzzle.color_names
        self.geometry = geometry(puzzle.width, puzzle.height)
        n = len(puzzle.colors)
        self._occupied: Mask = 0
        self._own: list[Mask] = [0] * n
        # Pieces of other sizes count as used: they are not part of the puzzle.
        not_in_puzzle = sum(1 << p.index for p in PIECES if p.size not in puzzle.piece_sizes)
        self._used = [not_in_puzzle] * n
        self._history: list[tuple[Color, int]] = []
        self._legal: list[int] | None = None  # legal_codes() of any colour, built on first use

    # --- queries ---------------------------------------------------------------------------

    @property
    def turn(self) -> Color | None:
        if not self.legal_codes():
            return None
        return next(c for c in self.puzzle.colors if self.pieces_left(c))

    def legal_codes(self, color: Color | None = None) -> list[int]:
        """Move codes (see :mod:`game.geometry`) of the placements ``color`` can make (default:
        any colour). The list of any colour is cached: do not modify it."""
        free = self.geometry.full & ~self._occupied
        if color is None:
            if self._legal is None:
                used_by_all = ~0
                for used in self._used:
                    used_by_all &= used
                self._legal = self.geometry.placements(free, free, used_by_all)
            return self._legal
        return self.geometry.placements(free, free, self._used[color])

    # --- legality and moves ----------------------------------------------------------------

    def illegal_reason(
        self, move: Move, color: Color | None = None
    ) -> IllegalReason | PuzzleReason | None:
        """Why ``move`` (by ``color``, default: any colour owning the shape) is illegal."""
        if self.is_solved():
            return PuzzleReason.SOLVED
        if not all(self.geometry.contains(sq) for sq in move.squares):
            return IllegalReason.OFF_BOARD
        piece = move.piece
        if piece is None:
            return IllegalReason.NOT_A_PIECE
        if piece.size not in self.puzzle.piece_sizes:
            return PuzzleReason.NOT_IN_PUZZLE
        if self._color_for(piece, color) is None:
            return IllegalReason.PIECE_USED
        if self.geometry.mask_of(move.squares) & self._occupied:
            return IllegalReason.OVERLAP
        return None

    def _color_for(self, piece: Piece, color: Color | None) -> Color | None:
        """``color`` if it still owns ``piece``, else (``color`` None) the first colour that
        does, else None."""
        colors = self.puzzle.colors if color is None else (color,)
        return next((c for c in colors if not self._used[c] >> piece.index & 1), None)

    def push(self, move: Move, color: Color | None = None) -> None:
        """Place ``move`` with ``color``'s copy of the piece (default: the first colour that owns
        one). Raises :class:`IllegalMoveError` and changes nothing if the move is illegal."""
        reason = self.illegal_reason(move, color)
        if reason is not None:
            raise IllegalMoveError(move, reason, self.geometry.grid.triangles)
        code = self.geometry.code_of(self.geometry.mask_of(move.squares))
        self.push_code(code, self._color_for(move.piece, color))

    def push_code(self, code: int, color: Color | None = None) -> None:
        """Place the placement with move code ``code`` without checking that it is legal."""
        geo = self.geometry
        if color is None:
            color = self._color_for(geo.placement_piece(code), None)
        mask = geo.placement_mask(code)
        self._occupied |= mask
        self._own[color] |= mask
        self._used[color] |= 1 << geo.placement_piece(code).index
        self._history.append((color, code))
        self._legal = None

    def pop(self) -> Move:
        """Take back the last move and return it."""
        color, code = self._history.pop()
        geo = self.geometry
        mask = geo.placement_mask(code)
        self._occupied &= ~mask
        self._own[color] &= ~mask
        self._used[color] &= ~(1 << geo.placement_piece(code).index)
        self._legal = None
        return geo.move(code)

    def __str__(self) -> str:
        """An ASCII board with the game's colour letters (X O # @), top row first."""
        width, height = self.puzzle.width, self.puzzle.height
        files = " ".join(FILE_NAMES[:width])
        lines = [f"   {files}"]
        for y in range(height - 1, -1, -1):
            row = ["XO#@"[c] if (c := self.color_at(square(x, y))) is not None else "."
                   for x in range(width)]  # fmt: skip
            lines.append(f"{y + 1:2} {' '.join(row)} {y + 1}")
        lines.append(f"   {files}")
        return "\n".join(lines)


PuzzleBoard = RulesPuzzleBoard | TilingPuzzleBoard


def puzzle_board(puzzle: str | int | Puzzle, **options) -> PuzzleBoard:
    """A fresh board for ``puzzle`` (a :class:`Puzzle`, its name or number). ``free_order=True``
    lets any colour move at any time in the puzzles played under the game's rules."""
    if not isinstance(puzzle, Puzzle):
        puzzle = find_puzzle(puzzle)
    if puzzle.game_rules:
        return RulesPuzzleBoard(puzzle, **options)
    if options:
        raise ValueError(f"{puzzle.name} takes no options")
    return TilingPuzzleBoard(puzzle)


@cache
def _stored_solutions() -> dict[str, list[list]]:
    return json.loads(read_bytes(SOLUTIONS_FILE))


def stored_solution(puzzle: str | int | Puzzle) -> list[tuple[Color, Move]]:
    """A solution of ``puzzle`` found by :mod:`game.solver` and shipped with the game: the
    (colour, move) pairs in an order in which they can be played from the empty board."""
    if not isinstance(puzzle, Puzzle):
        puzzle = find_puzzle(puzzle)
    return [(color, Move.parse(text)) for color, text in _stored_solutions()[puzzle.name]]


def stored_continuation(board: PuzzleBoard) -> list[tuple[Color, Move]] | None:
    """The rest of the puzzle's stored solution if the moves on ``board`` are part of it (its
    first moves in the same order and colours under the game's rules; any of its placements
    with any colour in a tiling puzzle), else None.

    >>> board = puzzle_board("tetromino_rectangle")
    >>> len(stored_continuation(board))
    20
    """
    solution = stored_solution(board.puzzle)
    played = board.move_stack
    if board.puzzle.game_rules:
        return solution[len(played) :] if solution[: len(played)] == played else None
    placed = {move for _, move in played}
    if not placed <= {move for _, move in solution}:
        return None
    rest = board.copy()
    for _, move in solution:
        if move not in placed:
            rest.push(move)  # with the first colour that still owns the piece
    return rest.move_stack[len(played) :]

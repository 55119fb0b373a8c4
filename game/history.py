"""The moves of a game or puzzle as a line to move along: play, undo and redo in groups, and
go to any move, for every kind of board.

The line holds the moves played and those taken back (until a new move replaces them); the
board stands at :attr:`History.ply`, a position on that line.

>>> history = History(Board("duo"))
>>> history.play(Move.parse("e10"))
>>> history.play(Move.parse("j5"))
>>> history.undo(2), history.ply, len(history.moves)
(2, 0, 2)
>>> history.redo(), history.board.ply()
(2, 2)
>>> history.goto(1); [str(move) for _, move in history.moves[history.ply :]]
['j5']
>>> str(history.position(2).peek())
'j5'
"""

from __future__ import annotations

from .board import BaseBoard, Board  # noqa: F401  (Board: doctest)
from .pieces import Move
from .variants import Color


class History:
    """``board`` (changed in place by every verb) and the line of moves through it.

    Undo takes back a group of moves and redo replays the latest group taken back, so a human's
    undo can take back the computer's replies with its own move; :meth:`goto` moves to any
    position of the line, as a move list does. The moves already on ``board`` start the line.
    """

    def __init__(self, board: BaseBoard):
        self.board = board
        self._line = board.move_stack
        # Positions redo returns to, the latest group's last: each above the current ply.
        self._redo_marks: list[int] = []

    @property
    def moves(self) -> list[tuple[Color, Move]]:
        """(colour, move) of every move of the line, played or taken back, in play order."""
        return list(self._line)

    @property
    def ply(self) -> int:
        """How many moves of the line are on the board."""
        return self.board.ply()

    def can_undo(self) -> bool:
        return self.ply > 0

    def can_redo(self) -> bool:
        return self.ply < len(self._line)

    def play(self, move: Move, color: Color | None = None) -> None:
        """Play ``move`` for ``color`` (default: the board's). Raises the board's
        :class:`~game.board.IllegalMoveError` and changes nothing if it is illegal; else the
        moves that could be redone are replaced by it."""
        self.board.push(move, color)
        del self._line[self.ply - 1 :]
        self._line.append(self.board.move_stack[-1])
        self._redo_marks.clear()

    def undo(self, count: int = 1) -> int:
        """Take back the last ``count`` moves (fewer if there are fewer) as one group that
        :meth:`redo` replays. Returns how many were taken back."""
        count = min(count, self.ply)
        if count:
            self._redo_marks.append(self.ply)
            self._go(self.ply - count)
        return count

    def redo(self) -> int:
        """Replay the group of moves the latest undo took back (the rest of the line if no
        undo made it). Returns how many moves were replayed."""
        if not self.can_redo():
            return 0
        before = self.ply
        self._go(self._redo_marks.pop() if self._redo_marks else len(self._line))
        return self.ply - before

    def goto(self, ply: int) -> None:
        """Go to the position after the line's first ``ply`` moves (0: before the first). Going
        back, redo then returns here first."""
        if not 0 <= ply <= len(self._line):
            raise ValueError(f"no move {ply}: the line has {len(self._line)} moves")
        if ply < self.ply:
            self._redo_marks.append(self.ply)
        self._go(ply)
        while self._redo_marks and self._redo_marks[-1] <= ply:
            self._redo_marks.pop()

    def position(self, ply: int) -> BaseBoard:
        """A copy of the board after the line's first ``ply`` moves; the history is unchanged."""
        if not 0 <= ply <= len(self._line):
            raise ValueError(f"no move {ply}: the line has {len(self._line)} moves")
        board = self.board.copy()
        _move_along(board, self._line, ply)
        return board

    def forget_redo(self) -> None:
        """Drop the moves after the current position from the line."""
        del self._line[self.ply :]
        self._redo_marks.clear()

    def _go(self, ply: int) -> None:
        _move_along(self.board, self._line, ply)


def _move_along(board: BaseBoard, line: list[tuple[Color, Move]], ply: int) -> None:
    """Pop or push ``board`` (whose moves are the first of ``line``) until it has ``ply``."""
    while board.ply() > ply:
        board.pop()
    while board.ply() < ply:
        color, move = line[board.ply()]
        board.push(move, color)

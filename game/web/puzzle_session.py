"""A rule-book puzzle as the page plays it: the board and its history, the clock, the saved
form, and the best times (pure Python, tested in CPython).

>>> session = PuzzleSession(find_puzzle("tetromino_rectangle"), clock=iter(range(100)).__next__)
>>> session.play(Move.parse("a1,b1,a2,b2"))
>>> session.undo(), session.redo(), session.board.progress().pieces
(True, True, 1)
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable

from game import Move
from game.boundary import InputError, load_json
from game.history import History
from game.i18n import N_, _
from game.puzzles import PUZZLES, Puzzle, PuzzleBoard, find_puzzle, puzzle_board  # noqa: F401

from .session import read_saved

BEST_TIMES_KEY = "pyblokus.puzzles"
#: The puzzle being played, saved after every change; absent while a game is played.
PUZZLE_SAVE_KEY = "pyblokus.puzzle"
PUZZLE_SAVE_FORMAT = "pyblokus-puzzle"
PUZZLE_SAVE_VERSION = 1
#: Bounds of a saved puzzle: every piece of four colours, and ten years on the clock.
MAX_PUZZLE_MOVES = 84
MAX_SECONDS = 10 * 365 * 24 * 3600


class PuzzleSession:
    """A puzzle as the page plays it: the board, redo, the clock, and the best time earned.

    ``clock`` gives seconds (``time.monotonic`` in the page). A solve counts for the best time
    unless a stored solution was shown since the last restart.
    """

    def __init__(
        self, puzzle: Puzzle, *, free_order: bool = False, clock: Callable = time.monotonic
    ):
        self.puzzle = puzzle
        self.free_order = free_order and puzzle.game_rules
        self._clock = clock
        self.restart()

    def restart(self) -> None:
        options = {"free_order": True} if self.free_order else {}
        self.history = History(puzzle_board(self.puzzle, **options))
        self.started = self._clock()
        self.solution_shown = False
        #: Seconds the solve took, once solved.
        self.solved_in: float | None = None

    @property
    def board(self) -> PuzzleBoard:
        return self.history.board

    def play(self, move: Move, color: int | None = None) -> None:
        """Place ``move`` (IllegalMoveError, nothing changed, if it breaks the puzzle's rules)."""
        self.history.play(move, color)
        self._note_solved()

    def undo(self) -> bool:
        """Take back the last piece."""
        return bool(self.history.undo())

    def redo(self) -> bool:
        if not self.history.redo():
            return False
        self._note_solved()
        return True

    def elapsed(self) -> float:
        return self.solved_in if self.solved_in is not None else self._clock() - self.started

    def counts_for_best_time(self) -> bool:
        return self.solved_in is not None and not self.solution_shown

    def _note_solved(self) -> None:
        if self.solved_in is None and self.board.is_solved():
            self.solved_in = self._clock() - self.started

    # --- saving ----------------------------------------------------------------------------

    def to_json(self) -> str:
        """The saved form: the puzzle, its option, the moves played and those to redo (in
        the order undo took them back), the seconds on the clock, whether it was solved."""
        undone = self.history.moves[self.history.ply :]
        return json.dumps(
            {
                "format": PUZZLE_SAVE_FORMAT,
                "version": PUZZLE_SAVE_VERSION,
                "puzzle": self.puzzle.name,
                "free_order": self.free_order,
                "moves": [[color, str(move)] for color, move in self.board.move_stack],
                "redo": [[color, str(move)] for color, move in reversed(undone)],
                "elapsed": self.elapsed(),
                "solved": self.solved_in is not None,
                "solution_shown": self.solution_shown,
            }
        )

    @classmethod
    def from_json(cls, text: str, *, clock: Callable = time.monotonic) -> PuzzleSession:
        """The session saved by :meth:`to_json`, its clock running on from the saved time.
        Raises :class:`InputError` with a message for anything else: not JSON, another
        format or version, an unknown puzzle, wrong types, a move its puzzle forbids, a save
        beyond the bounds of :mod:`game.boundary`.

        >>> PuzzleSession.from_json('{"format": "pyblokus-puzzle", "version": 1}')
        Traceback (most recent call last):
        ...
        game.boundary.InputError: the saved puzzle is unknown
        """
        data = read_saved(text, PUZZLE_SAVE_FORMAT, PUZZLE_SAVE_VERSION, "puzzle")
        name = data.get("puzzle")
        if not isinstance(name, str) or name not in PUZZLES:
            raise InputError(_("the saved puzzle is unknown"))
        flags = [data.get(key) for key in ("free_order", "solved", "solution_shown")]
        elapsed = data.get("elapsed")
        if not all(isinstance(flag, bool) for flag in flags) or not _is_seconds(elapsed):
            raise InputError(_("the saved puzzle's options or time are malformed"))
        free_order, solved, solution_shown = flags
        session = cls(PUZZLES[name], free_order=free_order, clock=clock)
        played = _saved_moves(data.get("moves"), session.puzzle)
        to_redo = _saved_moves(data.get("redo"), session.puzzle)
        if len(played) + len(to_redo) > MAX_PUZZLE_MOVES:
            raise InputError(
                _("the saved puzzle has more than {count} moves").format(count=MAX_PUZZLE_MOVES)
            )
        try:  # the moves to redo, replayed latest-undone first and taken back again
            for color, move in played + to_redo[::-1]:
                session.history.play(move, color)
        except ValueError as error:
            raise _broken_moves(error) from None
        for _redo in to_redo:
            session.undo()
        if session.board.is_solved() and not solved:
            raise InputError(_("the saved puzzle is solved but has no time"))
        session.started = clock() - elapsed
        session.solved_in = elapsed if solved else None
        session.solution_shown = solution_shown
        return session


def _is_seconds(value) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 <= value <= MAX_SECONDS
    )


def _saved_moves(entries, puzzle: Puzzle) -> list[tuple[int, Move]]:
    """The (colour, move) pairs of a saved list of ``[colour, "a1,b1"]``; InputError if it is
    anything else. Whether the moves are legal is for the board to say."""
    if (
        not isinstance(entries, list)
        or len(entries) > MAX_PUZZLE_MOVES
        or not all(
            isinstance(entry, list)
            and len(entry) == 2
            and type(entry[0]) is int
            and entry[0] in puzzle.colors
            and isinstance(entry[1], str)
            for entry in entries
        )
    ):
        raise InputError(_("the saved puzzle's moves are malformed"))
    try:
        return [(color, Move.parse(text)) for color, text in entries]
    except ValueError as error:
        raise _broken_moves(error) from None


def _broken_moves(error: ValueError) -> InputError:
    return InputError(_("the saved puzzle's moves are broken: {error}").format(error=error))


# --- best times ------------------------------------------------------------------------------


def parse_best_times(text: str | None) -> dict[str, float]:
    """The best times stored in the browser (puzzle name -> seconds; none if ``text`` is
    None); an entry that is not a puzzle and a time is ignored. Raises :class:`InputError` if
    ``text`` is not a JSON object within the bounds of :func:`game.boundary.load_json`.

    >>> parse_best_times('{"all84": 95.5, "bogus": 3, "tetromino_rectangle": "x"}')
    {'all84': 95.5}
    >>> parse_best_times("not json")
    Traceback (most recent call last):
      ...
    game.boundary.InputError: the save is not valid JSON
    """
    data = load_json(text or "{}", N_("the save"))
    if not isinstance(data, dict):
        raise InputError(_("the save is not a JSON object"))
    return {
        name: float(seconds)
        for name, seconds in data.items()
        if name in PUZZLES and _is_seconds(seconds) and seconds > 0
    }


def with_time(best: dict[str, float], name: str, seconds: float) -> tuple[dict[str, float], bool]:
    """``best`` with ``seconds`` recorded for puzzle ``name`` if it beats the old best, and
    whether it did."""
    if name in best and best[name] <= seconds:
        return best, False
    return {**best, name: seconds}, True


def format_seconds(seconds: float) -> str:
    """``m:ss`` (``h:mm:ss`` past an hour).

    >>> format_seconds(75.4), format_seconds(3725)
    ('1:15', '1:02:05')
    """
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"

"""Analyse a game: at every position, the move the computer would play (at
:func:`game.levels.analysis_level`), each
player's value, and how much each move played lost against the computer's.

The AI has no position-value API, so the value comes from its search result and its static
evaluation (:func:`game.ai_eval.color_values`, for each player weighed by
:func:`game.ai.goal_of`: about the points a player is ahead of the average rival). A position's
value is the mean of its evaluation and that of the position after the computer's move: taken
halfway through the mover's turn, the graph does not swing with whoever has just moved. A move's
loss is the mover's value after the computer's move minus that after the move played.

It runs in slices, like :class:`game.ai.Search`, so the page stays responsive:

>>> from game import Board, Move
>>> board = Board("duo")
>>> for text in ("e10,f10,e9", "j5,j4"):
...     board.push(Move.parse(text))
>>> analysis = Analysis(board)
>>> while not analysis.step(0.05):
...     pass
>>> result = analysis.result
>>> len(result.values), len(result.best), result.losses[0] >= 0
(3, 2, True)
"""

from __future__ import annotations

from collections.abc import Iterator

from .ai import Search, goal_of
from .ai_eval import Position, Weights, color_values
from .board import Board
from .levels import analysis_level
from .review import VALUE_DECIMALS, AnalysisResult
from .slicing import SlicedWork

#: The seed of every search: the same game always gets the same analysis.
SEED = 0


class Analysis(SlicedWork):
    """The analysis of ``board``'s game (its moves so far), run with :meth:`step`.

    The board is copied. :attr:`progress` goes from 0 to 1; :attr:`result` is set when done.
    """

    def __init__(self, board: Board, level: int | None = None):
        self.level = analysis_level(board.variant.name) if level is None else level
        self.done = False
        self.progress = 0.0
        self.result: AnalysisResult | None = None
        self._board = board.copy()
        self._work = self._run()

    def _run(self) -> Iterator[None]:
        moves = tuple(self._board.move_stack)
        replay = self._board
        while replay.ply():
            replay.pop()
        goals = [goal_of(replay.variant, p) for p in range(replay.variant.num_players)]
        weights = Weights()

        def values(pos: Position) -> list[float]:
            by_color = color_values(pos, weights)
            return [sum(g * v for g, v in zip(goal, by_color, strict=True)) for goal in goals]

        values_now = values(Position.from_board(replay))
        result_values, best, losses = [], [], []
        for number, (color, move) in enumerate(moves):
            if replay.turn != color:
                replay.turn = color  # a record may have a colour move out of turn
            player = replay.player_to_move
            search = Search(replay, self.level, seed=SEED)
            while not search.step(0):
                yield
            geo = replay.geometry
            code = geo.code_of(geo.mask_of(search.best_move.squares))
            after_best = values(Position.from_board(replay).play(color, code))
            replay.push(move, color)
            after = values(Position.from_board(replay))
            result_values.append(_mean(values_now, after_best))
            best.append(search.best_move)
            losses.append(_round(after_best[player] - after[player]))
            values_now = after
            self.progress = (number + 1) / len(moves)
            yield
        result_values.append([_round(v) for v in values_now])
        self.result = AnalysisResult(
            moves, tuple(map(tuple, result_values)), tuple(best), tuple(losses)
        )
        self.progress = 1.0


def _round(value: float) -> float:
    return round(value, VALUE_DECIMALS) + 0.0  # + 0.0: no -0.0 in the kept data


def _mean(a: list[float], b: list[float]) -> list[float]:
    return [_round((x + y) / 2) for x, y in zip(a, b, strict=True)]

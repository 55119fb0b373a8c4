"""A learned static evaluation: each colour's final points, predicted from a few counts.

A colour's value is its points so far plus ``w . x``, where ``x`` (:func:`value_features`)
counts what it can still gain: its territory (the free squares it reaches before any other
colour, see :func:`game.ai_eval.flood_by_step`) at a few reaches, also capped by the squares
of its pieces left, the free squares it reaches at all (contested or not), its attach squares,
its big pieces left. One weight vector per game phase
(pieces placed on the board per colour); the weights are fitted so that, among the positions
after each legal move, the one a strong engine chose ranks first (``tools/learn_eval.py``, see
the README), and stored in ``game/data/ai_value_weights.json``. The search uses it in place of
the hand-set :func:`game.ai_eval.evaluate` where weights were learned for the board; its
two-player tree of simulations turns values into expected results by a calibration fitted to
the same games' results (:func:`win_value`), or on the boards that have one reads them from a
small network fitted to the engine's own values of positions (:class:`ValueNetwork`).

>>> from game.board import Board
>>> pos = Position.from_board(Board("duo"))
>>> [len(row) for row in value_features(pos)] == [len(VALUE_FEATURES)] * 2
True
"""

from __future__ import annotations

import json
import math
from functools import cache
from operator import itemgetter, mul
from pathlib import Path

import numpy as np

from .ai_eval import REACH_STEPS, Position, Tables, flood_by_step
from .ai_prior import board_key

#: The reaches (steps) at which a colour's territory is counted, besides the full one.
REACHES = (0, 1, 2, 4)
_AT_REACHES = itemgetter(*REACHES)
#: The reach (steps) at which the free squares a colour reaches are counted, besides the full one.
NEAR = 3
VALUE_FEATURES = (
    *(f"territory_{k}" for k in REACHES),
    "territory",
    "territory_capped",
    f"reachable_{NEAR}",
    "reachable",
    "attach",
    "attach_capped",
    "big_pieces_left",
    "shut_in",
)
#: Attach squares beyond this many add little: ``attach_capped`` stops there.
ATTACH_CAP = 8
#: A game phase is this many pieces placed on the board per colour, on average (so that a phase
#: means as much of the game on every board); the last one goes on.
PHASE_PIECES = 3
PHASES = 6
WEIGHTS_FILE = Path(__file__).parent / "data" / "ai_value_weights.json"


@cache
def _big_pieces(tab: Tables) -> int:
    """Bits ``piece.index`` of the biggest pieces of ``tab``'s set (pentominoes, or Trigon's
    hexiamonds)."""
    biggest = max(p.size for p in tab.geo.pieces)
    return sum(1 << p.index for p in tab.geo.pieces if p.size == biggest)


def value_phase(pos: Position) -> int:
    """The game phase of ``pos``: pieces placed on the board per colour, in steps of
    :data:`PHASE_PIECES`."""
    return min(sum(map(int.bit_count, pos.used)) // (PHASE_PIECES * len(pos.used)), PHASES - 1)


def points(pos: Position) -> list[int]:
    """Per colour, its points so far: squares covered, plus the bonus once all are placed."""
    return [
        own.bit_count() + (pos.bonus if used == pos.tab.all_pieces else 0)
        for own, used in zip(pos.own, pos.used, strict=True)
    ]


def value_features(pos: Position) -> list[list[float]]:
    """Per colour, the counts of :data:`VALUE_FEATURES` (all 0 once its pieces are placed)."""
    steps = REACH_STEPS.get(pos.geo.width, 6)
    big = _big_pieces(pos.tab)
    set_cells = pos.tab.set_cells
    rows = []
    territory, reachable = flood_by_step(pos, steps, (NEAR, steps))
    for own, attach, used, by_step, reached in zip(
        pos.own, pos.attach, pos.used, territory, reachable, strict=True
    ):
        left = set_cells - own.bit_count()
        if not left:
            rows.append([0.0] * len(VALUE_FEATURES))
            continue
        corners = attach.bit_count()
        whole = by_step[-1]
        rows.append(
            [
                *_AT_REACHES(by_step),
                whole,
                min(whole, left),
                *reached,
                corners,
                min(corners, ATTACH_CAP),
                (big & ~used).bit_count(),
                0 if corners else 1,
            ]
        )
    return rows


@cache
def _learned() -> dict:
    if not WEIGHTS_FILE.exists():
        return {}
    data = json.loads(WEIGHTS_FILE.read_text())
    features = data["features"].values()
    assert all(tuple(f) == VALUE_FEATURES for f in features), "value weights do not match"
    return data


def learned_values() -> dict[str, list[list[float]]]:
    """The learned weights: per board key (:func:`game.ai_prior.board_key`), per phase, one
    weight per feature of :data:`VALUE_FEATURES`."""
    return _learned().get("values", {})


def value_weights(pos: Position, goal) -> list[list[float]] | None:
    """The learned weights for ``pos``'s board and a player with ``goal``, or None."""
    return learned_values().get(board_key(pos, goal))


def value_calibration(pos: Position, goal) -> list[list[float]] | None:
    """Per phase, the slope and the tempo of :func:`win_value` for ``pos``'s board and a player
    with ``goal``, or None where none was fitted."""
    return _learned().get("calibration", {}).get(board_key(pos, goal))


def turn_share(goal, last: int) -> float:
    """How soon a player with ``goal`` moves after colour ``last`` has moved, in turn order:
    1 if one of its colours is next, -1 if every rival colour of a round moves first, in
    between in proportion to the rival colours still to move (shared colours not counted)."""
    colors = len(goal)
    waiting = 0
    for step in range(1, colors + 1):
        weight = goal[(last + step) % colors]
        if weight > 0:
            break
        waiting += weight < 0
    own = sum(weight > 0 for weight in goal)
    rivals = sum(weight < 0 for weight in goal)
    return 1.0 - 2.0 * waiting * own / rivals


def win_value(value: float, slope: float, tempo: float, turn: float) -> float:
    """The expected result, from -1 (last) to 1 (won, or first of all), of a position that the
    learned evaluation values at ``value`` points for a player whose :func:`turn_share` is
    ``turn``: ``tanh((slope * value + tempo * turn) / 2)``, the logistic regression of the
    results of the engine's games (``tools/learn_eval.py``). The evaluation counts the pieces
    placed so far, so it swings by many points from move to move early in the game (the mover's
    last piece is on the board, the rivals' next ones not yet): the tempo is that turn's worth,
    and the slope is flatter where a point of the evaluation says less about the result."""
    return math.tanh((slope * value + tempo * turn) / 2)


def learned_evaluate(pos: Position, goal, weights: list[list[float]]) -> float:
    """The value of ``pos`` for a player with ``goal`` (as :func:`game.ai_eval.evaluate`): the
    sum over colours of ``goal`` times the colour's :func:`colour_values`."""
    total = 0.0
    for g, value in zip(goal, colour_values(pos, weights), strict=True):
        if g:
            total += g * value
    return total


def colour_values(pos: Position, weights: list[list[float]]) -> list[float]:
    """Per colour, its points in ``pos`` plus its gain to come by the learned ``weights``."""
    w = weights[value_phase(pos)]
    return [
        now + sum(map(mul, w, x)) for now, x in zip(points(pos), value_features(pos), strict=True)
    ]


def network_inputs(pos: Position, mover: int) -> tuple[list[float], int]:
    """The inputs of :class:`ValueNetwork` for ``pos`` with colour ``mover`` to move: for each
    colour in turn order from the mover, its points and :func:`value_features`, then the game
    phase as one 1 among zeros; and the phase."""
    features = value_features(pos)
    colour_points = points(pos)
    colours = len(pos.own)
    inputs: list[float] = []
    for step in range(colours):
        c = (mover + step) % colours
        inputs += [colour_points[c], *features[c]]
    phase = value_phase(pos)
    inputs += [float(p == phase) for p in range(PHASES)]
    return inputs, phase


class ValueNetwork:
    """A position's expected result, from -1 to 1, for the player of the colour to move: a small
    network of :func:`network_inputs` fitted to a strong engine's values of positions, its output
    calibrated per phase to the results of games (``tools/learn_value.py``)."""

    def __init__(self, learned: dict):
        self.mean = np.array(learned["mean"])
        self.scale = np.array(learned["scale"])
        self.hidden_weights = np.array(learned["hidden_weights"])
        self.hidden_bias = np.array(learned["hidden_bias"])
        self.output_weights = np.array(learned["output_weights"])
        self.output_bias: float = learned["output_bias"]
        #: Per phase, the slope and the bias that turn the network's output into a logit.
        self.calibration: list[list[float]] = learned["calibration"]

    def value(self, pos: Position, mover: int) -> float:
        """The expected result of ``pos`` for the player of colour ``mover``, whose turn it is."""
        inputs, phase = network_inputs(pos, mover)
        hidden = np.tanh(
            (np.array(inputs) - self.mean) / self.scale @ self.hidden_weights + self.hidden_bias
        )
        slope, bias = self.calibration[phase]
        logit = slope * float(hidden @ self.output_weights + self.output_bias) + bias
        return math.tanh(logit / 2)


def value_network(pos: Position, goal) -> ValueNetwork | None:
    """The learned value network for ``pos``'s board and a player with ``goal``, or None."""
    return _network(board_key(pos, goal))


@cache
def _network(key: str) -> ValueNetwork | None:
    learned = _learned().get("network", {}).get(key)
    return None if learned is None else ValueNetwork(learned)

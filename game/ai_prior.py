"""A learned move prior: how likely a strong player is to choose each legal move.

Each move is described by a few dozen counts (:func:`move_features`): which piece it places,
how many of its squares take a rival's attach squares or the squares beside them, what kind of
new corners it opens (by how many free squares border each), what lies along its edges (own
corners it wastes, free squares, rival pieces, the board's rim), nearness to the centre. The
prior of a move is ``exp(w . x)`` normalised over the legal moves, with one weight vector per
game phase (by how many pieces the colour has placed) and per board; the weights are fitted by
softmax regression to the moves of a strong engine's games (``tools/learn_ai.py``, see the
README) and stored in ``game/data/ai_weights.json``.

The feature ideas follow published Blokus programs (Pentobi's playout priors); the features,
their definitions and the weights are our own.

>>> from game.board import Board
>>> pos = Position.from_board(Board("duo"))
>>> codes = pos.legal_codes(0)
>>> move_features(pos, 0, codes, (1.0, -1.0)).shape == (len(codes), len(FEATURE_NAMES))
True
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import numpy as np

from .ai_eval import (
    SCARCE_ATTACH,
    VALUE_FEATURES,
    Position,
    Tables,
    value_features,
    value_phase,
)
from .board import ALL_PIECES_USED
from .pieces import PIECES

FEATURE_NAMES = (
    *(f"piece_{p.name}" for p in PIECES),
    "on_rival_attach",
    "beside_rival_attach",
    "on_ally_attach",
    "on_scarce_rival_attach",
    "centre",
    *(f"new_corner_{n}_free_sides" for n in range(5)),
    "keeps_own_corner",
    "wastes_own_corner",
    "edge_free",
    "edge_rival_piece",
    "edge_own_forbidden",
    "edge_rim",
)
#: A colour's game phase by pieces it has placed: [0, 3), [3, 8), [8, 21].
PHASE_BOUNDS = (3, 8)
WEIGHTS_FILE = Path(__file__).parent / "data" / "ai_weights.json"


def phase_of(pos: Position, color: int) -> int:
    placed = pos.used[color].bit_count()
    return sum(placed >= b for b in PHASE_BOUNDS)


def board_key(pos: Position) -> str:
    """Which weights a board uses: ``duo`` for 14x14, ``classic`` for 20x20."""
    return "duo" if pos.geo.width < 20 else "classic"


@cache
def _rim_sizes(tab: Tables) -> np.ndarray:
    """Per placement row, how many of its edge neighbours lie off the board."""
    geo = tab.geo
    ring = np.array([len(o.edge_offsets) for o in geo.orientations])
    on_board = np.bitwise_count(tab.edge).sum(axis=1)
    orientation = tab.codes // geo.bits
    return ring[orientation] - on_board


def _exactly(masks: list[int], full: int) -> list[int]:
    """Per count k = 0..len(masks), the squares lying in exactly k of ``masks``."""
    at_least = [full] + [0] * len(masks)
    for m in masks:
        for k in range(len(masks), 0, -1):
            at_least[k] |= at_least[k - 1] & m
    return [at_least[k] & ~at_least[k + 1] for k in range(len(masks))] + [at_least[-1]]


def move_features(pos: Position, color: int, codes: list[int], goal) -> np.ndarray:
    """The feature counts of each move of ``color`` (rows, in ``codes`` order; columns as
    :data:`FEATURE_NAMES`), for a player with ``goal`` (see :func:`game.ai_eval.evaluate`)."""
    tab = pos.tab
    geo = pos.geo
    words = tab.words
    full, s = geo.full, geo.stride
    rows = tab.code_row[np.asarray(codes, dtype=np.int64)]
    mask, edge, corner = tab.mask[rows], tab.edge[rows], tab.corner[rows]
    occupied = pos.occupied
    free = full & ~(occupied | pos.edges[color])
    own_attach = pos.attach[color]
    rival_attach = rival_near = ally_attach = scarce = 0
    for other, interest in enumerate(goal):
        if other == color or not interest:
            continue
        if interest > 0:
            ally_attach |= pos.attach[other]
            continue
        attach = pos.attach[other]
        rival_attach |= attach
        rival_near |= geo.edge_neighbors(attach) & ~(occupied | pos.edges[other])
        if 0 < attach.bit_count() <= SCARCE_ATTACH and pos.used[other] != ALL_PIECES_USED:
            scarce |= attach
    rival_near &= ~rival_attach
    sides = _exactly([free << 1, free >> 1, free << s, free >> s], full)
    out = np.zeros((len(codes), len(FEATURE_NAMES)), dtype=np.float32)
    out[np.arange(len(codes)), np.asarray(tab.piece_index)[tab.codes[rows] // geo.bits]] = 1
    col = len(PIECES)

    def put(values):
        nonlocal col
        out[:, col] = values
        col += 1

    def count(rows_words, m):
        return np.bitwise_count(rows_words & words(m)).sum(axis=1)

    put(count(mask, rival_attach))
    put(count(mask, rival_near))
    put(count(mask, ally_attach))
    put(count(mask, scarce))
    put(tab.centre[rows])
    new_corner = corner & ~edge
    for n in range(5):
        put(count(new_corner, free & ~own_attach & sides[n]))
    put(count(new_corner, own_attach))
    put(count(edge, own_attach))
    put(count(edge, free & ~own_attach))
    put(count(edge, occupied & ~pos.own[color]))
    put(count(edge, pos.edges[color] & ~occupied))
    put(_rim_sizes(tab)[rows])
    return out


@cache
def learned() -> dict:
    """The learned weights: ``prior`` and ``value``, each per board key an array shaped
    (phases, features)."""
    data = json.loads(WEIGHTS_FILE.read_text())
    assert tuple(data["features"]) == FEATURE_NAMES, "prior weights do not match the features"
    assert tuple(data["value_features"]) == VALUE_FEATURES, "value weights do not match"
    return {
        part: {key: np.array(w, dtype=np.float32) for key, w in data[part].items()}
        for part in ("prior", "value")
    }


def is_learned(pos: Position) -> bool:
    """Whether there are learned weights for ``pos``'s board."""
    return board_key(pos) in learned()["value"]


def prior_logits(pos: Position, color: int, codes: list[int], goal) -> np.ndarray:
    """``w . x`` of each move (the log of its unnormalised prior)."""
    w = learned()["prior"][board_key(pos)][phase_of(pos, color)]
    return move_features(pos, color, codes, goal) @ w


def learned_value(pos: Position, goal) -> float:
    """The learned evaluation of ``pos`` for a player with ``goal``: its expected final margin
    in points, by a linear function of each colour's :func:`~game.ai_eval.value_features`."""
    w = learned()["value"][board_key(pos)][value_phase(pos)]
    return float(np.asarray(goal) @ (value_features(pos) @ w))

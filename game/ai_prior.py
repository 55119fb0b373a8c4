"""A learned move prior: how likely a strong player is to choose each legal move.

Each move is described by a few dozen counts (:func:`move_features`): which piece it places,
how many of its squares take a rival's attach squares or the squares beside them, what kind of
new corners it opens (by how many free squares border each), what lies along its edges (own
corners it wastes, free squares, rival pieces, the board's rim), nearness to the centre. The
prior of a move is ``exp(w . x)`` normalised over the legal moves, with one weight vector per
game phase (by how many pieces the colour has placed) and per board and kind of game
(:func:`weights`); the weights are fitted by softmax regression to the moves of a strong
engine's games (``tools/learn_ai.py``, see the README) and stored in ``game/data/ai_weights.json``.

The feature ideas follow published Blokus programs (Pentobi's playout priors); the features,
their definitions and the weights are our own.

>>> from game.board import Board
>>> pos = Position.from_board(Board("duo"))
>>> codes = pos.legal_codes(0)
>>> move_features(pos, 0, codes, (1.0, -1.0)).shape == (len(codes), len(feature_names(pos.tab)))
True
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Sequence
from functools import cache
from itertools import repeat
from pathlib import Path

import numpy as np

from .ai_eval import SCARCE_ATTACH, Position, Tables
from .geometry import Geometry
from .pieces import PIECE_BY_SHAPE, PIECES

_CELL_SETS = ("on_rival_attach", "beside_rival_attach", "on_ally_attach", "on_scarce_rival_attach")
_EDGE_SETS = ("wastes_own_corner", "edge_free", "edge_rival_piece", "edge_own_forbidden")
#: A colour's game phase by pieces it has placed: [0, 3), [3, 8), [8, 21].
PHASE_BOUNDS = (3, 8)
WEIGHTS_FILE = Path(__file__).parent / "data" / "ai_weights.json"


def phase_of(pos: Position, color: int) -> int:
    return bisect_right(PHASE_BOUNDS, pos.used[color].bit_count())


def board_key(pos: Position, goal) -> str:
    """Which weights a player with ``goal`` learns and uses: ``duo`` on the 14x14 board; on the
    20x20 board ``classic_2`` if the player has two colours, else ``classic`` (the four-colour
    game's; ``classic_3`` uses them too: there as in four colours, four colours crowd the board
    and each player stands alone, with no partner whose corners to spare). Junior's pieces are
    Classic shapes on Duo's board: it uses ``duo`` (see :func:`piece_columns`). On Trigon's
    boards likewise ``trigon_2`` if the player has two colours, else ``trigon`` (four colours,
    and three players on the smaller board)."""
    two_colours = sum(g > 0 for g in goal) > 1
    if pos.geo.grid.triangles:
        return "trigon_2" if two_colours else "trigon"
    if pos.geo.width < 20:
        return "duo"
    return "classic_2" if two_colours else "classic"


#: Whose weights a board key without its own uses: four-colour (and three-player) games use the
#: two-player game's of their board until ``learn_ai --variant classic`` fits theirs.
FALLBACK = {"classic": "classic_2", "trigon": "trigon_2"}


def _feature_pieces(geo: Geometry) -> tuple:
    """The pieces the features name: on squares the Classic set's, of whose shapes every set
    of polyominoes here is made (Junior's pieces count as the Classic pieces of their shapes);
    on triangles the board's own set."""
    return geo.pieces if geo.grid.triangles else PIECES


@cache
def piece_columns(tab: Tables) -> np.ndarray:
    """Per piece of ``tab``'s set (by index), the feature column of the piece it counts as
    (see :func:`_feature_pieces`)."""
    pieces = tab.geo.pieces
    if tab.geo.grid.triangles:
        return np.arange(len(pieces))
    return np.array([PIECE_BY_SHAPE[piece.orientations[0]].index for piece in pieces])


@cache
def _corner_sets(geo: Geometry) -> tuple[str, ...]:
    """The sets of a move's corner squares that its features count: new corners by how many
    free sides they have (up to 4 on squares, 3 on triangles), and the own corners it keeps."""
    sides = len(geo.grid.edge_steps(0))
    return (*(f"new_corner_{n}_free_sides" for n in range(sides + 1)), "keeps_own_corner")


@cache
def feature_names(tab: Tables) -> tuple[str, ...]:
    """The names of the columns of :func:`move_features` on ``tab``'s board and piece set."""
    return (
        *(f"piece_{p.name}" for p in _feature_pieces(tab.geo)),
        *_CELL_SETS,
        "centre",
        *_corner_sets(tab.geo),
        *_EDGE_SETS,
        "edge_rim",
    )


@cache
def _columns(tab: Tables) -> dict[str, int]:
    return {name: i for i, name in enumerate(feature_names(tab))}


@cache
def _rim_sizes(tab: Tables) -> np.ndarray:
    """Per placement row, how many of its edge neighbours lie off the board."""
    geo = tab.geo
    ring = np.array([len(o.edge_offsets) for o in geo.orientations])
    on_board = np.bitwise_count(tab.edge).sum(axis=1)
    return ring[tab.codes // geo.bits] - on_board


def _exactly(masks: list[int], full: int) -> list[int]:
    """Per count k = 0..len(masks), the squares lying in exactly k of ``masks``."""
    at_least = [full] + [0] * len(masks)
    for m in masks:
        for k in range(len(masks), 0, -1):
            at_least[k] |= at_least[k - 1] & m
    return [at_least[k] & ~at_least[k + 1] for k in range(len(masks))] + [at_least[-1]]


def _square_sets(pos: Position, color: int, goal) -> dict[str, int]:
    """The sets of squares whose members a move's features count: among its own squares
    (:data:`_CELL_SETS`), its corner squares that touch it along no edge (:func:`_corner_sets`)
    and the squares along its edges (:data:`_EDGE_SETS`)."""
    geo = pos.geo
    full = geo.full
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
        if 0 < attach.bit_count() <= SCARCE_ATTACH and pos.used[other] != pos.tab.all_pieces:
            scarce |= attach
    sides = _exactly(geo.edge_layers(free), full)
    new_corners = _corner_sets(geo)[:-1]
    free_off_attach = free & ~own_attach
    return {
        "on_rival_attach": rival_attach,
        "beside_rival_attach": rival_near & ~rival_attach,
        "on_ally_attach": ally_attach,
        "on_scarce_rival_attach": scarce,
        **{name: free_off_attach & m for name, m in zip(new_corners, sides, strict=True)},
        "keeps_own_corner": own_attach,
        "wastes_own_corner": own_attach,
        "edge_free": free_off_attach,
        "edge_rival_piece": occupied & ~pos.own[color],
        "edge_own_forbidden": pos.edges[color] & ~occupied,
    }


@cache
def _parts(geo: Geometry) -> tuple[tuple[str, ...], ...]:
    """The square sets each part of a placement counts: its cells, its corners, its edges."""
    return (_CELL_SETS, _corner_sets(geo), _EDGE_SETS)


@cache
def _set_rows(geo: Geometry) -> dict[str, int]:
    """Rows of :func:`_members`: the distinct sets (two features count the own attach squares)."""
    return {name: i for i, name in enumerate(dict.fromkeys(n for p in _parts(geo) for n in p))}


def _members(pos: Position, sets: dict[str, int]) -> np.ndarray:
    """Per set of :func:`_set_rows` (rows), which squares it holds (0 or 1 per bit index),
    and a last column of 0 for the index placements use for a square off the board."""
    bits = pos.geo.bits
    size = (bits + 8) // 8
    names = _set_rows(pos.geo)
    raw = b"".join(map(int.to_bytes, map(sets.__getitem__, names), repeat(size), repeat("little")))
    grid = np.unpackbits(
        np.frombuffer(raw, dtype=np.uint8).reshape(len(names), size),
        axis=1,
        bitorder="little",
        count=bits + 1,
    )
    return grid.astype(np.float32)


def move_features(pos: Position, color: int, codes: Sequence[int], goal) -> np.ndarray:
    """The feature counts of each move of ``color`` (rows, in ``codes`` order; columns as
    :func:`feature_names`), for a player with ``goal`` (see :func:`game.ai_eval.evaluate`)."""
    tab = pos.tab
    at, row_of = _columns(tab), _set_rows(pos.geo)
    rows = tab.rows_of(codes)
    member = _members(pos, _square_sets(pos, color, goal))
    out = np.zeros((len(codes), len(at)), dtype=np.float32)
    out[np.arange(len(codes)), piece_columns(tab)[tab.piece_row[rows]]] = 1
    tables = (tab.cell_bits, tab.corner_bits, tab.edge_bits)
    for names, table in zip(_parts(pos.geo), tables, strict=True):
        squares = table[rows]
        for name in names:
            out[:, at[name]] = member[row_of[name]][squares].sum(axis=1)
    out[:, at["centre"]] = tab.centre[rows]
    out[:, at["edge_rim"]] = _rim_sizes(tab)[rows]
    return out


@cache
def learned() -> dict:
    """The learned weights: under ``prior``, per board key, an array shaped (phases, features);
    under ``features``, per board key, the names of its features; under ``parts``, what
    :func:`_linear_parts` made of them so far."""
    data = json.loads(WEIGHTS_FILE.read_text())
    prior = {key: np.array(w, dtype=np.float32) for key, w in data["prior"].items()}
    return {"prior": prior, "features": data["features"], "parts": {}}


def weights(pos: Position, goal) -> np.ndarray | None:
    """The learned weights, shaped (phases, features), for ``pos``'s board and a player with
    ``goal``: its :func:`board_key`'s, else its :data:`FALLBACK`'s; None if neither has any."""
    prior = learned()["prior"]
    key = board_key(pos, goal)
    return prior[key] if key in prior else prior.get(FALLBACK.get(key))


def is_learned(pos: Position, goal) -> bool:
    """Whether there are learned weights for ``pos``'s board and a player with ``goal``."""
    return weights(pos, goal) is not None


@cache
def _square_index(tab: Tables) -> np.ndarray:
    """Per placement row, its cells', corners' and edges' bit indices (padded with the off-board
    index), each part in a range of its own: ``part * (bits + 1) + bit``."""
    span = tab.geo.bits + 1
    parts = (tab.cell_bits, tab.corner_bits, tab.edge_bits)
    return np.concatenate([table + i * span for i, table in enumerate(parts)], axis=1)


def _linear_parts(tab: Tables, key: str, phase: int) -> tuple[np.ndarray, np.ndarray]:
    """The prior's weights for board ``key`` in ``phase``, split as :func:`prior_logits` sums
    them: the matrix that turns the square sets' members into one value per square for each
    part (rows: :func:`_parts`), and per placement row the value of what is the same in every
    position (the piece, the centre, the rim). Made once per weights read."""
    made = learned()["parts"]
    if (tab, key, phase) not in made:
        made[tab, key, phase] = _split_weights(tab, key, phase)
    return made[tab, key, phase]


def _split_weights(tab: Tables, key: str, phase: int) -> tuple[np.ndarray, np.ndarray]:
    found = learned()
    key = key if key in found["prior"] else FALLBACK[key]
    names = feature_names(tab)
    assert tuple(found["features"][key]) == names, f"{key} weights do not match the features"
    w = found["prior"][key][phase]
    at, parts, row_of = _columns(tab), _parts(tab.geo), _set_rows(tab.geo)
    matrix = np.zeros((len(parts), len(row_of)), dtype=np.float32)
    for part, sets in enumerate(parts):
        for name in sets:
            matrix[part, row_of[name]] = w[at[name]]
    pieces = len(_feature_pieces(tab.geo))
    fixed = (
        w[:pieces][piece_columns(tab)[tab.piece_row]]
        + w[at["centre"]] * tab.centre
        + w[at["edge_rim"]] * _rim_sizes(tab)
    )
    return matrix, fixed.astype(np.float32)


def prior_logits(pos: Position, color: int, codes: Sequence[int], goal) -> np.ndarray:
    """``w . x`` of each move (the log of its unnormalised prior), with ``x`` as
    :func:`move_features` gives it, summed faster: every feature but the piece, the centre and
    the rim counts a placement's squares (or edge or corner squares) lying in some set, so
    the weights add up to one value per square and part, and a move's logit is its fixed part
    plus one sum of those values over its squares."""
    tab = pos.tab
    matrix, fixed = _linear_parts(tab, board_key(pos, goal), phase_of(pos, color))
    rows = tab.rows_of(codes)
    per_square = (matrix @ _members(pos, _square_sets(pos, color, goal))).ravel()
    return fixed[rows] + per_square[_square_index(tab)[rows]].sum(axis=1)

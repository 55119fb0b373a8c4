"""The computer player's view of a position: bitboards, cheap move scores and a static evaluation.

The AI searches on :class:`Position`, a light copy of a :class:`~game.board.Board`'s bitboards
with no history, because trying a move there costs a few int operations instead of a board push
(which also generates the next colour's moves to settle the turn). Move generation reuses the
engine's :meth:`~game.geometry.Geometry.placements`.

Features, after what published Blokus programs use (Pentobi's playout priors, the Blokus Duo
programs of the ICFPT design contests): piece size, own attach squares (mobility), opponents'
attach squares taken (blocking), nearness to the centre early on, and territory -- the free
squares a colour reaches in fewer steps than any other colour, capped by what its remaining
pieces can still fill.

>>> from game.board import Board
>>> pos = Position.from_board(Board("duo"))
>>> len(pos.legal_codes(0))
414
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from .board import ALL_PLACED_BONUS, held_back, placed, second_copies
from .geometry import Geometry, Grid, Mask, Placements
from .pieces import square

#: A rival with at most this many attach squares is nearly shut in; covering one of its ``n``
#: last ones scores ``SCARCE_BONUS / n`` times a plain block.
SCARCE_ATTACH = 2
SCARCE_BONUS = 12.0
#: How many steps the territory flood looks ahead from a colour's attach squares, by board width
#: (measured with the arena: on the open Duo board further is better, in four-colour Classic
#: the far squares are contested and a short reach plays better).
REACH_STEPS = {14: 10, 20: 5}


def depth_from_rim(grid: Grid) -> dict[tuple[int, int], int]:
    """Per cell of ``grid``, its steps (to a cell it touches along an edge or at a corner) to
    the nearest cell off the board: 1 on the rim, most in the middle."""
    cells = set(grid.cells())

    def touching(x: int, y: int):
        d = grid.direction(x, y)
        return [(x + dx, y + dy) for dx, dy in (*grid.edge_steps(d), *grid.corner_steps(d))]

    frontier = {c for c in cells if any(t not in cells for t in touching(*c))}
    depth = dict.fromkeys(frontier, 1)
    steps = 1
    while frontier:
        steps += 1
        frontier = {t for c in frontier for t in touching(*c) if t in cells and t not in depth}
        depth.update(dict.fromkeys(frontier, steps))
    return depth


class Tables:
    """Per-geometry tables for scoring placements by move code, and the facts of its piece set."""

    def __init__(self, geo: Geometry):
        self.geo = geo
        pieces = geo.pieces
        self.piece_index = tuple(o.piece.index for o in geo.orientations)
        #: Bits ``piece.index`` of every piece: a colour with all of them placed is done.
        self.all_pieces = (1 << len(pieces)) - 1
        self.second_copies = second_copies(pieces)
        #: The cells of a whole set of pieces, and of the board.
        self.set_cells = sum(piece.size for piece in pieces)
        self.board_cells = geo.full.bit_count()
        # Cells near the centre, in two rings (on squares, 2/7 and 4/7 of the way from the
        # middle to the rim): reaching them early opens the board.
        depth = depth_from_rim(geo.grid)
        deepest = max(depth.values())
        inner = outer = 0
        for (x, y), d in depth.items():
            from_middle = deepest - d + 0.5
            bit = 1 << geo.bit(square(x, y))
            if from_middle <= deepest * 2 / 7:
                inner |= bit
            if from_middle <= deepest * 4 / 7:
                outer |= bit
        # Every placement's squares, edge neighbours and corner neighbours as rows of 64-bit
        # words, for scoring many moves at once (see :func:`move_scores`). Built with NumPy per
        # orientation: a loop over the 30,000 Classic placements in Python ints takes 5x longer.
        self._nbytes = 8 * ((geo.bits + 63) // 64)
        self._cells = np.array([geo.full >> b & 1 for b in range(geo.bits)], dtype=bool)
        # Indices as np.intp: NumPy indexes with no cast (in the page intp has 32 bits).
        codes = np.array(geo.placements(geo.full, geo.full), dtype=np.intp)
        self.code_row = np.full(len(geo.orientations) * geo.bits, -1, dtype=np.intp)
        self.code_row[codes] = np.arange(len(codes))
        self.piece_row = np.array(self.piece_index)[codes // geo.bits]
        shape = (len(codes), self._nbytes // 8)
        self.mask, self.edge, self.corner = (np.zeros(shape, dtype=np.uint64) for _ in range(3))
        self.size = np.zeros(len(codes))
        self.centre = np.zeros(len(codes))
        # The same squares as bit indices, padded with ``geo.bits`` (a square off the board):
        # a per-square value summed over a placement's squares is then one gather.
        widths = (
            max(piece.size for piece in pieces),
            max(len(o.edge_offsets) for o in geo.orientations),
            max(len(_corner_only(o)) for o in geo.orientations),
        )
        self.cell_bits, self.edge_bits, self.corner_bits = (
            np.full((len(codes), n), geo.bits, dtype=np.intp) for n in widths
        )
        self.codes = codes
        self._cell_value = np.array(
            [(inner >> b & 1) + 0.5 * (outer >> b & 1) for b in range(geo.bits)]
        )

    def fill(self) -> Iterator[None]:
        """Fill the placement rows, orientation by orientation, pausing every few of them so
        that a page can build the tables without a long task."""
        geo, codes = self.geo, self.codes
        # Codes come grouped by orientation (code = orientation * bits + anchor).
        bounds = np.searchsorted(codes, np.arange(len(geo.orientations) + 1) * geo.bits)
        for o in geo.orientations:
            if o.index % 12 == 11:
                yield
            rows = np.arange(bounds[o.index], bounds[o.index + 1])
            anchors = codes[rows] % geo.bits
            cells = np.array(o.offsets)
            self._set_bits(self.mask, rows, anchors, cells)
            self._set_bits(self.edge, rows, anchors, np.array(o.edge_offsets))
            self._set_bits(self.corner, rows, anchors, np.array(o.corner_offsets))
            self._set_indices(self.cell_bits, rows, anchors, o.offsets)
            self._set_indices(self.edge_bits, rows, anchors, o.edge_offsets)
            self._set_indices(self.corner_bits, rows, anchors, _corner_only(o))
            self.size[rows] = len(cells)
            self.centre[rows] = self._cell_value[anchors[:, None] + cells].sum(axis=1)

    def _set_bits(self, words: np.ndarray, rows, anchors, offsets) -> None:
        """Set, in each of ``rows``, the bits ``anchor + offset`` that lie on the board."""
        bits = anchors[:, None] + offsets[None, :]
        on_board = self._on_board(bits)
        grid = np.zeros((len(rows), 8 * self._nbytes), dtype=bool)
        grid[
            np.broadcast_to(np.arange(len(rows))[:, None], bits.shape)[on_board], bits[on_board]
        ] = True
        words[rows] = np.packbits(grid, axis=1, bitorder="little").view("<u8")

    def _on_board(self, bits: np.ndarray) -> np.ndarray:
        """Which of the bit indices ``bits`` are cells of the board."""
        inside = (bits >= 0) & (bits < self.geo.bits)
        return inside & self._cells[np.where(inside, bits, 0)]

    def _set_indices(self, table: np.ndarray, rows, anchors, offsets) -> None:
        """Put in ``table``'s ``rows`` the bits ``anchor + offset`` on the board, else the pad."""
        geo = self.geo
        bits = anchors[:, None] + np.array(offsets, dtype=np.int64)[None, :]
        on_board = self._on_board(bits)
        table[rows, : len(offsets)] = np.where(on_board, bits, geo.bits)

    def code_array(self, codes: Sequence[int]) -> np.ndarray:
        """Move ``codes`` as a NumPy array (of 64-bit ints)."""
        if isinstance(codes, np.ndarray):
            return codes
        if isinstance(codes, Placements):
            # Straight from the generator's masks: listing the codes as Python ints first costs
            # more than the rest of the move ordering in the page.
            raw = np.frombuffer(codes.anchor_bytes(), dtype=np.uint8)
            bits = np.unpackbits(raw, bitorder="little").view(bool).nonzero()[0]
            span = 8 * self.geo.anchor_size  # bits per orientation in the bytes
            return bits - bits // span * (span - self.geo.bits)
        # Through array's buffer: NumPy reads a list of Python ints one by one, 2.5x slower.
        return np.frombuffer(array("q", codes), dtype=np.int64)

    def rows_of(self, codes: Sequence[int]) -> np.ndarray:
        """The placement rows of move ``codes``."""
        return self.code_row[self.code_array(codes)]

    def words(self, mask: Mask) -> np.ndarray:
        """``mask`` as little-endian 64-bit words."""
        return np.frombuffer(mask.to_bytes(self._nbytes, "little"), dtype="<u8")


def _corner_only(orientation) -> list[int]:
    """The offsets of the cells touching ``orientation`` at a corner and along no edge."""
    return sorted(set(orientation.corner_offsets) - set(orientation.edge_offsets))


_TABLES: dict[Geometry, Tables] = {}


def tables(geo: Geometry) -> Tables:
    """The shared :class:`Tables` of a geometry (built on first use)."""
    for _ in build_tables(geo):
        pass
    return _TABLES[geo]


def build_tables(geo: Geometry) -> Iterator[None]:
    """Build the shared tables of ``geo`` unless they exist, pausing (yielding) between slices
    of the work: about 50 ms in CPython for Classic, cut into slices of a few ms."""
    if geo in _TABLES:
        return
    built = Tables(geo)
    yield
    yield from built.fill()
    _TABLES.setdefault(geo, built)


class Position:
    """Bitboards of a position, enough to generate moves, play them and evaluate.

    Immutable in practice: :meth:`play` returns a new position.
    """

    __slots__ = ("geo", "tab", "occupied", "own", "edges", "attach", "used", "bonus")

    def __init__(self, geo, tab, occupied, own, edges, attach, used, bonus):
        self.geo = geo
        self.tab: Tables = tab
        self.occupied: Mask = occupied
        self.own: tuple[Mask, ...] = own
        #: Per colour, the squares edge-adjacent to its pieces (forbidden to it).
        self.edges: tuple[Mask, ...] = edges
        self.attach: tuple[Mask, ...] = attach
        #: Per colour, bit ``piece.index`` set for each piece placed.
        self.used: tuple[int, ...] = used
        #: The points a colour earns for placing all its pieces (0 in a variant without).
        self.bonus: int = bonus

    @classmethod
    def from_board(cls, board) -> Position:
        """The position on ``board`` (any variant, any history)."""
        geo = board.geometry
        colors = board.variant.colors
        own = tuple(board.occupied_mask(c) for c in colors)
        occupied = board.occupied_mask()
        return cls(
            geo,
            tables(geo),
            occupied,
            own,
            tuple(board.forbidden_mask(c) & ~occupied for c in colors),
            tuple(board.attach_mask(c) for c in colors),
            tuple(board.used_pieces_mask(c) for c in colors),
            ALL_PLACED_BONUS if board.variant.all_placed_bonus else 0,
        )

    def legal_codes(self, color: int) -> Sequence[int]:
        """Move codes of every legal placement of ``color``, in code order."""
        used = self.used[color]
        if used == self.tab.all_pieces or not self.attach[color]:
            return []
        free = self.geo.full & ~(self.occupied | self.edges[color])
        unavailable = held_back(used, self.tab.second_copies)
        return self.geo.placements(free, self.attach[color], unavailable, counted=False)

    def play(self, color: int, code: int) -> Position:
        """The position after ``color`` places move ``code`` (assumed legal)."""
        own, edges, used = list(self.own), list(self.edges), list(self.used)
        occupied, own[color], edges[color], mover_attach = placed(
            self.geo, code, self.occupied, own[color], edges[color], self.attach[color]
        )
        attach = [squares & ~occupied for squares in self.attach]
        attach[color] = mover_attach
        used[color] |= self.geo.piece_bit[code // self.geo.bits]
        return Position(
            self.geo,
            self.tab,
            occupied,
            tuple(own),
            tuple(edges),
            tuple(attach),
            tuple(used),
            self.bonus,
        )


@dataclass(frozen=True)
class Weights:
    """Coefficients of the cheap move score and of the static evaluation."""

    size: float = 1.0
    attach: float = 0.6
    block: float = 0.8
    centre: float = 1.0
    territory: float = 0.35


def move_scores(
    pos: Position, color: int, codes: Sequence[int], goal: tuple[float, ...], weights: Weights
) -> np.ndarray:
    """A cheap score of each move of ``color`` for a player with ``goal`` (see
    :func:`evaluate`): piece size, own attach squares after the move, attach squares of rivals
    it covers (of allies: a penalty), and for the first few pieces nearness to the centre.
    A colour whose points count for nobody (``goal[color] == 0``) only blocks.

    All moves are scored at once with NumPy over 64-bit words of their precomputed masks: with
    hundreds of moves per position this is several times faster than a loop over Python ints.
    """
    tab = pos.tab
    words = tab.words
    rows = tab.rows_of(codes)
    mask = tab.mask[rows]
    free = pos.geo.full & ~(pos.occupied | pos.edges[color])
    rival_attach = ally_attach = 0
    scarce = []
    for other, interest in enumerate(goal):
        if other != color and interest < 0:
            rival_attach |= pos.attach[other]
            # A rival's last few corners are worth much more: taking them can end its game.
            left = pos.attach[other].bit_count()
            if 0 < left <= SCARCE_ATTACH and pos.used[other] != tab.all_pieces:
                scarce.append((SCARCE_BONUS / left, pos.attach[other]))
        elif other != color and interest > 0:
            ally_attach |= pos.attach[other]
    mine = 1.0 if goal[color] else 0.0
    still_free = words(free) & ~(mask | tab.edge[rows])
    # Before its first piece a colour's attach squares are start squares, which a move drops.
    own_attach = words(pos.attach[color]) if pos.own[color] else 0
    new_attach = (tab.corner[rows] | own_attach) & still_free
    scores = mine * weights.size * tab.size[rows]
    scores += mine * weights.attach * _count(new_attach)
    scores += weights.block * _count(mask & words(rival_attach))
    if ally_attach:
        scores -= weights.block * _count(mask & words(ally_attach))
    for bonus, corners in scarce:
        scores += bonus * weights.block * _count(mask & words(corners))
    if mine and pos.used[color].bit_count() < (4 if tab.board_cells < 300 else 6):
        scores += weights.centre * tab.centre[rows]
    return scores


def _count(words: np.ndarray) -> np.ndarray:
    """Set bits per row of a (moves x words) array."""
    return np.bitwise_count(words).sum(axis=1, dtype=np.int64)


def best_indices(scores, count: int) -> np.ndarray:
    """The indices of the ``count`` highest ``scores``, best first (ties: lower index first)."""
    return np.argsort(-np.asarray(scores, dtype=np.float64), kind="stable")[:count]


def best_codes(scores, codes: Sequence[int], count: int) -> list[int]:
    """The ``count`` codes with the highest scores, best first (ties: in ``codes`` order)."""
    order = best_indices(scores, count)
    if isinstance(codes, np.ndarray):
        return codes[order].tolist()
    return [codes[i] for i in order.tolist()]


def territories(pos: Position, steps: int) -> list[int]:
    """Per colour, the free squares it reaches (spreading edge to edge from its attach squares
    through squares it may cover) in fewer steps than any other colour, up to ``steps``."""
    return [by_step[-1] for by_step in territory_by_step(pos, steps)]


def territory_by_step(pos: Position, steps: int) -> list[list[int]]:
    """Per colour, its :func:`territories` reaching 0, 1, ..., ``steps`` steps (one flood)."""
    return flood_by_step(pos, steps)[0]


def flood_by_step(
    pos: Position, steps: int, reach_steps: tuple[int, ...] = ()
) -> tuple[list[list[int]], list[list[int]]]:
    """Per colour, its :func:`territories` reaching 0, 1, ..., ``steps`` steps, and the free
    squares it reaches (contested or not) within each of ``reach_steps``, from one flood."""
    geo = pos.geo
    n = len(pos.own)
    # Every colour's flood in one int, colour c's board shifted up by c * board_span bits: one
    # spread and one mask for them all.
    span, full = geo.board_span, geo.full
    occupied = pos.occupied
    unreached = frontier = 0
    for c, (attach, edges) in enumerate(zip(pos.attach, pos.edges, strict=True)):
        unreached |= (full & ~(occupied | edges | attach)) << c * span
        frontier |= attach << c * span
    reach = frontier
    # On squares a step is four shifts, inlined: what lands off the boards (guard columns, the
    # gaps between boards) is never in ``unreached``.
    row = 0 if geo.grid.triangles else geo.stride
    shifts = range(0, n * span, span)
    unclaimed = full
    counts = [0] * n
    # Each step's counts, colour after colour (one list extended a step, fewer calls than n).
    history: list[int] = []
    reach_history: list[int] = []
    for step in range(steps + 1):
        if step:
            if row:
                frontier = (
                    (frontier << 1) | (frontier >> 1) | (frontier << row) | (frontier >> row)
                ) & unreached
            else:
                frontier = geo.edge_neighbors(frontier, n) & unreached
            if not frontier:
                # The floods have stopped: every step left counts the same.
                history += counts * (steps + 1 - step)
                reach_history += [(reach >> shift & full).bit_count() for shift in shifts] * sum(
                    k >= step for k in reach_steps
                )
                break
            unreached ^= frontier
            reach |= frontier
        new = [frontier >> shift & unclaimed for shift in shifts]
        union = twice = 0
        for m in new:
            twice |= union & m
            union |= m
        if twice:
            alone = ~twice
            new = [m & alone for m in new]
        counts = [count + m.bit_count() for count, m in zip(counts, new, strict=True)]
        history += counts
        if step in reach_steps:
            reach_history += [(reach >> shift & full).bit_count() for shift in shifts]
        unclaimed ^= union  # union lies within unclaimed
    return [history[c::n] for c in range(n)], [reach_history[c::n] for c in range(n)]


def color_values(pos: Position, weights: Weights) -> list[float]:
    """Per colour, the static value: squares placed (plus the all-placed bonus), attach squares
    and territory capped by the squares of the pieces it has left."""
    terr = territories(pos, REACH_STEPS.get(pos.geo.width, 6))
    values = []
    for c in range(len(pos.own)):
        covered = pos.own[c].bit_count()
        left = pos.tab.set_cells - covered
        value = covered + (pos.bonus if not left else 0)
        if left:
            value += weights.attach * 0.5 * min(
                pos.attach[c].bit_count(), 8
            ) + weights.territory * min(terr[c], left)
        values.append(value)
    return values


def evaluate(pos: Position, goal: tuple[float, ...], weights: Weights) -> float:
    """The static value of ``pos`` for a player whose interest in each colour is ``goal``
    (+1 for own colours, negative for rivals, 0 for colours whose points count for nobody)."""
    return sum(g * v for g, v in zip(goal, color_values(pos, weights), strict=True) if g)

"""Bitboards for one board and piece set: the precomputed tables that make move generation cheap.

A set of squares is a Python int with one bit per square. Rows are laid out top row first with
guard columns after each row (one on squares, ``stride = width + 1``; two on triangles, whose
corner contacts reach two columns sideways), so that shifting a mask by a few columns never
wraps a piece from one edge onto the other: the wrapped cell lands on a guard bit, which is
never free (nor are the cells a hexagon cuts off). With the top-left square at bit 0, a
placement's lowest bit is its first square in reading order (top row first, then leftmost); we
call that bit the placement's *anchor*. On triangles a shift keeps a triangle's direction only
for some anchors: each orientation may be anchored only on triangles pointing as its anchor does.

Every placement is identified by a *move code*, ``orientation * bits + anchor``, where the
orientation indexes :attr:`Geometry.orientations`.

>>> geo = geometry(20, 20)
>>> len(geo.orientations), geo.stride
(91, 21)
>>> geo.count_placements()
30433
"""

from __future__ import annotations

import marshal
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache
from importlib.util import MAGIC_NUMBER
from itertools import accumulate, repeat
from pathlib import Path

from .files import read_bytes
from .grids import Grid, SquareGrid
from .pieces import (  # noqa: F401  (parse_square: doctest)
    MAX_HEIGHT,
    MAX_WIDTH,
    PIECES,
    Move,
    Piece,
    Square,
    parse_square,
    square,
    square_xy,
)

Mask = int
"""A set of squares of one geometry, one bit per square."""

#: The generated move generators of the boards the game uses, compiled by the build (in the
#: runtime's Python): compiling one costs Pyodide 20-30 ms, on the page's path to a playable board.
PRECOMPILED = Path(__file__).with_name("placements.marshal")


class Orientation:
    """One rotation or mirror image of a piece, as bit offsets from its anchor."""

    __slots__ = (
        "index",
        "piece",
        "mask",
        "offsets",
        "shift_slots",
        "edge_offsets",
        "corner_offsets",
        "anchors",
    )

    def __init__(self, index, piece, offsets, shift_slots, edge_offsets, corner_offsets, anchors):
        self.index = index
        self.piece = piece
        self.offsets: tuple[int, ...] = offsets
        #: The shape's squares with its anchor at bit 0.
        self.mask: Mask = sum(1 << o for o in offsets)
        #: Positions of :attr:`offsets` in :attr:`Geometry.shifts`.
        self.shift_slots: tuple[int, ...] = shift_slots
        #: Offsets of the squares beside the shape along an edge, and of those touching it only
        #: at a corner (some fall off the board, or below the anchor's bit: negative).
        self.edge_offsets: tuple[int, ...] = edge_offsets
        self.corner_offsets: tuple[int, ...] = corner_offsets
        #: The board's squares where the shape may be anchored (on triangles, those pointing as
        #: its anchor does; on squares, all).
        self.anchors: Mask = anchors

    def __repr__(self) -> str:
        return f"<Orientation {self.index} of {self.piece.name}>"


class Geometry:
    """Bit layout and placement tables of a board (a :mod:`~game.grids` grid) and the pieces
    placed on it (every colour's set, in index order)."""

    def __init__(self, grid: Grid, pieces: Sequence[Piece] = PIECES):
        width, height = grid.width, grid.height
        if not (1 <= width <= MAX_WIDTH and 1 <= height <= MAX_HEIGHT):
            raise ValueError(f"board size {width}x{height} is not supported")
        if any(piece.triangles != grid.triangles for piece in pieces):
            raise ValueError("the pieces do not fit the board's cells")
        self.grid = grid
        self.pieces = tuple(pieces)
        self.width = width
        self.height = height
        self.stride = width + grid.guard
        self.bits = self.stride * height
        #: Bits from one board to the next where several are held in one int: a step along an
        #: edge from one board's cells stays clear of the next board.
        self.board_span = self.bits + self.stride
        #: Bytes of one orientation's anchors in :meth:`Placements.anchor_bytes`.
        self.anchor_size = (self.bits + 7) // 8
        cells = grid.cells()
        self.full: Mask = sum(1 << self._bit(x, y) for x, y in cells)
        by_direction = [0, 0]
        for x, y in cells:
            by_direction[grid.direction(x, y)] |= 1 << self._bit(x, y)
        self._direction_masks = tuple(by_direction) if grid.triangles else (self.full,)
        offsets_of = [
            (piece, *self._offsets(shape)) for piece in self.pieces for shape in piece.orientations
        ]
        #: Every distinct offset of any orientation: move generation shifts each mask once per
        #: offset and shares the result between orientations.
        self.shifts: tuple[int, ...] = tuple(
            sorted({o for _, offs, *_ in offsets_of for o in offs})
        )
        slot = {offset: i for i, offset in enumerate(self.shifts)}
        self.orientations: tuple[Orientation, ...] = tuple(
            Orientation(i, piece, offs, tuple(slot[o] for o in offs), *rings)
            for i, (piece, offs, *rings) in enumerate(offsets_of)
        )
        #: Per orientation, its piece's bit (``1 << piece.index``): a move code's piece is
        #: ``piece_bit[code // bits]``, without a method call on the hot path of a move.
        self.piece_bit: tuple[int, ...] = tuple(1 << o.piece.index for o in self.orientations)
        self.orientations_of_piece: tuple[tuple[Orientation, ...], ...] = tuple(
            tuple(o for o in self.orientations if o.piece is piece) for piece in self.pieces
        )
        # Orientations with the same mask: copies of a piece, or on triangles a shape and its
        # turn by 180 degrees anchored on triangles of the other direction.
        self._orientations_of_mask: dict[Mask, tuple[Orientation, ...]] = {}
        for o in self.orientations:
            self._orientations_of_mask[o.mask] = (*self._orientations_of_mask.get(o.mask, ()), o)
        # The edge and corner offsets as masks, shifted up by ``_ring_pad`` bits so that none
        # falls below bit 0.
        self._ring_pad = pad = self.stride + grid.guard
        self._edge_rings = tuple(
            sum(1 << pad + d for d in o.edge_offsets) for o in self.orientations
        )
        self._corner_rings = tuple(
            sum(1 << pad + d for d in o.corner_offsets) for o in self.orientations
        )
        self._squares = sorted(square(x, y) for x, y in cells)
        self._square_of_bit = {self.bit(sq): sq for sq in self._squares}
        self._on_board = frozenset(self._squares)
        self._placements, self._anchors, self._list_codes = self._compile_placements()
        none = (0,) * len(self.orientations)
        self._no_placements = Placements(self, none, none)
        self._moves: dict[int, Move] = {}  # Moves are immutable: one per code is enough
        self._boards: dict[tuple[Mask, int], Mask] = {}

    def _bit(self, x: int, y: int) -> int:
        return (self.height - 1 - y) * self.stride + x

    def _offsets(self, shape):
        """The bit offsets of the cells of ``shape`` (a piece's orientation) from its anchor,
        of the cells beside it along an edge and touching it only at a corner, and the board's
        squares where it may be anchored."""
        grid, stride = self.grid, self.stride
        # The anchor is the leftmost cell of the top row.
        top = max(y for _, y in shape)
        left = min(x for x, y in shape if y == top)
        # A shape's triangle (x, y) points up when x + y is even (see game.pieces).
        direction = (lambda x, y: (x + y) % 2) if grid.triangles else grid.direction
        cells = set(shape)

        def ring(steps_of) -> tuple[int, ...]:
            near = {(x + dx, y + dy) for x, y in shape for dx, dy in steps_of(direction(x, y))}
            return tuple(sorted((top - y) * stride + x - left for x, y in near - cells))

        offsets = tuple(sorted((top - y) * stride + x - left for x, y in shape))
        anchors = self._direction_masks[direction(left, top)] if grid.triangles else self.full
        return offsets, ring(grid.edge_steps), ring(grid.corner_steps), anchors

    def squares(self) -> list[Square]:
        """All squares of the board, in square order (row 1 first)."""
        return list(self._squares)

    def contains(self, sq: Square) -> bool:
        """Whether square ``sq`` lies on this board."""
        return sq in self._on_board

    def bit(self, sq: Square) -> int:
        """The bit index of an on-board square."""
        return self._bit(*square_xy(sq))

    def mask_of(self, squares) -> Mask:
        """The mask of on-board ``squares``."""
        mask = 0
        for sq in squares:
            mask |= 1 << self.bit(sq)
        return mask

    def squares_of(self, mask: Mask) -> list[Square]:
        """The squares in ``mask``, in bit order (reading order, top row first)."""
        found = []
        square_of_bit = self._square_of_bit
        while mask:
            low = mask & -mask
            found.append(square_of_bit[low.bit_length() - 1])
            mask ^= low
        return found

    def edge_neighbors(self, mask: Mask, boards: int = 1) -> Mask:
        """Squares sharing an edge with a square of ``mask`` (``mask`` itself may be included).
        With ``boards`` > 1, ``mask`` holds that many boards, board k shifted up by
        ``k * board_span`` bits, and so does the answer."""
        if self.grid.triangles:
            return self._triangle_neighbors(mask, self.grid.edge_steps, boards)
        s = self.stride
        full = self.full if boards == 1 else self._on_boards(self.full, boards)
        return ((mask << 1) | (mask >> 1) | (mask << s) | (mask >> s)) & full

    def edge_layers(self, mask: Mask) -> list[Mask]:
        """Per edge of a cell (4 on squares, 3 on triangles), the squares whose neighbour
        across that edge lies in ``mask`` (off the board too): a square lying in ``k`` of them
        has ``k`` neighbours in ``mask``."""
        s = self.stride
        if not self.grid.triangles:
            return [mask << 1, mask >> 1, mask << s, mask >> s]
        layers = []
        for steps in zip(*map(self.grid.edge_steps, (0, 1)), strict=True):
            layer = 0
            for (dx, dy), cells in zip(steps, self._direction_masks, strict=True):
                delta = dx - dy * s  # the neighbour's bit from the square's
                layer |= (mask >> delta if delta >= 0 else mask << -delta) & cells
            layers.append(layer)
        return layers

    def corner_neighbors(self, mask: Mask) -> Mask:
        """Squares touching a square of ``mask`` only at a corner (diagonal to it on squares;
        ``mask`` itself may be included)."""
        if self.grid.triangles:
            return self._triangle_neighbors(mask, self.grid.corner_steps)
        s = self.stride
        return (
            (mask << (s + 1)) | (mask << (s - 1)) | (mask >> (s + 1)) | (mask >> (s - 1))
        ) & self.full

    def _triangle_neighbors(self, mask: Mask, steps_of, boards: int = 1) -> Mask:
        found = 0
        for direction, cells in enumerate(self._direction_masks):
            cells = self._on_boards(cells, boards)
            for dx, dy in steps_of(direction):
                delta = dx - dy * self.stride
                found |= (mask & cells) << delta if delta >= 0 else (mask & cells) >> -delta
        return found & self._on_boards(self.full, boards)

    def _on_boards(self, mask: Mask, boards: int) -> Mask:
        """``mask`` on each of ``boards`` boards held in one int (see :meth:`edge_neighbors`)."""
        if boards == 1:
            return mask
        key = (mask, boards)
        if key not in self._boards:
            self._boards[key] = sum(mask << k * self.board_span for k in range(boards))
        return self._boards[key]

    def placement_mask(self, code: int) -> Mask:
        """The squares covered by the placement with move code ``code``."""
        orientation, anchor = divmod(code, self.bits)
        return self.orientations[orientation].mask << anchor

    def placement_rings(self, code: int) -> tuple[Mask, Mask, Mask]:
        """The squares of the placement with move code ``code``, the squares beside them along
        an edge, and the squares diagonal to them (the last two on the board, outside the
        placement)."""
        orientation = code // self.bits  # not divmod: a builtin's call costs more on a move
        anchor = code - orientation * self.bits
        pad, full = self._ring_pad, self.full
        return (
            self.orientations[orientation].mask << anchor,
            (self._edge_rings[orientation] << anchor >> pad) & full,
            (self._corner_rings[orientation] << anchor >> pad) & full,
        )

    def placement_piece(self, code: int):
        """The piece of the placement with move code ``code``."""
        return self.orientations[code // self.bits].piece

    def move(self, code: int) -> Move:
        """The :class:`Move` of the placement with move code ``code``."""
        move = self._moves.get(code)
        if move is None:
            move = self._moves[code] = Move(self.squares_of(self.placement_mask(code)))
        return move

    def code_of(self, mask: Mask, unavailable_pieces: int = 0) -> int | None:
        """The move code of the placement covering exactly ``mask`` with a piece whose bit
        ``piece.index`` is not set in ``unavailable_pieces`` (the first such copy of a piece),
        or None if there is none."""
        if not mask:
            return None
        anchor = (mask & -mask).bit_length() - 1
        for orientation in self._orientations_of_mask.get(mask >> anchor, ()):
            if orientation.anchors >> anchor & 1 and not (
                unavailable_pieces >> orientation.piece.index & 1
            ):
                return orientation.index * self.bits + anchor
        return None

    def placements(
        self, free: Mask, touching: Mask, used_pieces: int = 0, counted: bool = True
    ) -> Placements:
        """The placements inside ``free`` that cover a ``touching`` square, for the pieces whose
        bit ``piece.index`` is not set in ``used_pieces``. Unless ``counted``, they are counted
        only if asked (``len``, an index): for readers of their masks (the computer player), to
        whom counting as they are found costs more than it saves."""
        if not touching:
            return self._no_placements
        if counted:
            return Placements(self, *self._placements(free, touching, used_pieces))
        return Placements(self, self._anchors(free, touching, used_pieces))

    def count_placements(self) -> int:
        """Number of placements of all pieces on the empty board."""
        return len(self.placements(self.full, self.full))

    def _compile_placements(self):
        """Build the functions behind :meth:`placements` and :meth:`Placements.codes` as
        straight-line code for this geometry.

        One shift per distinct offset gives, for every board position at once, whether the
        cell of a piece anchored there is free (or touching); an orientation's anchors are then
        an AND of its cells' free masks and an OR of their touching masks. Orientations share
        most of those operations (their cells put in an order that shares prefixes: the Classic
        pieces' 414 cells make 90 prefixes of two or more), so each prefix is computed once,
        and unrolled into generated code, which CPython runs much faster than the same loops
        written out. A prefix that only one piece needs is computed only while that piece is
        unused.
        """
        source = self._placements_source()
        code = _precompiled().get(source) or compile(source, "<placements>", "exec")
        namespace: dict = {}
        exec(code, namespace)
        return namespace["placements"], namespace["anchors"], namespace["list_codes"]

    def _placements_source(self) -> str:
        slots_of = _shared_orders([frozenset(o.shift_slots) for o in self.orientations])
        # Each prefix of two or more cells -> the orientations that start with it.
        users: dict[tuple[int, ...], list[Orientation]] = {}
        for o, slots in zip(self.orientations, slots_of, strict=True):
            for k in range(2, len(slots) + 1):
                users.setdefault(slots[:k], []).append(o)
        stored = {p for p, os in users.items() if len(os) > 1}

        def masks(prefix) -> tuple[str, str]:
            """Expressions of the free and touching masks of the cells ``prefix``."""
            if len(prefix) == 1:
                return f"f{prefix[0]}", f"t{prefix[0]}"
            if prefix in stored:
                tag = "_".join(map(str, prefix))
                return f"F{tag}", f"T{tag}"
            free, touching = masks(prefix[:-1])
            return f"{free} & f{prefix[-1]}", f"{touching} | t{prefix[-1]}"

        def store(prefix) -> str:
            free, touching = masks(prefix[:-1])
            stored_free, stored_touching = masks(prefix)
            return (
                f"{stored_free} = {free} & f{prefix[-1]}; "
                f"{stored_touching} = {touching} | t{prefix[-1]}"
            )

        def pieces_of(prefix) -> set[int]:
            return {o.piece.index for o in users[prefix]}

        lines = []
        if self.grid.triangles:
            lines += [f"ANCHORS = {self._direction_masks}", ""]
        by_length = sorted(stored, key=len)
        every = ", ".join(f"h{o.index}" for o in self.orientations)
        # Twice: ``placements`` keeps beside each orientation's anchors the running count of
        # placements up to it (e{i}; counted here, a count costs a third of what a pass over
        # the masks costs later), ``anchors`` does not count.
        for name, counted in (("placements", True), ("anchors", False)):
            lines += [f"def {name}(free, touching, used_pieces):"]
            if self.grid.triangles:
                lines.append("    up, down = ANCHORS")
            lines += [
                f"    f{i} = free >> {shift}; t{i} = touching >> {shift}"
                if shift
                else f"    f{i} = free; t{i} = touching"
                for i, shift in enumerate(self.shifts)
            ]
            lines += [f"    {store(p)}" for p in by_length if len(pieces_of(p)) > 1]
            before = "0"
            for piece_index, orientations in enumerate(self.orientations_of_piece):
                names = [f"h{o.index}" for o in orientations]
                ends = [f"e{o.index}" for o in orientations]
                lines.append(f"    if used_pieces & {1 << piece_index}:")
                lines.append(f"        {' = '.join(names)} = 0")
                if counted:
                    lines.append(f"        {' = '.join(ends)} = {before}")
                lines.append("    else:")
                lines += [f"        {store(p)}" for p in by_length if pieces_of(p) == {piece_index}]
                for o, h, end in zip(orientations, names, ends, strict=True):
                    free, touching = masks(slots_of[o.index])
                    # Anchored only where the shape's triangles point as on the board.
                    allowed = ""
                    if self.grid.triangles:
                        allowed = " & up" if o.anchors == self._direction_masks[0] else " & down"
                    lines.append(f"        {h} = ({touching}) & {free}{allowed}")
                    if counted:
                        lines.append(f"        {end} = {before} + {h}.bit_count()")
                        before = end
            if counted:
                every_end = ", ".join(f"e{o.index}" for o in self.orientations)
                lines += [f"    return ({every}), ({every_end})", ""]
            else:
                lines += [f"    return ({every})", ""]
        # The codes of those anchors, found highest first (the top bit of a mask costs one
        # bit_length; the lowest would cost a negation, slow on big ints), then reversed.
        lines += [
            "",
            f"TOP = (0, *(1 << k for k in range({self.bits})))  # TOP[n]: bit n - 1",
            "",
            "def list_codes(anchors):",
            f"    {every} = anchors",
            "    codes = []",
            "    append = codes.append",
        ]
        for o in reversed(self.orientations):
            lines += [
                f"    while h{o.index}:",
                f"        top = h{o.index}.bit_length()",
                f"        append({o.index * self.bits - 1} + top)",
                f"        h{o.index} ^= TOP[top]",
            ]
        lines.append("    codes.reverse()")
        lines.append("    return codes")
        return "\n".join(lines)

    def __repr__(self) -> str:
        if self.grid == SquareGrid(self.width, self.height) and self.pieces == PIECES:
            return f"geometry({self.width}, {self.height})"
        return f"<Geometry {self.grid} of {len(self.pieces)} pieces>"


class Placements(Sequence[int]):
    """The move codes of the placements :meth:`Geometry.placements` found, in code order.

    Held as the generator finds them, per orientation a mask of the anchors where it fits:
    counting, ``in`` and picking a code by its index need no list of all the codes, which is
    made once, on the first iteration or slice.

    >>> geo = geometry(14, 14)
    >>> corner = geo.placements(geo.full, geo.mask_of([parse_square("a14")]))
    >>> len(corner), corner[0], corner[57] == list(corner)[-1], corner[0] in corner
    (58, 0, True, True)
    """

    __slots__ = ("_geometry", "_anchors", "_ends", "_codes")

    def __init__(self, geo: Geometry, anchors: Sequence[Mask], ends: Sequence[int] | None = None):
        self._geometry = geo
        #: Per orientation, the anchors of its placements.
        self._anchors = anchors
        #: Per orientation, how many placements there are up to it, its own included (counted
        #: when first needed if not given).
        self._ends = ends
        self._codes: list[int] | None = None

    def _counts(self) -> Sequence[int]:
        if self._ends is None:
            self._ends = list(accumulate(map(int.bit_count, self._anchors)))
        return self._ends

    def __len__(self) -> int:
        return self._counts()[-1]

    def __bool__(self) -> bool:
        return any(self._anchors) if self._ends is None else self._ends[-1] > 0

    def __getitem__(self, index):
        # The hot path of a random pick: an int index, no list made yet.
        if index.__class__ is not int or self._codes is not None:
            return self.codes()[index]
        ends = self._counts()
        if index < 0:
            index += ends[-1]
        if not 0 <= index < ends[-1]:
            raise IndexError("placement index out of range")
        orientation = bisect_right(ends, index)
        anchors = self._anchors[orientation]
        if orientation:
            index -= ends[orientation - 1]
        # Drop set bits from whichever end of the anchors is nearer the one wanted.
        above = anchors.bit_count() - 1 - index
        if above < index:
            while above:
                anchors ^= 1 << anchors.bit_length() - 1
                above -= 1
            return orientation * self._geometry.bits + anchors.bit_length() - 1
        while index:
            anchors &= anchors - 1
            index -= 1
        return orientation * self._geometry.bits + (anchors & -anchors).bit_length() - 1

    def __iter__(self) -> Iterator[int]:
        return iter(self.codes())

    def __contains__(self, code: object) -> bool:
        if not isinstance(code, int) or code < 0:
            return False
        orientation, anchor = divmod(code, self._geometry.bits)
        return orientation < len(self._anchors) and bool(self._anchors[orientation] >> anchor & 1)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Placements | list | tuple):
            return self.codes() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to a list, so unhashable like one

    def anchor_bytes(self) -> bytes:
        """The anchors of each orientation in turn, as :attr:`Geometry.anchor_size`
        little-endian bytes: bit ``8 * anchor_size * orientation + anchor`` is set for the code
        ``orientation * bits + anchor``. For readers of a whole list at once (the computer
        player's NumPy tables) without a Python int per code."""
        size = self._geometry.anchor_size
        return b"".join(map(int.to_bytes, self._anchors, repeat(size), repeat("little")))

    def codes(self) -> list[int]:
        """The move codes as a list, in code order (made once; do not modify it)."""
        if self._codes is None:
            self._codes = self._geometry._list_codes(self._anchors)
        return self._codes

    def __repr__(self) -> str:
        return f"<Placements ({len(self)} codes)>"


def _shared_orders(cell_sets: Sequence[frozenset[int]]) -> list[tuple[int, ...]]:
    """An order of each set's cells such that the sets share long prefixes (few distinct
    prefixes: few operations in the generated code): greedily, among the sets that share a
    prefix so far, the cell most of them contain comes next for those containing it.

    >>> _shared_orders([frozenset({1, 2}), frozenset({2, 3}), frozenset({2})])
    [(2, 1), (2, 3), (2,)]
    """
    orders: list[tuple[int, ...]] = [()] * len(cell_sets)
    groups = [((), [(i, cells) for i, cells in enumerate(cell_sets)])]
    while groups:
        prefix, group = groups.pop()
        while group:
            counts = Counter(cell for _, cells in group for cell in cells)
            if not counts:
                break
            cell = max(counts, key=lambda c: (counts[c], -c))
            groups.append(
                ((*prefix, cell), [(i, cells - {cell}) for i, cells in group if cell in cells])
            )
            group = [(i, cells) for i, cells in group if cell not in cells]
        for i, _ in group:
            orders[i] = prefix
    return orders


@cache
def _precompiled() -> dict:
    """Source -> code of the move generators in :data:`PRECOMPILED`, if it was written for
    this Python (else none: they are compiled as needed)."""
    try:
        magic, table = marshal.loads(read_bytes(PRECOMPILED))
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return table if magic == MAGIC_NUMBER else {}


def precompile(geometries) -> bytes:
    """The contents of :data:`PRECOMPILED` for ``geometries``."""
    sources = (geo._placements_source() for geo in geometries)
    table = {source: compile(source, "<placements>", "exec") for source in sources}
    return marshal.dumps((MAGIC_NUMBER, table))


def geometry(width: int, height: int) -> Geometry:
    """The shared :class:`Geometry` of a ``width`` x ``height`` board of squares and the
    Classic pieces."""
    return geometry_of(SquareGrid(width, height), PIECES)


@cache
def geometry_of(grid: Grid, pieces: tuple[Piece, ...]) -> Geometry:
    """The shared :class:`Geometry` of ``grid`` and the piece set ``pieces``."""
    return Geometry(grid, pieces)

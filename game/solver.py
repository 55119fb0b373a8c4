"""Solver for the puzzles of :mod:`game.puzzles`: complete solutions from the empty board, or
completions of a partial position, run in slices so that a page can stay responsive.

    python -m game.solver PUZZLE [--seed S] [--budget SECONDS]

prints a solution as an ASCII board and as moves (``colour move`` per line); ``--save`` stores
it as the puzzle's shipped solution (:func:`game.puzzles.stored_solution`).

The tiling puzzles (3, 4) are exact cover problems: a depth-first search over bitboards that
always covers the first empty square in reading order (in polyomino tiling the cheapest good
choice of most constrained square: everything before it is full, so few pieces fit there),
taking awkward shapes first and cutting off any position that leaves a closed hole whose size
no set of remaining pieces can fill. The puzzles played under the game's rules (1, 2) get a
beam search in turn order (see :class:`RulesSearch`) that drops positions where a colour can no
longer place its next piece or reach enough room, or where more squares are out of every
colour's reach than the puzzle may leave empty. From the empty board it looks for a solution
that is the same under a quarter turn of the board, so that it decides only Blue's 21 moves.

Searches are restarted with growing node limits and fresh random move orders (Luby's restart
sequence), which tames the heavy tail of time to a first solution.

>>> solution = solve(puzzle_board("tetromino_rectangle"), seed=1)
>>> board = puzzle_board("tetromino_rectangle")
>>> for color, move in solution:
...     board.push(move, color)
>>> board.is_solved()
True
"""

from __future__ import annotations

import json
import random
import sys
import time
from functools import cache
from math import gcd

from .geometry import Mask, geometry
from .pieces import PIECE_BY_NAME, PIECES, Move, Square, square, square_xy
from .puzzles import (
    PUZZLES,
    SOLUTIONS_FILE,
    Puzzle,
    PuzzleBoard,
    RulesPuzzleBoard,
    TilingPuzzleBoard,
    find_puzzle,
    puzzle_board,
)
from .variants import Color

Solution = list[tuple[Color, Move]]

# Tiling: shapes that fit in few ways go first, as left for the end they rarely find a place.
# Found by trying orders on the pentomino rectangle; the corner-hugging ones last.
AWKWARD_FIRST = tuple(
    PIECE_BY_NAME[name].index
    for name in "X W F U T5 Z5 V5 N Y L5 P I5 T4 Z4 L4 O4 I4 V3 I3 2 1".split()
)
#: The random spread added to priorities and scores in seeded searches.
NOISE = 2.0
# Rules puzzles, order of moves: the weight of a square made unusable for every colour against
# one square of open rim, how much a piece's rim in open space offsets its rim on the board (so
# bulky pieces go while they fit), and the bonus per square of the piece (largest first).
WASTE_WEIGHT = 10
OPEN_RIM_WEIGHT = 0.5
SIZE_WEIGHT = 100.0
# Rules puzzles, rank of positions: the weights of the most cramped colour's shortage of moves
# and of the squares of pieces that have nowhere to go now (found by trying weights on puzzle 2).
CRAMPED_WEIGHT = 20.0
HOMELESS_WEIGHT = 1.0
# Moves tried per kept position; a symmetric search does better trying few moves in many
# positions (tried on puzzles 1 and 2).
MOVES_PER_POSITION = 15
SYMMETRIC_MOVES_PER_POSITION = 3


class TilingSearch:
    """Depth-first exact cover of the empty squares of a tiling puzzle board, in slices.

    ``seed`` None keeps the fixed awkward-first order; an int shuffles shapes of similar
    awkwardness and the placements of each shape. ``node_limit`` ends the search (without a
    solution) after that many placements; :attr:`exhausted` tells a finished search without a
    solution (no completion exists) from one that hit its limit.
    """

    def __init__(self, board: TilingPuzzleBoard, seed: int | str | None = None, node_limit=None):
        geo = self.geometry = board.geometry
        self.board = board.copy()
        self.node_limit = node_limit
        self.nodes = 0
        self.solution: Solution | None = None
        self.exhausted = False
        self._counts = counts = [0] * len(AWKWARD_FIRST)
        for color in board.puzzle.colors:
            for piece in board.pieces_left(color):
                counts[piece.index] += 1
        sizes = [PIECES[i].size for i, n in enumerate(counts) if n]
        self._hole_unit = gcd(*sizes) if sizes else 1
        rng = random.Random(seed)
        noise = 0.0 if seed is None else NOISE
        priority = {piece: rank + rng.uniform(0, noise) for rank, piece in enumerate(AWKWARD_FIRST)}
        self._full = geo.full
        occupied = board.occupied_mask()
        free = geo.full & ~occupied
        # The anchor of a placement is its first square in reading order, so the placements
        # that may cover the first empty square are exactly those anchored on it.
        by_anchor: list[list[tuple[float, float, int, Mask, int]]] = [[] for _ in range(geo.bits)]
        none_left = sum(1 << piece for piece, n in enumerate(counts) if not n)
        for code in geo.placements(free, free, none_left):
            piece = geo.placement_piece(code).index
            by_anchor[code % geo.bits].append(
                (priority[piece], rng.random(), piece, geo.placement_mask(code), code)
            )
        self._candidates = [[entry[2:] for entry in sorted(entries)] for entries in by_anchor]
        self._occupied = occupied
        self._placed: list[tuple[int, Mask, int]] = []
        self._stack = [[self._candidates[(free & -free).bit_length() - 1], 0]] if free else []
        if _closes_bad_hole(free, free, geo.edge_neighbors, self._hole_unit, reach=geo.bits):
            self._stack = []  # a region of the given position can never be filled
        self._just_solved = False

    def run(self, node_budget: int) -> bool:
        """Search for up to ``node_budget`` more placements. True when the search is over: a
        solution was found (:attr:`solution`), none exists (:attr:`exhausted`) or the node
        limit is reached. Calling again after a solution looks for the next one."""
        if self._just_solved:
            self._just_solved = False
            self._undo()
        self.solution = None
        counts, full, stack, placed = self._counts, self._full, self._stack, self._placed
        edge_neighbors, unit = self.geometry.edge_neighbors, self._hole_unit
        occupied = self._occupied
        stop = self.nodes + node_budget
        if self.node_limit is not None:
            stop = min(stop, self.node_limit)
        nodes = self.nodes
        while stack:
            if nodes >= stop:
                self.nodes, self._occupied = nodes, occupied
                return nodes == self.node_limit
            frame = stack[-1]
            candidates, i = frame
            n = len(candidates)
            while i < n:
                piece, mask, code = candidates[i]
                i += 1
                if counts[piece] and not mask & occupied:
                    break
            else:
                stack.pop()
                if placed:
                    piece, mask, _ = placed.pop()
                    occupied ^= mask
                    counts[piece] += 1
                continue
            frame[1] = i
            nodes += 1
            occupied |= mask
            free = full & ~occupied
            if not free:
                counts[piece] -= 1
                placed.append((piece, mask, code))
                self.nodes, self._occupied = nodes, occupied
                self._finish()
                return True
            if _closes_bad_hole(edge_neighbors(mask) & free, free, edge_neighbors, unit):
                occupied ^= mask
                continue
            counts[piece] -= 1
            placed.append((piece, mask, code))
            stack.append([self._candidates[(free & -free).bit_length() - 1], 0])
        self.nodes, self._occupied = nodes, occupied
        self.exhausted = True
        return True

    def _undo(self) -> None:
        piece, mask, _ = self._placed.pop()
        self._occupied ^= mask
        self._counts[piece] += 1

    def _finish(self) -> None:
        """Turn the placements into (colour, move) pairs, colouring pieces so that no two
        pieces sharing an edge have the same colour when that can be done quickly (the
        solution reads better); otherwise each piece goes to the first colour owning it."""
        board = self.board.copy()
        colors = _distinct_neighbour_colors(board, self._placed)
        for (_, _, code), color in zip(self._placed, colors, strict=True):
            board.push_code(code, color)
        start = self.board.ply()
        self.solution = board.move_stack[start:]
        self._just_solved = True


def _distinct_neighbour_colors(board, placed, max_tries: int = 20000) -> list[Color | None]:
    """A colour per placement (``(piece, mask, code)``) from the colours still owning its
    piece on ``board``, neighbours differing; all None (first owner) if none found in time."""
    edge_neighbors = board.geometry.edge_neighbors
    neighbours = [
        [j for j, (_, other, _) in enumerate(placed[:i]) if edge_neighbors(mask) & other]
        for i, (_, mask, _) in enumerate(placed)
    ]
    owners = {
        piece: [c for c in board.puzzle.colors if not board.used_pieces_mask(c) >> piece & 1]
        for piece, _, _ in placed
    }
    chosen: list[Color] = []
    options: list[list[Color]] = []
    tries = 0
    while len(chosen) < len(placed) and tries < max_tries:
        i = len(chosen)
        if len(options) == i:
            piece = placed[i][0]
            taken = {chosen[j] for j in neighbours[i]}
            taken.update(c for j, c in enumerate(chosen) if placed[j][0] == piece)
            options.append([c for c in owners[piece] if c not in taken])
        tries += 1
        if options[i]:
            chosen.append(options[i].pop())
        else:
            options.pop()
            if not chosen:
                break
            chosen.pop()
    return chosen if len(chosen) == len(placed) else [None] * len(placed)


def _closes_bad_hole(seeds: Mask, free: Mask, edge_neighbors, unit: int, reach: int = 4) -> bool:
    """Whether one of the regions of ``free`` touching ``seeds`` is closed, small (found within
    ``reach`` growth steps) and of a size that is not a multiple of ``unit``."""
    while seeds:
        region = seeds & -seeds
        for _ in range(reach):
            grown = (region | edge_neighbors(region)) & free
            if grown == region:
                if region.bit_count() % unit:
                    return True
                break
            region = grown
        seeds &= ~region
    return False


class RulesSearch:
    """Beam search for puzzles under the game's rules, in slices; same interface as
    :class:`TilingSearch`.

    Step by step, each kept position offers its :data:`MOVES_PER_POSITION` best-looking moves
    (:data:`SYMMETRIC_MOVES_PER_POSITION` in a symmetric search, below) of the colour to move,
    largest pieces first. The children that are not dead ends are ranked by the squares nobody
    can reach any more, the squares of pieces that have nowhere to go now, and how close the
    colour is to running out of moves; the best ``width`` are kept, ``width`` chosen so that a
    search evaluates about ``node_limit`` children.

    A position that is the same under a quarter turn of the board (each colour's pieces are the
    previous colour's turned, as on the empty board) is searched *symmetrically*: a step is a
    Blue move plus its three turned copies for Yellow, Red and Green, each square's four turned
    copies go to the four colours, and a solution takes only 21 decisions instead of 84.

    The search only proves that no completion exists when it never dropped a move or position.
    """

    def __init__(self, board: RulesPuzzleBoard, seed: int | str | None = None, node_limit=None):
        self.geometry = board.geometry
        self.nodes = 0
        self.solution: Solution | None = None
        self.exhausted = False
        self.node_limit = node_limit
        self._rng = random.Random(seed)
        self._noise = 0.0 if seed is None else NOISE
        self._start = board.ply()
        self._slack = self.geometry.full.bit_count() - board.puzzle.squares_total
        self._symmetric = _is_symmetric(board)
        self._colors = (0,) if self._symmetric else board.colors
        steps = board.puzzle.pieces_total - board.progress().pieces
        if self._symmetric:
            steps //= 4
        self._moves_per_position = (
            SYMMETRIC_MOVES_PER_POSITION if self._symmetric else MOVES_PER_POSITION
        )
        self._width = max(2, (node_limit or 10**9) // (self._moves_per_position * max(1, steps)))
        self._dropped = self._symmetric  # it leaves out every position that is not symmetric
        self._beam = [board.copy()] if self._rank(board) is not None else []
        self._children: list[tuple[float, int, RulesPuzzleBoard]] = []
        self._expanding = 0  # positions of the beam whose moves have been listed
        self._moves: list[int] = []  # moves of the last of them still to try
        self._seen: set[tuple[Mask, ...]] = set()

    def run(self, node_budget: int) -> bool:
        """Like :meth:`TilingSearch.run`, but stops at the first solution. A node is one
        child position evaluated, so slices stay short."""
        stop = self.nodes + node_budget
        if self.node_limit is not None:
            stop = min(stop, self.node_limit)
        while self._beam:
            if self.nodes >= stop:
                return self.nodes == self.node_limit
            if self._moves:
                self._try(self._beam[self._expanding - 1], self._moves.pop())
            elif self._expanding < len(self._beam):
                codes = self._ordered_moves(self._beam[self._expanding])
                if len(codes) > self._moves_per_position:
                    self._dropped = True
                self._moves = codes[self._moves_per_position - 1 :: -1]  # best last, for pop()
                self._expanding += 1
            else:
                self._next_beam()
                for board in self._beam:
                    if board.is_solved():
                        self.solution = board.move_stack[self._start :]
                        return True
        self.exhausted = not self._dropped
        return True

    def _next_beam(self) -> None:
        children = sorted(self._children, key=lambda child: child[:2])
        if len(children) > self._width:
            self._dropped = True
        self._beam = [board for _, _, board in children[: self._width]]
        self._children, self._expanding, self._seen = [], 0, set()

    def _try(self, board: RulesPuzzleBoard, code: int) -> None:
        """Evaluate the child of ``board`` after move ``code`` and keep it for the next beam."""
        child = board.copy()
        if self._symmetric:
            # Legal by symmetry: the turned copies land on squares of other orbits.
            for color, turned in enumerate(_turned_codes(code)):
                child.push_code(turned, color)
        else:
            child.push_code(code)
        key = tuple(child.occupied_mask(c) for c in self._colors)
        if key in self._seen:
            return
        self._seen.add(key)
        self.nodes += 1
        rank = self._rank(child)
        if rank is not None:
            noise = self._noise * self._rng.random() / 4
            self._children.append((rank + noise, len(self._children), child))

    def _allowed(self, codes: list[int]) -> list[int]:
        """``codes`` without the moves a symmetric search cannot make (those covering two
        squares of one orbit, which its turned copies would overlap)."""
        return [c for c in codes if _covers_distinct_orbits(c)] if self._symmetric else codes

    def _rank(self, board: RulesPuzzleBoard) -> float | None:
        """How bad ``board`` looks (lower is better), or None if it cannot be completed: a
        colour has no move for its next piece, a piece that fits nowhere, fewer reachable
        squares than it has left to place, or more squares are out of every colour's reach
        than may stay empty."""
        geo = self.geometry
        free = geo.full & ~board.occupied_mask()
        colors = board.colors
        rooms = [free & ~board.forbidden_mask(c) for c in colors]
        reaches = [_reach(geo, board.attach_mask(c), rooms[c]) for c in colors]
        reachable = 0
        for reach in reaches:
            reachable |= reach
        dead = (free & ~reachable).bit_count()
        if dead > self._slack:
            return None
        homeless = 0
        fewest_moves = None
        for color in self._colors:
            left = board.pieces_left(color)
            if not left:
                continue
            room = rooms[color]
            if reaches[color].bit_count() < sum(p.size for p in left):
                return None
            used = board.used_pieces_mask(color)
            fits = _pieces_fitting(geo, room, left)
            attached = self._allowed(geo.placements(room, board.attach_mask(color), used))
            if board.puzzle.largest_first:
                # The moves of its next piece: once the others have caught up, its largest.
                not_next = board.unavailable_pieces_mask(color, max(p.size for p in left))
                moves = sum(not not_next >> geo.placement_piece(c).index & 1 for c in attached)
            else:
                moves = len(attached)  # placements() already left out the used pieces
            if not moves:
                return None
            attached_pieces = _pieces_of(geo, attached)
            for piece in left:
                if not fits >> piece.index & 1:
                    return None
                if not attached_pieces >> piece.index & 1:
                    homeless += piece.size
            fewest_moves = moves if fewest_moves is None else min(fewest_moves, moves)
        if fewest_moves is None:
            return float(dead)
        return dead + HOMELESS_WEIGHT * homeless + CRAMPED_WEIGHT / (1 + fewest_moves)

    def _ordered_moves(self, board: RulesPuzzleBoard) -> list[int]:
        """The colour to move's legal move codes with the largest piece size it has left, most
        promising first: fewest squares made unusable by every colour and least open rim, the
        rim counted against the piece's rim in open space (so bulky pieces go while they fit)."""
        color = board.turn
        if color is None:
            return []
        geo = self.geometry
        free = geo.full & ~board.occupied_mask()
        forbidden = [board.forbidden_mask(c) for c in board.colors]
        others = ~0
        for c, mask in enumerate(forbidden):
            if c != color:
                others &= mask
        rng, noise = self._rng, self._noise
        scored = []
        for code in self._allowed(board.legal_codes()):
            orientation = geo.orientations[code // geo.bits]
            rim = geo.placement_rings(code)[1] & free
            dead = rim & others & ~forbidden[color]
            score = WASTE_WEIGHT * dead.bit_count() + rim.bit_count()
            # In open space every square of its edge ring is free.
            score -= OPEN_RIM_WEIGHT * len(orientation.edge_offsets)
            # Largest first is puzzle 2's rule and a good habit in puzzle 1.
            score -= SIZE_WEIGHT * orientation.piece.size
            scored.append((score + noise * rng.random(), code))
        scored.sort()
        return [code for _, code in scored]


def _pieces_of(geo, codes: list[int]) -> int:
    """Bit ``piece.index`` set for each piece placed by one of ``codes``."""
    pieces = 0
    for code in codes:
        pieces |= 1 << geo.placement_piece(code).index
    return pieces


def _pieces_fitting(geo, room: Mask, pieces) -> int:
    """Bit ``piece.index`` set for each of ``pieces`` that has a placement inside ``room``."""
    fitting = 0
    for piece in pieces:
        for orientation in geo.orientations_of_piece[piece.index]:
            anchors = room  # the anchors where every square of the orientation is in room
            for offset in orientation.offsets:
                anchors &= room >> offset
                if not anchors:
                    break
            if anchors:
                fitting |= 1 << piece.index
                break
    return fitting


def _reach(geo, seeds: Mask, room: Mask) -> Mask:
    """Squares of ``room`` connected to ``seeds`` through edges or corners (an upper bound of
    where a colour can still grow from its attach squares)."""
    region = seeds & room
    while True:
        grown = (region | geo.edge_neighbors(region) | geo.corner_neighbors(region)) & room
        if grown == region:
            return region
        region = grown


def _quarter_turn(sq: Square) -> Square:
    """``sq`` turned a quarter clockwise on the 20x20 board: a20 -> t20 -> t1 -> a1, each
    colour's start corner to the next colour's."""
    x, y = square_xy(sq)
    return square(y, 19 - x)


@cache
def _turned_codes(code: int) -> tuple[int, int, int, int]:
    """The 20x20 move code ``code`` and its three quarter-turned copies, in that order."""
    geo = geometry(20, 20)
    codes = [code]
    for _ in range(3):
        squares = [_quarter_turn(sq) for sq in geo.move(codes[-1]).squares]
        codes.append(geo.code_of(geo.mask_of(squares)))
    return tuple(codes)


@cache
def _covers_distinct_orbits(code: int) -> bool:
    """Whether no two squares of the 20x20 placement ``code`` are turned copies of each other."""
    squares = [sq for turned in _turned_codes(code) for sq in geometry(20, 20).move(turned).squares]
    return len(set(squares)) == len(squares)


def _is_symmetric(board: RulesPuzzleBoard) -> bool:
    """Whether each colour's pieces are the previous colour's turned a quarter, with Blue to
    move next in turn order (true of the empty board)."""
    if board.ply() % 4 or board.geometry.width != 20:
        return False
    colors = board.colors
    squares = [board.squares_of(c) for c in colors]
    return all(
        sorted(map(_quarter_turn, squares[c])) == squares[(c + 1) % len(colors)]
        and board.used_pieces_mask(c) == board.used_pieces_mask(0)
        for c in colors
    )


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of Luby's restart sequence 1 1 2 1 1 2 4 1 1 2 ...

    >>> [luby(i) for i in range(1, 11)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2]
    """
    k = i.bit_length()
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = i.bit_length()
    return 1 << (k - 1)


# Nodes of the first restart; later ones get Luby multiples of it.
RESTART_BASE = {TilingPuzzleBoard: 4000, RulesPuzzleBoard: 3000}


class Solver:
    """Finds a completion of ``board`` (a puzzle board, left unchanged) in slices.

    >>> solver = Solver(puzzle_board("tetromino_rectangle"), seed=3)
    >>> while not solver.step(1000):
    ...     pass
    >>> len(solver.solution)
    20

    Each :meth:`step` does a bounded amount of work and returns whether the solver is done:
    :attr:`solution` holds the moves that complete the puzzle, or is None if the search space
    was exhausted (:attr:`proved_unsolvable`). Stop calling to cancel.
    """

    def __init__(self, board: PuzzleBoard, seed: int | None = None):
        self.board = board.copy()
        self.seed = seed
        self.nodes = 0
        self.restarts = 0
        self.solution: Solution | None = None
        self.proved_unsolvable = False
        self._search_class = TilingSearch if isinstance(board, TilingPuzzleBoard) else RulesSearch
        self._base = RESTART_BASE[type(board)]
        if board.is_solved():
            self.solution = []
        else:
            self._search = self._new_search()

    def _new_search(self):
        self.restarts += 1
        # The first search of an unseeded solver keeps the plain order; string seeds are stable.
        seed = None if self.seed is None and self.restarts == 1 else f"{self.seed}/{self.restarts}"
        return self._search_class(self.board, seed, node_limit=self._base * luby(self.restarts))

    def step(self, node_budget: int = 2000) -> bool:
        """Search for up to ``node_budget`` nodes; True once done (solved or proved unsolvable)."""
        if self.solution is not None or self.proved_unsolvable:
            return True
        search = self._search
        before = search.nodes
        finished = search.run(node_budget)
        self.nodes += search.nodes - before
        if not finished:
            return False
        if search.solution is not None:
            self.solution = search.solution
        elif search.exhausted:
            self.proved_unsolvable = True
        else:
            self._search = self._new_search()
            return False
        return True


def solve(
    board: PuzzleBoard,
    seed: int | None = None,
    budget: float | None = None,
    node_budget: int | None = None,
) -> Solution | None:
    """The moves completing ``board``, or None if none was found within ``budget`` seconds and
    ``node_budget`` nodes (no limit when both are None) or none exists."""
    solver = Solver(board, seed)
    deadline = None if budget is None else time.perf_counter() + budget
    while not solver.step(1000):
        if deadline is not None and time.perf_counter() > deadline:
            return None
        if node_budget is not None and solver.nodes >= node_budget:
            return None
    return solver.solution


def main(argv: list[str] | None = None) -> int:
    import argparse  # here, not at the top: the page imports the solver, never its command line

    parser = argparse.ArgumentParser(
        prog="python -m game.solver", description="Solve a one-player Blokus puzzle."
    )
    parser.add_argument("puzzle", help=f"puzzle name or number: {', '.join(PUZZLES)} or 1-4")
    parser.add_argument("--seed", type=int, default=None, help="vary the solution found")
    parser.add_argument("--budget", type=float, default=None, help="give up after SECONDS")
    parser.add_argument(
        "--save", action="store_true", help=f"store the solution in {SOLUTIONS_FILE.name}"
    )
    args = parser.parse_args(argv)
    try:
        puzzle = find_puzzle(args.puzzle)
    except ValueError as error:
        parser.error(str(error))
    board = puzzle_board(puzzle)
    start = time.perf_counter()
    solution = solve(board, seed=args.seed, budget=args.budget)
    seconds = time.perf_counter() - start
    if solution is None:
        print(f"no solution found in {seconds:.1f} s", file=sys.stderr)
        return 1
    names = board.color_names
    for color, move in solution:
        board.push(move, color)
    print(board)
    print(f"solved in {seconds:.2f} s")
    for color, move in solution:
        print(names[color], move)
    if args.save:
        save_solution(puzzle, solution)
    return 0


def save_solution(puzzle: Puzzle, solution: Solution) -> None:
    """Store ``solution`` as the shipped solution of ``puzzle`` (see :func:`stored_solution`)."""
    stored = json.loads(SOLUTIONS_FILE.read_text()) if SOLUTIONS_FILE.exists() else {}
    stored[puzzle.name] = [[color, str(move)] for color, move in solution]
    SOLUTIONS_FILE.parent.mkdir(exist_ok=True)
    # One puzzle per line: diffs stay readable.
    lines = [f"{json.dumps(name)}: {json.dumps(moves)}" for name, moves in sorted(stored.items())]
    SOLUTIONS_FILE.write_text("{\n" + ",\n".join(lines) + "\n}\n")


if __name__ == "__main__":
    sys.exit(main())

"""The Blokus board: position, legal moves, turn order with automatic passes, and scoring.

>>> board = Board("duo")
>>> board.turn, len(board.legal_moves)
(0, 414)
>>> board.push(Move.parse("e10"))
>>> board.illegal_reason(Move.parse("e10,f10"))
<IllegalReason.OVERLAP: 'covers a square that is already taken'>
>>> board.pop()
Move.parse('e10')
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Self

from .geometry import Geometry, Mask, geometry_of
from .i18n import N_, _
from .pieces import FILE_NAMES, PIECES, Move, Piece, Square, square
from .variants import Color, Variant, find_variant

SCORING_MODES = ("points", "advanced", "basic")
"""``points``: squares on the board plus bonuses (Pentobi, highest wins); ``advanced``: minus the
squares left plus bonuses (the rule book, highest wins); ``basic``: the squares left (fewest wins).
The bonuses: +15 for placing all pieces, +5 more if the last one placed was the monomino (in
Trigon, the single triangle); none in Junior."""

ALL_PLACED_BONUS = 15
MONOMINO_LAST_BONUS = 5
ALL_PIECES_USED = (1 << len(PIECES)) - 1


class Reason(Enum):
    """A reason a move is refused; the value is its sentence in English (the message)."""

    def words(self, triangles: bool = False) -> str:
        """The reason in the language spoken, naming the board's cells (``triangles``: Trigon's)."""
        return _(self.value)


class IllegalReason(Reason):
    """Why a move is illegal; the value is the sentence shown to players on a board of squares
    (in English: :meth:`words` says it in the language spoken, on the board's grid)."""

    GAME_OVER = N_("the game is over")
    OFF_BOARD = N_("goes off the board")
    NOT_A_PIECE = N_("is not the shape of a piece")
    PIECE_USED = N_("that piece has already been played")
    OVERLAP = N_("covers a square that is already taken")
    EDGE = N_("touches your own piece along an edge")
    START = N_("must cover your start corner")
    START_POINT = N_("must cover a free starting point")
    FREE_CORNER = N_("must cover a free corner of the board")
    NO_CORNER = N_("must touch a corner of your own piece")

    def words(self, triangles: bool = False) -> str:
        """
        >>> IllegalReason.OVERLAP.words(triangles=True)
        'covers a triangle that is already taken'
        """
        if triangles and self is IllegalReason.OVERLAP:
            return _("covers a triangle that is already taken")
        return super().words(triangles)


class IllegalMoveError(ValueError):
    """Raised by :meth:`Board.push` for an illegal move; :attr:`reason` says why."""

    def __init__(self, move: Move, reason: IllegalReason, triangles: bool = False):
        super().__init__(
            _("illegal move {squares}: {why}").format(squares=move, why=reason.words(triangles))
        )
        self.move = move
        self.reason = reason


@dataclass(frozen=True)
class Outcome:
    """Scores and winners of a position (final once the game is over).

    Players with the best score all win (a tie shares the win); ``ranking`` gives each player's
    place, 1 for the winners, with tied players sharing a place (1, 1, 3 ...).
    """

    color_scores: tuple[int, ...]
    player_scores: tuple[int, ...]
    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    game_over: bool


def rank_score(scores, player: int) -> float:
    """Pentobi's result of ``player`` among players with ``scores``: place values 1 (first) to
    0 (last), tied players sharing the mean of their places' values; 1/0.5/0 with two players."""
    ordered = sorted(scores)
    values = [i / (len(scores) - 1) for i, s in enumerate(ordered) if s == scores[player]]
    return sum(values) / len(values)


class LegalMoves:
    """The legal moves a board lists by default (on a :class:`Board`, the colour to move's):
    iterable, sized, supports ``in``."""

    def __init__(self, board: BaseBoard):
        self._board = board

    def __iter__(self) -> Iterator[Move]:
        board = self._board
        return iter([board.move_from_code(code) for code in board.legal_codes()])

    def __len__(self) -> int:
        return len(self._board.legal_codes())

    def __bool__(self) -> bool:
        return bool(self._board.legal_codes())

    def __contains__(self, move: Move) -> bool:
        return self._board.turn is not None and self._board.is_legal(move)

    def __repr__(self) -> str:
        return f"<LegalMoves ({', '.join(str(m) for m in self)})>"


def placed(
    geo: Geometry, code: int, occupied: Mask, own: Mask, edges: Mask, attach: Mask
) -> tuple[Mask, Mask, Mask, Mask]:
    """The bitboards after a colour places the move with code ``code`` (not checked): the
    squares covered, the colour's squares, the squares along the edges of its pieces, and its
    attach squares. Before its first piece a colour's attach squares are its start squares;
    after, the free corners of its pieces that no edge touches. Other colours' attach squares
    are not updated here: a square this piece covers stays in them until masked by
    ``~occupied``."""
    mask, edge_ring, corner_ring = geo.placement_rings(code)
    occupied |= mask
    edges |= edge_ring
    corners = corner_ring | attach if own else corner_ring
    return occupied, own | mask, edges, corners & ~(occupied | edges)


def second_copies(pieces: Sequence[Piece]) -> int:
    """Bits ``piece.index`` of the second copies of pieces in ``pieces`` (Junior's): a second
    copy is held back until the first is placed, so that no move is listed twice."""
    return sum(1 << p.index for p in pieces[1:] if p.name == pieces[p.index - 1].name)


def held_back(used: int, second: int) -> int:
    """The pieces a colour may not play: those placed (bits of ``used``), and of the second
    copies ``second`` (see :func:`second_copies`) those whose first copy is not placed."""
    return used | (second & ~(used << 1))


def next_mover(
    after: Color,
    count: int,
    moves_of: Callable[[Color], list[int]],
    finished: int = 0,
    moveless: Callable[[Color], object] | None = None,
) -> tuple[Color, list[int]] | None:
    """The first colour after ``after`` in play order (of ``count`` colours) that has a move,
    with its move codes ``moves_of(color)``; None if no colour has one. Colours whose bit is
    set in ``finished`` are passed over unasked, and ``moveless(color)`` is called for each
    colour asked that has no move. The turn order of :class:`Board` and of the computer
    player's searches.

    >>> next_mover(3, 4, lambda color: [7] if color == 1 else [])
    (1, [7])
    """
    for step in range(1, count + 1):
        color = (after + step) % count
        if finished >> color & 1:
            continue
        codes = moves_of(color)
        if codes:
            return color, codes
        if moveless is not None:
            moveless(color)
    return None


class BaseBoard(ABC):
    """What every board is (the game's and the puzzles'), in the manner of python-chess's
    ``BaseBoard``: which colour covers which squares and which pieces each colour has placed,
    the abstract verbs each kind of board defines (turn, legal moves, legality, push, pop), and
    the verbs built on those."""

    geometry: Geometry
    #: The colours, in play order, and their lower-case names.
    colors: tuple[Color, ...]
    color_names: tuple[str, ...]
    #: Whether colours move in turn (:attr:`turn` says who) or any colour may move any time.
    turn_order: bool = True
    _occupied: Mask
    _own: list[Mask]
    _used: list[int]
    _history: list[tuple[Color, int]]
    #: The attributes holding lists that :meth:`copy` gives the copy its own copies of.
    _copied_lists: tuple[str, ...] = ("_own", "_used", "_history")

    @property
    @abstractmethod
    def turn(self) -> Color | None:
        """The colour that moves by default, or None when no colour can move."""

    @abstractmethod
    def legal_codes(self, color: Color | None = None) -> list[int]:
        """Move codes (see :mod:`game.geometry`) of the legal moves of ``color`` (default:
        the board's own choice, e.g. the colour to move)."""

    @abstractmethod
    def illegal_reason(self, move: Move, color: Color | None = None) -> Enum | None:
        """Why ``move`` by ``color`` is illegal (an enum whose value is a sentence), or None."""

    @abstractmethod
    def push(self, move: Move, color: Color | None = None) -> None:
        """Play ``move``; raises :class:`IllegalMoveError` and changes nothing if illegal."""

    @abstractmethod
    def push_code(self, code: int, color: Color | None = None) -> None:
        """Play the placement with move code ``code`` without checking that it is legal."""

    @abstractmethod
    def pop(self) -> Move:
        """Take back the last move and return it."""

    def movable_colors(self) -> tuple[Color, ...]:
        """The colours whose pieces a player may pick now: the colour to move when colours
        move in turn, else every colour with pieces left."""
        if self.turn_order:
            turn = self.turn
            return () if turn is None else (turn,)
        return tuple(c for c in self.colors if self.pieces_left(c))

    def ply(self) -> int:
        """How many moves have been pushed (setup pieces do not count)."""
        return len(self._history)

    def color_at(self, sq: Square) -> Color | None:
        """The colour covering square ``sq``, or None if it is empty or off the board."""
        if not self.geometry.contains(sq):
            return None
        bit = 1 << self.geometry.bit(sq)
        return next((color for color, own in enumerate(self._own) if own & bit), None)

    def is_piece_used(self, color: Color, piece: Piece) -> bool:
        """Whether ``color``'s copy of ``piece`` is on the board (or otherwise out of play)."""
        return bool(self._used[color] >> piece.index & 1)

    def occupied_mask(self, color: Color | None = None) -> Mask:
        """Bitboard of the squares covered by ``color`` (default: by any colour)."""
        return self._occupied if color is None else self._own[color]

    def used_pieces_mask(self, color: Color) -> int:
        """Bit ``piece.index`` is set for every piece of ``color`` out of play (placed)."""
        return self._used[color]

    def pieces_left(self, color: Color) -> list[Piece]:
        """The pieces ``color`` has not placed yet (and that are in play), in Pentobi's order."""
        return [p for p in self.geometry.pieces if not self._used[color] >> p.index & 1]

    def piece_of(self, move: Move) -> Piece | None:
        """The piece of this board's set with the shape of ``move`` where it lies (the first
        copy of a piece with copies), or None if it is no piece or leaves the board."""
        geo = self.geometry
        if not all(geo.contains(sq) for sq in move.squares):
            return None
        code = geo.code_of(geo.mask_of(move.squares))
        return None if code is None else geo.placement_piece(code)

    def squares_of(self, color: Color) -> list[Square]:
        """The squares covered by ``color``."""
        return sorted(self.geometry.squares_of(self._own[color]))

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves of :meth:`legal_codes` with its default colour."""
        return LegalMoves(self)

    def legal_moves_for(self, color: Color) -> list[Move]:
        """The legal moves ``color`` would have if it were to move now."""
        return [self.move_from_code(code) for code in self.legal_codes(color)]

    def move_from_code(self, code: int) -> Move:
        """The :class:`Move` of a move code."""
        return self.geometry.move(code)

    def is_game_over(self) -> bool:
        return self.turn is None

    def is_legal(self, move: Move, color: Color | None = None) -> bool:
        return self.illegal_reason(move, color) is None

    def peek(self) -> Move:
        """The last move played."""
        return self.move_from_code(self._history[-1][1])

    @property
    def move_stack(self) -> list[tuple[Color, Move]]:
        """(colour, move) for every move pushed, in play order."""
        return [(color, self.move_from_code(code)) for color, code in self._history]

    def copy(self) -> Self:
        """An independent copy with the same position and history."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        for name in self._copied_lists:
            setattr(other, name, list(getattr(self, name)))
        return other


@cache
def _starting_point(variant_name: str, colorless_corners: bool) -> tuple[Geometry, tuple, int]:
    """A new :class:`Board`'s geometry, its colours' start squares as masks, and the bits of
    the second copies of its pieces (see :func:`second_copies`): the same for every board of
    a variant, and a random game's board is made often."""
    variant = find_variant(variant_name)
    geo = geometry_of(variant.grid, variant.pieces)
    n = len(variant.color_names)
    if colorless_corners:
        last = variant.size - 1
        start_masks = (geo.mask_of(square(x, y) for x in (0, last) for y in (0, last)),) * n
    elif variant.shared_starts:
        start_masks = (geo.mask_of(variant.shared_starts),) * n
    else:
        start_masks = tuple(geo.mask_of([sq]) for sq in variant.start_squares)
    return geo, start_masks, second_copies(variant.pieces)


#: What :meth:`Board.pop` restores: the position before a push (of the moving colour's own
#: bitboards and pieces, only that colour's) and the turn bookkeeping, in this order: occupied,
#: own, own edges, attach squares, used pieces, finished, turn, legal codes, unsettled after. A
#: plain tuple: a named one costs more to build on every move.
UndoState = tuple[Mask, Mask, Mask, Mask, int, int, Color | None, list[int] | None, Color | None]


class Board(BaseBoard):
    """A Blokus position with its move history.

    Colours move in the variant's order; a colour with no legal move is skipped, and once a
    colour cannot move it never can again (the board only fills up). The game is over when no
    colour can move, and then :attr:`turn` is None.
    """

    _copied_lists = (*BaseBoard._copied_lists, "_own_edges", "_attach", "_stack")

    def __init__(
        self,
        variant: str | Variant = "classic",
        *,
        colorless_corners: bool = False,
        scoring: str = "points",
    ):
        self.variant = variant if isinstance(variant, Variant) else find_variant(variant)
        if scoring not in SCORING_MODES:
            raise ValueError(
                _("unknown scoring {scoring}; known: {known}").format(
                    scoring=repr(scoring), known=", ".join(SCORING_MODES)
                )
            )
        if colorless_corners and self.variant.size != 20:
            raise ValueError(_("colourless start corners exist only in the Classic variants"))
        self.colorless_corners = colorless_corners
        self.scoring = scoring
        self.colors = self.variant.colors
        self.color_names = self.variant.color_names
        self.geometry, start_masks, self._second_copies = _starting_point(
            self.variant.name, colorless_corners
        )
        n = len(self.colors)
        self._occupied = 0
        self._own = [0] * n
        self._own_edges = [0] * n
        # Per colour, its attach squares and maybe squares other colours covered since (see
        # ``placed``): move generation needs only the free ones, and so skips the update.
        self._attach = list(start_masks)
        self._used = [0] * n
        self._finished = 0  # bit per colour that can no longer move
        self._turn: Color | None = None
        self._legal: list[int] | None = None
        # The colour that moved last while the next turn is not settled yet: settling it needs
        # move generation, so push() leaves it to the first question about the turn. At the
        # start the first colour moves, as if after the last.
        self._unsettled_after: Color | None = n - 1
        #: The colour the first move comes after, in turn order.
        self._first_after: Color = n - 1
        self._stack: list[UndoState] = []
        self._history: list[tuple[Color, int]] = []  # (colour, move code)
        #: Pieces put on the board before the first move (see :meth:`from_setup`), per colour.
        self.setup: dict[Color, tuple[Move, ...]] = {}
        #: The colour given to move first in the setup position, or None if it was not given.
        self.setup_turn: Color | None = None

    # --- setup -----------------------------------------------------------------------------

    @classmethod
    def from_setup(
        cls,
        variant: str | Variant,
        pieces: Mapping[Color, Sequence[Move]],
        turn: Color | None = None,
        **options,
    ) -> Board:
        """A position with ``pieces`` already on the board (SGF setup): each placement must be a
        piece shape, on the board, not overlapping and not repeating a piece of its colour, but
        the corner rules do not apply. ``turn`` defaults to the first colour that can move."""
        board = cls(variant, **options)
        geo = board.geometry
        for color, moves in pieces.items():
            if color not in board.variant.colors:
                raise ValueError(f"no colour {color} in {board.variant.name}")
            for move in moves:
                reason = board._shape_reason(move, color)
                if reason is not None:
                    raise IllegalMoveError(move, reason, geo.grid.triangles)
                mask = geo.mask_of(move.squares)
                if mask & board._occupied:
                    raise IllegalMoveError(move, IllegalReason.OVERLAP, geo.grid.triangles)
                code = geo.code_of(mask, board._held_back(color))
                own, edges, attach = board._own, board._own_edges, board._attach
                board._occupied, own[color], edges[color], attach[color] = placed(
                    geo, code, board._occupied, own[color], edges[color], attach[color]
                )
                board._used[color] |= geo.piece_bit[code // geo.bits]
        board.setup = {color: tuple(moves) for color, moves in pieces.items() if moves}
        board.setup_turn = turn
        n = len(board.variant.colors)
        board._unsettled_after = board._first_after = (n - 1) if turn is None else (turn - 1) % n
        return board

    # --- queries ---------------------------------------------------------------------------

    @property
    def turn(self) -> Color | None:
        """The colour to move, or None when the game is over."""
        if self._unsettled_after is not None:
            self._advance_turn(self._unsettled_after)
        return self._turn

    @turn.setter
    def turn(self, color: Color) -> None:
        """Give the move to ``color`` (GTP lets any colour move at any time); if it cannot move,
        to the next colour after it that can. :meth:`pop` undoes this with the move before."""
        self._advance_turn((color - 1) % len(self._own))

    @property
    def player_to_move(self) -> int | None:
        """The player who makes the next move, or None when the game is over."""
        turn = self.turn
        if turn is None:
            return None
        return self.variant.player_of_color(turn, self.pieces_played(turn))

    def legal_codes(self, color: Color | None = None) -> list[int]:
        """Move codes (see :mod:`game.geometry`) of the legal moves of ``color`` (default: the
        colour to move), in code order."""
        legal = self._legal
        if legal is not None and color is None and self._unsettled_after is None:
            return legal  # the colour to move's, made when its turn was settled
        turn = self.turn
        if color is None or color == turn:
            if turn is None:
                return self.geometry.placements(0, 0)
            if self._legal is None:
                self._legal = self._generate(turn)
            return self._legal
        return self._generate(color)

    def can_move(self, color: Color) -> bool:
        """Whether ``color`` has a legal move now."""
        return not self._finished >> color & 1 and bool(self._generate(color))

    @property
    def finished(self) -> frozenset[Color]:
        """The colours that can no longer move (placed everything or are blocked)."""
        self._settle_turn()
        return frozenset(c for c in self.variant.colors if self._finished >> c & 1)

    @property
    def passed(self) -> frozenset[Color]:
        """The colours that were passed: skipped with pieces left while the game went on. A
        colour that placed all its pieces did not pass, nor did one blocked only by the game's
        last move."""
        count = len(self._own)
        movers = [color for color, _ in self._history]
        if self.turn is not None:
            movers.append(self.turn)
        skipped = set()
        previous = self._first_after
        for color in movers:
            between = (previous + 1) % count
            while between != color:
                skipped.add(between)
                between = (between + 1) % count
            previous = color
        everything = (1 << len(self.geometry.pieces)) - 1
        return frozenset(c for c in skipped if self._used[c] != everything)

    def pieces_played(self, color: Color) -> int:
        """How many pieces of ``color`` are on the board."""
        return self._used[color].bit_count()

    def attach_squares(self, color: Color) -> list[Square]:
        """Free squares where ``color``'s next piece can touch its own corners (before its first
        piece, its start squares)."""
        return sorted(self.geometry.squares_of(self.attach_mask(color)))

    def forbidden_mask(self, color: Color) -> Mask:
        """Bitboard of the squares ``color`` may not cover: taken, or edge-adjacent to its own."""
        return self._occupied | self._own_edges[color]

    def attach_mask(self, color: Color) -> Mask:
        """Bitboard of :meth:`attach_squares`."""
        return self._attach[color] & ~self._occupied

    # --- legality --------------------------------------------------------------------------

    def illegal_reason(self, move: Move, color: Color | None = None) -> IllegalReason | None:
        """Why ``move`` by ``color`` (default: the colour to move) is illegal, or None if legal."""
        if color is None:
            color = self.turn
            if color is None:
                return IllegalReason.GAME_OVER
        reason = self._shape_reason(move, color)
        if reason is not None:
            return reason
        mask = self.geometry.mask_of(move.squares)
        if mask & self._occupied:
            return IllegalReason.OVERLAP
        if mask & self._own_edges[color]:
            return IllegalReason.EDGE
        if not mask & self._attach[color]:
            if self._own[color]:
                return IllegalReason.NO_CORNER
            if self.variant.shared_starts:
                return IllegalReason.START_POINT
            return IllegalReason.FREE_CORNER if self.colorless_corners else IllegalReason.START
        return None

    def _shape_reason(self, move: Move, color: Color) -> IllegalReason | None:
        geo = self.geometry
        if not all(geo.contains(sq) for sq in move.squares):
            return IllegalReason.OFF_BOARD
        mask = geo.mask_of(move.squares)
        if geo.code_of(mask) is None:
            return IllegalReason.NOT_A_PIECE
        if geo.code_of(mask, self._held_back(color)) is None:
            return IllegalReason.PIECE_USED
        return None

    # --- making moves ----------------------------------------------------------------------

    def push(self, move: Move, color: Color | None = None) -> None:
        """Play ``move`` for ``color`` (default: the colour to move; another colour may play out
        of turn, as GTP's ``play`` allows). Then the turn passes to the next colour after it that
        can move. Raises :class:`IllegalMoveError` and changes nothing if the move is illegal."""
        if color is None:
            color = self.turn
        reason = self.illegal_reason(move, color)
        if reason is not None:
            raise IllegalMoveError(move, reason, self.geometry.grid.triangles)
        mask = self.geometry.mask_of(move.squares)
        self.push_code(self.geometry.code_of(mask, self._held_back(color)), color)

    def push_code(self, code: int, color: Color | None = None) -> None:
        """Play the placement with move code ``code`` without checking that it is legal."""
        if color is None:
            color = self.turn
        geo = self.geometry
        self._stack.append(
            (
                self._occupied,
                self._own[color],
                self._own_edges[color],
                self._attach[color],
                self._used[color],
                self._finished,
                self._turn,
                self._legal,
                self._unsettled_after,
            )
        )
        self._history.append((color, code))
        own, edges, attach = self._own, self._own_edges, self._attach
        self._occupied, own[color], edges[color], attach[color] = placed(
            geo, code, self._occupied, own[color], edges[color], attach[color]
        )
        self._used[color] |= geo.piece_bit[code // geo.bits]
        self._legal = None
        self._unsettled_after = color

    def pop(self) -> Move:
        """Take back the last move and return it."""
        color, code = self._history.pop()
        (
            self._occupied,
            self._own[color],
            self._own_edges[color],
            self._attach[color],
            self._used[color],
            self._finished,
            self._turn,
            self._legal,
            self._unsettled_after,
        ) = self._stack.pop()
        return self.move_from_code(code)

    def _settle_turn(self) -> None:
        if self._unsettled_after is not None:
            self._advance_turn(self._unsettled_after)

    def _advance_turn(self, after: Color) -> None:
        """Give the turn to the first colour after ``after`` that can move, or end the game."""
        self._unsettled_after = None
        found = next_mover(
            after, len(self._own), self._generate, self._finished, self._finish_if_stuck
        )
        self._turn, self._legal = found or (None, None)

    def _finish_if_stuck(self, color: Color) -> None:
        """Mark ``color``, which has no move now, finished if it never will (the board only
        fills up)."""
        held_back = self._held_back(color)
        # A rule holding pieces back (largest first) may let them go later.
        if self.unavailable_pieces_mask(color) == held_back or not self._generate(color, held_back):
            self._finished |= 1 << color

    def unavailable_pieces_mask(self, color: Color) -> int:
        """Bit ``piece.index`` is set for every piece ``color`` may not play now: the pieces it
        has placed, and second copies whose first is not placed. Variants with more rules about
        pieces (the puzzles) add theirs here."""
        return self._held_back(color)

    def _held_back(self, color: Color) -> int:
        """``color``'s placed pieces and its second copies whose first copy is not placed."""
        return held_back(self._used[color], self._second_copies)

    def _generate(self, color: Color, unavailable: int | None = None) -> list[int]:
        """``color``'s placements without the pieces of ``unavailable`` (default: those
        :meth:`unavailable_pieces_mask` holds back)."""
        if unavailable is None:
            unavailable = self.unavailable_pieces_mask(color)
        free = self.geometry.full & ~(self._occupied | self._own_edges[color])
        return self.geometry.placements(free, self._attach[color], unavailable)

    # --- scoring ---------------------------------------------------------------------------

    def score(self, color: Color, scoring: str | None = None) -> int:
        """The score of ``color`` in ``scoring`` mode (default: the board's)."""
        scoring = scoring or self.scoring
        left = sum(p.size for p in self.pieces_left(color))
        if scoring == "basic":
            return left
        bonus = 0
        if not left and self.variant.all_placed_bonus:
            bonus = ALL_PLACED_BONUS
            # Setup pieces are not in the history: only a pushed monomino earns the bonus.
            last = next((code for c, code in reversed(self._history) if c == color), None)
            if last is not None and self.geometry.placement_piece(last).size == 1:
                bonus += MONOMINO_LAST_BONUS
        if scoring == "points":
            return self._own[color].bit_count() + bonus
        if scoring == "advanced":
            return -left + bonus
        raise ValueError(f"unknown scoring {scoring!r}")

    def scores(self, scoring: str | None = None) -> list[int]:
        """The score of every colour, in play order."""
        return [self.score(c, scoring) for c in self.variant.colors]

    def player_scores(self, scoring: str | None = None) -> list[int]:
        """Every player's score: the sum of the colours the player owns (a shared colour's
        points count for nobody)."""
        return self._by_player(self.scores(scoring))

    def _by_player(self, color_scores: list[int]) -> list[int]:
        """Each player's sum of ``color_scores`` over the colours the player owns."""
        return [sum(color_scores[c] for c in colors) for colors in self.variant.player_colors]

    def result(self, scoring: str | None = None) -> Outcome:
        """Scores, winners and ranking of the players. In ``basic`` scoring fewest wins."""
        scoring = scoring or self.scoring
        color_scores = self.scores(scoring)
        players = self._by_player(color_scores)
        sign = -1 if scoring == "basic" else 1
        best = max(sign * s for s in players)
        ranking = tuple(1 + sum(sign * other > sign * s for other in players) for s in players)
        return Outcome(
            color_scores=tuple(color_scores),
            player_scores=tuple(players),
            winners=tuple(p for p, s in enumerate(players) if sign * s == best),
            ranking=ranking,
            game_over=self.is_game_over(),
        )

    # --- copying and printing --------------------------------------------------------------

    def __str__(self) -> str:
        """The board as Pentobi's ``showboard`` draws it: top row first, ``X O # @`` for the
        colours, ``+`` on empty start squares, and beside the board each colour's points (``!``
        once it cannot move, ``(n)`` before the colour to make move n) and pieces left. (On
        Trigon's board a character is a triangle, and the hexagon's cut corners are blank.)"""
        geo = self.geometry
        starts = {*self.variant.start_squares, *self.variant.shared_starts}
        info = {}
        for color, name in enumerate(self.variant.color_names):
            to_play = f"({len(self._history) + 1}) " if color == self.turn else ""
            blocked = "" if self.can_move(color) else "!"
            left = sorted(p.name for p in self.pieces_left(color))
            info[4 * color] = f"{to_play}{name.capitalize()}({'XO#@'[color]}): "
            info[4 * color] += f"{self.score(color)}{blocked}"
            info[4 * color + 1] = " ".join(left[:10])
            info[4 * color + 2] = " ".join(left[10:])
        lines = []
        for row in range(geo.height):
            y = geo.height - 1 - row
            cells = []
            for x in range(geo.width):
                sq = square(x, y)
                color = self.color_at(sq)
                if not geo.contains(sq):
                    cells.append(" ")
                else:
                    cells.append(".+"[sq in starts] if color is None else "XO#@"[color])
            line = f"{y + 1:2} {' '.join(cells)}"
            lines.append(f"{line}  {info[row]}" if info.get(row) else line)
        lines.append("   " + " ".join(name.upper() for name in FILE_NAMES[: geo.width]))
        return "\n".join(lines)

    def __repr__(self) -> str:
        turn = "over" if self.turn is None else self.variant.color_names[self.turn]
        options = ", colorless_corners=True" if self.colorless_corners else ""
        if self.scoring != "points":
            options += f", scoring={self.scoring!r}"
        return f"<Board {self.variant.name!r}{options}: {len(self._history)} moves, turn {turn}>"

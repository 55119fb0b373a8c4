"""A game in a link: the page's URL fragment (``#game=...``), which never reaches a server.

The fragment holds a :class:`~game.record.GameRecord` -- variant, options, seats, setup and
moves, each move as its move code (:mod:`game.geometry`) -- packed into bits and written in
base64url. A complete Classic game takes about 200 characters (240 if every piece is
placed), a complete Duo game about 95, Junior about 100, Trigon about 200.

Layout (version 1), most significant bit first: version (8 bits); variant (3: index in
:data:`LINK_VARIANTS`); colourless corners (1); scoring (2: index in
:data:`game.board.SCORING_MODES`); a seat per colour (1); moves carry their colour (1, only when
some move was played out of turn); setup (1); each seat (4: 0 human, else the computer level);
with a setup, the colour to move first (3, 7 if not given), the number of setup pieces (7) and
each as colour (2) and move code; the number of moves (7) and each move as (colour, 2 bits, if
they carry it) and move code; zero bits to a whole byte; then the first 3 bytes of the CRC-32 of
all that, so that a link cut short or changed is refused rather than read as another game. A
move code takes as many bits as the largest code of the board needs (16 in Classic, 15 in Duo).

>>> from game import Board, Move
>>> from game.record import HUMAN, GameRecord
>>> board = Board("duo")
>>> board.push(Move.parse("e10,f10"))
>>> fragment = to_fragment(GameRecord(board, seats=(HUMAN, 4)))
>>> fragment
'game=AWACAQPI9vW-'
>>> from_fragment("#" + fragment).board.move_stack
[(0, Move.parse('e10,f10'))]
>>> from_fragment(fragment[:-2])
Traceback (most recent call last):
  ...
game.link.LinkError: the link is damaged (cut short or changed): its check does not match
"""

from __future__ import annotations

import base64
import zlib

from .board import SCORING_MODES, Board, IllegalMoveError
from .boundary import InputError, bounded_text, decode_base64url
from .i18n import N_, _
from .levels import LEVEL_NAMES
from .record import HUMAN, GameRecord, seat_count

LINK_VERSION = 1
PREFIX = "game="
#: Variants by their number in a link (fixed: links must keep their meaning).
LINK_VARIANTS = (
    "classic",
    "classic_2",
    "classic_3",
    "duo",
    "junior",
    "trigon",
    "trigon_2",
    "trigon_3",
)
#: Longest fragment read; a game with every piece in setup and in moves stays under 700.
MAX_LINK_CHARS = 1024
CHECK_BYTES = 3
NO_TURN = 7
SEAT_BITS = 4
COUNT_BITS = 7


class LinkError(InputError):
    """A fragment that is not a game link this page can open; the message says why."""


class _BitWriter:
    def __init__(self):
        self.value = 0
        self.bits = 0

    def write(self, value: int, bits: int) -> None:
        if not 0 <= value < 1 << bits:
            raise ValueError(f"{value} does not fit in {bits} bits")
        self.value = self.value << bits | value
        self.bits += bits

    def to_bytes(self) -> bytes:
        pad = -self.bits % 8
        return (self.value << pad).to_bytes((self.bits + pad) // 8, "big")


class _BitReader:
    def __init__(self, data: bytes):
        self.value = int.from_bytes(data, "big")
        self.left = 8 * len(data)

    def read(self, bits: int) -> int:
        if bits > self.left:
            raise LinkError(_("the link is damaged: it ends in the middle of the game"))
        self.left -= bits
        return self.value >> self.left & ((1 << bits) - 1)


def _code_bits(board: Board) -> int:
    geo = board.geometry
    return (len(geo.orientations) * geo.bits - 1).bit_length()


def _code(board: Board, move) -> int:
    geo = board.geometry
    return geo.code_of(geo.mask_of(move.squares))


def to_fragment(record: GameRecord) -> str:
    """The URL fragment (without ``#``) holding ``record``'s game (its headers are left out)."""
    board = record.board
    code_bits = _code_bits(board)
    # Replay to see whether every move was made by the colour whose turn it was.
    replay = _setup_board(board)
    in_turn = True
    for color, move in board.move_stack:
        in_turn = in_turn and replay.turn == color
        replay.push(move, color)
    out = _BitWriter()
    out.write(LINK_VERSION, 8)
    out.write(LINK_VARIANTS.index(board.variant.name), 3)
    out.write(board.colorless_corners, 1)
    out.write(SCORING_MODES.index(board.scoring), 2)
    out.write(record.seat_per_color, 1)
    out.write(not in_turn, 1)
    out.write(bool(board.setup), 1)
    for seat in record.seats:
        out.write(seat, SEAT_BITS)
    if board.setup:
        out.write(NO_TURN if board.setup_turn is None else board.setup_turn, 3)
        pieces = [(c, m) for c, moves in board.setup.items() for m in moves]
        out.write(len(pieces), COUNT_BITS)
        for color, move in pieces:
            out.write(color, 2)
            out.write(_code(board, move), code_bits)
    out.write(board.ply(), COUNT_BITS)
    for color, move in board.move_stack:
        if not in_turn:
            out.write(color, 2)
        out.write(_code(board, move), code_bits)
    data = out.to_bytes()
    check = zlib.crc32(data).to_bytes(4, "big")[:CHECK_BYTES]
    return PREFIX + base64.urlsafe_b64encode(data + check).decode("ascii").rstrip("=")


def is_game_fragment(fragment: str) -> bool:
    """Whether a URL fragment (with or without ``#``) claims to hold a game."""
    return fragment.removeprefix("#").startswith(PREFIX)


def from_fragment(fragment: str) -> GameRecord:
    """The game of a fragment made by :func:`to_fragment`, at its last position.

    Raises :class:`LinkError` with a message for anything else: not a game link, too long,
    damaged (cut short or changed), a newer version, or a move that is not legal.
    """
    try:
        text = bounded_text(fragment, N_("the link"), MAX_LINK_CHARS).removeprefix("#")
        if not text.startswith(PREFIX):
            raise LinkError(_("the link does not hold a game"))
        payload = text[len(PREFIX) :]
        raw = decode_base64url(payload, N_("the link"), MAX_LINK_CHARS)
    except InputError as error:  # the boundary's checks, as this module's error
        raise LinkError(str(error)) from None
    data, check = raw[:-CHECK_BYTES], raw[-CHECK_BYTES:]
    # Encoding again also catches a change in the unused low bits of the last character.
    canonical = base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") == payload
    if not canonical or not data or zlib.crc32(data).to_bytes(4, "big")[:CHECK_BYTES] != check:
        raise LinkError(_("the link is damaged (cut short or changed): its check does not match"))
    return _decode(_BitReader(data))


def _decode(bits: _BitReader) -> GameRecord:
    version = bits.read(8)
    if version != LINK_VERSION:
        raise LinkError(
            _(
                "the link is of version {version}; this page reads version {ours} "
                "(it may come from a newer pyblokus)"
            ).format(version=version, ours=LINK_VERSION)
        )
    variant_index, colorless, scoring_index = bits.read(3), bits.read(1), bits.read(2)
    per_color, with_colors, with_setup = bits.read(1), bits.read(1), bits.read(1)
    if variant_index >= len(LINK_VARIANTS) or scoring_index >= len(SCORING_MODES):
        raise LinkError(_("the link names a game variant or scoring this page does not know"))
    options = {"colorless_corners": bool(colorless), "scoring": SCORING_MODES[scoring_index]}
    try:
        board = Board(LINK_VARIANTS[variant_index], **options)
    except ValueError as error:
        raise LinkError(
            _("the link's options do not fit together: {error}").format(error=error)
        ) from None
    seats = tuple(bits.read(SEAT_BITS) for _ in range(seat_count(board, bool(per_color))))
    code_bits = _code_bits(board)
    if with_setup:
        turn = bits.read(3)
        pieces: dict[int, list] = {}
        for _setup in range(bits.read(COUNT_BITS)):
            color = bits.read(2)
            pieces.setdefault(color, []).append(_move(board, bits.read(code_bits)))
        try:
            board = Board.from_setup(
                board.variant, pieces, turn=None if turn == NO_TURN else turn, **options
            )
        except ValueError as error:
            raise LinkError(
                _("the link's setup is not a position: {error}").format(error=error)
            ) from None
    for number in range(1, bits.read(COUNT_BITS) + 1):
        color = bits.read(2) if with_colors else board.turn
        move = _move(board, bits.read(code_bits))
        if color is None:
            raise LinkError(
                _("move {number} comes after the end of the game").format(number=number)
            )
        try:
            board.push(move, color)
        except IllegalMoveError as error:
            raise LinkError(
                _("move {number} of the link is not legal: {error}").format(
                    number=number, error=error
                )
            ) from None
    if bits.left >= 8 or bits.read(bits.left):
        raise LinkError(_("the link is damaged: there is more after the last move"))
    for seat in seats:
        if seat != HUMAN and seat not in LEVEL_NAMES:
            raise LinkError(
                _("the link names computer level {level}, which this page lacks").format(level=seat)
            )
    try:
        return GameRecord(board, seats, seat_per_color=bool(per_color))
    except ValueError as error:
        raise LinkError(
            _("the link's seats do not fit its game: {error}").format(error=error)
        ) from None


def _move(board: Board, code: int):
    """The move with ``code`` on ``board``'s geometry; LinkError if no placement has it."""
    geo = board.geometry
    if code >= len(geo.orientations) * geo.bits or geo.placement_mask(code) & ~geo.full:
        raise LinkError(_("the link is damaged: it holds a piece that is off the board"))
    return geo.move(code)


def _setup_board(board: Board) -> Board:
    """A copy of ``board`` with its moves taken back (its setup position)."""
    replay = board.copy()
    while replay.ply():
        replay.pop()
    return replay

"""Games in links: every variant and option survives the round trip, a link cut short or changed
anywhere is refused with a LinkError, and links stay short."""

import base64
import random
import zlib
from pathlib import Path

import pytest

from game import Board, Move
from game.levels import LEVEL_NAMES, LEVELS
from game.link import MAX_LINK_CHARS, LinkError, from_fragment, is_game_fragment, to_fragment
from game.record import HUMAN, GameRecord
from game.sgf import read_sgf

DATA = Path(__file__).parent / "data"


def random_game(variant: str, seed: int, max_moves: int = 200, **options) -> Board:
    rng = random.Random(seed)
    board = Board(variant, **options)
    while board.turn is not None and board.ply() < max_moves:
        board.push_code(rng.choice(board.legal_codes()))
    return board


def same_game(a: GameRecord, b: GameRecord) -> bool:
    return (
        a.board.move_stack == b.board.move_stack
        and a.board.setup == b.board.setup
        and a.board.setup_turn == b.board.setup_turn
        and a.board.variant == b.board.variant
        and a.board.colorless_corners == b.board.colorless_corners
        and a.board.scoring == b.board.scoring
        and a.seats == b.seats
        and a.seat_per_color == b.seat_per_color
    )


@pytest.mark.parametrize(
    "variant, options, seats, per_color",
    [
        ("classic", {}, (HUMAN, 1, 2, 3), False),
        ("classic", {"colorless_corners": True, "scoring": "advanced"}, (4, 4, 4, 4), False),
        ("classic_2", {"scoring": "basic"}, (HUMAN, 4), False),
        ("classic_2", {}, (HUMAN, 2, HUMAN, 3), True),
        ("classic_3", {}, (HUMAN, HUMAN, 4), False),
        ("duo", {}, (HUMAN, 4), False),
    ],
)
def test_round_trip_of_whole_games(variant, options, seats, per_color):
    for seed in range(3):
        record = GameRecord(random_game(variant, seed, **options), seats, per_color)
        fragment = to_fragment(record)
        assert is_game_fragment("#" + fragment)
        back = from_fragment("#" + fragment)
        assert same_game(record, back)
        assert back.board.is_game_over()


def test_round_trip_of_games_cut_anywhere():
    for ply in (0, 1, 5, 17):
        record = GameRecord(random_game("duo", ply, max_moves=ply), (HUMAN, HUMAN))
        assert same_game(record, from_fragment(to_fragment(record)))


@pytest.mark.parametrize("name", ["classic_setup.blksgf", "duo_setup.blksgf"])
def test_setup_positions_survive(name):
    board = read_sgf((DATA / name).read_text())
    record = GameRecord(board, (HUMAN,) * board.variant.num_players)
    back = from_fragment(to_fragment(record))
    assert same_game(record, back)
    assert back.board.turn == board.turn


def test_moves_out_of_turn_keep_their_colour():
    board = Board("classic")
    board.push(Move.parse("a1"), 3)  # Green first, as Pentobi and GTP allow
    board.push(Move.parse("a20,b20"), 0)
    back = from_fragment(to_fragment(GameRecord(board, (HUMAN,) * 4)))
    assert back.board.move_stack == [(3, Move.parse("a1")), (0, Move.parse("a20,b20"))]


def test_complete_games_make_short_links():
    classic = to_fragment(GameRecord(random_game("classic", 1), (HUMAN,) * 4))
    duo = to_fragment(GameRecord(random_game("duo", 1), (HUMAN, 4)))
    assert len(classic) < 300 and len(duo) < 150


def test_every_cut_and_every_changed_character_is_refused():
    fragment = to_fragment(GameRecord(random_game("duo", 7, max_moves=20), (HUMAN, 4)))
    start = len("game=")
    for end in range(start, len(fragment)):
        with pytest.raises(LinkError):
            from_fragment(fragment[:end])
    alphabet = "AQgw_-z9"
    for i in range(start, len(fragment)):
        for c in alphabet:
            if c != fragment[i]:
                with pytest.raises(LinkError):
                    from_fragment(fragment[:i] + c + fragment[i + 1 :])


def signed(data: bytes) -> str:
    """A fragment of ``data`` with a valid check, as a tamperer who read the format makes it."""
    check = zlib.crc32(data).to_bytes(4, "big")[:3]
    return "game=" + base64.urlsafe_b64encode(data + check).decode().rstrip("=")


def payload(fragment: str) -> bytes:
    text = fragment.removeprefix("game=")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))[:-3]


@pytest.mark.parametrize(
    "fragment, message",
    [
        ("", "does not hold a game"),
        ("board=AAAA", "does not hold a game"),
        ("game=" + "A" * MAX_LINK_CHARS, "too long"),
        ("game=AB$C", "not base64url"),
        ("game=ABCDE", "length is not that of base64url"),
        ("game=", "check does not match"),
    ],
)
def test_what_is_not_a_game_link_gets_a_message(fragment, message):
    with pytest.raises(LinkError, match=message):
        from_fragment(fragment)


def test_a_well_signed_link_is_still_checked_move_by_move():
    board = Board("duo")
    board.push(Move.parse("e10,f10"))
    board.push(Move.parse("j5"))
    data = bytearray(payload(to_fragment(GameRecord(board, (HUMAN, 4)))))
    # Version 2 does not exist yet.
    with pytest.raises(LinkError, match="version 2"):
        from_fragment(signed(bytes([2]) + data[1:]))
    # The second move's code replaced by the first's: a square already taken.
    bits = int.from_bytes(data, "big")
    total = 8 * len(data)
    pad = total - (8 + 9 + 8 + 7 + 2 * 15)
    first = bits >> (pad + 15) & 0x7FFF
    changed = (bits & ~(0x7FFF << pad)) | first << pad
    with pytest.raises(LinkError, match="move 2 of the link is not legal"):
        from_fragment(signed(changed.to_bytes(len(data), "big")))
    # The computer seat's level set to a number of 4 bits that no level is.
    seat_shift = total - (8 + 9 + 8)
    for level in (n for n in range(1, 16) if n not in LEVEL_NAMES):
        changed = (bits & ~(0xF << seat_shift)) | level << seat_shift
        with pytest.raises(LinkError, match=f"computer level {level}"):
            from_fragment(signed(changed.to_bytes(len(data), "big")))
    # Colourless corners asked for in Duo.
    changed = bits | 1 << (total - 12)
    with pytest.raises(LinkError, match="options"):
        from_fragment(signed(changed.to_bytes(len(data), "big")))


def test_every_level_keeps_its_number_in_a_link():
    board = Board("duo")
    board.push(Move.parse("e10,f10"))
    for level in LEVELS:
        assert from_fragment(to_fragment(GameRecord(board, (level, HUMAN)))).seats == (level, HUMAN)


@pytest.mark.parametrize("variant", ["junior", "trigon", "trigon_2", "trigon_3"])
def test_junior_and_trigon_games_round_trip_in_a_link(variant):
    board = Board(variant)
    chooser = random.Random(5)
    while board.turn is not None:
        board.push(chooser.choice(list(board.legal_moves)))
    seats = (HUMAN,) * board.variant.num_players
    fragment = to_fragment(GameRecord(board, seats=seats))
    assert len(fragment) < 260
    back = from_fragment(fragment)
    assert back.board.variant.name == variant
    assert back.board.move_stack == board.move_stack
    assert back.board.result() == board.result()

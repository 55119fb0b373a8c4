"""Game records as files: a game saved as .blksgf opens again with the same moves and seats in
every variant; Pentobi's records open with their names kept; bad files get an SgfError."""

import random
from pathlib import Path

import pytest

from game import Board
from game.levels import LEVEL_NAMES, LEVELS
from game.record import HUMAN, GameRecord, from_blksgf, to_blksgf
from game.sgf import SgfError, read_sgf, read_sgf_headers

DATA = Path(__file__).parent / "data"


def random_game(variant: str, seed: int, **options) -> Board:
    rng = random.Random(seed)
    board = Board(variant, **options)
    while board.turn is not None:
        board.push_code(rng.choice(board.legal_codes()))
    return board


@pytest.mark.parametrize(
    "variant, options, seats, per_color",
    [
        ("classic", {"colorless_corners": True}, (HUMAN, 1, 2, 3), False),
        ("classic_2", {"scoring": "advanced"}, (4, HUMAN), False),
        ("classic_2", {}, (HUMAN, 2, 3, HUMAN), True),
        ("classic_3", {}, (HUMAN, 4, HUMAN), False),
        ("duo", {"scoring": "basic"}, (HUMAN, 4), False),
    ],
)
def test_a_saved_game_opens_with_the_same_moves_and_seats(variant, options, seats, per_color):
    board = random_game(variant, 3, **options)
    text = to_blksgf(GameRecord(board, seats, per_color))
    record = from_blksgf(text)
    assert record.board.move_stack == board.move_stack
    assert (record.seats, record.seat_per_color) == (seats, per_color)
    assert record.board.colorless_corners == board.colorless_corners
    assert record.board.scoring == board.scoring
    assert read_sgf(text).move_stack == board.move_stack  # plain SGF, as Pentobi reads it


def test_a_pentobi_record_opens_with_its_names_kept():
    text = (DATA / "duo_variations.blksgf").read_text()
    record = from_blksgf(text)
    assert record.seats == (HUMAN, HUMAN)
    assert record.board.move_stack == read_sgf(text).move_stack
    again = read_sgf_headers(to_blksgf(record))
    assert again["PB"] == "Purple player" and again["PW"] == "Orange player"
    assert again["DT"] == "2026-11-20" and "Only the main line counts" in again["C"]


def test_a_seat_that_changed_hands_is_renamed():
    record = from_blksgf((DATA / "duo_variations.blksgf").read_text())
    changed = GameRecord(record.board, (4, HUMAN), headers=record.headers)
    headers = read_sgf_headers(to_blksgf(changed))
    assert headers["PB"] == "Computer (Expert)" and headers["PW"] == "Orange player"
    back = GameRecord(record.board, (HUMAN, HUMAN), headers=headers)
    assert from_blksgf(to_blksgf(back)).seats == (HUMAN, HUMAN)


def test_setup_records_open_at_their_last_position():
    record = from_blksgf((DATA / "classic_setup.blksgf").read_text())
    assert record.board.setup and record.board.ply() == 3
    assert from_blksgf(to_blksgf(record)).board.setup == record.board.setup


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty"),
        ("(;GM[Chess])", "unsupported game"),
        ("(;GM[Blokus Duo];B[e10];W[e10])", "already taken"),
    ],
)
def test_a_bad_file_gets_a_message(text, message):
    with pytest.raises(SgfError, match=message):
        from_blksgf(text)


def test_seats_must_fit_the_game():
    with pytest.raises(ValueError, match="2 seats"):
        GameRecord(Board("duo"), (HUMAN,))
    with pytest.raises(ValueError, match="level"):
        GameRecord(Board("duo"), (HUMAN, max(LEVEL_NAMES) + 1))
    with pytest.raises(ValueError, match="two-team game"):
        GameRecord(Board("classic"), (HUMAN,) * 4, seat_per_color=True)


def test_the_first_levels_keep_their_numbers_and_names_for_old_records_saves_and_links():
    # Saves and links keep a level's number, records its name: the ladder grew between them.
    old = {1: "Beginner", 2: "Casual", 3: "Strong", 4: "Expert", 5: "Master"}
    assert {n: LEVEL_NAMES[n] for n in old} == old
    assert len(set(LEVEL_NAMES.values())) == len(LEVEL_NAMES) == len(LEVELS)
    text = "(;GM[Blokus Duo]PB[Human]PW[Computer (Expert)];B[e10,f10])"
    assert from_blksgf(text).seats == (HUMAN, 4)

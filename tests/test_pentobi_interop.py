"""Pentobi itself reads our game records: its thumbnailer draws the position of a record we
wrote, and every square it draws has the colour our engine has there.

Needs Debian's ``pentobi`` package (``apt-get install -y pentobi``), which ships
``pentobi-thumbnailer``; ``.ci/run`` installs it.
"""

import os
import random
import shutil
import subprocess

import pytest
from PIL import Image

from game import Board, square
from game.ai import choose_move
from game.record import HUMAN, GameRecord, to_blksgf
from game.sgf import read_sgf, write_sgf

THUMBNAILER = shutil.which("pentobi-thumbnailer") or "/usr/games/pentobi-thumbnailer"
SIZE = 40  # pixels per square in the rendered image

# The hue each of our colour names must have in Pentobi's picture: the strongest RGB channels.
EXPECTED_CHANNELS = {
    "blue": {"b"},
    "yellow": {"r", "g"},
    "red": {"r"},
    "green": {"g"},
    "purple": {"r", "b"},
    "orange": {"r"},
}


@pytest.fixture(scope="module")
def thumbnailer():
    if not os.path.exists(THUMBNAILER):
        pytest.fail(
            "pentobi-thumbnailer is missing: install it with "
            "`apt-get update && apt-get install -y pentobi`"
        )
    return THUMBNAILER


def render(thumbnailer, tmp_path, record: str) -> Image.Image:
    source = tmp_path / "game.blksgf"
    source.write_text(record, encoding="utf-8")
    target = tmp_path / "game.png"
    board_size = read_sgf(record).variant.size
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run(
        [thumbnailer, "-s", str(SIZE * board_size), str(source), str(target)],
        env=env,
        check=True,
        capture_output=True,
        timeout=60,
    )
    return Image.open(target).convert("RGB")


def strongest_channels(rgb) -> set[str]:
    top = max(rgb)
    return {name for name, value in zip("rgb", rgb, strict=True) if value > 0.7 * top}


def assert_pentobi_draws(board: Board, image: Image.Image) -> None:
    """Every square's pixel colour identifies exactly one of our colours (or empty)."""
    size = board.variant.size
    assert image.size == (SIZE * size, SIZE * size)
    label_of_pixel = {}
    pixel_of_label = {}
    for row in range(size):
        for x in range(size):
            pixel = image.getpixel((int((x + 0.5) * SIZE), int((row + 0.5) * SIZE)))
            color = board.color_at(square(x, size - 1 - row))
            label = "empty" if color is None else board.variant.color_names[color]
            where = f"square {chr(97 + x)}{size - row}"
            assert label_of_pixel.setdefault(pixel, label) == label, where
            assert pixel_of_label.setdefault(label, pixel) == pixel, where
    for label, pixel in pixel_of_label.items():
        if label != "empty":
            assert strongest_channels(pixel) == EXPECTED_CHANNELS[label], (label, pixel)


def ai_game(variant: str, seed: int, **options) -> Board:
    board = Board(variant, **options)
    rng = random.Random(seed)
    while board.turn is not None:
        board.push(choose_move(board, 1, seed=rng.randrange(2**32)))
    return board


@pytest.mark.parametrize("variant", ["classic", "classic_2", "classic_3", "duo"])
def test_pentobi_reads_our_finished_games(thumbnailer, tmp_path, variant):
    board = ai_game(variant, seed=3)
    image = render(thumbnailer, tmp_path, write_sgf(board))
    assert_pentobi_draws(board, image)


@pytest.mark.parametrize("variant", ["classic_2", "duo"])
def test_pentobi_reads_the_page_s_saved_game_files(thumbnailer, tmp_path, variant):
    """What Save game downloads: the record with the seats as player names."""
    board = ai_game(variant, seed=5)
    seats = (HUMAN, 4)
    image = render(thumbnailer, tmp_path, to_blksgf(GameRecord(board, seats)))
    assert_pentobi_draws(board, image)


def test_pentobi_reads_our_setup_positions(thumbnailer, tmp_path):
    played = ai_game("duo", seed=4)
    pieces = {}
    for color, move in played.move_stack[:12]:
        pieces.setdefault(color, []).append(move)
    board = Board.from_setup("duo", pieces, turn=1)
    image = render(thumbnailer, tmp_path, write_sgf(board))
    assert_pentobi_draws(board, image)

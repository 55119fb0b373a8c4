"""Pentobi itself reads our game records: its thumbnailer draws the position of a record we
wrote, and every square (or Trigon's triangle) it draws has the colour our engine has there.

Needs Debian's ``pentobi`` package (``apt-get install -y pentobi``), which ships
``pentobi-thumbnailer``; ``.ci/run`` installs it.
"""

import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from game import Board, square, square_name, square_xy
from game.ai import PLAYED_VARIANTS, choose_move
from game.record import HUMAN, GameRecord, to_blksgf
from game.sgf import read_sgf, write_sgf

DATA = Path(__file__).parent / "data"
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


def test_the_centres_found_on_pentobi_s_own_picture_of_its_record(thumbnailer, tmp_path):
    """The triangles' centres are where Pentobi draws them: its picture of a record it wrote
    shows the position we read from that record."""
    record = (DATA / "pentobi_trigon.blksgf").read_text(encoding="utf-8")
    assert_pentobi_draws(read_sgf(record), render(thumbnailer, tmp_path, record))


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
    grid = read_sgf(record).variant.grid
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run(
        [thumbnailer, "-s", str(SIZE * grid.width), str(source), str(target)],
        env=env,
        check=True,
        capture_output=True,
        timeout=60,
    )
    return Image.open(target).convert("RGB")


def strongest_channels(rgb) -> set[str]:
    top = max(rgb)
    return {name for name, value in zip("rgb", rgb, strict=True) if value > 0.7 * top}


def square_centres(board: Board, image: Image.Image):
    """(square, pixel position of its centre) for every square of a board of squares."""
    size = board.variant.size
    assert image.size == (SIZE * size, SIZE * size)
    for row in range(size):
        for x in range(size):
            yield square(x, size - 1 - row), (int((x + 0.5) * SIZE), int((row + 0.5) * SIZE))


def triangle_centres(board: Board, image: Image.Image):
    """(square, pixel position of its centre) for every triangle of Trigon's board: the
    hexagon spans the picture's width, centred, its rows of triangles of equal height."""
    background = image.getpixel((0, 0))
    drawn = [y for y in range(image.height) if image.getpixel((image.width // 2, y)) != background]
    top, rows = min(drawn), board.geometry.height
    row_height = (max(drawn) + 1 - top) / rows
    half_side = image.width / (board.geometry.width + 1)  # a triangle is two columns wide
    for sq in board.geometry.squares():
        x, y = square_xy(sq)
        row = rows - 1 - y
        # The centroid: two thirds down a triangle pointing up, one third down one pointing down.
        down = 2 / 3 if board.variant.grid.direction(x, y) == 0 else 1 / 3
        yield sq, (int((x + 1) * half_side), int(top + (row + down) * row_height))


def assert_pentobi_draws(board: Board, image: Image.Image) -> None:
    """Every square's pixel colour identifies exactly one of our colours (or empty)."""
    centres = triangle_centres if board.variant.triangles else square_centres
    label_of_pixel = {}
    pixel_of_label = {}
    for sq, position in centres(board, image):
        pixel = image.getpixel(position)
        color = board.color_at(sq)
        label = "empty" if color is None else board.variant.color_names[color]
        where = f"square {square_name(sq)}"
        assert label_of_pixel.setdefault(pixel, label) == label, where
        assert pixel_of_label.setdefault(label, pixel) == pixel, where
    for label, pixel in pixel_of_label.items():
        if label != "empty":
            assert strongest_channels(pixel) == EXPECTED_CHANNELS[label], (label, pixel)


def ai_game(variant: str, seed: int, **options) -> Board:
    """A finished game: the computer's moves, or random ones in a variant it does not play."""
    board = Board(variant, **options)
    rng = random.Random(seed)
    while board.turn is not None:
        if variant in PLAYED_VARIANTS:
            board.push(choose_move(board, 1, seed=rng.randrange(2**32)))
        else:
            board.push(rng.choice(list(board.legal_moves)))
    return board


@pytest.mark.parametrize(
    "variant",
    ["classic", "classic_2", "classic_3", "duo", "junior", "trigon", "trigon_2", "trigon_3"],
)
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


@pytest.mark.parametrize("variant", ["duo", "junior", "trigon_3"])
def test_pentobi_reads_our_setup_positions(thumbnailer, tmp_path, variant):
    played = ai_game(variant, seed=4)
    pieces = {}
    for color, move in played.move_stack[:12]:
        pieces.setdefault(color, []).append(move)
    board = Board.from_setup(variant, pieces, turn=1)
    image = render(thumbnailer, tmp_path, write_sgf(board))
    assert_pentobi_draws(board, image)

"""The move generators the build compiles ahead (game.geometry.PRECOMPILED): used when written
for this Python, ignored otherwise, and the same moves either way."""

import importlib
import marshal
import random

import pytest

from game.geometry import Geometry, precompile
from game.geometry import geometry as shared_geometry
from game.grids import SquareGrid

geometry_module = importlib.import_module("game.geometry")


@pytest.fixture
def precompiled(tmp_path, monkeypatch):
    """Points the game at a file in ``tmp_path``; returns what writes it (the game reads it once
    per process, as a page or worker starts: read again after each write)."""
    path = tmp_path / "placements.marshal"
    monkeypatch.setattr(geometry_module, "PRECOMPILED", path)

    def write(contents: bytes) -> None:
        path.write_bytes(contents)
        geometry_module._precompiled.cache_clear()

    yield write
    geometry_module._precompiled.cache_clear()


def some_positions(geo, count=20, seed=3):
    """(free, touching) masks of random positions of ``geo``."""
    rng = random.Random(seed)
    bits = [1 << geo.bit(sq) for sq in geo.squares()]
    for _ in range(count):
        free = sum(b for b in bits if rng.random() < 0.7)
        yield free, sum(b for b in bits if rng.random() < 0.2)


def test_the_precompiled_generators_give_the_same_moves(precompiled):
    fresh = Geometry(SquareGrid(8, 10))
    precompiled(precompile([shared_geometry(8, 10), shared_geometry(14, 14)]))
    ahead = Geometry(SquareGrid(8, 10))
    assert ahead.count_placements() == fresh.count_placements() > 0
    for free, touching in some_positions(fresh):
        assert ahead.placements(free, touching, 0b101) == fresh.placements(free, touching, 0b101)


def test_the_board_uses_the_generator_the_file_holds(precompiled):
    magic, table = marshal.loads(precompile([shared_geometry(8, 10)]))
    nothing = compile(
        "def placements(free, touching, used_pieces):\n    return (0,), (0,)\n"
        "def anchors(free, touching, used_pieces):\n    return (0,)\n"
        "def list_codes(anchors):\n    return []",
        "",
        "exec",
    )
    precompiled(marshal.dumps((magic, dict.fromkeys(table, nothing))))
    # Read from the file, not compiled; a board it lacks: compiled as needed.
    assert Geometry(SquareGrid(8, 10)).count_placements() == 0
    assert Geometry(SquareGrid(14, 14)).count_placements() > 0


@pytest.mark.parametrize(
    "contents",
    [b"", b"not marshal", marshal.dumps(b"no table"), "for another Python"],
)
def test_a_file_not_for_this_python_is_ignored(precompiled, contents):
    if contents == "for another Python":
        _, table = marshal.loads(precompile([shared_geometry(8, 10)]))
        nothing = compile("def placements(*args):\n    return []", "", "exec")
        contents = marshal.dumps((b"\x00\x00\r\n", dict.fromkeys(table, nothing)))
    precompiled(contents)
    fresh = Geometry(SquareGrid(8, 10))
    assert fresh.count_placements() == shared_geometry(8, 10).count_placements() > 0


@pytest.mark.parametrize("counted", [True, False])
@pytest.mark.parametrize("size", [14, 20])
def test_placements_behave_as_the_list_of_their_codes(size, counted):
    """Counting, indexing, ``in`` and slicing without the list agree with the listed codes, in
    code order, over positions from random games, whether counted as found or when asked; and
    both generators find the same codes."""
    geo = shared_geometry(size, size)
    for free, touching in some_positions(geo, count=10, seed=size):
        for used in (0, 0b1011_0000_0000_0101_0011):
            found = geo.placements(free, touching, used, counted=counted)
            fresh = geo.placements(free, touching, used, counted=counted)
            codes = list(found)
            assert bool(found) == bool(codes)
            assert codes == list(geo.placements(free, touching, used, counted=not counted))
            assert codes == sorted(codes) and len(set(codes)) == len(codes)
            assert len(fresh) == len(codes) and bool(fresh) == bool(codes)
            assert [fresh[i] for i in range(len(codes))] == codes
            assert [fresh[-i] for i in range(1, len(codes) + 1)] == codes[::-1]
            assert found[1:4] == codes[1:4]
            assert all(code in fresh for code in codes)
            others = set(range(len(geo.orientations) * geo.bits)) - set(codes)
            assert not any(code in fresh for code in others)
            assert fresh == codes and found == fresh
            assert all(not used >> geo.placement_piece(c).index & 1 for c in codes)
            with pytest.raises(IndexError):
                fresh[len(codes)]


def test_no_touching_square_means_no_placement():
    geo = shared_geometry(14, 14)
    assert len(geo.placements(geo.full, 0)) == 0
    assert list(geo.placements(geo.full, 0)) == []


@pytest.mark.parametrize("counted", [True, False])
def test_no_free_square_means_no_placement(counted):
    geo = shared_geometry(14, 14)
    assert not geo.placements(0, geo.full, counted=counted)
    assert len(geo.placements(0, geo.full, counted=counted)) == 0


@pytest.mark.parametrize("variant", ["duo", "classic", "trigon", "trigon_3"])
def test_edge_neighbours_of_several_boards_in_one_int_are_each_board_s(variant):
    """Boards held in one int, each ``board_span`` bits above the last, spread along edges as
    each board alone does: nothing crosses from one board to the next."""
    from game import Board

    geo = Board(variant).geometry
    rng = random.Random(3)
    for boards in (2, 3, 4):
        masks = [rng.getrandbits(geo.bits) & geo.full for _ in range(boards)]
        masks[0] |= geo.full  # every cell, the rims too
        held = sum(mask << k * geo.board_span for k, mask in enumerate(masks))
        expected = sum(
            geo.edge_neighbors(mask) << k * geo.board_span for k, mask in enumerate(masks)
        )
        assert geo.edge_neighbors(held, boards) == expected

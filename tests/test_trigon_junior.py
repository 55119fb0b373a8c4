"""Blokus Junior and Blokus Trigon, played as Pentobi plays them.

The counts pinned here are Pentobi's: its number of placements on the empty board (the sizes of
its move tables), and its ``all_legal`` and ``final_score`` answers over GTP for the same moves
(``bench/pentobi_legal.py`` compares thousands of positions; these few run without Pentobi).
"""

import random
from collections import Counter

import pytest
from reference import board_of, cells_of, is_legal_on

from game import Board, IllegalReason, Move, find_variant, square_name
from game.pieces import JUNIOR_PIECES, TRIGON_PIECES, normalize


def random_codes_game(variant, seed, plies=None):
    """A game of random moves, each drawn by its index among the legal move codes."""
    board = Board(variant)
    rng = random.Random(seed)
    while board.turn is not None and (plies is None or board.ply() < plies):
        codes = board.legal_codes()
        board.push_code(codes[rng.randrange(len(codes))])
    return board


def every_piece_placed(variant):
    """A board on which the first colour's every piece lies (set up, corners ignored): each
    piece at the first place that is free."""
    board = Board(variant)
    geo, free, moves = board.geometry, board.geometry.full, []
    for piece in board.pieces_left(0):
        code = next(
            o.index * geo.bits + anchor
            for o in geo.orientations_of_piece[piece.index]
            for anchor in range(geo.bits)
            if o.anchors >> anchor & 1 and (o.mask << anchor) & free == o.mask << anchor
        )
        free &= ~geo.placement_mask(code)
        moves.append(geo.move(code))
    return Board.from_setup(variant, {0: moves})


def reference_moves(board, color):
    """Every placement the reference rules allow ``color``, as sets of cells."""
    reference = board_of(board.variant)
    own = {c for sq in board.squares_of(color) for c in cells_of(Move([sq]))}
    occupied = {
        c for other in board.colors for sq in board.squares_of(other) for c in cells_of(Move([sq]))
    }
    first = {c for sq in board.variant.shared_starts for c in cells_of(Move([sq]))} - occupied
    found = set()
    for piece in board.pieces_left(color):
        for shape in piece.orientations:
            for dx in range(-1, 36):
                for dy in range(20):
                    if pointing_as_drawn(reference, shape, dx, dy):
                        cells = frozenset((x + dx, y + dy) for x, y in shape)
                        if is_legal_on(reference, cells, own, occupied, first):
                            found.add(cells)
    return found


def pointing_as_drawn(reference, shape, dx, dy):
    """Whether ``shape`` shifted by ``dx, dy`` has its triangles point on the reference board
    as in the shape (where ``(x, y)`` points up when ``x + y`` is even)."""
    return all(reference.points_up(x + dx, y + dy) == ((x + y) % 2 == 0) for x, y in shape)


class TestJunior:
    def test_two_copies_of_twelve_pieces_named_as_pentobi_does(self):
        names = Counter(piece.name for piece in JUNIOR_PIECES)
        assert names == dict.fromkeys("1 2 I3 V3 I4 L4 O T4 Z4 I5 L5 P".split(), 2)
        assert sum(piece.size for piece in JUNIOR_PIECES) == 88

    def test_duo_s_board_start_squares_and_pentobi_s_colours(self):
        junior = find_variant("Blokus Junior")
        assert junior.name == "junior" and junior.size == 14
        assert junior.color_names == ("green", "orange")
        assert [square_name(sq) for sq in junior.start_squares] == ["e10", "j5"]

    def test_counts_as_pentobi_s(self):
        board = Board("junior")
        assert len(board.legal_moves) == 189
        geo = board.geometry
        assert len({geo.move(code) for code in geo.placements(geo.full, geo.full)}) == 7217
        moves = "e9,b10,c10,d10,e10 k2,k3,k4,j5,k5 f11,g11,h11,i11,j11 l6,l7,l8,l9,l10".split()
        for text in [*moves, "f7,f8,g8,g9", "i3,f4,g4,h4,i4"]:
            board.push(Move.parse(text))
        assert [len(board.legal_moves_for(color)) for color in board.colors] == [287, 233]

    def test_a_second_copy_is_played_after_the_first_and_listed_once(self):
        board = Board("junior")
        board.push(Move.parse("e10"))
        board.push(Move.parse("j5"))
        moves = board.legal_moves_for(0)
        assert len(moves) == len(set(moves))
        assert Move.parse("f11") in moves  # the second monomino
        board.push(Move.parse("f11"))
        board.push(Move.parse("i4"))
        assert board.illegal_reason(Move.parse("d9")) is IllegalReason.PIECE_USED
        assert [p.name for p in board.pieces_left(0)].count("1") == 0
        assert [p.name for p in board.pieces_left(1)].count("1") == 0
        assert board.pop() == Move.parse("i4")
        assert [p.name for p in board.pieces_left(1)].count("1") == 1

    def test_no_bonus_for_placing_every_piece(self):
        board = every_piece_placed("junior")
        assert board.pieces_left(0) == []
        assert board.score(0) == 88

    def test_a_random_game_ends_with_pentobi_s_score(self):
        board = random_codes_game("junior", seed=5)
        assert board.ply() == 34
        assert board.scores() == [55, 63]  # Pentobi: W+8


class TestTrigonPieces:
    def test_twenty_two_pieces_named_as_pentobi_does(self):
        names = "1 2 I3 I4 C4 A4 I5 L5 C5 P5 I6 L6 V S P6 F W A6 G Y X O".split()
        assert [piece.name for piece in TRIGON_PIECES] == names
        assert [piece.size for piece in TRIGON_PIECES].count(6) == 12

    def test_every_polyiamond_of_one_to_six_triangles_once(self):
        # Fixed polyiamonds (turned and mirrored ones apart) of 1 to 6 triangles: OEIS A001420.
        shapes = [shape for piece in TRIGON_PIECES for shape in piece.orientations]
        assert len(set(shapes)) == len(shapes)
        by_size = Counter(len(shape) for shape in shapes)
        assert [by_size[n] for n in range(1, 7)] == [2, 3, 6, 14, 36, 94]

    def test_pieces_are_connected_along_edges(self):
        triangles = board_of(find_variant("trigon"))
        for piece in TRIGON_PIECES:
            dx = next(dx for dx in (8, 9) if pointing_as_drawn(triangles, piece.cells, dx, 8))
            cells = {(x + dx, y + 8) for x, y in piece.cells}
            reached = {min(cells)}
            while grown := (triangles.edge_neighbours(reached) & cells) - reached:
                reached |= grown
            assert reached == cells, piece.name

    def test_normalized_shapes_keep_their_triangles_directions(self):
        assert normalize([(3, 2), (4, 2)], triangles=True) == ((1, 0), (2, 0))
        assert normalize([(2, 2), (3, 2)], triangles=True) == ((0, 0), (1, 0))


class TestTrigon:
    @pytest.mark.parametrize(
        ("variant", "triangles", "players", "colors"),
        [
            ("Blokus Trigon", 486, 4, ("blue", "yellow", "red", "green")),
            ("Blokus Trigon Two-Player", 486, 2, ("blue", "yellow", "red", "green")),
            ("Blokus Trigon Three-Player", 384, 3, ("blue", "yellow", "red")),
        ],
    )
    def test_boards_players_and_colours(self, variant, triangles, players, colors):
        board = Board(variant)
        assert len(board.geometry.squares()) == triangles
        assert board.variant.num_players == players
        assert board.color_names == colors

    def test_six_starting_points_any_colour_may_take(self):
        names = lambda v: sorted(map(square_name, find_variant(v).shared_starts))  # noqa: E731
        assert names("trigon") == ["j12", "j7", "r15", "r4", "z12", "z7"]
        assert names("trigon_3") == ["h11", "h6", "p14", "p3", "x11", "x6"]
        board = Board("trigon")
        board.push(Move.parse("r15"))
        assert board.illegal_reason(Move.parse("r15,s15")) is IllegalReason.OVERLAP
        assert board.illegal_reason(Move.parse("s15")) is IllegalReason.START_POINT
        board.push(Move.parse("j12"))
        assert sorted(map(square_name, board.attach_squares(2))) == ["j7", "r4", "z12", "z7"]

    @pytest.mark.parametrize(("variant", "placements"), [("trigon", 32131), ("trigon_3", 24859)])
    def test_counts_on_the_empty_board_as_pentobi_s(self, variant, placements):
        board = Board(variant)
        assert board.geometry.count_placements() == placements
        assert len(board.legal_moves) == 2478

    def test_counts_after_some_moves_as_pentobi_s(self):
        board = Board("trigon")
        for text in [
            "h12,i12,j12,k12,l12,j13",
            "z7,aa7,z8,aa8,ab8,z9",
            "z11,aa11,ab11,z12,aa12,z13",
            "q3,r3,s3,q4,r4,r5",
            "d10,d11,e11,f11,g11,e12",
            "w7,u8,v8,w8,x8",
            "w9,v10,w10,x10,x11",
            "m2,n2,o2,p2,m3,n3",
        ]:
            board.push(Move.parse(text))
        assert [len(board.legal_moves_for(c)) for c in board.colors] == [1253, 1119, 1087, 1126]
        board = Board("trigon_3")
        for text in [
            "f11,g11,h11,i11,j11,h12",
            "x6,y6,x7,y7,z7,x8",
            "x10,y10,z10,x11,y11,x12",
            "j9,k9,l9,m9,n9,j10",
            "aa8,ab8,ac8,aa9,ac9,ad9",
            "s10,u10,v10,s11,t11,u11",
        ]:
            board.push(Move.parse(text))
        assert [len(board.legal_moves_for(c)) for c in board.colors] == [1371, 643, 918]

    def test_legal_moves_match_the_reference_rules(self):
        board = random_codes_game("trigon_3", seed=2, plies=9)
        for color in board.colors:
            got = {frozenset(cells_of(m)) for m in board.legal_moves_for(color)}
            assert got == reference_moves(board, color)

    @pytest.mark.parametrize(
        ("variant", "plies", "scores"),
        [("trigon_2", 67, [80, 74, 80, 80]), ("trigon_3", 49, [80, 80, 68])],
    )
    def test_a_random_game_ends_with_pentobi_s_scores(self, variant, plies, scores):
        board = random_codes_game(variant, seed=5)
        assert board.ply() == plies
        assert board.scores() == scores

    def test_bonus_for_placing_every_piece(self):
        board = every_piece_placed("trigon")
        assert board.pieces_left(0) == []
        assert board.score(0) == 110 + 15

    def test_pentobi_s_notation_past_column_z(self):
        move = Move.parse("AB8,z7,aa7,z8,aa8,z9")
        assert str(move) == "z7,aa7,z8,aa8,ab8,z9"
        assert Board("trigon").piece_of(move).size == 6

    def test_pieces_are_known_by_their_shape_where_they_lie(self):
        board = Board("trigon")
        hexagon = Move.parse("q10,r10,s10,q9,r9,s9")  # q10 points up: six round r9's top
        assert board.piece_of(hexagon).name == "O"
        assert board.piece_of(Move.parse("r10,s10,t10,r9,s9,t9")).name != "O"
        assert board.piece_of(Move.parse("q10,s10")) is None

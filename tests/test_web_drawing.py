"""The shared board and tray drawing (game.web.drawing), rendered in CPython."""

from html_elements import Elements

from game import PIECE_BY_NAME, Board, Move
from game.grids import SquareGrid
from game.pieces import TRIGON_PIECES
from game.web import drawing
from game.web.ghost import Ghost, ghost_cells

GRID = SquareGrid(20, 20)


def test_board_names_every_square_and_marks_covered_ones():
    board = Board("classic")
    board.push(Move.parse("a20,b20,a19"))
    svg = Elements(drawing.game_board_svg(board))
    squares = svg.with_attr("data-square")
    assert len(squares) == 400
    assert squares[0]["data-square"] == "a20"  # reading order: top row first
    covered = {a["data-square"]: a["data-color"] for a in squares if "data-color" in a}
    assert covered == {"a20": "blue", "b20": "blue", "a19": "blue"}
    assert {a["data-square"] for a in squares if a.get("class") == "last"} == {"a20", "b20", "a19"}


def test_cells_sit_where_their_names_say():
    svg = Elements(drawing.game_board_svg(Board("duo")))
    cells = {a["data-square"]: (int(a["x"]), int(a["y"])) for a in svg.with_attr("data-square")}
    assert len(cells) == 14 * 14
    assert cells["a14"] == (drawing.MARGIN, drawing.MARGIN)  # top left
    assert cells["b1"] == (drawing.MARGIN + drawing.CELL, drawing.MARGIN + 13 * drawing.CELL)


def test_start_squares_are_marked_until_covered():
    board = Board("duo")
    dots = Elements(drawing.game_board_svg(board)).with_attr("class", "start")
    assert sorted(d["data-for"] for d in dots) == ["orange", "purple"]
    board.push(Move.parse("e10"))
    dots = Elements(drawing.game_board_svg(board)).with_attr("class", "start")
    assert [d["data-for"] for d in dots] == ["orange"]


def test_colourless_corners_mark_every_corner_for_any_colour():
    dots = Elements(drawing.game_board_svg(Board("classic", colorless_corners=True)))
    assert [d["data-for"] for d in dots.with_attr("class", "start")] == ["any"] * 4


def test_attach_corners_are_marked_for_the_colour_asked():
    board = Board("duo")
    board.push(Move.parse("e10"))
    board.push(Move.parse("j5"))
    dots = Elements(drawing.game_board_svg(board, attach_color=0)).with_attr("class", "attach")
    assert len(dots) == len(board.attach_squares(0)) == 4
    assert {d["data-for"] for d in dots} == {"purple"}


def test_ghost_rects_follow_the_ghost_cells():
    ghost = Ghost(PIECE_BY_NAME["I3"], 0, (2, 2))
    svg = Elements(drawing.ghost_svg(ghost_cells(ghost, GRID), GRID, color="red", legal=False))
    rects = svg.with_attr("class", "ghost illegal")
    assert len(rects) == 3 and {r["data-for"] for r in rects} == {"red"}


def test_initial_board_is_the_empty_classic_board():
    svg = Elements(drawing.initial_board_svg())
    assert len(svg.with_attr("data-square")) == 400
    assert not svg.with_attr("data-color")


def test_colour_cues_are_patterns_with_each_colours_initial():
    svg = Elements(drawing.game_board_svg(Board("classic")))
    patterns = [a["id"] for a in svg.with_attr("id") if a["id"].startswith("cue-")]
    assert patterns == [f"cue-{c}" for c in drawing.COLOR_NAMES]
    letters = [t for t in svg.text if t in "BYRGPO" and t]
    assert letters == ["B", "Y", "R", "G", "P", "O"]


# --- Trigon's triangles, Junior's copies --------------------------------------------------------


def test_trigon_board_draws_a_triangle_per_cell_with_pentobi_names():
    board = Board("trigon")
    svg = Elements(drawing.game_board_svg(board))
    cells = svg.with_attr("data-square")
    assert len(cells) == 486 and all("points" in c for c in cells)
    names = {c["data-square"] for c in cells}
    assert {"i18", "aa18", "a9", "ai9", "i1", "aa1"} <= names  # the hexagon's corners
    assert not {"a1", "a18", "ai18", "h18"} & names  # cut off by its slanted sides
    assert len(svg.with_attr("class", "start")) == 6
    assert {d["data-for"] for d in svg.with_attr("class", "start")} == {"any"}


def corners(polygon):
    return [tuple(float(v) for v in point.split(",")) for point in polygon["points"].split()]


def test_trigon_triangles_point_up_and_down_and_share_edges():
    grid = Board("trigon").geometry.grid
    svg = Elements(drawing.game_board_svg(Board("trigon")))
    cells = {c["data-square"]: corners(c) for c in svg.with_attr("data-square")}
    r9, s9, r10 = cells["r9"], cells["s9"], cells["r10"]
    assert grid.direction(17, 8) == 0 and grid.direction(18, 8) == 1
    # r9 points up (one corner above two: SVG's y grows downward), s9 down; they share an edge.
    apex = [p for p in r9 if p[1] == min(y for _, y in r9)]
    assert len(apex) == 1 and len([p for p in s9 if p[1] == min(y for _, y in s9)]) == 2
    assert len(set(r9) & set(s9)) == 2
    # r10, above r9, points down and touches r9 at its apex only.
    assert set(r9) & set(r10) == set(apex)


def test_trigon_start_point_dots_sit_inside_their_triangles():
    svg = Elements(drawing.game_board_svg(Board("trigon")))
    cells = {c["data-square"]: corners(c) for c in svg.with_attr("data-square")}
    starts = ("r4", "r15", "j7", "j12", "z7", "z12")
    for dot, name in zip(svg.with_attr("class", "start"), starts, strict=True):
        xs, ys = zip(*cells[name], strict=True)
        assert min(xs) < float(dot["cx"]) < max(xs) and min(ys) < float(dot["cy"]) < max(ys)


def test_trigon_ghost_and_best_move_are_triangles():
    board = Board("trigon")
    grid = board.geometry.grid
    ghost = Ghost(TRIGON_PIECES[3], 0, (17, 8))
    svg = Elements(drawing.ghost_svg(ghost_cells(ghost, grid), grid, color="blue", legal=True))
    assert len(svg.with_attr("class", "ghost legal")) == 4
    move = board.legal_moves_for(0)[40]
    marks = Elements(drawing.game_board_svg(board, best_move=move)).with_attr("class", "best-move")
    assert len(marks) == len(move) and all("points" in m for m in marks)


def test_trigon_trays_draw_every_polyiamond():
    board = Board("trigon_3")
    tray = Elements(drawing.tray_html(board, 0, selected=None, active=True))
    buttons = tray.with_attr("data-piece")
    assert [b["data-piece"] for b in buttons] == [p.name for p in TRIGON_PIECES]
    assert buttons[-1]["aria-label"] == "Blue O hexiamond"
    assert drawing.piece_svg(TRIGON_PIECES[-1]).count("<polygon") == 6


def test_junior_trays_show_the_copies_left():
    board = Board("junior")
    board.push(Move.parse("e10"))
    tray = Elements(drawing.tray_html(board, 0, selected=None, active=True))
    buttons = {b["data-piece"]: b for b in tray.with_attr("data-piece")}
    assert len(buttons) == 12
    assert buttons["1"]["aria-label"] == "Green 1 monomino, 1 left"
    assert buttons["O"]["aria-label"] == "Green O tetromino, 2 left"
    assert "aria-disabled" not in buttons["1"]
    board.push(Move.parse("j5"))
    board.push(Move.parse("f9"))
    tray = Elements(drawing.tray_html(board, 0, selected=None, active=True))
    one = next(b for b in tray.with_attr("data-piece") if b["data-piece"] == "1")
    assert one["aria-disabled"] == "true" and one["aria-label"].endswith("0 left")
    counts = [t for t in tray.text if t.strip().isdigit()]
    assert counts.count("2") == 11 and counts.count("0") == 1

"""The shared board and tray drawing (game.web.drawing), rendered in CPython."""

from html_elements import Elements

from game import PIECE_BY_NAME, Board, Move
from game.web import drawing
from game.web.ghost import Ghost, ghost_cells


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
    svg = Elements(drawing.ghost_svg(ghost_cells(ghost), 20, color="red", legal=False))
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

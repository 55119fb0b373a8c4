"""The page's move list, game-over story and analysis panel, rendered in CPython."""

import re
from pathlib import Path

from game import Board, Move
from game.record import HUMAN, GameRecord
from game.review import AnalysisResult, game_story
from game.sgf import read_sgf
from game.web.review_view import analysis_html, analysis_svg, move_list_html, story_html

COMPLETE = (Path(__file__).parent / "data" / "classic_2_complete.blksgf").read_text()


def test_the_move_list_marks_the_position_shown():
    board = read_sgf(COMPLETE)
    html = move_list_html(board.variant, board.move_stack, ply=10)
    rows = re.findall(r'<li class="([a-z]*)"><button type="button" data-move="(\d+)"', html)
    assert [int(n) for _, n in rows] == list(range(70))
    assert [c for c, n in rows if c == "current"] == ["current"] and rows[10][0] == "current"
    assert all(c == "future" for c, n in rows[11:]) and all(c == "" for c, n in rows[:10])
    assert html.count('aria-current="step"') == 1
    assert 'title="Move 1: Blue F at b18,a19,b19,c19,a20"' in html


def test_an_analysis_names_the_computers_move_and_marks_drops():
    board = Board("duo")
    board.push(Move.parse("e10"))
    board.push(Move.parse("j5,j6"))
    best = (Move.parse("e10,f10,e9,e11,d10"), Move.parse("j5,j4,j6,i5,k5"))
    result = AnalysisResult(tuple(board.move_stack), ((0, 0), (-9, 9), (-4, 4)), best, (9.0, 1.0))
    html = move_list_html(board.variant, board.move_stack, ply=2, analysis=result, drops=[1])
    assert "The computer would play X at e9,d10,e10,f10,e11 (this move lost 9)" in html
    assert html.count('class="drop-mark"') == 1
    panel = analysis_html(result, board.variant, ply=2, drops=[1])
    assert "<svg" in panel and 'data-move="1">Move 1: Purple 1 lost 9' in panel
    assert "No move lost much" in analysis_html(result, board.variant, ply=0, drops=[])


def test_the_story_ranks_players_and_marks_who_passed():
    story = game_story(GameRecord(read_sgf(COMPLETE), (HUMAN, 4)))
    html = story_html(story, read_sgf(COMPLETE).variant)
    assert "You win against Expert by 47 points." in html
    places = re.findall(r'<li class="(\w*)" value="(\d)">', html)
    assert places == [("winner", "1"), ("", "2")]
    assert "Blue passed" in html and "Yellow and Green passed" in html and "Red passed" not in html


def test_the_graph_draws_each_player_and_marks_the_drops():
    board = Board("duo")
    for move in ("e10", "j5", "d11,d12", "k4,k3"):
        board.push(Move.parse(move))
    n = board.ply()
    values = tuple((float(i), -float(i)) for i in range(n + 1))
    best = tuple(move for _, move in board.move_stack)
    result = AnalysisResult(tuple(board.move_stack), values, best, (0.0, 5.0, 0.0, 4.0))
    svg = analysis_svg(result, board.variant, current=2, drops=[2, 4])
    assert svg.count("<polyline") == 2
    assert re.findall(r'class="drop" data-move="(\d+)"', svg) == ["2", "4"]
    assert svg.count('class="hit"') == n + 1
    assert 'class="current"' in svg
    assert 'data-move="2" data-color="orange"' in svg

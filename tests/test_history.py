"""One history for games and puzzles: play, undo and redo in groups, go to any move."""

import pytest

from game import Board, IllegalMoveError, Move
from game.history import History
from game.puzzles import puzzle_board, stored_solution

DUO_OPENING = ["e10", "j5", "d8,d9", "k3,k4", "f11,g11,g12"]


def duo_history(moves=DUO_OPENING) -> History:
    history = History(Board("duo"))
    for text in moves:
        history.play(Move.parse(text))
    return history


def played(history: History) -> list[str]:
    return [str(move) for _, move in history.board.move_stack]


def test_undo_takes_back_a_group_and_redo_replays_it():
    history = duo_history()
    assert history.undo(2) == 2 and played(history) == DUO_OPENING[:3]
    assert history.undo() == 1 and played(history) == DUO_OPENING[:2]
    assert history.redo() == 1 and played(history) == DUO_OPENING[:3]
    assert history.redo() == 2 and played(history) == DUO_OPENING
    assert not history.can_redo() and history.redo() == 0


def test_undo_stops_at_the_first_move():
    history = duo_history(DUO_OPENING[:2])
    assert history.undo(5) == 2 and history.ply == 0 and not history.can_undo()
    assert history.undo() == 0


def test_a_new_move_replaces_what_could_be_redone():
    history = duo_history()
    history.undo(3)
    history.play(Move.parse("d9,d8,c8"))
    assert not history.can_redo()
    assert [str(m) for _, m in history.moves] == ["e10", "j5", "c8,d8,d9"]


def test_an_illegal_move_changes_nothing():
    history = duo_history()
    history.undo(2)
    with pytest.raises(IllegalMoveError):
        history.play(Move.parse("a1"))
    assert played(history) == DUO_OPENING[:3] and history.redo() == 2


def test_goto_any_move_and_back():
    history = duo_history()
    history.goto(1)
    assert played(history) == DUO_OPENING[:1] and len(history.moves) == 5
    history.goto(4)
    assert played(history) == DUO_OPENING[:4]
    history.goto(0)
    assert history.board.ply() == 0 and history.board.turn == 0
    assert history.redo() == 4  # back to where goto left
    assert history.redo() == 1 and played(history) == DUO_OPENING
    with pytest.raises(ValueError, match="no move 6"):
        history.goto(6)


def test_position_is_a_copy_at_any_move():
    history = duo_history()
    history.goto(2)
    third = history.position(3)
    assert str(third.peek()) == DUO_OPENING[2] and played(history) == DUO_OPENING[:2]
    assert history.position(0).ply() == 0


def test_forget_redo_drops_the_moves_ahead():
    history = duo_history()
    history.undo(2)
    history.forget_redo()
    assert not history.can_redo() and len(history.moves) == 3


def test_the_moves_on_the_board_start_the_line():
    board = Board("duo")
    board.push(Move.parse("e10"))
    history = History(board)
    history.play(Move.parse("j5"))
    assert history.ply == 2 and history.undo(5) == 2 and board.ply() == 0


@pytest.mark.parametrize("name", ["tetromino_rectangle", "all84"])
def test_puzzles_keep_the_colour_of_each_move(name):
    solution = stored_solution(name)[:6]
    history = History(puzzle_board(name))
    for color, move in solution:
        history.play(move, color)
    history.goto(0)
    assert history.redo() == 6 and history.board.move_stack == solution
    assert history.moves == solution

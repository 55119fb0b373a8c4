"""Analysing a game: the computer's move and each player's value at every position, moves that
lose value found, run in slices and cancellable."""

import pytest

from game import Board, Move
from game.ai import choose_move
from game.analysis import SEED, Analysis
from game.review import biggest_drops

#: A cheap level keeps the tests fast; the page uses the top level.
LEVEL = 3


def analysed(board: Board, level: int = LEVEL):
    analysis = Analysis(board, level)
    progress = [0.0]
    while not analysis.step(0.05):
        progress.append(analysis.progress)
    assert progress == sorted(progress) and analysis.progress == 1
    return analysis.result


@pytest.mark.parametrize("variant, plies", [("duo", 12), ("classic", 12)])
def test_moves_the_computer_would_play_lose_nothing(variant, plies):
    board = Board(variant)
    for _ in range(plies):
        board.push(choose_move(board, LEVEL, seed=SEED))
    result = analysed(board)
    assert result.best == tuple(move for _, move in board.move_stack)
    assert result.losses == (0.0,) * plies
    assert len(result.values) == plies + 1
    assert all(len(v) == board.variant.num_players for v in result.values)
    assert result.fits(board.move_stack)


def test_a_wasted_move_is_the_biggest_drop():
    board = Board("duo")
    for _ in range(6):
        board.push(choose_move(board, LEVEL, seed=SEED))
    board.push(Move.parse(next(str(m) for m in board.legal_moves if m.piece.size == 1)))
    for _ in range(3):
        board.push(choose_move(board, LEVEL, seed=SEED))
    result = analysed(board)
    assert max(result.losses) == result.losses[6] > 3
    assert 7 in biggest_drops(result)
    assert result.best[6].piece.size == 5  # the computer plays big pieces early
    before, after = result.values[6][0], result.values[7][0]
    assert after < before  # Purple's value falls with its monomino


def test_two_players_values_are_opposite():
    board = Board("duo")
    for _ in range(4):
        board.push(choose_move(board, LEVEL, seed=SEED))
    result = analysed(board)
    assert all(a == -b for a, b in result.values)


def test_the_top_level_analyses_in_slices_and_can_be_cancelled():
    board = Board("duo")
    board.push(Move.parse("e10,f10,e9"))
    board.push(Move.parse("j5,j4"))
    analysis = Analysis(board)
    analysis.step(0)
    analysis.cancel()
    assert analysis.done and analysis.result is None
    assert board.ply() == 2  # the caller's board is left alone
    result = analysed(board, level=4)
    replay = Board("duo")
    for best, (color, move) in zip(result.best, board.move_stack, strict=True):
        assert replay.is_legal(best, color)
        replay.push(move, color)

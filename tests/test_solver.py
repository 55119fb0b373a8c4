"""The puzzle solver: solutions from empty boards and completions of partial positions, each
replayed under the puzzle's rules; slicing, unsolvable positions, and the command line."""

import pytest

from game import Move
from game.puzzles import puzzle_board, stored_solution
from game.solver import Solver, luby, main, solve


def replay(board, solution):
    """``board`` after ``solution`` is played move by move (push checks every rule)."""
    for color, move in solution:
        board.push(move, color)
    return board


@pytest.mark.parametrize("name", ["tetromino_rectangle", "pentomino_rectangle"])
@pytest.mark.parametrize("seed", [None, 1, 2])
def test_tiling_solutions_from_the_empty_board(name, seed):
    solution = solve(puzzle_board(name), seed=seed)
    assert replay(puzzle_board(name), solution).is_solved()


def test_seeds_vary_the_solution():
    solutions = {tuple(solve(puzzle_board("tetromino_rectangle"), seed=s)) for s in range(1, 5)}
    assert len(solutions) > 1


def test_completes_a_partial_position_without_changing_it():
    board = puzzle_board("pentomino_rectangle")
    replay(board, stored_solution("pentomino_rectangle")[:20])
    before = str(board)
    completion = solve(board, seed=7)
    assert str(board) == before
    assert len(completion) == 28
    assert replay(board, completion).is_solved()


def test_a_solved_board_needs_no_moves():
    board = replay(puzzle_board("tetromino_rectangle"), stored_solution("tetromino_rectangle"))
    assert solve(board) == []


def test_runs_in_slices_and_can_be_stopped_between_them():
    solver = Solver(puzzle_board("pentomino_rectangle"), seed=2)
    slices = 0
    while not solver.step(50):
        slices += 1
        assert solver.solution is None
    assert slices > 3 and solver.nodes > 150
    assert replay(puzzle_board("pentomino_rectangle"), solver.solution).is_solved()
    nodes = solver.nodes
    assert solver.step(50) and solver.nodes == nodes  # done stays done, without more work


def test_isolated_square_is_proved_unsolvable_at_once():
    board = puzzle_board("tetromino_rectangle")
    # a1 is closed in by b1 and a2.
    replay(board, [(0, Move.parse("b1,c1,d1,e1")), (0, Move.parse("a2,a3,a4,b4"))])
    solver = Solver(board)
    assert solver.step(10)
    assert solver.proved_unsolvable and solver.solution is None


def test_hole_of_the_right_size_but_no_piece_left_for_it_is_proved_unsolvable():
    board = puzzle_board("tetromino_rectangle")
    # Every O4 is used, then the 2x2 square a9,b9,a10,b10 is closed in.
    o4s = ["c1,d1,c2,d2", "e1,f1,e2,f2", "g1,h1,g2,h2", "c3,d3,c4,d4"]
    walls = ["c7,c8,c9,c10", "a6,a7,a8,b8"]
    replay(board, [(None, Move.parse(text)) for text in o4s + walls])
    solver = Solver(board)
    assert solver.step(1000)
    assert solver.proved_unsolvable and solver.solution is None


def test_budget_gives_up():
    assert solve(puzzle_board("pentomino_rectangle"), seed=1, node_budget=10) is None


def test_luby_sequence():
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


def test_command_line_prints_board_and_moves(capsys):
    assert main(["3", "--seed", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    moves = [line.split() for line in out if line.split()[0] in ("blue", "yellow", "red", "green")]
    assert len(moves) == 20
    board = replay(
        puzzle_board(3),
        [(["blue", "yellow", "red", "green"].index(c), Move.parse(m)) for c, m in moves],
    )
    assert board.is_solved()
    assert str(board) in "\n".join(out)


def test_command_line_refuses_unknown_puzzles(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["7"])
    assert exit_info.value.code == 2
    assert "unknown puzzle" in capsys.readouterr().err


def test_rules_puzzle_search_keeps_to_its_budget_and_leaves_the_board_alone():
    board = puzzle_board("all84_largest_first")
    board.push(Move.parse("a20,b20,c20,d20,e20"))
    before = str(board)
    solver = Solver(board, seed=1)
    assert not solver.step(10)
    assert solver.nodes == 10
    assert solver.solution is None and not solver.proved_unsolvable
    assert str(board) == before


@pytest.mark.parametrize("played", [70, 72])  # 72: every colour has moved alike (symmetric)
def test_rules_puzzle_completion_of_a_late_position(played):
    board = replay(puzzle_board("all84_largest_first"), stored_solution(2)[:played])
    completion = solve(board, seed=1)
    assert len(completion) == 84 - played
    assert replay(board, completion).is_solved()


@pytest.mark.parametrize("played", [78, 79])
def test_rules_puzzle_verdicts_agree_with_brute_force_near_the_end(played):
    board = replay(puzzle_board("all84"), stored_solution(1)[:played])

    def completable(position):  # tries every move of every colour in turn
        if position.is_solved():
            return True
        for move in position.legal_moves:
            position.push(move)
            found = completable(position)
            position.pop()
            if found:
                return True
        return False

    verdicts = []
    for move in board.legal_moves:
        board.push(move)
        solver = Solver(board, seed=1)
        while not solver.step(100):
            pass
        expected = completable(board)
        assert (solver.solution is not None) == expected
        assert solver.proved_unsolvable == (not expected)
        if expected:
            assert replay(board.copy(), solver.solution).is_solved()
        verdicts.append(expected)
        board.pop()
    # The shipped solution has moves here that can and that cannot be completed.
    assert True in verdicts and False in verdicts

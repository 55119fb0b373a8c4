"""The rule book's one-player puzzles through their boards: rules, reasons, progress, undo,
and the shipped solutions checked under each puzzle's rules."""

import random

import pytest

from game import PIECES, Board, IllegalMoveError, IllegalReason, Move, square, square_xy
from game.puzzles import (
    PUZZLES,
    Progress,
    PuzzleReason,
    RulesPuzzleBoard,
    TilingPuzzleBoard,
    find_puzzle,
    puzzle_board,
    stored_continuation,
    stored_solution,
)


def snapshot(board):
    return (str(board), board.turn, board.progress(), [str(m) for _, m in board.move_stack])


class TestPuzzles:
    def test_found_by_name_or_rule_book_number(self):
        assert find_puzzle("3") is find_puzzle(3) is PUZZLES["tetromino_rectangle"]
        assert find_puzzle(" All84 ").number == 1
        with pytest.raises(ValueError, match="unknown puzzle"):
            find_puzzle("5")

    @pytest.mark.parametrize(
        "name, pieces, squares, area",
        [
            ("all84", 84, 356, 400),
            ("all84_largest_first", 84, 356, 400),
            ("tetromino_rectangle", 20, 80, 80),
            ("pentomino_rectangle", 48, 240, 240),
        ],
    )
    def test_sizes_are_the_rule_books(self, name, pieces, squares, area):
        puzzle = PUZZLES[name]
        assert (puzzle.pieces_total, puzzle.squares_total) == (pieces, squares)
        assert puzzle.width * puzzle.height == area
        board = puzzle_board(name)
        assert board.progress() == Progress(0, pieces, 0, squares)
        assert not board.is_solved() and not board.is_stuck()


class TestTilingBoard:
    def test_any_colour_owning_the_shape_may_place_it(self):
        board = puzzle_board("tetromino_rectangle")
        i4 = ["a1,b1,c1,d1", "e1,f1,g1,h1", "a2,b2,c2,d2", "e2,f2,g2,h2"]
        for text in i4:
            board.push(Move.parse(text))
        assert [color for color, _ in board.move_stack] == [0, 1, 2, 3]
        reason = board.illegal_reason(Move.parse("a3,b3,c3,d3"))
        assert reason is IllegalReason.PIECE_USED
        board.pop()
        board.push(Move.parse("e2,f2,g2,h2"), 3)
        assert board.color_at(Move.parse("h2").squares[0]) == 3
        assert board.progress() == Progress(4, 20, 16, 80)

    @pytest.mark.parametrize(
        "text, reason",
        [
            ("h1,i1,j1,k1", IllegalReason.OFF_BOARD),
            ("a1,c1,d1,e1", IllegalReason.NOT_A_PIECE),
            ("a1,b1,c1", PuzzleReason.NOT_IN_PUZZLE),
            ("a1,b1,c1,d1,e1", PuzzleReason.NOT_IN_PUZZLE),
            ("a1,a2,a3,a4", IllegalReason.OVERLAP),
        ],
    )
    def test_illegal_moves_say_why_and_change_nothing(self, text, reason):
        board = puzzle_board("tetromino_rectangle")
        board.push(Move.parse("a1,b1,c1,d1"))
        before = snapshot(board)
        move = Move.parse(text)
        assert board.illegal_reason(move) is reason
        assert move not in board.legal_moves
        with pytest.raises(IllegalMoveError) as error:
            board.push(move)
        assert error.value.reason is reason
        assert snapshot(board) == before

    def test_legal_moves_are_the_placements_that_fit(self):
        board = puzzle_board("tetromino_rectangle")
        moves = set(board.legal_moves)
        assert len(moves) == len(board.legal_moves)
        assert all(board.is_legal(m) for m in moves)
        # Placements inside 8 wide x 10 high, by hand: a 3x2 box fits 6*9 ways, a 2x3 box 7*8.
        boxes = 6 * 9 + 7 * 8
        i4, o4 = 5 * 10 + 8 * 7, 7 * 9
        t4 = z4 = 2 * boxes  # four orientations, two of each box
        l4 = 4 * boxes  # eight orientations
        assert len(moves) == i4 + o4 + t4 + z4 + l4 == 1049
        assert Move.parse("a1,b1,a2,b2") in board.legal_moves

    def test_pop_restores_the_position(self):
        board = puzzle_board("pentomino_rectangle")
        empty = snapshot(board)
        board.push(Move.parse("a1,b1,c1,d1,e1"))
        board.push(Move.parse("a2,b2,a3,b3,a4"))
        assert board.pop() == Move.parse("a2,b2,a3,b3,a4")
        board.pop()
        assert snapshot(board) == empty

    def test_copy_is_independent(self):
        board = puzzle_board("tetromino_rectangle")
        other = board.copy()
        other.push(Move.parse("a1,b1,c1,d1"))
        assert isinstance(other, TilingPuzzleBoard)
        assert board.progress().pieces == 0 and other.progress().pieces == 1

    def test_stuck_when_no_piece_fits(self):
        board = puzzle_board("tetromino_rectangle")
        for text in stored_solution("tetromino_rectangle")[:-1]:
            board.push(text[1], text[0])
        last_color, last = stored_solution("tetromino_rectangle")[-1]
        assert board.turn == last_color and list(board.legal_moves) == [last]
        board.push(last)
        assert board.is_solved() and not board.is_stuck() and board.turn is None
        assert board.illegal_reason(last) is PuzzleReason.SOLVED


class TestRulesBoard:
    def test_colours_move_in_turn_under_the_game_rules(self):
        board = puzzle_board("all84")
        assert isinstance(board, RulesPuzzleBoard)
        assert board.illegal_reason(Move.parse("a1")) is IllegalReason.START
        assert board.illegal_reason(Move.parse("t1"), 2) is PuzzleReason.NOT_YOUR_TURN
        board.push(Move.parse("a20"))
        assert board.illegal_reason(Move.parse("b20"), 0) is PuzzleReason.NOT_YOUR_TURN
        board.push(Move.parse("s20,t20"))
        assert board.progress() == Progress(2, 84, 3, 356)

    def test_free_order_lets_any_colour_move(self):
        board = puzzle_board("all84", free_order=True)
        board.push(Move.parse("t1"), 2)
        board.push(Move.parse("a1,a2"), 3)
        assert [c for c, _ in board.move_stack] == [2, 3]

    def test_largest_first_refuses_smaller_pieces(self):
        board = puzzle_board("all84_largest_first")
        assert board.illegal_reason(Move.parse("a20,b20")) is PuzzleReason.LARGER_FIRST
        assert all(m.piece.size == 5 for m in board.legal_moves)
        with pytest.raises(IllegalMoveError):
            board.push(Move.parse("a20"))
        board.push(Move.parse("a20,b20,c20,d20,e20"))
        assert board.required_size() == 5

    def test_free_order_largest_first_waits_for_the_others_then_moves_on(self):
        # Regression: a colour held back only by the other colours' larger pieces was marked
        # as passed for good, with legal moves listed, and the puzzle later looked stuck.
        board = puzzle_board("all84_largest_first", free_order=True)
        solution = stored_solution("all84_largest_first")
        five = [(c, m) for c, m in solution if m.piece.size == 5]
        by_blue_first = sorted(five, key=lambda step: step[0] != 0)  # stable: own order kept
        for color, move in by_blue_first[:12]:
            board.push(move, color)
        assert board.legal_moves_for(0) == [] and 0 not in board.finished
        for color, move in by_blue_first[12:]:
            board.push(move, color)
        assert board.required_size() == 4
        assert board.finished == frozenset() and board.turn is not None and not board.is_stuck()
        for color in board.colors:
            moves = board.legal_moves_for(color)
            assert board.can_move(color) == bool(moves) and moves
            assert all(m.piece.size == 4 for m in moves)
        assert board.movable_colors() == board.colors

    def test_finished_colours_never_have_a_move_in_free_order(self):
        rng = random.Random(4)
        for name in ("all84", "all84_largest_first"):
            board = puzzle_board(name, free_order=True)
            while board.turn is not None:
                for color in board.colors:
                    if color in board.finished:
                        assert not board.legal_moves_for(color)
                color = rng.choice([c for c in board.colors if board.legal_codes(c)])
                board.push_code(rng.choice(board.legal_codes(color)), color)
            assert all(not board.legal_moves_for(c) for c in board.colors)

    def test_copy_keeps_the_puzzle(self):
        board = puzzle_board("all84_largest_first")
        other = board.copy()
        other.push(Move.parse("a20,b20,c20,d20,e20"))
        assert isinstance(other, RulesPuzzleBoard) and other.puzzle is board.puzzle
        assert board.progress().pieces == 0


@pytest.mark.parametrize("name", list(PUZZLES))
class TestShippedSolutions:
    def test_replays_to_the_solved_state(self, name):
        board = puzzle_board(name)
        for color, move in stored_solution(name):
            board.push(move, color)
        assert board.is_solved() and not board.is_stuck()
        assert board.progress().squares == board.puzzle.squares_total

    def test_is_a_solution_by_the_puzzle_rules_checked_independently(self, name):
        puzzle = find_puzzle(name)
        solution = stored_solution(name)
        shapes = sorted((color, move.piece.index) for color, move in solution)
        assert shapes == sorted((c, p.index) for c in puzzle.colors for p in puzzle.pieces)
        covered = [sq for _, move in solution for sq in move.squares]
        assert len(covered) == len(set(covered)) == puzzle.squares_total
        assert all(x < puzzle.width and y < puzzle.height for x, y in map(square_xy, covered))
        if puzzle.game_rules:
            game = Board("classic")  # the plain game checks every corner rule
            for color, move in solution:
                game.push(move, color)
            assert all(len(game.pieces_left(c)) == 0 for c in game.variant.colors)
            colors = [color for color, _ in solution]
            assert colors == [i % 4 for i in range(len(PIECES) * 4)]
        if not puzzle.game_rules:  # coloured so that neighbouring pieces can be told apart
            board = puzzle_board(name)
            for color, move in solution:
                around = {
                    board.color_at(square(x + dx, y + dy))
                    for x, y in map(square_xy, move.squares)
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if 0 <= x + dx < puzzle.width and 0 <= y + dy < puzzle.height
                }
                assert color not in around
                board.push(move, color)
        if puzzle.largest_first:
            sizes = [move.piece.size for _, move in solution]
            assert sizes == sorted(sizes, reverse=True)


class TestStoredContinuation:
    def test_tiling_any_order_and_colour_of_the_solutions_placements(self):
        solution = stored_solution("pentomino_rectangle")
        board = puzzle_board("pentomino_rectangle")
        for color, move in reversed(solution[10:20]):
            board.push(move, (color + 1) % 4)
        rest = stored_continuation(board)
        assert len(rest) == 38
        for color, move in rest:
            board.push(move, color)
        assert board.is_solved()

    def test_tiling_placement_outside_the_solution_has_none(self):
        board = puzzle_board("tetromino_rectangle")
        solution_moves = {move for _, move in stored_solution("tetromino_rectangle")}
        board.push(next(m for m in board.legal_moves if m not in solution_moves))
        assert stored_continuation(board) is None

    def test_rules_puzzle_needs_the_solutions_first_moves_in_order(self):
        solution = stored_solution("all84")
        board = puzzle_board("all84")
        for color, move in solution[:9]:
            board.push(move, color)
        rest = stored_continuation(board)
        assert rest == solution[9:]
        board.pop()
        board.push(next(m for m in board.legal_moves if m != solution[8][1]))
        assert stored_continuation(board) is None

"""Property tests: random games of every variant obey the rules, score consistently and end."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import cells_of, is_legal_placement

from game import VARIANTS, Board

variants = st.sampled_from(sorted(VARIANTS))
options = st.fixed_dictionaries(
    {
        "colorless_corners": st.booleans(),
        "scoring": st.sampled_from(["points", "advanced", "basic"]),
    }
)


def corner_squares(size):
    last = size - 1
    return {(0, 0), (0, last), (last, 0), (last, last)}


@settings(max_examples=40, deadline=None)
@given(variant=variants, options=options, seed=st.integers(0, 2**32 - 1))
def test_random_games_obey_the_rules_and_end(variant, options, seed):
    if variant == "duo":
        options = {**options, "colorless_corners": False}
    board = Board(variant, **options)
    rng = random.Random(seed)
    size = board.variant.size
    own = {c: set() for c in board.variant.colors}
    plies = 0
    while board.turn is not None:
        color = board.turn
        move = rng.choice(list(board.legal_moves))
        cells = cells_of(move)
        occupied = set().union(*own.values())
        first = (
            corner_squares(size) - occupied
            if board.colorless_corners
            else cells_of(type(move)([board.variant.start_squares[color]]))
        )
        assert is_legal_placement(cells, own[color], occupied, size, first)
        board.push(move)
        own[color] |= cells
        plies += 1
        assert plies <= 21 * len(own)
    # Every colour's squares are disjoint and match the pieces it has placed.
    total = sum(len(s) for s in own.values())
    assert total == len(set().union(*own.values()))
    result = board.result()
    for color in board.variant.colors:
        assert {c for sq in board.squares_of(color) for c in cells_of(type(move)([sq]))} == own[
            color
        ]
        left = 89 - len(own[color])
        assert left == sum(p.size for p in board.pieces_left(color))
        assert not board.can_move(color)
        if board.scoring == "basic":
            assert result.color_scores[color] == left
        else:
            base = len(own[color]) if board.scoring == "points" else -left
            assert result.color_scores[color] - base in ((0, 15, 20) if left == 0 else (0,))
    assert result.game_over and result.winners


def observed(board):
    """What a player can see of a position: the board, the turn, every colour's legal moves
    and attach squares, who can no longer move, the scores."""
    return (
        str(board),
        board.turn,
        [sorted(map(str, board.legal_moves_for(c))) for c in board.variant.colors],
        [board.attach_squares(c) for c in board.variant.colors],
        board.finished,
        board.passed,
        board.scores(),
    )


@settings(max_examples=30, deadline=None)
@given(
    variant=variants,
    steps=st.lists(st.one_of(st.just("pop"), st.integers(0, 10**6)), min_size=1, max_size=80),
)
def test_any_push_and_pop_sequence_leaves_the_position_of_a_fresh_board(variant, steps):
    """Undo restores a position exactly: after any mix of moves (an integer picks one of the
    legal moves) and take-backs, the board equals a fresh board given the moves left."""
    board = Board(variant)
    for step in steps:
        if step == "pop":
            if board.move_stack:
                board.pop()
        elif board.turn is not None:
            codes = board.legal_codes()
            board.push_code(codes[step % len(codes)])
        fresh = Board(variant)
        for color, move in board.move_stack:
            fresh.push(move, color)
        assert observed(board) == observed(fresh)

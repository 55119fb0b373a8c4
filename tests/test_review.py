"""Looking back at a game: the move list, passes, the game-over story, a kept analysis."""

import random
import re
from pathlib import Path

import pytest

from game import Board, Move
from game.record import HUMAN, GameRecord
from game.review import (
    AnalysisResult,
    biggest_drops,
    game_story,
    move_rows,
)
from game.sgf import read_sgf

DATA = Path(__file__).parent / "data"
COMPLETE = (DATA / "classic_2_complete.blksgf").read_text()


def random_game(variant: str, seed: int) -> Board:
    rng = random.Random(seed)
    board = Board(variant)
    while board.turn is not None:
        board.push_code(rng.choice(board.legal_codes()))
    return board


class TestMoveList:
    def test_rows_read_like_the_record(self):
        board = read_sgf(COMPLETE)
        rows = move_rows(board.variant, board.move_stack)
        written = re.findall(r";([1-4])\[([^\]]*)\]", COMPLETE)
        assert [r.number for r in rows] == list(range(1, 70))
        assert [(str(r.color + 1), r.squares) for r in rows] == written
        assert (rows[0].color_name, rows[0].piece) == ("Blue", "F")
        assert (rows[-1].color_name, rows[-1].piece) == ("Red", "1")


def skipped_by_turn_order(board: Board) -> set[int]:
    """Colours skipped, read from the order of the movers alone: between two moves, every colour
    the turn went past (a colour with all pieces placed is finished, not passed)."""
    n = len(board.variant.colors)
    skipped = set()
    previous = n - 1
    for color, _ in board.move_stack:
        c = (previous + 1) % n
        while c != color:
            skipped.add(c)
            c = (c + 1) % n
        previous = color
    return {c for c in skipped if board.pieces_left(c)}


class TestPasses:
    def test_colours_that_placed_everything_did_not_pass(self):
        # Red placed all 21 pieces; Blue, Yellow and Green were shut in.
        assert read_sgf(COMPLETE).passed == {0, 1, 3}

    @pytest.mark.parametrize("variant", ["classic", "classic_2", "classic_3", "duo"])
    def test_passes_follow_the_turn_order(self, variant):
        for seed in range(4):
            board = random_game(variant, seed)
            assert board.passed == skipped_by_turn_order(board)

    def test_no_pass_before_a_colour_is_skipped(self):
        board = Board("duo")
        board.push(Move.parse("e10"))
        assert board.passed == frozenset()


class TestStory:
    """The complete record: Blue and Red 183, Yellow and Green 136."""

    board = read_sgf(COMPLETE)

    def test_you_win_against_a_computer(self):
        story = game_story(GameRecord(self.board, (HUMAN, 4)))
        assert story.headline == "You win against Expert by 47 points."
        assert [(s.place, s.name, s.score, s.winner) for s in story.ranking] == [
            (1, "You", 183, True),
            (2, "Expert", 136, False),
        ]
        assert story.passed == {0, 1, 3}

    def test_you_lose_to_a_computer(self):
        story = game_story(GameRecord(self.board, (3, HUMAN)))
        assert story.headline == "You lose to Strong by 47 points."
        assert story.ranking[1].name == "You" and story.ranking[1].place == 2

    def test_people_are_named_by_their_colours(self):
        story = game_story(GameRecord(self.board, (HUMAN, HUMAN)))
        assert story.headline == "Blue and Red win by 47 points."
        assert story.ranking[1].name == "Yellow and Green"

    def test_rule_book_basic_scoring_counts_fewest_as_best(self):
        board = read_sgf(COMPLETE.replace("CA[UTF-8]", "CA[UTF-8]PYBLOKUS[scoring=basic]"))
        story = game_story(GameRecord(board, (HUMAN, HUMAN)))
        assert story.headline == "Blue and Red win by 27 points."  # 15 squares left against 42

    @pytest.mark.parametrize("seed, wins", [(2, True), (0, False)])
    def test_four_players(self, seed, wins):
        board = random_game("classic", seed)
        scores = board.player_scores()
        story = game_story(GameRecord(board, (HUMAN, 2, 2, 3)))
        assert [s.score for s in story.ranking] == sorted(scores, reverse=True)
        you = next(s for s in story.ranking if s.name == "You")
        assert you.score == scores[0] and (you.place == 1) == wins
        best_rival = max(scores[1:])
        if wins:
            margin = scores[0] - best_rival
            rivals = "Casual, Casual and Strong"
            assert story.headline == f"You win against {rivals} by {margin} points."
        else:
            winner = story.ranking[0]
            assert winner.score == best_rival and winner.name.endswith(")")
            ordinal = ["first", "second", "third", "fourth"][you.place - 1]
            assert story.headline.startswith(f"{winner.name} wins by ")
            assert story.headline.endswith(f"You finish {ordinal}.")

    def test_a_tie_is_a_shared_win(self):
        board = Board("duo")
        board.push(Move.parse("e10"))
        board.push(Move.parse("j5"))
        assert game_story(GameRecord(board, (HUMAN, 4))).headline == (
            "You share the win with Expert, 1 point each."
        )
        assert game_story(GameRecord(board, (HUMAN, HUMAN))).headline == (
            "Purple and Orange share the win, 1 point each."
        )


def analysis_of(board: Board, losses) -> AnalysisResult:
    n = board.ply()
    return AnalysisResult(
        tuple(board.move_stack),
        tuple((float(i), -float(i)) for i in range(n + 1)),
        tuple(move for _, move in board.move_stack),
        tuple(losses),
    )


class TestKeptAnalysis:
    board = random_game("duo", 2)

    def test_round_trip_and_the_game_it_belongs_to(self):
        losses = [0.0] * self.board.ply()
        losses[4] = 9.5
        result = analysis_of(self.board, losses)
        assert (
            AnalysisResult.from_json(result.to_json(), self.board.variant, self.board.move_stack)
            == result
        )
        other = random_game("duo", 3)
        with pytest.raises(ValueError, match="another game"):
            AnalysisResult.from_json(result.to_json(), other.variant, other.move_stack)

    def test_an_analysis_still_fits_a_game_that_went_on(self):
        start = Board("duo")
        start.push(Move.parse("e10"))
        result = analysis_of(start, [0.0])
        start.push(Move.parse("j5"))
        assert result.fits(start.move_stack)

    @pytest.mark.parametrize(
        "text",
        [
            "[",
            "[]",
            '{"format": "pyblokus-analysis", "version": 1}',
            "[" * 5000,
            '{"format": "pyblokus-analysis", "version": 1, "moves": [[0, "e10"]], '
            '"values": [[1, 2], [1e999, 0]], "best": ["e10"], "losses": [0]}',
            "x" * 200_000,
        ],
    )
    def test_broken_data_gets_a_message(self, text):
        board = Board("duo")
        board.push(Move.parse("e10"))
        with pytest.raises(ValueError, match="analysis"):
            AnalysisResult.from_json(text, board.variant, board.move_stack)

    def test_biggest_drops_are_the_moves_that_lost_most(self):
        n = self.board.ply()
        losses = [0.0] * n
        losses[2], losses[7], losses[9], losses[11] = 12.0, 4.0, 2.0, 8.0
        result = analysis_of(self.board, losses)
        assert biggest_drops(result, count=3, minimum=3.0) == [3, 8, 12]

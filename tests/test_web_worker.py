"""game.web.worker: the searches and analyses the page posts to its Web Worker, answered or
ended."""

import asyncio

from game import Board, Move
from game.ai import LEVELS, Search
from game.analysis import Analysis
from game.sgf import write_sgf
from game.web.worker import SLICE, Searcher


def position(id_: int, board: Board, level: int, seed: int) -> dict:
    return {"search": {"id": id_, "sgf": write_sgf(board), "level": level, "seed": seed}}


def answers_to(*messages: dict, turns: int = 0) -> list[dict]:
    """What a Searcher posts for ``messages``, received ``turns`` turns of the event loop apart
    (a search does one slice per turn)."""

    async def run() -> list[dict]:
        answers = []
        searcher = Searcher(answers.append)
        searches = []
        for message in messages:
            searches.append(searcher.receive(message))
            for _ in range(turns):
                await asyncio.sleep(0)
        await asyncio.gather(*filter(None, searches))
        return answers

    return asyncio.run(run())


def test_the_answer_is_the_engines_move_for_the_position_sent():
    board = Board("classic_2", scoring="advanced")
    board.push(Move.parse("a20,b20,c20,d20,e20"))
    expected = Search(board, 2, seed=3).run()
    assert answers_to(position(7, board, 2, 3)) == [{"id": 7, "answer": str(expected)}]


def midgame() -> Board:
    """A Duo position where the top level searches for many slices."""
    board = Board("duo")
    for _ in range(8):
        moves = list(board.legal_moves)
        board.push(moves[len(moves) // 2])
    return board


def test_a_newer_search_ends_the_one_running_and_only_it_is_answered():
    board, top = midgame(), LEVELS[-1]
    assert not Search(board, top, seed=1).step(SLICE)  # more than a slice of work
    for turns in (0, 2):  # the first search not started yet, then a slice under way
        answers = answers_to(position(1, board, top, 1), position(2, board, 1, 2), turns=turns)
        assert answers == [{"id": 2, "answer": str(Search(board, 1, seed=2).run())}]


def test_a_cancel_ends_the_search_without_an_answer():
    assert answers_to(position(1, midgame(), LEVELS[-1], 1), {"cancel": True}, turns=2) == []


def analysis_request(id_: int, board: Board) -> dict:
    return {"analyse": {"id": id_, "sgf": write_sgf(board)}}


def test_an_analysis_reports_its_progress_then_answers_the_engines_analysis():
    board = midgame()
    expected = Analysis(board)
    expected.step(3600)
    answers = answers_to(analysis_request(3, board))
    progress = [answer["progress"] for answer in answers[:-1]]
    assert all(answer["id"] == 3 for answer in answers)
    assert progress == sorted(set(progress)) and progress[0] >= 0 and progress[-1] <= 1
    assert len(progress) >= 2  # more than one position's worth of slices
    assert answers[-1] == {"id": 3, "answer": expected.result.to_json()}


def test_a_search_ends_the_analysis_running():
    board = midgame()
    answers = answers_to(analysis_request(1, board), position(2, board, 1, 2), turns=3)
    assert [answer for answer in answers if answer["id"] == 1 and "answer" in answer] == []
    assert answers[-1] == {"id": 2, "answer": str(Search(board, 1, seed=2).run())}


def test_a_cancel_ends_the_analysis_without_an_answer():
    answers = answers_to(analysis_request(1, midgame()), {"cancel": True}, turns=3)
    assert all("progress" in answer for answer in answers)


def test_a_part_of_a_search_is_answered_with_what_the_part_found():
    from game.ai import MASTER
    from game.parts import PartResult

    board = midgame()
    for part in (0, 1):
        message = position(4, board, MASTER, 6)
        message["search"]["part"] = part
        (answer,) = answers_to(message)
        search = Search(board, MASTER, seed=6, part=part)
        search.run()
        assert PartResult.from_json(answer["answer"]) == search.part_result
    # A level whose search is not dealt: part 0 answers with its whole move, part 1 with nothing.
    message = position(5, board, 3, 6)
    message["search"]["part"] = 1
    assert answers_to(message) == [{"id": 5, "answer": None}]

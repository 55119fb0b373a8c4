"""The page's search runner in CPython: one job at a time, cancelling, the computer's moves."""

import asyncio
import types

import pytest

from game import Board, Move
from game.ai import choose_move
from game.web.search import PlayerUnavailable, SlicedRunner


async def loaded_ai():
    import game.ai

    return game.ai


async def no_ai():
    return None


def duo_after(*moves) -> Board:
    board = Board("duo")
    for text in moves:
        board.push(Move.parse(text))
    return board


def test_the_computer_plays_the_same_move_as_in_one_call():
    board = duo_after("e10", "j5")
    runner = SlicedRunner(loaded_ai)
    move = asyncio.run(runner.start(board, 3, seed=4))
    assert move == choose_move(board, 3, seed=4) and runner.running is None


class EndlessSearch:
    """A :class:`game.ai.Search` that never ends unless cancelled."""

    made = []

    def __init__(self, board, level, seed):
        self.best_move, self.done = None, False
        self.made.append(self)

    def step(self, seconds):
        return False

    def cancel(self):
        self.done = True


async def endless_ai():
    return types.SimpleNamespace(Search=EndlessSearch)


def test_cancel_gives_none_and_stops_the_search():
    async def scenario():
        runner = SlicedRunner(endless_ai)
        search = asyncio.ensure_future(runner.start(Board("classic"), 1, seed=1))
        for _ in range(3):
            await asyncio.sleep(0)
        assert runner.busy and runner.running == "computer" and not search.done()
        runner.cancel()
        assert runner.running is None
        assert await search is None
        return runner

    assert not asyncio.run(scenario()).busy
    assert EndlessSearch.made[-1].done  # cancelled, not left to run


def test_a_new_job_ends_the_one_running():
    stopped = []

    def endless(name):
        try:
            while True:
                yield
        finally:
            stopped.append(name)

    async def scenario():
        runner = SlicedRunner(None)
        first = runner.run(endless("first"), "first")
        first_task = asyncio.ensure_future(first)
        await asyncio.sleep(0.01)
        second = asyncio.ensure_future(runner.run(iter(range(3)), "second"))
        return await first_task, await second

    assert asyncio.run(scenario()) == (False, True) and stopped == ["first"]


def test_the_change_callback_follows_every_job():
    seen = []
    runner = SlicedRunner(None, on_change=lambda: seen.append((runner.busy, runner.running)))
    assert asyncio.run(runner.run(iter(range(2)), "count"))
    assert seen == [(True, "count"), (False, None)]


def sleeps_recorded(monkeypatch) -> list[float]:
    """The lengths of the runner's waits from now on (waits of 0, its yields between slices,
    left out), each taken at once."""
    waits, real_sleep = [], asyncio.sleep

    async def sleep(seconds):
        if seconds:
            waits.append(seconds)
        await real_sleep(0)

    monkeypatch.setattr("game.web.search.asyncio.sleep", sleep)
    return waits


@pytest.mark.parametrize("searched, waits", [(1.5, [3.5]), (5.0, []), (10.0, [])])
def test_a_move_waits_at_least_the_given_time(monkeypatch, searched, waits):
    """A search that took ``searched`` seconds of the 5 asked for waits out the rest."""
    times = iter([0.0, searched])  # the runner's clock as the search starts, then as it ends
    runner = SlicedRunner(loaded_ai, clock=lambda: next(times))
    board = duo_after("e10")
    waited = sleeps_recorded(monkeypatch)
    move = asyncio.run(runner.start(board, 1, seed=2, at_least=5.0))
    assert move == choose_move(board, 1, seed=2) and waited == waits


def test_no_computer_player_is_reported():
    runner = SlicedRunner(no_ai)
    with pytest.raises(PlayerUnavailable):
        asyncio.run(runner.start(Board("duo"), 1, seed=0))
    assert not runner.busy


def test_an_analysis_reports_progress_and_gives_the_engines_result():
    from game.analysis import Analysis

    board = duo_after("e10", "j5", "d11,d12")
    expected = Analysis(board)
    expected.step(3600)
    seen, labels = [], []
    runner = SlicedRunner(loaded_ai, on_change=lambda: labels.append(runner.running))
    result = asyncio.run(runner.analyse(board, seen.append))
    assert result == expected.result
    assert seen == sorted(seen) and seen[-1] <= 1 and labels == ["analysis", None]


def test_a_cancelled_analysis_gives_none():
    async def scenario():
        runner = SlicedRunner(loaded_ai)
        analysis = asyncio.ensure_future(runner.analyse(duo_after("e10", "j5"), lambda _: None))
        await asyncio.sleep(0)
        runner.cancel()
        return await analysis, runner.busy

    assert asyncio.run(scenario()) == (None, False)

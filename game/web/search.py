"""Searches and other long jobs run in slices on the page's event loop, one at a time; the
runner owns cancelling them.

Pure asyncio (no DOM), tested in CPython. A job is an iterator: each ``next()`` does one slice
of work, and the runner gives the event loop back between slices, so clicks and repaints go
on meanwhile. Starting a job, or :meth:`SearchRunner.cancel`, ends the job running: the
awaitable its caller holds then gives None (or False), and no caller checks anything else.

>>> import asyncio
>>> runner = SlicedRunner(load_player=None)
>>> asyncio.run(runner.run(iter(range(3)), "count"))
True
"""

from __future__ import annotations

import asyncio
import time
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterator

from game import Move
from game.board import BaseBoard, Board
from game.review import AnalysisResult
from game.slicing import SlicedWork

#: Seconds of search per slice before the page gets the event loop back.
SEARCH_SLICE = 0.03


class PlayerUnavailable(RuntimeError):
    """The computer player could not be loaded (no NumPy): humans play on."""


class SearchRunner(ABC):
    """Finds the computer's moves without blocking the page, one job at a time.
    :class:`SlicedRunner` runs them all on the event loop; the page runs its subclass
    :class:`game.web.computer.WorkerRunner`, whose searches and analyses run in a Web Worker.

    Each method starts its job at once (ending the one before) and returns an awaitable of its
    result: await it, in the caller's own task."""

    #: What the job running is for (the label it was started with), None when none runs or
    #: it was cancelled.
    running: str | None = None

    @abstractmethod
    def start(
        self,
        board: BaseBoard,
        level: int,
        seed: int,
        *,
        at_least: float = 0.0,
        label: str = "computer",
    ) -> Awaitable[Move | None]:
        """The move the computer at ``level`` plays on ``board`` (copied: the caller may change
        its own), given no sooner than ``at_least`` seconds from now; None if cancelled
        meanwhile. Raises :class:`PlayerUnavailable` if there is no computer player."""

    @abstractmethod
    def analyse(
        self, board: Board, on_progress: Callable[[float], None]
    ) -> Awaitable[AnalysisResult | None]:
        """The analysis of ``board``'s game (:mod:`game.analysis`), labelled ``analysis``;
        ``on_progress`` hears how far it is (0 to 1) as it goes. None if cancelled meanwhile.
        Raises :class:`PlayerUnavailable` if there is no computer player."""

    @abstractmethod
    def run(self, job: Iterator, label: str, *, pause: float = 0.0) -> Awaitable[bool]:
        """Run ``job`` (one slice per ``next()``) to its end, ``pause`` seconds between slices:
        True, or False if it was cancelled (the job is then closed)."""

    @abstractmethod
    def cancel(self) -> None:
        """End the job running, if any."""


class SlicedRunner(SearchRunner):
    """Runs jobs and searches in slices on the event loop.

    ``load_player`` returns an awaitable of :mod:`game.ai` (None if it cannot be loaded);
    ``on_change`` is called as each job begins and ends (a cancelled one at its next slice)."""

    def __init__(
        self,
        load_player: Callable[[], Awaitable] | None,
        *,
        on_change: Callable[[], None] = lambda: None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self._load_player = load_player
        self._on_change = on_change
        self._clock = clock
        self._current = 0  # the number of the job allowed to go on; the others end
        self._alive = 0

    @property
    def busy(self) -> bool:
        """Whether a job's code still runs (a cancelled one, until its next slice)."""
        return self._alive > 0

    def cancel(self) -> None:
        self._current += 1
        self.running = None

    def run(self, job: Iterator, label: str, *, pause: float = 0.0) -> Awaitable[bool]:
        return self._run(self._begin(label), job, pause)

    def start(
        self,
        board: BaseBoard,
        level: int,
        seed: int,
        *,
        at_least: float = 0.0,
        label: str = "computer",
    ) -> Awaitable[Move | None]:
        return self._search(self._begin(label), board.copy(), level, seed, at_least)

    def analyse(
        self, board: Board, on_progress: Callable[[float], None]
    ) -> Awaitable[AnalysisResult | None]:
        return self._analyse(self._begin("analysis"), board.copy(), on_progress)

    async def _run(self, number: int, job: Iterator, pause: float) -> bool:
        try:
            return await self._slices(number, job, pause)
        finally:
            self._end(number)

    async def _wait_until(self, moment: float) -> None:
        """Sleep until the runner's clock reads ``moment`` (now if it has passed)."""
        remaining = moment - self._clock()
        if remaining > 0:
            await asyncio.sleep(remaining)

    async def _search(
        self, number: int, board: BaseBoard, level: int, seed: int, at_least: float
    ) -> Move | None:
        started = self._clock()
        try:
            ai = await self._load_player()
            if ai is None:
                raise PlayerUnavailable("the computer player could not be loaded")
            search = ai.Search(board, level, seed=seed)
            if not await self._slices(number, _slices_of(search), 0.0):
                return None
            await self._wait_until(started + at_least)
            return search.best_move if number == self._current else None
        finally:
            self._end(number)

    async def _analyse(
        self, number: int, board: Board, on_progress: Callable[[float], None]
    ) -> AnalysisResult | None:
        try:
            if await self._load_player() is None:
                raise PlayerUnavailable("the computer player could not be loaded")
            from game.analysis import Analysis  # needs NumPy, loaded by now

            analysis = Analysis(board)
            slices = _slices_of(analysis, lambda: on_progress(analysis.progress))
            return analysis.result if await self._slices(number, slices, 0.0) else None
        finally:
            self._end(number)

    async def _slices(self, number: int, job: Iterator, pause: float) -> bool:
        try:
            while number == self._current:
                try:
                    next(job)
                except StopIteration:
                    return True
                await asyncio.sleep(pause)
            return False
        finally:
            close = getattr(job, "close", None)
            if close is not None:
                close()

    def _begin(self, label: str) -> int:
        """End the job running, if any; the number of the one beginning."""
        self.cancel()
        self.running = label
        self._alive += 1
        self._on_change()
        return self._current

    def _end(self, number: int) -> None:
        if number == self._current:
            self.running = None
        self._alive -= 1
        self._on_change()


def _slices_of(work: SlicedWork, after_slice: Callable[[], None] = lambda: None) -> Iterator[None]:
    """Step ``work`` (:class:`game.ai.Search`, :class:`game.analysis.Analysis`) for
    :data:`SEARCH_SLICE` seconds per slice, calling ``after_slice`` after each, until it is
    done; closing the iterator cancels it."""
    try:
        while not work.step(SEARCH_SLICE):
            after_slice()
            yield
    finally:
        if not work.done:
            work.cancel()

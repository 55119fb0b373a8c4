"""The computer player in the page's Web Worker, seen from the page: :class:`WorkerRunner`
searches and analyses games there (static/ai-worker.js running :mod:`game.web.worker`), so that
neither loading NumPy nor the computer's work holds up the page's thread; jobs (the puzzle
solver) still run in slices here. The page posts games as SGF and waits for the answers. Page
code (``js``)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import js
from pyodide.ffi import create_proxy

from game import Move
from game.board import BaseBoard, Board
from game.parts import PartResult, best_part
from game.review import AnalysisResult
from game.sgf import write_sgf

from .dom import js_object
from .search import PlayerUnavailable, SlicedRunner

WORKER_SCRIPT = "./static/ai-worker.js"


class ComputerWorker:
    """The worker, started at once. :attr:`loaded` gives NumPy's version once it can search
    (None if it cannot); :meth:`search` asks it for a move, :meth:`analyse` for a game's
    analysis; :meth:`cancel` ends the request under way."""

    def __init__(self):
        self.loaded: asyncio.Future = asyncio.get_event_loop().create_future()
        self._waiting: dict[int, asyncio.Future] = {}
        self._progress: dict[int, Callable[[float], None]] = {}
        self._asked = 0
        self._worker = js.Worker.new(WORKER_SCRIPT, js_object(type="module"))
        self._worker.onmessage = create_proxy(lambda event: self._receive(event.data.to_py()))
        self._worker.onerror = create_proxy(lambda event: self._receive({"failed": event.message}))
        # Its first message: the runtime the page compiled (static/boot.js kept it), if any.
        runtime = getattr(js.window, "pyblokusRuntime", None)
        self._worker.postMessage(js_object(runtime=runtime))

    def _receive(self, message: dict) -> None:
        if "progress" in message:
            on_progress = self._progress.get(message["id"])
            if on_progress is not None:
                on_progress(message["progress"])
        elif "id" in message:
            self._progress.pop(message["id"], None)
            waiting = self._waiting.pop(message["id"], None)
            if waiting is not None and not waiting.done():
                waiting.set_result(message["answer"])
        else:
            if not self.loaded.done():
                self.loaded.set_result(message.get("loaded"))
            if "failed" in message:
                self._answer_all_none()

    def _answer_all_none(self) -> None:
        """Answer every request waiting with None: it was cancelled, or the worker failed."""
        for waiting in self._waiting.values():
            if not waiting.done():
                waiting.set_result(None)
        self._waiting.clear()
        self._progress.clear()

    async def _ask(
        self, kind: str, request: dict, on_progress: Callable[[float], None] | None = None
    ):
        """Post ``request`` as a ``kind`` message; its answer (None if cancelled meanwhile)."""
        if await self.loaded is None:
            raise PlayerUnavailable("the computer player could not be loaded")
        self._asked += 1
        answer = self._waiting[self._asked] = asyncio.get_event_loop().create_future()
        if on_progress is not None:
            self._progress[self._asked] = on_progress
        self._worker.postMessage(js_object(**{kind: {"id": self._asked, **request}}))
        return await answer

    async def search(self, board: BaseBoard, level: int, seed: int) -> Move | None:
        """The move the computer at ``level`` plays on ``board``; None if cancelled meanwhile.
        Raises :class:`PlayerUnavailable` if the worker could not load the player."""
        request = {"sgf": write_sgf(board), "level": level, "seed": seed}
        move = await self._ask("search", request)
        return None if move is None else Move.parse(move)

    async def search_part(
        self, board: BaseBoard, level: int, seed: int, part: int
    ) -> PartResult | None:
        """What ``part`` of that search found (:mod:`game.parts`); None if the part has nothing
        to do, or if cancelled meanwhile. Raises :class:`PlayerUnavailable` as :meth:`search`."""
        request = {"sgf": write_sgf(board), "level": level, "seed": seed, "part": part}
        found = await self._ask("search", request)
        return None if found is None else PartResult.from_json(found)

    async def analyse(
        self, board: Board, on_progress: Callable[[float], None]
    ) -> AnalysisResult | None:
        """The analysis of ``board``'s game, ``on_progress`` told how far it is as it goes;
        None if cancelled meanwhile. Raises :class:`PlayerUnavailable` as :meth:`search`."""
        kept = await self._ask("analyse", {"sgf": write_sgf(board)}, on_progress)
        if kept is None:
            return None
        return AnalysisResult.from_json(kept, board.variant, board.move_stack)

    def cancel(self) -> None:
        if self._waiting:
            self._answer_all_none()
            self._worker.postMessage(js_object(cancel=True))


class WorkerRunner(SlicedRunner):
    """:class:`SlicedRunner` whose searches and analyses run in the :class:`ComputerWorker`
    that ``worker`` gives (called at the first: the page starts it once it is playable). Where
    ``helper`` gives a second worker that has loaded, each search is dealt into parts
    (:mod:`game.parts`) searched at once in the two: the same move, sooner."""

    def __init__(
        self,
        worker: Callable[[], ComputerWorker],
        helper: Callable[[], ComputerWorker | None] = lambda: None,
        **options,
    ):
        super().__init__(None, **options)
        self._start_worker = worker
        self._helper = helper
        self._worker: ComputerWorker | None = None
        self._helping: ComputerWorker | None = None

    def cancel(self) -> None:
        super().cancel()
        for worker in (self._worker, self._helping):
            if worker is not None:
                worker.cancel()

    async def _search(
        self, number: int, board: BaseBoard, level: int, seed: int, at_least: float
    ) -> Move | None:
        started = self._clock()

        async def ask(worker: ComputerWorker) -> Move | None:
            self._helping = self._helper()
            if self._helping is None:
                move = await worker.search(board, level, seed)
            else:
                workers = (worker, self._helping)
                parts = [w.search_part(board, level, seed, k) for k, w in enumerate(workers)]
                best = best_part(await asyncio.gather(*parts))
                move = None if best is None else best.move
            if move is not None and number == self._current:
                await self._wait_until(started + at_least)
            return move

        return await self._in_worker(number, ask)

    async def _analyse(
        self, number: int, board: Board, on_progress: Callable[[float], None]
    ) -> AnalysisResult | None:
        return await self._in_worker(number, lambda worker: worker.analyse(board, on_progress))

    async def _in_worker(self, number: int, ask: Callable[[ComputerWorker], Awaitable]):
        """What ``ask`` gets of the worker for job ``number`` (None if it was ended)."""
        try:
            self._worker = self._start_worker()
            answer = await ask(self._worker)
            return answer if number == self._current else None
        finally:
            self._end(number)

"""The computer player in the page's Web Worker, seen from the page: :class:`WorkerRunner`
searches there (static/ai-worker.js running :mod:`game.web.worker`), so that neither loading
NumPy nor a search holds up the page's thread; jobs (the puzzle solver) still run in slices
here. The page posts positions as SGF and waits for the answers. Page code (``js``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import js
from pyodide.ffi import create_proxy

from game import Move
from game.board import BaseBoard
from game.sgf import write_sgf

from .dom import js_object
from .search import PlayerUnavailable, SlicedRunner

WORKER_SCRIPT = "./static/ai-worker.js"


class ComputerWorker:
    """The worker, started at once. :attr:`loaded` gives NumPy's version once it can search
    (None if it cannot); :meth:`search` asks it for a move; :meth:`cancel` ends the search."""

    def __init__(self):
        self.loaded: asyncio.Future = asyncio.get_event_loop().create_future()
        self._waiting: dict[int, asyncio.Future] = {}
        self._asked = 0
        self._worker = js.Worker.new(WORKER_SCRIPT, js_object(type="module"))
        self._worker.onmessage = create_proxy(lambda event: self._receive(event.data.to_py()))
        self._worker.onerror = create_proxy(lambda event: self._receive({"failed": event.message}))

    def _receive(self, message: dict) -> None:
        if "id" in message:
            waiting = self._waiting.pop(message["id"], None)
            if waiting is not None and not waiting.done():
                waiting.set_result(message["move"])
            return
        if not self.loaded.done():
            self.loaded.set_result(message.get("loaded"))
        if "failed" in message:
            self._answer_all(None)

    def _answer_all(self, move: str | None) -> None:
        for waiting in self._waiting.values():
            if not waiting.done():
                waiting.set_result(move)
        self._waiting.clear()

    async def search(self, board: BaseBoard, level: int, seed: int) -> Move | None:
        """The move the computer at ``level`` plays on ``board``; None if cancelled meanwhile.
        Raises :class:`PlayerUnavailable` if the worker could not load the player."""
        if await self.loaded is None:
            raise PlayerUnavailable("the computer player could not be loaded")
        self._asked += 1
        answer = self._waiting[self._asked] = asyncio.get_event_loop().create_future()
        position = {"id": self._asked, "sgf": write_sgf(board), "level": level, "seed": seed}
        self._worker.postMessage(js_object(search=position))
        move = await answer
        return None if move is None else Move.parse(move)

    def cancel(self) -> None:
        if self._waiting:
            self._answer_all(None)
            self._worker.postMessage(js_object(cancel=True))


class WorkerRunner(SlicedRunner):
    """:class:`SlicedRunner` whose searches run in the :class:`ComputerWorker` that ``worker``
    gives (called at the first search: the page starts it once it is playable)."""

    def __init__(self, worker: Callable[[], ComputerWorker], **options):
        super().__init__(None, **options)
        self._start_worker = worker
        self._worker: ComputerWorker | None = None

    def cancel(self) -> None:
        super().cancel()
        if self._worker is not None:
            self._worker.cancel()

    async def _search(
        self, number: int, board: BaseBoard, level: int, seed: int, at_least: float
    ) -> Move | None:
        started = self._clock()
        try:
            self._worker = self._start_worker()
            move = await self._worker.search(board, level, seed)
            if move is not None and number == self._current:
                await self._wait_until(started + at_least)
            return move if number == self._current else None
        finally:
            self._end(number)

"""The computer player's side of the page's Web Worker (static/ai-worker.js): it searches the
positions the page posts, and analyses its games, in slices, so that a newer request or a
cancel is heard at once.

Messages are plain dicts. ``{"search": {"id": 1, "sgf": ..., "level": 3, "seed": 7}}`` asks for
the move of the colour to move (answered ``{"id": 1, "answer": "e10,f10,e9"}``, ``None`` if it
has no move); with ``"part": 1`` in the search, for what that part of a search dealt into parts
found (:mod:`game.parts`; answered with :meth:`~game.parts.PartResult.to_json`, ``None`` if the
part has nothing to do); ``{"analyse": {"id": 2, "sgf": ...}}`` asks for the analysis of the
record's game (:mod:`game.analysis`; answered with :meth:`~game.review.AnalysisResult.to_json`,
after ``{"id": 2, "progress": 0.25}`` as each position is done). A request ends the one running, and
``{"cancel": True}`` ends it too: an ended request gets no answer.

>>> import asyncio
>>> from game import Board
>>> from game.sgf import write_sgf
>>> async def ask():
...     answers = []
...     searcher = Searcher(answers.append)
...     position = {"id": 1, "sgf": write_sgf(Board("duo")), "level": 1, "seed": 7}
...     await searcher.receive({"search": position})
...     return answers
>>> asyncio.run(ask())[0]["answer"] == str(Search(Board("duo"), 1, seed=7).run())
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from game.ai import Search
from game.analysis import Analysis
from game.sgf import read_sgf
from game.slicing import SlicedWork

#: Seconds of work between looks at the worker's messages.
SLICE = 0.05


class Searcher:
    """Runs one request at a time for the page; ``post`` sends what it has to say back."""

    def __init__(self, post: Callable[[dict], object]):
        self._post = post
        self._current = 0  # the number of the message whose work may go on; the others end

    def receive(self, message: dict) -> asyncio.Future | None:
        """Handle a message from the page; the work it starts, if any (awaiting it is not
        needed: it answers by ``post``)."""
        self._current += 1
        if "search" in message:
            return asyncio.ensure_future(self._search(self._current, **message["search"]))
        if "analyse" in message:
            return asyncio.ensure_future(self._analyse(self._current, **message["analyse"]))
        return None

    async def _search(
        self,
        number: int,
        id: int,  # noqa: A002
        sgf: str,
        level: int,
        seed: int,
        part: int | None = None,
    ) -> None:
        search = Search(read_sgf(sgf), level, seed=seed, part=part)
        if not await self._run(number, search):
            return
        if part is not None:
            result = search.part_result
            self._post({"id": id, "answer": None if result is None else result.to_json()})
        else:
            move = search.best_move
            self._post({"id": id, "answer": None if move is None else str(move)})

    async def _analyse(self, number: int, id: int, sgf: str) -> None:  # noqa: A002
        analysis = Analysis(read_sgf(sgf))
        shown = -1.0

        def progress() -> None:
            nonlocal shown
            if analysis.progress != shown:  # once a position, not once a slice
                shown = analysis.progress
                self._post({"id": id, "progress": shown})

        if await self._run(number, analysis, progress):
            self._post({"id": id, "answer": analysis.result.to_json()})

    async def _run(
        self, number: int, work: SlicedWork, after_slice: Callable[[], None] = lambda: None
    ) -> bool:
        """Step ``work`` to its end: True, or False if a newer message came first (the work is
        then cancelled)."""
        await asyncio.sleep(0)  # a message that came meanwhile may end this work unstarted
        while number == self._current:
            if work.step(SLICE):
                return True
            after_slice()
            await asyncio.sleep(0)
        work.cancel()
        return False


def serve() -> Callable[[object], None]:
    """In the worker: a Searcher answering with ``postMessage``; returns what to call with each
    message's data (a JavaScript object)."""
    import json

    import js

    searcher = Searcher(lambda answer: js.postMessage(js.JSON.parse(json.dumps(answer))))

    def receive(data) -> None:  # returns nothing: a task handed to JavaScript would be a proxy
        searcher.receive(data.to_py())

    return receive

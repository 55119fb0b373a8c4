"""The computer player's side of the page's Web Worker (static/ai-worker.js): it searches the
positions the page posts, in slices, so that a newer search or a cancel is heard at once.

Messages are plain dicts: ``{"search": {"id": 1, "sgf": ..., "level": 3, "seed": 7}}`` starts
a search (ending the one running), ``{"cancel": True}`` ends it; each search that is not ended
answers ``{"id": 1, "move": "e10,f10,e9"}`` (``None`` if the colour has no move).

>>> import asyncio
>>> from game import Board
>>> from game.sgf import write_sgf
>>> async def ask():
...     answers = []
...     searcher = Searcher(answers.append)
...     position = {"id": 1, "sgf": write_sgf(Board("duo")), "level": 1, "seed": 7}
...     await searcher.receive({"search": position})
...     return answers
>>> asyncio.run(ask())[0]["move"] == str(Search(Board("duo"), 1, seed=7).run())
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from game.ai import Search
from game.sgf import read_sgf

#: Seconds of search between looks at the worker's messages.
SLICE = 0.05


class Searcher:
    """Runs one search at a time for the page; ``post`` sends an answer back."""

    def __init__(self, post: Callable[[dict], object]):
        self._post = post
        self._current = 0  # the number of the message whose search may go on; the others end

    def receive(self, message: dict) -> asyncio.Future | None:
        """Handle a message from the page; the search it starts, if any (awaiting it is not
        needed: it answers by ``post``)."""
        self._current += 1
        if "search" in message:
            return asyncio.ensure_future(self._search(self._current, **message["search"]))
        return None

    async def _search(self, number: int, id: int, sgf: str, level: int, seed: int) -> None:  # noqa: A002
        await asyncio.sleep(0)  # a message that came meanwhile may end this search unstarted
        if number != self._current:
            return
        search = Search(read_sgf(sgf), level, seed=seed)
        while not search.step(SLICE):
            await asyncio.sleep(0)
            if number != self._current:  # a newer search or a cancel came: no answer
                search.cancel()
                return
        move = search.best_move
        self._post({"id": id, "move": None if move is None else str(move)})


def serve() -> Callable[[object], None]:
    """In the worker: a Searcher answering with ``postMessage``; returns what to call with each
    message's data (a JavaScript object)."""
    import json

    import js

    searcher = Searcher(lambda answer: js.postMessage(js.JSON.parse(json.dumps(answer))))
    return lambda data: searcher.receive(data.to_py())

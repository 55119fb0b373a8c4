"""Work run a slice at a time, so that the page's event loop is never blocked for long."""

from __future__ import annotations

import time
from collections.abc import Iterator


class SlicedWork:
    """A generator's work (``_work``, set by the subclass) run in slices with :meth:`step`.

    :attr:`done` is True once the work has ended or was cancelled.
    """

    done: bool = False
    _work: Iterator[None]

    def step(self, seconds: float = 0.02) -> bool:
        """Work for about ``seconds`` (at least one slice of work); return :attr:`done`."""
        deadline = time.perf_counter() + seconds
        while not self.done:
            try:
                next(self._work)
            except StopIteration:
                self.done = True
            if time.perf_counter() >= deadline:
                break
        return self.done

    def cancel(self) -> None:
        """Stop for good (e.g. the game changed); results found so far stay as they are."""
        self._work.close()
        self.done = True

"""A search dealt into parts over its root's moves, so that the page can search the parts at once
in as many Web Workers: what a part found, and which part's move is played. Without NumPy: the
page's thread, which never loads it, picks among the workers' answers.

>>> from game import Move
>>> found = [PartResult(Move.parse("e10"), 0.25, 400), None, PartResult(Move.parse("f9"), 0.5, 90)]
>>> str(best_part(found).move)
'f9'
>>> PartResult.from_json(found[0].to_json()) == found[0]
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .pieces import Move

#: The most parts a level's search is dealt into: the page's workers that search.
MAX_PARTS = 2


@dataclass(frozen=True)
class PartResult:
    """What one part of a search found: its move (None: no move), and where the search was dealt
    into parts, that move's mean value for the mover and its visits in the part's tree. A
    ``value`` of None says the search was not dealt: ``move`` is the whole search's."""

    move: Move | None
    value: float | None = None
    visits: int = 0

    def to_json(self) -> dict:
        move = None if self.move is None else str(self.move)
        return {"move": move, "value": self.value, "visits": self.visits}

    @classmethod
    def from_json(cls, data: dict) -> PartResult:
        move = None if data["move"] is None else Move.parse(data["move"])
        return cls(move, data["value"], data["visits"])


def best_part(results: Iterable[PartResult | None]) -> PartResult | None:
    """The result whose move is played: the whole search's if one was not dealt, else the part's
    of best mean value (then most visits, then first); None if no part has a result."""
    found = [result for result in results if result is not None]
    whole = [result for result in found if result.value is None]
    if whole:
        return whole[0]
    return max(found, key=lambda result: (result.value, result.visits), default=None)

"""Engine timings that run alike in CPython and in the page, for ``bench/browser.py``.

>>> sorted(engine_timings(games=1, repeats=1, rounds=1))
['classic_legal_moves_count', 'classic_legal_moves_ms', 'classic_random_game_ms']
"""

from __future__ import annotations

import random
import time

from game import Board

MID_GAME_PLIES = 24


def mid_game_classic(seed: int = 1) -> Board:
    """A Classic position after :data:`MID_GAME_PLIES` random moves."""
    rng = random.Random(seed)
    board = Board("classic")
    for _ in range(MID_GAME_PLIES):
        board.push_code(rng.choice(board.legal_codes()))
    return board


def random_game(seed: int) -> int:
    """Play a random Classic game to its end; return its number of moves."""
    rng = random.Random(seed)
    board = Board("classic")
    while board.turn is not None:
        board.push_code(rng.choice(board.legal_codes()))
    return board.ply()


def _median(values: list[float]) -> float:
    """The middle value (the upper of the two middle ones for an even count). Not
    :mod:`statistics`: with fractions and decimal it would be 30 KB more in the page's standard
    library archive, for this bench alone."""
    return sorted(values)[len(values) // 2]


def engine_timings(games: int = 5, repeats: int = 20, rounds: int = 3) -> dict[str, float]:
    """Milliseconds to list every legal move (as :class:`Move` objects) of a mid-game Classic
    position (the median of ``repeats``), and to play a random Classic game (the median over
    ``games`` seeds of each seed's fastest of ``rounds`` plays: as :mod:`timeit` takes the best,
    for the machine's other work only ever slows a game down)."""
    board = mid_game_classic()
    color = board.turn
    geo = board.geometry
    legal_times = []
    for _ in range(repeats):
        start = time.perf_counter()
        # The board caches the list of the colour to move: generate it afresh from the masks.
        codes = geo.placements(
            geo.full & ~board.forbidden_mask(color),
            board.attach_mask(color),
            board.used_pieces_mask(color),
        )
        moves = [board.move_from_code(code) for code in codes]
        legal_times.append((time.perf_counter() - start) * 1000)
    game_times = []
    for seed in range(games):
        fastest = float("inf")
        for _ in range(rounds):
            start = time.perf_counter()
            random_game(seed)
            fastest = min(fastest, time.perf_counter() - start)
        game_times.append(fastest * 1000)
    return {
        "classic_legal_moves_ms": round(_median(legal_times), 2),
        "classic_legal_moves_count": len(moves),
        "classic_random_game_ms": round(_median(game_times), 1),
    }

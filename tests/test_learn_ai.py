"""tools/learn_ai.py: the softmax regression that fits the move prior's weights."""

import numpy as np
from tool_modules import tool

learn_ai = tool("learn_ai")


def synthetic_sample(positions=1000, moves=100, seed=5):
    """Positions whose chosen move has the most of feature 0. Feature 1 occurs once, on a move
    as good by feature 0 as the one chosen; feature 2 never."""
    rng = np.random.default_rng(seed)
    data = []
    for _ in range(positions):
        x = np.zeros((moves, 3), dtype=np.float32)
        x[:, 0] = rng.integers(0, 4, moves)
        data.append((x, int(np.argmax(x[:, 0]))))
    x, chosen = data[0]
    other = (chosen + 1) % moves
    x[other] = x[chosen, 0], 1, 0
    return data


def test_fit_follows_the_choices_and_keeps_a_rare_feature_small():
    w = learn_ai.fit(synthetic_sample())
    assert np.all(np.isfinite(w))
    assert w[0] > 2  # the chosen move has the most of feature 0
    # One move in 100,000 says little against feature 1: a small weight. Magnified by its
    # tiny spread, it once grew to -6.4 here (-88 in a real fit), ruling out every such move.
    assert -1 < w[1] < 0
    assert w[2] == 0


def test_without_the_floor_a_rare_feature_grows():
    # The fit as it was before the floor (--scale-floor 0), which classic_2's weights reproduce.
    w = learn_ai.fit(synthetic_sample(), scale_floor=0)
    assert w[1] < -3


def test_chunks_split_the_games_each_with_seeds_of_its_own(monkeypatch):
    played = []
    monkeypatch.setattr(
        learn_ai, "play_games", lambda v, games, level, seed, out: played.append((games, seed))
    )
    for chunk in range(3):
        learn_ai.play_chunk("trigon_2", 10, 3, 5, 51, chunk, "out")
    assert played == [(4, 51), (3, 53), (3, 55)]
    # One chunk plays as the tool did before chunks: seeds ``seed`` and ``seed + 1``.
    learn_ai.play_chunk("duo", 379, 1, 5, 11, 0, "out")
    assert played[-1] == (379, 11)

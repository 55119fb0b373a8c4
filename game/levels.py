"""The computer player's levels, by number and name.

Kept apart from :mod:`game.ai`, which needs NumPy: the page offers the levels before it imports
the player.

>>> LEVEL_NAMES[HINT_LEVEL]
'Master'
"""

LEVEL_NAMES = {1: "Beginner", 2: "Casual", 3: "Strong", 4: "Expert", 5: "Master"}
LEVELS = tuple(LEVEL_NAMES)
#: The level that answers a human's request for a hint.
HINT_LEVEL = max(LEVELS)

#: How each level scores against Pentobi's levels (``pentobi-gtp --nobook -l N``), measured with
#: ``bench/strength.py`` (wins 1, draws 1/2; seats rotating): per family of variants -- Duo,
#: Junior, Trigon measured in ``trigon_2`` and the Classic board in ``classic_2`` (one player
#: against one) -- per our level, Pentobi's level -> our score. Re-measure when a level's play
#: changes.
LEVEL_STRENGTH: dict[str, dict[int, dict[int, float]]] = {
    # How each figure was measured (games, seeds, engine): bench/RESULTS.md.
    "duo": {
        1: {1: 0.0, 2: 0.0, 3: 0.0},
        2: {1: 0.05, 2: 0.0, 3: 0.0},
        3: {1: 0.255, 2: 0.025, 3: 0.0},
        4: {1: 0.6, 2: 0.1625, 3: 0.0875},
        5: {3: 0.69, 5: 0.365},
    },
    "junior": {5: {2: 0.69, 3: 0.435}},
    "trigon": {5: {2: 0.06, 3: 0.0}},
    "classic": {
        1: {1: 0.0, 2: 0.0, 3: 0.0},
        2: {1: 0.0, 2: 0.0, 3: 0.0},
        3: {1: 0.12, 2: 0.05, 3: 0.0},
        4: {1: 0.375, 2: 0.1375, 3: 0.1125},
        5: {3: 0.55},
    },
}


def family(variant: str) -> str:
    """The family of a variant id whose levels play alike: ``duo``, ``junior``, ``trigon`` (its
    two-, three- and four-player games) or ``classic``.

    >>> [family(v) for v in ("duo", "junior", "classic_3", "trigon_2", "trigon_3")]
    ['duo', 'junior', 'classic', 'trigon', 'trigon']
    """
    if variant in ("duo", "junior"):
        return variant
    return "trigon" if variant.startswith("trigon") else "classic"


def describe(scores: dict[int, float]) -> str:
    """Words for a level that scored ``scores`` (Pentobi's level -> our score in [0, 1]).

    >>> describe({1: 0.9, 3: 0.55, 5: 0.1})
    'about Pentobi level 3'
    >>> describe({1: 0.8, 3: 0.2})
    'between Pentobi levels 1 and 3'
    >>> describe({1: 0.25, 3: 0.0}), describe({1: 0.05})
    ('weaker than Pentobi level 1', 'much weaker than Pentobi level 1')
    >>> describe({3: 0.9, 5: 0.7}), describe({1: 0.3, 2: 0.95})
    ('stronger than Pentobi level 5', 'much stronger than Pentobi level 2')
    """
    close = [k for k, score in scores.items() if abs(score - 0.5) <= 0.15]
    if close:
        return f"about Pentobi level {min(close, key=lambda k: (abs(scores[k] - 0.5), -k))}"
    beaten = [k for k, score in scores.items() if score > 0.5]
    if beaten:
        k = max(beaten)
        above = [j for j, score in scores.items() if j > k and score < 0.5]
        if above:
            return f"between Pentobi levels {k} and {min(above)}"
        return f"{'much ' if scores[k] >= 0.9 else ''}stronger than Pentobi level {k}"
    k = min(scores)
    return f"{'much ' if scores[k] < 0.1 else ''}weaker than Pentobi level {k}"


def strength_text(level: int, variant: str) -> str:
    """How strong ``level`` plays in ``variant`` (an id), in words; '' if not measured.

    >>> strength_text(1, "classic_2")
    'much weaker than Pentobi level 1'
    """
    scores = LEVEL_STRENGTH.get(family(variant), {}).get(level)
    return describe(scores) if scores else ""

"""The computer player's levels, by number and name.

Kept apart from :mod:`game.ai`, which needs NumPy: the page offers the levels before it imports
the player.

>>> LEVEL_NAMES[HINT_LEVEL]
'Master'
"""

import math

from .i18n import N_, _
from .variants import VARIANTS

#: The variants the computer player (:mod:`game.ai`) plays, all of them: the page offers computer
#: seats in these alone, and reads them before NumPy is loaded.
PLAYED_VARIANTS = tuple(VARIANTS)

#: The levels by number, named in English (:func:`level_name` says them in the player's
#: language). A number stays the opponent it names once saved in settings, games and
#: links, and a name in records (``Computer (Expert)``), so the levels added between are numbered
#: after the first ones (6 is kept for a level above Master).
LEVEL_NAMES = {
    1: N_("Beginner"),
    2: N_("Casual"),
    3: N_("Strong"),
    4: N_("Expert"),
    5: N_("Master"),
    7: N_("Skilled"),
    8: N_("Senior Expert"),
    9: N_("Candidate Master"),
    10: N_("Challenger"),
}
#: The levels from the weakest to the strongest: the order the new-game dialog lists them in.
LEVELS = (1, 2, 3, 7, 4, 8, 10, 9, 5)
#: The level that answers a human's request for a hint.
HINT_LEVEL = 5

#: How each level scores against Pentobi's levels (``pentobi-gtp --nobook -l N``), measured with
#: ``bench/strength.py`` (wins 1, draws 1/2; seats rotating): per family of variants -- Duo,
#: Junior, Trigon measured in ``trigon_2`` and the Classic board in ``classic_2`` (one player
#: against one) -- per our level, Pentobi's level -> our score. Re-measure when a level's play
#: changes.
LEVEL_STRENGTH: dict[str, dict[int, dict[int, float]]] = {
    # How each figure was measured (games, seeds, engine): bench/RESULTS.md.
    "duo": {
        1: {1: 0.0, 2: 0.0, 3: 0.0},
        2: {1: 0.0},
        3: {1: 0.155},
        7: {1: 0.26},
        4: {1: 0.545},
        8: {2: 0.5},
        10: {3: 0.425},
        9: {3: 0.605},
        5: {3: 0.69, 5: 0.365},
    },
    "junior": {5: {2: 0.69, 3: 0.435}},
    "trigon": {5: {2: 0.25}},
    "classic": {
        1: {1: 0.0, 2: 0.0, 3: 0.0},
        2: {1: 0.0},
        3: {1: 0.1875},
        7: {1: 0.2875},
        4: {1: 0.4125},
        8: {1: 0.645, 2: 0.3125},
        10: {2: 0.465},
        9: {3: 0.5},
        5: {3: 0.55},
    },
}


def level_name(level: int) -> str:
    """A level's name in the player's language."""
    return _(LEVEL_NAMES[level])


#: Pentobi's rating of its levels (Elo; ``libpentobi_mcts/Player.cpp``), per family: the scale
#: our levels and the players' ratings are given on.
PENTOBI_ELO = {
    "duo": {1: 1000, 2: 1189, 3: 1378, 4: 1567, 5: 1755},
    "classic": {1: 1000, 2: 1142, 3: 1283, 4: 1425, 5: 1567},
}
#: Scores nearer 0 or 1 than this count as this: one game in 40 (the fewest a level is
#: measured over) -- a score of 0 says "much weaker", not how much.
SCORE_CLIP = 0.025
#: Scores in this range tell an Elo difference well; outside it a level's Elo is taken from
#: the score nearest an even game.
TELLING_SCORES = (0.1, 0.9)


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
        nearest = min(close, key=lambda k: (abs(scores[k] - 0.5), -k))
        return _("about Pentobi level {level}").format(level=nearest)
    beaten = [k for k, score in scores.items() if score > 0.5]
    if beaten:
        k = max(beaten)
        above = [j for j, score in scores.items() if j > k and score < 0.5]
        if above:
            return _("between Pentobi levels {low} and {high}").format(low=k, high=min(above))
        if scores[k] >= 0.9:
            return _("much stronger than Pentobi level {level}").format(level=k)
        return _("stronger than Pentobi level {level}").format(level=k)
    k = min(scores)
    if scores[k] < 0.1:
        return _("much weaker than Pentobi level {level}").format(level=k)
    return _("weaker than Pentobi level {level}").format(level=k)


def strength_text(level: int, variant: str) -> str:
    """How strong ``level`` plays in ``variant`` (an id), in words, with its Elo (what a rated
    game compares the player's rating with); '' if not measured.

    >>> strength_text(5, "duo") == f"about Pentobi level 5, rating {level_elo(5, 'duo')}"
    True
    """
    scores = LEVEL_STRENGTH.get(family(variant), {}).get(level)
    if not scores:
        return ""
    elo = level_elo(level, variant)
    if elo is None:
        return describe(scores)
    return _("{strength}, rating {rating}").format(strength=describe(scores), rating=elo)


def score_elo(opponent_elo: float, score: float) -> float:
    """The Elo of a player who scored ``score`` against an opponent rated ``opponent_elo``.

    >>> round(score_elo(1378, 0.69)), score_elo(1000, 0.5), round(score_elo(1000, 0.0))
    (1517, 1000.0, 364)
    """
    score = min(max(score, SCORE_CLIP), 1 - SCORE_CLIP)
    return opponent_elo + 400 * math.log10(score / (1 - score))


def level_elo(level: int, variant: str) -> int | None:
    """``level``'s Elo on Pentobi's scale in ``variant``'s family, from its measured scores:
    the mean of what its telling scores (:data:`TELLING_SCORES`) say, else what its score
    nearest an even game says; None if not measured, or if Pentobi rates no levels of the
    family (Junior, Trigon).

    >>> level_elo(5, "duo") == round((score_elo(1378, 0.69) + score_elo(1755, 0.365)) / 2)
    True
    """
    name = family(variant)
    scores = LEVEL_STRENGTH.get(name, {}).get(level)
    ratings = PENTOBI_ELO.get(name)
    if not scores or ratings is None:
        return None
    low, high = TELLING_SCORES
    telling = [k for k, score in scores.items() if low <= score <= high]
    if not telling:
        telling = [min(scores, key=lambda k: (abs(scores[k] - 0.5), k))]
    return round(sum(score_elo(ratings[k], scores[k]) for k in telling) / len(telling))

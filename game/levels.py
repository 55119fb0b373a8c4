"""The computer player's levels, by number and name.

Kept apart from :mod:`game.ai`, which needs NumPy: the page offers the levels before it imports
the player.

>>> LEVEL_NAMES[MASTER]
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
#: after the first ones (6, the level above Master, was kept for it). A link keeps a level in 4 bits
#: (:mod:`game.link`): 15 is the last number its format has room for.
LEVEL_NAMES = {
    1: N_("Beginner"),
    2: N_("Casual"),
    3: N_("Strong"),
    4: N_("Expert"),
    5: N_("Master"),
    6: N_("Grandmaster"),
    7: N_("Skilled"),
    8: N_("Senior Expert"),
    9: N_("Candidate Master"),
    10: N_("Challenger"),
    11: N_("Learner"),
    12: N_("Apprentice"),
    13: N_("Amateur"),
    14: N_("Regular"),
    15: N_("Club Player"),
}
#: The levels from the weakest to the strongest: the order the new-game dialog lists them in.
LEVELS = (1, 11, 12, 13, 2, 14, 15, 3, 7, 4, 8, 10, 9, 5, 6)
#: Master: the level that answers a human's request for a hint (the strongest that answers within
#: about a second in the page), and GTP's default.
MASTER = 5
#: What the new-game dialog says of the levels that think longer than that.
LEVEL_PACE = {6: N_("thinks up to a few seconds a move")}

#: How each level scores against Pentobi's levels (``pentobi-gtp --nobook -l N``), measured with
#: ``bench/strength.py`` (wins 1, draws 1/2; seats rotating): per family of variants -- Duo,
#: Junior, Trigon measured in ``trigon_2`` and the Classic board in ``classic_2`` (one player
#: against one) -- per our level, Pentobi's level -> our score. Re-measure when a level's play
#: changes.
LEVEL_STRENGTH: dict[str, dict[int, dict[int, float]]] = {
    # How each figure was measured (games, seeds, engine): bench/RESULTS.md.
    "duo": {
        1: {1: 0.0},
        11: {1: 0.0},
        12: {1: 0.0},
        13: {1: 0.0},
        2: {1: 0.0},
        14: {1: 0.125},
        15: {1: 0.155},
        3: {1: 0.315},
        7: {1: 0.545},
        4: {2: 0.54},
        8: {3: 0.535},
        10: {3: 0.725, 4: 0.57},
        9: {5: 0.434},
        5: {5: 0.6825, 6: 0.39},
        6: {5: 0.745, 6: 0.53},
    },
    "junior": {5: {3: 0.715, 4: 0.555}},
    "trigon": {5: {2: 0.675, 3: 0.495}},
    "classic": {
        1: {1: 0.0},
        11: {1: 0.0},
        12: {1: 0.0},
        13: {1: 0.0},
        2: {1: 0.0},
        14: {1: 0.0},
        15: {1: 0.1125},
        3: {1: 0.1875},
        7: {1: 0.2875},
        4: {1: 0.436},
        8: {1: 0.645, 2: 0.465},
        10: {2: 0.65, 3: 0.515},
        9: {3: 0.73, 4: 0.49},
        5: {5: 0.5825, 6: 0.29},
        6: {5: 0.6325, 6: 0.34},
    },
}


#: Levels too weak to score against Pentobi's level 1 in :data:`TELLING_SCORES`, rated from their
#: score against a stronger level of ours instead (``bench/arena.py``, one player against
#: one), per family: level -> (the other level, our score). Each names the next level up the
#: ladder, so that the chain of them reaches a level rated against Pentobi.
ARENA_STRENGTH: dict[str, dict[int, tuple[int, float]]] = {
    # How each figure was measured (games, seed, commit): bench/RESULTS.md.
    "duo": {
        1: (11, 0.33),
        11: (12, 0.395),
        12: (13, 0.345),
        13: (2, 0.385),
        2: (14, 0.287),
        14: (15, 0.352),
    },
    "classic": {
        1: (11, 0.325),
        11: (12, 0.265),
        12: (13, 0.295),
        13: (2, 0.275),
        2: (14, 0.375),
        14: (15, 0.287),
        15: (3, 0.347),
    },
}


def level_name(level: int) -> str:
    """A level's name in the player's language."""
    return _(LEVEL_NAMES[level])


#: Pentobi's rating of its levels (Elo; ``libpentobi_mcts/Player.cpp``), per family: the scale
#: our levels and the players' ratings are given on.
PENTOBI_ELO = {
    "duo": {1: 1000, 2: 1189, 3: 1378, 4: 1567, 5: 1755, 6: 1945},
    "classic": {1: 1000, 2: 1142, 3: 1283, 4: 1425, 5: 1567, 6: 1708},
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


def analysis_level(variant: str) -> int:
    """The level that analyses a game of ``variant`` (an id), in one worker of the page: Master,
    but where Master searches a two-player tree (on Duo's and the Classic board), which alone
    in one worker takes about twice alpha-beta's time, Candidate Master (alpha-beta).

    >>> [level_name(analysis_level(v)) for v in ("duo", "junior", "classic_2", "classic", "trigon")]
    ['Candidate Master', 'Candidate Master', 'Candidate Master', 'Master', 'Master']
    """
    return 9 if family(variant) in ("duo", "junior") or variant == "classic_2" else MASTER


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


def elo_words(elo: float, variant: str) -> str:
    """An Elo on Pentobi's scale (a level's or a player's) in words: the nearest of Pentobi's
    levels, or weaker than the first or stronger than the last by more than half a step.

    >>> elo_words(1588, "duo"), elo_words(1300, "duo"), elo_words(1100, "duo")
    ('about Pentobi level 4', 'about Pentobi level 3', 'about Pentobi level 2')
    >>> elo_words(900, "duo"), elo_words(1800, "classic")
    ('weaker than Pentobi level 1', 'stronger than Pentobi level 6')
    """
    ratings = PENTOBI_ELO[family(variant)]
    first, last = min(ratings), max(ratings)
    half_step = (ratings[last] - ratings[first]) / (last - first) / 2
    if elo < ratings[first] - half_step:
        return _("weaker than Pentobi level {level}").format(level=first)
    if elo > ratings[last] + half_step:
        return _("stronger than Pentobi level {level}").format(level=last)
    nearest = min(ratings, key=lambda k: abs(ratings[k] - elo))
    return _("about Pentobi level {level}").format(level=nearest)


def strength_text(level: int, variant: str) -> str:
    """How strong ``level`` plays in ``variant`` (an id), in words, with its Elo (what a rated
    game compares the player's rating with); '' if not measured. Where Pentobi rates its levels
    the words follow the Elo (:func:`elo_words`), elsewhere the scores (:func:`describe`).

    >>> elo = level_elo(5, "duo")
    >>> strength_text(5, "duo") == f"{elo_words(elo, 'duo')}, rating {elo}"
    True
    """
    scores = LEVEL_STRENGTH.get(family(variant), {}).get(level)
    if not scores:
        return ""
    elo = level_elo(level, variant)
    if elo is None:
        return describe(scores)
    return _("{strength}, rating {rating}").format(strength=elo_words(elo, variant), rating=elo)


def score_elo(opponent_elo: float, score: float) -> float:
    """The Elo of a player who scored ``score`` against an opponent rated ``opponent_elo``.

    >>> round(score_elo(1378, 0.69)), score_elo(1000, 0.5), round(score_elo(1000, 0.0))
    (1517, 1000.0, 364)
    """
    score = min(max(score, SCORE_CLIP), 1 - SCORE_CLIP)
    return opponent_elo + 400 * math.log10(score / (1 - score))


def level_elo(level: int, variant: str) -> int | None:
    """``level``'s Elo on Pentobi's scale in ``variant``'s family, from its measured scores:
    the mean of what its telling scores against Pentobi (:data:`TELLING_SCORES`) say, else
    what its score against a stronger level of ours (:data:`ARENA_STRENGTH`) says on that
    level's Elo, else what its score nearest an even game says; None if not measured, or if
    Pentobi rates no levels of the family (Junior, Trigon).

    >>> level_elo(10, "duo") == round((score_elo(1378, 0.725) + score_elo(1567, 0.57)) / 2)
    True
    >>> other, score = ARENA_STRENGTH["duo"][1]
    >>> level_elo(1, "duo") == round(score_elo(_elo(other, "duo"), score))
    True
    """
    elo = _elo(level, variant)
    return None if elo is None else round(elo)


def _elo(level: int, variant: str) -> float | None:
    """:func:`level_elo` unrounded, so that a chain of arena scores rounds once."""
    name = family(variant)
    scores = LEVEL_STRENGTH.get(name, {}).get(level)
    ratings = PENTOBI_ELO.get(name)
    if not scores or ratings is None:
        return None
    low, high = TELLING_SCORES
    telling = [k for k, score in scores.items() if low <= score <= high]
    if telling:
        return sum(score_elo(ratings[k], scores[k]) for k in telling) / len(telling)
    other, score = ARENA_STRENGTH.get(name, {}).get(level, (None, 0.0))
    if other is not None and (base := _elo(other, variant)) is not None:
        return score_elo(base, score)
    nearest = min(scores, key=lambda k: (abs(scores[k] - 0.5), k))
    return score_elo(ratings[nearest], scores[nearest])

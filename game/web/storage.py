"""What the page keeps in the browser's storage, whose copy each key is, and what it may free
when a save does not fit. Pure Python (no DOM): :mod:`game.web.dom` does the storing.

Each tab keeps its own game, puzzle and analysis (``sessionStorage``: a reload of the tab
brings back what it showed, whatever another tab played since); every save also goes to
``localStorage``, where the newest of any tab waits for the next visit. Best times and the
options are one copy for all tabs (``localStorage`` only).

>>> freeable(["pyblokus.game", "other.app", "pyblokus.analysis"], storing="pyblokus.game")
['pyblokus.analysis']
>>> keeping_warning(Keeping.FULL, "game")
"This game will be lost when the page closes: the browser's storage for this site is full. \
Save game keeps it as a file."
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from game.boundary import InputError, parse_int
from game.i18n import N_, _

from .puzzle_session import PUZZLE_SAVE_KEY
from .session import SAVE_KEY

#: Where the analysis of the saved game is kept: it can be made again, so it is freed first.
ANALYSIS_KEY = "pyblokus.analysis"
#: The keys each tab keeps its own copy of.
TAB_KEYS = frozenset({SAVE_KEY, PUZZLE_SAVE_KEY, ANALYSIS_KEY})
#: What can be rebuilt, so freed for a save that does not fit.
REBUILDABLE = (ANALYSIS_KEY,)
#: Marks a tab that holds its own copy of the saves (``sessionStorage``).
TAB_MARK = "pyblokus.tab"
#: Between a key and the time (ms since 1970) of a save set aside because it was unreadable.
ASIDE_MARK = ".unreadable."
#: How many unreadable saves set aside are kept when room is needed (the newest).
KEPT_ASIDE = 3


class Keeping(Enum):
    """Whether what is being played is kept beyond the page (its last save)."""

    KEPT = "kept"
    FULL = "full"  # the browser refused the save though the page made what room it could
    OFF = "off"  # the browser refuses the page storage (site data blocked, some private modes)


def aside_key(key: str, now_ms: int) -> str:
    """The key an unreadable save under ``key`` is set aside to, at ``now_ms``.

    >>> aside_key("pyblokus.game", 1700000000000)
    'pyblokus.game.unreadable.1700000000000'
    """
    return f"{key}{ASIDE_MARK}{now_ms}"


def aside_time(key: str) -> int | None:
    """When the save under ``key`` was set aside (ms), if ``key`` is one of ours set aside;
    a time that is not a number counts as the oldest (0).

    >>> aside_time("pyblokus.game.unreadable.17"), aside_time("pyblokus.game.unreadable.x")
    (17, 0)
    >>> aside_time("other.app.unreadable.17") is None
    True
    """
    if not key.startswith("pyblokus.") or ASIDE_MARK not in key:
        return None
    try:
        return parse_int(key.rpartition(ASIDE_MARK)[2], "the time", 0, 2**53)
    except InputError:
        return 0


def freeable(keys: Iterable[str], storing: str) -> list[str]:
    """The keys of ``keys`` (all those in the store) that the page may remove to make room for
    a save under ``storing``, in the order to try: the unreadable saves set aside beyond the
    newest :data:`KEPT_ASIDE` (oldest first), then what can be rebuilt. Nothing else is the
    page's to free: another app's keys, the saves in use, best times, the options.

    >>> freeable([aside_key("pyblokus.game", t) for t in (5, 1, 4, 2, 3)], "pyblokus.game")
    ['pyblokus.game.unreadable.1', 'pyblokus.game.unreadable.2']
    >>> freeable(["pyblokus.analysis", "my.app.unreadable.1"], storing="pyblokus.analysis")
    []
    """
    keys = list(keys)
    asides = sorted((k for k in keys if aside_time(k) is not None), key=aside_time)
    surplus = asides[: max(0, len(asides) - KEPT_ASIDE)]
    return surplus + [k for k in REBUILDABLE if k in keys and k != storing]


def keeping_warning(keeping: Keeping, saved_name: str, downloadable: bool = True) -> str:
    """What the page says while what is being played (the ``saved_name``: game, puzzle) is
    not kept ("" while it is); ``downloadable``: Save game can keep it as a file.

    >>> keeping_warning(Keeping.OFF, "puzzle", downloadable=False)
    'This puzzle will be lost when the page closes: this browser keeps no data for this site \
(its storage is switched off).'
    >>> keeping_warning(Keeping.KEPT, "game")
    ''
    """
    if keeping is Keeping.KEPT:
        return ""
    text = _(WARNINGS[saved_name, keeping])
    return text + " " + _("Save game keeps it as a file.") if downloadable else text


#: What is being played, by its ``saved_name``, will be lost, and why.
WARNINGS = {
    ("game", Keeping.FULL): N_(
        "This game will be lost when the page closes: the browser's storage for this site is full."
    ),
    ("game", Keeping.OFF): N_(
        "This game will be lost when the page closes: this browser keeps no data for this site "
        "(its storage is switched off)."
    ),
    ("puzzle", Keeping.FULL): N_(
        "This puzzle will be lost when the page closes: the browser's storage for this site is "
        "full."
    ),
    ("rating", Keeping.FULL): N_(
        "This rating will be lost when the page closes: the browser's storage for this site is "
        "full."
    ),
    ("rating", Keeping.OFF): N_(
        "This rating will be lost when the page closes: this browser keeps no data for this site "
        "(its storage is switched off)."
    ),
    ("puzzle", Keeping.OFF): N_(
        "This puzzle will be lost when the page closes: this browser keeps no data for this site "
        "(its storage is switched off)."
    ),
}

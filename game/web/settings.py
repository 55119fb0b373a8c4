"""The page's display options (the check boxes beside the trays), kept in ``localStorage``.

Pure parsing and defaults here, tested in CPython; :func:`install` wires the boxes (it imports
the browser modules only when called). Motion and sound start off when the system asks for
reduced motion, on otherwise, until the player chooses.

>>> defaults(reduced_motion=True)
{'show-corners': True, 'color-cues': False, 'motion': False, 'sound': False}
>>> parse_settings('{"color-cues": true, "sound": "loud", "bogus": true}')
{'color-cues': True}
"""

from __future__ import annotations

import json

SETTINGS_KEY = "pyblokus.settings"
#: The language chosen in the page (static/layout.js reads it before the first paint).
LANGUAGE_KEY = "pyblokus.language"
#: The options, by the id of their check box.
OPTIONS = ("show-corners", "color-cues", "motion", "sound")


def defaults(*, reduced_motion: bool) -> dict[str, bool]:
    """The options of a player who has chosen none."""
    return {
        "show-corners": True,
        "color-cues": False,
        "motion": not reduced_motion,
        "sound": not reduced_motion,
    }


def parse_settings(text: str | None) -> dict[str, bool]:
    """The options stored in the browser; anything unreadable is ignored.

    >>> parse_settings("[1]"), parse_settings("not json"), parse_settings(None)
    ({}, {}, {})
    """
    try:
        data = json.loads(text or "{}")
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {key: value for key, value in data.items() if key in OPTIONS and type(value) is bool}


def install() -> None:
    """Set the boxes from the stored choices (or the defaults) and store every change.

    Runs before the game renders, so that the first board drawn already follows them."""
    import js

    from .dom import element, listen, store, stored

    reduced = js.window.matchMedia("(prefers-reduced-motion: reduce)").matches
    chosen = {**defaults(reduced_motion=reduced), **parse_settings(stored(SETTINGS_KEY))}
    boxes = {key: element(key) for key in OPTIONS}
    for key, box in boxes.items():
        box.checked = chosen[key]

    def remember(_event) -> None:
        # Without storage the choice holds until the page is left.
        store(SETTINGS_KEY, json.dumps({key: bool(box.checked) for key, box in boxes.items()}))

    for box in boxes.values():
        listen(box, "change", remember)

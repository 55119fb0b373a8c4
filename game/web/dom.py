"""The browser's DOM and storage as the page code uses them (Pyodide's ``js``): elements,
event listeners, ``localStorage`` and ``sessionStorage``, the sounds (Web Audio). Imported
only by the page code: :mod:`game.web.app` and the mode modules."""

from __future__ import annotations

import asyncio
from contextlib import suppress
from functools import cache

import js
from pyodide.ffi import JsException, create_proxy, to_js

from .session import aside_notice, restore_saved
from .storage import TAB_KEYS, TAB_MARK, Keeping, aside_key, freeable

document = getattr(js, "document", None)  # None under Node, where the build imports page code
#: The names browsers give the error of a write that does not fit (Firefox's old one too).
QUOTA_ERRORS = ("QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED")


def element(id_: str):
    return document.getElementById(id_)


def js_object(**fields):
    """A plain JavaScript object, e.g. the options of addEventListener."""
    return to_js(fields, dict_converter=js.Object.fromEntries)


def listen(target, event: str, handler, **options) -> None:
    """addEventListener with a proxy that lives as long as the page."""
    target.addEventListener(event, create_proxy(handler), js_object(**options))


@cache
def tab_copy() -> bool:
    """Whether this tab reads the saves each tab keeps (:data:`~game.web.storage.TAB_KEYS`)
    from its own copy (``sessionStorage``), which outlives a reload but not the tab. The first
    time in a tab, the newest of any tab (``localStorage``'s) becomes its copy."""
    try:
        copy = js.sessionStorage
        if copy.getItem(TAB_MARK) is None:
            for key in TAB_KEYS:
                text = js.localStorage.getItem(key)
                if text is None:
                    copy.removeItem(key)
                else:
                    copy.setItem(key, text)
            copy.setItem(TAB_MARK, "1")
    except JsException:
        return False
    return True


def stored(key: str) -> str | None:
    """What the browser keeps under ``key`` (this tab's own copy, for the keys each tab
    keeps); None if nothing, or if the browser gives the page no storage."""
    try:
        if key in TAB_KEYS and tab_copy():
            return js.sessionStorage.getItem(key)
        return js.localStorage.getItem(key)
    except JsException:
        return None


def store(key: str, text: str) -> Keeping:
    """Keep ``text`` under ``key`` (and as this tab's own copy, for the keys each tab keeps);
    if it does not fit, free what :func:`~game.web.storage.freeable` names, one at a time,
    until it does. Whether it is kept, or why not: the store is full, or off (the browser
    refuses the page any storage)."""
    if key in TAB_KEYS:
        with suppress(JsException):  # a quota of its own: only this tab's saves are there
            js.sessionStorage.setItem(key, text)
    try:
        js.localStorage.setItem(key, text)
        return Keeping.KEPT
    except JsException as error:
        if getattr(error, "name", "") not in QUOTA_ERRORS:
            return Keeping.OFF
    for candidate in freeable(stored_keys(), storing=key):
        try:
            js.localStorage.removeItem(candidate)
            js.localStorage.setItem(key, text)
            return Keeping.KEPT
        except JsException:
            continue
    return Keeping.FULL


def stored_keys() -> list[str]:
    """Every key in ``localStorage`` (the page's and any other app's of the same origin)."""
    try:
        storage = js.localStorage
        return [storage.key(index) for index in range(storage.length)]
    except JsException:
        return []


def forget(key: str) -> None:
    """Remove ``key`` (and this tab's copy; nothing to do without storage)."""
    with suppress(JsException):
        js.sessionStorage.removeItem(key)
    with suppress(JsException):
        js.localStorage.removeItem(key)


def set_aside(key: str) -> str | None:
    """Move what the browser keeps under ``key`` to a key of its own in ``localStorage``, so
    that the next visit starts afresh and nothing is destroyed; that key, or None if the
    browser refused."""
    text = stored(key)
    aside = aside_key(key, int(js.Date.now()))
    forget(key)  # first, so that the quota has room for the copy
    if store(aside, text) is Keeping.KEPT:
        return aside
    store(key, text)
    return None


def restore_stored(key: str, read, what: str):
    """What ``read`` makes of the text stored under ``key`` (None if nothing is), and a
    notice: if the text cannot be read it is set aside and the notice says why and where."""
    value, notice = restore_saved(stored(key), read, what)
    if notice:
        notice = aside_notice(notice, set_aside(key))
    return value, notice


async def confirm(title: str, text: str, yes: str, no: str) -> bool:
    """Ask in ``#confirm-dialog``: True if the player chose ``yes``; ``no`` or Esc keep things
    as they are."""
    dialog = element("confirm-dialog")
    element("confirm-title").textContent = title
    element("confirm-text").textContent = text
    element("confirm-yes").textContent = yes
    element("confirm-no").textContent = no
    dialog.returnValue = ""
    answer = asyncio.get_event_loop().create_future()
    listen(
        dialog,
        "close",
        lambda _: answer.done() or answer.set_result(dialog.returnValue == "yes"),
        once=True,
    )
    dialog.showModal()
    return await answer


# --- sounds --------------------------------------------------------------------------------

#: The page's sounds, generated (no file): each a few soft sine tones, (frequency in Hz, start
#: and length in seconds). A move clicks softly; the end rises in a major chord.
SOUNDS = {
    "move": ((660.0, 0.0, 0.08),),
    "end": ((523.25, 0.0, 0.18), (659.25, 0.12, 0.18), (783.99, 0.24, 0.4)),
}
#: Peak gain of a tone (1 is full scale): quiet.
SOUND_GAIN = 0.06
_audio = []  # the AudioContext, made by the first sound


def play_sound(name: str) -> None:
    """Play one of :data:`SOUNDS`, then dispatch ``pyblokus-sound`` (its ``detail`` the name)
    on the document, for tests. Nothing plays, and no event, before the player has interacted
    with the page (browsers hold audio until then) or without Web Audio."""
    activation = getattr(js.navigator, "userActivation", None)
    if activation is not None and not activation.hasBeenActive:
        return
    if not _audio:
        if not hasattr(js, "AudioContext"):
            return
        _audio.append(js.AudioContext.new())
    audio = _audio[0]
    if audio.state == "suspended":
        audio.resume()
    now = audio.currentTime
    for frequency, start, length in SOUNDS[name]:
        tone = audio.createOscillator()
        tone.frequency.value = frequency
        envelope = audio.createGain()
        # Exponential ramps (no click): up in 10 ms, then fading out over the tone.
        envelope.gain.setValueAtTime(0.0001, now + start)
        envelope.gain.exponentialRampToValueAtTime(SOUND_GAIN, now + start + 0.01)
        envelope.gain.exponentialRampToValueAtTime(0.0001, now + start + length)
        tone.connect(envelope)
        envelope.connect(audio.destination)
        tone.start(now + start)
        tone.stop(now + start + length)
    document.dispatchEvent(js.CustomEvent.new("pyblokus-sound", js_object(detail=name)))

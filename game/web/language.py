"""The page in the player's language (page code): the catalog of the language that
``static/layout.js`` chose before the first paint (named on ``<html lang>``), the page's marked
words (``data-i18n``) put in it, and the Language choice, which switches at once and is
remembered (:data:`~game.web.settings.LANGUAGE_KEY`)."""

from __future__ import annotations

import asyncio
import sys
import zipimport
from pathlib import Path

import js
from pyodide.ffi import JsException

from game import i18n

from .dom import document, element, listen, store
from .settings import LANGUAGE_KEY


async def fetch_catalog(code: str) -> bytes | None:
    """The compiled catalog of language ``code``, or None if it cannot be had. It comes in an
    archive (``locale/<code>.zip``, built with it; the layout script preloaded the chosen one)
    with the gettext that reads it, which the archive puts on Python's path: an English page
    loads neither."""
    path = Path(f"/tmp/pyblokus-{code}.zip")
    if not path.exists():
        try:
            response = await js.fetch(f"./locale/{code}.zip")
            if not response.ok:
                return None
            path.write_bytes((await response.arrayBuffer()).to_bytes())
        except JsException:
            return None
    if str(path) not in sys.path:
        sys.path.append(str(path))
    try:
        return zipimport.zipimporter(str(path)).get_data(f"{i18n.DOMAIN}.mo")
    except (OSError, zipimport.ZipImportError):
        return None


async def speak(code: str) -> bool:
    """Speak ``code`` from now on (the page is not redrawn); False, still speaking the language
    spoken, if its catalog could not be had."""
    if code == i18n.SOURCE_LANGUAGE:
        i18n.use(code)
    else:
        catalog = await fetch_catalog(code)
        if catalog is None:
            return False
        i18n.use(code, catalog)
    document.documentElement.lang = code
    element("language").value = code
    translate_page()
    return True


def translate_page() -> None:
    """Put every element marked ``data-i18n`` (its text, and/or the attributes it names) in the
    language spoken; the English, the message, is kept in ``data-en-<what>``."""
    for marked in document.querySelectorAll("[data-i18n]"):
        for what in marked.dataset.i18n.split():
            kept = f"data-en-{what}"
            english = marked.getAttribute(kept)
            if english is None:
                english = marked.textContent if what == "text" else marked.getAttribute(what)
                marked.setAttribute(kept, english)
            if what == "text":
                marked.textContent = i18n._(english)
            else:
                marked.setAttribute(what, i18n._(english))


async def speak_chosen() -> None:
    """Speak the language the page was painted in (its marked words are, unless its words
    failed to arrive before the first paint: ``data-words`` names the language they are in);
    English if its catalog cannot be had."""
    root = document.documentElement
    code = root.lang
    if code == i18n.SOURCE_LANGUAGE:
        return  # painted in the sources' words: nothing to translate
    catalog = await fetch_catalog(code) if code in i18n.LANGUAGES else None
    if catalog is None:
        await speak(i18n.SOURCE_LANGUAGE)
        return
    i18n.use(code, catalog)
    if root.dataset.words != code:
        translate_page()


def bind(redraw) -> None:
    """Wire the Language choice: the page speaks the language chosen at once (``redraw``
    draws what Python wrote), remembers it, and a link's ``?lang=`` no longer overrides it."""

    async def choose(code: str) -> None:
        if not await speak(code):
            element("language").value = i18n.language()
            return
        store(LANGUAGE_KEY, code)
        url = js.URL.new(js.location.href)
        if url.searchParams.has("lang"):
            url.searchParams.delete("lang")
            js.history.replaceState(js.history.state, "", url.href)
        redraw()

    def on_change(event) -> None:
        asyncio.ensure_future(choose(event.target.value))

    listen(element("language"), "change", on_change)

"""The player's language: the words every module shows, looked up in the gettext catalog of the
language chosen (``locale/<code>/LC_MESSAGES/pyblokus.po``, compiled at build time and read by
Python's :mod:`gettext`); English, the language of the sources, needs none.

Modules mark what a player reads with :func:`_` (:func:`ngettext` where a number decides the
form, :func:`N_` for a text kept in a table and translated where it is shown); placeholders are
``{named}`` and filled after the lookup, so that a translation may put them in any order.

>>> _("Undo")
'Undo'
>>> ngettext("{count} left", "{count} left", 2).format(count=2)
'2 left'
"""

from __future__ import annotations

import io

#: The languages the page speaks, by code, each named in its own words (the Language choice).
#: Adding one: its catalog, and a line here.
LANGUAGES = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "ja": "日本語",
}
#: The language of the sources: its words are the catalogs' message ids.
SOURCE_LANGUAGE = "en"
#: The catalogs' gettext domain.
DOMAIN = "pyblokus"

#: The catalog spoken (a ``gettext.GNUTranslations``); None for the source language, whose
#: words are the messages themselves (so an English page never imports :mod:`gettext`).
_translations = None
_language = SOURCE_LANGUAGE


def use(language: str, catalog: bytes | None = None) -> None:
    """Speak ``language`` from now on, with its compiled catalog (a ``.mo`` file's bytes; none
    for the source language)."""
    global _translations, _language
    if language not in LANGUAGES:
        raise ValueError(f"{language!r} is not one of {', '.join(LANGUAGES)}")
    if catalog is None:
        if language != SOURCE_LANGUAGE:
            raise ValueError(f"{language!r} needs its catalog")
        _translations = None
    else:
        import gettext

        _translations = gettext.GNUTranslations(io.BytesIO(catalog))
    _language = language


def language() -> str:
    """The code of the language spoken."""
    return _language


def _(message: str) -> str:
    """``message`` in the language spoken."""
    return message if _translations is None else _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that fits ``count`` in the language spoken (one form in Japanese,
    ``n > 1`` in French: the catalog's plural rule decides; English's is ``n != 1``)."""
    if _translations is None:
        return singular if count == 1 else plural
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` where the same English words need different translations (``context``
    tells them apart)."""
    return message if _translations is None else _translations.pgettext(context, message)


def number(value: int) -> str:
    """``value`` written with the language's thousands separator (its catalog's).

    >>> number(1_000_000)
    '1,000,000'
    """
    return f"{value:,}".replace(",", pgettext("thousands separator", ","))


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs where it is written; :func:`_` translates it where it
    is shown."""
    return message

"""The boundary: everything that comes from outside is read through here.

Saves, files, links, GTP arguments and game records are untrusted. The readers below bound
what they take (size, nesting depth, digits), parse numbers from ASCII digits only and
range-check them, and turn every failure into :class:`InputError`, a :class:`ValueError` whose
message is meant for the user; nothing else escapes them. A reader built on them (the SGF
reader, the page's saves, a share-link decoder) states its own limits, well above any real
game, and catches nothing but :class:`InputError`.

>>> parse_int("12", "the move number", 1, 84)
12
>>> parse_int("１２", "the move number", 1, 84)
Traceback (most recent call last):
  ...
game.boundary.InputError: the move number must be a whole number from 1 to 84, not '１２'
>>> load_json('{"a": [1, 2.5]}', "the save")
{'a': [1, 2.5]}
>>> load_json("[" * 100 + "]" * 100, "the save")
Traceback (most recent call last):
  ...
game.boundary.InputError: the save is nested more than 16 deep
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
from itertools import accumulate

from .i18n import _, ngettext, number

#: Characters of a text from outside (a record, a save): real ones are a few thousand.
MAX_TEXT_CHARS = 1_000_000
#: Nesting of a JSON save: ours nest 3 deep.
MAX_JSON_DEPTH = 16
#: Digits of a number in a save (2**53, where JavaScript's numbers stop being exact, has 16).
MAX_JSON_DIGITS = 15
#: How much of an offending text a message quotes.
QUOTE_CHARS = 40

# A string, or what is left of an unclosed one: matching never fails at a quote, so no scan
# is repeated and the depth is counted in linear time.
_JSON_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class InputError(ValueError):
    """Input from outside that cannot be used; ``str(error)`` says why, for the user."""


def quoted(text: str) -> str:
    """``repr(text)``, shortened for a message.

    >>> quoted("a" * 50)
    "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…' (50 characters)"
    """
    if len(text) <= QUOTE_CHARS:
        return repr(text)
    count = len(text)
    return ngettext("{text} ({count} character)", "{text} ({count} characters)", count).format(
        text=repr(text[:QUOTE_CHARS] + "…"), count=number(count)
    )


def bounded_text(text: object, what: str, limit: int = MAX_TEXT_CHARS) -> str:
    """``text`` if it is a string of at most ``limit`` characters; ``what`` names it in the
    message, with its article ("the save", "the record": marked with :func:`~game.i18n.N_`,
    said in the language spoken).

    >>> bounded_text("x" * 11, "the link", limit=10)
    Traceback (most recent call last):
      ...
    game.boundary.InputError: the link is too long (11 characters; at most 10)
    """
    if not isinstance(text, str):
        raise InputError(_("{what} is not text").format(what=_(what)))
    if len(text) > limit:
        raise InputError(
            _("{what} is too long ({count} characters; at most {limit})").format(
                what=_(what), count=number(len(text)), limit=number(limit)
            )
        )
    return text


def decode_utf8(data: bytes, what: str, limit: int = MAX_TEXT_CHARS) -> str:
    """The text of at most ``limit`` bytes of UTF-8 (a leading byte-order mark dropped)."""
    if len(data) > limit:
        raise InputError(
            _("{what} is too large (more than {limit} bytes)").format(
                what=_(what), limit=number(limit)
            )
        )
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        raise InputError(
            _("{what} is not UTF-8 text (byte {byte})").format(what=_(what), byte=error.start + 1)
        ) from None


def read_file(path: str, what: str, limit: int = MAX_TEXT_CHARS) -> str:
    """The UTF-8 text of the file at ``path``, reading no more than ``limit`` bytes and one."""
    try:
        with open(path, "rb") as file:
            data = file.read(limit + 1)
        return decode_utf8(data, what, limit)
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path, or InputError
        raise InputError(_("cannot read {path}: {error}").format(path=path, error=error)) from None


def decode_base64url(text: object, what: str, limit: int = MAX_TEXT_CHARS) -> bytes:
    """The bytes of unpadded base64url ``text`` (as a link carries them), bounded.

    >>> decode_base64url("AQID", "the link")
    b'\\x01\\x02\\x03'
    >>> decode_base64url("A+ID", "the link")
    Traceback (most recent call last):
      ...
    game.boundary.InputError: the link is damaged: it holds a character that is not base64url
    """
    text = bounded_text(text, what, limit)
    if not text.isascii() or not re.fullmatch(r"[A-Za-z0-9_-]*", text):
        raise InputError(
            _("{what} is damaged: it holds a character that is not base64url").format(what=_(what))
        )
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except binascii.Error:
        raise InputError(
            _("{what} is damaged: its length is not that of base64url").format(what=_(what))
        ) from None


def parse_int(text: str, what: str, low: int, high: int) -> int:
    """The whole number ``text`` (ASCII digits, ``-`` first if ``low`` is negative) in
    ``low..high``; ``what`` names it in the message."""
    digits = text[1:] if low < 0 and text.startswith("-") else text
    significant = digits.lstrip("0") or "0"
    if (
        not digits.isascii()
        or not digits.isdigit()
        or len(significant) > len(str(max(abs(low), abs(high))))
        or not low <= int(text) <= high
    ):
        raise InputError(
            _("{what} must be a whole number from {low} to {high}, not {text}").format(
                what=_(what), low=low, high=high, text=quoted(text)
            )
        )
    return int(text)


def json_depth(text: str) -> int:
    """How deep the arrays and objects of JSON ``text`` nest, counted without recursion.

    >>> json_depth('{"a": [[1], "]]]"]}')
    3
    """
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(accumulate(map(_BRACKET_STEP.__getitem__, brackets)), default=0)


def load_json(text: object, what: str, limit: int = MAX_TEXT_CHARS) -> object:
    """The value of JSON ``text``, bounded: at most ``limit`` characters, nested at most
    :data:`MAX_JSON_DEPTH` deep, numbers of at most :data:`MAX_JSON_DIGITS` digits and finite
    (no ``NaN`` or ``Infinity``)."""
    text = bounded_text(text, what, limit)
    if json_depth(text) > MAX_JSON_DEPTH:
        raise InputError(
            _("{what} is nested more than {depth} deep").format(what=_(what), depth=MAX_JSON_DEPTH)
        )
    try:
        return json.loads(
            text,
            parse_int=lambda digits: _json_int(digits, what),
            parse_float=lambda digits: _json_float(digits, what),
            parse_constant=lambda name: _json_float(name, what),
        )
    except InputError:
        raise
    except (ValueError, RecursionError):  # RecursionError: a stack smaller than we thought
        raise InputError(_("{what} is not valid JSON").format(what=_(what))) from None


def _out_of_range(text: str, what: str) -> InputError:
    return InputError(
        _("{what} holds a number out of range: {text}").format(what=_(what), text=quoted(text))
    )


def _json_int(text: str, what: str) -> int:
    if len(text.removeprefix("-")) > MAX_JSON_DIGITS:
        raise _out_of_range(text, what)
    return int(text)


def _json_float(text: str, what: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _out_of_range(text, what)
    return value

"""The page in other languages than English: the gettext catalogs (``locale/<code>/LC_MESSAGES/
pyblokus.po``, one per language of :data:`game.i18n.LANGUAGES`), their template made from the
sources, and what the build makes of them with Babel: per language the compiled catalog Python
reads (a ``.mo``, which the build puts in ``locale/<code>.zip``), the words the page shows before
Python runs (``locale/<code>.js``: the page's marked words, the loading script's, and the text
drawn into the shell, English -> translation) and the app's manifest in the language.

``python3 build.py messages`` extracts the messages (``locale/pyblokus.pot``: Python's ``_``,
``ngettext``, ``pgettext`` and ``N_``, ``static/boot.js``'s ``_``, ``index.html``'s elements
marked ``data-i18n`` and the manifest's words) and merges them into every catalog.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

from buildsteps import ROOT, BuildError

LOCALE = ROOT / "locale"
TEMPLATE = LOCALE / "pyblokus.pot"
#: Babel's map of the sources to their extraction method.
MAPPING = ROOT / "babel.cfg"
#: The app's manifest, in English: its words are messages; each language gets its own.
MANIFEST = ROOT / "static" / "manifest.webmanifest"
#: The manifest's fields that say something (the others are colours, addresses and icons).
MANIFEST_WORDS = ("name", "short_name", "description")


def catalog_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / "pyblokus.po"


def install_babel() -> None:
    """Install the pinned Babel (``pyproject.toml``'s ``build`` extra) if this Python lacks it:
    building the site compiles the catalogs with it."""
    if importlib.util.find_spec("babel") is not None:
        return
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    pins = project["project"]["optional-dependencies"]["build"]
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", *pins], check=True)


# --- extraction -------------------------------------------------------------------------------


class _MarkedWords(HTMLParser):
    """The words of a page's elements marked ``data-i18n`` ("text" and/or attribute names), in
    document order, with their lines: ``(line, words)``."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._text: list[tuple[int, str, list[str]]] = []  # (line, tag, text so far)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        marked = (attrs.get("data-i18n") or "").split()
        line = self.getpos()[0]
        for what in marked:
            if what != "text":
                self.found.append((line, attrs.get(what) or ""))
        if "text" in marked:
            self._text.append((line, tag, []))
        elif self._text:
            raise BuildError(f"line {line}: <{tag}> inside an element whose text is translated")

    def handle_data(self, data):
        if self._text:
            self._text[-1][2].append(data)

    def handle_endtag(self, tag):
        if self._text and self._text[-1][1] == tag:
            line, _, text = self._text.pop()
            self.found.append((line, "".join(text)))


def marked_words(page: str) -> list[tuple[int, str]]:
    """``(line, words)`` of every ``data-i18n`` mark of the HTML ``page``."""
    parser = _MarkedWords()
    parser.feed(page)
    parser.close()
    for line, words in parser.found:
        if not words.strip() or words != words.strip():
            raise BuildError(f"line {line}: a data-i18n mark with blank or padded words {words!r}")
    return parser.found


def extract_page(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel's extraction method for ``index.html`` (named in ``babel.cfg``)."""
    for line, words in marked_words(fileobj.read().decode()):
        yield line, None, words, []


def extract_manifest(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel's extraction method for the app's manifest (named in ``babel.cfg``)."""
    manifest = json.loads(fileobj.read())
    for field in MANIFEST_WORDS:
        yield 1, None, manifest[field], [f"The installed app's {field} (its manifest)."]


def extract_messages() -> None:
    """Write the template from the sources and merge it into every language's catalog."""
    from babel.messages.frontend import CommandLineInterface

    from game.i18n import LANGUAGES, SOURCE_LANGUAGE

    LOCALE.mkdir(exist_ok=True)
    cli = CommandLineInterface()
    with contextlib.chdir(ROOT):  # the catalogs name the sources from the repository's root
        cli.run(
            ["pybabel", "-q", "extract", "-F", str(MAPPING), "-k", "N_", "--sort-by-file",
             "-o", str(TEMPLATE), "--project", "pyblokus", "."]
        )  # fmt: skip
    for code in LANGUAGES:
        if code == SOURCE_LANGUAGE:
            continue
        command = "update" if catalog_path(code).exists() else "init"
        keep = ["--no-fuzzy-matching", "--ignore-obsolete"] if command == "update" else []
        cli.run(
            ["pybabel", "-q", command, "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", "pyblokus",
             "-l", code, *keep]
        )  # fmt: skip


# --- the catalogs, compiled for the page ------------------------------------------------------


def read_catalog(code: str):
    """The Babel catalog of language ``code``."""
    from babel.messages.pofile import read_po

    with catalog_path(code).open("rb") as file:
        return read_po(file, locale=code)


def compiled(catalog) -> bytes:
    """``catalog`` as a ``.mo`` file, for Python's gettext."""
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def texts(html: str) -> list[str]:
    """The text nodes of ``html``, in document order."""
    found: list[str] = []

    class Texts(HTMLParser):
        def handle_data(self, data):
            found.append(data)

    parser = Texts(convert_charrefs=True)
    parser.feed(html)
    parser.close()
    return found


def shell_words(english: str, translated: str) -> dict[str, str]:
    """The text of a drawing in English -> the same drawing's text in another language (the
    same drawing made in both)."""
    ours, theirs = texts(english), texts(translated)
    if len(ours) != len(theirs):
        raise BuildError("the shell's drawing differs between languages beyond its words")
    words: dict[str, str] = {}
    for before, after in zip(ours, theirs, strict=True):
        if words.setdefault(before, after) != after:
            raise BuildError(f"the shell's {before!r} has two translations")
    return {before: after for before, after in words.items() if before != after}


def messages_before_python() -> set[str]:
    """The messages of the sources that show before Python runs: the page's and its loading
    script's."""
    from babel.messages.extract import extract

    found = {words for _, words in marked_words((ROOT / "index.html").read_text())}
    with (ROOT / "static" / "boot.js").open("rb") as script:
        found.update(message for _, message, _, _ in extract("javascript", script))
    return found


def words_script(catalog, shell: dict[str, str], held: dict[str, str]) -> str:
    """``locale/<code>.js``: the words shown before Python (:func:`messages_before_python`
    from ``catalog``, then the ``shell``'s, English -> translation) and those the shell holds in
    place (``held``: custom property -> words), then the page translated if it is parsed
    already (:file:`static/layout.js`)."""
    wanted = messages_before_python()
    words = {m.id: m.string for m in catalog if m.id in wanted and m.string} | shell
    text = json.dumps(words, ensure_ascii=False, separators=(",", ":"))
    properties = "".join(
        f"document.documentElement.style.setProperty({json.dumps(name)}, "
        f"{json.dumps(json.dumps(value, ensure_ascii=False), ensure_ascii=False)});\n"
        for name, value in held.items()
    )
    return f"self.pyblokusWords = {text};\n{properties}pyblokusTranslatePage();\n"


def translated_manifest(catalog, code: str) -> dict:
    """The app's manifest in language ``code`` (its words from ``catalog``), for
    ``locale/<code>.webmanifest``: its addresses still lead to the site and the icons of
    ``static/`` (``locale/`` lies beside it)."""
    manifest = json.loads(MANIFEST.read_text())
    for field in MANIFEST_WORDS:
        manifest[field] = catalog.get(manifest[field]).string
    manifest["lang"] = code
    for icon in manifest["icons"]:
        icon["src"] = f"../{MANIFEST.parent.name}/{icon['src']}"
    return manifest

"""The translations: every message of the sources translated in every language's catalog, with
the same placeholders and markup, every plural form there, and the catalogs as Python's gettext
reads them in the page (the words the views then say)."""

from __future__ import annotations

import re
import string
import tokenize
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.plurals import get_plural

from buildsteps.i18n import MAPPING, ROOT, catalog_path, compiled, read_catalog
from game import i18n
from game.board import IllegalReason

LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]


def source_messages() -> dict[tuple[str | None, str], str | tuple[str, ...]]:
    """What Babel extracts from the sources as ``build.py messages`` does: (context, id) ->
    the id (a tuple of singular and plural for a plural message)."""
    with MAPPING.open() as mapping:
        method_map, options_map = parse_mapping_cfg(mapping)
    keywords = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
    found = {}
    for _path, _line, message, _comments, context in extract_from_dir(
        ROOT, method_map, options_map, keywords=keywords
    ):
        found[context, message[0] if isinstance(message, tuple) else message] = message
    return found


def fields(text: str) -> Counter:
    """The ``{named}`` placeholders of ``text``, counted."""
    return Counter(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)


def tags(text: str) -> Counter:
    """The HTML tags of ``text``, counted."""
    return Counter(re.findall(r"</?[a-z0-9]+", text))


@pytest.fixture(scope="module")
def catalogs():
    return {code: read_catalog(code) for code in LANGUAGES}


@pytest.fixture
def speaking():
    """Switch the views' language for one test (English again after it)."""

    def speak(code: str) -> None:
        i18n.use(code, compiled(read_catalog(code)))

    yield speak
    i18n.use(i18n.SOURCE_LANGUAGE)


def test_every_language_has_a_catalog():
    assert list(i18n.LANGUAGES)[0] == i18n.SOURCE_LANGUAGE
    for code in LANGUAGES:
        assert catalog_path(code).is_file(), f"{code}: no catalog; run python3 build.py messages"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated(code, catalogs):
    catalog = catalogs[code]
    untranslated = []
    for (context, key), message in source_messages().items():
        entry = catalog.get(key, context=context)
        if entry is None or entry.fuzzy:
            untranslated.append(key)
            continue
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if isinstance(message, tuple) != isinstance(entry.id, tuple) or not all(forms):
            untranslated.append(key)
    assert not untranslated, f"{code}: untranslated (run python3 build.py messages): {untranslated}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_translations_keep_placeholders_and_markup(code, catalogs):
    wrong = []
    for entry in catalogs[code]:
        if not entry.id:
            continue
        english = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for form in forms:
            # Each form says what the plural says (a form for one may say "1" instead of the
            # count only where the English does too).
            if fields(form) != fields(english[-1]) or tags(form) != tags(english[-1]):
                wrong.append((english[-1], form))
    assert not wrong, f"{code}: placeholders or markup changed: {wrong}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_plural_forms_follow_the_language(code, catalogs):
    catalog = catalogs[code]
    rule = get_plural(code)
    assert catalog.num_plurals == rule.num_plurals
    assert catalog.plural_expr == rule.plural_expr
    plurals = [entry for entry in catalog if isinstance(entry.id, tuple)]
    assert plurals
    for entry in plurals:
        assert len(entry.string) == rule.num_plurals and all(entry.string), entry.id


def test_no_message_hides_in_an_f_string():
    """Babel reads no call inside an f-string (Python 3.11 tokenizes it as one string): a
    message written there would never reach the catalogs."""
    hidden = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        with path.open("rb") as source:
            for token in tokenize.tokenize(source.readline):
                f_string = re.match(r"[rbuRBU]*[fF]", token.string)
                called = re.search(r"\b(_|N_|ngettext|pgettext)\(\s*[\"']", token.string)
                if token.type == tokenize.STRING and f_string and called:
                    hidden.append(f"{path.relative_to(ROOT)}:{token.start[0]}")
    assert not hidden


def test_a_catalog_is_read_by_gettext_as_the_page_reads_it():
    catalog = compiled(read_catalog("de"))
    i18n.use("de", catalog)
    try:
        assert i18n.language() == "de"
        assert i18n._("Undo") == "Zurück"
        assert i18n.ngettext("{count} point", "{count} points", 1) == "{count} Punkt"
        assert i18n.ngettext("{count} point", "{count} points", 2) == "{count} Punkten"
        assert i18n._("not a message") == "not a message"
    finally:
        i18n.use("en")
    assert i18n._("Undo") == "Undo"
    with pytest.raises(ValueError, match="needs its catalog"):
        i18n.use("de")
    with pytest.raises(ValueError, match="not one of"):
        i18n.use("xx", catalog)
    assert i18n.language() == "en"


@pytest.mark.parametrize(
    ("code", "status"),
    [
        ("de", "Lila ist am Zug: Wähle einen Stein."),
        ("fr", "Au tour de Violet : choisissez une pièce."),
        ("es", "Turno de Morado: elige una pieza."),
        ("ja", "紫の番です。ピースを選んでください。"),
    ],
)
def test_the_views_speak_the_language(speaking, code, status):
    from game.web.session import GameOptions, Session
    from game.web.view import status_text

    session = Session.new(GameOptions("duo"))
    speaking(code)
    assert status_text(session) == status


#: The game-over story against one computer, in each language: (won or lost, margin, noun).
STORIES = {
    "de": r"Du (?:gewinnst gegen|verlierst gegen) Experte mit (\d+) (Punkt|Punkten) ",
    "fr": r"Vous (?:gagnez|perdez) contre Expert avec (\d+) (point|points) d",
    "es": r"(?:Ganas a|Pierdes contra) Experto por (\d+) (punto|puntos)\.",
    "ja": r"上級に(\d+)(点)差で(?:勝ち|負け)ました。",
}


@pytest.mark.parametrize("code", STORIES)
def test_the_story_counts_points_in_each_language(speaking, code):
    import random

    from game import Board
    from game.record import HUMAN, GameRecord
    from game.review import game_story

    speaking(code)
    seen = set()
    for seed in range(40):
        rng = random.Random(seed)
        board = Board("duo")
        while board.turn is not None:
            board.push_code(rng.choice(board.legal_codes()))
        if len(board.result().winners) > 1:
            continue
        headline = game_story(GameRecord(board, (HUMAN, 4))).headline
        match = re.match(STORIES[code], headline)
        assert match, headline
        count = int(match[1])
        said = match[0][match.start(1) - match.start(0) : match.end(2) - match.start(0)]
        assert said == i18n.ngettext("{count} point", "{count} points", count).format(count=count)
        seen.add(count)
    assert seen  # some games had a winner


def test_french_says_one_for_zero_and_one():
    """French puts 0 in the singular (the catalog's rule, n > 1)."""
    i18n.use("fr", compiled(read_catalog("fr")))
    try:
        assert [i18n.ngettext("{count} left", "{count} left", n) for n in (0, 1, 2)] == [
            "{count} restante",
            "{count} restante",
            "{count} restantes",
        ]
    finally:
        i18n.use("en")


def test_the_readme_names_the_step_of_adding_a_language():
    readme = Path(ROOT / "README.md").read_text()
    assert "Adding a language" in readme and "game/i18n.py" in readme


def test_the_build_writes_each_languages_catalog_and_words_shown_before_python(tmp_path):
    import gettext
    import io
    import json
    import zipfile

    from buildsteps import assembly

    tmp_path = tmp_path / "locale"
    assembly.write_languages(tmp_path, {"gettext.pyc": b"compiled"})
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        f"{code}.{kind}" for code in LANGUAGES for kind in ("js", "zip", "webmanifest")
    )
    with zipfile.ZipFile(tmp_path / "de.zip") as archive:
        assert archive.read("gettext.pyc") == b"compiled"
        catalog = archive.getinfo("pyblokus.mo")
        assert catalog.compress_type == zipfile.ZIP_DEFLATED
        assert catalog.compress_size < catalog.file_size / 2
        german = gettext.GNUTranslations(io.BytesIO(archive.read("pyblokus.mo")))
    assert german.gettext("How to play") == "Spielregeln"
    manifest = json.loads((tmp_path / "de.webmanifest").read_text())
    assert manifest["lang"] == "de" and manifest["description"].startswith("Blokus im Browser")
    assert manifest["name"] and manifest["short_name"] and manifest["start_url"] == "../"
    assert manifest["icons"][0]["src"] == "../static/icons/icon.svg"
    script = (tmp_path / "de.js").read_text()
    words = json.loads(re.search(r"self.pyblokusWords = (\{.*?\});\n", script)[1])
    assert words["New game"] == "Neues Spiel"  # index.html's
    assert words["{received} of {total} MB"] == "{received} von {total} MB"  # boot.js's
    assert words["21 left"] == "21 übrig" and words["Colour"] == "Farbe"  # the shell's
    assert "How to play's" not in script and "Lege so viele" not in script  # Python's alone
    assert "Dieses Spiel geht verloren" in script  # the storage warning's
    assert script.endswith("pyblokusTranslatePage();\n")
    assert i18n.language() == "en"  # the build spoke each language, then English again


def test_building_installs_the_pinned_babel_only_where_it_is_missing(monkeypatch):
    import buildsteps.i18n as build_i18n

    commands = []
    monkeypatch.setattr(build_i18n.subprocess, "run", lambda cmd, **_: commands.append(cmd))
    build_i18n.install_babel()
    assert commands == []  # the tests' Python has it
    monkeypatch.setattr(build_i18n.importlib.util, "find_spec", lambda name: None)
    build_i18n.install_babel()
    assert len(commands) == 1
    pins = [arg for arg in commands[0] if arg.startswith("babel")]
    assert pins and re.fullmatch(r"babel==[\d.]+", pins[0])


#: A reader's refusal in each language: a record, a link and a save, each naming what it reads.
REFUSALS = {
    "de": ("Zug 2 (Zeile 1, Spalte 25): Orange e10: bedeckt ein schon besetztes Feld",
           "der Link enthält keine Partie", "der Spielstand ist kein gültiges JSON"),
    "fr": ("coup 2 (ligne 1, colonne 25) : Orange e10 : couvre une case déjà occupée",
           "le lien ne contient pas de partie", "la sauvegarde n'est pas du JSON valide"),
    "es": ("jugada 2 (línea 1, columna 25): Naranja e10: cubre una casilla ya ocupada",
           "el enlace no contiene ninguna partida", "el guardado no es JSON válido"),
    "ja": ("2手目（1行25列）：オレンジ e10：すでに埋まっているマスに重なります",
           "リンクにゲームが入っていません", "保存データが正しいJSONではありません"),
}  # fmt: skip


@pytest.mark.parametrize("code", REFUSALS)
def test_the_readers_refuse_in_the_language_spoken(speaking, code):
    from game.boundary import InputError
    from game.link import from_fragment
    from game.sgf import read_sgf
    from game.web.session import Session

    speaking(code)
    record, link, save = REFUSALS[code]
    with pytest.raises(InputError) as refused:
        read_sgf("(;GM[Blokus Duo];B[e10];W[e10])")
    assert str(refused.value) == record
    with pytest.raises(InputError, match=f"^{re.escape(link)}$"):
        from_fragment("#nothing")
    with pytest.raises(InputError, match=f"^{re.escape(save)}$"):
        Session.from_json("{not json")


@pytest.mark.parametrize("code", ["en", *LANGUAGES])
def test_a_taken_cell_is_named_as_the_board_draws_it(speaking, code):
    """Trigon's cells are triangles: a refused move there says so, in every language."""
    from game import Board, IllegalMoveError, Move

    if code != i18n.SOURCE_LANGUAGE:
        speaking(code)
    said = {}
    for variant in ("duo", "trigon"):
        board = Board(variant)
        move = next(iter(board.legal_moves))
        board.push(move)
        with pytest.raises(IllegalMoveError) as refused:
            board.push(Move(move.squares[:1]))
        assert refused.value.reason is IllegalReason.OVERLAP
        said[variant] = IllegalReason.OVERLAP.words(board.geometry.grid.triangles)
        assert said[variant] in str(refused.value)
    assert said["duo"] == i18n._("covers a square that is already taken")
    assert said["trigon"] == i18n._("covers a triangle that is already taken")
    assert said["duo"] != said["trigon"]


def test_every_refusal_of_the_readers_is_a_message():
    """The readers of what comes from outside (records, links, saves) refuse it in words the
    catalogs hold: none of their refusals (:class:`~game.boundary.InputError` and its kinds) is
    made of a bare English string or f-string."""
    readers = ["game/boundary.py", "game/sgf.py", "game/link.py", "game/record.py",
               "game/rating.py", "game/review.py", "game/pieces.py", "game/board.py",
               "game/web/session.py", "game/web/puzzle_session.py"]  # fmt: skip
    bare = []
    for name in readers:
        text = (ROOT / name).read_text()
        for match in re.finditer(r"(?:(?:Input|Sgf|Link)Error|\.error)\(\s*f?[\"']", text):
            bare.append(f"{name}:{text.count(chr(10), 0, match.start()) + 1}")
    assert not bare

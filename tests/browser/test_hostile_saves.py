"""Hostile saves never brick the page: it boots, keeps the bad data aside, and stays usable.

Each test seeds ``localStorage`` (before the first load only) with data that once stopped the
page for good: JSON nested far deeper than the interpreter's stack, integers of hundreds of
digits, strings of megabytes.
"""

import json

import pytest
from harness import PageRecord, open_page, wait_until_state

from game.web.puzzle_session import BEST_TIMES_KEY, PUZZLE_SAVE_KEY
from game.web.session import SAVE_KEY

# JavaScript expressions making each kind of hostile text (built in the page: no megabytes of
# script to send).
DEEP = "'['.repeat(100000) + ']'.repeat(100000)"
HUGE_INTEGERS = {
    SAVE_KEY: (
        """'{"format": "pyblokus-save", "version": 1, "mode": "classic", "seats": [["human", '"""
        """ + '9'.repeat(400) + ']], "sgf": "(;GM[Blokus])"}'"""
    ),
    PUZZLE_SAVE_KEY: (
        """'{"format": "pyblokus-puzzle", "version": 1, "puzzle": "all84", "free_order": false,'"""
        """ + ' "moves": [], "redo": [], "solved": false, "solution_shown": false, "elapsed": '"""
        """ + '9'.repeat(400) + '}'"""
    ),
    BEST_TIMES_KEY: """'{"all84": ' + '9'.repeat(400) + '}'""",
}
# The game's is within the size limit, so its record is read up to the limit on nodes.
GIANT = {
    SAVE_KEY: (
        """'{"format": "pyblokus-save", "version": 1, "mode": "classic", "seats": [], "sgf": "'"""
        """ + '(;GM[Blokus]' + ';'.repeat(900000) + ')"}'"""
    ),
    PUZZLE_SAVE_KEY: """'{"format": "pyblokus-puzzle", "puzzle": "' + 'x'.repeat(1500000) + '"}'""",
    BEST_TIMES_KEY: """'{"' + 'a'.repeat(1500000) + '": 1}'""",
}
KEYS = (SAVE_KEY, PUZZLE_SAVE_KEY, BEST_TIMES_KEY)
# Each key gets each kind of hostile data in one of three page loads.
SEEDINGS = {
    "deep game, huge puzzle numbers, giant best times": {
        SAVE_KEY: DEEP,
        PUZZLE_SAVE_KEY: HUGE_INTEGERS[PUZZLE_SAVE_KEY],
        BEST_TIMES_KEY: GIANT[BEST_TIMES_KEY],
    },
    "huge game numbers, giant puzzle, deep best times": {
        SAVE_KEY: HUGE_INTEGERS[SAVE_KEY],
        PUZZLE_SAVE_KEY: GIANT[PUZZLE_SAVE_KEY],
        BEST_TIMES_KEY: DEEP,
    },
    "giant game, deep puzzle, huge best times": {
        SAVE_KEY: GIANT[SAVE_KEY],
        PUZZLE_SAVE_KEY: DEEP,
        BEST_TIMES_KEY: HUGE_INTEGERS[BEST_TIMES_KEY],
    },
}
NOTICES = ("saved game", "saved puzzle", "saved best times")


def seed_once(context, values: dict[str, str]) -> None:
    """Store the values of the JavaScript expressions ``values`` before the first load only."""
    writes = "".join(f"localStorage.setItem({json.dumps(k)}, {v});" for k, v in values.items())
    context.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{{writes} sessionStorage.setItem('seeded', 1);}}"
    )


def kept_aside(page, key: str, expression: str) -> bool:
    """Whether exactly one key holds the text ``key`` held, under ``key``.unreadable.<time>."""
    return page.evaluate(
        f"""() => {{
            const prefix = {json.dumps(key + ".unreadable.")};
            const kept = Object.keys(localStorage).filter((k) => k.startsWith(prefix));
            return kept.length === 1 && localStorage.getItem(kept[0]) === ({expression});
        }}"""
    )


def open_puzzles_dialog(page) -> None:
    page.click("#puzzles")
    page.wait_for_selector("#puzzles-dialog[open] [data-puzzle='all84']")


@pytest.mark.parametrize("seeding", list(SEEDINGS))
def test_the_page_boots_keeps_the_bad_saves_aside_and_opens_puzzles(context, site, record, seeding):
    values = SEEDINGS[seeding]
    seed_once(context, values)
    page = open_page(context, site, record)
    notice = page.inner_text("#notice")
    for what in NOTICES:
        assert f"Your {what} could not be restored" in notice
    assert "It is kept aside in this browser's storage as pyblokus." in notice
    for key in KEYS:
        assert kept_aside(page, key, values[key]), key
    assert page.evaluate(f"localStorage.getItem({json.dumps(PUZZLE_SAVE_KEY)})") is None
    assert page.locator("#board [data-square]").count() == 400  # a new Classic game
    open_puzzles_dialog(page)
    page.click("#puzzles-dialog [data-puzzle='tetromino_rectangle']")
    page.wait_for_selector("#puzzle-progress")
    page.reload()  # the bad data is out of the way: the next visit is quiet
    wait_until_state(page, "ready")
    assert page.locator("#puzzle-progress").count() == 1
    assert "could not be restored" not in page.inner_text("#notice")


def test_the_notice_of_a_save_set_aside_stays_long_enough_to_read(context, site, record):
    seed_once(context, {SAVE_KEY: "'{not a save'"})
    page = open_page(context, site, record)
    assert "Your saved game could not be restored" in page.inner_text("#notice")
    page.wait_for_timeout(8000)  # past a short notice's 6 s: this one is four lines and more
    assert page.is_visible("#notice")


def test_an_unexpected_error_during_boot_is_shown_and_the_page_stays_usable(context, site, record):
    # A page whose footer is missing: the boot fails half-way with an AttributeError.
    context.add_init_script(
        "const byId = Document.prototype.getElementById;"
        "Document.prototype.getElementById = function (id) {"
        "  return id === 'runtime-info' ? null : byId.call(this, id); };"
    )
    page = open_page(context, site, PageRecord(origin=record.origin))  # it logs the error
    assert "Something went wrong as the page started (AttributeError" in page.inner_text("#notice")
    assert page.locator("#loading").is_hidden()
    page.click("#trays [data-piece='1'][data-color='blue']")
    page.click("#board [data-square='a20']")
    page.wait_for_selector("#board [data-square='a20'][data-color='blue']")
    open_puzzles_dialog(page)

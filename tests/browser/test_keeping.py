"""A game is never lost behind a passing notice: a full store is made room in (what is the
page's own and stale or rebuildable), a game that still cannot be kept is said so for as long
as it lasts, storage switched off is said at start, and each tab keeps its own game.

The store is filled from the test (another app's keys, to the brim); storage is switched off
by an init script (reading it throws, as when site data is blocked); two tabs are two pages
of one context.
"""

import json

from harness import (
    STORAGE_OFF,
    covered,
    fill_storage,
    play_by_keys,
    stored_keys,
    wait_until_state,
)

from game.web.session import HUMAN_OCCUPANT, SAVE_KEY, GameOptions, Session
from game.web.storage import ANALYSIS_KEY, aside_key

#: Longer than a short passing notice shows (game.web.view's NOTICE_SECONDS, 6).
PAST_A_NOTICE_MS = 7000
FULL = "This game will be lost when the page closes: the browser's storage for this site is full."
OFF = "This game will be lost when the page closes: this browser keeps no data for this site"


def duo_between_humans() -> str:
    return Session.new(GameOptions("duo", seats=(HUMAN_OCCUPANT, HUMAN_OCCUPANT))).to_json()


def open_tab(context, site, record, saved: str | None = None):
    """A new tab of ``context`` (a new visit), with ``saved`` as the store's game before its
    first load if given."""
    page = context.new_page()
    record.watch(page)
    if saved is not None:
        page.add_init_script(  # not on about:blank, which has no storage
            f"if (location.href.startsWith({json.dumps(site.url)}) "
            "&& !sessionStorage.getItem('seeded')) {"
            f"localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(saved)});"
            "sessionStorage.setItem('seeded', '1');}"
        )
    page.goto(site.url)
    wait_until_state(page, "ready")
    return page


def warning(page) -> str:
    """The warning that the game is not kept, if it is in view ("" if not)."""
    box = page.locator("#keeping")
    if not box.is_visible():
        return ""
    top = box.bounding_box()["y"]
    assert 0 <= top < page.viewport_size["height"], "the warning is out of view"
    return page.inner_text("#keeping-text")


def reload(page) -> None:
    page.reload()
    wait_until_state(page, "ready")


def test_a_full_store_frees_the_pages_leftovers_then_warns_until_a_save_fits(context, site, record):
    page = open_tab(context, site, record, duo_between_humans())
    asides = [aside_key(SAVE_KEY, time) for time in (4, 1, 3, 2)]
    page.evaluate(
        "([keys, analysis]) => { for (const key of [...keys, analysis])"
        " localStorage.setItem(key, 'x'.repeat(50000)); }",
        [asides, ANALYSIS_KEY],
    )
    filled = fill_storage(page)
    play_by_keys(page)  # the oldest unreadable save beyond the three newest makes room
    assert warning(page) == ""
    assert set(asides) - set(stored_keys(page)) == {asides[1]}
    filled += fill_storage(page, "other-app.b.")
    play_by_keys(page)  # no more of those: the analysis, which can be made again, goes
    assert warning(page) == ""
    kept = stored_keys(page)
    assert ANALYSIS_KEY not in kept and {asides[0], asides[2], asides[3]} <= set(kept)
    filled += fill_storage(page, "other-app.c.")
    play_by_keys(page)  # nothing more is the page's to free
    assert warning(page).startswith(FULL)
    assert page.get_attribute("body", "data-keeping") == "full"
    other_apps = [key for key in stored_keys(page) if key.startswith("other-app.")]
    assert len(other_apps) == filled  # nothing of another app was touched
    board = covered(page)

    page.wait_for_timeout(PAST_A_NOTICE_MS)  # no passing notice: it stays
    assert warning(page).startswith(FULL)
    with page.expect_download() as download:  # Save game is at hand
        page.click("#keeping button:has-text('Save game')")
    assert download.value.suggested_filename.endswith(".blksgf")
    reload(page)  # the tab's own copy brings it back; the warning is still there
    assert covered(page) == board
    assert warning(page).startswith(FULL)

    page.evaluate("() => localStorage.removeItem('other-app.0')")  # the player made room
    play_by_keys(page)
    assert warning(page) == ""
    assert page.get_attribute("body", "data-keeping") == "kept"
    later = covered(page)
    assert len(later) > len(board)
    assert covered(open_tab(context, site, record)) == later  # the next visit has it all


def test_storage_switched_off_is_said_at_start_stays_in_view_and_can_be_dismissed(
    context, site, record
):
    context.add_init_script(STORAGE_OFF)
    page = open_tab(context, site, record)
    assert warning(page).startswith(OFF)
    assert "Save game keeps it as a file" in warning(page)
    assert page.get_attribute("body", "data-keeping") == "off"
    assert "does not let the page save" not in page.inner_text("#notice")
    page.click("#trays [data-piece='V5'][data-color='blue']")
    page.click("#board [data-square='a20']")
    wait_until_state(page, "ready")
    page.wait_for_timeout(PAST_A_NOTICE_MS)
    assert warning(page).startswith(OFF)
    page.click("#keeping button:has-text('Dismiss')")
    assert warning(page) == ""
    page.click("#undo")
    wait_until_state(page, "ready")
    assert warning(page) == ""  # dismissed for the visit
    reload(page)  # the game is gone, as it said; the next visit says it again
    assert covered(page) == {}
    assert warning(page).startswith(OFF)


def test_each_tab_keeps_its_own_game_and_the_newest_opens_next(context, site, record):
    first = open_tab(context, site, record, duo_between_humans())
    play_by_keys(first)
    game = covered(first)
    second = open_tab(context, site, record)  # a new tab opens the newest game
    assert covered(second) == game
    second.click("#new-game")
    second.click("#start-game")
    second.click("#confirm-dialog[open] #confirm-yes")
    wait_until_state(second, "ready")
    play_by_keys(second)
    first.goto("about:blank")  # the first tab goes elsewhere, saving as it leaves
    play_by_keys(second)  # the other tab's game is now the newest
    other = covered(second)
    assert other != game

    first.goto(site.url)  # back in the first tab: its game, not the other tab's
    wait_until_state(first, "ready")
    assert covered(first) == game
    play_by_keys(first)
    newest = covered(first)
    reload(second)
    assert covered(second) == other
    assert covered(open_tab(context, site, record)) == newest


def test_the_game_behind_a_tabs_puzzle_is_that_tabs_own(context, site, record):
    first = open_tab(context, site, record, duo_between_humans())
    play_by_keys(first)
    game = covered(first)
    first.click("#puzzles")
    first.click("#puzzles-dialog [data-puzzle='tetromino_rectangle']")
    first.wait_for_selector("#puzzle-progress")
    second = open_tab(context, site, record)  # the newest: that puzzle, then that game
    second.click("#puzzle-back")
    wait_until_state(second, "ready")
    assert covered(second) == game
    play_by_keys(second)
    assert covered(second) != game
    first.click("#puzzle-back")  # the game this tab left, not the other tab's newer save
    wait_until_state(first, "ready")
    assert covered(first) == game

"""Accessibility: axe-core (pinned in buildsteps/artefacts.py, injected by the tests only) finds
no WCAG 2.1 A or AA violation in the main states, light and dark; the dark theme follows the
system; colours can carry a second cue; How to play opens at its title on a phone."""

import pytest
from harness import (
    DESKTOP,
    PHONE,
    STORAGE_OFF,
    axe_violations,
    computed,
    contrast,
    fill_storage,
    inject_axe,
    luminance,
    new_context,
    open_page,
    open_scene,
    pick,
    wait_until_state,
)


@pytest.fixture(params=["light", "dark"])
def scheme_context(request, browser):
    context = new_context(browser, color_scheme=request.param, **DESKTOP)
    inject_axe(context)
    yield context
    context.close()


def test_a_game_and_its_dialogs_have_no_wcag_aa_violations(scheme_context, site, record):
    page = open_scene(scheme_context, site, record, "game")
    pick(page, "L4", "blue")  # a piece picked: the ghost and its controls
    assert axe_violations(page) == []
    for opener in ("#new-game", "#help", "#puzzles", "#share"):
        page.click(opener)
        page.wait_for_selector("dialog[open]")
        assert axe_violations(page) == [], opener
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog[open]", state="detached")
    page.click("#new-game")
    page.click("#start-game")  # over the game in progress: asks first
    page.wait_for_selector("#confirm-dialog[open]")
    assert axe_violations(page) == [], "#confirm-dialog"
    page.keyboard.press("Escape")  # keeps the game
    page.wait_for_selector("dialog[open]", state="detached")
    # The check itself works: a button without a name is found.
    page.evaluate("() => document.querySelector('#new-game').replaceChildren()")
    assert [v for v in axe_violations(page) if v.startswith("button-name")]


@pytest.mark.parametrize("scene", ["game-over", "puzzle"])
def test_game_over_and_puzzle_have_no_wcag_aa_violations(scheme_context, site, record, scene):
    page = open_scene(scheme_context, site, record, scene)
    assert axe_violations(page) == []


@pytest.mark.parametrize("storage", ["full", "off"])
def test_the_warning_that_the_game_is_not_kept_has_no_wcag_aa_violations(
    scheme_context, site, record, storage
):
    if storage == "off":
        scheme_context.add_init_script(STORAGE_OFF)
    page = open_page(scheme_context, site, record)
    if storage == "full":
        fill_storage(page)
        pick(page, "V5", "blue")
        page.click("#board [data-square='a20']")
        wait_until_state(page, "ready")
    assert page.locator("#keeping").is_visible()
    assert axe_violations(page) == []


def test_phone_layout_has_no_wcag_aa_violations(browser, site, record):
    context = new_context(browser, color_scheme="dark", **PHONE)
    inject_axe(context)
    try:
        assert axe_violations(open_scene(context, site, record, "game")) == []
    finally:
        context.close()


def test_dark_theme_follows_the_system_and_pieces_stand_out(browser, site, record):
    context = new_context(browser, color_scheme="dark", **DESKTOP)
    try:
        page = open_scene(context, site, record, "game")
        background = computed(page, "body", "backgroundColor")
        assert luminance(background) < 0.05
        assert contrast(computed(page, "body", "color"), background) >= 7
        cell = computed(page, "#board [data-square='j10']", "fill")
        assert luminance(cell) < 0.05
        for color in ("blue", "yellow", "red", "green"):
            fill = computed(page, f"#board [data-color='{color}']", "fill")
            assert contrast(fill, cell) >= 3, color  # WCAG 1.4.11: graphics against the cells
    finally:
        context.close()


def test_colour_cues_put_each_colours_letter_on_its_squares(context, site, record):
    page = open_scene(context, site, record, "game")
    assert computed(page, "#board [data-color='blue']", "fill").startswith("rgb")
    page.check("#color-cues")
    for color, letter in (("blue", "B"), ("yellow", "Y"), ("red", "R"), ("green", "G")):
        assert computed(page, f"#board [data-color='{color}']", "fill") == f'url("#cue-{color}")'
        tray_piece = f"#trays [data-color='{color}'] > svg rect"
        assert computed(page, tray_piece, "fill") == f'url("#cue-{color}")'
        assert page.inner_html(f"#cue-{color}").count(f">{letter}<") == 1


def test_how_to_play_opens_at_its_title_on_a_phone(browser, site, record):
    context = new_context(browser, **PHONE)
    try:
        page = open_page(context, site, record)
        page.click("#help")
        title = page.locator("#help-title").bounding_box()
        dialog = page.locator("#help-dialog").bounding_box()
        assert dialog["y"] <= title["y"] <= dialog["y"] + 80
        assert page.evaluate("() => document.activeElement.id") == "help-title"
    finally:
        context.close()


def test_motion_and_sound_are_off_under_reduced_motion_and_choices_are_kept(browser, site, record):
    for reduced, expected in (("reduce", False), ("no-preference", True)):
        context = new_context(browser, reduced_motion=reduced, **DESKTOP)
        try:
            page = open_scene(context, site, record, "game")
            assert page.is_checked("#motion") is expected
            assert page.is_checked("#sound") is expected
            landing = computed(page, "#board rect.last", "animationName")
            assert landing == ("land" if expected else "none")
            page.click("label:has(#color-cues)")
            page.click("label:has(#motion)")
            page.reload()
            wait_until_state(page, "ready")
            assert page.is_checked("#color-cues")
            assert page.is_checked("#motion") is not expected
            assert page.is_checked("#show-corners")
        finally:
            context.close()

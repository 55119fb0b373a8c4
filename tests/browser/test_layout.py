"""The page fits the window (1280x800 and a 390x844 phone) on every board, with its controls in
view, a notice never covering a control, targets of at least 40 px, and the phone's order:
scores, board, controls, then the tray of the colour to move."""

import pytest
from harness import (
    DESKTOP,
    PHONE,
    new_context,
    open_page,
    pick,
    played_game,
    seed_saved_game,
    wait_until_state,
)

from game.puzzles import PUZZLES

CONTROLS = ("#rotate-left", "#rotate", "#flip", "#place")
#: Controls a player uses with a pointer: their boxes must be at least this wide and high.
TARGET_PX = 40


@pytest.fixture(params=["desktop", "phone"])
def device(request, browser):
    """A context at the issue's desktop or phone viewport, and its name."""
    context = new_context(browser, **{"desktop": DESKTOP, "phone": PHONE}[request.param])
    yield request.param, context
    context.close()


def box(page, selector: str) -> dict:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not displayed"
    return found


def assert_in_window(page, selector: str) -> None:
    size = page.viewport_size
    b = box(page, selector)
    assert b["x"] >= 0 and b["y"] >= 0, selector
    assert b["x"] + b["width"] <= size["width"] + 0.5, selector
    assert b["y"] + b["height"] <= size["height"] + 0.5, f"{selector} ends at {b}"


def overlaps(a: dict, b: dict) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def assert_board_and_controls_fit(page, width: int, height: int) -> None:
    """Every square of the ``width`` x ``height`` board and the piece controls are in the
    window, before any scrolling."""
    assert page.get_attribute("#board", "data-width") == str(width)
    assert page.get_attribute("#board", "data-height") == str(height)
    top_left = f"#board [data-square='a{height}']"
    bottom_right = f"#board [data-square='{'abcdefghijklmnopqrst'[width - 1]}1']"
    for selector in (top_left, bottom_right, "#status", *CONTROLS, "#ghost-status"):
        assert_in_window(page, selector)


def wait_for_board(page, width: int, height: int) -> None:
    """Wait until the page is ready on a ``width`` x ``height`` board."""
    page.wait_for_selector(f"#board[data-width='{width}'][data-height='{height}']")
    wait_until_state(page, "ready")


def test_every_board_fits_the_window_with_its_controls(device, site, record):
    name, context = device
    seed_saved_game(context, played_game())
    page = open_page(context, site, record)
    assert_board_and_controls_fit(page, 20, 20)
    page.click("#new-game")
    page.check("#new-game-form input[name=mode][value=duo]")
    page.click("#start-game")
    page.click("#confirm-dialog[open] #confirm-yes")  # abandons the game played before
    wait_for_board(page, 14, 14)  # the page was already `ready`: wait for the new board
    assert_board_and_controls_fit(page, 14, 14)
    page.click("#new-game")
    page.check("#new-game-form input[name=mode][value=trigon]")
    page.click("#start-game")  # nothing to abandon: the Duo game has no move yet
    wait_for_board(page, 35, 18)
    hexagon_corners = ("i18", "aa18", "a9", "ai9", "i1", "aa1")
    for selector in (*(f"#board [data-square='{sq}']" for sq in hexagon_corners), *CONTROLS):
        assert_in_window(page, selector)
    for puzzle in PUZZLES.values():
        page.click("#puzzles")
        page.click(f"#puzzle-list [data-puzzle='{puzzle.name}']")
        wait_for_board(page, puzzle.width, puzzle.height)
        assert_board_and_controls_fit(page, puzzle.width, puzzle.height)
    if name == "phone":  # the board as wide as the screen
        assert box(page, "#board")["width"] >= 0.95 * page.viewport_size["width"]


def test_a_notice_never_covers_a_control(device, site, record):
    _, context = device
    page = open_page(context, site, record)
    pick(page, "1", "blue")
    page.click("#board [data-square='j10']", force=True)  # illegal: says why in the notice
    page.wait_for_selector("#notice:not([hidden])")
    notice = box(page, "#notice")
    for selector in (*CONTROLS, "#ghost-status", "#board", "#status", ".actions"):
        assert not overlaps(notice, box(page, selector)), selector


def test_phone_puts_scores_on_top_and_the_tray_to_move_under_the_board(browser, site, record):
    context = new_context(browser, **PHONE)
    try:
        seed_saved_game(context, played_game())
        page = open_page(context, site, record)
        scores, board, place = box(page, "#scores"), box(page, "#board"), box(page, "#place")
        assert scores["y"] + scores["height"] <= board["y"]
        assert scores["height"] <= 90  # a compact line (two when the levels wrap)
        tray = box(page, "#trays .tray.turn")
        assert tray["y"] >= place["y"] + place["height"]
        assert tray["y"] < board["y"] + board["height"] + 80  # right under board and controls
        assert_in_window(page, "#trays .tray.turn [data-piece='X']")  # all of it, no scrolling
        others = page.locator("#trays .tray:not(.turn)")
        assert others.count() == 3
        for i in range(3):  # collapsed to a strip below
            other = others.nth(i).bounding_box()
            assert other["y"] > tray["y"] and other["height"] < tray["height"] / 2
    finally:
        context.close()


def test_every_control_is_a_target_of_at_least_40_px(device, site, record):
    _, context = device
    seed_saved_game(context, played_game())
    page = open_page(context, site, record)
    pick(page, "L4", "blue")  # the piece controls enabled
    # A checkbox's target is its whole label; pieces of a colour not to move are not targets.
    small = page.eval_on_selector_all(
        "button:not([tabindex='-1']), select, input, [tabindex='0']",
        """(els, min) => els.filter(e => e.checkVisibility())
            .map(e => [e.closest('label') || e, e])
            .map(([t, e]) => [t.getBoundingClientRect(), e])
            .filter(([r]) => r.width < min || r.height < min)
            .map(([r, e]) => `${e.id || e.outerHTML.slice(0, 60)} ${r.width}x${r.height}`)""",
        TARGET_PX,
    )
    assert small == []


def test_zoom_doubles_the_board_on_a_phone_and_a_tap_still_positions_the_piece(
    browser, site, record
):
    context = new_context(browser, **PHONE)
    try:
        page = open_page(context, site, record)
        cell = box(page, "#board [data-square='a20']")["width"]
        assert not page.is_visible("#zoom") or page.viewport_size["width"] < 900
        page.tap("label.zoom")
        assert page.is_checked("#zoom")
        assert box(page, "#board [data-square='a20']")["width"] >= 1.9 * cell
        host = page.locator("#board-host")
        assert host.evaluate("e => e.scrollWidth > e.clientWidth")
        assert_in_window(page, "#place")  # the controls stay under the zoomed board
        page.tap("#trays [data-piece='O4'][data-color='blue']")
        page.tap("#board [data-square='a20']")
        page.tap("#place")
        wait_until_state(page, "ready")
        assert page.get_attribute("#board [data-square='b19']", "data-color") == "blue"
        page.tap("label.zoom")
        assert box(page, "#board [data-square='a20']")["width"] == pytest.approx(cell, abs=0.5)
    finally:
        context.close()


def test_the_zoomed_board_follows_the_piece(browser, site, record):
    context = new_context(browser, **PHONE)
    try:
        page = open_page(context, site, record)
        page.tap("label.zoom")
        host = page.locator("#board-host")
        page.tap("#trays [data-piece='L4'][data-color='blue']")  # at Blue's corner, a20

        def ghost_in_view() -> bool:
            """Whether the centres of the ghost's cells on the board are in the board's box."""
            frame, board = host.bounding_box(), box(page, "#board .frame")
            centres = [
                (c["x"] + c["width"] / 2, c["y"] + c["height"] / 2)
                for c in (cell.bounding_box() for cell in page.locator("#ghost rect").all())
            ]
            on_board = [(x, y) for x, y in centres if x < board["x"] + board["width"]]
            return bool(on_board) and all(
                frame["x"] < x < frame["x"] + frame["width"]
                and frame["y"] < y < frame["y"] + frame["height"]
                for x, y in on_board
            )

        assert ghost_in_view()
        for key in ("ArrowRight",) * 19 + ("ArrowDown",) * 19:  # to the far corner, t1
            page.keyboard.press(key)
            assert ghost_in_view(), key
        assert host.evaluate("e => e.scrollLeft > 0 && e.scrollTop > 0")
        page.keyboard.press("Escape")
        page.tap("#trays [data-piece='I5'][data-color='blue']")
        assert ghost_in_view()  # back at a20: the board scrolled back to it
    finally:
        context.close()

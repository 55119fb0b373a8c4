"""Playing in the page: mouse, keyboard and touch placement, reasons, undo/redo, saving."""

import pytest
from harness import (
    covered,
    ghost_squares,
    open_page,
    pick,
    seed_saved_game,
    touch_drag,
    wait_until_state,
)

from game import PIECE_BY_NAME, Move, square_name, square_xy
from game.grids import SquareGrid
from game.web.ghost import Ghost, default_orientation, flipped, ghost_move, rotated
from game.web.session import HUMAN_OCCUPANT, GameOptions, Session


def human_game(mode: str = "duo", moves: tuple[str, ...] = ()) -> str:
    """The saved form of a game between humans after ``moves``."""
    session = Session.new(GameOptions(mode, seats=(HUMAN_OCCUPANT,) * (2 if mode == "duo" else 4)))
    for move in moves:
        session.play(Move.parse(move))
    return session.to_json()


def expected_squares(piece: str, anchor: str, *turns) -> set[str]:
    """The squares of ``piece`` anchored on ``anchor`` after ``turns`` (ghost functions)."""
    p = PIECE_BY_NAME[piece]
    sq = Move.parse(anchor).squares[0]
    ghost = Ghost(p, default_orientation(p), square_xy(sq))
    for turn in turns:
        ghost = turn(ghost)
    return {square_name(s) for s in ghost_move(ghost, SquareGrid(20, 20)).squares}


def test_first_move_by_mouse_and_the_computers_reply(page):
    pick(page, "V5", "blue")
    page.click("#board [data-square='a20']")
    wait_until_state(page, "ready")
    board = covered(page)
    assert {sq for sq, c in board.items() if c == "blue"} == {"a20", "a19", "a18", "b18", "c18"}
    for color in ("yellow", "red", "green"):  # the computer seats each played a piece
        assert list(board.values()).count(color) >= 1
    played = page.locator("#trays [data-piece='V5'][data-color='blue']")
    assert played.get_attribute("aria-disabled") == "true"
    assert page.locator("#trays [aria-disabled='true']").count() == 4
    assert page.inner_text("#status") == "Blue to move: pick a piece."


def test_ghost_follows_the_pointer_and_says_why_a_spot_is_illegal(page):
    pick(page, "V5", "blue")
    page.hover("#board [data-square='e15']")
    assert ghost_squares(page) == {"e15", "e14", "e13", "f13", "g13"}
    assert page.locator("#ghost rect.illegal").count() == 5
    assert page.inner_text("#ghost-status") == "V5 at e15: must cover your start corner"
    page.hover("#board [data-square='a20']")
    assert page.locator("#ghost rect.legal").count() == 5
    assert page.inner_text("#ghost-status") == "V5 at a20: can be placed here"


def test_illegal_placement_is_refused_with_its_reason(page):
    pick(page, "1", "blue")
    page.click("#board [data-square='e10']")
    assert "must cover your start corner" in page.inner_text("#notice")
    assert covered(page) == {}
    assert page.get_attribute("body", "data-state") == "ready"


def test_edge_contact_is_refused_with_its_reason(context, site, record):
    seed_saved_game(context, human_game("duo", ("e10", "j5")))
    page = open_page(context, site, record)
    pick(page, "2", "purple")
    page.click("#board [data-square='f10']")
    assert "touches your own piece along an edge" in page.inner_text("#notice")
    assert "f10" not in covered(page)


def test_keyboard_only_placement(context, site, record):
    seed_saved_game(context, human_game("duo"))
    page = open_page(context, site, record)
    page.keyboard.press("i")  # I3, drawn lying flat
    page.keyboard.press("i")  # I4
    assert page.get_attribute("[data-piece='I4'][data-color='purple']", "aria-pressed") == "true"
    start = ghost_squares(page)
    assert "e10" in start  # a new piece appears on a legal spot if it has one
    page.keyboard.press("ArrowUp")
    assert page.locator("#ghost rect.illegal").count() == 4
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert {sq for sq, c in covered(page).items() if c == "purple"} == start
    assert page.inner_text("#status") == "Orange to move: pick a piece."


def test_rotate_and_flip_with_buttons_keys_and_wheel(page):
    pick(page, "L4", "blue")
    page.hover("#board [data-square='j10']")
    assert ghost_squares(page) == expected_squares("L4", "j10")
    page.click("#rotate")
    page.hover("#board [data-square='j10']")
    assert ghost_squares(page) == expected_squares("L4", "j10", rotated)
    page.click("#flip")
    page.hover("#board [data-square='j10']")
    assert ghost_squares(page) == expected_squares("L4", "j10", rotated, flipped)
    page.keyboard.press("f")
    page.keyboard.press("Shift+R")
    assert ghost_squares(page) == expected_squares("L4", "j10")
    page.mouse.wheel(0, 100)
    assert ghost_squares(page) == expected_squares("L4", "j10", rotated)
    page.click("#rotate-left")
    page.hover("#board [data-square='j10']")
    assert ghost_squares(page) == expected_squares("L4", "j10")


def test_undo_takes_back_the_computer_replies_and_redo_restores_them(page):
    pick(page, "1", "blue")
    page.click("#board [data-square='a20']")
    wait_until_state(page, "ready")
    after = covered(page)
    assert len(after) >= 4
    page.click("#undo")
    wait_until_state(page, "ready")
    assert covered(page) == {}
    assert page.is_enabled("#redo")
    page.keyboard.press("Control+y")
    wait_until_state(page, "ready")
    assert covered(page) == after
    assert page.is_disabled("#redo")


def test_reload_restores_the_game(page):
    pick(page, "2", "blue")
    page.click("#board [data-square='a20']")
    wait_until_state(page, "ready")
    before = covered(page)
    page.reload()
    wait_until_state(page, "ready")
    assert covered(page) == before
    assert page.get_attribute("[data-piece='2'][data-color='blue']", "aria-disabled") == "true"


def test_a_corrupt_saved_game_is_ignored_with_a_notice(context, site, record):
    seed_saved_game(context, '{"format": "pyblokus-save", "version": 1, "seats": [], "sgf": 7}')
    page = open_page(context, site, record)
    assert "could not be restored" in page.inner_text("#notice")
    assert covered(page) == {}
    assert page.get_attribute("body", "data-state") == "ready"


def test_touch_tap_or_drag_positions_the_piece_and_place_confirms(browser, site, record):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        service_workers="block",
    )
    try:
        page = open_page(context, site, record)
        page.tap("#trays [data-piece='Z4'][data-color='blue']")
        page.tap("#board [data-square='a20']")
        assert ghost_squares(page) == expected_squares("Z4", "a20")
        assert covered(page) == {}  # a tap alone never places
        assert page.is_visible("#place") and page.is_visible("#rotate") and page.is_visible("#flip")
        touch_drag(page, "a20", "e15")
        assert ghost_squares(page) == expected_squares("Z4", "e15")
        assert covered(page) == {}  # nor does a drag
        touch_drag(page, "e15", "a20")
        page.tap("#place")
        wait_until_state(page, "ready")
        assert {sq for sq, c in covered(page).items() if c == "blue"} == expected_squares(
            "Z4", "a20"
        )
    finally:
        context.close()


def test_hint_shows_a_legal_ghost_to_accept(page):
    page.click("#hint")
    page.wait_for_selector("#ghost rect.legal", state="attached")
    assert page.inner_text("#notice").startswith("Hint:")
    hinted = ghost_squares(page)
    page.keyboard.press("Enter")
    wait_until_state(page, "ready")
    assert {sq for sq, c in covered(page).items() if c == "blue"} == hinted


@pytest.mark.parametrize(
    ("mode", "squares", "seats"),
    [("duo", 196, 2), ("classic_3", 400, 3), ("teams", 400, 4), ("classic_2", 400, 2)],
)
def test_new_game_dialog_starts_each_variant(page, mode, squares, seats):
    page.click("#new-game")
    page.check(f"#new-game-form input[name=mode][value={mode}]")
    assert page.locator("#seats select").count() == seats
    for i in range(seats):
        page.select_option(f"#seats select[name=seat{i}]", "human")
    page.click("#start-game")
    wait_until_state(page, "ready")
    assert page.locator("#board [data-square]").count() == squares
    assert covered(page) == {}
    if mode == "classic_3":
        assert "shared" in page.inner_text("#scores")
    if mode in ("teams", "classic_2"):
        assert "Blue & Red" in page.inner_text("#scores")


def test_how_to_play_is_written_for_the_game_being_played(page):
    def help_text() -> str:
        page.click("#help")
        text = page.inner_text("#help-dialog")
        page.click("#help-dialog button[value=close]")
        assert not page.is_visible("#help-dialog")
        return text

    classic = help_text()  # the first visit's game: Classic
    assert "corner to corner" in classic and "Enter" in classic
    assert "computer's replies" in classic and "Show a solution" not in classic
    assert "start corner" in classic and "4 players (this game)" in classic
    page.click("#new-game")
    page.check("#new-game-form input[name=mode][value=duo]")
    page.click("#start-game")
    wait_until_state(page, "ready")
    duo = help_text()
    assert "start corner" not in duo
    assert "start square near the middle" in duo and "Duo (this game)" in duo
    assert "Purple, Orange" in duo and "corner to corner" in duo


def test_controls_have_accessible_names(page):
    for name in (
        "New game",
        "Puzzles",
        "Undo",
        "Redo",
        "Hint",
        "How to play",
        "Rotate left",
        "Rotate right",
        "Flip",
        "Place",
    ):
        assert page.get_by_role("button", name=name, exact=True).count() == 1
    assert page.get_by_role("button", name="Blue F pentomino").count() == 1
    assert page.get_by_role("application", name="Board").count() == 1


def test_a_browser_that_refuses_storage_still_plays(context, site, record):
    context.add_init_script(
        "Storage.prototype.setItem = () => { throw new DOMException('no', 'SecurityError'); };"
    )
    page = open_page(context, site, record)
    assert page.get_attribute("body", "data-keeping") == "off"  # and the warning says so
    assert page.locator("#keeping").is_visible()
    pick(page, "1", "blue")
    page.click("#board [data-square='a20']")
    wait_until_state(page, "ready")
    assert covered(page)["a20"] == "blue"

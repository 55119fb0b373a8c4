"""Trigon and Junior in the page: started from the new-game dialog, played by click and by
keyboard (six turns on triangles), undone, saved and opened, shared by link, axe-clean in light
and dark. Seats are human where the computer does not play the variant yet."""

import pytest
from harness import (
    DESKTOP,
    PHONE,
    axe_violations,
    covered,
    ghost_squares,
    inject_axe,
    new_context,
    open_page,
    pick,
    seed_saved_game,
    wait_until_state,
)

from game import Move, parse_square, square_name, square_xy
from game.board import IllegalReason
from game.pieces import TRIGON_PIECES
from game.sgf import read_sgf
from game.variants import find_variant
from game.web.ghost import Ghost, default_orientation, ghost_move
from game.web.session import GAME_TYPES, GameOptions, Session


def human_session(type_name: str, moves: tuple[str, ...] = ()) -> Session:
    session = Session.new(GameOptions(type_name))  # every seat human
    for move in moves:
        session.play(Move.parse(move))
    return session


def start_new_game(page, type_name: str, *, abandon: bool = False) -> None:
    """Start a game of ``type_name`` from the new-game dialog, every seat human (``abandon``:
    confirming that the game in progress is given up)."""
    page.click("#new-game")
    page.check(f"#new-game-form input[name=mode][value={type_name}]")
    selects = page.locator("#seats select")
    assert selects.count() == len(GAME_TYPES[type_name].seat_names())
    computer_offered = page.locator("#seats option[value^=computer]").count() > 0
    assert computer_offered == GAME_TYPES[type_name].computer_plays
    if not computer_offered:
        assert "does not play" in page.inner_text("#seats")
    for index in range(selects.count()):
        selects.nth(index).select_option("human")
    assert page.is_disabled("#new-game-form input[name=colorless]")
    page.click("#start-game")
    if abandon:
        page.click("#confirm-dialog[open] #confirm-yes")
    # The page may have been `ready` before: wait for the new game's empty move list.
    page.wait_for_selector("#move-list [data-move='1']", state="detached")
    page.wait_for_selector(
        f"#board[data-width='{find_variant(GAME_TYPES[type_name].variant).grid.width}']"
    )
    wait_until_state(page, "ready")


def trigon_squares(piece: str, anchor: str, orientation: int | None = None) -> set[str]:
    """The triangles ``piece`` covers aimed at ``anchor`` (the ghost functions' answer)."""
    found = next(p for p in TRIGON_PIECES if p.name == piece)
    grid = find_variant("trigon").grid
    turn = default_orientation(found) if orientation is None else orientation
    ghost = Ghost(found, turn, square_xy(parse_square(anchor)))
    return {square_name(sq) for sq in ghost_move(ghost, grid).squares}


def test_a_trigon_game_from_the_dialog_by_click_keyboard_and_undo(page):
    start_new_game(page, "trigon_2")
    page.wait_for_selector("#board[data-width='35'][data-height='18']")
    assert page.locator("#board polygon[data-square]").count() == 486
    assert page.locator("#board .start[data-for='any']").count() == 6
    assert page.locator("#trays [data-color='blue'][data-piece]").count() == 22
    # The moniamond points up as drawn: aimed at r4 (pointing down) it covers s4, beside it.
    pick(page, "1", "blue")
    page.hover("#board [data-square='r4']")
    assert ghost_squares(page) == trigon_squares("1", "r4") == {"s4"}
    assert page.inner_text("#ghost-status") == f"1 at r4: {IllegalReason.START_POINT.value}"
    page.click("#board [data-square='r4']")
    assert IllegalReason.START_POINT.value in page.inner_text("#notice")
    assert covered(page) == {}
    page.click("#board [data-square='j7']")  # a starting point pointing up
    wait_until_state(page, "ready")
    assert covered(page) == {"j7": "blue"}
    assert page.inner_text("#status") == "Yellow to move: pick a piece."
    # Hints and analysis are the computer's: offered where it plays the variant.
    plays = GAME_TYPES["trigon_2"].computer_plays
    assert page.is_enabled("#hint") == plays and page.is_enabled("#analyse") == plays
    if not plays:
        page.keyboard.press("h")
        assert "does not play Trigon, 2 players yet" in page.inner_text("#notice")
    # Yellow by keyboard: I3 appears on a legal spot; arrows go and come back; six turns of R
    # bring it back; Enter places it.
    page.keyboard.press("i")
    assert page.get_attribute("[data-piece='I3'][data-color='yellow']", "aria-pressed") == "true"
    start = ghost_squares(page)
    assert page.locator("#ghost .ghost.legal").count() == 3
    for there, back in (("ArrowRight", "ArrowLeft"), ("ArrowUp", "ArrowDown")):
        page.keyboard.press(there)
        moved = ghost_squares(page)
        assert moved != start and len(moved) == 3
        page.keyboard.press(back)
        assert ghost_squares(page) == start
    turns = []
    for _ in range(6):
        page.keyboard.press("r")
        turns.append(frozenset(ghost_squares(page)))
    assert turns[-1] == start and len(set(turns)) == 6
    page.keyboard.press("f")
    page.keyboard.press("f")
    assert ghost_squares(page) == start
    page.keyboard.press("Enter")
    wait_until_state(page, "ready")
    assert {sq for sq, c in covered(page).items() if c == "yellow"} == start
    assert page.locator("#move-list [data-move]").count() == 3  # Start and two moves
    after = covered(page)
    page.click("#move-list [data-move='1']")  # review: the position after Blue's move
    page.wait_for_selector("#move-list [data-move='1'][aria-current=step]")
    assert covered(page) == {"j7": "blue"}
    assert "I3" in page.inner_text("#move-list [data-move='2']")
    page.keyboard.press("End")
    page.wait_for_selector("#move-list [data-move='2'][aria-current=step]")
    assert covered(page) == after
    assert page.inner_text("#announce").startswith("Yellow played the I3 triamond on ")
    page.keyboard.press("Control+z")  # every seat human: one move back
    wait_until_state(page, "ready")
    assert covered(page) == {"j7": "blue"}
    assert page.inner_text("#status") == "Yellow to move: pick a piece."
    page.reload()
    wait_until_state(page, "ready")
    assert covered(page) == {"j7": "blue"}
    assert page.locator("#board polygon[data-square]").count() == 486


def test_a_junior_game_shows_the_copies_left_and_plays_the_second_copy(page):
    start_new_game(page, "junior")
    page.wait_for_selector("#board[data-width='14']")
    green_one = "#trays [data-piece='1'][data-color='green']"
    assert page.locator("#trays [data-color='green'][data-piece]").count() == 12
    assert page.inner_text(f"{green_one} .count") == "2"
    pick(page, "1", "green")
    page.click("#board [data-square='e10']")
    wait_until_state(page, "ready")
    pick(page, "1", "orange")
    page.click("#board [data-square='j5']")
    wait_until_state(page, "ready")
    assert page.inner_text(f"{green_one} .count") == "1"
    assert page.get_attribute(green_one, "aria-disabled") is None
    pick(page, "1", "green")  # the second copy
    page.click("#board [data-square='f9']")
    wait_until_state(page, "ready")
    assert covered(page) == {"e10": "green", "j5": "orange", "f9": "green"}
    assert page.inner_text(f"{green_one} .count") == "0"
    assert page.get_attribute(green_one, "aria-disabled") == "true"
    assert page.get_attribute(green_one, "aria-label") == "Green 1 monomino, 0 left"
    page.keyboard.press("2")  # Orange by keyboard: its domino, Enter where it appears
    page.keyboard.press("Enter")
    wait_until_state(page, "ready")
    assert list(covered(page).values()).count("orange") == 3
    page.click("#help")
    assert "two of each of 12" in page.inner_text("#help-body")
    page.keyboard.press("Escape")


@pytest.mark.parametrize(
    "type_name, moves",
    [("junior", ("e10,f10", "j5", "g9")), ("trigon", ("j7", "r15", "z12,aa12", "r4", "k8,l8"))],
)
def test_save_open_and_share_link_round_trips(
    context, site, record, browser, tmp_path, type_name, moves
):
    session = human_session(type_name, moves)
    expected = {
        square_name(sq): session.board.color_names[color]
        for color, move in session.board.move_stack
        for sq in move.squares
    }
    seed_saved_game(context, session.to_json())
    page = open_page(context, site, record)
    assert covered(page) == expected
    with page.expect_download() as download:
        page.click("#save-game")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert read_sgf(saved.read_text()).move_stack == session.board.move_stack
    start_new_game(page, "duo", abandon=True)
    assert covered(page) == {}
    page.set_input_files("#open-file", str(saved))
    page.wait_for_selector(f"#move-list [data-move='{len(moves)}']")
    assert covered(page) == expected
    assert page.locator("#move-list [data-move]").count() == len(moves) + 1
    page.click("#share")
    link = page.input_value("#share-link")
    assert "#game=" in link
    other = browser.new_context()
    try:
        friend = other.new_page()
        record.watch(friend)
        friend.goto(link)
        wait_until_state(friend, "ready")
        friend.wait_for_selector("#notice:has-text('Game from the link')")
        assert covered(friend) == expected
        assert friend.inner_text("#status").endswith("to move: pick a piece.")
    finally:
        other.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("type_name", ["trigon", "junior"])
def test_trigon_and_junior_have_no_wcag_aa_violations(browser, site, record, scheme, type_name):
    context = new_context(browser, color_scheme=scheme, **DESKTOP)
    inject_axe(context)
    try:
        moves = ("j7", "r15") if type_name == "trigon" else ("e10", "j5")
        seed_saved_game(context, human_session(type_name, moves).to_json())
        page = open_page(context, site, record)
        first = page.locator("#trays .tray.turn [data-piece]").first
        first.click()  # a piece picked: the ghost and its controls
        assert axe_violations(page) == []
        for opener in ("#new-game", "#help"):
            page.click(opener)
            page.wait_for_selector("dialog[open]")
            if opener == "#new-game":
                page.check(f"#new-game-form input[name=mode][value={type_name}]")
            assert axe_violations(page) == [], opener
            page.keyboard.press("Escape")
    finally:
        context.close()


def test_the_hexagon_board_fits_a_phone_and_zooms(browser, site, record):
    context = new_context(browser, **PHONE)
    try:
        seed_saved_game(context, human_session("trigon_3", ("h6",)).to_json())
        page = open_page(context, site, record)
        assert page.locator("#board polygon[data-square]").count() == 384
        width = page.locator("#board").bounding_box()["width"]
        assert width >= 0.9 * page.viewport_size["width"]
        page.check("#zoom")
        assert page.locator("#board").bounding_box()["width"] > 1.5 * width
        pick(page, "2", "yellow")
        page.tap("#board [data-square='p14']")  # a tap aims, Place confirms
        aimed = ghost_squares(page)
        assert len(aimed) == 2 and "off" not in aimed
        page.click("#place")
        wait_until_state(page, "ready")
        assert {sq for sq, c in covered(page).items() if c == "yellow"} == aimed
    finally:
        context.close()

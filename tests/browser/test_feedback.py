"""Feedback that follows the game: a notice goes when the position it spoke of changes, and
focus stays on the board after Enter places a piece; screen readers hear every move."""

from harness import open_page, pick, seed_saved_game, wait_until_state

from game.web.session import HUMAN, GameOptions, Seat, Session


def test_a_notice_goes_when_the_position_changes_and_focus_stays_on_the_board(
    context, site, record
):
    session = Session.new(GameOptions("duo", seats=(HUMAN, HUMAN)))
    seed_saved_game(context, session.to_json())
    page = open_page(context, site, record)
    pick(page, "1", "purple")
    page.click("#board [data-square='a1']")  # illegal: the notice says why
    assert "You cannot place 1 there" in page.inner_text("#notice")
    page.keyboard.press("Escape")
    page.keyboard.press("i")  # I3 appears on a legal spot; Enter places it
    page.keyboard.press("Enter")
    wait_until_state(page, "ready")
    assert page.inner_text("#status").startswith("Orange to move")
    assert page.is_hidden("#notice")  # long before its 6 seconds: the position changed
    assert page.evaluate("() => document.activeElement.id") == "board"
    page.keyboard.press("1")  # keys still reach the board: Orange picks its monomino
    assert page.get_attribute("[data-piece='1'][data-color='orange']", "aria-pressed") == "true"


def test_the_computers_move_is_announced_in_a_polite_live_region(context, site, record):
    session = Session.new(GameOptions("duo", seats=(HUMAN, Seat("computer", 2))))
    seed_saved_game(context, session.to_json())
    page = open_page(context, site, record)
    announce = page.locator("#announce")
    assert announce.get_attribute("aria-live") == "polite"
    assert announce.bounding_box()["width"] <= 1  # heard, not seen
    pick(page, "X", "purple")
    page.click("#board [data-square='e11']")
    page.wait_for_selector("#board .last[data-color=orange]", state="attached")
    wait_until_state(page, "ready")
    last = page.eval_on_selector_all(
        "#board .last[data-square]", "els => els.map(e => [e.dataset.square, e.dataset.color])"
    )
    colors = {color for _, color in last}
    assert colors == {"orange"}
    squares = sorted(square for square, _ in last)
    piece = page.inner_text("#move-list li:last-child .piece-name")
    kind = {1: "monomino", 2: "domino"}.get(len(squares), f"{piece} ")
    text = announce.inner_text()
    assert text.startswith("Orange (computer, ") and f"played the {kind}" in text
    said = text.split(" on ", 1)[1].split(".")[0].split(", ")
    assert sorted(said) == squares

"""Computer seats in the page: thinking, cancelled by undo, paused and resumed."""

from harness import covered, open_page, pick, seed_saved_game, wait_until_idle, wait_until_state

from game.levels import LEVELS, MASTER
from game.web.session import HUMAN_OCCUPANT, GameOptions, Occupant, Session


def test_undo_while_the_computer_thinks_cancels_its_move(context, site, record):
    strongest = Occupant("computer", LEVELS[-1])  # the longest search
    seed_saved_game(
        context, Session.new(GameOptions("duo", seats=(HUMAN_OCCUPANT, strongest))).to_json()
    )
    page = open_page(context, site, record)
    pick(page, "X", "purple")
    page.click("#board [data-square='e11']")
    # Grandmaster's reply takes seconds in its workers, which leave the page's own thread free
    # (throttling that thread would slow these steps, not the search): they land while it thinks.
    wait_until_state(page, "thinking")
    assert "is thinking" in page.inner_text("#status")
    purple = covered(page)
    assert set(purple.values()) == {"purple"} and len(purple) == 5
    page.click("#undo")
    wait_until_state(page, "ready")
    assert covered(page) == {}
    wait_until_idle(page)  # the cancelled search has ended without moving
    assert covered(page) == {}
    assert page.get_attribute("body", "data-state") == "ready"
    page.click("#redo")  # what undo took back: Purple's move alone; then the computer's turn
    assert {sq: c for sq, c in covered(page).items() if c == "purple"} == purple
    page.wait_for_selector("#board [data-square][data-color=orange]", state="attached")
    wait_until_state(page, "ready")
    assert {sq: c for sq, c in covered(page).items() if c == "purple"} == purple


def test_a_computer_only_game_pauses_after_undo_until_continued(context, site, record):
    casual = Occupant("computer", 2)
    seed_saved_game(context, Session.new(GameOptions("duo", seats=(casual, casual))).to_json())
    page = context.new_page()  # no `ready` at the start: the computers move at once
    record.watch(page)
    page.goto(site.url)
    wait_until_state(page, "thinking")
    page.wait_for_selector("#board [data-square][data-color]", state="attached")
    page.click("#undo")
    wait_until_state(page, "ready")
    assert page.is_visible("#continue")
    assert "press Continue" in page.inner_text("#status")
    placed = len(covered(page))
    wait_until_idle(page)  # no search runs, nor starts: paused
    assert len(covered(page)) == placed and page.get_attribute("body", "data-state") == "ready"
    page.click("#continue")
    wait_until_state(page, "thinking")
    assert not page.is_visible("#continue")


def test_cancelling_the_new_game_dialog_keeps_the_game(page):
    pick(page, "1", "blue")
    page.click("#board [data-square='a20']")
    wait_until_state(page, "ready")
    before = covered(page)
    page.click("#new-game")
    page.check("#new-game-form input[name=mode][value=duo]")
    page.click("#new-game-form button[value=cancel]")
    assert covered(page) == before
    assert page.locator("#board [data-square]").count() == 400


def test_without_numpy_the_humans_play_on_and_the_page_says_why(context, site):
    page = context.new_page()  # no console record: the refused wheel is logged as an error
    page.route("**/*.whl", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site.url)
    wait_until_state(page, "ready")
    page.wait_for_selector("#runtime-info:has-text('NumPy unavailable')")
    pick(page, "1", "blue")
    page.click("#board [data-square='a20']")  # the computer's turn comes next: Yellow
    page.wait_for_selector("#notice:has-text('The computer player could not be loaded')")
    assert covered(page) == {"a20": "blue"}
    assert page.get_attribute("body", "data-state") == "ready"
    assert not page.is_disabled("#undo")


def test_with_a_second_worker_master_plays_duo_in_both(context, site, record):
    master = Occupant("computer", MASTER)
    seed_saved_game(
        context, Session.new(GameOptions("duo", seats=(HUMAN_OCCUPANT, master))).to_json()
    )
    page = open_page(context, site, record)
    page.wait_for_selector("body[data-workers='2']", state="attached", timeout=120_000)
    pick(page, "X", "purple")
    page.click("#board [data-square='e11']")
    page.wait_for_selector("#board [data-square][data-color=orange]", state="attached")
    wait_until_state(page, "ready")
    orange = [square for square, color in covered(page).items() if color == "orange"]
    assert 1 <= len(orange) <= 5
    workers = [worker.url for worker in page.workers]
    assert len(workers) == 2 and all(url.endswith("/static/ai-worker.js") for url in workers)

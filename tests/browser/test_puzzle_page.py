"""The rule book's puzzles in the page: each opens, pieces go down by mouse, hints lead to a
solve with a best time, a stored solution plays to the solved state, and a reload comes back to
the puzzle (or, if its save is unusable, says so and shows the game)."""

import json

import pytest
from harness import covered, pick, save_on_reload, wait_until_state

from game.puzzles import PUZZLES
from game.web.puzzle_session import BEST_TIMES_KEY, PUZZLE_SAVE_KEY
from game.web.session import SAVE_KEY


def open_puzzle(page, name: str) -> None:
    page.click("#puzzles")
    page.click(f"#puzzle-list [data-puzzle='{name}']")
    wait_until_state(page, "ready")


def progress(page) -> str:
    return page.inner_text("#puzzle-progress")


@pytest.mark.parametrize("name", list(PUZZLES))
def test_each_puzzle_opens_on_its_own_board(page, name):
    open_puzzle(page, name)
    puzzle = PUZZLES[name]
    board = page.locator("#board")
    assert board.get_attribute("data-width") == str(puzzle.width)
    assert board.get_attribute("data-height") == str(puzzle.height)
    total = f"0 of {puzzle.pieces_total} pieces · 0 of {puzzle.squares_total} squares"
    assert progress(page) == total
    assert covered(page) == {}
    assert page.locator("#puzzle-restart").is_visible()
    assert page.locator("#puzzle-solution").is_visible()
    page.click("#help")  # How to play states this puzzle's task and rules
    help_text = page.inner_text("#help-body")
    assert puzzle.title in help_text and ("start corner" in help_text) == puzzle.game_rules
    assert "computer" not in help_text and "Show a solution" in help_text  # one player
    page.click("#help-dialog button[value=close]")
    sizes = {5: 12, 4: 5}  # pieces of each colour in the tiling puzzles' trays
    if not puzzle.game_rules:
        open_pieces = page.locator("#trays .piece:not([aria-disabled])").count()
        assert open_pieces == 4 * sizes[puzzle.piece_sizes[0]]


def test_any_colour_places_a_piece_in_a_tiling_puzzle_and_undo_takes_it_back(page):
    open_puzzle(page, "tetromino_rectangle")
    pick(page, "O4", "yellow")
    page.click("#board [data-square='a10']")  # the piece's top-left square goes there
    wait_until_state(page, "ready")
    assert covered(page) == {sq: "yellow" for sq in ("a10", "b10", "a9", "b9")}
    assert progress(page).startswith("1 of 20 pieces")
    assert (
        page.locator("#trays [data-piece='O4'][data-color='yellow']").get_attribute("aria-disabled")
        == "true"
    )
    page.click("#undo")
    wait_until_state(page, "ready")
    assert covered(page) == {}


def test_rules_puzzle_keeps_turn_order_and_says_why_a_move_is_refused(page):
    open_puzzle(page, "all84_largest_first")
    pick(page, "V3", "blue")
    page.click("#board [data-square='a20']")
    assert "larger pieces must be placed first" in page.inner_text("#notice")
    pick(page, "V5", "blue")
    page.click("#board [data-square='a20']")
    wait_until_state(page, "ready")
    assert covered(page) == {sq: "blue" for sq in ("a20", "a19", "a18", "b18", "c18")}
    assert page.inner_text("#status").endswith("Yellow to move.")


def test_hints_lead_to_a_solve_that_is_celebrated_and_remembered(page):
    open_puzzle(page, "tetromino_rectangle")
    # Off the stored solution's path, so every hint comes from the solver in the page.
    pick(page, "O4", "blue")
    page.click("#board [data-square='a10']")
    page.wait_for_selector("#puzzle-progress:has-text('1 of 20 pieces')")
    for placed in range(2, 21):
        page.click("#hint")
        page.wait_for_selector("#ghost rect.legal", timeout=20_000)  # placing removes the ghost
        assert page.locator("#ghost rect.legal").count() == 4
        assert page.inner_text("#notice").startswith("Hint: ")
        page.click("#place")
        page.wait_for_selector(f"#puzzle-progress:has-text('{placed} of 20 pieces')")
    wait_until_state(page, "solved")
    assert "A new best time." in page.inner_text("#notice")
    assert page.inner_text("#status").startswith("Solved in ")
    best = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(BEST_TIMES_KEY)})"))
    assert list(best) == ["tetromino_rectangle"] and best["tetromino_rectangle"] > 0
    page.click("#puzzles")
    choice = page.locator("#puzzle-list [data-puzzle='tetromino_rectangle']")
    assert choice.get_attribute("data-solved") == "true" and "best " in choice.inner_text()


def test_hint_on_the_empty_board_shows_the_stored_solutions_first_piece(page):
    open_puzzle(page, "pentomino_rectangle")
    page.click("#hint")
    page.wait_for_selector("#ghost rect.legal")
    assert page.locator("#ghost rect.legal").count() == 5
    assert page.inner_text("#notice").startswith("Hint: ")


def test_show_a_solution_plays_to_the_solved_state(page):
    open_puzzle(page, "tetromino_rectangle")
    page.click("#puzzle-solution")
    wait_until_state(page, "solved", timeout=30_000)
    assert len(covered(page)) == 80
    assert progress(page) == "20 of 20 pieces · 80 of 80 squares"
    assert page.inner_text("#status") == "Solved: this is one of the solutions."
    page.click("#puzzle-restart")
    wait_until_state(page, "ready")
    assert covered(page) == {}


def saved(page, key: str = PUZZLE_SAVE_KEY) -> str | None:
    return page.evaluate(f"localStorage.getItem({json.dumps(key)})")


def reload_with_saved_puzzle(page, text: str) -> None:
    """Reload with ``text`` as the saved puzzle (written as the new page starts: the old one
    saves its puzzle as it goes)."""
    save_on_reload(page, PUZZLE_SAVE_KEY, text)
    page.reload()


def test_reload_comes_back_to_the_puzzle_with_its_position_and_undo(page):
    open_puzzle(page, "tetromino_rectangle")
    pick(page, "O4", "yellow")
    page.click("#board [data-square='a10']")
    wait_until_state(page, "ready")
    pick(page, "O4", "red")
    page.click("#board [data-square='c10']")
    page.wait_for_selector("#puzzle-progress:has-text('2 of 20 pieces')")
    before = covered(page)
    assert set(before.values()) == {"yellow", "red"} and len(before) == 8
    at_last_move = json.loads(saved(page))["elapsed"]
    page.wait_for_timeout(1500)
    page.reload()
    wait_until_state(page, "ready")
    # The clock was saved as the page went away, not only at the last move.
    assert json.loads(saved(page))["elapsed"] >= at_last_move + 1.5
    assert page.get_attribute("#board", "data-width") == "8"
    assert page.inner_text("#scores h2") == "3. Tetromino rectangle"
    assert covered(page) == before
    assert progress(page).startswith("2 of 20 pieces")
    assert page.locator("#puzzle-restart").is_visible()
    page.click("#undo")
    wait_until_state(page, "ready")
    assert covered(page) == {sq: "yellow" for sq in ("a10", "b10", "a9", "b9")}
    page.reload()  # the move taken back can still be redone
    wait_until_state(page, "ready")
    assert progress(page).startswith("1 of 20 pieces")
    page.click("#redo")
    page.wait_for_selector("#puzzle-progress:has-text('2 of 20 pieces')")
    assert covered(page) == before


def test_free_colour_order_survives_a_reload(page):
    page.click("#puzzles")
    page.check("#puzzle-free-order")
    page.click("#puzzle-list [data-puzzle='all84']")
    wait_until_state(page, "ready")
    pick(page, "1", "red")  # Red before Blue: only with free colour order
    page.click("#board [data-square='t1']")
    page.wait_for_selector("#puzzle-progress:has-text('1 of 84 pieces')")
    page.reload()
    wait_until_state(page, "ready")
    assert covered(page) == {"t1": "red"}
    pick(page, "1", "green")
    page.click("#board [data-square='a1']")
    page.wait_for_selector("#puzzle-progress:has-text('2 of 84 pieces')")
    assert covered(page) == {"t1": "red", "a1": "green"}


def test_a_corrupt_puzzle_save_is_dropped_with_a_notice(page):
    reload_with_saved_puzzle(page, '{"format": 3')
    wait_until_state(page, "ready")
    assert "Your saved puzzle could not be restored" in page.inner_text("#notice")
    assert page.get_attribute("#board", "data-width") == "20"
    assert page.locator("#puzzle-progress").count() == 0  # the game, not a puzzle
    assert saved(page) is None  # dropped: the next reload says nothing


def test_unusable_game_and_puzzle_saves_are_both_reported(page):
    save_on_reload(page, SAVE_KEY, "not a save")
    reload_with_saved_puzzle(page, '{"format": 3')
    wait_until_state(page, "ready")
    notice = page.inner_text("#notice")
    assert "Your saved game could not be restored" in notice
    assert "Your saved puzzle could not be restored" in notice


def test_an_illegal_saved_move_drops_the_puzzle_save(page):
    open_puzzle(page, "tetromino_rectangle")
    pick(page, "O4", "blue")
    page.click("#board [data-square='a10']")
    page.wait_for_selector("#puzzle-progress:has-text('1 of 20 pieces')")
    data = json.loads(saved(page))
    data["moves"].append([1, "a10,b10,a9,b9"])  # on top of the first piece
    reload_with_saved_puzzle(page, json.dumps(data))
    wait_until_state(page, "ready")
    assert "already taken" in page.inner_text("#notice")
    assert page.locator("#puzzle-progress").count() == 0


def test_puzzle_mode_keeps_the_saved_game_and_new_game_leaves_it_for_good(page):
    pick(page, "1", "blue")
    page.click("#board [data-square='a20']")
    wait_until_state(page, "ready")
    game = saved(page, SAVE_KEY)
    open_puzzle(page, "pentomino_rectangle")
    page.reload()
    wait_until_state(page, "ready")
    assert page.get_attribute("#board", "data-width") == "15"
    assert saved(page, SAVE_KEY) == game
    page.click("#new-game")
    page.check("#new-game-form input[name=mode][value=duo]")
    page.select_option("#seats select[name=seat1]", "human")
    page.click("#start-game")
    page.click("#confirm-dialog[open] #confirm-yes")  # abandons the game played before
    wait_until_state(page, "ready")
    assert saved(page) is None
    page.reload()
    wait_until_state(page, "ready")
    assert page.get_attribute("#board", "data-width") == "14"
    assert page.locator("#puzzle-progress").count() == 0
    assert not page.locator("#puzzle-restart").is_visible()

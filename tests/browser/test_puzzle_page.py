"""The rule book's puzzles in the page: each opens, pieces go down by mouse, hints lead to a
solve with a best time, and a stored solution plays to the solved state."""

import json

import pytest
from harness import covered, pick, wait_until_state

from game.puzzles import PUZZLES
from game.web.puzzles import BEST_TIMES_KEY


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
    assert "Best time" in page.inner_text("#puzzle-list [data-puzzle='tetromino_rectangle']")


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

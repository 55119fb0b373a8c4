"""The dialogs: New game keeps one human against the computer in every game type and says who
plays with whom; the scoreboard names the computers' levels; the puzzle list reads as a list
(title, board size, solved and best time, as this browser keeps them)."""

import json

from harness import DESKTOP, PHONE, new_context, open_page, seed_saved_game, wait_until_state

from game.puzzles import PUZZLES
from game.web.puzzle_session import BEST_TIMES_KEY
from game.web.session import DEFAULT_LEVEL, default_seats


def seat_values(page) -> list[str]:
    return page.eval_on_selector_all("#seats select", "els => els.map(e => e.value)")


def test_every_game_type_starts_as_one_human_against_the_computer(page):
    page.click("#new-game")
    for mode, seats in (("duo", 2), ("teams", 4), ("classic_3", 3), ("classic_2", 2)):
        page.check(f"#new-game-form input[name=mode][value={mode}]")
        assert seat_values(page) == ["human"] + [f"computer:{DEFAULT_LEVEL}"] * (seats - 1), mode
    for mode in ("junior", "trigon", "trigon_2", "trigon_3"):  # humans where it does not play
        page.check(f"#new-game-form input[name=mode][value={mode}]")
        expected = [
            f"computer:{s.level}" if s.is_computer else "human" for s in default_seats(mode)
        ]
        assert seat_values(page) == expected, mode
    teams = page.inner_text("#new-game-form label:has(input[value=teams])")
    assert "Blue & Red against Yellow & Green" in teams
    page.check("#new-game-form input[name=mode][value=duo]")
    page.select_option("#seats select[name=seat1]", "computer:3")
    page.click("#start-game")
    wait_until_state(page, "ready")
    assert "Computer: Strong" in page.inner_text("#scores tr[data-color='orange']")
    assert "Computer" not in page.inner_text("#scores tr[data-color='purple']")


def test_the_puzzle_list_reads_as_a_list(browser, site, record):
    for viewport in (DESKTOP, PHONE):
        context = new_context(browser, **viewport)
        seed_saved_game(context, json.dumps({"tetromino_rectangle": 83.2}), BEST_TIMES_KEY)
        try:
            page = open_page(context, site, record)
            page.click("#puzzles")
            choices = page.locator("#puzzle-list .puzzle-choice")
            assert choices.count() == len(PUZZLES)
            columns = set()
            for i, puzzle in enumerate(PUZZLES.values()):
                choice = choices.nth(i)
                button = choice.bounding_box()
                title, size, state, about = (
                    choice.locator(part).bounding_box()
                    for part in (".puzzle-title", ".size", ".state", ".about")
                )
                assert title["x"] - button["x"] < 20  # left-aligned, not centred
                for cell in (size, state):  # on the title's line, in order
                    assert abs(cell["y"] - title["y"]) < 8
                assert title["x"] + title["width"] <= size["x"] < state["x"]
                assert about["y"] >= title["y"] + title["height"] - 1  # what to do below
                columns.add((round(title["x"]), round(size["x"]), round(state["x"])))
                size_text = choice.locator(".size").inner_text()  # "20×20 board"
                assert size_text.split() == [f"{puzzle.width}\u00d7{puzzle.height}", "board"]
                solved = puzzle.name == "tetromino_rectangle"  # as this browser keeps it
                assert choice.get_attribute("data-solved") == str(solved).lower()
                words = " ".join(choice.locator(".state").inner_text().split())
                assert words == ("\u2713 Solved, best 1:23" if solved else "Not solved"), words
            assert len(columns) == 1  # the columns line up
        finally:
            context.close()

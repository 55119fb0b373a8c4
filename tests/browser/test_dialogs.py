"""The dialogs: New game keeps one human against the computer in every game type and says who
plays with whom; the scoreboard names the computers' levels; the puzzle list reads as a list."""

from harness import DESKTOP, PHONE, new_context, open_page, wait_until_state

from game.puzzles import PUZZLES


def seat_values(page) -> list[str]:
    return page.eval_on_selector_all("#seats select", "els => els.map(e => e.value)")


def test_every_game_type_starts_as_one_human_against_the_computer(page):
    page.click("#new-game")
    for mode, seats in (("duo", 2), ("teams", 4), ("classic_3", 3), ("classic_2", 2)):
        page.check(f"#new-game-form input[name=mode][value={mode}]")
        assert seat_values(page) == ["human"] + ["computer:2"] * (seats - 1), mode
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
        try:
            page = open_page(context, site, record)
            page.click("#puzzles")
            choices = page.locator("#puzzle-list .puzzle-choice")
            assert choices.count() == len(PUZZLES)
            lefts = set()
            for i in range(choices.count()):
                choice = choices.nth(i)
                button = choice.bounding_box()
                title = choice.locator("strong").bounding_box()
                best = choice.locator(".best").bounding_box()
                about = choice.locator("span:not(.best)").bounding_box()
                assert title["x"] - button["x"] < 20  # left-aligned, not centred
                assert abs(best["y"] - title["y"]) < 8  # best time on the title's line
                assert best["x"] > title["x"] + title["width"] - 1
                assert about["y"] >= title["y"] + title["height"] - 1  # what to do below
                lefts.add(round(title["x"]))
            assert len(lefts) == 1  # titles line up
        finally:
            context.close()

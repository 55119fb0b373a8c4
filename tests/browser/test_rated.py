"""The ladder of levels in the new-game dialog, and a rated game: started from the dialog against
the level the rating picks, no undo or hint while it goes on, its end moving the rating, and the
rating with its history and games still there after a reload; a broken history is set aside."""

import json
import random

from harness import (
    axe_violations,
    inject_axe,
    open_page,
    play_by_keys,
    save_on_reload,
    seed_saved_game,
    stored_keys,
    wait_until_state,
)

from game.levels import LEVEL_NAMES, LEVEL_PACE, LEVELS, level_elo, strength_text
from game.rating import START_RATING, RatingHistory, pick_level, rating_words, updated_rating
from game.web.rated import RATING_KEY, player_result, rated_options
from game.web.session import SAVE_KEY, Session

GAME_END_TIMEOUT_MS = 120_000


def test_the_dialog_offers_the_ladder_weakest_first_with_each_levels_strength(page):
    page.click("#new-game")
    page.check("#new-game-form input[name=mode][value=duo]")
    options = page.eval_on_selector_all(
        "#seats select[name=seat1] option", "els => els.map(e => [e.value, e.textContent])"
    )
    assert [value for value, _ in options] == ["human"] + [f"computer:{n}" for n in LEVELS]
    for (_, text), level in zip(options[1:], LEVELS, strict=True):
        notes = [LEVEL_PACE[level]] if level in LEVEL_PACE else []
        notes.append(strength_text(level, "duo"))
        assert text == f"Computer: {LEVEL_NAMES[level]} ({'; '.join(notes)})"
    assert "about Pentobi level 3" in " ".join(text for _, text in options)
    assert "thinks up to a few seconds a move" in options[-1][1]


def near_the_end(saved: str) -> str:
    """The rated game of ``saved`` played on (random moves) until the human (Purple, first) can
    no longer move and the computer still can: the page plays the rest on its own."""
    for seed in range(100):
        session = Session.from_json(saved)
        chooser = random.Random(seed)
        board = session.board
        while board.turn is not None and not (0 in board.finished and board.turn == 1):
            session.play(chooser.choice(list(board.legal_moves)))
        if board.turn is not None:
            return session.to_json()
    raise AssertionError("no game left the computer alone to move")


def test_a_rated_game_from_the_dialog_to_the_rating_change_kept_over_a_reload(
    context, site, record
):
    inject_axe(context)
    page = open_page(context, site, record)
    page.click("#new-game")
    page.check("#new-game-form input[name=mode][value=duo]")
    page.check("#new-game-form input[name=rated]")
    assert page.is_hidden("#seats")
    level = pick_level(START_RATING, "duo")
    panel = page.inner_text("#rated-panel")
    assert "Your rating (Duo): 1000, about Pentobi level 1." in panel
    assert f"You play Purple (first) against {LEVEL_NAMES[level]}." in panel
    assert axe_violations(page) == []
    page.click("#start-game")
    wait_until_state(page, "ready")
    assert f"Computer: {LEVEL_NAMES[level]}" in page.inner_text("#scores tr[data-color='orange']")
    play_by_keys(page)  # the computer answers: the state is ready again
    for control in ("#undo", "#redo", "#hint", "#first-move", "#prev-move"):
        assert page.is_disabled(control), control
    page.keyboard.press("Control+z")  # the shortcut does nothing either
    page.keyboard.press("h")
    page.locator("#notice", has_text="No hints in a rated game.").wait_for()
    saved = page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})")
    assert Session.from_json(saved).board.ply() == 2 and json.loads(saved)["rated"] is True

    # The rest of the game, played out quickly: the page finishes it against the computer.
    save_on_reload(page, SAVE_KEY, near_the_end(saved))
    page.reload()
    wait_until_state(page, "over", timeout=GAME_END_TIMEOUT_MS)
    final = Session.from_json(page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})"))
    rating = updated_rating(START_RATING, player_result(final), level_elo(level, "duo"), 0)
    change = page.inner_text("#rating-change")
    assert change == (
        f"Rated game: your rating goes from 1000 to {round(rating)} "
        f"({rating_words(rating, 'duo')})."
    )
    assert axe_violations(page) == []
    page.keyboard.press("Escape")

    page.reload()  # the finished game again: it is not counted twice
    wait_until_state(page, "over")
    assert page.inner_text("#rating-change") == change
    page.keyboard.press("Escape")
    page.click("#new-game")
    page.check("#new-game-form input[name=mode][value=duo]")
    page.check("#new-game-form input[name=rated]")
    assert f"Your rating (Duo): {rating_words(rating, 'duo')}." in page.inner_text("#rated-panel")
    graph = page.get_attribute("#rated-panel svg.rating-graph", "aria-label")
    assert graph == f"Your Duo rating game by game: from 1000 to {round(rating)}"
    assert page.locator("#rated-panel [data-rated-game]").count() == 1
    assert f"You play Orange (second) against {LEVEL_NAMES[pick_level(rating, 'duo')]}" in (
        page.inner_text("#rated-panel")
    )
    assert axe_violations(page) == []
    page.click("#rated-panel [data-rated-game='0']")
    wait_until_state(page, "over")
    assert "Rated game of" in page.inner_text("#notice")
    page.keyboard.press("Escape")
    assert page.is_enabled("#first-move")  # the game opened for review


def test_a_broken_rating_history_is_set_aside_with_a_notice(context, site, record):
    seed_saved_game(context, '{"format": "pyblokus-rating", "version": 1, "games": 3}', RATING_KEY)
    page = open_page(context, site, record)
    page.click("#new-game")
    page.check("#new-game-form input[name=mode][value=classic_2]")
    page.check("#new-game-form input[name=rated]")
    assert "Your rating (2 players): 1000, about Pentobi level 1." in page.inner_text(
        "#rated-panel"
    )
    notice = page.inner_text("#notice")
    assert "Your saved ratings could not be restored" in notice and "starts afresh" in notice
    asides = [k for k in stored_keys(page) if k.startswith(RATING_KEY + ".unreadable.")]
    assert len(asides) == 1 and asides[0] in notice
    assert RATING_KEY not in stored_keys(page)


def test_a_rating_that_does_not_fit_the_full_store_says_so(context, site, record):
    saved = near_the_end(Session.new(rated_options(RatingHistory(), "duo")).to_json())
    context.add_init_script(
        f"localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(saved)});"
        # Then another app fills the store to the brim.
        "let size = 1 << 20, count = 0;"
        "while (size >= 1) { try { localStorage.setItem('other-app.' + count, 'x'.repeat(size));"
        " count += 1; } catch { size = Math.floor(size / 2); } }"
    )
    page = open_page(context, site, record, state="over")
    assert page.inner_text("#rating-change").startswith("Rated game: your rating goes from 1000")
    page.locator(
        "#notice",
        has_text="This rating will be lost when the page closes: the browser's storage for this "
        "site is full.",
    ).wait_for()
    assert RATING_KEY not in stored_keys(page)

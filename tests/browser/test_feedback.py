"""Feedback that follows the game: a notice goes when the position it spoke of changes, and
focus stays on the board after Enter places a piece; screen readers hear every move, and each
event once; moves and the end sound, if the player wants sounds."""

import random

from harness import (
    computed,
    contrast,
    open_page,
    pick,
    seed_saved_game,
    seed_saved_puzzle,
    wait_until_idle,
    wait_until_state,
)

from game import square, square_name
from game.web.ghost import default_orientation, ghost_for_move
from game.web.session import HUMAN_OCCUPANT, GameOptions, Occupant, Session


def test_a_notice_goes_when_the_position_changes_and_focus_stays_on_the_board(
    context, site, record
):
    session = Session.new(GameOptions("duo", seats=(HUMAN_OCCUPANT, HUMAN_OCCUPANT)))
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
    session = Session.new(GameOptions("duo", seats=(HUMAN_OCCUPANT, Occupant("computer", 2))))
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


def duo_to_the_end(
    before: int, seats=(HUMAN_OCCUPANT, HUMAN_OCCUPANT), seed: int = 13
) -> tuple[Session, list]:
    """A Duo game, ``before`` random moves in (the same each time), and the moves that play it
    to its end. Seed 13: the 24th move makes Purple pass, the 25th, Orange's only move left,
    ends the game; both are in the orientation the tray draws, so a click plays them."""
    session = Session.new(GameOptions("duo", seats=seats))
    chooser = random.Random(seed)
    moves = []
    while session.board.turn is not None:
        moves.append(chooser.choice(list(session.board.legal_moves)))
        session.play(moves[-1])
    start = Session.new(session.options)
    for move in moves[:before]:
        start.play(move)
    return start, moves[before:]


def play_by_click(page, session: Session, move) -> None:
    """Pick ``move``'s piece in the tray of the colour to move and click its first square."""
    ghost = ghost_for_move(move, session.board)
    assert ghost.orientation == default_orientation(ghost.piece)
    pick(page, ghost.piece.name, session.board.color_names[session.board.turn])
    page.click(f"#board [data-square='{square_name(square(*ghost.anchor))}']")
    session.play(move)


#: Records, in ``window.heard``, the text of every live region as it changes while it is
#: heard: not ``aria-live="off"``, not hidden.
LISTEN_TO_LIVE_REGIONS = """() => {
    window.heard = [];
    const region = node => {
        for (let e = node.nodeType === 1 ? node : node.parentElement; e; e = e.parentElement) {
            if (e.hasAttribute('aria-live') || ['status', 'alert', 'log'].includes(e.role)) {
                return e;
            }
        }
        return null;
    };
    new MutationObserver(records => {
        const changed = new Set(records.map(r => region(r.target)).filter(Boolean));
        for (const e of changed) {
            const live = e.getAttribute('aria-live') || 'polite';
            if (live !== 'off' && !e.closest('[hidden]') && e.textContent.trim()) {
                window.heard.push(e.textContent);
            }
        }
    }).observe(document.body, {childList: true, characterData: true, subtree: true});
}"""


def test_a_pass_and_the_end_are_heard_once_and_the_pass_is_shown(context, site, record):
    session, moves = duo_to_the_end(23)
    seed_saved_game(context, session.to_json())
    page = open_page(context, site, record)
    page.evaluate(LISTEN_TO_LIVE_REGIONS)
    play_by_click(page, session, moves[0])  # Orange's monomino: Purple cannot move
    wait_until_state(page, "ready")
    passes = "Purple cannot move and passes for the rest of the game."
    assert page.inner_text("#notice") == passes  # seen
    heard = page.evaluate("() => window.heard")
    assert sum(passes in text for text in heard) == 1, heard
    assert any("Orange played the monomino on i9." in text for text in heard), heard
    page.evaluate("() => { window.heard = []; }")
    page.click("label:has(#show-corners)")  # the board is drawn again; nothing new to hear
    assert page.evaluate("() => window.heard") == []
    play_by_click(page, session, moves[1])  # the last move
    wait_until_state(page, "over")
    heard = page.evaluate("() => window.heard")
    assert sum("Game over. Orange wins." in text for text in heard) == 1, heard
    assert page.is_hidden("#notice")  # the pass, spoken of before, is not behind the dialog


def test_the_end_played_by_the_computer_is_heard_once(context, site, record):
    session, _ = duo_to_the_end(24, seats=(HUMAN_OCCUPANT, Occupant("computer", 1)))
    seed_saved_game(context, session.to_json())
    context.add_init_script(f"addEventListener('DOMContentLoaded', {LISTEN_TO_LIVE_REGIONS})")
    page = open_page(context, site, record, state="over")
    wait_until_idle(page)
    heard = page.evaluate("() => window.heard")
    assert any("Orange (computer, Beginner) played the I3" in text for text in heard), heard
    assert sum("Game over. Orange wins." in text for text in heard) == 1, heard


def test_moves_and_the_end_sound_only_with_the_sounds_setting(context, site, record):
    session, moves = duo_to_the_end(23)
    seed_saved_game(context, session.to_json())
    page = open_page(context, site, record)
    page.evaluate(
        "() => { window.sounds = [];"
        "document.addEventListener('pyblokus-sound', e => window.sounds.push(e.detail)); }"
    )
    assert page.is_checked("#sound")  # on: the system does not ask for reduced motion
    played = session.board.ply()
    play_by_click(page, session, moves[0])
    wait_until_state(page, "ready")
    play_by_click(page, session, moves[1])
    wait_until_state(page, "over")
    assert page.evaluate("() => window.sounds") == ["move", "end"]
    page.click("#game-over-dialog button[value=review]")
    page.uncheck("#sound")
    page.click(f"#move-list [data-move='{played}']")  # back before both moves: play them again
    session, moves = duo_to_the_end(23)
    play_by_click(page, session, moves[0])
    page.click("#confirm-dialog[open] #confirm-yes")  # the later moves are discarded
    wait_until_state(page, "ready")
    play_by_click(page, session, moves[1])
    wait_until_state(page, "over")
    assert page.evaluate("() => window.sounds") == ["move", "end"]  # none more


def test_after_a_hint_enter_places_it_and_the_board_shows_it_has_the_keys(context, site, record):
    seed_saved_puzzle(context, "tetromino_rectangle")
    page = open_page(context, site, record)
    for ask, placed in ((lambda: page.keyboard.press("h"), 1), (lambda: page.click("#hint"), 2)):
        ask()  # by key, then with the mouse (which leaves focus on the Hint button)
        page.wait_for_selector("#ghost rect.legal")
        assert "Press Place or Enter" in page.inner_text("#notice")
        assert page.evaluate("() => document.activeElement.id") == "board"
        page.keyboard.press("Enter")  # places the hint: it does not ask for another
        page.wait_for_selector(f"#puzzle-progress:has-text('{placed} of 20 pieces')")
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")  # back to the board by keyboard: its focus ring shows
    assert page.evaluate("() => document.activeElement.matches('#board:focus-visible')")
    assert computed(page, "#board", "outlineStyle") == "solid"
    assert float(computed(page, "#board", "outlineWidth").removesuffix("px")) >= 3
    ring = computed(page, "#board", "outlineColor")
    assert contrast(ring, computed(page, "body", "backgroundColor")) >= 3  # WCAG 1.4.11

"""Games kept, reviewed and shared in the page: the move list and its keys, Save and Open,
Pentobi's records, links, bad input that leaves the game alone, New game that asks, analysis."""

from pathlib import Path

from harness import covered, open_page, seed_saved_game, wait_for_computer_player, wait_until_state

from game import Board, square_name
from game.ai import choose_move
from game.link import to_fragment
from game.sgf import read_sgf
from game.web.records import record_of
from game.web.session import HUMAN_OCCUPANT, GameOptions, Occupant, Session

DATA = Path(__file__).resolve().parents[1] / "data"
ANALYSIS_TIMEOUT_MS = 180_000


def duo_session(plies: int | None, seats=(HUMAN_OCCUPANT, HUMAN_OCCUPANT)) -> Session:
    """A Duo game between the given seats, played by the Beginner for ``plies`` moves (None:
    to the end)."""
    session = Session.new(GameOptions("duo", seats=seats))
    while session.board.turn is not None and (plies is None or session.board.ply() < plies):
        session.play(choose_move(session.board, 1, seed=session.board.ply()))
    return session


def squares_after(board: Board, plies: int) -> dict[str, str]:
    """The covered squares of ``board``'s game after its first ``plies`` moves."""
    names = board.variant.color_names
    return {
        square_name(sq): names[color]
        for color, move in board.move_stack[:plies]
        for sq in move.squares
    }


def current_row(page) -> str:
    return page.get_attribute("#move-list [aria-current=step]", "data-move")


def test_review_a_finished_game_by_the_list_and_by_keys(context, site, record):
    session = duo_session(None)
    board = session.board
    seed_saved_game(context, session.to_json())
    page = context.new_page()  # open_page waits for `ready`; a finished game boots `over`
    record.watch(page)
    page.goto(site.url)
    wait_until_state(page, "over")
    n = board.ply()
    assert page.locator("#move-list [data-move]").count() == n + 1
    assert current_row(page) == str(n)
    assert page.is_visible("#game-over-dialog")
    page.click("#review-game")
    assert current_row(page) == "0" and not page.is_visible("#game-over-dialog")
    page.click("#move-list [data-move='5']")
    assert covered(page) == squares_after(board, 5) and current_row(page) == "5"
    assert page.locator("#move-list li.future").count() == n - 5
    page.focus("#board")
    page.keyboard.press("Home")
    assert covered(page) == {} and current_row(page) == "0"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert covered(page) == squares_after(board, 2)
    page.keyboard.press("ArrowLeft")
    assert covered(page) == squares_after(board, 1)
    page.keyboard.press("End")
    assert covered(page) == squares_after(board, n) and current_row(page) == str(n)
    assert not page.is_visible("#game-over-dialog")
    page.click("#first-move")
    page.click("#next-move")
    assert current_row(page) == "1"
    page.click("#last-move")
    page.click("#prev-move")
    assert current_row(page) == str(n - 1)


def test_the_computer_waits_while_a_past_position_is_shown(context, site, record):
    session = duo_session(6, seats=(HUMAN_OCCUPANT, Occupant("computer", 1)))
    seed_saved_game(context, session.to_json())
    page = open_page(context, site, record)
    wait_for_computer_player(page)
    page.click("#move-list [data-move='5']")  # Orange, the computer, is to move there
    page.wait_for_timeout(1500)
    assert covered(page) == squares_after(session.board, 5)
    assert page.get_attribute("body", "data-state") != "thinking"
    # Playing from the past asks before the later moves go.
    page.click("#move-list [data-move='4']")
    page.click("#trays [data-piece='1'][data-color='purple']")
    replay = Board("duo")
    for color, move in session.board.move_stack[:4]:
        replay.push(move, color)
    target = next(str(m) for m in replay.legal_moves if m.piece.name == "1")
    page.click(f"#board [data-square='{target}']")
    page.wait_for_selector("#confirm-dialog[open]")
    page.click("#confirm-no")
    assert covered(page) == squares_after(session.board, 4)
    assert page.locator("#move-list [data-move]").count() == 7


def test_save_then_open_the_file_again(context, site, record, tmp_path):
    session = duo_session(8)
    seed_saved_game(context, session.to_json())
    page = open_page(context, site, record)
    with page.expect_download() as download:
        page.click("#save-game")
    assert download.value.suggested_filename.endswith(".blksgf")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert read_sgf(saved.read_text()).move_stack == session.board.move_stack
    page.click("#new-game")
    page.click("#start-game")
    page.click("#confirm-dialog[open] #confirm-yes")
    page.wait_for_selector("#move-list [data-move='1']", state="detached")
    assert covered(page) == {}
    page.set_input_files("#open-file", str(saved))
    page.wait_for_selector("#move-list [data-move='8']")
    assert covered(page) == squares_after(session.board, 8)
    assert "opened" in page.inner_text("#notice")


def test_a_pentobi_record_opens_by_file_and_by_drop(page):
    path = DATA / "duo_variations.blksgf"
    board = read_sgf(path.read_text())
    page.set_input_files("#open-file", str(path))
    page.wait_for_selector("#board[data-width='14']")
    assert covered(page) == squares_after(board, board.ply())
    assert page.locator("#move-list [data-move]").count() == board.ply() + 1
    # Dropped on the board: the same record, now over a game with nothing to lose.
    data = path.read_text()
    handle = page.evaluate_handle(
        "text => { const d = new DataTransfer();"
        " d.items.add(new File([text], 'again.blksgf')); return d; }",
        data,
    )
    page.dispatch_event("#board-host", "drop", {"dataTransfer": handle})
    page.wait_for_selector("#notice:has-text('again.blksgf opened')")


def test_a_shared_link_opens_the_game_in_a_fresh_browser(context, site, record, browser):
    session = duo_session(7)
    seed_saved_game(context, session.to_json())
    page = open_page(context, site, record)
    page.click("#share")
    link = page.input_value("#share-link")
    assert "#game=" in link and page.is_visible("#share-dialog")
    assert "Orange to move" in page.inner_text("#share-text")
    other = browser.new_context()
    try:
        friend = other.new_page()
        record.watch(friend)
        friend.goto(link)
        wait_until_state(friend, "ready")
        friend.wait_for_selector("#notice:has-text('Game from the link')")
        assert covered(friend) == squares_after(session.board, 7)
        assert "send the link back" in friend.inner_text("#notice")
        assert "#game=" not in friend.url  # kept in the page's own save from now on
    finally:
        other.close()


def test_a_link_asks_before_replacing_a_game_in_progress_unless_it_plays_it_on(
    context, site, record
):
    session = duo_session(4)
    seed_saved_game(context, session.to_json())
    other = Session.new(GameOptions("junior", seats=(HUMAN_OCCUPANT, HUMAN_OCCUPANT)))
    other.play(next(iter(other.board.legal_moves)))
    page = open_page(context, site, record, "#" + to_fragment(record_of(other)))
    page.wait_for_selector("#confirm-dialog[open]")  # over the game in progress, shown
    assert page.inner_text("#confirm-title") == "Abandon the current game?"
    assert covered(page) == squares_after(session.board, 4)
    page.click("#confirm-no")
    assert covered(page) == squares_after(session.board, 4)
    assert "#game=" not in page.url
    later = duo_session(7)  # the same game played on: nothing to lose
    page.goto(f"{site.url}?later#{to_fragment(record_of(later))}")
    wait_until_state(page, "ready")
    page.wait_for_selector("#notice:has-text('Game from the link')")
    assert covered(page) == squares_after(later.board, 7)
    assert page.is_hidden("#confirm-dialog")
    page.goto(f"{site.url}?other#{to_fragment(record_of(other))}")
    page.click("#confirm-dialog[open] #confirm-yes")
    page.wait_for_selector("#notice:has-text('Game from the link')")
    assert covered(page) == squares_after(other.board, 1)


def test_a_tampered_link_and_a_bad_file_leave_the_game_alone(context, site, record):
    session = duo_session(5)
    seed_saved_game(context, session.to_json())
    page = open_page(context, site, record)
    page.click("#share")
    link = page.input_value("#share-link")
    tampered = link[:-6] + ("A" if link[-6] != "A" else "B") + link[-5:]
    page.goto(tampered.replace("#", "?x#"))  # a new page load with the changed fragment
    wait_until_state(page, "ready")
    page.wait_for_selector("#notice:has-text('could not be opened')")
    assert "damaged" in page.inner_text("#notice")
    assert covered(page) == squares_after(session.board, 5)
    page.set_input_files(
        "#open-file",
        files=[{"name": "bad.blksgf", "mimeType": "text/plain", "buffer": b"(;GM[Chess])"}],
    )
    page.wait_for_selector("#notice:has-text('bad.blksgf could not be opened')")
    assert "unsupported game" in page.inner_text("#notice")
    assert covered(page) == squares_after(session.board, 5)


def test_new_game_asks_before_abandoning_a_game_in_progress(context, site, record):
    session = duo_session(4)
    seed_saved_game(context, session.to_json())
    page = open_page(context, site, record)
    page.click("#new-game")
    page.click("#start-game")
    page.wait_for_selector("#confirm-dialog[open]")
    assert page.inner_text("#confirm-title") == "Abandon the current game?"
    page.click("#confirm-no")
    assert covered(page) == squares_after(session.board, 4)
    page.click("#new-game")
    page.click("#start-game")
    page.click("#confirm-dialog[open] #confirm-yes")
    page.wait_for_selector("#move-list [data-move='1']", state="detached")
    assert covered(page) == {}


def test_analysis_draws_its_graph_shows_the_computers_move_and_is_kept(context, site, record):
    session = duo_session(4)
    seed_saved_game(context, session.to_json())
    page = open_page(context, site, record)
    wait_for_computer_player(page)
    page.click("#analyse")
    page.wait_for_selector(".analysis-graph polyline", timeout=ANALYSIS_TIMEOUT_MS)
    assert page.locator(".analysis-graph polyline").count() == 2
    assert page.locator(".analysis-graph .hit").count() == 5
    page.click("#move-list [data-move='1']")
    assert page.locator("#board .best-move").count() >= 1
    page.click("#last-move")
    page.reload()
    wait_until_state(page, "ready")
    assert page.locator(".analysis-graph polyline").count() == 2


def test_a_classic_analysis_runs_in_the_worker_can_be_cancelled_and_is_drawn(context, site, record):
    session = Session.new(GameOptions("classic", seats=(HUMAN_OCCUPANT,) * 4))
    for _ in range(8):
        session.play(choose_move(session.board, 1, seed=session.board.ply()))
    seed_saved_game(context, session.to_json())
    page = open_page(context, site, record)
    wait_for_computer_player(page)
    page.click("#analyse")
    page.wait_for_selector("#analysis-run:not([hidden])")
    page.click("#analysis-cancel")
    page.wait_for_selector("#analysis-run[hidden]", state="attached")
    assert page.inner_text("#notice") == "Analysis stopped."
    assert page.locator(".analysis-graph").count() == 0
    page.click("#analyse")
    page.wait_for_selector(".analysis-graph polyline", timeout=ANALYSIS_TIMEOUT_MS)
    assert page.locator(".analysis-graph polyline").count() == 4  # a line per player
    assert page.locator(".analysis-graph .hit").count() == 9  # a point per position
    page.click("#move-list [data-move='4']")
    assert page.locator("#board .best-move").count() >= 1


def test_a_puzzle_keeps_the_game_and_leads_back_to_it(context, site, record):
    session = duo_session(6)
    seed_saved_game(context, session.to_json())
    page = open_page(context, site, record)
    page.click("#puzzles")
    page.click("#puzzle-list [data-puzzle='pentomino_rectangle']")
    page.wait_for_selector("#board[data-width='15']")
    assert page.is_hidden("#review") and page.is_hidden("#save-game")
    page.reload()  # the puzzle is what a reload shows
    page.wait_for_selector("#board[data-width='15']")
    page.click("#puzzle-back")
    page.wait_for_selector("#board[data-width='14']")
    assert covered(page) == squares_after(session.board, 6)
    assert page.is_visible("#review") and page.is_hidden("#puzzle-back")
    page.reload()
    page.wait_for_selector("#board[data-width='14']")
    assert covered(page) == squares_after(session.board, 6)


def test_a_reload_keeps_the_whole_game_and_the_position_shown(context, site, record):
    session = duo_session(9)
    seed_saved_game(context, session.to_json())
    page = open_page(context, site, record)
    page.click("#move-list [data-move='3']")
    page.reload()
    wait_until_state(page, "ready")
    assert current_row(page) == "3"
    assert page.locator("#move-list [data-move]").count() == 10
    assert covered(page) == squares_after(session.board, 3)

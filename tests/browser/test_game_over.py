"""A colour that cannot move is passed with a notice; a whole game reaches `over`."""

from harness import covered, open_page, pick, seed_saved_game, wait_until_state

from game import Board, square, square_name
from game.ai import choose_move
from game.web.ghost import default_orientation, ghost_for_move
from game.web.session import HUMAN_OCCUPANT, GameOptions, Session

WHOLE_GAME_TIMEOUT_MS = 240_000


def position_before_a_blocking_move():
    """A Duo game between humans where Purple's next move (a piece as drawn in the tray)
    leaves Orange without a move: the game's moves so far and that move. Beginner plays the
    games, each with seeds of its own, until one has such a move."""
    for game in range(50):
        board = Board("duo")
        while board.turn is not None:
            if board.turn == 0:
                for move in board.legal_moves:
                    ghost = ghost_for_move(move, board)
                    if ghost.orientation != default_orientation(ghost.piece):
                        continue
                    board.push(move)
                    blocks = 1 in board.passed and board.turn == 0
                    board.pop()
                    if blocks:
                        return [m for _, m in board.move_stack], move
            board.push(choose_move(board, 1, seed=1000 * game + len(board.move_stack)))
    raise AssertionError("no blocking move found")


def test_a_colour_that_cannot_move_is_passed_with_a_notice(context, site, record):
    moves, blocking = position_before_a_blocking_move()
    session = Session.new(GameOptions("duo", seats=(HUMAN_OCCUPANT, HUMAN_OCCUPANT)))
    for move in moves:
        session.play(move)
    seed_saved_game(context, session.to_json())
    page = open_page(context, site, record)
    anchor = ghost_for_move(blocking, session.board).anchor
    pick(page, blocking.piece.name, "purple")
    page.click(f"#board [data-square='{square_name(square(*anchor))}']")
    assert "Orange cannot move and passes" in page.inner_text("#notice")
    assert "passed" in page.inner_text("#scores tr[data-color='orange']")
    assert page.inner_text("#status").startswith(("Purple to move", "Game over"))
    placed = {sq for sq, color in covered(page).items() if color == "purple"}
    assert {square_name(sq) for sq in blocking.squares} <= placed


def start_duo(page, purple: str, orange: str) -> None:
    """Start a Duo game from the new-game dialog with these seat choices."""
    page.click("#new-game")
    page.check("#new-game-form input[name=mode][value=duo]")
    page.select_option("#seats select[name=seat0]", purple)
    page.select_option("#seats select[name=seat1]", orange)
    page.click("#start-game")


def test_a_whole_duo_game_through_the_page_with_hints_against_the_computer(page):
    start_duo(page, "human", "computer:1")
    wait_until_state(page, "ready")
    while page.get_attribute("body", "data-state") != "over":
        page.click("#hint")
        page.wait_for_selector("#ghost rect.legal", state="attached")
        page.click("#place")
        page.wait_for_selector(
            "body[data-state=ready], body[data-state=over]",
            state="attached",
            timeout=WHOLE_GAME_TIMEOUT_MS,
        )
    dialog = page.locator("#game-over-dialog")
    assert dialog.is_visible()
    text = dialog.inner_text()
    headline = page.inner_text("#game-over-headline")
    assert headline.startswith(
        ("You win against Beginner by", "You lose to Beginner by", "You share")
    )
    assert "Purple" in text and "Orange" in text and "Bonus" in text
    assert page.inner_text("#status").startswith("Game over.")
    assert page.is_disabled("#hint")


def test_a_computer_only_game_can_be_watched_to_the_end(page):
    start_duo(page, "computer:1", "computer:2")
    wait_until_state(page, "thinking", timeout=10_000)
    wait_until_state(page, "over", timeout=WHOLE_GAME_TIMEOUT_MS)
    assert page.locator("#game-over-dialog").is_visible()
    assert len(covered(page)) > 40

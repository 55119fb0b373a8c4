"""The page's sessions as game records and back, and when a game arriving loses nothing."""

import pytest

from game import Board, Move
from game.record import HUMAN, GameRecord
from game.web.records import Arrival, arrival, record_of, session_of
from game.web.session import GameOptions, Occupant, Session, has_game_in_progress


@pytest.mark.parametrize(
    "mode, seats",
    [
        (
            "classic",
            (
                Occupant("human"),
                Occupant("computer", 1),
                Occupant("computer", 4),
                Occupant("human"),
            ),
        ),
        (
            "teams",
            (
                Occupant("human"),
                Occupant("computer", 2),
                Occupant("human"),
                Occupant("computer", 3),
            ),
        ),
        ("classic_3", (Occupant("computer", 3),) * 3),
        ("duo", (Occupant("human"), Occupant("computer", 4))),
    ],
)
def test_sessions_survive_the_round_trip(mode, seats):
    session = Session.new(GameOptions(mode, seats=seats, scoring="advanced"))
    session.play(next(iter(session.board.legal_moves)))
    back = session_of(record_of(session))
    assert back.options == session.options
    assert back.board.move_stack == session.board.move_stack
    assert back.board is not session.board


def test_a_record_of_the_line_not_the_position_shown():
    session = Session.new(GameOptions("duo"))
    session.play(Move.parse("e10"))
    line = session.board.copy()
    line.push(Move.parse("j5"))
    assert record_of(session, line).board.ply() == 2


def test_what_counts_as_a_game_in_progress_and_how_an_arriving_game_stands_to_it():
    board = Board("duo")
    assert not has_game_in_progress(board)
    board.push(Move.parse("e10"))
    assert has_game_in_progress(board)
    later = board.copy()
    later.push(Move.parse("j5"))
    assert arrival(later, board) is Arrival.SAME_OR_LATER
    assert arrival(board, board) is Arrival.SAME_OR_LATER
    assert arrival(board, later) is Arrival.EARLIER
    other = Board("duo")
    other.push(Move.parse("e10,e9"))
    assert arrival(other, board) is Arrival.OTHER
    assert arrival(board, other) is Arrival.OTHER
    classic = GameRecord(Board("classic"), (HUMAN,) * 4).board
    assert arrival(classic, Board("duo")) is Arrival.OTHER

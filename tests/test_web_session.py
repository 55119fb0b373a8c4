"""The page's game model: seats, undo/redo groups, passes, and the saved-game format."""

import json

import pytest

from game import Board, IllegalMoveError, Move
from game.ai import choose_move
from game.boundary import InputError
from game.history import History
from game.levels import LEVEL_NAMES, PLAYED_VARIANTS
from game.variants import VARIANTS
from game.web.session import (
    GAME_TYPES,
    HUMAN_OCCUPANT,
    GameOptions,
    Occupant,
    Session,
    default_seats,
)

COMPUTER = Occupant("computer", 1)


def play_computer(session: Session) -> None:
    session.play(choose_move(session.board, 1, seed=len(session.board.move_stack)))


def test_modes_offer_every_variant_and_two_teams():
    assert {m.title for m in GAME_TYPES.values()} == {
        "4 players",
        "2 players",
        "3 players",
        "Two teams",
        "Duo",
        "Junior",
        "Trigon, 4 players",
        "Trigon, 2 players",
        "Trigon, 3 players",
    }
    assert {t.variant for t in GAME_TYPES.values()} == set(VARIANTS)
    assert GAME_TYPES["teams"].seat_names() == ("Blue", "Yellow", "Red", "Green")
    assert GAME_TYPES["classic_2"].seat_names() == ("Blue & Red", "Yellow & Green")
    assert GAME_TYPES["classic_3"].seat_names() == ("Blue", "Yellow", "Red")
    assert GAME_TYPES["duo"].seat_names() == ("Purple", "Orange")
    assert GAME_TYPES["junior"].seat_names() == ("Green", "Orange")
    assert GAME_TYPES["trigon_2"].seat_names() == ("Blue & Red", "Yellow & Green")
    assert GAME_TYPES["trigon_3"].seat_names() == ("Blue", "Yellow", "Red")


@pytest.mark.parametrize("type_name", ["junior", "trigon", "trigon_2", "trigon_3"])
def test_computer_seats_exist_exactly_where_the_computer_plays(type_name):
    """The page offers computer seats in the variants game.ai plays (game.levels says which,
    without NumPy); elsewhere every seat is human, and options asking for the computer are
    refused with a reason."""
    game_type = GAME_TYPES[type_name]
    plays = game_type.variant in PLAYED_VARIANTS
    assert game_type.computer_plays == plays
    assert any(seat.is_computer for seat in default_seats(type_name)) == plays
    seats = (HUMAN_OCCUPANT, *(COMPUTER,) * (len(game_type.seat_names()) - 1))
    if plays:
        assert GameOptions(type_name, seats=seats).seats == seats
    else:
        with pytest.raises(ValueError, match="does not play"):
            GameOptions(type_name, seats=seats)
        with pytest.raises(ValueError, match="Classic"):
            GameOptions(type_name, colorless_corners=True)


@pytest.mark.parametrize("type_name", ["junior", "trigon", "trigon_2", "trigon_3"])
def test_new_variants_save_and_restore_with_their_line(type_name):
    session = Session.new(GameOptions(type_name))
    for _ in range(6):
        session.play(session.board.legal_moves_for(session.board.turn)[3])
    session.undo()
    restored = Session.from_json(session.to_json())
    assert restored.board.variant.name == GAME_TYPES[type_name].variant
    assert restored.board.move_stack == session.board.move_stack
    assert restored.line_board().move_stack == session.line_board().move_stack


def test_options_default_to_human_seats_and_check_their_number():
    assert GameOptions("classic_3").seats == (HUMAN_OCCUPANT,) * 3
    with pytest.raises(ValueError, match="2 seats"):
        GameOptions("duo", seats=(HUMAN_OCCUPANT,) * 3)
    with pytest.raises(ValueError, match="scoring"):
        GameOptions("duo", scoring="golf")
    with pytest.raises(ValueError, match="Classic"):
        GameOptions("duo", colorless_corners=True)
    with pytest.raises(ValueError, match="level"):
        Occupant("computer", max(LEVEL_NAMES) + 1)


def test_teams_play_classic_with_team_scores_and_a_seat_per_colour():
    session = Session.new(
        GameOptions("teams", seats=(HUMAN_OCCUPANT, COMPUTER, HUMAN_OCCUPANT, COMPUTER))
    )
    assert session.board.variant.player_colors == ((0, 2), (1, 3))
    assert session.seat_to_move == 0
    session.play(Move.parse("a20"))
    assert session.seat_to_move == 1 and session.is_computer_turn()


def test_shared_green_is_moved_by_each_player_in_turn():
    seats = (HUMAN_OCCUPANT, COMPUTER, COMPUTER)
    session = Session.new(GameOptions("classic_3", seats=seats))
    movers = []
    while len(session.board.move_stack) < 12:
        movers.append(session.seat_to_move)
        play_computer(session)
    assert movers == [0, 1, 2, 0, 0, 1, 2, 1, 0, 1, 2, 2]
    assert session.move_seats() == movers


def test_illegal_move_changes_nothing():
    session = Session.new(GameOptions("duo"))
    with pytest.raises(IllegalMoveError) as error:
        session.play(Move.parse("a1"))
    assert error.value.reason.value == "must cover your start corner"
    assert session.board.move_stack == []


def test_human_undo_takes_back_the_computer_replies_too():
    session = Session.new(
        GameOptions("classic", seats=(HUMAN_OCCUPANT, COMPUTER, COMPUTER, COMPUTER))
    )
    session.play(Move.parse("a20"))
    for _ in range(3):
        play_computer(session)
    before = list(session.board.move_stack)
    assert session.undo() == 4
    assert session.board.move_stack == []
    assert session.seat_to_move == 0 and not session.paused
    assert session.redo() == 4
    assert session.board.move_stack == before
    assert not session.history.can_redo()


def test_undo_between_humans_takes_back_one_move():
    session = Session.new(GameOptions("duo"))
    session.play(Move.parse("e10"))
    session.play(Move.parse("j5"))
    assert session.undo() == 1
    assert [str(m) for _, m in session.board.move_stack] == ["e10"]


def test_undo_in_a_computer_only_game_pauses_the_computers():
    session = Session.new(GameOptions("duo", seats=(COMPUTER, COMPUTER)))
    play_computer(session)
    play_computer(session)
    assert session.undo() == 1
    assert session.paused and not session.should_computer_move()
    session.resume()
    assert session.should_computer_move() and not session.history.can_redo()


def test_a_new_move_forgets_what_could_be_redone():
    session = Session.new(GameOptions("duo"))
    session.play(Move.parse("e10"))
    session.undo()
    assert session.history.can_redo() and not session.should_computer_move()
    session.play(Move.parse("e10,f10"))
    assert not session.history.can_redo()


def test_play_reports_colours_that_are_passed():
    board = Board.from_setup(
        "duo",
        {0: [Move.parse("e10")], 1: [Move.parse("j5")]},
    )
    session = Session(GameOptions("duo"), History(board))
    # Fill the board until Orange cannot move; the notice names the colours passed.
    passed = frozenset()
    while not passed and session.board.turn is not None:
        passed = session.play(choose_move(session.board, 1, seed=3))
    assert passed
    assert passed <= session.board.finished


def test_saved_game_round_trips():
    seats = (HUMAN_OCCUPANT, Occupant("computer", 3), HUMAN_OCCUPANT, Occupant("computer", 4))
    options = GameOptions("teams", colorless_corners=True, scoring="advanced", seats=seats)
    session = Session.new(options)
    session.play(Move.parse("t1"))
    session.play(Move.parse("a1,b1"))
    restored = Session.from_json(session.to_json())
    assert restored.options == options
    assert restored.board.move_stack == session.board.move_stack
    assert restored.board.turn == session.board.turn


def test_a_save_keeps_the_moves_after_the_position_shown():
    session = Session.new(GameOptions("duo", seats=(HUMAN_OCCUPANT, COMPUTER)))
    for _ in range(5):
        play_computer(session)
    session.history.goto(2)  # Purple, a human, to move
    restored = Session.from_json(session.to_json())
    assert restored.history.moves == session.history.moves
    assert restored.history.ply == 2 and not restored.paused
    restored.history.goto(3)  # Orange, the computer, waits there after a reload
    assert Session.from_json(restored.to_json()).paused
    data = json.loads(session.to_json())
    data["ply"] = 6
    with pytest.raises(InputError, match="position 6"):
        Session.from_json(json.dumps(data))
    del data["ply"]  # a save from before: the end of its record
    assert Session.from_json(json.dumps(data)).history.ply == 5


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "not a pyblokus game"),
        ('{"format": "chess"}', "not a pyblokus game"),
        ('{"format": "pyblokus-save", "version": 99}', "version 99"),
        ('{"format": "pyblokus-save", "version": 1, "seats": "x"}', "seats"),
        ('{"format": "pyblokus-save", "version": 1, "seats": []}', "no record"),
        ('{"format": "pyblokus-save", "version": "1"}', "no version number"),
        ('{"format": "pyblokus-save", "version": ' + "1" * 400 + "}", "number out of range"),
        ('{"format": "pyblokus-save", "version": 1e999}', "number out of range"),
        ("[" * 10_000 + "]" * 10_000, "nested more than 16 deep"),
        ('{"format": "pyblokus-save", "sgf": "' + "x" * 1_000_000 + '"}', "too long"),
    ],
)
def test_corrupt_saves_are_refused_with_a_reason(text, message):
    with pytest.raises(InputError, match=message):
        Session.from_json(text)


def saved(**changes):
    session = Session.new(GameOptions("duo"))
    session.play(Move.parse("e10"))
    data = json.loads(session.to_json())
    data.update(changes)
    return json.dumps(data)


def test_a_save_with_an_illegal_record_is_refused():
    with pytest.raises(ValueError, match="record is broken"):
        Session.from_json(saved(sgf="(;GM[Blokus Duo];B[a1])"))


def test_a_save_whose_mode_does_not_match_its_record_is_refused():
    with pytest.raises(ValueError, match="not classic"):
        Session.from_json(saved(mode="classic", seats=[["human", 2]] * 4))
    with pytest.raises(ValueError, match="unknown game type"):
        Session.from_json(saved(mode="go"))
    with pytest.raises(InputError, match="human or computer"):
        Session.from_json(saved(seats=[["robot", 2], ["human", 2]]))
    with pytest.raises(InputError, match="seats are malformed"):
        Session.from_json(saved(seats=[["computer", True], ["human", 2]]))
    with pytest.raises(InputError, match="no computer level"):
        Session.from_json(saved(seats=[["computer", 10**14], ["human", 2]]))


def test_a_save_with_a_record_beyond_the_limits_is_refused():
    record = "(;GM[Blokus Duo]" + ";" * 20_000 + ")"
    with pytest.raises(InputError, match="record is broken: .* more than 10,000 nodes"):
        Session.from_json(saved(sgf=record))

"""The game's views (game.web.view), rendered in CPython and read back with the standard HTML
parser."""

import re
from html import escape

from html_elements import Elements

from game import PIECE_BY_NAME, Board, Move, levels
from game.ai import choose_move
from game.levels import LEVEL_NAMES, LEVELS
from game.puzzles import stored_solution
from game.web import view
from game.web.session import DEFAULT_LEVEL, HUMAN_OCCUPANT, GameOptions, Occupant, Session


def test_trays_carry_piece_names_colours_and_played_state():
    board = Board("duo")
    board.push(Move.parse("e10"))
    html = Elements(view.trays_html(board, selected=None, human_turn=True))
    pieces = html.with_attr("data-piece")
    assert len(pieces) == 42
    played = [p for p in pieces if p.get("aria-disabled") == "true"]
    assert [(p["data-piece"], p["data-color"]) for p in played] == [("1", "purple")]
    f = next(p for p in pieces if p["data-piece"] == "F" and p["data-color"] == "orange")
    assert f["aria-label"] == "Orange F pentomino"
    trays = html.with_attr("class")
    assert any(t["class"] == "tray turn" and t.get("data-color") == "orange" for t in trays)


def test_selected_piece_is_pressed():
    board = Board("duo")
    html = Elements(view.trays_html(board, selected=PIECE_BY_NAME["X"], human_turn=True))
    pressed = html.with_attr("aria-pressed", "true")
    assert [(p["data-piece"], p["data-color"]) for p in pressed] == [("X", "purple")]


def finished_duo() -> Session:
    session = Session.new(GameOptions("duo"))
    while session.board.turn is not None:
        session.play(choose_move(session.board, 1, seed=len(session.board.move_stack)))
    return session


def test_status_says_whose_turn_and_who_thinks():
    session = Session.new(GameOptions("duo", seats=(HUMAN_OCCUPANT, Occupant("computer", 3))))
    assert view.status_text(session) == "Purple to move: pick a piece."
    session.play(Move.parse("e10"))
    assert view.status_text(session, thinking=True) == "Orange (Strong) is thinking…"


def test_game_over_names_the_winner_with_scores_and_bonuses():
    session = finished_duo()
    outcome = session.board.result()
    text = view.status_text(session)
    assert text.startswith("Game over.")
    winner = ["Purple", "Orange"][outcome.winners[0]]
    assert winner in text
    body = Elements(view.game_over_html(session))
    scores = [int(t) for t in body.text if t.strip().lstrip("-").isdigit()]
    for score in outcome.color_scores:
        assert score in scores


def test_scoreboard_shows_players_when_they_own_several_colours():
    session = Session.new(GameOptions("classic_2"))
    html = Elements(view.scoreboard_html(session))
    assert "Blue & Red" in "".join(html.text)
    plain = Elements(view.scoreboard_html(Session.new(GameOptions("classic"))))
    assert "&" not in "".join(plain.text)


def test_scoreboard_marks_passed_colours():
    session = finished_duo()
    html = Elements(view.scoreboard_html(session))
    rows = [a for a in html.with_attr("data-color") if "passed" in a.get("class", "")]
    # Only a colour skipped while the game went on passed; the last to move did not.
    last_mover = session.board.move_stack[-1][0]
    skipped = {c for c in (0, 1) if c != last_mover and session.board.pieces_left(c)}
    names = session.board.variant.color_names
    assert {r["data-color"] for r in rows} == {names[c] for c in skipped}


def score_rows(session) -> list[str]:
    """Each colour row's text: name, pieces left, bonus, score."""
    html = view.scoreboard_html(session)
    rows = html.split("<tr")[2 : 2 + len(session.board.colors)]
    return ["".join(Elements("<tr" + row).text) for row in rows]


def test_scoreboard_shows_the_bonus_once_all_pieces_are_placed():
    # The first puzzle's solution is a Classic game in which every colour places all 21
    # pieces, the last of each a tromino: 89 squares and 15 bonus points.
    session = Session.new(GameOptions("classic"))
    for _, move in stored_solution("all84")[:-1]:
        session.play(move)
    assert score_rows(session) == ["Blue0+15104", "Yellow0+15104", "Red0+15104", "Green186"]
    session.play(stored_solution("all84")[-1][1])
    assert score_rows(session)[3] == "Green0+15104"  # placed everything: not passed


def test_pass_notice_names_the_colours():
    board = Board("classic")
    assert view.pass_notice(board, []) == ""
    assert view.pass_notice(board, [1]) == "Yellow cannot move and passes for the rest of the game."
    assert view.pass_notice(board, [3, 1]).startswith("Yellow and Green cannot move and pass")


def test_seat_choices_list_human_and_every_level():
    html = Elements(view.seats_form_html("duo", (HUMAN_OCCUPANT, Occupant("computer", 4))))
    selects = html.with_attr("data-seat")
    assert [s["name"] for s in selects] == ["seat0", "seat1"]
    values = [a["value"] for a in html.with_attr("value")]
    assert values.count("human") == 2 and values.count("computer:4") == 2
    chosen = [a["value"] for a in html.with_attr("selected")]
    assert chosen == ["computer:4"]


def option_texts(html: str) -> dict[str, str]:
    return dict(re.findall(r'<option value="([^"]+)"[^>]*>([^<]*)</option>', html))


def test_seat_choices_say_how_strong_each_level_is_in_the_variant(monkeypatch):
    top, low = LEVELS[-1], LEVELS[0]
    monkeypatch.setattr(
        levels, "LEVEL_STRENGTH", {"duo": {top: {1: 0.9, 3: 0.45}}, "classic": {top: {1: 0.0}}}
    )
    duo = option_texts(view.seats_form_html("duo", ()))
    rating = round((levels.score_elo(1000, 0.9) + levels.score_elo(1378, 0.45)) / 2)
    assert duo[f"computer:{top}"] == (
        f"Computer: {LEVEL_NAMES[top]} (thinks up to a few seconds a move; "
        f"about Pentobi level 3, rating {rating})"
    )
    assert duo[f"computer:{low}"] == f"Computer: {LEVEL_NAMES[low]}"  # not measured: no claim
    for mode in ("classic", "classic_2", "teams"):
        texts = option_texts(view.seats_form_html(mode, ()))
        words = "(thinks up to a few seconds a move; weaker than Pentobi level 1, rating 364)"
        assert texts[f"computer:{top}"].endswith(words)


def test_the_dialog_says_which_levels_think_longer():
    texts = option_texts(view.seats_form_html("duo", ()))
    slow = [level for level in LEVELS if "a few seconds a move" in texts[f"computer:{level}"]]
    assert slow == [level for level in LEVELS if level in levels.LEVEL_PACE] == [6]
    # The scoreboard names the level alone.
    assert "seconds" not in view.computer_label(6, "duo")


def test_the_levels_are_offered_weakest_first():
    texts = option_texts(view.seats_form_html("duo", ()))
    assert list(texts) == ["human"] + [f"computer:{level}" for level in LEVELS]
    for family in ("duo", "classic"):
        ratings = [levels.level_elo(level, family) for level in LEVELS]
        assert ratings == sorted(ratings), family


def test_every_measured_level_is_a_level_and_its_words_are_shown():
    for variant, mode in (("duo", "duo"), ("classic", "classic")):
        texts = option_texts(view.seats_form_html(mode, ()))
        for level in levels.LEVEL_STRENGTH[variant]:
            assert level in LEVELS
            assert levels.strength_text(level, variant).startswith(
                ("about", "between", "weaker", "much weaker", "stronger")
            )
            assert levels.strength_text(level, variant) in texts[f"computer:{level}"]


def test_scoreboard_names_the_computer_playing_each_colour():
    top = LEVELS[-1]
    session = Session.new(
        GameOptions("classic_2", seats=(HUMAN_OCCUPANT, Occupant("computer", top)))
    )
    html = view.scoreboard_html(session)
    rows = re.findall(r'<tr class="[^"]*" data-color="(\w+)">(.*?)</tr>', html)
    labels = {
        color: [
            re.sub("<[^>]+>", "", who)
            for who in re.findall(r'<span class="who">(.*)</span></th>', row)
        ]
        for color, row in rows
    }
    expected = [escape(view.computer_label(top, "classic_2"))]
    assert labels == {"blue": [], "yellow": expected, "red": [], "green": expected}


def selected_seats(mode: str, seats=()) -> list[str]:
    """The value each seat's select shows (its selected option, else its first)."""
    options: list[list[dict]] = []
    for tag, attrs in Elements(view.seats_form_html(mode, seats)).found:
        if tag == "select":
            options.append([])
        elif tag == "option":
            options[-1].append(attrs)
    return [next((o for o in opts if "selected" in o), opts[0])["value"] for opts in options]


def test_every_mode_starts_as_one_human_against_the_computer():
    middle = f"computer:{DEFAULT_LEVEL}"
    assert DEFAULT_LEVEL not in (LEVELS[0], LEVELS[-1])  # a middle level: no walkover, no beating
    assert selected_seats("duo") == ["human", middle]
    assert selected_seats("classic") == ["human"] + [middle] * 3
    assert selected_seats("teams") == ["human"] + [middle] * 3
    assert selected_seats("classic_3") == ["human", middle, middle]
    assert selected_seats("duo", (HUMAN_OCCUPANT, HUMAN_OCCUPANT)) == ["human", "human"]


def test_each_move_is_announced_with_its_colour_piece_and_squares():
    session = Session.new(GameOptions("duo", seats=(HUMAN_OCCUPANT, Occupant("computer", 1))))
    session.play(Move.parse("e10,f10,e9"))
    assert view.move_announcement(session) == "Purple played the V3 tromino on e9, e10, f10."
    session.play(Move.parse("j5"))
    assert view.move_announcement(session) == (
        "Orange (computer, Beginner) played the monomino on j5."
    )
    assert view.move_announcement(session, [0]).endswith(
        "on j5. Purple cannot move and passes for the rest of the game."
    )


def test_the_end_is_announced_with_the_result():
    session = finished_duo()
    text = view.move_announcement(session)
    assert " played the " in text
    assert text.endswith(f"Game over. {view.winner_text(session)}")


# --- Junior and Trigon ---------------------------------------------------------------------------


def finished(type_name: str) -> Session:
    import random

    session = Session.new(GameOptions(type_name))
    chooser = random.Random(3)
    while session.board.turn is not None:
        session.play(chooser.choice(list(session.board.legal_moves)))
    return session


def test_game_over_notes_say_each_variants_bonuses():
    junior = Elements(view.game_over_html(finished("junior")))
    assert "Points: squares on the board. This game has no bonuses." in junior.text
    trigon = " ".join(Elements(view.game_over_html(finished("trigon_3"))).text)
    assert "triangles on the board" in trigon
    assert "+15 for placing all 22 pieces, +5 more if the last one was the moniamond" in trigon


def test_announcements_name_junior_and_trigon_pieces_by_their_own_sets():
    session = Session.new(GameOptions("junior"))
    session.play(Move.parse("e10,f10,e9,f9"))
    assert view.move_announcement(session) == "Green played the O tetromino on e9, f9, e10, f10."
    session = Session.new(GameOptions("trigon"))
    session.play(Move.parse("j7"))
    assert view.move_announcement(session) == "Blue played the moniamond on j7."


def test_seats_offer_the_computer_only_where_it_plays():
    for type_name in ("classic", "junior", "trigon", "trigon_3"):
        game_type = view.GAME_TYPES[type_name]
        form = Elements(view.seats_form_html(type_name, ()))
        options = [o["value"] for o in form.with_attr("value")]
        assert any(v.startswith("computer") for v in options) == game_type.computer_plays
        assert ("does not play" in "".join(form.text)) != game_type.computer_plays

"""The page's SVG and HTML, rendered in CPython and read back with the standard HTML parser."""

import re
from html import escape
from html.parser import HTMLParser

from game import PIECE_BY_NAME, Board, Move, levels
from game.ai import choose_move
from game.levels import LEVEL_NAMES, LEVELS
from game.puzzles import stored_solution
from game.web import view
from game.web.ghost import Ghost, ghost_cells
from game.web.session import HUMAN_OCCUPANT, GameOptions, Occupant, Session


class Elements(HTMLParser):
    """Every start tag of a fragment as (tag, attributes)."""

    def __init__(self, markup: str):
        super().__init__()
        self.found: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))

    def handle_startendtag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)

    def with_attr(self, name: str, value: str | None = None) -> list[dict]:
        return [a for _, a in self.found if name in a and (value is None or a[name] == value)]


def test_board_names_every_square_and_marks_covered_ones():
    board = Board("classic")
    board.push(Move.parse("a20,b20,a19"))
    svg = Elements(view.game_board_svg(board))
    squares = svg.with_attr("data-square")
    assert len(squares) == 400
    assert squares[0]["data-square"] == "a20"  # reading order: top row first
    covered = {a["data-square"]: a["data-color"] for a in squares if "data-color" in a}
    assert covered == {"a20": "blue", "b20": "blue", "a19": "blue"}
    assert {a["data-square"] for a in squares if a.get("class") == "last"} == {"a20", "b20", "a19"}


def test_cells_sit_where_their_names_say():
    svg = Elements(view.game_board_svg(Board("duo")))
    cells = {a["data-square"]: (int(a["x"]), int(a["y"])) for a in svg.with_attr("data-square")}
    assert len(cells) == 14 * 14
    assert cells["a14"] == (view.MARGIN, view.MARGIN)  # top left
    assert cells["b1"] == (view.MARGIN + view.CELL, view.MARGIN + 13 * view.CELL)


def test_start_squares_are_marked_until_covered():
    board = Board("duo")
    dots = Elements(view.game_board_svg(board)).with_attr("class", "start")
    assert sorted(d["data-for"] for d in dots) == ["orange", "purple"]
    board.push(Move.parse("e10"))
    dots = Elements(view.game_board_svg(board)).with_attr("class", "start")
    assert [d["data-for"] for d in dots] == ["orange"]


def test_colourless_corners_mark_every_corner_for_any_colour():
    dots = Elements(view.game_board_svg(Board("classic", colorless_corners=True)))
    assert [d["data-for"] for d in dots.with_attr("class", "start")] == ["any"] * 4


def test_attach_corners_are_marked_for_the_colour_asked():
    board = Board("duo")
    board.push(Move.parse("e10"))
    board.push(Move.parse("j5"))
    dots = Elements(view.game_board_svg(board, attach_color=0)).with_attr("class", "attach")
    assert len(dots) == len(board.attach_squares(0)) == 4
    assert {d["data-for"] for d in dots} == {"purple"}


def test_ghost_rects_follow_the_ghost_cells():
    ghost = Ghost(PIECE_BY_NAME["I3"], 0, (2, 2))
    svg = Elements(view.ghost_svg(ghost_cells(ghost), 20, color="red", legal=False))
    rects = svg.with_attr("class", "ghost illegal")
    assert len(rects) == 3 and {r["data-for"] for r in rects} == {"red"}


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


def test_ghost_status_gives_the_reason_in_words():
    board = Board("classic")
    reason = board.illegal_reason(Move.parse("e10"))
    text = view.ghost_status(PIECE_BY_NAME["1"], "e10", reason)
    assert text == "1 at e10: must cover your start corner"
    assert view.ghost_status(PIECE_BY_NAME["1"], "a20", None) == "1 at a20: can be placed here"


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
    top, low = max(LEVELS), min(LEVELS)
    monkeypatch.setattr(
        levels, "LEVEL_STRENGTH", {"duo": {top: {1: 0.9, 3: 0.45}}, "classic": {top: {1: 0.0}}}
    )
    duo = option_texts(view.seats_form_html("duo", ()))
    assert duo[f"computer:{top}"] == f"Computer: {LEVEL_NAMES[top]} (about Pentobi level 3)"
    assert duo[f"computer:{low}"] == f"Computer: {LEVEL_NAMES[low]}"  # not measured: no claim
    for mode in ("classic", "classic_2", "teams"):
        texts = option_texts(view.seats_form_html(mode, ()))
        assert texts[f"computer:{top}"].endswith("(much weaker than Pentobi level 1)")


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
    top = max(LEVELS)
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


def test_initial_board_is_the_empty_classic_board():
    svg = Elements(view.initial_board_svg())
    assert len(svg.with_attr("data-square")) == 400
    assert not svg.with_attr("data-color")


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
    assert selected_seats("duo") == ["human", "computer:2"]
    assert selected_seats("classic") == ["human"] + ["computer:2"] * 3
    assert selected_seats("teams") == ["human"] + ["computer:2"] * 3
    assert selected_seats("classic_3") == ["human", "computer:2", "computer:2"]
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


def test_how_to_play_follows_the_game_being_played():
    duo = Elements(view.help_html(GameOptions("duo", scoring="basic")))
    text = "".join(duo.text)
    assert "start square near the middle" in text and "Purple e10, Orange j5" in text
    assert "start corner" not in text
    assert "Purple, Orange" in text
    chosen = [t for t in duo.text if "(this game)" in t]
    assert chosen == ["Duo (this game)", "Basic (this game)"]
    classic = "".join(Elements(view.help_html(GameOptions("classic"))).text)
    assert "start corner" in classic and "Blue a20" in classic
    corners = "".join(Elements(view.help_html(GameOptions("teams", colorless_corners=True))).text)
    assert "any colour may take any corner" in corners
    assert "Two teams (this game)" in corners


def test_how_to_play_explains_every_game_type_and_scoring():
    text = "".join(Elements(view.help_html(GameOptions("classic"))).text)
    for title in ("4 players", "2 players", "3 players", "Two teams", "Duo"):
        assert f"{title}" in text
    for title in ("Points", "Rule book", "Basic"):
        assert title in text
    assert "+15" in text and "+5" in text and "Fewest wins" in text
    assert "Green is shared" in text and "Blue and Red against Yellow and Green" in text


def test_colour_cues_are_patterns_with_each_colours_initial():
    svg = Elements(view.game_board_svg(Board("classic")))
    patterns = [a["id"] for a in svg.with_attr("id") if a["id"].startswith("cue-")]
    assert patterns == [f"cue-{c}" for c in view.COLOR_NAMES]
    letters = [t for t in svg.text if t in "BYRGPO" and t]
    assert letters == ["B", "Y", "R", "G", "P", "O"]

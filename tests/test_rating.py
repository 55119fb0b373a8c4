"""Rated games: the level a rating picks, the Elo update, the history kept in the browser (read
back through game.boundary), its graph, and the page's rated sessions (no undo, no hint)."""

import itertools
import json
import math
import random
import re

import pytest

from game import Move, levels
from game.boundary import InputError
from game.levels import ARENA_STRENGTH, LEVELS, elo_words, level_elo, score_elo, strength_text
from game.rating import (
    GRAPH_HEIGHT,
    GRAPH_WIDTH,
    KEPT_RECORDS,
    START_RATING,
    RatingHistory,
    pick_level,
    rating_graph_svg,
    rating_words,
    updated_rating,
)
from game.web.rated import (
    game_record_text,
    player_result,
    rated_game,
    rated_options,
    rating_panel_html,
    with_game_over,
)
from game.web.session import HUMAN_OCCUPANT, GameOptions, Occupant, Session


def finished(options: GameOptions, seed: int = 1) -> Session:
    session = Session.new(options)
    chooser = random.Random(seed)
    while session.board.turn is not None:
        session.play(chooser.choice(list(session.board.legal_moves)))
    return session


def test_a_level_elo_comes_from_its_scores_on_pentobis_scale():
    assert score_elo(1189, 0.5) == 1189
    assert score_elo(1000, 0.75) == pytest.approx(1000 + 400 * 0.4771, abs=0.1)
    assert score_elo(1000, 1.0) == score_elo(1000, 0.99) > score_elo(1000, 0.9)  # clipped
    for family in ("duo", "classic"):
        for level in LEVELS:
            assert level_elo(level, family) is not None, (family, level)


def test_the_ladder_climbs_about_one_pentobi_level_a_step_or_less():
    for family in ("duo", "classic"):
        ratings = [level_elo(level, family) for level in LEVELS]
        steps = [high - low for low, high in itertools.pairwise(ratings)]
        assert all(0 < step <= 190 for step in steps), (
            family,
            list(zip(LEVELS[1:], steps, strict=True)),
        )


def test_a_level_pentobi_beats_every_game_is_rated_by_the_arena_up_the_ladder(monkeypatch):
    monkeypatch.setattr(
        levels,
        "LEVEL_STRENGTH",
        {"duo": {1: {1: 0.0}, 2: {1: 0.0}, 3: {1: 0.5}, 4: {1: 0.0}}},
    )
    monkeypatch.setattr(levels, "ARENA_STRENGTH", {"duo": {1: (2, 0.5), 2: (3, 0.25), 4: (6, 0.5)}})
    assert level_elo(3, "duo") == 1000
    assert level_elo(2, "duo") == round(1000 + 400 * math.log10(1 / 3)) == level_elo(1, "duo")
    assert level_elo(4, "duo") == round(score_elo(1000, 0.0))  # no rated level above: clipped


def test_the_arena_chain_climbs_the_ladder_one_level_at_a_time():
    for family, chain in ARENA_STRENGTH.items():
        for level, (other, score) in chain.items():
            assert LEVELS.index(other) == LEVELS.index(level) + 1, (family, level)
            assert 0 < score < 0.5, (family, level)  # the next level up is stronger


def test_a_levels_words_and_a_players_follow_the_elo_alike():
    assert elo_words(1588, "duo") == "about Pentobi level 4"  # nearer L4 (1567) than L5 (1755)
    assert elo_words(1470, "duo") == "about Pentobi level 3"
    assert elo_words(1000 - 95, "duo") == elo_words(-300, "duo") == "weaker than Pentobi level 1"
    assert elo_words(1708 + 71, "classic") == "stronger than Pentobi level 6"
    for family in ("duo", "classic"):
        for level in LEVELS:
            elo = level_elo(level, family)
            assert strength_text(level, family) == f"{elo_words(elo, family)}, rating {elo}"
            assert rating_words(elo, family) == f"{elo}, {elo_words(elo, family)}"


def test_the_level_picked_is_the_one_whose_elo_is_nearest_the_rating():
    for family in ("duo", "classic"):
        ratings = {level: level_elo(level, family) for level in LEVELS}
        for rating in range(0, 2400, 37):
            picked = pick_level(rating, family)
            assert all(
                abs(ratings[picked] - rating) <= abs(elo - rating) for elo in ratings.values()
            )
        assert pick_level(ratings[LEVELS[-1]] + 500, family) == LEVELS[-1]


def test_the_elo_update_follows_the_expected_score_and_settles():
    assert updated_rating(1000, 0.5, 1000, 0) == 1000
    win_up = updated_rating(1000, 1, 1378, 0) - 1000
    loss_down = 1000 - updated_rating(1000, 0, 1378, 0)
    assert win_up > 30 > 10 > loss_down > 0  # beating a stronger level moves it more
    assert updated_rating(1000, 1, 1378, 30) - 1000 == pytest.approx(win_up / 2)


def test_results_move_the_rating_and_seats_take_turns():
    history = RatingHistory()
    game = history.next_game("duo")
    assert (game.variant, game.human_seat, game.rating_before) == ("duo", 0, START_RATING)
    history = history.with_result(game, 1.0, "sgf 1", "2026-11-25")
    after_win = history.rating("duo")
    assert after_win > START_RATING and history.rating("classic_2") == START_RATING
    game = history.next_game("duo")
    assert game.human_seat == 1 and game.level == pick_level(after_win, "duo")
    history = history.with_result(game, 0.0, "sgf 2", "2026-11-26")
    assert history.rating("duo") < after_win
    assert [g.rating_before for g in history.of("duo")] == [START_RATING, after_win]
    assert history.has("sgf 2") and not history.has("sgf 3")


def test_the_history_reads_back_what_it_wrote_and_keeps_the_newest_records():
    history = RatingHistory()
    for i in range(KEPT_RECORDS + 3):
        variant = "duo" if i % 3 else "classic_2"
        history = history.with_result(history.next_game(variant), i % 2, f"game {i}", "d")
    again = RatingHistory.from_json(history.to_json())
    assert again == history
    assert [g.sgf for g in again.games[:3]] == ["", "", ""]
    assert again.games[-1].sgf == f"game {KEPT_RECORDS + 2}"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("not json", "not valid JSON"),
        ('{"format": "pyblokus-save", "version": 1}', "not a pyblokus rating history"),
        ('{"format": "pyblokus-rating", "version": 7, "games": []}', "version 7"),
        ('{"format": "pyblokus-rating", "version": 1}', "no rated games"),
        ('{"format": "pyblokus-rating", "version": 1, "games": [["duo"]]}', "rated game 1"),
        (
            '{"format": "pyblokus-rating", "version": 1, '
            '"games": [["duo", 99, 0, 1, 1020.0, "", ""]]}',
            "rated game 1",
        ),
        (
            '{"format": "pyblokus-rating", "version": 1, '
            '"games": [["duo", 4, 0, 1, 1e300, "", ""]]}',
            "rated game 1",
        ),
        (
            '{"format": "pyblokus-rating", "version": 1, '
            '"games": [["duo", 4, 0, 0.7, 1000, "", ""]]}',
            "rated game 1",
        ),
    ],
)
def test_a_broken_history_is_refused_with_its_reason(text, reason):
    with pytest.raises(InputError, match=reason):
        RatingHistory.from_json(text)


def points(svg: str) -> list[tuple[float, float]]:
    found = re.search(r'points="([^"]+)"', svg).group(1)
    return [tuple(map(float, pair.split(","))) for pair in found.split()]


def test_the_rating_graph_draws_each_rating_left_to_right_higher_up():
    ratings = [1000, 1040, 1010, 1060, 990]
    svg = rating_graph_svg(ratings, "Duo rating")
    drawn = points(svg)
    assert len(drawn) == len(ratings)
    xs, ys = zip(*drawn, strict=True)
    assert list(xs) == sorted(xs) and len(set(xs)) == len(xs)
    assert all(0 <= x <= GRAPH_WIDTH for x in xs) and all(0 <= y <= GRAPH_HEIGHT for y in ys)
    assert ys[3] == min(ys) and ys[4] == max(ys)  # the highest rating drawn highest
    assert (ys[1] < ys[2]) == (ratings[1] > ratings[2])
    assert 'aria-label="Duo rating: from 1000 to 990"' in svg
    assert rating_graph_svg([1000], "x") == ""
    flat = points(rating_graph_svg([1000, 1000], "x"))  # no division by a zero spread
    assert flat[0][1] == flat[1][1]


def test_a_rated_session_has_no_undo_redo_or_hint_until_over_and_keeps_its_kind():
    options = rated_options(RatingHistory(), "duo")
    session = Session.new(options)
    session.play(Move.parse("e10"))
    assert session.locked
    assert session.undo() == 0 and session.board.ply() == 1
    assert session.redo() == 0
    restored = Session.from_json(session.to_json())
    assert restored.options.rated and restored.locked
    assert not Session.from_json(Session.new(GameOptions("duo")).to_json()).options.rated
    over = finished(options)
    assert over.options.rated and not over.locked


def test_a_rated_game_is_duo_or_two_players_one_human_by_the_standard_rules():
    computer = Occupant("computer", 4)
    for type_name, seats, scoring in (
        ("classic", (HUMAN_OCCUPANT, *(computer,) * 3), "points"),
        ("duo", (HUMAN_OCCUPANT, HUMAN_OCCUPANT), "points"),
        ("classic_2", (HUMAN_OCCUPANT, computer), "basic"),
    ):
        with pytest.raises(ValueError, match="rated game"):
            GameOptions(type_name, scoring=scoring, seats=seats, rated=True)
    assert GameOptions("classic_2", seats=(computer, HUMAN_OCCUPANT), rated=True).rated


def test_the_next_rated_game_puts_the_player_in_turn_against_the_picked_level():
    history = RatingHistory()
    for type_name in ("duo", "classic_2"):
        options = rated_options(history, type_name)
        assert options.seats == (
            HUMAN_OCCUPANT,
            Occupant("computer", pick_level(START_RATING, type_name)),
        )
    history = history.with_result(history.next_game("duo"), 1.0, "x", "d")
    second = rated_options(history, "duo")
    assert second.seats[0].is_computer and not second.seats[1].is_computer
    assert second.seats[0].level == pick_level(history.rating("duo"), "duo")


def test_a_finished_rated_game_counts_once_with_the_players_result():
    options = rated_options(RatingHistory(), "duo")
    for seed in range(1, 40):
        session = finished(options, seed)
        result = player_result(session)
        scores = session.board.player_scores()
        assert result == (1.0 if scores[0] > scores[1] else 0.5 if scores[0] == scores[1] else 0)
        history = with_game_over(RatingHistory(), session, "2026-11-25")
        (game,) = history.games
        assert (game.result, game.level, game.human_seat) == (
            result,
            rated_game(session).level,
            rated_game(session).human_seat,
        )
        expected = updated_rating(START_RATING, result, level_elo(game.level, "duo"), 0)
        assert history.rating("duo") == pytest.approx(expected)
        assert with_game_over(history, session, "2026-11-26") is history
        assert game.sgf == game_record_text(session)


def test_the_dialog_panel_says_the_rating_and_lists_the_games_to_open():
    history = RatingHistory()
    panel = rating_panel_html(history, "duo")
    assert "Your rating (Duo): 1000, about Pentobi level 1." in panel
    assert "rating-graph" not in panel and "data-rated-game" not in panel
    for i in range(3):
        history = history.with_result(history.next_game("duo"), 1.0, f"g{i}", "2026-11-25")
    panel = rating_panel_html(history, "duo")
    assert 'class="rating-graph"' in panel
    assert re.findall(r'data-rated-game="(\d+)"', panel) == ["2", "1", "0"]  # newest first
    assert "data-rated-game" not in rating_panel_html(history, "classic_2")
    assert json.loads(history.to_json())["games"][0][0] == "duo"

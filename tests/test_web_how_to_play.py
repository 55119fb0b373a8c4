"""How to play (game.web.how_to_play), written for the game or puzzle being played."""

from html_elements import Elements

from game.web import how_to_play
from game.web.session import GameOptions


def test_how_to_play_follows_the_game_being_played():
    duo = Elements(how_to_play.game_help_html(GameOptions("duo", scoring="basic")))
    text = "".join(duo.text)
    assert "start square near the middle" in text and "Purple e10, Orange j5" in text
    assert "start corner" not in text
    assert "Purple, Orange" in text
    chosen = [t for t in duo.text if "(this game)" in t]
    assert chosen == ["Duo (this game)", "Basic (this game)"]
    classic = "".join(Elements(how_to_play.game_help_html(GameOptions("classic"))).text)
    assert "start corner" in classic and "Blue a20" in classic
    corners = "".join(
        Elements(how_to_play.game_help_html(GameOptions("teams", colorless_corners=True))).text
    )
    assert "any colour may take any corner" in corners
    assert "Two teams (this game)" in corners


def test_how_to_play_explains_every_game_type_and_scoring():
    text = "".join(Elements(how_to_play.game_help_html(GameOptions("classic"))).text)
    for title in ("4 players", "2 players", "3 players", "Two teams", "Duo"):
        assert f"{title}" in text
    for title in ("Points", "Rule book", "Basic"):
        assert title in text
    assert "+15" in text and "+5" in text and "Fewest wins" in text
    assert "Green is shared" in text and "Blue and Red against Yellow and Green" in text


def test_junior_and_trigon_help_says_their_sets_and_start_rules():
    junior = " ".join(Elements(how_to_play.game_help_html(GameOptions("junior"))).text)
    assert "24 pieces (two of each of 12)" in junior
    assert "start square near the middle" in junior and "Green e10, Orange j5" in junior
    trigon = " ".join(Elements(how_to_play.game_help_html(GameOptions("trigon_3"))).text)
    assert "22 pieces" in trigon and "six starting points" in trigon
    assert "sixth of a turn" in trigon
    assert "sixth of a turn" not in junior

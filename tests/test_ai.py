"""The computer player through its public API: legal moves at every level in every variant,
positions with one move and none, reproducibility for a seed, sliced search, goals per variant
and a few tactical positions."""

import random
from dataclasses import replace

import pytest

from game import VARIANTS, Board, Move, parse_square
from game.ai import (
    LEVEL_CONFIGS,
    LEVEL_NAMES,
    LEVELS,
    MASTER,
    PLAYED_VARIANTS,
    Search,
    choose_move,
    goal_of,
    level_config,
)
from game.ai_eval import Position, best_codes
from game.ai_prior import prior_logits
from game.ai_value import (
    PHASES,
    turn_share,
    value_calibration,
    value_network,
    value_phase,
    win_value,
)
from game.pieces import PIECES, square

#: The levels whose moves take longest (seconds on the Classic board): fewer of them per test.
SEARCHING_LONGEST = LEVELS[LEVELS.index(MASTER) :]


def play_out(board, level, seed, max_moves=None):
    """Let ``level`` play every colour from ``board`` on; return the moves as text."""
    played = []
    while board.turn is not None and (max_moves is None or len(played) < max_moves):
        move = choose_move(board, level, seed=seed + len(board.move_stack))
        assert board.is_legal(move), (str(move), board.turn)
        board.push(move)
        played.append(str(move))
    return played


def random_positions(variant, count, seed):
    """Positions along random games of ``variant``, from the opening to the end."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        board = Board(variant)
        while board.turn is not None:
            if rng.random() < 0.15:
                found.append(board.copy())
            board.push_code(rng.choice(board.legal_codes()))
    return found[:count]


def test_the_named_levels_are_the_ones_that_play():
    board = random_positions("duo", 1, seed=2)[0]
    for level in range(max(LEVEL_NAMES) + 2):
        if level in LEVEL_NAMES:
            assert board.is_legal(choose_move(board, level, seed=1))
        else:
            with pytest.raises(ValueError, match="unknown level"):
                choose_move(board, level)
    assert sorted(LEVEL_NAMES) == sorted(LEVELS) and MASTER in LEVELS


def test_no_level_below_master_searches_more_than_master():
    # Each rung of the ladder costs at most Master's time: at most its candidates and work cap,
    # and not the tree, whose work costs more time than alpha-beta's.
    master = LEVEL_CONFIGS[MASTER]
    for level in LEVELS[: LEVELS.index(MASTER)]:
        own = LEVEL_CONFIGS[level]
        for config, top in ((own, master), (own.classic or own, master.classic)):
            assert config.candidates <= top.candidates, level
            assert not config.exploration, level
            if config.beam:
                assert config.max_work <= top.max_work, level


def test_master_and_grandmaster_search_by_the_tree_but_in_trigon_by_alpha_beta():
    master, grandmaster = LEVEL_CONFIGS[MASTER], LEVEL_CONFIGS[6]
    assert LEVELS[-1] == 6 and LEVEL_NAMES[6] == "Grandmaster"
    for config in (master, master.classic, grandmaster, grandmaster.classic):
        assert config.exploration and not config.beam
    for config in (master.trigon, grandmaster.trigon):
        assert not config.exploration and config.beam
    variants = (
        "duo",
        "junior",
        "classic_2",
        "trigon_2",
        "classic",
        "classic_3",
        "trigon",
        "trigon_3",
    )
    played = {variant: level_config(MASTER, Board(variant)) for variant in variants}
    assert played["duo"] is played["junior"] is master
    assert played["classic_2"] is master.classic and played["trigon_2"] is master.trigon
    # Three or four players: the tree on squares (with four max-n), the rollouts on triangles.
    assert played["classic_3"] is master.multi and not master.multi.max_n
    assert played["classic"] is master.multi.four_players
    assert played["classic"] == replace(master.multi, max_n=True, four_players=None)
    assert played["trigon"] is played["trigon_3"] is master.multi.trigon
    assert master.multi.exploration and master.multi.calibrated
    assert not master.multi.trigon.exploration
    assert master.multi.trigon.rollout
    # Below Master on Duo's board, Candidate Master searches alpha-beta as Master does in
    # Trigon, with Duo's smaller cap.
    candidate = LEVEL_CONFIGS[LEVELS[LEVELS.index(MASTER) - 1]]
    assert replace(candidate, classic=None) == replace(master.trigon, max_work=master.max_work)
    # Both trees explore alike, their values calibrated and (on Duo's board) their opening from
    # the book; Grandmaster's is Master's with more work, in one part.
    assert master.parts == master.classic.parts == 2
    assert grandmaster.parts == grandmaster.classic.parts == 1
    assert master.calibrated and master.book
    same_but_work = replace(
        grandmaster,
        max_work=master.max_work,
        parts=2,
        work_by_phase=(),
        classic=None,
        trigon=None,
        multi=None,
    )
    assert same_but_work == replace(master, classic=None, trigon=None, multi=None)
    assert grandmaster.max_work == 1.5 * master.max_work
    # Four times that in phases 2-3, where its lost games were decided.
    assert grandmaster.work_by_phase == (1, 1, 4, 4, 1, 1)
    # On the Classic board as well.
    own, top = grandmaster.classic, master.classic
    assert top.calibrated and top.exploration == grandmaster.exploration
    # Both value positions there by the value network.
    assert own.value_network and top.value_network
    assert replace(own, max_work=top.max_work, parts=2) == top
    assert own.max_work == 1.5 * top.max_work
    own, top = grandmaster.trigon, master.trigon
    assert replace(own, max_work=top.max_work) == top and own.max_work == 2 * top.max_work
    # Three players: Grandmaster plays as Master; four on squares: with twice the work.
    for variant in ("classic_3", "trigon_3", "trigon"):
        own = level_config(6, Board(variant))
        assert replace(own, four_players=None) == replace(played[variant], four_players=None)
    four = level_config(6, Board("classic"))
    assert four == replace(played["classic"], max_work=2 * played["classic"].max_work)


@pytest.mark.parametrize("variant", PLAYED_VARIANTS)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_legal_moves(variant, level):
    for board in random_positions(variant, 3 if level in SEARCHING_LONGEST else 6, seed=level):
        before = str(board), len(board.move_stack)
        move = choose_move(board, level, seed=5)
        assert (str(board), len(board.move_stack)) == before, "the board must not change"
        assert move is not None and board.is_legal(move)


@pytest.mark.parametrize("variant", ["duo", "classic_3", "junior", "trigon"])
def test_a_whole_game_at_each_level_is_legal(variant):
    for level in (1, 2, 3, 4):
        assert play_out(Board(variant), level, seed=11)
    # The top level plays the last part of a game (fast, still every kind of endgame position).
    board = Board(variant)
    play_out(board, 2, seed=3, max_moves=len(board.variant.colors) * 12)
    play_out(board, MASTER, seed=3)
    assert board.is_game_over()


def test_no_legal_move_gives_none():
    board = Board("duo")
    play_out(board, 2, seed=1)
    assert board.is_game_over()
    for level in LEVELS:
        assert choose_move(board, level) is None
        search = Search(board, level)
        assert search.step(0.01) is True and search.best_move is None


def test_the_only_legal_move_is_played():
    found = 0
    for board in random_positions("duo", 400, seed=2):
        codes = board.legal_codes()
        if len(codes) == 1:
            only = board.move_from_code(codes[0])
            for level in LEVELS:
                assert choose_move(board, level, seed=9) == only
            found += 1
    assert found >= 3


@pytest.mark.parametrize("variant", ["duo", "junior", "trigon_2", "trigon_3"])
@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_game(variant, level):
    def game(seed):
        board = Board(variant)
        opening = play_out(board, 2, seed=1, max_moves=10)
        moves = 2 if level in SEARCHING_LONGEST else 6
        return opening + play_out(board, level, seed=seed, max_moves=moves)

    assert game(42) == game(42)


def test_the_rollouts_are_the_same_for_a_seed_and_their_sampled_ones_count(monkeypatch):
    from game import ai

    board = Board("classic")
    play_out(board, 2, seed=5, max_moves=16)
    rollouts = ai.LEVEL_CONFIGS[MASTER].multi.trigon
    monkeypatch.setitem(ai.LEVEL_CONFIGS, 9, ai.LevelConfig(noise=0.0, multi=rollouts))
    move = choose_move(board, 9, seed=3)
    assert board.is_legal(move) and choose_move(board, 9, seed=3) == move
    # Other seeds draw other rollouts; over a few, some pick another move.
    assert {choose_move(board, 9, seed=s) for s in range(4, 10)} - {move}


def test_the_tree_works_each_game_phase_by_its_multiple_of_the_cap(monkeypatch):
    """The tree stops at the work cap times its phase's multiple: the same position searched
    with a multiple of 3 for its phase does about three times the work; other phases' multiples
    change nothing."""
    from game import ai

    board = Board("duo")
    play_out(board, 2, seed=3, max_moves=14)
    phase = value_phase(Position.from_board(board))
    assert phase == 2
    tree = replace(ai.LEVEL_CONFIGS[6], book=False, max_work=60_000, classic=None)

    def work_with(multiples):
        monkeypatch.setitem(ai.LEVEL_CONFIGS, 9, replace(tree, work_by_phase=multiples))
        search = ai.Search(board, 9, seed=2)
        assert board.is_legal(search.run())
        return search._scored

    plain = work_with(())
    assert work_with((5, 5, 1, 1, 5, 5)) == plain
    tripled = work_with((1, 1, 3, 1, 1, 1))
    assert 2.8 * plain < tripled < 3.2 * plain


@pytest.mark.parametrize("variant", ["classic", "trigon"])
def test_the_rollouts_stop_every_round_at_the_work_cap(variant, monkeypatch):
    """With no work allowed only the first candidate gets its greedy rollout (in Trigon's
    opening that round alone can pass the cap); a larger cap allows more rollouts, and
    Master's own cuts the sampled rounds short of all of them."""
    from game import ai

    board = Board(variant)
    play_out(board, 2, seed=6, max_moves=12)
    multi = ai.LEVEL_CONFIGS[MASTER].multi.trigon
    real = ai.evaluate
    rollouts = []  # each rollout ends in one evaluation

    def counted(*args):
        rollouts.append(None)
        return real(*args)

    monkeypatch.setattr(ai, "evaluate", counted)

    def rollouts_with(max_work):
        config = replace(multi, max_work=max_work)
        monkeypatch.setitem(ai.LEVEL_CONFIGS, 9, ai.LevelConfig(noise=0.0, multi=config))
        rollouts.clear()
        assert board.is_legal(ai.Search(board, 9, seed=2).run())
        return len(rollouts)

    counts = [rollouts_with(w) for w in (1, multi.max_work // 4, multi.max_work, 10**9)]
    assert counts[0] == 1
    assert counts[0] < counts[1] < counts[2] < counts[3]


def test_candidates_cut_after_the_greedy_rollout_get_no_sampled_ones(monkeypatch):
    from game import ai

    board = Board("classic")
    play_out(board, 2, seed=6, max_moves=24)
    multi = ai.LEVEL_CONFIGS[MASTER].multi.trigon

    def move_with(**changes):
        config = replace(multi, noise=0.0, max_work=10**9, **changes)
        monkeypatch.setitem(ai.LEVEL_CONFIGS, 9, ai.LevelConfig(noise=0.0, multi=config))
        return ai.Search(board, 9, seed=2).run()

    greedy = move_with(rollouts=1, survivors=())
    # One survivor after the greedy rollout: the sampled ones cannot change the choice.
    assert move_with(rollouts=8, survivors=(1,)) == greedy
    # With more survivors they do (here), the same for a seed.
    halved = move_with(rollouts=8, survivors=(8, 4))
    assert halved != greedy and board.is_legal(halved)
    assert move_with(rollouts=8, survivors=(8, 4)) == halved


@pytest.mark.parametrize("level", [1, 2])
def test_lower_levels_vary_between_seeds(level):
    games = {tuple(play_out(Board("duo"), level, seed=s, max_moves=8)) for s in range(6)}
    assert len(games) > 1


@pytest.mark.parametrize(("variant", "level"), [("classic", MASTER), ("duo", 6), ("classic_2", 6)])
def test_sliced_search_finds_the_same_move_as_one_call(variant, level):
    board = Board(variant)
    play_out(board, 2, seed=4, max_moves=10)
    expected = choose_move(board, level, seed=8)
    search = Search(board, level, seed=8)
    slices = 0
    while not search.step(0.0):
        slices += 1
        assert board.is_legal(search.best_move)
    assert slices > 1, "the top level's search must come in several slices"
    assert search.best_move == expected


@pytest.mark.parametrize("variant", ["duo", "classic", "junior", "trigon", "trigon_3"])
def test_move_codes_read_from_the_generator_s_masks_are_its_codes(variant):
    """The computer player's tables read a move list straight from the generator's masks: the
    same codes, in the same order, as the list of Python ints, and the same placement rows."""
    for board in random_positions(variant, 6, seed=11):
        pos = Position.from_board(board)
        for color in range(len(pos.own)):
            codes = pos.legal_codes(color)
            listed = list(codes)
            assert pos.tab.code_array(codes).tolist() == listed
            assert pos.tab.rows_of(codes).tolist() == pos.tab.rows_of(listed).tolist()


class _Forgetful(dict):
    """A memo that keeps nothing."""

    def __setitem__(self, key, value):
        pass


# Master's tree and Candidate Master's alpha-beta.
@pytest.mark.parametrize("level", [MASTER, 9])
def test_searches_remember_positions_met_again_and_play_as_without(level, monkeypatch):
    """The deepening passes and moves played in another order meet positions again: the search
    evaluates each once, and counts its work, and so plays, as if it searched them afresh."""
    import game.ai as ai

    evaluated = []

    def counted(evaluate):
        def wrapper(pos, *args):
            evaluated.append(pos.own)
            return evaluate(pos, *args)

        return wrapper

    monkeypatch.setattr(ai, "learned_evaluate", counted(ai.learned_evaluate))
    monkeypatch.setattr(ai, "evaluate", counted(ai.evaluate))
    monkeypatch.setitem(LEVEL_CONFIGS, level, replace(LEVEL_CONFIGS[level], max_work=150_000))
    for board in random_positions("duo", 3, seed=9)[:2]:
        runs = []
        for memo in (dict, _Forgetful):
            search = Search(board, level, seed=4)
            search._expansions, search._leaf_values = memo(), memo()
            evaluated.clear()
            runs.append((search.run(), search._scored, search._nodes, list(evaluated)))
        (move, scored, nodes, once), (alone, afresh_scored, afresh_nodes, afresh) = runs
        assert (move, scored, nodes) == (alone, afresh_scored, afresh_nodes)
        assert len(once) == len(set(once)) < len(afresh)


@pytest.mark.parametrize("variant", ["duo", "classic_2", "trigon_2"])
def test_a_search_cut_by_the_work_cap_counts_for_nothing(variant, monkeypatch):
    """With no work allowed, every candidate's search is cut: Master plays its ordering's best
    move, as if it had one candidate, not a candidate judged by a
    shallower search."""
    positions = random_positions(variant, 8, seed=5)
    config = level_config(MASTER, Board(variant))
    monkeypatch.setitem(LEVEL_CONFIGS, MASTER, replace(config, classic=None))
    one = [choose_move(b, MASTER, seed=3) for b in positions]
    monkeypatch.setitem(LEVEL_CONFIGS, MASTER, replace(config, max_work=1, classic=None))
    capped = [choose_move(b, MASTER, seed=3) for b in positions]
    monkeypatch.setitem(LEVEL_CONFIGS, MASTER, replace(config, candidates=1, classic=None))
    assert capped == [choose_move(b, MASTER, seed=3) for b in positions]
    assert capped != one, "the uncapped search must change some moves"


def test_cancel_stops_the_search_and_keeps_a_legal_move():
    board = Board("duo")
    search = Search(board, MASTER, seed=1)
    search.step(0.0)
    search.cancel()
    assert search.done and board.is_legal(search.best_move)
    assert search.step(0.01) is True


def test_search_does_not_follow_later_changes_to_the_board():
    board = Board("duo")
    search = Search(board, 3, seed=1)
    board.push(choose_move(board, 1))
    search.run()
    assert Board("duo").is_legal(search.best_move)


def test_unknown_level_is_rejected():
    with pytest.raises(ValueError, match="unknown level"):
        choose_move(Board("duo"), max(LEVELS) + 1)


def test_goals_per_variant():
    def goal(name, player):
        return goal_of(VARIANTS[name], player)

    assert goal("duo", 1) == (-1.0, 1.0)
    assert goal("classic", 2) == (-1 / 3, -1 / 3, 1.0, -1 / 3)
    assert goal("classic_2", 0) == (1.0, -1.0, 1.0, -1.0)
    # Green's points count for nobody; a player moving Green plays for that player.
    assert goal("classic_3", 1) == (-0.5, 1.0, -0.5, 0.0)


def test_ai_position_matches_the_board_after_every_move():
    rng = random.Random(6)
    for variant in ("duo", "classic", "junior", "trigon_3"):
        board = Board(variant)
        pos = Position.from_board(board)
        while board.turn is not None:
            color = board.turn
            for c in board.variant.colors:
                assert sorted(pos.legal_codes(c)) == sorted(board.legal_codes(c))
            code = rng.choice(board.legal_codes())
            board.push_code(code)
            pos = pos.play(color, code)


def moves(text):
    return [Move.parse(part) for part in text.split()]


#: The level that plays the cheap score with little noise on Duo's board (Strong's way).
CHEAP_SCORE_ON_DUO = 15


@pytest.mark.parametrize("level", [CHEAP_SCORE_ON_DUO, MASTER])
def test_duo_blocks_the_opponents_only_corner(level):
    # Orange's only piece runs up the right edge: its single attach square is m6, and it still
    # holds 84 squares of pieces. Purple can cover m6 and shut Orange out for the rest of the game.
    board = Board.from_setup(
        "duo",
        {
            0: moves("l7,l8,l9,l10,k10"),
            1: moves("n1,n2,n3,n4,n5"),
        },
        turn=0,
    )
    assert board.attach_squares(1) == [parse_square("m6")]
    for seed in range(3):
        move = choose_move(board, level, seed=seed)
        assert parse_square("m6") in move.squares, str(move)
        board.push(move)
        assert not board.can_move(1)
        board.pop()


@pytest.mark.parametrize("level", [3, MASTER])
def test_classic_3_green_plays_for_the_player_moving_it(level):
    # Blue's only attach square is f19 and Yellow's is s15; Green can cover either. Green's
    # moves go to players 0, 1, 2, 0, ... by the number of Green pieces already played.
    def position(green_pieces_played_before):
        extra = ["a1,a2,a3", "e1,f1,g1,h1"][: green_pieces_played_before - 2]
        return Board.from_setup(
            "classic_3",
            {
                0: moves("a20,b20,c20,d20,e20"),
                1: moves("t16,t17,t18,t19,t20"),
                2: moves("t1,t2,t3,t4,t5"),
                3: moves(" ".join(["g17", "q16,q17", *extra])),
            },
            turn=3,
        )

    blue_corner, yellow_corner = parse_square("f19"), parse_square("s15")
    for played, player, takes, spares in (
        (3, 0, yellow_corner, blue_corner),
        (4, 1, blue_corner, yellow_corner),
    ):
        board = position(played)
        assert board.player_to_move == player
        assert board.attach_squares(0) == [blue_corner]
        assert board.attach_squares(1) == [yellow_corner]
        for seed in range(2):
            move = choose_move(board, level, seed=seed)
            assert takes in move.squares and spares not in move.squares, str(move)


def rival_corners(pos, rivals):
    """How many squares are attach squares of at least one of ``rivals``."""
    union = 0
    for color in rivals:
        union |= pos.attach[color]
    return union.bit_count()


@pytest.mark.parametrize("variant", ["duo", "classic", "junior", "trigon_2"])
def test_vectorised_move_scores_match_the_position_after_each_move(variant):
    from game.ai_eval import Weights, move_scores

    corners_only = Weights(size=0.0, attach=1.0, block=0.0, centre=0.0)
    blocks_only = Weights(size=0.0, attach=0.0, block=1.0, centre=0.0)
    for board in random_positions(variant, 5, seed=8):
        pos = Position.from_board(board)
        color = board.turn
        codes = board.legal_codes()
        goal = goal_of(board.variant, board.player_to_move)
        corners = move_scores(pos, color, codes, goal, corners_only)
        blocks = move_scores(pos, color, codes, goal, blocks_only)
        for code, own_corners, blocked in zip(codes, corners, blocks, strict=True):
            after = pos.play(color, code)
            assert own_corners == after.attach[color].bit_count()
            rivals = [c for c, g in enumerate(goal) if g < 0]
            allies = [c for c, g in enumerate(goal) if g > 0 and c != color]
            if not any(0 < pos.attach[c].bit_count() <= 2 for c in rivals):  # no scarce bonus
                # Trigon's start points are every colour's until taken: an ally's too.
                assert blocked == rival_corners(pos, rivals) - rival_corners(after, rivals) - (
                    rival_corners(pos, allies) - rival_corners(after, allies)
                )


@pytest.mark.parametrize("variant, sides", [("duo", 4), ("classic_2", 4), ("trigon_2", 3)])
def test_prior_features_count_what_they_name(variant, sides):
    from game.ai_prior import feature_names, move_features

    for board in random_positions(variant, 4, seed=3):
        pos = Position.from_board(board)
        column = {name: i for i, name in enumerate(feature_names(pos.tab))}
        pieces = sum(name.startswith("piece_") for name in column)
        color = board.turn
        codes = board.legal_codes()
        goal = goal_of(board.variant, board.player_to_move)
        rivals = rival_corners_mask(pos, [c for c, g in enumerate(goal) if g < 0])
        features = move_features(pos, color, codes, goal)
        new_corners = [column[f"new_corner_{n}_free_sides"] for n in range(sides + 1)]
        for code, row in zip(codes, features, strict=True):
            mask, edge, _ = board.geometry.placement_rings(code)
            piece = board.geometry.placement_piece(code)
            assert row[column[f"piece_{piece.name}"]] == 1 and row[:pieces].sum() == 1
            assert row[column["on_rival_attach"]] == (mask & rivals).bit_count()
            assert row[column["wastes_own_corner"]] == (edge & pos.attach[color]).bit_count()
            after = pos.play(color, code)
            gained = after.attach[color] & ~pos.attach[color]
            assert row[new_corners].sum() == gained.bit_count()


def test_junior_pieces_count_as_the_classic_pieces_of_their_shapes():
    from game.ai_prior import feature_names, move_features
    from game.pieces import PIECE_BY_SHAPE

    for board in random_positions("junior", 3, seed=6):
        pos = Position.from_board(board)
        codes = board.legal_codes()
        goal = goal_of(board.variant, board.player_to_move)
        rows = move_features(pos, board.turn, codes, goal)[:, : len(PIECES)]
        for code, row in zip(codes, rows, strict=True):
            cells = board.geometry.placement_piece(code).orientations[0]
            named = [feature_names(pos.tab)[i] for i in row.nonzero()[0]]
            assert named == [f"piece_{PIECE_BY_SHAPE[cells].name}"]


def rival_corners_mask(pos, rivals):
    union = 0
    for color in rivals:
        union |= pos.attach[color]
    return union


def test_the_prior_player_beats_random_play():
    from bench.arena import run_match

    summary = run_match("duo", 4, 1, games=4, seed=3, jobs=1)
    assert summary["win_rate"] >= 0.75, summary


def assert_prior_weighs_features_by(variant, key, stored):
    """Along random games of ``variant``, the board key is ``key`` and the fast prior equals
    each move's features weighed by the ``stored`` weights."""
    from game.ai_prior import board_key, is_learned, move_features, phase_of, prior_logits

    for board in random_positions(variant, 12, seed=4):
        pos = Position.from_board(board)
        color, codes = board.turn, board.legal_codes()
        goal = goal_of(board.variant, board.player_to_move)
        assert board_key(pos, goal) == key and is_learned(pos, goal)
        expected = move_features(pos, color, codes, goal) @ stored[phase_of(pos, color)]
        assert prior_logits(pos, color, codes, goal) == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize(
    "variant, key, used",
    [
        ("duo", "duo", "duo"),
        ("classic_2", "classic_2", "classic_2"),
        ("classic", "classic", "classic_2"),
        ("classic_3", "classic", "classic_2"),
        ("junior", "duo", "duo"),
        ("trigon_2", "trigon_2", "trigon_2"),
        ("trigon", "trigon", "trigon_2"),
        ("trigon_3", "trigon", "trigon_2"),
    ],
)
def test_fast_prior_equals_the_weighted_features_of_its_game(variant, key, used):
    """Each game's moves are weighed by its own weights: two-player Classic by classic_2's;
    three (the shared colour too) and four players, whose key has none in the shipped file,
    by classic_2's too; Junior, Classic shapes on Duo's board, by Duo's; Trigon likewise by
    trigon_2's, with features of its own pieces."""
    from game.ai_prior import learned

    assert set(learned()["prior"]) == {"duo", "classic_2", "trigon_2"}
    assert_prior_weighs_features_by(variant, key, learned()["prior"][used])


@pytest.fixture
def weights_file(tmp_path, monkeypatch):
    """The shipped weights file's data, and a file of the test's own that the prior reads
    instead."""
    import json

    from game import ai_prior

    shipped = json.loads(ai_prior.WEIGHTS_FILE.read_text())
    path = tmp_path / "ai_weights.json"
    monkeypatch.setattr(ai_prior, "WEIGHTS_FILE", path)
    ai_prior.learned.cache_clear()
    yield shipped, path
    ai_prior.learned.cache_clear()


def test_four_colour_games_use_their_own_weights_once_fitted(weights_file):
    import json

    from game.ai_prior import learned

    shipped, path = weights_file
    rng = random.Random(5)
    names = shipped["features"]["classic_2"]
    own = [[rng.uniform(-1, 1) for _ in names] for _ in shipped["prior"]["duo"]]
    path.write_text(
        json.dumps(
            {
                "features": {**shipped["features"], "classic": names},
                "prior": {**shipped["prior"], "classic": own},
            }
        )
    )
    assert_prior_weighs_features_by("classic", "classic", learned()["prior"]["classic"])
    assert_prior_weighs_features_by("classic_2", "classic_2", learned()["prior"]["classic_2"])
    assert not (learned()["prior"]["classic"] == learned()["prior"]["classic_2"]).all()


@pytest.mark.parametrize("variant", ["duo", "classic_2", "classic"])
def test_master_judges_by_the_learned_evaluation_else_by_the_hand_set_one(variant, monkeypatch):
    from game import ai_value

    positions = random_positions(variant, 6, seed=7)
    master = replace(level_config(MASTER, positions[0]), classic=None)
    learned = [choose_move(b, MASTER, seed=3) for b in positions]
    monkeypatch.setitem(LEVEL_CONFIGS, MASTER, replace(master, learned_value=False))
    hand_set = [choose_move(b, MASTER, seed=3) for b in positions]
    assert hand_set != learned, "the learned evaluation must change some moves"
    # A board without learned weights falls back to the hand-set evaluation.
    monkeypatch.setitem(LEVEL_CONFIGS, MASTER, master)
    monkeypatch.setattr(ai_value, "learned_values", dict)
    assert [choose_move(b, MASTER, seed=3) for b in positions] == hand_set


def test_the_computer_plays_every_variant():
    assert set(PLAYED_VARIANTS) == set(VARIANTS)


def test_a_variant_the_computer_does_not_play_is_refused_clearly(monkeypatch):
    from game import ai

    monkeypatch.setattr(ai, "PLAYED_VARIANTS", ("duo",))
    with pytest.raises(ValueError, match="does not play Blokus Junior"):
        choose_move(Board("junior"), 1)


def test_the_centre_rings_follow_the_board_s_shape():
    from game.ai_eval import depth_from_rim
    from game.grids import SquareGrid, TriangleGrid

    squares = depth_from_rim(SquareGrid(14, 14))
    assert squares == {(x, y): 1 + min(x, y, 13 - x, 13 - y) for x in range(14) for y in range(14)}
    hexagon = depth_from_rim(TriangleGrid(9))
    deepest = max(hexagon.values())
    middle = sorted(cell for cell, depth in hexagon.items() if depth == deepest)
    # The six triangles around the hexagon's centre; rings as symmetric as the hexagon.
    assert middle == [(x, y) for x in (16, 17, 18) for y in (8, 9)]
    assert deepest == 9
    assert all(
        hexagon[34 - x, y] == hexagon[x, 17 - y] == depth for (x, y), depth in hexagon.items()
    )


@pytest.mark.parametrize("variant", ["duo", "trigon_2"])
def test_territory_spreads_along_the_edges_of_the_board_s_cells(variant):
    """Each colour's territory at each reach equals a flood over the grid's cells (edge
    neighbours as the grid names them), claimed by whoever reaches a cell first alone; what it
    reaches at all is that flood's every cell."""
    from game.ai_eval import flood_by_step, territory_by_step

    for board in random_positions(variant, 3, seed=2):
        pos = Position.from_board(board)
        geo, grid = board.geometry, board.geometry.grid
        cells = {cell: geo.bit(square(*cell)) for cell in grid.cells()}
        colors = range(len(pos.own))
        free = [
            {c for c, b in cells.items() if not (pos.occupied | pos.edges[k]) >> b & 1}
            for k in colors
        ]
        reach = [{c for c, b in cells.items() if pos.attach[k] >> b & 1} for k in colors]
        frontier = [set(r) for r in reach]
        claimed, counts, reached = set(), [[] for _ in colors], [[] for _ in colors]
        for step in range(6):
            if step:
                for k in colors:
                    grown = {
                        (x + dx, y + dy)
                        for x, y in frontier[k]
                        for dx, dy in grid.edge_steps(grid.direction(x, y))
                    } & free[k] - reach[k]
                    reach[k] |= grown
                    frontier[k] = grown
            new = [f - claimed for f in frontier]
            for k in colors:
                alone = new[k] - set().union(*(new[j] for j in colors if j != k))
                counts[k].append((counts[k][-1] if counts[k] else 0) + len(alone))
                reached[k].append(len(reach[k]))
            claimed |= set().union(*new)
        assert territory_by_step(pos, 5) == counts
        assert flood_by_step(pos, 5, (1, 3, 5)) == (counts, [r[1::2] for r in reached])


#: The level that searches Duo by its tree of simulations.
TREE_LEVEL = 6


def _tree_level(monkeypatch, evaluation, **changes):
    """Grandmaster's Duo tree search, with ``changes``, judging positions by
    ``evaluation(pos, goal)`` (without the calibration fitted to the learned evaluation, which
    gives the side to move an edge, and without the opening book)."""
    import game.ai as ai

    config = LEVEL_CONFIGS[TREE_LEVEL]
    assert config.exploration and not config.beam, "Grandmaster searches Duo by its tree"
    monkeypatch.setitem(LEVEL_CONFIGS, TREE_LEVEL, replace(config, book=False, **changes))
    monkeypatch.setattr(ai, "learned_evaluate", lambda pos, goal, weights: evaluation(pos, goal))
    monkeypatch.setattr(ai, "value_calibration", lambda pos, goal: None)


def _by_prior(board):
    """The moves of the colour to move on ``board``, the prior's likeliest first."""
    pos = Position.from_board(board)
    codes = list(pos.legal_codes(board.turn))
    goal = goal_of(board.variant, board.player_to_move)
    order = best_codes(prior_logits(pos, board.turn, codes, goal), codes, len(codes))
    return [board.move_from_code(code) for code in order]


def test_the_tree_follows_the_prior_where_every_position_is_worth_the_same(monkeypatch):
    _tree_level(monkeypatch, lambda pos, goal: 0.0, max_work=300_000)
    boards = [b for b in random_positions("duo", 8, seed=21) if len(b.legal_codes()) > 1]
    assert len(boards) >= 4
    for board in boards[:4]:
        assert choose_move(board, TREE_LEVEL, seed=2) == _by_prior(board)[0]


def test_the_tree_finds_the_move_whose_position_is_worth_most(monkeypatch):
    """The prior's fifth move leads to the only positions valued highly (by 30 points): the
    tree's values overrule its prior."""
    tried = 0
    for board in random_positions("duo", 8, seed=23)[:4]:
        if len(board.legal_codes()) < 5:
            continue
        tried += 1
        target = _by_prior(board)[4]
        mask, color = board.geometry.mask_of(target.squares), board.turn

        def evaluation(pos, goal, mask=mask, color=color):
            return 30.0 * goal[color] if pos.own[color] & mask == mask else 0.0

        _tree_level(monkeypatch, evaluation)
        assert choose_move(board, TREE_LEVEL, seed=2) == target
    assert tried >= 2


def test_the_tree_s_opponent_answers_with_its_own_best(monkeypatch):
    """Two moves lead to positions valued alike, but after one of them the opponent has a
    reply that wins it 30 points: the tree expects that reply and plays the other move."""
    tried = 0
    for board in random_positions("duo", 8, seed=25)[:4]:
        moves = _by_prior(board)
        if len(moves) < 4:
            continue
        color = board.turn
        rival = 1 - color
        first = board.geometry.mask_of(moves[0].squares)
        after = board.copy()
        after.push(moves[0])
        if after.turn != rival:
            continue
        punished = board.geometry.mask_of(_by_prior(after)[0].squares)

        def evaluation(pos, goal, first=first, punished=punished, color=color, rival=rival):
            if pos.own[rival] & punished == punished and pos.own[color] & first == first:
                return 30.0 * goal[rival]
            return 0.0

        _tree_level(monkeypatch, evaluation, max_work=300_000)
        assert choose_move(board, TREE_LEVEL, seed=2) != moves[0]
        _tree_level(monkeypatch, lambda pos, goal: 0.0, max_work=300_000)
        assert choose_move(board, TREE_LEVEL, seed=2) == moves[0]
        tried += 1
    assert tried >= 2


def test_in_four_colours_max_n_expects_a_rival_s_own_best_and_paranoid_the_worst_for_us(
    monkeypatch,
):
    """The prior's best move gains us 6 points, but the next colour has a reply to it that
    costs us 30 and itself as many: the paranoid tree expects that reply and plays another move,
    the max-n tree knows that colour's player would not and plays the prior's best."""
    import game.ai as ai
    import game.ai_value as ai_value

    monkeypatch.setattr(ai, "value_calibration", lambda pos, goal: None)
    four = level_config(MASTER, Board("classic"))
    tried = 0
    for board in random_positions("classic", 12, seed=27):
        moves = _by_prior(board)
        after = board.copy()
        after.push(moves[0])
        if not 8 <= board.ply() <= 40 or after.turn is None or len(_by_prior(after)) < 4:
            continue
        color, rival = board.turn, after.turn
        first = board.geometry.mask_of(moves[0].squares)
        punished = board.geometry.mask_of(_by_prior(after)[0].squares)

        def colour_values(pos, weights, first=first, punished=punished, color=color, rival=rival):
            values = [0.0] * len(pos.own)
            if pos.own[color] & first == first:
                values[color] = 6.0
                if pos.own[rival] & punished == punished:
                    values[color] -= 30.0
                    values[rival] -= 30.0
            return values

        monkeypatch.setattr(ai_value, "colour_values", colour_values)
        monkeypatch.setattr(ai, "colour_values", colour_values)
        plays = {}
        for max_n in (False, True):
            config = replace(four, max_work=600_000, max_n=max_n)
            monkeypatch.setitem(LEVEL_CONFIGS, MASTER, replace(LEVEL_CONFIGS[MASTER], multi=config))
            plays[max_n] = choose_move(board, MASTER, seed=2)
        assert plays == {False: plays[False], True: moves[0]} and plays[False] != moves[0]
        tried += 1
        if tried == 2:
            break
    assert tried == 2


@pytest.mark.parametrize("variant", ["duo", "classic_2", "classic"])
def test_the_tree_values_positions_by_the_results_of_the_engine_s_games(variant):
    """The calibration: in every phase a point more is worth more, and so is the turn; a point
    says more at the game's end than at its start."""
    board = Board(variant)
    calibration = value_calibration(Position.from_board(board), goal_of(board.variant, 0))
    assert len(calibration) == PHASES
    assert all(slope > 0 and tempo > 0 for slope, tempo in calibration)
    assert calibration[0][0] < calibration[-1][0]
    for slope, tempo in calibration:
        assert win_value(5.0, slope, tempo, -1.0) > win_value(0.0, slope, tempo, -1.0)
        assert win_value(0.0, slope, tempo, 0.5) > win_value(0.0, slope, tempo, -0.5)
        assert win_value(0.0, slope, tempo, 1.0) == -win_value(0.0, slope, tempo, -1.0) > -1


@pytest.mark.parametrize(
    ("variant", "turns"),
    [
        ("duo", [-1, 1]),
        ("classic_2", [-1, 1, -1, 1]),
        # Blue's player: after Blue moved, three rival colours move first; after Green, Blue.
        ("classic", [-1, -1 / 3, 1 / 3, 1]),
        # Green is shared: it moves between Red and Blue but is nobody's rival.
        ("classic_3", [-1, 0, 1, 1]),
    ],
)
def test_the_turn_is_shared_by_the_rival_colours_still_to_move(variant, turns):
    goal = goal_of(Board(variant).variant, 0)
    assert [turn_share(goal, last) for last in range(len(goal))] == pytest.approx(turns)


# Grandmaster in Duo; on the Classic board Master too, in three or four players (in two the
# network stands in for it).
@pytest.mark.parametrize(("variant", "level"), [("duo", 6), ("classic", MASTER)])
def test_the_tree_plays_by_its_calibration(variant, level, monkeypatch):
    import game.ai as ai

    # Openings, where the turn is worth most.
    positions = []
    for plies in (2, 6, 10):
        board, rng = Board(variant), random.Random(plies)
        for _ in range(plies):
            board.push_code(rng.choice(board.legal_codes()))
        positions.append(board)
    calibrated = [choose_move(b, level, seed=1) for b in positions]
    monkeypatch.setattr(ai, "value_calibration", lambda pos, goal: None)
    assert [choose_move(b, level, seed=1) for b in positions] != calibrated


@pytest.mark.parametrize("level", [MASTER, 6])
def test_the_tree_values_two_player_classic_positions_by_its_network(level, monkeypatch):
    import game.ai as ai

    positions = random_positions("classic_2", 3, seed=4)
    by_network = [choose_move(b, level, seed=1) for b in positions]
    monkeypatch.setattr(ai, "value_network", lambda pos, goal: None)
    assert [choose_move(b, level, seed=1) for b in positions] != by_network


def test_the_value_network_sees_a_lead_for_either_player():
    """Blue and Red place their biggest pieces, Yellow and Green their smallest: whichever
    colour moves next, the network prefers Blue's and Red's side."""
    board = Board("classic_2")
    network = value_network(Position.from_board(board), goal_of(board.variant, 0))
    assert network is not None
    for ply in range(28):
        moves = board.legal_moves_for(board.turn)
        size = (max if board.turn in (0, 2) else min)(len(m.squares) for m in moves)
        board.push(min((m for m in moves if len(m.squares) == size), key=str))
        if ply >= 24:
            value = network.value(Position.from_board(board), board.turn)
            assert -1 < value < 1
            assert (value > 0) if board.turn in (0, 2) else (value < 0)
    # Duo has none: its trees keep the calibrated evaluation.
    duo = Position.from_board(Board("duo"))
    assert value_network(duo, goal_of(Board("duo").variant, 0)) is None


def test_grandmaster_opens_duo_by_its_book_and_searches_where_it_has_none(monkeypatch):
    from game import ai_book

    board = Board("duo")
    opening = ai_book.book_move(board)
    assert opening is not None and board.is_legal(opening)
    assert {choose_move(board, TREE_LEVEL, seed=seed) for seed in (1, 2)} == {opening}
    board.push(opening)
    board.push(board.legal_moves_for(board.turn)[-1])  # a reply the engine never played
    assert ai_book.book_move(board) is None
    searched = choose_move(board, TREE_LEVEL, seed=1)
    # A book move that is not legal here is not played.
    monkeypatch.setattr(ai_book, "_book", lambda: {"duo": {ai_book.position_key(board): "a1"}})
    assert ai_book.book_move(board) is None
    assert choose_move(board, TREE_LEVEL, seed=1) == searched


def test_a_two_player_game_is_analysed_by_the_strongest_level_that_does_not_search_by_the_tree():
    # An analysis runs in one worker in the page, where the two-player tree takes twice
    # alpha-beta's time; with three or four players Master's tree costs what its rollouts did.
    from game.levels import analysis_level

    for variant in PLAYED_VARIANTS:
        board, level = Board(variant), analysis_level(variant)
        if board.variant.num_players > 2:
            assert level == MASTER, variant
            continue
        assert not level_config(level, board).exploration, variant
        if level != MASTER:
            assert level_config(MASTER, board).exploration, variant
            assert LEVELS.index(level) == LEVELS.index(MASTER) - 1, variant


@pytest.mark.parametrize("level", [MASTER, 4])
def test_the_parts_of_a_search_searched_apart_give_its_move(level):
    """Master's tree in Duo is dealt into parts, which the page searches in two workers: each
    part searched alone, the best of their results is the move of the whole search. A search
    not dealt (Expert's), or a book move, is part 0's alone."""
    from game.ai_book import book_move
    from game.parts import MAX_PARTS, best_part

    assert all(config.parts <= MAX_PARTS for config in LEVEL_CONFIGS.values())
    dealt = LEVEL_CONFIGS[level].parts > 1
    assert dealt == (level == MASTER)
    for board in random_positions("duo", 3, seed=31):
        whole = choose_move(board, level, seed=4)
        searches = [Search(board, level, seed=4, part=part) for part in range(MAX_PARTS)]
        for search in searches:
            search.run()
        results = [search.part_result for search in searches]
        assert best_part(results).move == whole
        if dealt and len(board.legal_codes()) > 1 and book_move(board) is None:
            assert all(result.value is not None for result in results)
            assert {result.move for result in results} >= {whole}
        else:
            assert results[1:] == [None] and results[0].value is None


def test_a_book_move_is_part_0s_alone():
    """Where Master plays the book's move, no part searches: part 0 answers it for the whole."""
    from game.ai_book import book_move
    from game.parts import MAX_PARTS, best_part

    board = Board("duo")
    move = book_move(board)
    assert move is not None and LEVEL_CONFIGS[MASTER].book
    searches = [Search(board, MASTER, seed=4, part=part) for part in range(MAX_PARTS)]
    for search in searches:
        search.run()
    results = [search.part_result for search in searches]
    assert results[1:] == [None] * (MAX_PARTS - 1)
    assert results[0].value is None and best_part(results).move == move


def test_a_search_with_fewer_candidates_than_parts_is_part_0s_alone(monkeypatch):
    from game.parts import MAX_PARTS

    monkeypatch.setitem(LEVEL_CONFIGS, MASTER, replace(LEVEL_CONFIGS[MASTER], candidates=1))
    board = random_positions("duo", 1, seed=32)[0]
    searches = [Search(board, MASTER, seed=4, part=part) for part in range(MAX_PARTS)]
    for search in searches:
        search.run()
    first, *others = (search.part_result for search in searches)
    assert others == [None] * (MAX_PARTS - 1) and first.value is None
    assert first.move == choose_move(board, MASTER, seed=4)

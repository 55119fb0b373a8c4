"""The computer player: fifteen levels from a gentle beginner to a searching grandmaster.

>>> from game.board import Board
>>> board = Board("duo")
>>> move = choose_move(board, 1, seed=7)
>>> board.is_legal(move)
True

Levels (all deterministic for a seed; the amount of search is fixed by node and ply counts, not
by wall time; strength against Pentobi in :data:`game.levels.LEVEL_STRENGTH`), weakest first
(the numbers are what saves keep, :data:`game.levels.LEVELS` their order), as they play on the
Classic board and in Trigon:

1. Beginner -- about a random legal move.
11. Learner, 12. Apprentice, 13. Amateur -- Casual's choice with ever less randomness.
2. Casual -- prefers big pieces and its own new corners, with a lot of randomness.
14. Regular -- Casual's choice with a little randomness.
15. Club Player -- Strong's cheap score with more randomness.
3. Strong -- the best move by a cheap score (piece size, own corners, corners taken from rivals --
   a rival's last corners count much more -- and the centre early), with a little randomness.
7. Skilled -- a move among the best few dozen by the learned move prior.
4. Expert -- the move a strong engine most likely plays, by the learned move prior
   (:mod:`game.ai_prior`), with a little randomness.
8. Senior Expert -- the prior's 12 best, each judged by the hand-set evaluation after the
   opponent's best of 6 replies.
10. Challenger -- the prior's 24 best, each judged by the evaluation after it (in two-player
    games the learned one where the board has one).
9. Candidate Master -- alpha-beta over the prior's 16 best, deepening to a beam of (10, 6, 4)
   while a quarter of Master's work cap on the Classic board allows.
5. Master -- the prior's 32 best candidates, each judged by search and the evaluation (in
   two-player games and on the Classic board the learned one, :mod:`game.ai_value`, where the
   board has one): in two-player Trigon alpha-beta over the prior's best replies, deepening pass
   by pass to a beam of (16, 10, 8, 6, 4) while the work cap allows; in three- and four-player
   Trigon the mean evaluation after 7 plies played on from the candidate, once with every
   colour's best move by the prior, then with moves drawn from it, round after round for fewer
   and fewer of the best candidates so far (32, 16, then 8 up to 24 rollouts).
6. Grandmaster -- for those who want the strongest game the page can give (a few seconds a move
   in the page): Master's search with 1.5 times its work cap (in two-player Trigon twice; on
   Duo's board four times that again from the 7th to the 12th piece a colour, where games are
   decided);
   with three players, Master's search; with four on the Classic board, Master's tree with
   twice its work.

On Duo's board (Duo, Junior), where one rung of the Classic board's ladder is worth less, each
level from Learner to Senior Expert plays about as the next one up does on the Classic board
(with Duo's learned evaluation), Challenger searches alpha-beta below 24 candidates with beams
(12, 8, 6) and Candidate Master as Master does in Trigon. In two-player games
on Duo's and the Classic board, Master and Grandmaster search a tree of simulations (PUCT, as
AlphaZero searches) below the prior's 32 best candidates, that follows the prior's 16 best moves
of each position and the values found below them, expected results calibrated to the learned
evaluation's games (on the Classic board with two players from the value network fitted to
Pentobi's values of positions, :class:`game.ai_value.ValueNetwork`), and on Duo's board the
book's opening: Master's dealt into two parts by the root's moves, each a tree of its own with
half the work (the page searches them at once in two workers, :mod:`game.parts`),
Grandmaster's one tree with 1.5 times Master's work. With three or four players on the Classic
board they search the same tree with more work, its values calibrated to ranks: with three players
each rival's move there the one worst for us among its prior's best (paranoid), with four each
colour's the best for its own player, every position valued for every player (max-n).

The page runs :class:`Search` in slices (``step``) so it never blocks the event loop for long;
GTP, the arena and tests call :func:`choose_move`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from operator import mul

import numpy as np

from .ai_book import book_move
from .ai_eval import (
    Position,
    Weights,
    best_codes,
    best_indices,
    build_tables,
    evaluate,
    move_scores,
)
from .ai_prior import is_learned, prior_logits
from .ai_value import (
    PHASES,
    ValueNetwork,
    colour_values,
    learned_evaluate,
    points,
    turn_share,
    value_calibration,
    value_network,
    value_phase,
    value_weights,
    win_value,
)
from .board import next_mover
from .geometry import geometry
from .levels import LEVEL_NAMES, LEVELS, MASTER, PLAYED_VARIANTS
from .parts import PartResult, best_part
from .pieces import Move
from .slicing import SlicedWork

__all__ = [
    "LEVEL_NAMES",
    "LEVELS",
    "MASTER",
    "PLAYED_VARIANTS",
    "Search",
    "choose_move",
    "goal_of",
    "level_config",
]

DEFAULT_SEED = 0
#: The work of a position evaluated, and of one expanded besides its moves, counted in moves
#: scored: about what they cost in time, so that the cap bounds deep searches' time too.
LEAF_WORK = 80
EXPAND_WORK = 165
#: The tree search's values, uncalibrated (:attr:`LevelConfig.calibrated`), are
#: tanh(margin / PUCT_SCALE): a margin of this many points is nearly a won game.
PUCT_SCALE = 10.0
#: A move not yet tried in the tree is valued at its position's mean value less this.
FIRST_PLAY_PENALTY = 0.1
#: The value of a part of the tree's root that the work cap left unsearched: below every mean
#: value (tanh's, in (-1, 1)).
UNSEARCHED = -2.0
#: Per game phase, the slope and tempo of the uncalibrated tree's values.
_UNCALIBRATED = [(2 / PUCT_SCALE, 0.0)] * PHASES


@dataclass(frozen=True)
class LevelConfig:
    """How one level plays."""

    #: Random noise added to move values (uniform in [0, noise)); larger means weaker and livelier.
    noise: float
    #: How many of the ordering's best moves get an evaluation (0: the ordering's best only).
    candidates: int = 0
    #: Two players: beam widths of the alpha-beta search below each candidate (empty: none).
    beam: tuple[int, ...] = ()
    #: Three or four players: plies every colour plays (for its own player) after each
    #: candidate before the evaluation (0: none). Measured in the arena, this beat best-reply
    #: search (Schadd & Winands 2011) at the same cost: in a four-colour game a rival's likely
    #: move is its own best, rarely the one that hurts us most.
    rollout: int = 0
    #: Rounds of rollouts, one per candidate still in (see ``survivors``) a round: the first
    #: plays every colour's best move by the ordering, the others draw each move from the
    #: softmax of the ordering's values at ``temperature``; each round stops at the work cap
    #: (the first after one candidate at least), and the best mean evaluation wins.
    rollouts: int = 1
    temperature: float = 1.0
    #: Three or four players: after the greedy rollout and after each round of sampled ones,
    #: only this many candidates, the best by mean so far, go on (the last count repeats;
    #: empty: all), so that the rollouts go where the choice is close.
    survivors: tuple[int, ...] = ()
    weights: Weights = Weights()
    #: Order and pick moves by the learned prior (:mod:`game.ai_prior`) instead of the cheap score.
    prior: bool = False
    #: Evaluate by the learned evaluation (:mod:`game.ai_value`) where the board has its weights.
    learned_value: bool = False
    #: Cap on the work of one alpha-beta search on Duo's board -- moves generated and scored,
    #: plus ``LEAF_WORK`` or ``EXPAND_WORK`` per node -- which bounds its time (the deepening
    #: stops at the cap). Counted, not timed, to stay deterministic. Scaled down
    #: on larger boards, where each move costs more.
    max_work: int = 250_000
    #: The work cap's multiple in each game phase (:func:`game.ai_value.value_phase`; empty: 1
    #: in all): more where the search's moves decide the game.
    work_by_phase: tuple[float, ...] = ()
    #: Instead of alpha-beta or rollouts, a tree of simulations guided by the prior (PUCT, as
    #: in AlphaZero) with this exploration constant (0: none), each position below the root
    #: offering its mover the prior's ``branching`` best moves; with three or four players
    #: every rival picks what is worst for us (paranoid), unless ``max_n``.
    exploration: float = 0.0
    branching: int = 16
    #: The tree with three or four players: every colour picks what is best for its own player,
    #: each position valued for every player (max-n), instead of paranoid.
    max_n: bool = False
    #: The tree: its root's candidates dealt into this many parts by turns in the prior's order
    #: (at most :data:`game.parts.MAX_PARTS`), each searched by a tree of its own with an equal
    #: share of the work cap, which the page searches at once in as many workers; the move played
    #: is the most visited of the part whose one has the best mean value.
    parts: int = 1
    #: The tree: values from the learned evaluation's calibration to the engine's results
    #: (:func:`game.ai_value.win_value`, a game's end its result) where one was fitted, instead
    #: of tanh(margin / PUCT_SCALE).
    calibrated: bool = False
    #: The tree with two players: values from the learned value network
    #: (:class:`game.ai_value.ValueNetwork`) instead of the calibrated evaluation, where both
    #: were fitted for the board.
    value_network: bool = False
    #: Play the opening book's move where it has one (:mod:`game.ai_book`).
    book: bool = False
    #: How the level plays on the larger boards (Classic, Trigon) instead, if differently.
    classic: LevelConfig | None = None
    #: How the level plays on Trigon's boards instead, if unlike on the Classic board.
    trigon: LevelConfig | None = None
    #: How the level plays in three- and four-player games instead, if differently (its own
    #: ``classic`` and ``trigon`` apply there).
    multi: LevelConfig | None = None
    #: Within ``multi``: how the level plays with four players instead, if unlike with three.
    four_players: LevelConfig | None = None


def _size_first(noise: float) -> LevelConfig:
    """Casual's way (big pieces and own new corners first) with ``noise``."""
    return LevelConfig(noise=noise, weights=Weights(attach=0.3, block=0.0, centre=0.3))


def _cheap_score(noise: float) -> LevelConfig:
    """Strong's way (the cheap score) with ``noise``."""
    return LevelConfig(noise=noise)


def _prior(noise: float) -> LevelConfig:
    """The learned prior's best move with ``noise`` (its values spread about 15 over a
    position's moves)."""
    return LevelConfig(noise=noise, prior=True)


def _judged(candidates: int, noise: float = 0.05) -> LevelConfig:
    """The prior's ``candidates`` best, each judged by the evaluation after it."""
    return LevelConfig(noise=noise, candidates=candidates, prior=True, learned_value=True)


# An even depth (the last reply is the opponent's) searched wider beat a deeper, odd one at less
# cost (bench/RESULTS.md).
_ALPHA_BETA = replace(_judged(32), beam=(16, 10, 8, 6, 4), max_work=1_000_000)
# The tree's strength grows with its work where alpha-beta's did not (bench/RESULTS.md); a unit
# of its work costs more time.
_TREE = replace(_ALPHA_BETA, beam=(), exploration=1.5, branching=16)
# On the Classic board the tree with calibrated values beat alpha-beta, whose gain from the
# learned evaluation was smaller, and gained more again valued (two players) by the network
# fitted to Pentobi's values of positions (bench/RESULTS.md).
_CLASSIC_TREE = replace(
    _TREE, max_work=2_000_000, parts=2, exploration=1.0, calibrated=True, value_network=True
)
# In Duo the tree exploring less, with calibrated values and the book's opening, scored higher
# against Pentobi L5 and L6 (bench/RESULTS.md).
_DUO_TREE = replace(_TREE, max_work=1_000_000, parts=2, exploration=1.0, calibrated=True, book=True)
# The prior's 12 best, each judged after the opponent's best of 6 replies.
_REPLIES = replace(_judged(12, noise=0.1), beam=(6,), max_work=100_000)

#: Each level's play on Duo's board (Duo, Junior) and on the larger ones (Classic, Trigon), in
#: the order of :data:`LEVELS`. The noise of the rungs below Strong is set so that each scores
#: about 25-45% against the next one up in the arena; a random move loses far more on the
#: Classic board, which needs less noise for the same step. Duo's levels are closer together: each
#: from Learner to Candidate Master plays about as the next rung up does on the Classic board, so
#: that Master and Grandmaster can be the tree, each step at most about one Pentobi level
#: (figures: bench/RESULTS.md).
_LADDER = (
    (_size_first(300.0), _size_first(300.0)),  # Beginner: about a random legal move
    (_size_first(60.0), _size_first(150.0)),  # Learner
    (_size_first(25.0), _size_first(60.0)),  # Apprentice
    (_size_first(10.0), _size_first(25.0)),  # Amateur
    (_size_first(5.0), _size_first(10.0)),  # Casual
    (_cheap_score(2.5), _size_first(5.0)),  # Regular
    (_cheap_score(0.6), _cheap_score(2.5)),  # Club Player
    (_prior(4.0), _cheap_score(0.6)),  # Strong
    (_prior(0.3), _prior(5.0)),  # Skilled
    # Duo's evaluation, counting the squares each colour reaches, makes each judgement worth
    # more than the Classic board's: fewer candidates keep the step above the rung below.
    (_judged(3), _prior(0.3)),  # Expert
    # On the Classic board the learned evaluation (two players) lifts a rung by more than one:
    # there Senior Expert looks at the opponent's replies by the hand-set one, Challenger judges
    # candidates by the learned one without replies, and Candidate Master searches alpha-beta
    # narrower than Duo's, so that each step stays under a Pentobi level (bench/RESULTS.md).
    (replace(_REPLIES, noise=2.0), replace(_REPLIES, learned_value=False)),  # Senior Expert
    (replace(_judged(24), beam=(12, 8, 6), max_work=400_000), _judged(24)),  # Challenger
    (_ALPHA_BETA, replace(_judged(16), beam=(10, 6, 4), max_work=500_000)),  # Candidate Master
    (_DUO_TREE, _CLASSIC_TREE),  # Master
    # Grandmaster: one tree with all the work, and more of it in phases 2-3 (plies 12-23), where
    # its lost games were decided (bench/RESULTS.md).
    (
        replace(_DUO_TREE, max_work=1_500_000, parts=1, work_by_phase=(1, 1, 4, 4, 1, 1)),
        replace(_CLASSIC_TREE, max_work=3_000_000, parts=1),
    ),
)
LEVEL_CONFIGS = {
    level: replace(duo_board, classic=None if larger_board == duo_board else larger_board)
    for level, (duo_board, larger_board) in zip(LEVELS, _LADDER, strict=True)
}
# Trigon's Master and Grandmaster search alpha-beta, as measured there: its evaluation has no
# calibration for the tree.
LEVEL_CONFIGS |= {
    level: replace(LEVEL_CONFIGS[level], trigon=replace(_ALPHA_BETA, max_work=work))
    for level, work in ((MASTER, 1_500_000), (6, 3_000_000))
}
# Trigon with three or four players, Master and Grandmaster: the rollouts halved onto the close
# candidates (32 greedy, 16 one sampled, then 8 the rounds left) beat more rollouts for every
# candidate; Grandmaster's rounds end before the work cap, so it plays the same.
_PLAY_AHEADS = LevelConfig(
    noise=0.05,
    candidates=32,
    rollout=7,
    rollouts=24,
    survivors=(16, 8),
    temperature=0.5,
    max_work=800_000,
    prior=True,
)
# Three or four players on squares: the tree, exploring less than Duo's Master, its values
# calibrated to ranks, beat the rollouts at the same time. With three players each rival's move
# is the one worst for us among its prior's best (paranoid); with four each colour's is the best
# for its own player (max-n), which scored higher and, unlike paranoid, gained from more work
# (bench/RESULTS.md): Grandmaster's has twice Master's.
_MULTI_TREE = replace(
    _TREE, max_work=3_200_000, parts=2, exploration=1.0, calibrated=True, trigon=_PLAY_AHEADS
)
LEVEL_CONFIGS |= {
    level: replace(
        LEVEL_CONFIGS[level],
        multi=replace(_MULTI_TREE, four_players=replace(_MULTI_TREE, max_work=work, max_n=True)),
    )
    for level, work in ((MASTER, 3_200_000), (6, 6_400_000))
}


def level_config(level: int, board) -> LevelConfig:
    """How ``level`` plays on ``board``: by its own config, or by the one for three or four
    players, Trigon's boards or the larger boards."""
    config = LEVEL_CONFIGS[level]
    players = board.variant.num_players
    if config.multi and players > 2:
        config = config.multi
        if config.four_players and players == 4:
            config = config.four_players
    if config.trigon and board.geometry.grid.triangles:
        return config.trigon
    if config.classic and board.geometry.width >= 20:
        return config.classic
    return config


def goal_of(variant, player: int) -> tuple[float, ...]:
    """Per colour, how much ``player`` gains from that colour's points: +1 for its own colours,
    a share of -1 for rival colours (so both sides weigh the same), 0 for a shared colour."""
    own = variant.player_colors[player]
    rivals = [c for c in variant.colors if c not in own and c != variant.shared_color]
    return tuple(
        1.0 if c in own else 0.0 if c == variant.shared_color else -len(own) / len(rivals)
        for c in variant.colors
    )


class Search(SlicedWork):
    """A search for the move of the colour to move on ``board``, run in slices with :meth:`step`.

    The board is copied, so the caller may change its own board meanwhile (then discard this
    search). The result depends only on the position, ``level`` and ``seed``. With ``part``
    (below :data:`game.parts.MAX_PARTS`) it searches that part alone of a search dealt into parts
    (:attr:`LevelConfig.parts`) and sets :attr:`part_result`; :func:`game.parts.best_part` of the
    parts' results is the whole search's move.
    """

    def __init__(self, board, level: int, seed: int | None = None, part: int | None = None):
        if level not in LEVEL_CONFIGS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(map(str, LEVELS))}")
        if board.variant.name not in PLAYED_VARIANTS:
            raise ValueError(f"the computer does not play {board.variant.sgf_game} yet")
        self.best_move: Move | None = None
        #: With ``part``, once done: what the part found (None if the search was not dealt and
        #: another part has its move).
        self.part_result: PartResult | None = None
        self.done = False
        self._part = part
        self._board = board.copy()
        self._config = config = level_config(level, board)
        self._parts = config.parts if config.exploration else 1
        self._rng = random.Random(DEFAULT_SEED if seed is None else seed)
        self._nodes = 0
        self._scored = 0
        self._value_weights = None
        self._calibration = _UNCALIBRATED
        self._network: ValueNetwork | None = None
        self._expansions: dict[tuple, tuple[int, int, list[int], list[float]] | None] = {}
        self._leaf_values: dict[tuple, float] = {}
        self._player_values: dict[tuple, tuple[float, ...]] = {}
        self._work = self._searched()

    def run(self) -> Move | None:
        """Search to the end and return the chosen move."""
        while not self.done:
            self.step(3600.0)
        return self.best_move

    # --- the search ------------------------------------------------------------------------

    def _searched(self) -> Iterator[None]:
        if self._part is not None and self._part >= self._parts:
            return  # not dealt so far: another part searches it all
        yield from self._run()
        if self._part == 0 and self.part_result is None:
            self.part_result = PartResult(self.best_move)  # not dealt: the whole search's move

    def _run(self) -> Iterator[None]:
        board = self._board
        color = board.turn
        codes = board.legal_codes() if color is not None else []
        if not codes:
            return
        self.best_move = board.move_from_code(codes[0])  # a legal answer from the first slice on
        if len(codes) == 1:
            return
        if self._config.book:
            move = book_move(board)
            if move is not None:
                self.best_move = move
                return
        variant = board.variant
        self._variant = variant
        self._goals = [goal_of(variant, p) for p in range(variant.num_players)]
        self._player = board.player_to_move
        goal = self._goals[self._player]
        # Per player, then per colour that moved last.
        self._turn_shares = [
            [turn_share(player_goal, last) for last in range(len(goal))]
            for player_goal in self._goals
        ]
        self._max_n = self._config.max_n and variant.num_players > 2
        config = self._config
        yield from build_tables(board.geometry)
        pos = Position.from_board(board)
        if config.learned_value:
            self._value_weights = value_weights(pos, goal)
            if self._value_weights is not None and config.calibrated:
                self._calibration = value_calibration(pos, goal) or self._calibration
            # The network stands in for the calibrated evaluation, where both were learned.
            if config.value_network and self._calibration is not _UNCALIBRATED:
                self._network = value_network(pos, goal) if variant.num_players == 2 else None
        yield
        noise, rng = config.noise, self._rng
        cheap = self._order(pos, color, codes, goal)
        cheap += [rng.random() * noise for _ in codes]
        candidates = best_codes(cheap, codes, max(1, config.candidates))
        self.best_move = board.move_from_code(candidates[0])
        if not config.candidates:
            return
        yield
        max_work = config.max_work * geometry(14, 14).bits // board.geometry.bits
        if config.work_by_phase:
            max_work = int(max_work * config.work_by_phase[value_phase(pos)])
        self._max_scored = max_work
        if config.exploration:
            yield from self._puct(pos, color, goal)
            return
        if config.beam and variant.num_players == 2:
            yield from self._deepen(pos, color, goal, candidates)
            return
        if config.rollout and variant.num_players > 2:
            yield from self._judge_by_rollouts(pos, color, goal, candidates)
            return
        best_value = None
        for code in candidates:
            value = self._evaluate(pos.play(color, code), goal) + rng.random() * noise
            if best_value is None or value > best_value:
                best_value = value
                self.best_move = board.move_from_code(code)
            yield

    def _deepen(self, pos, color, goal, candidates) -> Iterator[None]:
        """Alpha-beta below every candidate, one pass per odd depth of the beam (the last reply
        the opponent's), each pass in the previous pass's order. The search that reaches the
        work cap is dropped (its leaves mix depths), and so is the rest of that pass: a
        candidate judged by a shallower search would look better than one searched deeper."""
        noise, beam = self._config.noise, self._config.beam
        jitter = {code: self._rng.random() * noise for code in candidates}
        order = candidates
        for depth in range(1, len(beam) + 1, 2):
            values: dict[int, float] = {}
            best_value = None
            for code in order:
                # A candidate at most ``noise`` better than the best so far cannot win: search
                # it with that bound (a fail-low answer is then small enough, too).
                floor = -1e9 if best_value is None else best_value - noise
                value = yield from self._alphabeta(
                    pos.play(color, code), color, goal, beam[:depth], floor, 1e9
                )
                if self._scored >= self._max_scored:
                    break
                values[code] = value = value + jitter[code]
                if best_value is None or value > best_value:
                    best_value = value
                    # The first candidate of a pass is the previous pass's best, so a pass cut
                    # short still compares every move it judged with that one, at this depth.
                    self.best_move = self._board.move_from_code(code)
                yield
            if self._scored >= self._max_scored:
                return
            order = sorted(values, key=values.__getitem__, reverse=True)

    def _puct(self, pos, color, goal) -> Iterator[None]:
        """A tree of simulations below the root's candidates, or below each part of them
        (:attr:`LevelConfig.parts`) with its share of the work cap."""
        last = (color - 1) % len(pos.own)
        root = _Node(pos, last, self._node_values(pos, last, goal))
        self._grow(root, goal, self._config.candidates)
        count = min(self._parts, len(root.codes))
        if self._part is not None and self._part >= count:
            return  # fewer candidates than parts: part 0 has them all
        budget = (self._max_scored - self._scored) // count
        found = []
        for part in range(count) if self._part is None else [self._part]:
            part_root = root if count == 1 else root.part(part, count)
            yield from self._simulations(part_root, goal, self._scored + budget)
            found.append(self._most_visited(part_root))
        best = best_part(found)
        self.best_move = best.move
        if count > 1 and self._part is not None:
            self.part_result = best

    def _simulations(self, root, goal, until: int) -> Iterator[None]:
        """Simulations from ``root`` until the work counted reaches ``until``: each walks down
        by the prior and the values so far (PUCT), evaluates one new position and adds its
        value up the path."""
        simulations = 0
        while self._scored < until:
            self._simulate(root, goal)
            simulations += 1
            if simulations % 8 == 0:
                yield

    def _most_visited(self, root) -> PartResult:
        """The root's most visited move with its mean value for the mover; if the work cap
        allowed no simulation, its first move, valued below any searched one."""
        if not root.children:
            return PartResult(self._board.move_from_code(root.codes[0]), UNSEARCHED)
        side = root.side
        best = max(root.children, key=lambda child: (child.visits, child.totals[side]))
        move = self._board.move_from_code(root.codes[root.children.index(best)])
        return PartResult(move, best.totals[side] / best.visits, best.visits)

    def _grow(self, node, goal, count) -> None:
        """Give ``node`` its mover, that colour's ``count`` best moves by the prior and their
        priors; a node where no colour can move keeps no moves."""
        found = self._expansion(node.pos, node.last, count)
        node.children = []
        if found is None:
            node.codes = ()
            return
        color, moves, node.codes, logits = found
        # Counted as if grown afresh, as in _alphabeta.
        self._scored += EXPAND_WORK + moves
        # A softmax of a few values: in Python, cheaper than NumPy's calls in the page.
        weights = [math.exp(logit - logits[0]) for logit in logits]  # the best first
        total = sum(weights)
        node.color = color
        node.side = self._side(node.pos, color, goal)
        node.priors = [weight / total for weight in weights]

    def _side(self, pos, color, goal) -> int:
        """Whose values the tree's ``color`` picks its move by in ``pos``: with max-n its own
        player's (the player's index), else ours (0, ``goal``'s) or our rivals' (1)."""
        player = self._variant.player_of_color(color, pos.used[color].bit_count())
        if self._max_n:
            return player
        return 0 if self._goals[player] == goal else 1

    def _node_values(self, pos, last, goal) -> tuple[float, ...]:
        """The tree's values of ``pos``, where colour ``last`` moved last, per side (see
        :meth:`_side`; for ``goal``, and its negation for the rivals): its evaluation as an
        expected result, in (-1, 1)."""
        self._scored += LEAF_WORK
        self._nodes += 1
        if self._network is not None:
            # The network values the position for the colour to move next in turn order.
            mover = (last + 1) % len(pos.own)
            key = (pos.own, pos.used, mover)
            value = self._leaf_values.get(key)
            if value is None:
                value = self._leaf_values[key] = self._network.value(pos, mover)
            value = value if goal[mover] > 0 else -value
            return value, -value
        slope, tempo = self._calibration[value_phase(pos)]
        if self._max_n:
            evaluations = self._player_evaluations(pos)
            return tuple(
                win_value(evaluation, slope, tempo, shares[last])
                for evaluation, shares in zip(evaluations, self._turn_shares, strict=True)
            )
        value = win_value(
            self._leaf_value(pos, goal), slope, tempo, self._turn_shares[self._player][last]
        )
        return value, -value

    def _simulate(self, root, goal) -> None:
        """One simulation: from ``root`` down the moves of best PUCT score (the mean value for
        the mover's side, plus a share of the prior that shrinks as the move is tried) to a move
        not tried yet, whose position's values are added to every position on the way; at the
        game's end, its result instead (see :meth:`_end_values`)."""
        config = self._config
        exploration = config.exploration
        path = [root]  # the new position's own visit is counted as it is made
        node = root
        while True:
            if node.codes is None:
                self._grow(node, goal, config.branching)
            if not node.codes:
                self._scored += LEAF_WORK  # the game's end, known: still a simulation's work
                values = self._end_values(node.pos, goal)
                break
            # Children are visited in the priors' order (a child never visited scores by its
            # prior alone), so those visited are the first ones: only they and the next compete.
            side, priors, children = node.side, node.priors, node.children
            scale = math.sqrt(node.visits) * exploration
            best_i, best_score = len(children), -1e9
            if best_i < len(priors):
                best_score = (
                    node.totals[side] / node.visits - FIRST_PLAY_PENALTY + (priors[best_i] * scale)
                )
            for i, child in enumerate(children):
                n = child.visits
                score = child.totals[side] / n + priors[i] * scale / (1 + n)
                if score > best_score:
                    best_i, best_score = i, score
            if best_i == len(children):
                child_pos = node.pos.play(node.color, node.codes[best_i])
                values = self._node_values(child_pos, node.color, goal)
                children.append(_Node(child_pos, node.color, values))
                break
            node = children[best_i]
            path.append(node)
        for node in path:
            node.visits += 1
            totals = node.totals
            for side, value in enumerate(values):
                totals[side] += value

    def _end_values(self, pos: Position, goal) -> tuple[float, ...]:
        """The tree's values, per side (see :meth:`_node_values`), of the game's end in ``pos``:
        calibrated, each player's result (the mean over the other players of 1 for more points,
        0 for as many, -1 for fewer; with two players 1 won, -1 lost), else tanh(margin /
        :data:`PUCT_SCALE`)."""
        colour_points = points(pos)
        if self._calibration is _UNCALIBRATED:
            goals = self._goals if self._max_n else [goal]
            values = [math.tanh(sum(map(mul, g, colour_points)) / PUCT_SCALE) for g in goals]
        else:
            colors = self._variant.player_colors
            scores = [sum(colour_points[c] for c in player_colors) for player_colors in colors]
            players = range(len(scores)) if self._max_n else [self._player]
            others = len(scores) - 1
            values = [
                sum((scores[p] > other) - (scores[p] < other) for other in scores) / others
                for p in players
            ]
        return tuple(values) if self._max_n else (values[0], -values[0])

    def _mover(self, pos: Position, after: int) -> tuple[int, list[int]] | None:
        """The next colour after ``after`` that can move in ``pos`` and its moves, or None."""
        return next_mover(after, len(pos.own), pos.legal_codes)

    def _judge_by_rollouts(self, pos, color, goal, candidates) -> Iterator[None]:
        """Pick among ``candidates`` by the mean evaluation after rollouts (see
        :class:`LevelConfig`); the sampled rollouts come in rounds over the candidates still
        in, so that the work cap cuts them evenly."""
        config, rng = self._config, self._rng
        children, totals = [], []
        for code in candidates:
            # Past the work cap the rest of the candidates (the ordering's worst) go unjudged:
            # on a board of many moves (Trigon's opening) the greedy round alone can reach it.
            if children and self._scored >= self._max_scored:
                break
            children.append(pos.play(color, code))
            end = self._rollout(children[-1], color, config.rollout, sample=False)
            totals.append(self._evaluate(end, goal) + rng.random() * config.noise)
            yield
        counts = [1] * len(children)
        ranked = list(range(len(children)))
        for round_ in range(config.rollouts):
            if round_:
                for i in ranked:
                    if self._scored >= self._max_scored:
                        break
                    end = self._rollout(children[i], color, config.rollout, sample=True)
                    totals[i] += self._evaluate(end, goal)
                    counts[i] += 1
                    yield
            # Best first: if the work cap cuts the next round, they had theirs.
            ranked = best_codes([totals[i] / counts[i] for i in ranked], ranked, len(ranked))
            if config.survivors:
                ranked = ranked[: config.survivors[min(round_, len(config.survivors) - 1)]]
            self.best_move = self._board.move_from_code(candidates[ranked[0]])

    def _rollout(self, pos: Position, last: int, plies: int, sample: bool) -> Position:
        """``pos`` after ``plies`` moves in turn order, each colour playing, for its own player,
        its best move by the ordering, or with ``sample`` one drawn from the softmax of the
        ordering's values."""
        for _ in range(plies):
            found = self._mover(pos, last)
            if found is None:
                break
            color, codes = found
            self._scored += len(codes)
            scores = self._order(pos, color, codes, self._goal_of_color(pos, color))
            if sample:
                weights = np.exp((scores - scores.max()) / self._config.temperature).cumsum()
                pick = int(np.searchsorted(weights, self._rng.random() * weights[-1]))
                pick = min(pick, len(codes) - 1)
            else:
                pick = int(np.argmax(scores))
            pos = pos.play(color, codes[pick])
            last = color
        return pos

    def _goal_of_color(self, pos: Position, color: int) -> tuple[float, ...]:
        variant = self._variant
        return self._goals[variant.player_of_color(color, pos.used[color].bit_count())]

    def _evaluate(self, pos, goal):
        if self._value_weights is not None:
            return learned_evaluate(pos, goal, self._value_weights)
        return evaluate(pos, goal, self._config.weights)

    def _player_evaluations(self, pos) -> tuple[float, ...]:
        """The evaluation of ``pos`` for each player, remembered as :meth:`_leaf_value` is. Every
        player of a four-player game learns the same weights and calibration (one colour each)."""
        key = (pos.own, pos.used)
        found = self._player_values.get(key)
        if found is None:
            # A tuple of floats, which the garbage collector stops tracking, unlike a list.
            if self._value_weights is not None:
                values = colour_values(pos, self._value_weights)
                found = tuple(sum(map(mul, goal, values)) for goal in self._goals)
            else:
                found = tuple(evaluate(pos, goal, self._config.weights) for goal in self._goals)
            self._player_values[key] = found
        return found

    def _order(self, pos, color, codes, goal):
        """Values of ``codes`` to order and pick moves: the learned prior, else the cheap score."""
        if self._config.prior and is_learned(pos, goal):
            return prior_logits(pos, color, codes, goal)
        return move_scores(pos, color, codes, goal, self._config.weights)

    def _expansion(self, pos, last, count) -> tuple[int, int, list[int], list[float]] | None:
        """The colour to move after ``last`` in ``pos``, its number of moves, its ``count`` best
        by the ordering and their values, best first; None if no colour can move. Remembered:
        the deepening passes meet the same positions again, and so do moves played in another
        order (in Duo, a good share of the tree's positions)."""
        key = (pos.own, pos.used, last, count)
        if key in self._expansions:
            return self._expansions[key]
        found = self._mover(pos, last)
        if found is not None:
            color, codes = found
            codes = pos.tab.code_array(codes)
            order = self._order(pos, color, codes, self._goal_of_color(pos, color))
            top = best_indices(order, count)
            found = (color, len(codes), codes[top].tolist(), order[top].tolist())
        self._expansions[key] = found
        return found

    def _leaf_value(self, pos, goal) -> float:
        """The evaluation of ``pos`` for ``goal`` (the search's own, the same at every leaf),
        remembered as :meth:`_expansion` is."""
        key = (pos.own, pos.used)
        value = self._leaf_values.get(key)
        if value is None:
            value = self._leaf_values[key] = self._evaluate(pos, goal)
        return value

    def _alphabeta(self, pos, last, goal, beam, alpha, beta) -> Iterator[None]:
        found = None
        if beam and self._scored < self._max_scored:
            found = self._expansion(pos, last, beam[0])
        if found is None:
            self._scored += LEAF_WORK
            self._nodes += 1
            return self._leaf_value(pos, goal)
        color, moves, top, _ = found
        # Counted as if searched afresh: remembering saves time, not work, so the work cap and
        # the moves do not depend on what was remembered.
        self._scored += EXPAND_WORK + moves
        maximizing = self._goal_of_color(pos, color) == goal
        if self._nodes % 16 == 0:
            yield
        self._nodes += 1
        best = -1e9 if maximizing else 1e9
        for code in top:
            value = yield from self._alphabeta(
                pos.play(color, code), color, goal, beam[1:], alpha, beta
            )
            if maximizing:
                if value > best:
                    best = value
                alpha = max(alpha, value)
            else:
                if value < best:
                    best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best


class _Node:
    """A position of the tree of simulations: its visits and per side the sum of their values
    (its own evaluation first), and once grown its mover, the mover's side, best moves and their
    priors, and the positions after those tried so far (in the priors' order)."""

    __slots__ = (
        "pos",
        "last",
        "visits",
        "totals",
        "color",
        "side",
        "codes",
        "priors",
        "children",
    )

    def __init__(self, pos, last, values):
        self.pos, self.last = pos, last
        self.visits, self.totals = 1, list(values)
        self.codes = None

    def part(self, index: int, count: int) -> _Node:
        """A copy of this grown node, not yet visited below, with every ``count``-th of its moves
        from the ``index``-th (their priors scaled to sum to 1)."""
        node = _Node(self.pos, self.last, self.totals)
        node.color, node.side = self.color, self.side
        node.codes = self.codes[index::count]
        priors = self.priors[index::count]
        node.priors = [prior / sum(priors) for prior in priors]
        node.children = []
        return node


def choose_move(board, level: int, seed: int | None = None) -> Move | None:
    """The move ``level`` plays for the colour to move on ``board``, or None if it cannot move.

    ``board`` is not changed. The same position, level and seed always give the same move.
    """
    return Search(board, level, seed).run()

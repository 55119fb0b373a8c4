"""Strength of our AI levels against another GTP engine, by default Pentobi's ``pentobi-gtp``.

    python bench/strength.py [--variant duo,classic_2,...] [--level 4] [--opponent-level 3]
                             [--games 20] [--engine CMD] [--seed 1] [--jobs 1] [--records DIR]
                             [--first-game 0]

For every combination of variant, our level and the opponent's level, plays ``--games`` games
between ``python -m game.gtp`` and the opponent engine over GTP (variants: :data:`VARIANTS`).
Seats rotate from game to game: in two-player games (Duo, Junior, ``classic_2``, ``trigon_2``)
we take the first and the second player in turn; in ``classic`` and ``trigon`` we play one
colour against three colours of the opponent, in turn Blue, Yellow, Red and Green (in the
three-player games, one against two). Game ``g``
sends ``set_random_seed`` with the same seed to both engines, derived from ``--seed`` and ``g``,
so a run is reproducible (also with ``--jobs``, each worker playing whole games), and a long row
splits into runs on several machines: ``--first-game 25 --games 25`` plays games 25-49 of the
seed's row, as the whole row would.

Every move is checked on our own :class:`game.board.Board` (an illegal move or a pass while a
move exists stops the run with an error naming the engine), and at the end of a game the scores
are taken from that board and compared with both engines' ``final_score``.

Prints one JSON object per row:

- ``win_rate``: our mean result, a win 1, a draw 0.5, a loss 0; in four-colour games Pentobi's
  rank score (1 first ... 0 last, tied places share their values; 0.5 is average);
  ``win_rate_by_seat``: the same per player we were, first player first (None: no game);
- ``interval_95``: its Wilson score interval;
- ``mean_margin``: our points minus the opponent's (four colours: minus the mean of the three);
- ``cpu_median_s``, ``cpu_max_s``: our engine's CPU seconds per move (GTP ``cputime`` around
  each ``genmove``, so the machine's load hardly matters), and the opponent's median.

Ctrl-C or SIGTERM prints the current row over the games finished so far, marked ``interrupted``.

The opponent is ``--engine``, a command with the placeholders ``{pentobi}`` (``--pentobi``, else
``$PENTOBI_GTP``, else ``~/.cache/pentobi/build/pentobi_gtp/pentobi-gtp``), ``{python}``,
``{level}`` (``--opponent-level``) and ``{variant}``; ``--ours`` is our engine's command, with
the same placeholders (``{level}``: ``--level``), run in this checkout (another checkout:
``env -C DIR {python} -m game.gtp ...``). ``../shared/tools/build-pentobi`` builds
Pentobi. Pentobi's levels are fixed simulation counts, so results do not depend on the load.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import os
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))  # when imported as a module, not run

import results  # noqa: E402

from game.board import Board, rank_score  # noqa: E402
from game.levels import LEVEL_NAMES, LEVELS  # noqa: E402
from game.pieces import Move  # noqa: E402
from game.sgf import write_sgf  # noqa: E402
from game.variants import find_variant  # noqa: E402

DEFAULT_PENTOBI = Path.home() / ".cache/pentobi/build/pentobi_gtp/pentobi-gtp"
# --noresign: a resigned game has no final score to check.
PENTOBI_COMMAND = "{pentobi} --nobook --noresign -q -l {level} -g {variant}"
OUR_COMMAND = "{python} -m game.gtp -l {level} -g {variant}"
VARIANTS = ("duo", "classic_2", "classic", "classic_3", "junior", "trigon_2", "trigon", "trigon_3")
Z_95 = 1.959964


class MatchError(Exception):
    """An engine failed, answered with an error, or played an illegal move."""


class GtpClient:
    """One GTP engine in a subprocess."""

    def __init__(self, name: str, command: str):
        self.name = name
        self.command = command
        self._stderr = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115  (closed by close())
        try:
            self._process = subprocess.Popen(
                shlex.split(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                text=True,
                cwd=ROOT,
            )
        except OSError as error:
            raise MatchError(f"{name}: cannot start {command!r}: {error}") from None

    def send(self, command: str) -> str:
        """The response to ``command``; a ``?`` answer raises :class:`MatchError`."""
        process = self._process
        try:
            process.stdin.write(command + "\n")
            process.stdin.flush()
        except OSError:
            raise MatchError(f"{self.name} has stopped{self._last_words()}") from None
        lines = []
        while True:
            line = process.stdout.readline()
            if not line:
                raise MatchError(f"{self.name} stopped on {command!r}{self._last_words()}")
            line = line.rstrip("\r\n")
            if not line and lines:
                break
            if line or lines:
                lines.append(line)
        status, _, first = lines[0].partition(" ")
        text = "\n".join([first, *lines[1:]]).strip()
        if not status.startswith("="):
            raise MatchError(f"{self.name} answered {command!r} with: {text}")
        return text

    def _last_words(self) -> str:
        self._stderr.seek(0)
        tail = self._stderr.read()[-500:].strip()
        return f"; it wrote: {tail}" if tail else ""

    def cputime(self) -> float:
        answer = self.send("cputime")
        try:
            return float(answer)
        except ValueError:
            raise MatchError(f"{self.name} answered cputime with {answer!r}") from None

    def close(self) -> None:
        with contextlib.suppress(MatchError):  # it may have stopped already
            self.send("quit")
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._stderr.close()


@dataclass
class Row:
    """One row of the report: a variant, our level and the opponent."""

    variant: str
    level: int
    #: Our level's name (None for another checkout's engine, whose names may differ).
    level_name: str | None
    opponent_level: int
    games: int
    seed: int
    first_game: int
    our_command: str
    opponent_command: str
    results: dict[int, dict] = field(default_factory=dict)


def gtp_color(variant, color: int) -> str:
    return "bw"[color] if len(variant.colors) == 2 else str(color + 1)


def our_player(variant, game: int) -> int:
    """The player we are in game ``game``: seats rotate over the players."""
    return game % variant.num_players


def game_seed(seed: int, game: int) -> int:
    # Below 2**31: Pentobi reads the seed as an unsigned 32-bit number.
    return (seed * 1_000_003 + game * 7919) % 2**31


def wilson(p: float, n: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``p`` measured over ``n`` trials."""
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def check_final_score(engine: GtpClient, board: Board, game: int) -> None:
    """Raise if ``engine``'s ``final_score`` disagrees with our board's scores."""
    answer = engine.send("final_score")
    if board.variant.num_players > 2:
        expected = " ".join(map(str, board.scores()))
    else:
        first, second = board.player_scores()
        margin = first - second
        expected = f"B+{margin}" if margin > 0 else f"W+{-margin}" if margin < 0 else "0"
    if answer.split() != expected.split():
        raise MatchError(
            f"game {game}: {engine.name} scores the end {answer!r}, our board {expected!r}"
        )


def play_game(row: Row, game: int, ours: GtpClient, theirs: GtpClient) -> dict:
    """Play game ``game`` of ``row`` and return our result, margin and CPU times."""
    variant = find_variant(row.variant)
    board = Board(variant)
    seed = game_seed(row.seed, game)
    me = our_player(variant, game)
    for engine in (ours, theirs):
        engine.send("clear_board")
        engine.send(f"set_random_seed {seed}")
    our_cpu, their_cpu = [], []
    while board.turn is not None:
        color = board.turn
        name = gtp_color(variant, color)
        mover, other = (ours, theirs) if board.player_to_move == me else (theirs, ours)
        started = mover.cputime()
        answer = mover.send(f"genmove {name}")
        (our_cpu if mover is ours else their_cpu).append(mover.cputime() - started)
        where = f"game {game}, move {board.ply() + 1} ({variant.color_names[color]})"
        try:
            move = Move.parse(answer)
        except ValueError:
            raise MatchError(f"{where}: {mover.name} answered {answer!r}, not a move") from None
        reason = board.illegal_reason(move, color)
        if reason is not None:
            raise MatchError(f"{where}: {mover.name} played illegal {answer}: {reason.value}")
        board.push(move, color)
        other.send(f"play {name} {move}")
    for engine in (ours, theirs):
        check_final_score(engine, board, game)
    scores = board.player_scores()
    rivals = [s for p, s in enumerate(scores) if p != me]
    return {
        "result": rank_score(scores, me),
        "margin": scores[me] - sum(rivals) / len(rivals),
        "our_cpu": our_cpu,
        "their_cpu": their_cpu,
        "record": write_sgf(board),
        "seat": me,
    }


def run_row(row: Row, jobs: int, records: Path | None, verbose: bool) -> dict:
    """Play every game of ``row`` on ``jobs`` pairs of engines; return the row's figures."""
    games = iter(range(row.first_game, row.first_game + row.games))
    lock = threading.Lock()
    errors: list[BaseException] = []
    started = time.perf_counter()

    def worker() -> None:
        variant = find_variant(row.variant)
        ours = None
        try:
            ours = GtpClient(f"our level {row.level}", row.our_command)
            ours.send(f"set_game {variant.sgf_game}")
            # Builds our move tables before the first timed move.
            ours.send(f"genmove {gtp_color(variant, 0)}")
            while not errors:
                with lock:
                    game = next(games, None)
                if game is None:
                    break
                # A new opponent per game: Pentobi reuses its search tree from an earlier
                # search of the same position, even across clear_board, which would make a
                # game's moves depend on the games played before it in the process.
                theirs = GtpClient("the opponent", row.opponent_command)
                try:
                    theirs.send(f"set_game {variant.sgf_game}")
                    outcome = play_game(row, game, ours, theirs)
                finally:
                    theirs.close()
                with lock:
                    row.results[game] = outcome
                if records:
                    name = f"{row.variant}-l{row.level}-vs-{row.opponent_level}-{game:03}.blksgf"
                    (records / name).write_text(outcome["record"], encoding="utf-8")
                if verbose:
                    done = len(row.results)
                    mean = statistics.fmean(r["result"] for r in row.results.values())
                    print(
                        f"{row.variant} L{row.level} vs L{row.opponent_level}: game {game} "
                        f"seat {outcome['seat']} result {outcome['result']:.2f} margin "
                        f"{outcome['margin']:+.1f} ({done}/{row.games}, mean {mean:.3f})",
                        file=sys.stderr,
                    )
        except BaseException as error:  # reported by the main thread
            errors.append(error)
        finally:
            if ours is not None:
                ours.close()

    # Daemon threads: after Ctrl-C the row's games so far are reported and the process ends;
    # the engines then read the end of their input and stop.
    count = max(1, min(jobs, row.games))
    threads = [threading.Thread(target=worker, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    try:
        for thread in threads:
            while thread.is_alive():
                thread.join(0.5)  # a join with a timeout lets Ctrl-C in
    except KeyboardInterrupt:
        with lock:
            errors.append(KeyboardInterrupt())
            if not row.results:
                raise
            return {**summary(row, time.perf_counter() - started), "interrupted": True}
    if errors:
        raise errors[0]
    return summary(row, time.perf_counter() - started)


def summary(row: Row, seconds: float) -> dict:
    results = [row.results[g] for g in sorted(row.results)]
    rate = statistics.fmean(r["result"] for r in results)
    players = range(find_variant(row.variant).num_players)
    by_seat = [[r["result"] for r in results if r["seat"] == p] for p in players]
    low, high = wilson(rate, len(results))
    our_cpu = [t for r in results for t in r["our_cpu"]]
    their_cpu = [t for r in results for t in r["their_cpu"]]
    return {
        "variant": row.variant,
        "level": row.level,
        "level_name": row.level_name,
        "ours": row.our_command,
        "opponent": row.opponent_command,
        "opponent_level": row.opponent_level,
        "games": len(results),
        "win_rate": round(rate, 4),
        "interval_95": [round(low, 4), round(high, 4)],
        "win_rate_by_seat": [round(statistics.fmean(r), 4) if r else None for r in by_seat],
        "wins": sum(r["result"] == 1 for r in results),
        "draws_or_shared": sum(0 < r["result"] < 1 for r in results),
        "losses": sum(r["result"] == 0 for r in results),
        "mean_margin": round(statistics.fmean(r["margin"] for r in results), 2),
        "cpu_median_s": round(statistics.median(our_cpu), 3),
        "cpu_max_s": round(max(our_cpu), 3),
        "moves": len(our_cpu),
        "opponent_cpu_median_s": round(statistics.median(their_cpu), 3),
        "seed": row.seed,
        "first_game": row.first_game,
        "wall_s": round(seconds, 1),
    }


def stop_on_sigterm(signum, frame) -> None:
    raise KeyboardInterrupt  # stop as on Ctrl-C: report the games so far


def int_list(text: str) -> list[int]:
    return [int(part) for part in text.split(",")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="duo,classic_2,classic", help="comma-separated")
    parser.add_argument("--level", type=int_list, default=[LEVELS[-1]], help="ours, e.g. 1,4")
    parser.add_argument("--opponent-level", type=int_list, default=[3], help="e.g. 1,3,5")
    parser.add_argument("--games", type=int, default=20, help="games per row")
    parser.add_argument("--engine", default=PENTOBI_COMMAND, help="the opponent's command")
    parser.add_argument("--ours", default=OUR_COMMAND, help="our engine's command")
    parser.add_argument("--pentobi", help="pentobi-gtp's path (default: $PENTOBI_GTP or ~/.cache)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first-game", type=int, default=0, help="the seed's row from this game")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--records", type=Path, help="a folder to save every game's SGF in")
    parser.add_argument("--verbose", "-v", action="store_true", help="a line per game on stderr")
    parser.add_argument(
        "--append-results", action="store_true", help="also add each row to bench/RESULTS.md"
    )
    args = parser.parse_args(argv)
    variants = args.variant.split(",")
    for variant in variants:
        if variant not in VARIANTS:
            parser.error(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
    for level in args.level:
        if args.ours == OUR_COMMAND and level not in LEVELS:
            parser.error(f"no level {level}; ours are {', '.join(map(str, LEVELS))}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.first_game < 0:
        parser.error("--first-game must be at least 0")
    pentobi = Path(args.pentobi or os.environ.get("PENTOBI_GTP") or DEFAULT_PENTOBI)
    if "{pentobi}" in args.engine and not os.access(pentobi, os.X_OK):
        parser.error(
            f"Pentobi's GTP engine is not at {pentobi}: build it with "
            "../shared/tools/build-pentobi, or give its path with --pentobi or $PENTOBI_GTP, "
            "or another engine with --engine"
        )
    if args.records:
        args.records.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGTERM, stop_on_sigterm)
    python = shlex.quote(sys.executable)
    for variant, level, opponent_level in itertools.product(
        variants, args.level, args.opponent_level
    ):
        places = {"python": python, "variant": variant}
        row = Row(
            variant=variant,
            level=level,
            level_name=LEVEL_NAMES[level] if args.ours == OUR_COMMAND else None,
            opponent_level=opponent_level,
            games=args.games,
            seed=args.seed,
            first_game=args.first_game,
            our_command=args.ours.format(**places, level=level),
            opponent_command=args.engine.format(
                **places, level=opponent_level, pentobi=shlex.quote(str(pentobi))
            ),
        )
        try:
            figures = run_row(row, args.jobs, args.records, args.verbose)
        except MatchError as error:
            print(f"strength.py: {error}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            return 130
        print(json.dumps(figures), flush=True)
        if args.append_results:
            results.append(figures, sys.argv if argv is None else ["bench/strength.py", *argv])
        if figures.get("interrupted"):
            return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""bench/strength.py, the match runner against GTP engines, driven with our own engine."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "strength.py"
OUR_ENGINE = "{python} -m game.gtp -l {level} -g {variant}"


def load_strength():
    spec = importlib.util.spec_from_file_location("strength", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["strength"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300
    )


@pytest.mark.parametrize("variant", ["duo", "classic"])
def test_rows_against_our_own_engine_are_consistent(variant):
    done = run(
        *("--variant", variant, "--level", "1", "--opponent-level", "2", "--games", "2"),
        *("--engine", OUR_ENGINE, "--seed", "5", "--jobs", "2"),
    )
    assert done.returncode == 0, done.stderr
    (row,) = [json.loads(line) for line in done.stdout.splitlines()]
    assert (row["variant"], row["level"], row["opponent_level"]) == (variant, 1, 2)
    assert row["games"] == 2
    assert row["wins"] + row["draws_or_shared"] + row["losses"] == 2
    assert 0 <= row["win_rate"] <= 1
    low, high = row["interval_95"]
    assert 0 <= low <= row["win_rate"] <= high <= 1
    if variant == "duo":
        assert row["win_rate"] == (row["wins"] + row["draws_or_shared"] / 2) / 2
    # Duo games last at least 2 * 10 moves; our colour places at least its first piece.
    assert row["moves"] >= (20 if variant == "duo" else 2)
    assert 0 <= row["cpu_median_s"] <= row["cpu_max_s"] < 5


def test_same_seed_same_games(tmp_path):
    args = ("--variant", "duo", "--level", "1", "--games", "2", "--engine", OUR_ENGINE)
    first = run(*args, "--records", str(tmp_path / "a"))
    second = run(*args, "--jobs", "2", "--records", str(tmp_path / "b"))
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    records = sorted(path.name for path in (tmp_path / "a").iterdir())
    assert len(records) == 2
    for name in records:
        assert (tmp_path / "a" / name).read_text() == (tmp_path / "b" / name).read_text()


def test_an_illegal_move_stops_the_match(tmp_path):
    cheat = tmp_path / "cheat.py"
    cheat.write_text(
        "import sys\n"
        "for line in sys.stdin:\n"
        "    word = line.split()[0] if line.split() else ''\n"
        "    answers = {'genmove': 'a1', 'final_score': '0', 'cputime': '0'}\n"
        "    print('=', answers.get(word, ''))\n"
        "    print(flush=True)\n"
        "    if word == 'quit':\n"
        "        break\n"
    )
    done = run(
        "--variant", "duo", "--level", "1", "--games", "1", "--engine", f"{{python}} {cheat}"
    )
    assert done.returncode == 1
    assert "the opponent played illegal a1: must cover your start corner" in done.stderr
    assert done.stdout == ""


def test_a_missing_pentobi_is_named(tmp_path):
    done = run("--games", "1", "--pentobi", str(tmp_path / "pentobi-gtp"))
    assert done.returncode == 2
    assert f"Pentobi's GTP engine is not at {tmp_path / 'pentobi-gtp'}" in done.stderr


def test_wilson_interval():
    strength = load_strength()
    low, high = strength.wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert strength.wilson(0.0, 10)[0] == pytest.approx(0, abs=1e-12)
    assert strength.wilson(1.0, 10)[1] == pytest.approx(1)


def test_a_row_splits_into_runs_that_play_its_games(tmp_path):
    args = ("--variant", "duo", "--level", "1", "--engine", OUR_ENGINE, "--seed", "7")
    whole = run(*args, "--games", "3", "--records", str(tmp_path / "whole"))
    part = run(*args, "--games", "2", "--first-game", "1", "--records", str(tmp_path / "part"))
    assert whole.returncode == part.returncode == 0, whole.stderr + part.stderr
    played = sorted(path.name for path in (tmp_path / "part").iterdir())
    assert len(played) == 2
    for name in played:
        assert (tmp_path / "part" / name).read_text() == (tmp_path / "whole" / name).read_text()
    (row,) = [json.loads(line) for line in part.stdout.splitlines()]
    # Game 1 is played as the second player, game 2 as the first.
    assert (row["games"], row["first_game"]) == (2, 1)
    assert all(0 <= rate <= 1 for rate in row["win_rate_by_seat"])
    assert row["win_rate"] == sum(row["win_rate_by_seat"]) / 2

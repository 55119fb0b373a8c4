"""Reading hostile input: the time and memory to read (or refuse) records and saves of 10 MB,
and of just under the size limit (where the reader does the most work before it refuses).

    python bench/hostile.py [--repeat N]

Prints JSON: per case, the size, the outcome (``read`` or the start of the message), the best
of ``--repeat`` times in seconds, the peak Python allocation during the read (tracemalloc) and
the peak resident memory of a fresh process that built the input and read it, both in MB.
Each case runs in its own process, so one case's memory does not count for the next.
"""

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.boundary import MAX_TEXT_CHARS, InputError  # noqa: E402
from game.gtp import GtpEngine  # noqa: E402
from game.sgf import read_sgf  # noqa: E402
from game.web.puzzle_session import PuzzleSession  # noqa: E402
from game.web.session import Session  # noqa: E402

TEN_MB = 10_000_000
UNDER_LIMIT = MAX_TEXT_CHARS - 100


def filled(head: str, unit: str, tail: str, size: int) -> str:
    """``head`` + as many ``unit`` as fit + ``tail``, ``size`` characters at most."""
    return head + unit * ((size - len(head) - len(tail)) // len(unit)) + tail


RECORDS = {
    "empty nodes": lambda size: filled("(;GM[Blokus]", ";", ")", size),
    "comment nodes": lambda size: filled("(;GM[Blokus]", ";C[]", ")", size),
    "nested variations": lambda size: (
        filled("(;GM[Blokus]", "(;", "", size // 2) + ")" * (size // 2)
    ),
    "sibling variations": lambda size: filled("(;GM[Blokus]", "(;)", ")", size),
    "values": lambda size: filled("(;GM[Blokus]C", "[]", ")", size),
    "escapes": lambda size: filled("(;GM[Blokus]C[", "\\]", "])", size),
    "one long comment": lambda size: filled("(;GM[Blokus]C[", "x", "])", size),
    "setup nodes": lambda size: filled("(;GM[Blokus]", ";PL[1]", ")", size),
}


def save(sgf: str) -> str:
    return json.dumps(
        {"format": "pyblokus-save", "version": 1, "mode": "classic", "seats": [], "sgf": sgf}
    )


SAVES = {
    "game save of empty nodes": lambda size: save(RECORDS["empty nodes"](size - 100)),
    "deep JSON": lambda size: "[" * (size // 2) + "]" * (size // 2),
    "unclosed string of escaped quotes": lambda size: '"' + '\\"' * (size // 2 - 1),
    "huge integer": lambda size: (
        '{"format": "pyblokus-puzzle", "version": 1, "elapsed": ' + "9" * (size - 60) + "}"
    ),
}
FILES = {
    "loadsgf of a file of empty nodes": lambda size: RECORDS["empty nodes"](size),
    "loadsgf /dev/zero": None,
}
CASES = {
    **{f"record, {label}, {name}": ("sgf", size, make) for name, make in RECORDS.items()
       for label, size in (("10 MB", TEN_MB), ("1 MB", UNDER_LIMIT))},
    **{f"save, {label}, {name}": ("save", size, make) for name, make in SAVES.items()
       for label, size in (("10 MB", TEN_MB), ("1 MB", UNDER_LIMIT))},
    **{f"gtp, 10 MB, {name}": ("gtp", TEN_MB, make) for name, make in FILES.items()},
}  # fmt: skip


def read(kind: str, text: str) -> str:
    """Read ``text`` as the page or the GTP engine would (for ``gtp``, ``text`` is the path
    of the file); the outcome in a few words."""
    try:
        if kind == "sgf":
            read_sgf(text)
        elif kind == "gtp":
            return GtpEngine("classic").execute(f"loadsgf {text}")[2:72]
        elif '"pyblokus-puzzle"' in text[:40]:
            PuzzleSession.from_json(text)
        else:
            Session.from_json(text)
    except InputError as error:
        return str(error)[:70]
    return "read"


def run_one(name: str, repeat: int) -> dict:
    kind, size, make = CASES[name]
    with tempfile.TemporaryDirectory() as directory:
        if kind == "gtp":
            text = "/dev/zero"
            if make is not None:
                text = str(Path(directory) / "hostile.blksgf")
                Path(text).write_text(make(size), encoding="utf-8")
        else:
            text = make(size)
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            outcome = read(kind, text)
            times.append(time.perf_counter() - start)
        tracemalloc.start()
        read(kind, text)
        allocated = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return {
        "chars": size if kind == "gtp" else len(text),
        "outcome": outcome,
        "seconds": round(min(times), 4),
        "read_peak_mb": round(allocated / 1e6, 1),
        "process_peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--one", help=argparse.SUPPRESS)  # run one case in this process
    options = parser.parse_args()
    if options.one:
        print(json.dumps(run_one(options.one, options.repeat)))
        return
    results = {}
    for name in CASES:
        done = subprocess.run(
            [sys.executable, __file__, "--one", name, "--repeat", str(options.repeat)],
            capture_output=True,
            text=True,
            check=True,
        )
        results[name] = json.loads(done.stdout)
    worst = max(results.values(), key=lambda r: r["seconds"])
    results["worst"] = {
        "seconds": worst["seconds"],
        "process_peak_rss_mb": max(r["process_peak_rss_mb"] for r in results.values()),
    }
    print(json.dumps(results, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()

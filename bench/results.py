"""The benches' figures kept in ``bench/RESULTS.md``: a bench run with ``--append-results``
adds what it printed there, under its command, the date and the commit it ran on.

>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "RESULTS.md"
>>> append({"duo_ratio": 4.1}, ["bench/engine.py", "--games", "300"], path=path)
>>> text = path.read_text()
>>> "python3 bench/engine.py --games 300" in text and '"duo_ratio": 4.1' in text
True
"""

from __future__ import annotations

import datetime
import json
import subprocess
from pathlib import Path

RESULTS = Path(__file__).with_name("RESULTS.md")
HEADING = "## Appended by the benches (`--append-results`)"


def commit() -> str:
    """The checkout's commit, short ("unknown" outside git)."""
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).parent,
        check=False,
    )
    return done.stdout.strip() or "unknown"


def append(figures, argv: list[str], *, path: Path = RESULTS) -> None:
    """Add ``figures`` (JSON) to the results file under the command ``argv`` that printed them,
    in a section the benches keep at the end of the file."""
    text = path.read_text() if path.exists() else "# Results\n"
    if HEADING not in text:
        text = text.rstrip("\n") + f"\n\n{HEADING}\n"
    when = datetime.date.today().isoformat()
    text += (
        f"\n`python3 {' '.join(argv)}` ({when}, commit {commit()}):\n\n"
        f"```json\n{json.dumps(figures, indent=1)}\n```\n"
    )
    path.write_text(text)

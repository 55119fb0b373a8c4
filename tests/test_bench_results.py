"""bench/results.py: a bench's figures appended to the results file under their command."""

import importlib.util
import json
import re
from pathlib import Path

spec = importlib.util.spec_from_file_location(
    "bench_results", Path(__file__).resolve().parent.parent / "bench" / "results.py"
)
results = importlib.util.module_from_spec(spec)
spec.loader.exec_module(results)


def test_figures_go_under_their_command_after_what_the_file_holds(tmp_path):
    path = tmp_path / "RESULTS.md"
    path.write_text("# Results\n\n## A section written by hand\n\nkept\n")
    results.append({"duo_ratio": 4.1}, ["bench/engine.py", "--games", "300"], path=path)
    results.append([{"win_rate": 0.4}], ["bench/strength.py", "--level", "5"], path=path)
    text = path.read_text()
    assert text.startswith("# Results\n\n## A section written by hand\n\nkept\n")
    assert text.count(results.HEADING) == 1
    commands = re.findall(r"`python3 (.*?)` \(\d{4}-\d\d-\d\d, commit \w+\)", text)
    assert commands == ["bench/engine.py --games 300", "bench/strength.py --level 5"]
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)\n```", text, re.S)]
    assert blocks == [{"duo_ratio": 4.1}, [{"win_rate": 0.4}]]

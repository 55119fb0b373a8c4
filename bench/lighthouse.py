"""Lighthouse on the built site, on a phone and a desktop: its category scores and Web Vitals.

    python bench/lighthouse.py [--site DIR] [--runs N]

Lighthouse (npm ``lighthouse@12.8.2`` and every package it needs, pinned with their integrity
hashes by ``bench/lighthouse/package-lock.json``) is installed by ``npm ci``, which checks
those hashes, into a cache outside git (``lighthouse-12.8.2`` beside the runtime's downloads,
see :mod:`buildsteps.artefacts`); it downloads no browser and runs Debian's Chromium
(``CHROME_PATH``, the browser tests' flags). It audits dist/ (built first, or ``--site``)
served on 127.0.0.1 gzip-compressed as GitHub Pages sends it, nothing else reached, with its
mobile defaults (a mid-range phone, simulated slow 4G and 4x slower CPU) and its desktop
preset, and prints JSON per form factor: the category scores, the Web Vitals (first and
largest contentful paint, total blocking time, cumulative layout shift, speed index, in ms
but the shift), the audits of accessibility and best practices that did not pass, and the
longest main-thread tasks (ms, with the script Lighthouse blames). The performance figures
are simulated from a real run: on a loaded machine they vary from run to run (``--runs``
takes the median run by performance score); the shift does not.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from buildsteps import artefacts, assembly  # noqa: E402

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from harness import CHROMIUM, CHROMIUM_ARGS, Site  # noqa: E402

PINS = ROOT / "bench" / "lighthouse"  # package.json and package-lock.json
INSTALL = artefacts.CACHE / "lighthouse-12.8.2"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
WEB_VITALS = {
    "first-contentful-paint": "fcp_ms",
    "largest-contentful-paint": "lcp_ms",
    "total-blocking-time": "tbt_ms",
    "cumulative-layout-shift": "cls",
    "speed-index": "speed_index_ms",
}
LONGEST_TASKS = 5


def install() -> Path:
    """Lighthouse's command line, installed from the pinned lock file unless already there."""
    cli = INSTALL / "node_modules" / "lighthouse" / "cli" / "index.js"
    pins = [PINS / name for name in ("package.json", "package-lock.json")]
    if cli.exists() and all((INSTALL / p.name).read_bytes() == p.read_bytes() for p in pins):
        return cli
    shutil.rmtree(INSTALL, ignore_errors=True)
    INSTALL.mkdir(parents=True)
    for pin in pins:
        shutil.copy(pin, INSTALL / pin.name)
    print(f"installing Lighthouse into {INSTALL} with npm ci", file=sys.stderr, flush=True)
    subprocess.run(
        ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--silent"],
        cwd=INSTALL,
        check=True,
        env={**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1"},  # no browser of its own
    )
    return cli


def audit(cli: Path, url: str, form_factor: str) -> dict:
    """Lighthouse's report (its JSON) of one run on ``url``."""
    command = [
        "node",
        str(cli),
        url,
        "--output=json",
        "--output-path=stdout",
        "--quiet",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={' '.join(CHROMIUM_ARGS)}",
    ]
    if form_factor == "desktop":
        command.append("--preset=desktop")
    done = subprocess.run(
        command,
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "CHROME_PATH": str(CHROMIUM)},
    )
    return json.loads(done.stdout)


def summary(report: dict) -> dict:
    """What this bench prints of one report."""
    audits = report["audits"]
    failing = {}
    for category in ("accessibility", "best-practices"):
        for ref in report["categories"][category]["auditRefs"]:
            found = audits[ref["id"]]
            if ref["weight"] and found["score"] is not None and found["score"] < 1:
                failing[ref["id"]] = found["title"]
    tasks = audits["long-tasks"].get("details", {}).get("items", [])
    return {
        "scores": {name: report["categories"][name]["score"] for name in CATEGORIES},
        "web_vitals": {
            key: round(audits[name]["numericValue"], 3 if key == "cls" else None)
            for name, key in WEB_VITALS.items()
        },
        "not_passed": failing,
        "runtime_errors_and_warnings": [
            str(item.get("value") or item.get("description"))
            for name in ("errors-in-console", "deprecations")
            for item in audits[name].get("details", {}).get("items", [])
        ],
        "longest_tasks": [
            {"ms": round(task["duration"]), "at_ms": round(task["startTime"]), "url": task["url"]}
            for task in sorted(tasks, key=lambda task: -task["duration"])[:LONGEST_TASKS]
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site already built (default: build dist/)")
    parser.add_argument("--runs", type=int, default=1, help="per form factor; the median run")
    args = parser.parse_args()
    cli = install()
    dist = args.site.resolve() if args.site else assembly.build()
    site = Site(dist, compress=True)
    results = {}
    try:
        for form_factor in ("mobile", "desktop"):
            runs = [summary(audit(cli, site.url, form_factor)) for _ in range(args.runs)]
            performance = statistics.median_low(run["scores"]["performance"] for run in runs)
            median = next(run for run in runs if run["scores"]["performance"] == performance)
            results[form_factor] = {
                **median,
                "performance_all": [r["scores"]["performance"] for r in runs],
            }
    finally:
        site.stop()
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()

"""Screenshots of the page for the README and for review: desktop (1280x800), phone (390x844,
touch) and dark mode, in the main states (a game, its dialogs, game over, a puzzle, a Trigon
and a Junior game).

    python bench/screenshots.py [--out DIR] [--scenes game,help,...]

Builds dist/ (unless ``PYBLOKUS_DIST_BUILT=1``), serves it on 127.0.0.1, drives Debian's
Chromium like the browser tests do, and writes ``<device>-<light|dark>-<scene>.png`` into DIR
(default ``screenshots/``, ignored by git). Prints the files written as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from harness import (  # noqa: E402  (the same browser, server and states as the tests)
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    PHONE,
    SCENES,
    PageRecord,
    Site,
    new_context,
    open_scene,
)

from buildsteps import assembly  # noqa: E402

DEVICES = {"desktop": DESKTOP, "phone": PHONE}
SCHEMES = ("light", "dark")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--scenes", default=",".join(SCENES), help="comma-separated")
    parser.add_argument("--devices", default=",".join(DEVICES), help="comma-separated")
    parser.add_argument("--schemes", default=",".join(SCHEMES), help="comma-separated")
    args = parser.parse_args()
    if os.environ.get("PYBLOKUS_DIST_BUILT") != "1":
        assembly.build()
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    site = Site(assembly.DIST)
    written = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            for device in args.devices.split(","):
                for scheme in args.schemes.split(","):
                    for scene in args.scenes.split(","):
                        context = new_context(browser, color_scheme=scheme, **DEVICES[device])
                        record = PageRecord(origin=site.url.rstrip("/"))
                        page = open_scene(context, site, record, scene)
                        path = args.out / f"{device}-{scheme}-{scene}.png"
                        page.screenshot(path=path)
                        context.close()
                        record.assert_clean()
                        written.append(str(path))
            browser.close()
    finally:
        site.stop()
    print(json.dumps({"screenshots": written}, indent=1))


if __name__ == "__main__":
    main()

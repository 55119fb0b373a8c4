"""Playwright fixtures: the built site (dist/) served on 127.0.0.1, driven in Debian's Chromium.

One browser per test session; every test gets a fresh context (its own storage) and fails if
the page logs a console error or sends a request anywhere but the page's own origin.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    INSTALL_HINT,
    PageRecord,
    Site,
    new_context,
    open_page,
)

from buildsteps import assembly

#: What a failure says when Chromium's renderer crashed under the test (Playwright's error, or
#: the page record's console error at teardown).
RENDERER_CRASHED = "Target crashed|renderer crashed"


def pytest_collection_modifyitems(items) -> None:
    """Every test here drives the page: marked ``browser``, so ``pytest -m "not browser"``
    runs the fast suite alone. Browser tests run last: Playwright's sync API keeps an event
    loop running in the main thread until the session ends, and ``asyncio.run`` in the fast
    suite would refuse to start under it."""
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.browser)
            # Debian's Chromium's renderer crashes now and then here, in no one test: such a
            # test runs once more; any other failure stands.
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[RENDERER_CRASHED]))
    items.sort(key=lambda item: here in item.path.parents)


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built site; built once per session unless `build.py test` just built it."""
    if os.environ.get("PYBLOKUS_DIST_BUILT") != "1":
        assembly.build()
    return assembly.DIST


@pytest.fixture(scope="session")
def site(dist: Path) -> Iterator[Site]:
    served = Site(dist)
    yield served
    served.stop()


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.fail(f"Chromium is missing at {CHROMIUM}: install it with `{INSTALL_HINT}`")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def record(site: Site) -> Iterator[PageRecord]:
    """Fails the test if the page logged an error, got an error response or left the origin."""
    seen = PageRecord(origin=site.url.rstrip("/"))
    yield seen
    seen.assert_clean()


@pytest.fixture
def context(browser):
    made = new_context(browser)
    yield made
    made.close()


@pytest.fixture
def page(context, site: Site, record: PageRecord):
    """A fresh page on the built site, booted to `ready`."""
    return open_page(context, site, record)

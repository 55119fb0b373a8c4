"""Playwright fixtures: the built site (dist/) served on 127.0.0.1, driven in Debian's Chromium.

One browser per test session (launched again after a renderer crash); every test gets a fresh
context (its own storage) and fails if the page logs a console error or sends a request
anywhere but the page's own origin.
"""

from __future__ import annotations

import contextlib
import os
import re
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
RENDERER_CRASHED = "Target crashed|Page crashed|renderer crashed"


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


class Chromium:
    """Debian's Chromium under Playwright, launched on first use and again after a test saw
    its renderer crash: one crash here was once followed by crashes in nearly every later test
    of the run, so a crashed test's rerun, and the tests after it, get a fresh browser."""

    def __init__(self, playwright):
        self._playwright = playwright
        self._browser = None
        self.crashed = False

    def browser(self):
        if self.crashed:
            self.close()
            self.crashed = False
        if self._browser is None:
            self._browser = self._playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
            )
        return self._browser

    def close(self) -> None:
        if self._browser is not None:
            with contextlib.suppress(Exception):  # a crashed browser may refuse to close
                self._browser.close()
            self._browser = None


CHROMIUM_KEY = pytest.StashKey[Chromium]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    launcher = item.session.stash.get(CHROMIUM_KEY, None)
    if launcher and report.failed and re.search(RENDERER_CRASHED, report.longreprtext):
        launcher.crashed = True


@pytest.fixture(scope="session")
def chromium(request) -> Iterator[Chromium]:
    if not CHROMIUM.exists():
        pytest.fail(f"Chromium is missing at {CHROMIUM}: install it with `{INSTALL_HINT}`")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launcher = request.session.stash[CHROMIUM_KEY] = Chromium(playwright)
        yield launcher
        launcher.close()


@pytest.fixture
def browser(chromium: Chromium):
    return chromium.browser()


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

"""Offline: the service worker precaches the site, a second visit boots with the server
stopped, and a new deploy replaces the old cache."""

import json
import shutil
import time
import urllib.request

import pytest
from harness import (
    BOOT_TIMEOUT_MS,
    PageRecord,
    Site,
    wait_for_computer_player,
    wait_until_state,
)

from buildsteps import assembly

CACHED_ENTRIES = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const names = await caches.keys();
  const counts = {};
  for (const name of names) counts[name] = (await (await caches.open(name)).keys()).length;
  return { state: registration.active.state, counts };
}"""


def poll(page, script: str, done, timeout_ms: float = BOOT_TIMEOUT_MS):
    """Evaluate ``script`` every 100 ms until ``done`` accepts its value; return that value.
    (The service worker's progress has no DOM state to wait for.)"""
    deadline = time.monotonic() + timeout_ms / 1000
    value = page.evaluate(script)
    while not done(value):
        if time.monotonic() > deadline:
            raise AssertionError(f"still {value!r} after {timeout_ms / 1000:.0f} s")
        page.wait_for_timeout(100)
        value = page.evaluate(script)
    return value


def precached(page) -> dict:
    """Cache name -> number of entries, once the service worker is active."""
    return poll(page, CACHED_ENTRIES, lambda status: status["state"] == "activated")["counts"]


def cache_name(dist) -> str:
    text = (dist / "sw.js").read_text()
    version = json.loads(text.split("const VERSION = ", 1)[1].split(";", 1)[0])
    return f"pyblokus-{version}"


def asset_count(dist) -> int:
    return len(assembly.precache_list(dist))


@pytest.fixture
def sw_context(browser):
    context = browser.new_context(service_workers="allow")
    yield context
    context.close()


def test_second_visit_boots_with_the_server_stopped(sw_context, dist):
    site = Site(dist)  # a server of its own, to stop
    record = PageRecord(origin=site.url.rstrip("/"))
    page = sw_context.new_page()
    record.watch(page)
    page.goto(site.url)
    wait_until_state(page, "ready")
    assert precached(page) == {cache_name(dist): asset_count(dist)}
    site.stop()
    with pytest.raises(OSError):
        urllib.request.urlopen(site.url, timeout=5)
    page.reload()
    wait_until_state(page, "ready")
    wait_for_computer_player(page)
    assert page.locator("#board [data-square]").count() == 400
    record.assert_clean()


def test_a_new_deploy_replaces_the_old_cache(sw_context, dist, tmp_path):
    site = Site(dist)
    record = PageRecord(origin=site.url.rstrip("/"))
    try:
        page = sw_context.new_page()
        record.watch(page)
        page.goto(site.url)
        wait_until_state(page, "ready")
        old_cache = cache_name(dist)
        assert list(precached(page)) == [old_cache]

        deployed = tmp_path / "dist"
        shutil.copytree(dist, deployed)
        script = deployed / "static" / "boot.js"
        script.write_text(script.read_text() + "\n// deploy 2\n")
        assembly.write_service_worker(deployed)
        new_cache = cache_name(deployed)
        assert new_cache != old_cache
        site.deploy(deployed)
        page.reload()  # the browser checks sw.js on navigation and installs the new one
        poll(page, "async () => await caches.keys()", lambda names: names == [new_cache])
        page.reload()
        wait_until_state(page, "ready")
        served = page.evaluate("async () => (await fetch('./static/boot.js')).text()")
        assert served.endswith("// deploy 2\n")
    finally:
        site.stop()
    record.assert_clean()

"""The page boots from the built site alone: runtime, NumPy and engine, under a strict CSP."""

from harness import wait_until_state


def test_boots_to_ready_with_numpy_and_engine(page):
    info = page.inner_text("#runtime-info")
    assert "NumPy 2.0.2" in info
    assert "Pyodide 0.27.7" in info
    assert page.locator("#board [data-square]").count() == 400


def test_first_paint_shows_board_and_stages_before_python(context, site, record):
    page = context.new_page()
    record.watch(page)
    page.goto(site.url, wait_until="commit")
    page.wait_for_selector("#board [data-square='a20']", state="attached")
    assert page.get_attribute("body", "data-state") == "loading"
    stages = page.locator("#loading [data-stage]").all_inner_texts()
    assert [s.strip() for s in stages] == ["Python runtime", "NumPy", "Game engine"]
    wait_until_state(page, "ready")
    assert page.locator("#loading").is_hidden()


def test_content_security_policy_allows_only_the_origin(page):
    policy = page.get_attribute("meta[http-equiv='Content-Security-Policy']", "content")
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["connect-src"] == "'self'"
    assert "http" not in policy and "*" not in policy

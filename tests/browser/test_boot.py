"""The page boots from the built site alone: runtime and engine, then NumPy, under a strict CSP."""

from harness import wait_for_computer_player, wait_until_state

# Runs in the page as a script of the site's own (so the page's policies apply to it).
EVAL_PROBE = """
try {
  Function("return 1")();
  document.body.dataset.evalProbe = "ran";
} catch (error) {
  document.body.dataset.evalProbe = error.name;
}
"""


def test_boots_to_ready_then_loads_numpy_for_the_computer(page):
    assert page.locator("#board [data-square]").count() == 400
    assert "Pyodide 0.27.7" in page.inner_text("#runtime-info")
    wait_for_computer_player(page)
    assert page.get_attribute("body", "data-state") == "ready"


def test_first_paint_shows_board_and_stages_before_python(context, site, record):
    page = context.new_page()
    record.watch(page)
    page.goto(site.url, wait_until="commit")
    page.wait_for_selector("#board [data-square='a20']", state="attached")
    assert page.get_attribute("body", "data-state") == "loading"
    stages = page.locator("#loading [data-stage]").all_inner_texts()
    assert [s.strip() for s in stages] == ["Python runtime", "Game engine"]
    wait_until_state(page, "ready")
    assert page.locator("#loading").is_hidden()


def test_content_security_policy_allows_only_the_origin(page):
    policy = page.get_attribute("meta[http-equiv='Content-Security-Policy']", "content")
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["connect-src"] == "'self'"
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval'"
    assert "http" not in policy and "*" not in policy


def test_no_string_runs_as_code(context, site):
    page = context.new_page()  # no console record: the refused probe logs a CSP error
    page.route(
        site.url + "eval-probe.js",
        lambda route: route.fulfill(content_type="text/javascript", body=EVAL_PROBE),
    )
    page.goto(site.url)
    wait_until_state(page, "ready")
    page.add_script_tag(url=site.url + "eval-probe.js")
    assert page.get_attribute("body", "data-eval-probe") == "EvalError"
    wait_for_computer_player(page)  # Pyodide still compiles WebAssembly (NumPy's libraries)

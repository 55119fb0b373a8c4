"""The page in each language: the browser's preferred language picks it, ``?lang=`` in a link
overrides that, the first paint is already in it (no English first), the Language choice
switches at once without losing the game and is remembered; each language's main states have
no WCAG 2.1 AA violation and nothing cut off on a phone."""

import pytest
from harness import (
    PHONE,
    PageRecord,
    Site,
    axe_violations,
    inject_axe,
    new_context,
    not_for_a_visit,
    open_page,
    open_scene,
    pick,
    played_game,
    seed_saved_game,
    unused_files,
    wait_for_computer_player,
    wait_until_state,
)
from test_layout import assert_board_and_controls_fit

from buildsteps.i18n import compiled, read_catalog
from game import i18n

LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]
#: A browser's preferred language for some (a region too: the page reads the language); the
#: others' browsers name the language alone.
BROWSER_LOCALES = {"de": "de-AT", "fr": "fr-FR", "es": "es-MX", "ja": "ja-JP"}


def browser_locale(code: str) -> str:
    return BROWSER_LOCALES.get(code, code)


#: An init script: what the page shows in its first frame (requestAnimationFrame runs just
#: before a frame is painted, and not before the page may paint): <html lang>, the words of
#: every marked element with the English they replaced, and the shell's headings; and whether
#: the browser painted before the page's words or its end were in (a loaded machine has seen
#: Chromium's render-blocking end that early).
FIRST_FRAME = """
requestAnimationFrame(() => {
  window.firstFrame = {
    cutShort: !self.pyblokusWords || !document.getElementById("page-translated"),
    lang: document.documentElement.lang,
    marked: [...document.querySelectorAll("[data-i18n~=text]")].map(
      (e) => [e.textContent, e.getAttribute("data-en-text")]),
    titles: [...document.querySelectorAll("[data-i18n~=title]")].map(
      (e) => [e.title, e.getAttribute("data-en-title")]),
    shell: [...document.querySelectorAll(".shell:not([hidden]) h2, .shell th")].map(
      (e) => e.textContent),
  };
  document.documentElement.dataset.firstFrame = "seen";
});
"""


def words(code: str):
    """The gettext of language ``code``'s catalog, as the page reads it (English: the words
    themselves)."""
    if code == i18n.SOURCE_LANGUAGE:
        return lambda english: english
    i18n.use(code, compiled(read_catalog(code)))
    try:
        catalog = {message.id: message.string for message in read_catalog(code) if message.id}
    finally:
        i18n.use(i18n.SOURCE_LANGUAGE)
    return lambda english: catalog[english] or english


def is_english(say, text: str) -> bool:
    """Whether ``text`` is an English message that ``say`` (see :func:`words`) translates."""
    try:
        return say(text) != text
    except KeyError:  # not a message at all: the language's own words
        return False


@pytest.fixture(params=LANGUAGES)
def language(request):
    return request.param, words(request.param)


def test_the_first_paint_is_in_the_browsers_language(browser, site, record, language):
    code, say = language
    for _ in range(3):
        context = new_context(browser, locale=browser_locale(code))
        context.add_init_script(FIRST_FRAME)
        page = context.new_page()
        record.watch(page)
        # Python held back (its game package never arrives): what shows is the first paint's.
        page.route("**/game.zip", lambda route: None)
        page.goto(site.url)
        page.wait_for_selector("html[data-first-frame]", state="attached")
        first = page.evaluate("() => window.firstFrame")
        if not first["cutShort"]:
            break
        context.close()
    else:
        pytest.fail("Chromium painted before the page's words were in, three visits out of three")
    try:
        assert first["lang"] == code
        # An element written before the words arrived (a slow load) keeps no English copy; it
        # must not show an English message that this language says otherwise.
        kept = [(text, en) for text, en in first["marked"] if en is not None]
        assert kept, f"nothing translated in the first frame: {first}"
        assert [(text, en) for text, en in kept if text != say(en)] == []
        assert [text for text, en in first["marked"] if en is None and is_english(say, text)] == []
        assert all(title == say(en) for title, en in first["titles"])
        assert say("Colour") in first["shell"] and say("Blue") in first["shell"]
        assert page.text_content("#status") == say("Loading…")
        assert page.locator("#language").input_value() == code
        assert page.evaluate("() => document.body.dataset.state") == "loading"
    finally:
        context.close()


@pytest.mark.parametrize("code", ["en", "de"])
def test_a_visit_loads_its_own_language_alone(browser, dist, code):
    """Another language than English: its words and its catalog (with gettext, which the
    page's standard library lacks), each once (Python's fetch takes the preloaded catalog),
    and no other language's. English: nothing of the languages'."""
    transfers = []
    site = Site(dist, transfers=transfers)
    record = PageRecord(origin=site.url.rstrip("/"))
    context = new_context(browser, locale="de-DE" if code == "de" else "en-US")
    try:
        page = open_page(context, site, record)
        wait_for_computer_player(page)
        assert page.text_content("#new-game") == words(code)("New game")
        manifest = page.get_attribute("link[rel=manifest]", "href")
    finally:
        context.close()
        site.stop()
    record.assert_clean()
    asked = [path for _, path, _ in transfers]
    if code == "en":
        assert not [path for path in asked if path.startswith("/locale/")]
        assert manifest == "./static/manifest.webmanifest"
    else:
        assert asked.count(f"/locale/{code}.js") == 1 and asked.count(f"/locale/{code}.zip") == 1
        assert manifest == f"./locale/{code}.webmanifest"
    assert unused_files(dist, transfers) == not_for_a_visit(dist, code) - {"static/icons/icon.svg"}


def test_a_link_picks_the_language_and_python_speaks_it(browser, site, record):
    context = new_context(browser, locale="de-DE")
    try:
        page = open_page(context, site, record, "?lang=ja")
        say = words("ja")
        assert page.get_attribute("html", "lang") == "ja"
        assert page.text_content("#new-game") == say("New game")
        assert page.text_content("#status") == say("{color} to move: pick a piece.").format(
            color=say("Blue")
        )
        assert page.get_attribute("#board", "aria-label") == say(
            "Board. Arrow keys move the piece, R rotates, F flips, Enter places it."
        )
    finally:
        context.close()


def test_switching_keeps_the_game_and_is_remembered(context, site, record):
    seed_saved_game(context, played_game("duo", plies=6))
    page = open_page(context, site, record, "?lang=en")
    assert page.get_attribute("html", "lang") == "en"
    squares = page.locator("#board [data-color]").count()
    moves = page.locator("#move-list [data-move]").count()
    assert squares and moves == 7
    piece = page.get_attribute(
        "#trays .piece[data-color=purple]:not([aria-disabled])", "data-piece"
    )
    pick(page, piece, "purple")  # the piece picked stays picked
    page.select_option("#language", "fr")
    say = words("fr")
    page.wait_for_selector(f"#new-game:text-is('{say('New game')}')")
    assert page.get_attribute("html", "lang") == "fr"
    assert page.locator("#board [data-color]").count() == squares
    assert page.locator("#move-list [data-move]").count() == moves
    assert page.text_content("#status") == say("{color} to move: pick a piece.").format(
        color=say("Purple")
    )
    assert page.locator(f"#trays [aria-pressed=true][data-piece='{piece}']").count() == 1
    assert page.get_attribute("#rotate", "title") == say("Rotate right (R, mouse wheel)")
    assert "?lang" not in page.url  # the link's choice gives way to the player's
    page.reload()
    wait_until_state(page, "ready")
    assert page.get_attribute("html", "lang") == "fr"
    assert page.text_content("#new-game") == say("New game")
    assert page.locator("#move-list [data-move]").count() == moves
    page.select_option("#language", "en")
    page.wait_for_selector("#new-game:text-is('New game')")
    assert page.text_content("#help") == "How to play"


@pytest.fixture
def contexts(browser, language):
    """Fresh contexts in the language (each scene seeds its own save): ``make(**options)``."""
    code, _ = language
    made = []

    def make(**options):
        made.append(new_context(browser, locale=browser_locale(code), **options))
        return made[-1]

    yield make
    for context in made:
        context.close()


def test_each_language_has_no_wcag_aa_violations(contexts, site, record, language):
    code, _ = language
    axe_context = contexts()
    inject_axe(axe_context)
    page = open_scene(axe_context, site, record, "game")
    assert page.get_attribute("html", "lang") == code
    pick(page, "L4", "blue")
    assert axe_violations(page) == []
    for opener in ("#new-game", "#help", "#puzzles"):
        page.click(opener)
        page.wait_for_selector("dialog[open]")
        assert axe_violations(page) == [], opener
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog[open]", state="detached")
    for scene in ("game-over", "puzzle"):
        axe_context = contexts()
        inject_axe(axe_context)
        page = open_scene(axe_context, site, record, scene)
        assert page.get_attribute("html", "lang") == code
        assert axe_violations(page) == [], scene


#: Elements whose words must show whole: none may be wider than its box, nor reach past the
#: window's right edge.
WORDED = (
    "button:not([hidden])",
    "label",
    "legend",
    "h2",
    "th",
    "select",
    "#status",
    ".tray h2",
    ".puzzle-choice span",
)
CUT_OFF = """selectors => [...document.querySelectorAll(selectors.join(","))]
  .filter(e => e.getClientRects().length && !e.closest(".sr-only, [hidden]")
    && (e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > innerWidth + 0.5))
  .map(e => `${e.tagName}#${e.id} ${e.textContent.trim().slice(0, 40)}`)"""


def cut_off(page) -> list[str]:
    return page.evaluate(CUT_OFF, list(WORDED))


def test_nothing_is_cut_off_on_a_phone(contexts, site, record, language):
    code, _ = language
    page = open_scene(contexts(**PHONE), site, record, "game")
    assert page.get_attribute("html", "lang") == code
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    assert_board_and_controls_fit(page, 20, 20)
    assert cut_off(page) == []
    for opener in ("#new-game", "#puzzles", "#help"):
        page.click(opener)
        page.wait_for_selector("dialog[open]")
        assert cut_off(page) == [], opener
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog[open]", state="detached")
    for scene in ("game-over", "puzzle"):
        page = open_scene(contexts(**PHONE), site, record, scene)
        assert cut_off(page) == [], scene


def test_a_switch_rewrites_the_footer_and_puts_a_notice_away(browser, site):
    """The footer's words (NumPy unavailable: its wheel refused) follow the language; a notice
    written in the language before is put away."""
    context = new_context(browser)
    context.route("**/*.whl", lambda route: route.abort())
    try:
        page = open_page(context, site, PageRecord(origin=site.url.rstrip("/")), "?lang=en")
        page.wait_for_selector("#runtime-info:has-text('NumPy unavailable')")
        page.evaluate("() => { location.hash = '#game=AB$C'; }")  # a damaged link
        page.wait_for_selector("#notice:not([hidden]):has-text('could not be opened')")
        page.select_option("#language", "de")
        say = words("de")
        page.wait_for_selector(f"#new-game:text-is('{say('New game')}')")
        assert f"NumPy {say('unavailable')} ·" in page.text_content("#runtime-info")
        assert page.is_hidden("#notice")
    finally:
        context.close()

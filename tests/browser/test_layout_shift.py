"""The page holds still while it loads: from the navigation until just after it turns `ready`,
the layout shifts Chromium reports add up to at most 0.05 (the cumulative layout shift; Core Web
Vitals call 0.1 good), on a phone and a desktop window, light and dark, on a first visit and on
visits resuming a saved game (Classic; Duo and Junior, whose scoreboard and trays are smaller;
Trigon, whose board is a hexagon wider than high) or a saved puzzle (Puzzle 1 on the Classic
board, Puzzle 3 on a rectangle of its own, with its own buttons), and
with the browser's storage switched off (the page then warns, above the board, that the game is
not kept), and on visits whose first words are a notice above the board: a saved game that
cannot be read (set aside) or a link that is refused (changed on its way); and on visits through a
link to a game of another board than the first visit's (Duo, Trigon), opened at once (a first
visit, or over a finished game), or asked about over a game in progress, which stays in view
while the page asks. The first paint holds the final layout's space: the page's shell draws the
board, scoreboard and trays of the game or puzzle shown at `ready` (the saved one, or the
link's), and the room of the warning or the notice, until Python draws them."""

import pytest
from harness import (
    DESKTOP,
    PHONE,
    finished_game,
    new_context,
    open_page,
    played_game,
    seed_saved_game,
    seed_saved_puzzle,
)

from game import link
from game.web.records import record_of
from game.web.session import GAME_TYPES, Session

CLS_LIMIT = 0.05

# Runs before the page's scripts: every layout shift from the first paint on, with what moved.
LAYOUT_SHIFTS = """
window.layoutShifts = [];
window.recordShifts = (entries) => {
  for (const entry of entries) {
    window.layoutShifts.push({
      value: entry.value,
      at: Math.round(entry.startTime),
      moved: entry.sources.map((source) => {
        const node = source.node;
        const name = node ? node.id || node.className || node.nodeName : "?";
        return `${name} ${source.previousRect.y}->${source.currentRect.y}`;
      }),
    });
  }
};
window.shiftObserver = new PerformanceObserver((list) => recordShifts(list.getEntries()));
window.shiftObserver.observe({ type: "layout-shift", buffered: true });
"""

# Runs before the page's scripts: the browser refuses the page any storage.
STORAGE_OFF = """
for (const name of ["localStorage", "sessionStorage"]) {
  Object.defineProperty(window, name, {
    get() { throw new DOMException("The user has blocked storage", "SecurityError"); },
  });
}
"""

# Once `ready` is painted: the shifts so far, that frame's too.
SHIFTS_SO_FAR = """() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => {
  recordShifts(window.shiftObserver.takeRecords());
  resolve(window.layoutShifts);
})))"""


VISITS = ["first", "classic", "duo", "junior", "trigon", "storage off"]
#: Visits the page starts with a notice: of a saved game that cannot be read (cut short as it
#: was written), of a link refused (a Duo game's, one character changed: its check fails).
NOTICED = ["unreadable game", "refused link"]
UNREADABLE_GAME = '{"format": "pyblokus-save", "version": 1, "mode": "classic", "seats"'
REFUSED_LINK = "#game=AWACAQPI9vWA"
#: Saved puzzles (name, moves played): one on the Classic board, one on a board of its own.
PUZZLES = {"puzzle all84": ("all84", 6), "puzzle tetromino_rectangle": ("tetromino_rectangle", 3)}
#: Visits through a link to a game of another board than the first visit's: the saved game (if
#: any), the link's game type, and what shows once `ready`: over a game in progress, the
#: question whether to replace it (the game stays in view); else the link's game, opened at once.
ASKED = "#confirm-dialog[open]"
OPENED = "#notice:has-text('Game from the link')"
LINKS = {
    "duo link": (None, "duo", OPENED),
    "trigon link": (None, "trigon", OPENED),
    "link over a game in progress": (played_game("classic"), "duo", ASKED),
    "link over a finished game": (finished_game("duo"), "trigon", OPENED),
}


def link_to(mode: str) -> str:
    """A link to a game of ``mode`` a few moves in."""
    return "#" + link.to_fragment(record_of(Session.from_json(played_game(mode))))


@pytest.mark.parametrize("visit", [*VISITS, *PUZZLES, *NOTICED, *LINKS])
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_nothing_moves_while_the_page_loads(browser, site, record, device, scheme, visit):
    viewport = {"phone": PHONE, "desktop": DESKTOP}[device]
    context = new_context(browser, color_scheme=scheme, **viewport)
    saved, link_mode, shown = LINKS.get(visit, (None, None, None))
    try:
        if visit == "storage off":
            context.add_init_script(STORAGE_OFF)
        elif visit in PUZZLES:
            seed_saved_puzzle(context, *PUZZLES[visit])
        elif visit == "unreadable game":
            seed_saved_game(context, UNREADABLE_GAME)
        elif visit in VISITS and visit != "first":
            seed_saved_game(context, played_game(visit))
        elif saved is not None:
            seed_saved_game(context, saved)
        context.add_init_script(LAYOUT_SHIFTS)
        path = link_to(link_mode) if link_mode else REFUSED_LINK if visit == "refused link" else ""
        page = open_page(context, site, record, path)
        if visit in NOTICED:
            page.wait_for_selector("#notice:not([hidden])")
        elif shown is not None:
            page.wait_for_selector(shown)
        shifts = page.evaluate(SHIFTS_SO_FAR)
        warned = page.is_visible("#keeping")
    finally:
        context.close()
    # Every shift counts (none follows an input: nothing is pressed while the page loads).
    assert sum(shift["value"] for shift in shifts) <= CLS_LIMIT, shifts
    assert warned == (visit == "storage off")


def test_the_layout_script_reads_a_links_game_type(context, site, monkeypatch):
    """Before the first paint, the layout script names the game type of a link's game, each
    type's (Two teams by its seat per colour), and the first visit's for a link Python refuses
    (changed on its way, or of a newer version): it reads the link's check and first fields as
    game/link.py writes them."""
    links = {link_to(mode): mode for mode in GAME_TYPES}
    links[REFUSED_LINK] = "classic"
    monkeypatch.setattr(link, "LINK_VERSION", link.LINK_VERSION + 1)
    links[link_to("duo")] = "classic"
    page = context.new_page()
    for number, (fragment, mode) in enumerate(links.items()):
        # A new document each time (not only a new fragment), left once it is parsed.
        page.goto(f"{site.url}?{number}{fragment}", wait_until="domcontentloaded")
        assert page.get_attribute("html", "data-layout") == mode, fragment

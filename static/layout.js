// Runs in the page's head, before the first paint (build.py writes it in, allowed by its hash in
// the Content-Security-Policy): names the saved game's type (or the saved puzzle's, or a game
// link's) on <html>, so that the page shows that layout's board, scoreboard and trays as a new
// game (or puzzle) draws them until Python draws its own, in the same space: nothing moves when
// the page turns `ready`; and picks the player's language, whose words the page shows from its
// first paint.
{
  const gameTypes = ["__GAME_TYPES__"]; // build.py: the game types, the first visit's first
  const puzzles = ["__PUZZLES__"]; // build.py: the puzzles' names
  const linkPrefix = "#__LINK_PREFIX__";
  // The game type of the game link `hash` (game/link.py), or null if Python will refuse it (as
  // far as its first checks tell: base64url as that module writes it, at most so long, its
  // check, its version and variant).
  const linkedType = (hash) => {
    const link = "__LINK__"; // build.py: game/link.py's constants
    const text = hash.slice(linkPrefix.length);
    if (hash.length > link.maxChars || !/^[\w-]*$/.test(text)) return null;
    let bytes;
    try {
      bytes = Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) =>
        c.charCodeAt(0),
      );
    } catch {
      return null; // not of a length base64 can have
    }
    const again = btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_");
    const data = bytes.subarray(0, -link.checkBytes);
    if (again.replace(/=+$/, "") !== text || data.length < 2) return null;
    // The link's check: the first bytes of the CRC-32 of the rest.
    let crc = ~0;
    for (const byte of data) {
      crc ^= byte;
      for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
    }
    crc = ~crc >>> 0;
    const check = bytes.subarray(-link.checkBytes);
    if (check.some((byte, i) => byte !== ((crc >>> (24 - 8 * i)) & 0xff))) return null;
    // Its first fields, most significant bit first: version (8), variant (3), colourless
    // corners (1), scoring (2), a seat per colour (1).
    const [version, fields] = data;
    const types = link.types[fields >> 5]; // a seat per player's type, a seat per colour's
    return version === link.version ? (types?.[(fields >> 1) & 1] ?? null) : null;
  };
  let saves = null;
  let shared = null;
  try {
    // The saves the page will read (game/web/dom.py): this tab's own copies once it has them.
    shared = localStorage;
    saves = sessionStorage.getItem("__TAB_MARK__") === null ? localStorage : sessionStorage;
  } catch {
    // No storage: the page will warn that the game is not kept, above the board; its room
    // is kept from the first paint.
    document.documentElement.dataset.storage = "off";
  }
  // What Python will make of the text under `key`: null if there is none, false if it will
  // set it aside as unreadable (as far as its first checks tell: JSON, an object that `fits`;
  // game/web/session.py's read_saved), else the object.
  const read = (store, key, fits) => {
    const text = store?.getItem(key) ?? null;
    if (text === null) return null;
    try {
      const value = JSON.parse(text);
      return value?.constructor === Object && fits(value) ? value : false;
    } catch {
      return false;
    }
  };
  // A save of the page's format and version, of a game type or puzzle (`names`) it knows.
  const ours = (format, version, names, name) => (save) =>
    save.format === format && save.version === version && names.includes(save[name]);
  const game = read(
    saves,
    "__SAVE_KEY__",
    ours("__SAVE_FORMAT__", "__SAVE_VERSION__", gameTypes, "mode"),
  );
  const puzzle = read( // played instead of the game
    saves,
    "__PUZZLE_SAVE_KEY__",
    ours("__PUZZLE_SAVE_FORMAT__", "__PUZZLE_SAVE_VERSION__", puzzles, "puzzle"),
  );
  const times = read(shared, "__BEST_TIMES_KEY__", () => true); // the puzzles' best times
  // A game link's game opens as the page starts, and is drawn first, unless it would replace
  // a game in progress: the page then shows that game (or the puzzle played instead) while it
  // asks (game/web/keeping.py's open_link_at_start; the save says `in_progress`).
  const link = location.hash.startsWith(linkPrefix) ? linkedType(location.hash) : null;
  document.documentElement.dataset.layout =
    link && !game?.in_progress
      ? link
      : puzzle
        ? "__PUZZLE_LAYOUT__" + puzzle.puzzle
        : (game?.mode ?? gameTypes[0]);
  // The notices Python will show as it starts: of each save it sets aside, of a link (opened
  // or refused). The shell holds their words in the notice's place (build.py): nothing moves.
  const kept = { game, puzzle, times };
  const notices = Object.keys(kept).filter((name) => kept[name] === false);
  if (location.hash.startsWith(linkPrefix)) notices.push("link");
  if (notices.length) document.documentElement.dataset.notices = notices.join(" ");
}

// The player's language, before the first paint: a link's ?lang=, else the one chosen in the
// page (game/web/language.py remembers it), else the first of the browser's preferred languages
// that the page speaks, else English. Named on <html lang>; another language than English
// fetches its words for what shows before Python (locale/<code>.js: the first paint waits for
// them, blocking="render"), preloads its catalog for Python (locale/<code>.zip, with the
// gettext that reads it) and names its app manifest (locale/<code>.webmanifest).
{
  const languages = ["__LANGUAGES__"]; // build.py: game/i18n.py's, English first
  const wanted = [new URLSearchParams(location.search).get("lang")];
  try {
    wanted.push(localStorage.getItem("__LANGUAGE_KEY__"));
  } catch {} // no storage: nothing was remembered
  wanted.push(...navigator.languages.map((tag) => tag.split("-")[0]));
  const language = wanted.find((code) => languages.includes(code?.toLowerCase()))?.toLowerCase();
  document.documentElement.lang = language ?? languages[0];
  if (language && language !== languages[0]) {
    const words = Object.assign(document.createElement("script"), { src: `./locale/${language}.js` });
    words.setAttribute("blocking", "render");
    const catalog = Object.assign(document.createElement("link"), {
      rel: "preload",
      href: `./locale/${language}.zip`,
      as: "fetch",
      crossOrigin: "anonymous",
    });
    document.head.append(words, catalog);
    document.querySelector('link[rel="manifest"]').href = `./locale/${language}.webmanifest`;
  }
}

// The page's words in the player's language: every element marked data-i18n ("text" and/or
// the attributes it names), and the text the build drew into the shells, from locale/<code>.js
// (English -> translation). Runs once the page is parsed (its last script calls
// pyblokusPageParsed) and its words are in, whichever comes last; the English is kept in
// data-en-<what>, where Python reads it to switch languages.
let pageParsed = false;
function pyblokusTranslatePage() {
  const words = self.pyblokusWords;
  if (!pageParsed || !words) return;
  for (const element of document.querySelectorAll("[data-i18n]")) {
    for (const what of element.dataset.i18n.split(" ")) {
      const kept = `data-en-${what}`;
      const english =
        element.getAttribute(kept) ?? (what === "text" ? element.textContent : element.getAttribute(what));
      if (!(english in words)) continue;
      element.setAttribute(kept, english);
      if (what === "text") element.textContent = words[english];
      else element.setAttribute(what, words[english]);
    }
  }
  for (const shell of document.querySelectorAll(".shell")) {
    const texts = document.createTreeWalker(shell, NodeFilter.SHOW_TEXT);
    while (texts.nextNode()) {
      if (texts.currentNode.data in words) texts.currentNode.data = words[texts.currentNode.data];
    }
  }
  document.documentElement.dataset.words = document.documentElement.lang; // Python reads it
  document.dispatchEvent(new Event("pyblokus-words")); // static/boot.js says its words again
}

function pyblokusPageParsed() {
  pageParsed = true;
  document.getElementById("language").value = document.documentElement.lang;
  pyblokusTranslatePage();
}

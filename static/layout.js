// Runs in the page's head, before the first paint (build.py writes it in, allowed by its hash in
// the Content-Security-Policy): names the saved game's type on <html>, so that the page shows
// that type's scoreboard and trays as a new game draws them until Python draws the game's, in
// the same space: nothing moves when the page turns `ready`.
{
  const gameTypes = ["__GAME_TYPES__"]; // build.py: the game types, the first visit's first
  let layout = gameTypes[0];
  let saves = null;
  try {
    // The save the game will read (game/web/dom.py): this tab's own copy once it has one.
    saves = sessionStorage.getItem("__TAB_MARK__") === null ? localStorage : sessionStorage;
  } catch {
    // No storage: the page will warn that the game is not kept, above the board; its room
    // is kept from the first paint.
    document.documentElement.dataset.storage = "off";
  }
  try {
    const saved = JSON.parse(saves?.getItem("__SAVE_KEY__") ?? "null");
    if (gameTypes.includes(saved?.mode)) layout = saved.mode; // the save's key for its type
  } catch {} // a save Python will set aside for a new game
  document.documentElement.dataset.layout = layout;
}

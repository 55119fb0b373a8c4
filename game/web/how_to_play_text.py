"""How to play's text, as content: HTML fragments, some with ``{named}`` places that
:mod:`game.web.how_to_play` fills for the game or puzzle being played."""

#: The rules, for every game type; ``{pieces}`` (a colour's set), ``{colours}`` in their turn
#: order, ``{start_rule}``.
RULES = (
    "<p>Place as many of your {pieces} as you can. Colours take turns in this order: "
    "{colours}.</p><ul>"
    "<li>{start_rule}</li>"
    "<li>Every later piece must touch a piece of the same colour <strong>corner to "
    "corner</strong>, and must never touch one along an edge. Touching other colours is "
    "fine.</li>"
    "<li>A colour that cannot place any piece is passed for the rest of the game. The game "
    "ends when no colour can move.</li></ul>"
)
#: A colour's first piece, with colourless start corners.
START_ANY_CORNER = (
    "A colour's first piece must cover a free corner square of the board (the grey dots); any "
    "colour may take any corner."
)
#: A colour's first piece: ``{kind}`` (its start square's), ``{where}`` (colours and squares).
START_OWN = "A colour's first piece must cover its {kind}, marked by a dot of its colour ({where})."
START_CORNER = "start corner"
DUO_START_SQUARE = "start square near the middle"
#: A colour's first piece on Trigon's board.
START_SHARED = (
    "A colour's first piece must cover one of the six starting points (the grey dots) that "
    "no piece covers yet; any colour may take any of them."
)
#: A colour's set of pieces: ``{count}`` of them, and with copies ``{kinds}`` kinds.
PIECE_SET = "{count} pieces"
PIECE_SET_WITH_COPIES = "{count} pieces (two of each of {kinds})"
#: Added to the rules on Trigon's board of triangles.
TRIANGLE_RULES = (
    "<p>On Trigon's board the pieces are made of triangles. <kbd>R</kbd> turns a piece a "
    "sixth of a turn; <kbd>&larr;</kbd> <kbd>&rarr;</kbd> move it by one triangle side, "
    "<kbd>&uarr;</kbd> <kbd>&darr;</kbd> by a row. A click puts the piece's top-left triangle "
    "on the triangle clicked, or on the one beside it where the piece's triangle points the "
    "other way.</p>"
)

GAME_TYPES_HEADING = "Game types"
#: Each game type of the new-game dialog (by :data:`game.web.session.GAME_TYPES` name).
GAME_TYPES = {
    "classic": "four players, one colour each, on the 20 x 20 board.",
    "classic_2": "two players on the 20 x 20 board, each moving two colours: Blue and Red "
    "against Yellow and Green. A player scores both colours together.",
    "classic_3": "three players, one colour each; Green is shared: each player moves it in "
    "turn, and its points count for nobody.",
    "teams": "four players in two teams, Blue and Red against Yellow and Green; a team scores "
    "its two colours together.",
    "duo": "two players, Purple and Orange, on a 14 x 14 board with start squares near the middle.",
    "junior": "two players, Green and Orange, on Duo's 14 x 14 board with 24 pieces each: two "
    "of each of 12 pieces of up to five squares. No bonus points.",
    "trigon": "four players, one colour each, on a hexagonal board of triangles; each colour "
    "has 22 pieces of one to six triangles and starts on any of six starting points.",
    "trigon_2": "two players on Trigon's board, each moving two colours: Blue and Red against "
    "Yellow and Green.",
    "trigon_3": "three players, one colour each, on a smaller hexagonal board of triangles.",
}
SCORING_HEADING = "Scoring"
SCORING_TITLES = {"points": "Points", "advanced": "Rule book", "basic": "Basic"}
SCORING = {
    "points": "one point per square of your pieces on the board, +15 for placing all 21 "
    "pieces, +5 more if the last one was the monomino (the single square). Most points wins.",
    "advanced": "minus one point per square of the pieces you could not place, with the same "
    "bonuses (+15, +5). Most points wins.",
    "basic": "count the squares of the pieces you could not place. Fewest wins.",
}
#: Marks the choice of the game being played.
THIS_GAME = " (this game)"

#: The controls, the game's and the puzzles' alike; ``{undo}``, ``{more}`` and ``{saved}`` are
#: :data:`GAME_CONTROLS`' or :data:`PUZZLE_CONTROLS`'.
CONTROLS = (
    "<h3>Controls</h3><ul>"
    "<li><strong>Pick</strong> a piece in a tray (click, tap, or its letter key: I cycles "
    "I3/I4/I5, 1 and 2 are the small ones).</li>"
    "<li><strong>Turn</strong> it with the buttons, <kbd>R</kbd> (<kbd>Shift</kbd>+"
    "<kbd>R</kbd> the other way), the mouse wheel; <strong>flip</strong> it with "
    "<kbd>F</kbd>. With a piece picked, <kbd>Shift</kbd>+letter picks another.</li>"
    "<li><strong>Place</strong> it: click a square (the piece's top-left square goes "
    "there), or move it with the arrow keys and press <kbd>Enter</kbd>. On a touch screen, "
    "tap or drag to position it, then press Place; Zoom enlarges the board.</li>"
    "<li><kbd>Ctrl</kbd>+<kbd>Z</kbd> {undo}, <kbd>Ctrl</kbd>+<kbd>Y</kbd> redoes, "
    "<kbd>H</kbd> asks for a hint, <kbd>Esc</kbd> puts the piece back.</li>"
    "{more}</ul><p>{saved}, and the page works offline once loaded.</p>"
)
#: A game's: undo takes back the computer's replies too; the keys of the move list.
GAME_CONTROLS = {
    "undo": "undoes your last move (with the computer's replies)",
    "more": "<li><kbd>Home</kbd>, <kbd>End</kbd> and, with no piece picked, <kbd>&larr;</kbd> "
    "<kbd>&rarr;</kbd> step through the moves played.</li>",
    "saved": "The game is saved in this browser after every move",
}
#: A puzzle's: one player, undo takes back a piece.
PUZZLE_CONTROLS = {
    "undo": "undoes the last piece",
    "more": "<li><strong>Restart</strong> clears the board and the clock; <strong>Show a "
    "solution</strong> plays one (that solve does not count for your best time); "
    "<strong>Back to my game</strong> returns to the game you left.</li>",
    "saved": "The puzzle and your best times are saved in this browser",
}

#: A puzzle: ``{task}`` (its number, title and description), ``{rules}``, ``{controls}``.
PUZZLE = "<p><strong>{task}</strong></p><p>{rules}</p>{controls}"
PUZZLE_GAME_RULES = (
    "The game's rules apply: a colour's first piece covers its start corner, and every later "
    "one touches a piece of its colour <strong>corner to corner</strong>, never along an edge."
)
PUZZLE_FREE_RULES = "Any piece may go anywhere it fits: pieces must not overlap or leave the board."

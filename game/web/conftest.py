# The page code imports the browser-only `js` module: keep it out of doctest collection.
collect_ignore = [
    "app.py",
    "computer.py",
    "dom.py",
    "game_mode.py",
    "keeping.py",
    "language.py",
    "puzzle_mode.py",
]

"""The computer player's levels, by number and name.

Kept apart from :mod:`game.ai`, which needs NumPy: the page offers the levels before it imports
the player.

>>> LEVEL_NAMES[HINT_LEVEL]
'Expert'
"""

LEVEL_NAMES = {1: "Beginner", 2: "Casual", 3: "Strong", 4: "Expert"}
LEVELS = tuple(LEVEL_NAMES)
#: The level that answers a human's request for a hint.
HINT_LEVEL = max(LEVELS)

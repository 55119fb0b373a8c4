"""The browser front end: pure view functions (testable in CPython) and the PyScript glue.

Page code (imports ``js``): :mod:`~game.web.dom` (the DOM and storage), :mod:`~game.web.app` (the
controls all modes share) and one module per mode, :mod:`~game.web.game_mode` and
:mod:`~game.web.puzzle_mode`. Everything else runs in plain CPython: the sessions
(:mod:`~game.web.session`, :mod:`~game.web.puzzle_session`), the views (:mod:`~game.web.view`,
:mod:`~game.web.puzzle_view`), the modes' interface (:mod:`~game.web.mode`) and the search
runner (:mod:`~game.web.search`).
"""

"""The browser front end: pure view functions (testable in CPython) and the PyScript glue.

Page code (imports ``js``): :mod:`~game.web.dom` (the DOM and storage), :mod:`~game.web.app` (the
controls all modes share), one module per mode, :mod:`~game.web.game_mode` and
:mod:`~game.web.puzzle_mode`, and :mod:`~game.web.keeping` (files, links, analysis). Everything
else runs in plain CPython: the sessions (:mod:`~game.web.session`,
:mod:`~game.web.puzzle_session`), the drawing both modes share (:mod:`~game.web.drawing`), each
mode's views (:mod:`~game.web.view` the game's, :mod:`~game.web.puzzle_view` the puzzles',
:mod:`~game.web.review_view` the move list and analysis), How to play
(:mod:`~game.web.how_to_play`, its text in :mod:`~game.web.how_to_play_text`), the modes'
interface (:mod:`~game.web.mode`) and the search runner (:mod:`~game.web.search`).
"""

"""The browser front end: pure view functions (testable in CPython) and the PyScript glue.

Only :mod:`game.web.app` imports ``js``; everything else here runs in plain CPython.
"""

"""The steps that build the static site, one module a job; ``build.py`` at the repository root
is their command line (``serve``, ``build``, ``test``).

- :mod:`buildsteps.artefacts`: the pinned downloads (Pyodide, PyScript, NumPy for Pyodide,
  axe-core), fetched with the registries' own clients into a cache, checked by sha256.
- :mod:`buildsteps.shipping`: what of the game package ships, declared, and the standard
  library that the page and the computer player's worker import.
- :mod:`buildsteps.compiling`: the game, the standard library and PyScript's Python package,
  compiled in Pyodide under Node.
- :mod:`buildsteps.assembly`: the site in ``dist/``: the runtime, the page (its first board,
  its stylesheet and the stylesheet's hash in the CSP, its preloads), the service worker.
- :mod:`buildsteps.server`: the dev server, which the tests and benches also use (gzip as
  GitHub Pages sends it, every transfer noted).
- :mod:`buildsteps.testrun`: what the tests need installed, and pytest.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the repository


class BuildError(RuntimeError):
    """A step of the build failed; the message says which and what to do."""


def report(message: str) -> None:
    """A line of the build's progress, on stderr: the benches that build the site print their
    JSON on stdout."""
    print(message, file=sys.stderr, flush=True)

"""Build, serve and test entry point for pyblokus.

    python build.py build             assemble the deployable static site in dist/
    python build.py serve [--port N]  build, then serve dist/ on 127.0.0.1 (default port 8000)
    python build.py test [ARGS]       install the pinned dev dependencies, build dist/, then run
                                      the whole test suite, browser tests included (ARGS: pytest's)
    python build.py messages          extract the messages to translate into locale/pyblokus.pot
                                      and merge them into every language's catalog

The steps live in the package ``buildsteps`` (one module a job); the browser runtime they fetch
(Pyodide, PyScript, NumPy for Pyodide) is pinned by sha256 in ``buildsteps/artefacts.py``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from buildsteps import BuildError, assembly, i18n, server, testrun


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("build", help="assemble dist/")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    commands.add_parser("test", help="install dev dependencies, build, run all tests")
    commands.add_parser("messages", help="extract the messages, update the catalogs")
    args, rest = parser.parse_known_args(argv)
    if rest and args.command != "test":
        parser.error(f"unrecognised arguments: {' '.join(rest)}")
    try:
        if args.command in ("build", "serve", "messages"):
            i18n.install_babel()
        if args.command == "build":
            assembly.build()
        elif args.command == "messages":
            i18n.extract_messages()
        elif args.command == "serve":
            server.serve(assembly.build(), args.port)
        else:
            testrun.install_dev_dependencies()
            assembly.build()
            return testrun.run_pytest(rest)
    except (BuildError, subprocess.CalledProcessError) as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

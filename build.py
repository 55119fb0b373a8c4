"""Build, serve and test entry point for pyblokus.

    python build.py test     install the pinned dev dependencies, then run the whole test suite
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent


def install_dev_dependencies() -> None:
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "-e", f"{ROOT}[dev]"], check=True)


def test(pytest_args: list[str]) -> int:
    install_dev_dependencies()
    return subprocess.run([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT).returncode


def main(argv: list[str]) -> int:
    if argv and argv[0] == "test":
        return test(argv[1:])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

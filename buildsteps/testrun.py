"""The test suite's run: what it needs installed (the pinned Python packages, and Debian's
Chromium and Pentobi when missing), then pytest."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from buildsteps import ROOT

# Debian packages the tests drive: the browser, and Pentobi's thumbnailer (the interop test).
SYSTEM_TOOLS = {
    "chromium": Path("/usr/bin/chromium"),
    "pentobi": Path("/usr/games/pentobi-thumbnailer"),
}


def install_dev_dependencies() -> None:
    """Install the pinned Python packages (pyproject.toml's ``dev``) and, as root, the Debian
    packages of :data:`SYSTEM_TOOLS` that are missing; without root, print the line to run."""
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "-e", f"{ROOT}[dev]"], check=True)
    missing = [package for package, tool in SYSTEM_TOOLS.items() if not tool.exists()]
    if not missing:
        return
    command = ["apt-get", "install", "-y", *missing]
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        print(f"missing {', '.join(missing)}: run `apt-get update && {' '.join(command)}`")
        return
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update"], check=True, env=env)
    subprocess.run(command, check=True, env=env)


def run_pytest(pytest_args: list[str]) -> int:
    """Run pytest with ``pytest_args`` on the site just built; its exit status."""
    env = {**os.environ, "PYBLOKUS_DIST_BUILT": "1"}  # the browser tests need not build again
    return subprocess.run(
        [sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT, env=env
    ).returncode

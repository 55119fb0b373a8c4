"""buildsteps.testrun: what the test command installs, and how it runs pytest (commands recorded,
not run)."""

import subprocess
import sys

import pytest

from buildsteps import ROOT, testrun

PIP_INSTALL = [sys.executable, "-m", "pip", "install", "-q", "-e", f"{ROOT}[dev]"]


@pytest.fixture
def commands(monkeypatch):
    """The commands the test runner runs from now on, recorded instead of run."""
    ran = []

    def run(command, **options):
        ran.append((command, options))
        return subprocess.CompletedProcess(command, returncode=3)

    monkeypatch.setattr(testrun.subprocess, "run", run)
    return ran


@pytest.fixture
def tools(tmp_path, monkeypatch):
    """Chromium installed, Pentobi's thumbnailer missing."""
    (tmp_path / "chromium").touch()
    found = {"chromium": tmp_path / "chromium", "pentobi": tmp_path / "pentobi-thumbnailer"}
    monkeypatch.setattr(testrun, "SYSTEM_TOOLS", found)
    return found


def test_as_root_the_missing_debian_packages_are_installed(commands, tools, monkeypatch):
    monkeypatch.setattr(testrun.os, "geteuid", lambda: 0)
    monkeypatch.setattr(testrun.shutil, "which", lambda name: f"/usr/bin/{name}")
    testrun.install_dev_dependencies()
    assert [command for command, _ in commands] == [
        PIP_INSTALL,
        ["apt-get", "update"],
        ["apt-get", "install", "-y", "pentobi"],
    ]
    assert commands[-1][1]["env"]["DEBIAN_FRONTEND"] == "noninteractive"


def test_without_root_the_line_to_install_them_is_printed(commands, tools, monkeypatch, capsys):
    monkeypatch.setattr(testrun.os, "geteuid", lambda: 1000)
    testrun.install_dev_dependencies()
    assert [command for command, _ in commands] == [PIP_INSTALL]
    assert "run `apt-get update && apt-get install -y pentobi`" in capsys.readouterr().out


def test_with_every_tool_there_only_the_python_packages_are_installed(commands, tools):
    tools["pentobi"].touch()
    testrun.install_dev_dependencies()
    assert [command for command, _ in commands] == [PIP_INSTALL]


def test_pytest_runs_on_the_site_just_built_and_its_status_is_returned(commands):
    assert testrun.run_pytest(["-m", "not browser"]) == 3
    ((command, options),) = commands
    assert command == [sys.executable, "-m", "pytest", "-m", "not browser"]
    assert options["cwd"] == ROOT and options["env"]["PYBLOKUS_DIST_BUILT"] == "1"

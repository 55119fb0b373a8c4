"""PyScript glue: the only module that touches the DOM."""

import sys

import js
import numpy
import pyodide

import game
from game.web import view


def start() -> None:
    board = game.Board("classic")
    document = js.document
    document.getElementById("board-host").innerHTML = view.board_svg(
        board.variant, view.board_colors(board)
    )
    version = ".".join(map(str, sys.version_info[:3]))
    document.getElementById(
        "runtime-info"
    ).textContent = f"Python {version} · NumPy {numpy.__version__} · Pyodide {pyodide.__version__}"
    document.getElementById("loading").hidden = True
    document.body.dataset.state = "ready"

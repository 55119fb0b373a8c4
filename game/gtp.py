"""A Go Text Protocol engine speaking Pentobi's Blokus dialect: ``python -m game.gtp``.

Match runners and GUIs written for Pentobi's ``pentobi-gtp`` can drive our engine. Colours are
``1 2 3 4`` or ``blue yellow red green`` in the Classic variants, ``b w`` (also ``black white``,
``blue green``, ``purple orange``) in Duo; moves are written as in the SGF records
(``e8,d9,e9,f9,e10``). A response is ``= result`` or ``? message``, followed by a blank line,
with the command's numeric id after ``=``/``?`` when it had one; ``#`` starts a comment.

Input is untrusted (:mod:`game.boundary`): every line gets an answer, ``?`` and a message for
anything wrong (a line longer than :data:`MAX_LINE_CHARS`, a bad argument, an unreadable or
oversized record, even an error of our own), and the engine runs until ``quit`` or the end of
input; it exits quietly if its output is closed.

>>> engine = GtpEngine("duo")
>>> engine.execute("1 play b e8,d9,e9,f9,e10")
'=1 \\n\\n'
>>> engine.execute("play w e8")
'? illegal move: covers a square that is already taken\\n\\n'
>>> engine.execute("final_score  # Purple leads by 5")
'= B+5\\n\\n'
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
import time
from collections.abc import Callable
from typing import TextIO

from . import __version__
from .ai import LEVELS, MASTER, choose_move
from .board import SCORING_MODES, Board, IllegalMoveError
from .boundary import InputError, parse_int, quoted, read_file
from .pieces import Move
from .sgf import MAX_NODES, MAX_RECORD_CHARS, read_sgf, write_sgf
from .variants import VARIANTS, Color, find_variant

DEFAULT_LEVEL = MASTER
#: The longest command line read (a real one is under a hundred characters, a path at most a
#: few thousand).
MAX_LINE_CHARS = 10_000


class GtpError(Exception):
    """A command failed; the message is sent after ``?``."""


class GtpEngine:
    """The GTP command interpreter around one :class:`Board`.

    ``game`` is a variant id; ``level`` the AI level for ``genmove``; ``seed`` makes the moves
    generated reproducible (None: different each run); ``colorless_corners`` and ``scoring`` are
    the board options, kept by ``set_game`` and ``clear_board``.
    """

    def __init__(
        self,
        game: str = "classic",
        *,
        level: int = DEFAULT_LEVEL,
        seed: int | None = None,
        colorless_corners: bool = False,
        scoring: str = "points",
    ):
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(map(str, LEVELS))}")
        self.options = {"colorless_corners": colorless_corners, "scoring": scoring}
        self.board = Board(game, **self.options)
        self.level = level
        self.random = random.Random(seed)
        self.quit = False
        self.commands: dict[str, Callable[[list[str]], str]] = {
            "all_legal": self.cmd_all_legal,
            "clear_board": self.cmd_clear_board,
            "cputime": self.cmd_cputime,
            "final_score": self.cmd_final_score,
            "genmove": self.cmd_genmove,
            "known_command": self.cmd_known_command,
            "list_commands": self.cmd_list_commands,
            "loadsgf": self.cmd_loadsgf,
            "name": self.cmd_name,
            "play": self.cmd_play,
            "protocol_version": self.cmd_protocol_version,
            "quit": self.cmd_quit,
            "savesgf": self.cmd_savesgf,
            "set_game": self.cmd_set_game,
            "set_random_seed": self.cmd_set_random_seed,
            "showboard": self.cmd_showboard,
            "undo": self.cmd_undo,
            "version": self.cmd_version,
        }

    # --- the protocol ----------------------------------------------------------------------

    def execute(self, line: str) -> str | None:
        """The full response to one input line, or None for a line without a command."""
        # GTP preprocessing: drop control characters but tab and newline, tabs become spaces,
        # everything after '#' is a comment.
        line = "".join(c for c in line if c >= " " or c in "\t\n").replace("\t", " ")
        words = line.partition("#")[0].split()
        if not words:
            return None
        command_id = ""
        if words[0].isascii() and words[0].isdigit() and len(words) > 1:
            command_id = words.pop(0)
        name, args = words[0], words[1:]
        try:
            handler = self.commands.get(name)
            if handler is None:
                raise GtpError("unknown command")
            status, result = "=", handler(args)
        except GtpError as error:
            status, result = "?", str(error)
        except Exception as error:  # our own bug: say so, and keep serving
            status, result = "?", f"internal error: {type(error).__name__}: {error}"
        # A blank line ends a response, so none may occur inside one.
        first, *rest = result.split("\n")
        body = "\n".join([first, *(row or " " for row in rest)])
        return f"{status}{command_id} {body}\n\n"

    def run(self, commands: TextIO, responses: TextIO) -> None:
        """Answer every command line of ``commands`` until ``quit`` or the end of input."""
        while not self.quit:
            line = commands.readline(MAX_LINE_CHARS + 1)
            if not line:
                break
            if len(line) > MAX_LINE_CHARS:
                while line and not line.endswith("\n"):  # skip the rest, a bounded read at a time
                    line = commands.readline(MAX_LINE_CHARS)
                response = f"? command line longer than {MAX_LINE_CHARS:,} characters\n\n"
            else:
                response = self.execute(line)
            if response is not None:
                responses.write(response)
                responses.flush()

    # --- arguments -------------------------------------------------------------------------

    def color_arg(self, args: list[str], count: int = 1) -> Color:
        """The colour in ``args[0]`` of a command taking ``count`` arguments at least."""
        if len(args) < count:
            raise GtpError("missing argument" if count == 1 else f"command needs {count} arguments")
        text = args[0].lower()
        if len(self.board.variant.colors) == 2:
            names = (("b", "black", "blue", "purple"), ("w", "white", "green", "orange"))
        else:
            names = tuple(
                (str(c + 1), name) for c, name in enumerate(self.board.variant.color_names)
            )
        for color, aliases in enumerate(names):
            if text in aliases:
                return color
        raise GtpError(f"invalid color argument {quoted(args[0])}")

    @staticmethod
    def no_args(args: list[str]) -> None:
        if args:
            raise GtpError("no arguments allowed")

    # --- commands --------------------------------------------------------------------------

    def cmd_protocol_version(self, args: list[str]) -> str:
        self.no_args(args)
        return "2"

    def cmd_name(self, args: list[str]) -> str:
        self.no_args(args)
        return "pyblokus"

    def cmd_version(self, args: list[str]) -> str:
        self.no_args(args)
        return __version__

    def cmd_list_commands(self, args: list[str]) -> str:
        self.no_args(args)
        return "\n".join(sorted(self.commands))

    def cmd_known_command(self, args: list[str]) -> str:
        if len(args) != 1:
            raise GtpError("command needs one argument")
        return "true" if args[0] in self.commands else "false"

    def cmd_quit(self, args: list[str]) -> str:
        self.no_args(args)
        self.quit = True
        return ""

    def cmd_set_game(self, args: list[str]) -> str:
        name = " ".join(args)
        try:
            variant = find_variant(name)
        except ValueError:
            known = ", ".join(variant.sgf_game for variant in VARIANTS.values())
            raise GtpError(f"unknown game {quoted(name)} (known: {known})") from None
        try:
            self.board = Board(variant, **self.options)
        except ValueError as error:
            raise GtpError(str(error)) from None
        return ""

    def cmd_clear_board(self, args: list[str]) -> str:
        self.no_args(args)
        self.board = Board(self.board.variant, **self.options)
        return ""

    def cmd_play(self, args: list[str]) -> str:
        color = self.color_arg(args, 2)
        try:
            move = Move.parse(" ".join(args[1:]))
        except ValueError:
            raise GtpError(f"invalid move {quoted(' '.join(args[1:]))}") from None
        try:
            self.board.push(move, color)
        except IllegalMoveError as error:
            raise GtpError(f"illegal move: {error.reason.value}") from None
        return ""

    def cmd_genmove(self, args: list[str]) -> str:
        if len(args) > 1:
            raise GtpError("too many arguments")
        color = self.color_arg(args)
        if not self.board.can_move(color):
            return "pass"
        position = self.board.copy()
        position.turn = color
        try:
            move = choose_move(position, self.level, seed=self.random.randrange(2**32))
        except ValueError as error:  # a variant the computer does not play
            raise GtpError(str(error)) from None
        # The AI is ours to trust, but GTP must never answer with an illegal move.
        if move is None or not self.board.is_legal(move, color):
            raise GtpError(f"player generated illegal move: {move}")
        self.board.push(move, color)
        return str(move)

    def cmd_all_legal(self, args: list[str]) -> str:
        if len(args) > 1:
            raise GtpError("too many arguments")
        return "\n".join(str(move) for move in self.board.legal_moves_for(self.color_arg(args)))

    def cmd_final_score(self, args: list[str]) -> str:
        """Points per colour with more than two players; else ``B+n``, ``W+n`` or ``0``."""
        self.no_args(args)
        board = self.board
        if board.variant.num_players > 2:
            return " ".join(str(score) for score in board.scores())
        first, second = board.player_scores()
        margin = second - first if board.scoring == "basic" else first - second
        return f"B+{margin}" if margin > 0 else f"W+{-margin}" if margin < 0 else "0"

    def cmd_showboard(self, args: list[str]) -> str:
        self.no_args(args)
        return f"\n{self.board}"

    def cmd_undo(self, args: list[str]) -> str:
        self.no_args(args)
        if not self.board.ply():
            raise GtpError("cannot undo")
        self.board.pop()
        return ""

    def cmd_set_random_seed(self, args: list[str]) -> str:
        if len(args) != 1:
            raise GtpError("command needs one integer argument")
        try:
            self.random.seed(parse_int(args[0], "the seed", -(2**63), 2**64 - 1))
        except InputError as error:
            raise GtpError(str(error)) from None
        return ""

    def cmd_cputime(self, args: list[str]) -> str:
        self.no_args(args)
        return f"{time.process_time():.3f}"

    def cmd_loadsgf(self, args: list[str]) -> str:
        """``loadsgf FILE [N]``: the main line's last position, or the one before move N."""
        if not 1 <= len(args) <= 2:
            raise GtpError("command needs a file name and an optional move number")
        move_number = None
        path = args[0]
        try:
            if len(args) == 2:
                move_number = parse_int(args[1], "the move number", 1, MAX_NODES)
            text = read_file(path, "the record", MAX_RECORD_CHARS)
        except InputError as error:
            raise GtpError(str(error)) from None
        try:
            board = read_sgf(text)
        except InputError as error:
            raise GtpError(f"invalid record {path}: {error}") from None
        if move_number is not None:
            while board.ply() >= move_number:
                board.pop()
        self.board = board
        self.options = {"colorless_corners": board.colorless_corners, "scoring": board.scoring}
        return ""

    def cmd_savesgf(self, args: list[str]) -> str:
        if len(args) != 1:
            raise GtpError("command needs one argument")
        try:
            text = write_sgf(self.board)
            with open(args[0], "w", encoding="utf-8") as file:
                file.write(text)
        except (OSError, ValueError) as error:
            raise GtpError(f"cannot save {args[0]}: {error}") from None
        return ""


# --- command line -------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Run the engine on standard input and output."""
    parser = argparse.ArgumentParser(prog="python -m game.gtp", description=__doc__.split("\n")[0])
    parser.add_argument("--game", "-g", choices=list(VARIANTS), default="classic")
    parser.add_argument("--level", "-l", type=int, choices=LEVELS, default=DEFAULT_LEVEL)
    parser.add_argument("--seed", "-r", type=int, help="seed for reproducible moves")
    parser.add_argument(
        "--colorless-corners",
        action="store_true",
        help="a first piece may cover any free corner (Classic variants)",
    )
    parser.add_argument("--scoring", choices=SCORING_MODES, default="points")
    options = parser.parse_args(argv)
    try:
        engine = GtpEngine(
            options.game,
            level=options.level,
            seed=options.seed,
            colorless_corners=options.colorless_corners,
            scoring=options.scoring,
        )
    except ValueError as error:
        parser.error(str(error))
    # Controllers may send any bytes; a bad one must not kill the engine.
    commands = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    # Answers echo what was sent; whatever the locale, they go out in the input's encoding.
    sys.stdout.reconfigure(encoding="utf-8")
    try:
        engine.run(commands, sys.stdout)
    except BrokenPipeError:
        # The controller closed our output: nothing left to say. Python flushes stdout once
        # more at exit, so point it where that cannot fail.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The ``jetset`` command line: each subcommand lives in ``jetset_tui/commands/``.

Subcommands import what they need when they run, so ``jetset selfplay`` never loads the UI.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from jetset_tui import diagnostics
from jetset_tui.bot_plugins import load_command_line_bots
from jetset_tui.commands import COMMANDS
from jetset_tui.version import VersionAction

LONG_RUNNING = ("play", "tutorial", "host", "join", "ssh-server")
"""The commands that keep a log file of their own (jetset_tui/diagnostics.py)."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="jetset", description="Jet Set in the terminal.")
    parser.add_argument("--version", action=VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"jetset_tui.commands.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        load_command_line_bots(args)
    except ValueError as exc:
        print(f"jetset: {exc}", file=sys.stderr)
        return 2
    command = args.command or "play"
    if command in LONG_RUNNING:
        diagnostics.configure(command, args)
    try:
        if args.command is None:
            from jetset_tui.commands.play import run_app

            return run_app()
        code: int = args.func(args)
    except BrokenPipeError:  # `jetset selfplay | head`
        sys.stderr.close()
        return 0
    except Exception as exc:
        if command not in LONG_RUNNING:
            raise
        return diagnostics.failed(command, args, exc)
    return code


if __name__ == "__main__":
    raise SystemExit(main())

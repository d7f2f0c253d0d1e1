"""The ``jetset`` command line: each subcommand lives in ``jetset_tui/commands/``.

Subcommands import what they need when they run, so ``jetset selfplay`` never loads the UI.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import warnings
from collections.abc import Sequence

from jetset_tui import diagnostics
from jetset_tui.argparse_words import speak_argparse
from jetset_tui.bot_plugins import load_command_line_bots, name_bots_by_kind
from jetset_tui.commands import COMMANDS
from jetset_tui.i18n import LANGUAGES, _, language_from_env, set_process_language
from jetset_tui.version import VersionAction

LONG_RUNNING = ("play", "tutorial", "host", "join", "ssh-server")
"""The commands that keep a log file of their own (jetset_tui/diagnostics.py)."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or (``only``) the one command about to run: building every
    command imports what each needs (the network, the bots), which ``jetset play`` would wait
    for before its first frame."""
    speak_argparse()
    parser = argparse.ArgumentParser(prog="jetset", description=_("Jet Set in the terminal."))
    parser.add_argument(
        "--version", action=VersionAction, help=_("print the installed version and exit")
    )
    add_language_argument(parser, argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in [only] if only in COMMANDS else COMMANDS:
        importlib.import_module(f"jetset_tui.commands.{name}").register(sub)
    if only is not None and only not in sub.choices:  # a module whose command is named otherwise
        return build_parser()
    for command in sub.choices.values():
        add_language_argument(command, argparse.SUPPRESS)
    return parser


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line's arguments. ``jetset`` alone (the start screen) builds no parser: that
    imports every command, and with them the engine, which the start screen does not need (what
    the parser gives for no arguments, it gives here). A command named first builds its own
    parser alone; anything else (``--help``, ``--lang it play``, a misspelt command) the whole."""
    if not argv:
        return argparse.Namespace(command=None)
    return build_parser(argv[0]).parse_args(argv)


def add_language_argument(parser: argparse.ArgumentParser, default: object) -> None:
    """``--lang``, before the command or after it (``jetset --lang it play`` or ``jetset play
    --lang it``): the game's language, else the environment's (LC_ALL, LC_MESSAGES, LANG)."""
    parser.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        default=default,
        help=_("the game's language (default: from LC_ALL, LC_MESSAGES or LANG, else en)"),
    )


def choose_language(args: argparse.Namespace) -> None:
    """The process's language: ``--lang``, else the environment's."""
    chosen = getattr(args, "lang", None)
    set_process_language(chosen or language_from_env(os.environ))


def language_asked(words: Sequence[str]) -> str | None:
    """The ``--lang`` among ``words`` (``--lang it`` or ``--lang=it``), before they are parsed;
    None if not given. argparse checks it later; this only lets its errors speak it."""
    for i, word in enumerate(words):
        if word == "--":
            break
        if word.startswith("--lang="):
            return word.partition("=")[2]
        if word == "--lang" and i + 1 < len(words):
            return words[i + 1]
    return None


def quiet_library_deprecations() -> None:
    """asyncssh, imported, touches parts of ``cryptography`` that its newer releases deprecate
    (DSA keys since 51, finite-field Diffie-Hellman since 50): ten warnings a player can do
    nothing about on the screen of ``jetset ssh-server`` and ``jetset join ssh://``. Only
    deprecation notices raised in asyncssh's own modules are silenced."""
    warnings.filterwarnings("ignore", message=r".*\bdeprecated\b", module=r"asyncssh\.")


def main(argv: Sequence[str] | None = None) -> int:
    quiet_library_deprecations()
    words = sys.argv[1:] if argv is None else list(argv)
    set_process_language(language_asked(words) or language_from_env(os.environ))
    args = parse(words)  # after the language: a usage error is said in it
    choose_language(args)
    try:
        load_command_line_bots(args)
        name_bots_by_kind(args)
    except ValueError as exc:
        print(_("jetset: {problem}").format(problem=exc), file=sys.stderr)
        return 2
    command = args.command or "play"
    if command in LONG_RUNNING:
        diagnostics.configure(command, args)
    try:
        if args.command is None:
            from jetset_tui.commands.play import run_app

            return run_app(command="jetset")
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

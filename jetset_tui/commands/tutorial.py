"""``jetset tutorial``: learn to play, one step at a time, in a real game against a bot (it can be
left and resumed: ``jetset tutorial`` again continues where you stopped)."""

from __future__ import annotations

import argparse

from jetset_tui import diagnostics
from jetset_tui.commands import arguments
from jetset_tui.i18n import _


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    tp = sub.add_parser(
        "tutorial", help=_("learn to play: a guided game against a bot, left and resumed at will")
    )
    tp.add_argument(
        "--expansion",
        action="store_true",
        help=_("the last chapter at once: the expansion's Business cards, in a game of their own"),
    )
    tp.add_argument(
        "--delay",
        type=arguments.seconds,
        default=None,
        help=_("seconds the bot waits (default 0.6)"),
    )
    diagnostics.add_arguments(tp)
    tp.set_defaults(func=cmd_tutorial)


def cmd_tutorial(args: argparse.Namespace) -> int:
    from jetset_tui.commands.play import run_app

    return run_app(
        tutorial=True, expansion=args.expansion, delay=args.delay, command="jetset tutorial"
    )

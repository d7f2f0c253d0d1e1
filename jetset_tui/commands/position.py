"""``jetset position FILE [--at N] [--seat S]``: the table after N entries, as JSON.

What a bot sees: the position of docs/bots.md ("The position"), as the protocol's ``turn``
message carries it, for a seat or (by default) a spectator, and, when that seat is to move, its
legal actions in notation. For testing a bot on a position of a real game, and for analysis.
"""

from __future__ import annotations

import argparse
import json
import sys

from jetset_tui.commands import arguments
from jetset_tui.i18n import _, ngettext


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    pp = sub.add_parser("position", help=_("print the table after N entries of a log, as JSON"))
    pp.add_argument("file", help=_("a .jetset log file"))
    pp.add_argument(
        "--at",
        type=arguments.whole_number(0),
        help=_("after this many entries (default: all of them)"),
    )
    pp.add_argument(
        "--seat",
        type=arguments.whole_number(0),
        help=_("as this seat sees it (default: a spectator)"),
    )
    pp.set_defaults(func=cmd_position)


def cmd_position(args: argparse.Namespace) -> int:
    from engine.notation import Notation
    from engine.position import position
    from netcode.logfile import LogFormatError, read_log
    from netcode.replay import replay

    try:
        log = read_log(args.file)
    except (OSError, LogFormatError) as exc:
        return _fail(_("{file}: {problem}").format(file=args.file, problem=exc))
    total = len(log.records)
    at = total if args.at is None else args.at
    if not 0 <= at <= total:
        said = ngettext(
            "--at {at}: the log has {n} entry (0 to {n})",
            "--at {at}: the log has {n} entries (0 to {n})",
            total,
        )
        return _fail(said.format(at=at, n=total))
    players = log.header.jetset_options.players
    if args.seat is not None and not 0 <= args.seat < players:
        said = _("--seat {seat}: the seats are 0 to {last}")
        return _fail(said.format(seat=args.seat, last=players - 1))
    result = replay(log, stop_at=at, verify_seed=False)
    if not result.ok:
        return _fail(_("{file}: {problem}").format(file=args.file, problem=result.error))
    game = result.game
    out: dict[str, object] = {
        "entries": at,
        "seat": args.seat,
        "to_move": game.to_move(),  # a seat; -1: the dealer must turn up a card; None: over
        "position": position(game.state.view(args.seat)),
    }
    if args.seat is not None and game.to_move() == args.seat:
        notation = Notation(game.board)
        out["legal"] = [notation.format_action(a) for a in game.legal_actions()]
    print(json.dumps(out))
    return 0


def _fail(message: str) -> int:
    print(_("jetset position: {problem}").format(problem=message), file=sys.stderr)
    return 1

"""``jetset replay FILE``: the replay viewer; with ``--verify`` (and ``--json``), a headless check
of every digest and of the seed commitment."""

from __future__ import annotations

import argparse
import json
import sys

from jetset_tui.commands import arguments


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rp = sub.add_parser("replay", help="watch a game in the replay viewer, or --verify it")
    rp.add_argument("file", help="a .jetset log file")
    rp.add_argument("--verify", action="store_true", help="check every digest and the seed")
    rp.add_argument("--json", action="store_true", help="print one JSON object")
    rp.add_argument(
        "--seat",
        type=arguments.whole_number(0),
        help="watch as this seat (default: a spectator)",
    )
    rp.set_defaults(func=cmd_replay)


def cmd_replay(args: argparse.Namespace) -> int:
    if not args.verify and not args.json:
        return open_viewer(args)
    from netcode.logfile import LogFormatError, read_log
    from netcode.replay import replay

    try:
        log = read_log(args.file)
    except (OSError, LogFormatError) as exc:
        message = f"{args.file}: {exc}"
        if args.json:
            print(json.dumps({"ok": False, "error": message}))
        else:
            print(f"jetset replay: {message}", file=sys.stderr)
        return 1
    result = replay(log)
    if args.json:
        print(json.dumps(result.summary(), separators=(",", ":")))
    else:
        for warning in result.warnings:
            print(f"warning: {warning}", file=sys.stderr)
        if not result.ok:
            print(f"jetset replay: {args.file}: {result.error}", file=sys.stderr)
        else:
            summary = result.summary()
            print(f"{result.entries} entries, digest {result.digest}")
            if args.verify:
                seed_note = {True: "seed matches its commitment", None: "seed not yet revealed"}
                print(f"verified: every digest matches; {seed_note[result.commitment_ok]}")
                mixed = sum(c is not None for c in log.header.seat_contributions())
                if mixed and result.commitment_ok:
                    print(f"every card dealt from the seed and {mixed} players' random values")
            print(f"scores: {summary['scores']}  cash: {summary['cash']}")
    if not result.ok:
        return 1
    if args.verify and result.commitment_ok is False:
        return 1
    return 0


def open_viewer(args: argparse.Namespace) -> int:
    from pathlib import Path

    from jetset_tui.app import JetSetApp
    from netcode.logfile import LogFormatError, read_log

    path = Path(args.file)
    if not path.is_file():
        print(f"jetset replay: {path}: no such file", file=sys.stderr)
        return 1
    try:  # a file that is no game says so here, not in a message over the start screen
        read_log(path)
    except (LogFormatError, OSError) as exc:
        print(f"jetset replay: {path.name}: {exc}", file=sys.stderr)
        return 1
    JetSetApp(replay=path, replay_seat=args.seat).run()
    return 0

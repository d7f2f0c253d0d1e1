"""``jetset export FILE --format text|json``: a log as PGN-style text or JSON for analysis."""

from __future__ import annotations

import argparse
import sys


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ep = sub.add_parser("export", help="write a log as text (PGN-style) or JSON")
    ep.add_argument("file", help="a .jetset log file")
    ep.add_argument("--format", choices=("text", "json"), default="text")
    ep.add_argument("--output", "-o", help="write here instead of standard output")
    ep.set_defaults(func=cmd_export)


def cmd_export(args: argparse.Namespace) -> int:
    from netcode.logfile import LogFormatError, dump_json, read_log
    from netcode.replay import replay
    from netcode.textlog import export_text

    try:
        log = read_log(args.file)
    except (OSError, LogFormatError) as exc:
        print(f"jetset export: {args.file}: {exc}", file=sys.stderr)
        return 1
    if args.format == "json":
        text = dump_json(log) + "\n"
    else:
        result = replay(log, verify_seed=False)
        if not result.ok:
            print(f"jetset export: {args.file}: {result.error}", file=sys.stderr)
            return 1
        text = export_text(log, result.game)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0

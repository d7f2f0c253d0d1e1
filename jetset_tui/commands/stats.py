"""``jetset stats DIR [--json]``: win rates, scores, lengths and cards over many logs."""

from __future__ import annotations

import argparse
import json
import sys

from jetset_tui.i18n import _


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sp = sub.add_parser("stats", help="summarise every log file in a directory")
    sp.add_argument("directory", help="a folder of .jetset log files")
    sp.add_argument("--json", action="store_true", help="print one JSON object")
    sp.set_defaults(func=cmd_stats)


def cmd_stats(args: argparse.Namespace) -> int:
    from pathlib import Path

    from netcode.stats import collect, render

    if not Path(args.directory).is_dir():
        if args.json:
            print(json.dumps({"ok": False, "error": f"{args.directory}: no such directory"}))
        else:
            said = _("jetset stats: {folder}: no such directory").format(folder=args.directory)
            print(said, file=sys.stderr)
        return 1
    stats = collect(args.directory)
    if args.json:
        print(
            json.dumps(
                {
                    "games": len(stats.games),
                    "skipped": stats.skipped,
                    "win_rate_by_seat": stats.win_rate_by_seat(),
                    "by_kind": {
                        k: {"seats": p, "win_rate": r, "average_score": a}
                        for k, (p, r, a) in stats.by_kind().items()
                    },
                    "average_score": stats.average_score(),
                    "average_turns": stats.average("turns"),
                    "average_entries": stats.average("entries"),
                    "most_claimed": stats.most_claimed(),
                    "end_reasons": stats.end_reasons(),
                }
            )
        )
    else:
        sys.stdout.write(render(stats))
    return 0 if stats.games or not stats.skipped else 1

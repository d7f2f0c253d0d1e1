"""``jetset import TEXT [-o FILE]``: a PGN-style text game back into a log file."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from jetset_tui.i18n import _, ngettext

if TYPE_CHECKING:
    from netcode.logfile import GameLog


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ip = sub.add_parser("import", help=_("turn a text game (from `jetset export`) into a log file"))
    ip.add_argument("text", help=_("the text file ('-' for standard input)"))
    ip.add_argument(
        "--output",
        "-o",
        help=_("the log file to write (default: TEXT with .jetset; game.jetset for '-')"),
    )
    ip.add_argument(
        "--force", action="store_true", help=_("write over the log file if it is already there")
    )
    ip.set_defaults(func=cmd_import)


def cmd_import(args: argparse.Namespace) -> int:
    from jetset_tui.saves import problem_of, write_problem_of
    from netcode.logfile import write_log
    from netcode.textlog import TextLogError, import_text

    try:
        text = sys.stdin.read() if args.text == "-" else Path(args.text).read_text("utf-8")
        log = import_text(text)
    except (OSError, TextLogError, ValueError) as exc:
        said = _("jetset import: {file}: {problem}").format(file=args.text, problem=problem_of(exc))
        print(said, file=sys.stderr)
        return 1
    out = Path(args.output or ("game.jetset" if args.text == "-" else args.text)).with_suffix(
        ".jetset"
    )
    if args.output:
        out = Path(args.output)
    if out.exists() and not out.is_dir() and not args.force:  # never over a saved game unasked
        said = _("jetset import: {file} is already there (--force writes over it)")
        print(said.format(file=out), file=sys.stderr)
        return 1
    try:
        write_log(out, log)
    except OSError as exc:
        said = _("jetset import: {file}: {problem}")
        print(said.format(file=out, problem=write_problem_of(exc)), file=sys.stderr)
        return 1
    digest = log.records[-1][-1]
    count = len(log.records)
    said = ngettext(
        "wrote {file}: {n} entry, digest {digest}",
        "wrote {file}: {n} entries, digest {digest}",
        count,
    )
    print(said.format(file=out, n=count, digest=digest))
    if not re.search(r"^\[Digest ", text, re.MULTILINE):  # nothing in the text to check against
        said = _(
            "jetset import: warning: the text has no [Digest] tag, so its moves are taken as"
            " written: {file} proves them no further (a `jetset export` text has one)"
        )
        print(said.format(file=out), file=sys.stderr)
    problem = seed_problem(log)
    if problem is not None:
        said = _(
            "jetset import: warning: {problem}, so `jetset replay --verify` will refuse {file}."
            " A text without a [Format] tag is read as log format 2: keep the tag `jetset"
            " export` wrote"
        )
        print(said.format(file=out, problem=problem), file=sys.stderr)
    return 0


def seed_problem(log: GameLog) -> str | None:
    """In a log whose seed is revealed, what does not agree with that seed, else None: the
    first entry it does not deal, or its commitment."""
    from netcode.replay import replay

    if log.seed is None:
        return None
    checked = replay(log)
    if checked.ok:
        return None
    if checked.bad_entry is None:
        return _("the seed the text reveals is not the one its game was committed to")
    return _("entry {n} is not what the seed the text reveals deals").format(n=checked.bad_entry)

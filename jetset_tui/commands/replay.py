"""``jetset replay FILE``: the replay viewer; with ``--verify`` (and ``--json``), a headless check
of every digest and of the seed commitment."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from jetset_tui.commands import arguments
from jetset_tui.commands.terminal import no_terminal
from jetset_tui.i18n import _, ngettext, use_language

if TYPE_CHECKING:
    from netcode.logfile import GameLog
    from netcode.replay import TableReplay


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rp = sub.add_parser("replay", help=_("watch a game in the replay viewer, or --verify it"))
    rp.add_argument("file", help=_("a .jetset log file"))
    rp.add_argument("--verify", action="store_true", help=_("check every digest and the seed"))
    rp.add_argument("--json", action="store_true", help=_("print one JSON object"))
    rp.add_argument(
        "--seat",
        type=arguments.whole_number(0),
        help=_("watch as this seat (default: a spectator)"),
    )
    arguments.add_reveal_argument(rp)
    rp.set_defaults(func=cmd_replay)


def cmd_replay(args: argparse.Namespace) -> int:
    if not args.verify and not args.json:
        return open_viewer(args)
    from jetset_tui.saves import problem_of
    from netcode.logerrors import DamagedLog
    from netcode.logfile import LogFormatError, read_log
    from netcode.replay import replay, unverified_end
    from netcode.seatnames import names_now, renames_of

    try:
        log = read_log(args.file)
    except (OSError, LogFormatError) as exc:
        if args.json:  # the shape of every other answer, what could not be read null
            print(json.dumps(unread_json(args.file, exc), separators=(",", ":")))
        else:
            problem = problem_of(exc)
            if args.verify and isinstance(exc, DamagedLog):  # a checker wants where and what
                problem = f"{problem} ({exc})"
            said = _("jetset replay: {file}: {problem}").format(file=args.file, problem=problem)
            print(said, file=sys.stderr)
        return 1
    if (wrong := wrong_seat(args.seat, log)) is not None:  # it went unsaid with --verify
        print(_("jetset replay: {problem}").format(problem=wrong), file=sys.stderr)
        return 1
    result = replay(log)
    unrevealed = unverified_end(log, result)
    if args.json:
        summary = result.summary()
        summary["cut_short"] = log.cut_short  # bytes after the last whole record (0: none)
        if log.cut_short and args.verify and summary["ok"]:  # --verify fails on it: so does ok
            with use_language("en"):  # --json stays English (docs/translating.md)
                summary.update(ok=False, error=cut_short_words(log.cut_short))
        elif unrevealed and args.verify:  # a finished game whose deal nothing proves
            summary.update(ok=False, error=unrevealed)
        print(json.dumps(summary, separators=(",", ":")))
    else:
        for warning in result.warnings:
            print(_("warning: {problem}").format(problem=warning), file=sys.stderr)
        if log.cut_short:
            print(
                _("warning: {problem}").format(problem=cut_short_words(log.cut_short)),
                file=sys.stderr,
            )
        if not result.ok:
            said = _("jetset replay: {file}: {problem}")
            print(said.format(file=args.file, problem=result.error), file=sys.stderr)
        else:
            whole = not log.cut_short
            first = [seat.name or "" for seat in log.header.seats]
            names = names_now(first, renames_of(first, log.notes))  # who plays each seat at the end
            print_verdict(result, log.header.seat_contributions(), args.verify, whole, names)
            if args.verify and unrevealed and whole:  # a cut file is said not whole already
                print(_("not verified: {why}").format(why=_(unrevealed)))
    if not result.ok:
        return 1
    if args.verify and (result.commitment_ok is False or log.cut_short or unrevealed):
        return 1
    return 0


def unread_json(file: str, exc: OSError | ValueError) -> dict[str, object]:
    """``--json`` for a file that does not read as a log: ``ok`` false, the entries read
    before a damaged record (``bad_entry`` the first that is not), the problem in ``error``,
    and every key a log that reads has (``TableReplay.summary``), the game's null."""
    from netcode.logerrors import DamagedLog

    read = exc.entries if isinstance(exc, DamagedLog) else None
    return {
        "ok": False,
        "entries": read or 0,
        "digest": None,
        "scores": None,
        "over": None,
        "winners": None,
        "draw": None,
        "cash": None,
        "commitment_ok": None,
        "error": f"{file}: {exc}",
        "bad_entry": read,
        "cut_short": None,
    }


def cut_short_words(size: int) -> str:
    """The bytes after a log's last whole record, which every reader drops: the file is not
    whole, so ``--verify`` fails (docs/log-format.md, "A damaged end")."""
    said = ngettext(
        "the file ends with {n} byte that is no whole record (cut short, or damaged): "
        "only what comes before it is checked",
        "the file ends with {n} bytes that are no whole record (cut short, or damaged): "
        "only what comes before them is checked",
        size,
    )
    return said.format(n=size)


def print_verdict(
    result: TableReplay,
    contributions: list[str | None],
    verify: bool,
    whole: bool = True,
    names: list[str] | None = None,
) -> None:
    """What ``--verify`` found (or, without it, the game's length and digest), for a person. A
    file that is not ``whole`` (cut short) is never called verified: what comes before its
    damaged end was checked. Each seat's score (and Jet Set's cash) by the seat's name."""
    summary = result.summary()
    said = ngettext("{n} entry, digest {digest}", "{n} entries, digest {digest}", result.entries)
    print(said.format(n=result.entries, digest=result.digest))
    if verify and not whole:
        print(_("not verified: the file is not whole; every digest before its damaged end matches"))
    elif verify and not result.commitment_ok and result.table.over:  # its deal unproved
        print(_("every digest matches"))
    elif verify:
        if result.commitment_ok:
            print(_("verified: every digest matches; seed matches its commitment"))
        else:
            print(_("verified: every digest matches; seed not yet revealed"))
        mixed = sum(c is not None for c in contributions)
        if mixed and result.commitment_ok:
            said = ngettext(
                "every card dealt from the seed and {n} player's random values",
                "every card dealt from the seed and {n} players' random values",
                mixed,
            )
            print(said.format(n=mixed))
    from jetset_tui.seat_names import player_words

    scores, cash = summary["scores"], summary.get("cash")
    assert isinstance(scores, list)

    def name_of(seat: int) -> str:
        return (names[seat] if names and seat < len(names) else "") or player_words(seat)

    seats = []
    for seat, points in enumerate(scores):
        name = name_of(seat)
        said = ngettext("{name} {n} point", "{name} {n} points", points)
        said = said.format(name=name, n=points)
        if isinstance(cash, list) and seat < len(cash):
            said += " " + _("€{cash}").format(cash=cash[seat])
        seats.append(said)
    print(_("scores: {scores}").format(scores=" · ".join(seats)))
    winners = summary["winners"]
    if summary.get("draw"):  # Jet Lag's; Jet Set's tie on points and cash shares the win
        print(_("a draw"))
    elif isinstance(winners, list) and winners:
        print(_("winner: {player}").format(player=", ".join(name_of(w) for w in winners)))


def open_viewer(args: argparse.Namespace) -> int:
    from pathlib import Path

    from jetset_tui.app import JetSetApp
    from jetset_tui.saves import problem_of
    from netcode.logfile import LogFormatError, read_log

    path = Path(args.file)
    if not path.exists():
        print(_("jetset replay: {file}: no such file").format(file=path), file=sys.stderr)
        return 1
    try:  # a file that is no game says so here, not in a message over the start screen
        log = read_log(path)
    except (LogFormatError, OSError) as exc:
        said = _("jetset replay: {file}: {problem}").format(file=path.name, problem=problem_of(exc))
        print(said, file=sys.stderr)
        return 1
    if (wrong := wrong_seat(args.seat, log)) is not None:
        print(_("jetset replay: {problem}").format(problem=wrong), file=sys.stderr)
        return 1
    if (hidden := arguments.hidden_cards_refusal(args, log)) is not None:
        print(_("jetset replay: {problem}").format(problem=hidden), file=sys.stderr)
        return 1
    if (refusal := no_terminal()) is not None:
        print(_("jetset replay: {problem}").format(problem=refusal), file=sys.stderr)
        return 2
    app = JetSetApp(replay=path, replay_seat=args.seat)
    app.run()
    return app.return_code or 0  # 1 after a crash (Textual printed what happened)


def wrong_seat(seat: int | None, log: GameLog) -> str | None:
    """Why ``--seat`` names no seat of the game in ``log`` (None: it does, or none was named)."""
    last = len(log.header.seats) - 1
    if seat is None or seat <= last:
        return None
    return _("--seat {seat}: the seats are 0 to {last}").format(seat=seat, last=last)

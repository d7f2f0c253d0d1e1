"""``jetset stats DIR [--json]``: win rates, scores, lengths and cards over many logs."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from engine.games import TITLES
from jetset_tui.i18n import N_, _, decimal, ngettext, percent

if TYPE_CHECKING:
    from netcode.stats import Skipped, Stats


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sp = sub.add_parser("stats", help=_("summarise every log file in a directory"))
    sp.add_argument("directory", help=_("a folder of .jetset log files"))
    sp.add_argument("--json", action="store_true", help=_("print one JSON object"))
    sp.set_defaults(func=cmd_stats)


def cmd_stats(args: argparse.Namespace) -> int:
    from pathlib import Path

    from netcode.stats import collect

    if not Path(args.directory).is_dir():
        if args.json:
            print(json.dumps({"ok": False, "error": f"{args.directory}: no such directory"}))
        elif Path(args.directory).exists():
            said = _("jetset stats: {folder}: a file, not a folder of games")
            print(said.format(folder=args.directory), file=sys.stderr)
        else:
            said = _("jetset stats: {folder}: no such directory").format(folder=args.directory)
            print(said, file=sys.stderr)
        return 1
    stats = collect(args.directory)
    if args.json:
        figures = as_json(stats, stats.skipped)
        figures["by_game"] = {
            name: {"name": TITLES[name], **as_json(games)}
            for name, games in stats.by_game().items()
        }
        print(json.dumps(figures))
    else:
        sys.stdout.write(render(stats))
    return 0 if stats.games or not stats.skipped else 1


def as_json(stats: Stats, skipped: list[Skipped] | None = None) -> dict[str, Any]:
    """The figures over ``stats``' games, as ``--json`` gives them (every game's at the top,
    for the scripts that read a folder of one game, and each game's in ``by_game``), with the
    files ``skipped`` when given, each as ``{"file", "reason"}``."""
    skips = {} if skipped is None else {"skipped": [skipped_json(s) for s in skipped]}
    unfinished = stats.unfinished()
    stats = stats.finished()  # the figures are the finished games'
    return {
        "games": len(stats.games),
        "unfinished": unfinished,
        "draws": stats.draws(),
        **skips,
        "win_rate_by_place": stats.win_rate_by_place(),
        "by_kind": {
            k: {"seats": p, "win_rate": r, "average_score": a}
            for k, (p, r, a) in stats.by_kind().items()
        },
        "average_score": stats.average_score(),
        "average_turns": stats.average("turns"),
        "average_entries": stats.average("entries"),
        "average_moves": stats.average("moves"),
        "most_claimed": stats.most_claimed(),
        "end_reasons": stats.end_reasons(),
    }


def skipped_json(skipped: Skipped) -> dict[str, str]:
    """A file skipped as ``--json`` gives it: its name and why, apart (no string to split)."""
    return {"file": skipped.file, "reason": skipped.reason}


SKIPS_SHOWN = 3
"""The files skipped that the summary names (``--json`` lists every one)."""


def render(stats: Stats) -> str:
    """The summary a person reads, in their language (``--json`` is the one scripts read):
    how many games, then each game's figures under its name, never mixed."""
    lines = [ngettext("{n} game", "{n} games", len(stats.games)).format(n=len(stats.games))]
    if stats.skipped:
        said = ngettext(
            "{n} file skipped: {files}", "{n} files skipped: {files}", len(stats.skipped)
        )
        named = "; ".join(map(str, stats.skipped[:SKIPS_SHOWN]))
        lines.append(said.format(n=len(stats.skipped), files=named))
        more = len(stats.skipped) - SKIPS_SHOWN
        if more > 0:
            said = ngettext(
                "and {n} more (--json lists every one)",
                "and {n} more (--json lists every one)",
                more,
            )
            lines.append(said.format(n=more))
    for name, every in stats.by_game().items():
        games = every.finished()
        count = ngettext("{n} game", "{n} games", len(games.games)).format(n=len(games.games))
        title = _("{game}: {count}").format(game=TITLES[name], count=count)
        lines += ["", title, "─" * len(title)]
        if every.unfinished():
            said = ngettext(
                "and {n} not finished, left out of these figures",
                "and {n} not finished, left out of these figures",
                every.unfinished(),
            )
            lines.append(said.format(n=every.unfinished()))
        lines += [*averages(games), *by_place(games), *by_kind(games), *endings(games)]
    return "\n".join(lines) + "\n"


def averages(stats: Stats) -> list[str]:
    said = _("average score {score}   average length {turns} turns, {moves} moves")
    score, turns, moves = stats.average_score(), stats.average("turns"), stats.average("moves")
    lines = [said.format(score=decimal(score), turns=f"{turns:.0f}", moves=f"{moves:.0f}")]
    draws = stats.draws()
    said = ngettext("{n} draw (no player won)", "{n} draws (no player won)", draws)
    return [*lines, said.format(n=draws)]


PLACES = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"), N_("sixth"))
"""The places in the order of play, as the win rates name them (the seat numbers were read as
places: in Jet Lag the seat that starts changes from game to game)."""


def by_place(stats: Stats) -> list[str]:
    from netcode.stats import bar

    lines = ["", _("win rate by place in the order of play")]
    for place, rate in stats.win_rate_by_place().items():
        label = _(PLACES[place]) if place < len(PLACES) else str(place + 1)
        lines.append(f"  {label:<15} {percent(rate):>6}  {bar(rate)}")
    return lines


def by_kind(stats: Stats) -> list[str]:
    from jetset_tui.seat_names import bot_words
    from netcode.stats import bar, kind_label

    kinds = {kind: kind_label(kind, bot_words) for kind in stats.by_kind()}
    heads = [_("by player kind"), _("seats"), _("wins"), _("avg score")]
    wide = max([16, len(heads[0]), *map(len, kinds.values())])
    cells = [max(7, len(heads[1])), max(7, len(heads[2])), max(11, len(heads[3]))]
    lines = [
        "",
        f"  {heads[0]:<{wide}} "
        + " ".join(f"{h:>{w}}" for h, w in zip(heads[1:], cells, strict=True)),
    ]
    for kind, (played, rate, avg) in stats.by_kind().items():
        row = (f"{played}", percent(rate), decimal(avg))
        numbers = " ".join(f"{n:>{w}}" for n, w in zip(row, cells, strict=True))
        lines.append(f"  {kinds[kind]:<{wide}} {numbers}  {bar(rate, 20)}")
    claims = stats.most_claimed()
    if not claims:  # a game without cards to claim (Jet Lag)
        return lines
    lines += ["", _("most claimed cards")]
    most = claims[0][1]
    for card, count in claims:
        lines.append(f"  {card:<8} {count:>5}  {bar(count / most, 20)}")
    return lines


def endings(stats: Stats) -> list[str]:
    from jetset_tui.widgets.turn_bar import end_reason_text

    reasons = stats.end_reasons()
    if not reasons:  # a game whose games all end one way (Jet Lag)
        return []
    lines = ["", _("how games ended")]
    for reason, count in reasons:
        lines.append(f"  {count:>5}  {end_reason_text(reason)}")
    return lines

"""``jetset position FILE [--at N] [--seat S] [--json]``: the table after N entries.

For Jet Set, as JSON: what a bot sees, the position of docs/bots.md ("The position"), as the
protocol's ``turn`` message carries it, for a seat or (by default) a spectator, and, when that
seat is to move, its legal actions in notation. For testing a bot on a position of a real game,
and for analysis. For Jet Lag, as text (the line of destinations, each side's tourists, the hands
the viewer knows, the scores now), or with ``--json`` as data (``engine/jetlag/position.py``),
with ``to_move`` and the legal actions of the seat to move, as for Jet Set.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, Final

from jetset_tui.commands import arguments
from jetset_tui.i18n import N_, _, ngettext
from jetset_tui.seat_names import player_words

if TYPE_CHECKING:
    from netcode.logfile import GameLog


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
    pp.add_argument(
        "--json", action="store_true", help=_("print JSON (a Jet Set position always is)")
    )
    arguments.add_reveal_argument(pp)
    pp.set_defaults(func=cmd_position)


def cmd_position(args: argparse.Namespace) -> int:
    from engine.jetset.notation import Notation
    from engine.jetset.position import position
    from jetset_tui.saves import problem_of
    from netcode.logfile import LogFormatError, read_log
    from netcode.replay import replay

    try:
        log = read_log(args.file)
    except (OSError, LogFormatError) as exc:
        return _fail(_("{file}: {problem}").format(file=args.file, problem=problem_of(exc)))
    total = len(log.records)
    at = total if args.at is None else args.at
    if not 0 <= at <= total:
        said = ngettext(
            "--at {at}: the log has {n} entry (0 to {n})",
            "--at {at}: the log has {n} entries (0 to {n})",
            total,
        )
        return _fail(said.format(at=at, n=total))
    players = len(log.header.seats)
    if args.seat is not None and not 0 <= args.seat < players:
        said = _("--seat {seat}: the seats are 0 to {last}")
        return _fail(said.format(seat=args.seat, last=players - 1))
    if (hidden := arguments.hidden_cards_refusal(args, log)) is not None:
        return _fail(hidden)
    if log.header.game == "jetlag":
        return jetlag_position(args, log, at)
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


def jetlag_position(args: argparse.Namespace, log: GameLog, at: int) -> int:
    """A Jet Lag position after ``at`` entries: text, or with ``--json`` data."""
    from engine.jetlag.position import position
    from netcode.replay import replay

    result = replay(log, stop_at=at, verify_seed=False)
    if not result.ok:
        return _fail(_("{file}: {problem}").format(file=args.file, problem=result.error))
    table = result.table
    data = position(table.view(args.seat))
    if args.json:
        out: dict[str, object] = {
            "entries": at,
            "seat": args.seat,
            "to_move": table.to_move(),  # as for Jet Set: a seat, -1 the dealer, None over
            "position": data,
        }
        if args.seat is not None and table.to_move() == args.seat:  # as for Jet Set
            notation = log.header.rules_of_game.notation()
            out["legal"] = [notation.format_action(a) for a in table.legal_actions()]
        print(json.dumps(out))
    else:
        sys.stdout.write(jetlag_text(data, at, args.seat))
    return 0


KINDS: Final = {
    "beach": N_("beach"),
    "city": N_("city"),
    "mountain": N_("mountain"),
    "countryside": N_("countryside"),
}
"""Jet Lag's destination kinds, as a player reads them."""


def jetlag_text(data: dict[str, Any], at: int, viewer: int | None) -> str:
    """A Jet Lag position for a person: whose move, the line, the hands, the piles, the scores."""
    from engine.jetlag.cards import deck

    cards = deck()
    said = ngettext(
        "Jet Lag after {n} entry, round {round} of 4",
        "Jet Lag after {n} entries, round {round} of 4",
        at,
    )
    lines = [said.format(n=at, round=max(1, data["round"]))]  # before the deal: round 1
    mover = data["to_move"]
    if mover is None:
        lines.append(_("the game is over"))
    elif mover == -1 and data["step"] == "pass":  # the first player's 3 kept cards go over
        said = _("{player}'s 3 kept cards pass to {other} next")
        first = data["first"]
        lines.append(said.format(player=player_words(first), other=player_words(1 - first)))
    elif mover == -1:
        lines.append(_("the cards are dealt next"))
    else:
        lines.append(_("{player} to play").format(player=player_words(mover)))
    lines += ["", _("destinations, left to right:")]
    for i, spot in enumerate(data["line"], start=1):
        kinds = " + ".join(_(KINDS[k]) for k in cards[spot["card"]].destination)
        sides = "   ".join(
            _("{player}: {tourists}").format(player=player_words(seat), tourists=" ".join(t) or "-")
            for seat, t in enumerate(spot["tourists"])
        )
        lines.append(f"  {i}. {spot['card']} {kinds:<22} {sides}")
    lines.append("")
    for seat, (hand, size) in enumerate(zip(data["hands"], data["hand_sizes"], strict=True)):
        if hand is None and size:
            said = ngettext(
                "{player}'s hand: {n} card you do not see",
                "{player}'s hand: {n} cards you do not see",
                size,
            )
            lines.append(said.format(player=player_words(seat), n=size))
        else:
            said = _("{player}'s hand: {cards}")
            lines.append(said.format(player=player_words(seat), cards=" ".join(hand or ()) or "-"))
    piles = data["piles_left"]
    lines.append(ngettext("{n} pile left", "{n} piles left", piles).format(n=piles))
    lines += ["", _("final scores:") if mover is None else _("scores if the game ended now:")]
    said = _(
        "{player}: {total} (affinities {affinity}, control {control}, objectives {objectives})"
    )
    for seat, score in enumerate(data["scores"]):
        objectives = " + ".join(map(str, score["objectives"])) or "0"
        parts = {k: score[k] for k in ("total", "affinity", "control")}
        lines.append("  " + said.format(player=player_words(seat), objectives=objectives, **parts))
    return "\n".join(lines) + "\n"


def _fail(message: str) -> int:
    print(_("jetset position: {problem}").format(problem=message), file=sys.stderr)
    return 1

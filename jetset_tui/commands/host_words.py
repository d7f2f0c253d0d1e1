"""What ``jetset host`` prints: where it listens and how friends join, the next game at its
address, the host's own seat when it went on without a screen, how a paused game continues,
and the end. English lines that scripts read say so; ``--json`` prints one object instead."""

from __future__ import annotations

import contextlib
import json
import logging
import shlex
import sys
from typing import TYPE_CHECKING, TextIO

from jetset_tui.i18n import _, ngettext
from jetset_tui.seat_names import player_words
from jetset_tui.shell_command import terminal_lines

if TYPE_CHECKING:
    from netcode.host import Host
    from netcode.table import Table


def announce(table: Table, bind: str, port: int, as_json: bool = False) -> tuple[str, ...]:
    """The ready lines: where the host listens, its log and seats, how friends join (the
    addresses it gives); with ``as_json``, one JSON object saying the same (stdout then holds
    only JSON lines: this one, and the summary at the end)."""
    from netcode.addresses import join_addresses

    addresses = tuple(join_addresses(bind, port))
    if as_json:
        ready = {
            "listening": f"{bind}:{port}",
            "port": port,
            "log": str(table.log_path),
            "seats": [slot.name or None for slot in table.seats],
            "join": [f"jetset join {address}" for address in addresses],
        }
        say(json.dumps(ready, separators=(",", ":")))
        return addresses
    free = _("open")
    seats = ", ".join(f"{i}: {s.name or free}" for i, s in enumerate(table.seats, 1))
    # English in every language: scripts and tests read the port from this first line.
    say(f"jetset host: listening on {bind}:{port}")
    said = _("jetset host: log {file}; seats {seats}").format(file=table.log_path, seats=seats)
    say(said)
    first = _("jetset host: friends join with: {command}")
    say(first.format(command=f"jetset join {addresses[0]}"))
    for other in addresses[1:]:
        more = _("jetset host:                 or {command}")
        say(more.format(command=f"jetset join {other}"))
    return addresses


def announce_next(host: Host, as_json: bool) -> None:
    """Between two games at one address: the next game's number and log."""
    log = host.table.log_path
    if as_json:
        line = {"game": host.number, "log": str(log)}
        say(json.dumps(line, separators=(",", ":")))
        return
    said = _("jetset host: game {number} at this address; log {file}")
    say(said.format(number=host.number, file=log))


def offer_host_seat(host: Host, bind: str, port: int, out: TextIO | None = None) -> None:
    """A game resumed with --headless whose host played a seat: that seat waits for its player
    like any dropped seat. Its key is kept where ``jetset join`` on this machine finds it, and
    the command to take it from elsewhere is printed."""
    from netcode.seatkeys import SeatKey, SeatKeys
    from netcode.userdirs import seat_keys_dir

    table = host.table
    seat = table.keys.host_seat
    if seat is None or table.over:
        return
    token = table.keys.token(seat)
    SeatKeys(seat_keys_dir()).keep(table.commitment, SeatKey(seat, token))
    name = table.seats[seat].name
    who = _("{player} ({name})").format(player=player_words(seat), name=name)
    said = _(
        "jetset host: the host's seat is {who}: `{here}` on this "
        "machine takes it, or `{there}` from another"
    )
    here = f"jetset join {bind}:{port}"
    there = f"{here} --token {token}"
    said = said.format(who=who if name else player_words(seat), here=here, there=there)
    say(said, out)


def paused(host: Host, command: str, as_json: bool) -> None:
    """The game was paused: how it continues (or, with --json, the summary of ``report``, with
    ``paused`` and the ``resume`` command)."""
    if as_json:
        resumable = host.table.log_path.exists()
        report(host, as_json, {"paused": resumable, "resume": command if resumable else None})
        return
    if not host.table.log_path.exists():  # stopped before the game began: no log to resume
        say(_("jetset host: stopped before the game began; there is nothing to continue"))
        return
    # the log file keeps it too: a host whose terminal was closed (SIGHUP) has no screen to
    # read it on, and a play test's host went looking for the file
    logging.getLogger("jetset.host").info("paused; continue it with: %s", command)
    from netcode.tablefiles import secrets_path

    keys = host.table.keys
    keys.resume = command  # for the app's Load, which names it (the address and clock too)
    with contextlib.suppress(OSError):
        keys.save(secrets_path(host.table.log_path))
    say(paused_words(host))  # the terminal may be gone: then the log file says it
    say(terminal_lines(command))  # at a terminal, between words


def paused_words(host: Host) -> str:
    """Where the game stopped, as its players count (``turn 12``, ``round 3 of 4``; a game no
    lobby knows, by its entries), and that the next line says how it continues."""
    from jetset_tui.ssh.games import progress

    where = progress(host.table.rules.name, host.table.game.state)
    if where:
        return _("jetset host: the game is paused at {where}; continue it with").format(where=where)
    entries = len(host.table.game.entries)
    said = ngettext(
        "jetset host: the game is paused after {n} move; continue it with",
        "jetset host: the game is paused after {n} moves; continue it with",
        entries,
    )
    return said.format(n=entries)


def report(host: Host, as_json: bool, more: dict[str, object] | None = None) -> None:
    game = host.table.game
    result = game.result()
    scores, winners = list(result.points), list(result.winners)
    summary: dict[str, object] = {
        "ok": game.over,
        "log": str(host.table.log_path),
        "entries": len(game.entries),
        "digest": game.digest(),
        "scores": scores,
        "winners": winners if game.over else [],
    }
    if as_json:
        say(json.dumps(summary | (more or {}), separators=(",", ":")))
    else:
        names = [slot.name or player_words(i) for i, slot in enumerate(host.table.seats)]
        won = _(" and ").join(names[w] for w in winners)
        said = _("jetset host: the game is over: {won} won with {points} points")
        if result.draw:
            said = _("jetset host: the game is over: a draw at {points} points")
        say(said.format(won=won, points=max(scores)))
        again = _("  watch it again with  {command}")
        command = shlex.join(["jetset", "replay", str(host.table.log_path)])
        say(again.format(command=command))


def say(line: str, out: TextIO | None = None) -> None:
    """A line on ``out`` (standard output), unless the terminal is gone: a host whose terminal
    was closed paused its game and then died printing how it continues (a fix's check found its
    traceback in the log; the log file says the same lines)."""
    with contextlib.suppress(OSError):
        print(line, file=out or sys.stdout, flush=True)

"""One game the SSH server's lobby hosts (``Room``): its ``netcode.host.Host``, who holds which
seat (``Membership``), who watches, and what the lobby's list says of it. No Textual."""

from __future__ import annotations

import asyncio
import ipaddress
import time
from contextlib import suppress
from dataclasses import dataclass, field

from jetset_tui.i18n import _
from jetset_tui.ssh.games import option_words, progress
from netcode.host import Host
from netcode.table import Table


@dataclass
class Membership:
    """A seat an identity holds: the host's token, and the digest of the code shown at join."""

    seat: int
    token: str
    code_digest: bytes


def host_port(bound: str, reached: str, port: int) -> str:
    """``HOST:PORT`` (``[v6]:PORT``) of a port bound to ``bound``: where that is every address
    of the machine (``0.0.0.0``, ``::``), the one a player reached the server at."""
    host = bound
    with suppress(ValueError):
        if ipaddress.ip_address(bound).is_unspecified and reached:
            host = reached
    with suppress(ValueError):
        mapped = ipaddress.IPv6Address(host).ipv4_mapped  # ::ffff:192.0.2.1, a v4 client
        if mapped is not None:
            host = str(mapped)
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


@dataclass
class Room:
    """One hosted game."""

    id: str
    title: str
    host: Host
    password: str | None
    created: float
    creator: str = ""
    """The identity that created the game."""
    created_from: str = ""
    """The address it was created from ("" for a game brought back by a restart)."""
    members: dict[str, Membership] = field(default_factory=dict)
    spectators: dict[object, str] = field(default_factory=dict)
    """Each spectator's peer (or ``jetset`` subsystem link), and the address it watches from."""
    ended_at: float | None = None
    alone_since: float | None = None
    """Since when no person has been connected (unfinished games)."""
    tcp: asyncio.Server | None = None
    """Where ``jetset join`` players reach this game (``ssh-server --tcp``)."""
    next_game: str | None = None
    """Once it is over: the game one of its players opened for its seats to play next (r at
    its end: jetset_tui/ssh/app.py, ``play_again``); who did is its ``creator``."""
    kept_for: frozenset[str] = frozenset()
    """A next game's: the identities of the finished game's other players, whose seats it keeps
    for them until ``kept_until`` (``time.monotonic``; ``Lobby.next_room``). Meanwhile nobody
    else takes them: a play test's bystander pressed f and sat in the seat offered to a friend."""
    kept_until: float = 0.0
    joining: int = 0
    """Players on their way into a seat (``Seating.join``): a game that has not begun is not
    closed under them when the last person in it leaves (``Lobby.vacate``)."""

    @property
    def tcp_port(self) -> int | None:
        if self.tcp is None or not self.tcp.sockets:
            return None
        port: int = self.tcp.sockets[0].getsockname()[1]
        return port

    def join_address(self, reached: str) -> str | None:
        """``HOST:PORT`` for ``jetset join`` into this game, as a player who reached the
        server at ``reached`` would type it; None where the lobby shows none (no ``--tcp``
        port, a private game, one that is over)."""
        port = self.tcp_port
        if port is None or self.tcp is None or self.private or self.table.over:
            return None
        return host_port(self.tcp.sockets[0].getsockname()[0], reached, port)

    @property
    def table(self) -> Table:
        return self.host.table

    @property
    def game(self) -> str:
        """The game played here (``engine.games``' name: ``jetset``, ``jetlag``)."""
        return self.table.rules.name

    @property
    def options_words(self) -> list[str]:
        """Its options as the lobby lists them (Jet Set's extra cards and modules)."""
        return option_words(self.game, self.table.options)

    @property
    def private(self) -> bool:
        return self.password is not None

    @property
    def status(self) -> str:
        t = self.table
        if t.over:
            return _("over")
        if t.started:
            return progress(self.game, t.game.state)
        free = self.open_seats
        if self.seats_kept(time.monotonic()):  # for the game before's players (``kept_for``)
            return _("waiting for {n}, kept").format(n=free)
        return _("waiting for {n}").format(n=free)

    def is_open(self, seat: int) -> bool:
        """Whether a person may take ``seat``: nobody has, or its player gave it to whoever
        joins next (``leave {give}``: q, o at the table)."""
        slot = self.table.seats[seat]
        return not slot.is_bot and (slot.name is None or self.table.given_open(seat))

    @property
    def open_seats(self) -> int:
        return sum(1 for seat in range(len(self.table.seats)) if self.is_open(seat))

    def sitters(self) -> list[str | None]:
        """What the table calls the person in each seat (``Table.sitter``: who took a seat its
        player gave away, by their own name), None for an open seat."""
        t = self.table
        return [None if self.is_open(i) else t.sitter(i) for i in range(len(t.seats))]

    def seats_kept(self, now: float) -> int:
        """The open seats kept at ``now`` for players of the game before this one who have
        not sat down yet (``kept_for``)."""
        if now >= self.kept_until:
            return 0
        return sum(1 for identity in self.kept_for if identity not in self.members)

    def free_for(self, identity: str, now: float) -> bool:
        """Whether ``identity`` may take one of the open seats at ``now``: any of them if it is
        one they are kept for, else only those beyond ``seats_kept``."""
        kept = 0 if identity in self.kept_for else self.seats_kept(now)
        return self.open_seats > kept

    @property
    def watchers(self) -> int:
        return len(self.spectators)

    @property
    def people_connected(self) -> bool:
        """Someone other than a bot is at this game: a player in a seat, or a spectator."""
        if self.spectators:
            return True
        return any(
            not self.table.seats[seat].is_bot and conn.standin is None
            for seat, conn in self.host.seat_conns.items()
        )

    def seat_line(self) -> str:
        """``alice*, bob, greedy-2, (open)``: * marks a player who is not connected (a
        stand-in bot playing for them too: their seat waits for them all the same)."""
        parts = []
        for i, (slot, name) in enumerate(zip(self.table.seats, self.sitters(), strict=True)):
            conn = self.host.seat_conns.get(i)
            if name is None:
                parts.append(_("(open)"))
            elif slot.is_bot or (conn is not None and conn.standin is None):
                parts.append(name)
            else:
                parts.append(f"{name}*")
        return ", ".join(parts)

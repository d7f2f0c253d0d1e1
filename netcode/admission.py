"""Who may connect to a TCP host, and how often a wrong game password may be tried.

The host (netcode/host.py) asks ``Admission`` before it serves a connection and before it
seats one; the numbers are ``HostSettings``' and docs/security.md ("TCP host") lists each with
the test that checks it. Connections over an in-memory pipe (the host's bots and its own seat,
SSH players) have no address and are not counted per address.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol


class Counted(Protocol):
    """What admission needs to know about a connection the host serves."""

    address: str | None
    seat: int | None
    spectator: bool
    reserve: bool
    closing: bool


@dataclass(frozen=True)
class Limits:
    max_connections: int
    """Connections at once, every kind together."""
    reserved_for_seats: int
    """Of ``max_connections``, the last ones only for a seat taken back with its token."""
    max_per_address: int
    max_spectators: int
    max_spectators_per_address: int


def admit(
    conns: Sequence[Counted], address: str | None, limits: Limits
) -> tuple[str | None, bool, Counted | None]:
    """Whether a new connection from ``address`` may be served: a reason to refuse it (or None);
    whether it comes in on the reserve, where only a seat's token is accepted; and the reserve
    connection that makes way for it when every place is taken (or None)."""
    guests = same = 0
    for conn in conns:
        guests += conn.seat is None
        same += address is not None and conn.address == address
    if address is not None and same >= limits.max_per_address:
        return f"too many connections from your address ({limits.max_per_address})", False, None
    if len(conns) < limits.max_connections:
        return None, guests >= limits.max_connections - limits.reserved_for_seats, None
    victim = evictable(conns)
    if victim is None:
        return f"the host is full ({limits.max_connections} connections)", False, None
    return None, True, victim


def evictable(conns: Iterable[Counted]) -> Counted | None:
    """The first (oldest) reserve connection that has not taken a seat yet (nor been told to go): it
    makes way for a newcomer when every place is taken, so silent sockets on the reserve cannot
    keep a seat's holder out."""
    for conn in conns:
        if conn.reserve and conn.seat is None and not conn.spectator and not conn.closing:
            return conn
    return None


def spectator_refusal(conns: Iterable[Counted], address: str | None, limits: Limits) -> str | None:
    """Why one more spectator from ``address`` is refused, or None."""
    watching = same = 0
    for conn in conns:
        if conn.spectator:
            watching += 1
            same += address is not None and conn.address == address
    if watching >= limits.max_spectators:
        return f"this game has its {limits.max_spectators} spectators already"
    if same >= limits.max_spectators_per_address:
        return f"{limits.max_spectators_per_address} spectators from your address already watch"
    return None


class PasswordBackoff:
    """Per address: after a wrong game password no try for ``first`` seconds, doubling with each
    wrong try up to ``most``; a right password forgets the address, and so does a quiet spell of
    ``most`` seconds after the wait. At most ``capacity`` addresses are remembered (the oldest
    go first), so a flood of addresses cannot grow the host's memory."""

    def __init__(self, first: float, most: float, capacity: int = 4096) -> None:
        self.first = first
        self.most = most
        self.capacity = capacity
        self._entries: dict[str, tuple[int, float]] = {}  # address: (wrong tries, barred until)

    def wait(self, address: str, now: float | None = None) -> float:
        """Seconds before ``address`` may try a password again (0: now)."""
        now = time.monotonic() if now is None else now
        entry = self._entries.get(address)
        if entry is None:
            return 0.0
        until = entry[1]
        if now >= until + self.most:
            del self._entries[address]
            return 0.0
        return max(0.0, until - now)

    def failed(self, address: str, now: float | None = None) -> float:
        """A wrong password from ``address``: how long it must now wait."""
        now = time.monotonic() if now is None else now
        tries = self._entries.pop(address, (0, now))[0] + 1
        delay: float = min(self.most, self.first * float(2 ** min(tries - 1, 30)))
        self._entries[address] = (tries, now + delay)
        while len(self._entries) > self.capacity:
            del self._entries[next(iter(self._entries))]
        return delay

    def succeeded(self, address: str) -> None:
        self._entries.pop(address, None)

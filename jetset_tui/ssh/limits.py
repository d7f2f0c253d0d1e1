"""The SSH server's limits on strangers, as small clocks and counters (no I/O, no asyncssh).

``InputBudget``: how much one session may type per second (bytes and key events).
``TryLimiter``: wrong secrets (seat codes, game passwords) per address and per seat or game.
``Admission``: which connections get in: a cap on not-yet-authenticated ones with random early
drop (OpenSSH's ``MaxStartups``), per-address caps, and penalties for sources that fail
authentication or break their sessions (OpenSSH's ``PerSourcePenalties``).
Every number is in docs/security.md with the test that checks it.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

Clock = Callable[[], float]


class InputBudget:
    """Two token buckets: bytes and key events a second, each with a burst."""

    def __init__(
        self,
        bytes_per_second: float,
        events_per_second: float,
        *,
        burst: float = 2.0,
        clock: Clock = time.monotonic,
    ) -> None:
        self.rates = (bytes_per_second, events_per_second)
        self.caps = (bytes_per_second * burst, events_per_second * burst)
        self.levels = list(self.caps)
        self.clock = clock
        self._at = clock()

    def _refill(self) -> None:
        now = self.clock()
        gone, self._at = now - self._at, now
        for i in (0, 1):
            self.levels[i] = min(self.caps[i], self.levels[i] + gone * self.rates[i])

    def allowed_bytes(self) -> int:
        """Bytes that may be read now: no more than the events left either, since every event
        takes at least one byte (0 while either bucket is empty)."""
        self._refill()
        return max(0, int(min(self.levels)))

    def spend(self, nbytes: int, events: int) -> None:
        self.levels[0] -= nbytes
        self.levels[1] -= events

    def wait(self) -> float:
        """Seconds until a quarter of each bucket is back."""
        self._refill()
        waits = [
            (self.caps[i] / 4 - self.levels[i]) / self.rates[i]
            for i in (0, 1)
            if self.levels[i] < self.caps[i] / 4
        ]
        return max([0.01, *waits])


@dataclass
class _Tries:
    wrong: int = 0
    locked_until: float = 0.0
    last: float = 0.0
    """When the last wrong try came."""


class TryLimiter:
    """Wrong answers to a secret: ``free`` tries per key, then a lock-out that doubles with each
    further wrong try (``first_lock`` seconds, at most ``max_lock``)."""

    def __init__(
        self,
        free: int = 5,
        first_lock: float = 30.0,
        max_lock: float = 3600.0,
        *,
        clock: Clock = time.monotonic,
    ) -> None:
        self.free = free
        self.first_lock = first_lock
        self.max_lock = max_lock
        self.clock = clock
        self._tries: dict[str, _Tries] = {}

    def locked_for(self, *keys: str) -> float:
        """Seconds until every key may be tried again (0: now)."""
        now = self.clock()
        return max([0.0, *(self._tries[k].locked_until - now for k in keys if k in self._tries)])

    def failed(self, *keys: str) -> None:
        now = self.clock()
        for key in keys:
            tries = self._tries.setdefault(key, _Tries())
            tries.wrong += 1
            tries.last = now
            over = tries.wrong - self.free
            if over >= 0:
                lock = min(self.max_lock, self.first_lock * 2**over)
                tries.locked_until = now + lock

    def left(self, *keys: str) -> int:
        """Wrong tries left before a lock-out."""
        wrong = [self._tries[k].wrong for k in keys if k in self._tries]
        return max(0, self.free - max([0, *wrong]))

    def tried(self, key: str) -> bool:
        """Whether ``key`` has a wrong try counted (and not yet forgotten)."""
        return key in self._tries

    def succeeded(self, key: str) -> None:
        self._tries.pop(key, None)

    def forget_old(self, age: float) -> None:
        """Drop counters whose lock ended more than ``age`` seconds ago, and those never locked
        whose last wrong try is ``max_lock`` old (memory stays bounded)."""
        now = self.clock()
        for key, t in list(self._tries.items()):
            if now - t.locked_until > age if t.locked_until else now - t.last > self.max_lock:
                del self._tries[key]


PENALTIES = {"authfail": 5.0, "noauth": 1.0, "grace": 20.0, "broke": 30.0}
"""Seconds of penalty a source earns by each way of misbehaving (OpenSSH's defaults, except
``broke``: a session whose input could not be read or that kept the input budget exhausted)."""


@dataclass
class AdmissionRules:
    unauth_start: int = 24
    """Not-yet-authenticated connections beyond which new ones are dropped at random..."""
    unauth_rate: int = 30
    """...with this chance in percent, rising linearly..."""
    unauth_full: int = 48
    """...to every one at this many."""
    unauth_per_address: int = 4
    per_address: int = 8
    """Connections (authenticated or not) from one address."""
    total: int = 72
    """Connections in all (authenticated or not)."""
    penalty_min: float = 15.0
    """A source is refused while its penalty is above this many seconds..."""
    penalty_max: float = 600.0
    """...and its penalty never grows past this."""


@dataclass
class Admission:
    """Who may connect now: counters of connections per address, and penalties per address."""

    rules: AdmissionRules = field(default_factory=AdmissionRules)
    clock: Clock = time.monotonic
    rng: random.Random = field(default_factory=random.Random)
    unauth: Counter[str] = field(default_factory=Counter)
    connected: Counter[str] = field(default_factory=Counter)
    penalised_until: dict[str, float] = field(default_factory=dict)

    def refusal(self, address: str) -> str | None:
        """Why a new connection from ``address`` is refused now, or None to let it in."""
        r = self.rules
        if self.penalty(address) > r.penalty_min:
            return "penalised"
        if sum(self.connected.values()) >= r.total:
            return "too many connections"
        if self.connected[address] >= r.per_address:
            return "too many connections from one address"
        if self.unauth[address] >= r.unauth_per_address:
            return "too many unauthenticated connections from one address"
        waiting = sum(self.unauth.values())
        if waiting >= r.unauth_full:
            return "too many unauthenticated connections"
        if waiting >= r.unauth_start:
            span = max(1, r.unauth_full - r.unauth_start)
            chance = r.unauth_rate + (100 - r.unauth_rate) * (waiting - r.unauth_start) / span
            if self.rng.random() * 100 < chance:
                return "random early drop"
        return None

    def arrived(self, address: str) -> None:
        self.connected[address] += 1
        self.unauth[address] += 1

    def authenticated(self, address: str) -> None:
        _take(self.unauth, address)

    def left(self, address: str, *, authenticated: bool) -> None:
        _take(self.connected, address)
        if not authenticated:
            _take(self.unauth, address)

    def penalty(self, address: str) -> float:
        until = self.penalised_until.get(address)
        if until is None:
            return 0.0
        left = until - self.clock()
        if left <= 0:
            del self.penalised_until[address]
            return 0.0
        return left

    def penalise(self, address: str, why: str) -> None:
        now = self.clock()
        until = max(now, self.penalised_until.get(address, now)) + PENALTIES[why]
        self.penalised_until[address] = min(until, now + self.rules.penalty_max)


def _take(counter: Counter[str], key: str) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]

"""Jet Lag's entries: the two ways to play a card, and the dealer's chance entries.

A decision is a card played as a tourist (``Tourist``) or as a destination (``Destination``);
the dealer's entries are the setup, a pile taken and the three cards passed. Secret parts
(``cards``, ``salt``) are None in the copies of seats that may not see them (``redact``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

CHANCE: Final = -1
"""The seat of the dealer's entries (as in Jet Set's engine.jetset.actions)."""


@dataclass(frozen=True, slots=True)
class Tourist:
    """Play ``card`` as a tourist on your side of the destination at ``at`` (0: leftmost)."""

    card: str
    at: int


@dataclass(frozen=True, slots=True)
class Destination:
    """Play ``card`` as a destination and objective at the line's right end (else its left)."""

    card: str
    right: bool


@dataclass(frozen=True, slots=True)
class Setup:
    """Chance: the starting player, the two opening destinations (left to right) and the public
    commitment to each of the four piles (``pile_commitment``)."""

    starter: int
    opening: tuple[str, str]
    commitments: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Take:
    """Chance: the round's first player (``seat``) takes the next pile. ``cards`` and ``salt``
    (which opens the pile's commitment) are None in every other copy."""

    seat: int
    cards: tuple[str, ...] | None
    salt: str | None


@dataclass(frozen=True, slots=True)
class Pass:
    """Chance: the three cards the first player passes to ``seat``; None for spectators."""

    seat: int
    cards: tuple[str, ...] | None


Action = Tourist | Destination
Chance = Setup | Take | Pass


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a game's log: ``seat`` (CHANCE for the dealer) and what it did."""

    seat: int
    action: Action | Chance

    @property
    def actor(self) -> int:
        """Who made it, as every game's entries name it (engine/platform.py): ``seat``."""
        return self.seat


def redact(entry: Entry, seat: int | None) -> Entry:
    """The copy of ``entry`` that ``seat`` (None: a spectator) may receive."""
    a = entry.action
    if isinstance(a, Take) and seat != a.seat and a.cards is not None:
        return Entry(entry.seat, Take(a.seat, None, None))
    if isinstance(a, Pass) and seat is None and a.cards is not None:
        return Entry(entry.seat, Pass(a.seat, None))
    return entry


def to_wire(entry: Entry) -> dict[str, object]:
    """An entry as plain data (for logs and the network; ``from_wire`` reads it back)."""
    a = entry.action
    if isinstance(a, Tourist):
        return {"seat": entry.seat, "t": "tourist", "card": a.card, "at": a.at}
    if isinstance(a, Destination):
        return {"seat": entry.seat, "t": "destination", "card": a.card, "right": a.right}
    if isinstance(a, Setup):
        return {
            "seat": entry.seat,
            "t": "setup",
            "starter": a.starter,
            "opening": list(a.opening),
            "commitments": list(a.commitments),
        }
    if isinstance(a, Take):
        cards = None if a.cards is None else list(a.cards)
        return {"seat": entry.seat, "t": "take", "to": a.seat, "cards": cards, "salt": a.salt}
    cards = None if a.cards is None else list(a.cards)
    return {"seat": entry.seat, "t": "pass", "to": a.seat, "cards": cards}


def from_wire(raw: dict[str, object]) -> Entry:
    """An entry from ``to_wire``'s plain data; ValueError for anything else."""
    try:
        return Entry(_int(raw["seat"]), _action(raw))
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a Jet Lag entry: {exc}") from None


def _action(raw: dict[str, object]) -> Action | Chance:
    kind = raw["t"]
    if kind == "tourist":
        return Tourist(_str(raw["card"]), _int(raw["at"]))
    if kind == "destination":
        return Destination(_str(raw["card"]), _bool(raw["right"]))
    if kind == "setup":
        opening = _strs(raw["opening"])
        if opening is None or len(opening) != 2:
            raise ValueError("a setup opens with two destinations")
        commitments = _strs(raw["commitments"]) or ()
        return Setup(_int(raw["starter"]), (opening[0], opening[1]), commitments)
    if kind == "take":
        salt = raw["salt"]
        if salt is not None and not isinstance(salt, str):
            raise ValueError("a salt is text")
        return Take(_int(raw["to"]), _strs(raw["cards"]), salt)
    if kind == "pass":
        return Pass(_int(raw["to"]), _strs(raw["cards"]))
    raise ValueError(f"unknown entry kind {kind!r}")


def _int(x: object) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise ValueError(f"expected a whole number, got {x!r}")
    return x


def _bool(x: object) -> bool:
    if not isinstance(x, bool):
        raise ValueError(f"expected true or false, got {x!r}")
    return x


def _str(x: object) -> str:
    if not isinstance(x, str):
        raise ValueError(f"expected text, got {x!r}")
    return x


def _strs(x: object) -> tuple[str, ...] | None:
    if x is None:
        return None
    if not isinstance(x, list):
        raise ValueError(f"expected a list, got {x!r}")
    return tuple(_str(i) for i in x)

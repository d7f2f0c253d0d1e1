"""Jet Lag's 18 cards, as ``data/jetlag.json`` lists them (docs/rules-decisions.md, "Jet Lag")."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Final

import data

TOURISTS: Final = ("panda", "hyena", "beaver")
DESTINATIONS: Final = ("beach", "city", "mountain", "countryside")
POSITIVE: Final = 2
NEGATIVE: Final = -1
CONTROL: Final = 3
LINE_LIMIT: Final = 5
PILES: Final = 4
PILE_SIZE: Final = 4
OPENING: Final = 2


@dataclass(frozen=True, slots=True)
class Objective:
    """The objective on a card's back: ``kind`` with its tourist, destination and points."""

    kind: str
    tourist: str = ""
    destination: str = ""
    points: int = 1


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a tourist on the front, a destination (one kind or a double) and an objective
    on the back."""

    id: str
    tourist: str
    value: int
    positive: tuple[str, ...]
    negative: tuple[str, ...]
    destination: tuple[str, ...]
    objective: Objective

    @property
    def double(self) -> bool:
        """A double destination: two kinds on one card, counting as two destinations."""
        return len(self.destination) == 2

    @property
    def weight(self) -> int:
        """How many destinations the card counts as (control, objectives per destination)."""
        return len(self.destination)

    def affinity(self, kinds: tuple[str, ...]) -> int:
        """The affinity points of this tourist at a destination of ``kinds``."""
        return POSITIVE * sum(k in kinds for k in self.positive) + NEGATIVE * sum(
            k in kinds for k in self.negative
        )


def _card(raw: dict[str, Any]) -> Card:
    objective = Objective(**raw["objective"])
    return Card(
        id=raw["id"],
        tourist=raw["tourist"],
        value=raw["value"],
        positive=tuple(raw["positive"]),
        negative=tuple(raw["negative"]),
        destination=tuple(raw["destination"]),
        objective=objective,
    )


@cache
def deck() -> dict[str, Card]:
    """Every card by id, in the file's order."""
    return {c["id"]: _card(c) for c in data.jetlag_json()["cards"]}


@cache
def card_ids() -> tuple[str, ...]:
    """The card ids in the file's order (the order the dealer shuffles from)."""
    return tuple(deck())


@cache
def card_set() -> frozenset[str]:
    """The card ids as a set: whether a word names a card."""
    return frozenset(deck())

"""Every entry of a game log: decisions by seats and chance outcomes by the dealer.

Actions are small immutable values. Links and cities are board indices; cards are card ids. The
canonical form (what ``legal_actions`` lists and the notation prints) sorts placements by link.
"""

from __future__ import annotations

from functools import cache
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

MYPYC = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Compiled by mypyc, which sees ``value`` as ``dataclasses.dataclass`` (engine/values.py)."""
if MYPYC:
    from dataclasses import dataclass as value
else:
    from engine.values import value


@value(unsafe_hash=True)
class Refill:
    """Flight Card Phase: pay €1 and turn up ``count`` more cards of a row."""

    row: str
    count: int


@value(unsafe_hash=True)
class Buy:
    """Action 1: claim an unowned airlink and put planes on it."""

    link: int
    planes: int


@value(unsafe_hash=True)
class Place:
    """Action 2: planes on links you already own, as ``(link, planes)`` pairs sorted by link."""

    placements: tuple[tuple[int, int], ...]


@value(unsafe_hash=True)
class Rent:
    """Action 3: planes on another player's airlink."""

    link: int
    planes: int


@value(unsafe_hash=True)
class Claim:
    """Action 4: a face-up Short or Long Flight card, with the path of cities flown."""

    card: str
    path: tuple[int, ...]


@value(unsafe_hash=True)
class ClaimFinal:
    """Action 4 with a Final Flight card from your hand (Vacation Time)."""

    card: str
    path: tuple[int, ...]


@value(unsafe_hash=True)
class Income:
    """Action 5: take income."""


@value(unsafe_hash=True)
class FinalPlane:
    """After your Final Flight: one plane from stock onto the card, instead of an action."""


@value(unsafe_hash=True)
class Pass:
    """Only when nothing else is legal: a Final Flight player with no plane left in stock."""


@value(unsafe_hash=True)
class EndVote:
    """docs/rules-decisions.md: a player's answer to the offer to end the game, made after five
    rounds of nothing but income or a pass (``accept``: end it now)."""

    accept: bool


@value(unsafe_hash=True)
class Setup:
    """Chance: the opening face-up rows, as the setup shuffle laid them out."""

    short_row: tuple[str, ...]
    long_row: tuple[str, ...]


@value(unsafe_hash=True)
class Deal:
    """Chance: two Final Flight cards dealt to a seat.

    ``cards`` and ``salt`` are None in the copy other seats receive; ``commitment`` is public and
    equals ``hand_commitment(seat, cards, salt)``.
    """

    seat: int
    cards: tuple[str, str] | None
    salt: str | None
    commitment: str


@value(unsafe_hash=True)
class Reveal:
    """Chance: the top card of a deck turned face up."""

    row: str
    card: str


Decision = Refill | Buy | Place | Rent | Claim | ClaimFinal | Income | FinalPlane | Pass | EndVote
Chance = Setup | Deal | Reveal
Action = Decision | Chance
CHANCE_TYPES: Final = (Setup, Deal, Reveal)

CHANCE: Final = -1
"""The actor of a chance entry."""


@value(unsafe_hash=True)
class Entry:
    """One line of the log: who acted (a seat, or ``CHANCE``) and what."""

    actor: int
    action: Action


def redact(entry: Entry, seat: int | None) -> Entry:
    """The entry as ``seat`` may see it (None: a spectator): other seats' dealt cards hidden."""
    act = entry.action
    if isinstance(act, Deal) and act.seat != seat and act.cards is not None:
        return Entry(entry.actor, Deal(act.seat, None, None, act.commitment))
    return entry


@cache
def buy(link: int, planes: int) -> Buy:
    """A shared Buy value (actions are immutable; ``legal_actions`` lists the same ones often)."""
    return Buy(link, planes)


@cache
def rent(link: int, planes: int) -> Rent:
    return Rent(link, planes)


@cache
def place_one(link: int, planes: int) -> Place:
    """Planes on a single own link."""
    return Place(((link, planes),))

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


@value(unsafe_hash=True)
class DealInvestors:
    """Chance (Investors module): the two Investor cards onto the Vacation spaces, in space order.

    Face down, ``cards`` and ``salts`` are None in the copy every seat receives; ``commitments``
    are public, each ``investor_commitment(space, card, salt)``. Face up (the variant) the cards
    are public and there are no salts nor commitments.
    """

    cards: tuple[str, str] | None
    salts: tuple[str, str] | None
    commitments: tuple[str, str] | None


@value(unsafe_hash=True)
class TurnInvestor:
    """Chance (Investors module): a Vacation card replaced the face-down Investor on ``space``
    (0 or 1); here it is, with the salt that opens its commitment, and it pays at once."""

    space: int
    card: str
    salt: str


@value(unsafe_hash=True)
class ReplaceInvestor:
    """Investors, face up: the player to move chooses the Investor the Vacation card replaces."""

    card: str


@value(unsafe_hash=True)
class PlaceHub:
    """Hubs, before the first turn: a seat's first hub token onto a city with no hub."""

    city: int


HUB_BONUS_KINDS: Final = ("cash", "point", "income", "hub")
"""The choices for a flight through your own hub: the €2 payoff, a 1-point marker, a +€2 income
marker, or your second hub (docs/rules-decisions.md)."""


@value(unsafe_hash=True)
class HubBonus:
    """Hubs, right after a claim whose path passed through one of your own hubs: the €2 payoff
    (``cash``) or a hub bonus instead (``point``, ``income``, or ``hub`` with the second hub's
    ``city``; ``city`` is -1 for the other kinds)."""

    kind: str
    city: int


@value(unsafe_hash=True)
class BuyDistant:
    """Distant Lands, Action 1: an unowned distant airlink ``slot``, its European end the City
    marker ``city`` chosen now, with planes on it."""

    slot: int
    city: int
    planes: int


@value(unsafe_hash=True)
class PlaceDistant:
    """Distant Lands, Action 2: planes on own distant airlinks (``distant``: ``(slot, planes)``
    pairs sorted by slot), and on own European links too (``placements``) in the same action."""

    placements: tuple[tuple[int, int], ...]
    distant: tuple[tuple[int, int], ...]


@value(unsafe_hash=True)
class RentDistant:
    """Distant Lands, Action 3: planes on another player's distant airlink."""

    slot: int
    planes: int


@value(unsafe_hash=True)
class ClaimDistant:
    """Distant Lands, Action 4: a Distant Flight card from its row. ``path`` is the European
    part of the flight, from the card's European city to the City-marker city of a distant
    airlink to the card's distant city (one city when they are the same); that link ends it."""

    card: str
    path: tuple[int, ...]


@value(unsafe_hash=True)
class DrawDistant:
    """Chance: a Distant Flight card turned up from the top of its deck, or the bottom."""

    card: str
    bottom: bool


@value(unsafe_hash=True)
class PlayCard:
    """Business cards: play a card of ``kind`` from your hand (or, Taxes, pick up the one in
    front of you). ``seat``: the player it aims at (-1: none); ``links``: the airlinks it names,
    a link once per plane, pairs (from, to) for Transfers and Relocate; ``card``: a Flight card
    (Lock a Flight Card); ``distant``: the Distant airlinks it names (slot numbers, once per plane:
    Recall Planes and Friendly Rivalry)."""

    kind: str
    seat: int = -1
    links: tuple[int, ...] = ()
    card: str = ""
    distant: tuple[int, ...] = ()


@value(unsafe_hash=True)
class Dividends:
    """Business cards: the card "Dividends", played as the turn's action: take income twice."""


@value(unsafe_hash=True)
class CashIn:
    """Business cards: discard a card of ``kind`` from your hand for €5 from the bank."""

    kind: str


@value(unsafe_hash=True)
class Offer:
    """Business Deal: offer ``seat`` a deal; you would put one of your planes on its link
    ``link`` (-1: you cannot place one). The card you would discard is not named: you choose it
    once the deal is accepted (``DealDiscard``), so a refused deal tells no one your hand."""

    seat: int
    link: int


@value(unsafe_hash=True)
class Accept:
    """Business Deal answered yes: discard ``kind``, one of your planes on the offerer's ``link``
    (-1: you cannot place one)."""

    kind: str
    link: int


@value(unsafe_hash=True)
class Decline:
    """Business Deal answered no."""


@value(unsafe_hash=True)
class DealDiscard:
    """Business Deal accepted: the offering player discards ``kind``, and their plane goes on
    the link the offer named."""

    kind: str


@value(unsafe_hash=True)
class EndTurn:
    """Business cards: end a turn that went on after its action (a Business card was drawn)."""


@value(unsafe_hash=True)
class BusinessDraw:
    """Chance: the top Business card to ``seat``. ``kind`` and ``salt`` are None in other seats'
    copies; ``commitment`` equals ``draw_commitment(seat, draw, kind, salt)``."""

    seat: int
    kind: str | None
    salt: str | None
    commitment: str


@value(unsafe_hash=True)
class BusinessShuffle:
    """Chance: the Business discards, ``count`` cards, shuffled into a new draw pile."""

    count: int


@value(unsafe_hash=True)
class BuyoutDraw:
    """Chance: the top Short Flight card, taken by the player who played Buyout."""

    card: str


@value(unsafe_hash=True)
class FinalsDraw:
    """Chance: two more Final Flight cards to ``seat`` (the Business card "Final Flights"),
    hidden from other seats like ``Deal``."""

    seat: int
    cards: tuple[str, str] | None
    salt: str | None
    commitment: str


@value(unsafe_hash=True)
class OpenEndCards:
    """Chance (Business cards), when the game ends with cards in hand: the end-of-game cards
    each seat still holds ("Play at the end of the game": Catch up, Planes), in seat order and
    each seat's in data order, laid face up in front of it to be scored. Public in every copy:
    the game is over, and its other cards stay in hand unseen."""

    cards: tuple[tuple[str, ...], ...]


BUSINESS_DECISIONS: Final = (
    PlayCard,
    Dividends,
    CashIn,
    Offer,
    Accept,
    Decline,
    DealDiscard,
    EndTurn,
)
BUSINESS_CHANCE: Final = (BusinessDraw, BusinessShuffle, BuyoutDraw, FinalsDraw, OpenEndCards)

Decision = (
    Refill
    | Buy
    | Place
    | Rent
    | Claim
    | ClaimFinal
    | Income
    | FinalPlane
    | Pass
    | BuyDistant
    | PlaceDistant
    | RentDistant
    | ClaimDistant
    | PlayCard
    | Dividends
    | CashIn
    | Offer
    | Accept
    | Decline
    | DealDiscard
    | EndTurn
    | PlaceHub
    | HubBonus
    | ReplaceInvestor
    | EndVote
)
Chance = (
    Setup
    | Deal
    | Reveal
    | DrawDistant
    | BusinessDraw
    | BusinessShuffle
    | BuyoutDraw
    | FinalsDraw
    | OpenEndCards
    | DealInvestors
    | TurnInvestor
)
Action = Decision | Chance
CHANCE_TYPES: Final = (
    Setup,
    Deal,
    Reveal,
    DrawDistant,
    BusinessDraw,
    BusinessShuffle,
    BuyoutDraw,
    FinalsDraw,
    OpenEndCards,
    DealInvestors,
    TurnInvestor,
)

CHANCE: Final = -1
"""The actor of a chance entry."""


@value(unsafe_hash=True)
class Entry:
    """One line of the log: who acted (a seat, or ``CHANCE``) and what."""

    actor: int
    action: Action


def redact(entry: Entry, seat: int | None) -> Entry:
    """The entry as ``seat`` may see it (None: a spectator): other seats' dealt Final Flights
    and drawn Business cards hidden, and the face-down Investors hidden from every seat."""
    act = entry.action
    if isinstance(act, Deal) and act.seat != seat and act.cards is not None:
        return Entry(entry.actor, Deal(act.seat, None, None, act.commitment))
    if isinstance(act, BusinessDraw) and act.seat != seat and act.kind is not None:
        return Entry(entry.actor, BusinessDraw(act.seat, None, None, act.commitment))
    if isinstance(act, FinalsDraw) and act.seat != seat and act.cards is not None:
        return Entry(entry.actor, FinalsDraw(act.seat, None, None, act.commitment))
    if isinstance(act, DealInvestors) and act.commitments is not None and act.cards is not None:
        return Entry(entry.actor, DealInvestors(None, None, act.commitments))  # nobody's cards
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

"""Distant Lands (expansion rulebook, "Distant Lands"): its board and its part of the table.

``DistantBoard`` indexes the supplementary boards from ``data/board.json``: four distant cities,
two airlink slots each (printed prices €20 and €22), the six City-marker cities (two markers
each), the 36 Distant Flight cards (a European city to a distant city, 8 points) and their
Vacation card. A slot is named by its distant city and number (``WAS1``, ``WAS2``); its
European end is the City marker chosen when it is bought.

``DistantState`` is the module's one attribute of ``State`` (``state.distant``, None when the
module is off): the slots' owners, City markers and planes, the Distant row, the cards left in
the deck (not their order: only the dealer knows it), the discards, each seat's Distant cards.
Its mutators keep ``state.hash`` up to date with keys from its own stream, so the base game's
digests do not change (docs/log-format.md, "State digest").
"""

from __future__ import annotations

from functools import lru_cache
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, Final

import data
from engine.jetset.board import load_board
from engine.rng import Rng

MYPYC = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Compiled by mypyc, which sees ``value`` as ``dataclasses.dataclass`` (engine/values.py)."""
if MYPYC:
    from dataclasses import dataclass as value
else:
    from engine.values import value

if TYPE_CHECKING:
    from engine.jetset.state import State

DISTANT: Final = "distant"
"""The Distant Flight deck, as ``State.to_reveal`` names it when it must turn up a card."""

ROW_SIZE: Final = 2
"""The Distant row always holds two cards, to two different distant cities."""

PLANE_PRICE: Final = 25
"""Every plane placed on a distant airlink costs €25 (to the bank, or to the owner when rented)."""

RENT_TO_BANK: Final = 5
"""Renting a distant plane: €25 to the owner and €5 more to the bank."""

POINTS: Final = 8
INCOME: Final = 5
"""A Distant Flight card: 8 points at the end, a fixed €5 at every Take income, no markers."""

# Where a Distant card is (slot values; 0: in the deck).
IN_ROW: Final = 1
DISCARDED: Final = 2
ON_TRACK: Final = 3
IGNORED: Final = 4
SET_ASIDE: Final = 5
CLAIMED_BY: Final = 8  # + seat

# Slot layout: ``from_bottom``, then 8 slots per airlink slot (owner + 1, City marker city + 1,
# then the planes of each of six seats), then one location per card.
FROM_BOTTOM: Final = 0
LINK_BASE: Final = 1
LINK_SLOTS: Final = 8
MAX_SEATS: Final = 6


@value(unsafe_hash=True)
class DistantCity:
    index: int
    code: str
    name: str


@value(unsafe_hash=True)
class DistantSlot:
    """One printed airlink of a distant city: ``number`` 1 or 2 on its board, its price."""

    index: int
    city: int
    number: int
    cost: int


@value(unsafe_hash=True)
class DistantCard:
    """A Distant Flight card: ``city`` (European, a board city) to ``distant`` (a distant city)."""

    id: str
    city: int
    distant: int


@value(unsafe_hash=True)
class DistantBoard:
    cities: tuple[DistantCity, ...]
    slots: tuple[DistantSlot, ...]
    marker_cities: tuple[int, ...]
    """The European cities on City markers (board city indices)."""
    markers_each: int
    cards: dict[str, DistantCard]
    deck: tuple[str, ...]
    """Every card of the Distant deck in data order, the Vacation card last."""
    vacation: str
    card_number: dict[str, int]
    slot_named: dict[str, int]
    city_named: dict[str, int]

    def slot_name(self, slot: int) -> str:
        s = self.slots[slot]
        return f"{self.cities[s.city].code}{s.number}"

    def city_slots(self, city: int) -> tuple[int, ...]:
        return tuple(s.index for s in self.slots if s.city == city)


@lru_cache(maxsize=1)
def load_distant() -> DistantBoard:
    """The supplementary boards and the Distant deck of the shipped data (cached)."""
    raw = data.board_json()["expansion"]
    europe = load_board().city_index
    cities = tuple(
        DistantCity(i, c["code"], c["name"]) for i, c in enumerate(raw["distant_cities"])
    )
    by_name = {c.name: c.index for c in cities}
    by_code = {c.code: c.index for c in cities}
    slots = tuple(
        DistantSlot(i, by_name[s["distant"]], int(s["slot"]), int(s["cost"]))
        for i, s in enumerate(raw["distant_airlinks"])
    )
    cards: dict[str, DistantCard] = {}
    vacation = ""
    for rc in raw["distant_flights"]:
        if rc.get("vacation"):
            vacation = rc["id"]
        else:
            cards[rc["id"]] = DistantCard(rc["id"], europe[rc["a"]], by_code[rc["b"]])
    deck = (*cards, vacation)
    board = DistantBoard(
        cities=cities,
        slots=slots,
        marker_cities=tuple(europe[c] for c in raw["city_marker_cities"]),
        markers_each=int(raw["city_markers_each"]),
        cards=cards,
        deck=deck,
        vacation=vacation,
        card_number={cid: i for i, cid in enumerate(deck)},
        slot_named={},
        city_named=by_code,
    )
    for s in slots:
        board.slot_named[board.slot_name(s.index)] = s.index
    return board


@lru_cache(maxsize=1)
def distant_keys() -> tuple[int, ...]:
    """The module's slot keys: 128-bit words from its own stream (engine/jetset/slots.py has the
    base)."""
    rng = Rng("jetset-digest-keys-distant_lands")
    board = load_distant()
    count = LINK_BASE + LINK_SLOTS * len(board.slots) + len(board.deck)
    return tuple((rng.next64() << 64) | rng.next64() for _ in range(count))


class DistantState:
    """The Distant Lands part of the table. Changed only through its mutators, which take the
    ``State`` whose hash they keep."""

    def __init__(self, players: int, *, blank: bool = False) -> None:
        self.board = load_distant()
        self.keys = distant_keys()
        if blank:
            return
        slots = len(self.board.slots)
        self.owner = [-1] * slots
        self.marker = [-1] * slots
        """The European city of each slot's City marker, -1 while unowned."""
        self.planes = [[0] * players for _ in range(slots)]
        self.row: list[str] = []
        self.deck: list[str] = list(self.board.deck)
        self.discards: list[str] = []
        self.ignored: list[str] = []
        self.set_aside: list[str] = []
        self.claimed: list[list[str]] = [[] for _ in range(players)]
        self.from_bottom = False
        """A duplicate was just discarded: the next card comes from the bottom of the deck."""
        self.location: dict[str, int] = {}

    def copy(self) -> DistantState:
        s = DistantState(len(self.claimed), blank=True)
        s.owner = self.owner[:]
        s.marker = self.marker[:]
        s.planes = [p[:] for p in self.planes]
        s.row = self.row[:]
        s.deck = self.deck[:]
        s.discards = self.discards[:]
        s.ignored = self.ignored[:]
        s.set_aside = self.set_aside[:]
        s.claimed = [c[:] for c in self.claimed]
        s.from_bottom = self.from_bottom
        s.location = dict(self.location)
        return s

    # -- questions --------------------------------------------------------------------------

    def needs_card(self) -> bool:
        """The row is short of two cards and the deck still has some."""
        return len(self.row) < ROW_SIZE and bool(self.deck)

    def markers_used(self, city: int) -> int:
        return sum(1 for m in self.marker if m == city)

    def slot_between(self, city: int, distant: int) -> int | None:
        """The owned slot joining a European city to a distant city, or None (at most one:
        a distant city's two links never come from one European city)."""
        for slot in self.board.city_slots(distant):
            if self.marker[slot] == city:
                return slot
        return None

    def link_name(self, slot: int) -> str:
        """``PAR-WAS`` once bought, ``WAS1`` before."""
        board = self.board
        if self.marker[slot] < 0:
            return board.slot_name(slot)
        europe = load_board().city_code(self.marker[slot])
        return f"{europe}-{board.cities[board.slots[slot].city].code}"

    # -- mutators ---------------------------------------------------------------------------

    def _bump(self, state: State, slot: int, delta: int) -> None:
        if delta:
            state.hash += delta * self.keys[slot]

    def buy(self, state: State, slot: int, seat: int, city: int) -> None:
        """Ownership marker and City marker on a slot."""
        base = LINK_BASE + LINK_SLOTS * slot
        self._bump(state, base, seat - self.owner[slot])
        self._bump(state, base + 1, city - self.marker[slot])
        self.owner[slot] = seat
        self.marker[slot] = city

    def add_planes(self, state: State, slot: int, seat: int, planes: int) -> None:
        self.planes[slot][seat] += planes
        self._bump(state, LINK_BASE + LINK_SLOTS * slot + 2 + seat, planes)

    def _move(self, state: State, card: str, location: int) -> None:
        slot = LINK_BASE + LINK_SLOTS * len(self.board.slots) + self.board.card_number[card]
        self._bump(state, slot, location - self.location.get(card, 0))
        if location:
            self.location[card] = location
        else:
            self.location.pop(card, None)

    def _set_from_bottom(self, state: State, flag: bool) -> None:
        self._bump(state, FROM_BOTTOM, int(flag) - int(self.from_bottom))
        self.from_bottom = flag

    def turn_up(self, state: State, card: str) -> None:
        """A card from the deck: into the row, discarded if it flies to the same distant city as
        the card already there (the next comes from the bottom), or the Vacation card to the
        Vacation track (ignored once two are up)."""
        self.deck.remove(card)
        if card == self.board.vacation:
            if state.vacation_time:
                self.ignored.append(card)
                self._move(state, card, IGNORED)
            else:
                state.add_vacation(card)
                self._move(state, card, ON_TRACK)
        elif any(self.board.cards[c].distant == self.board.cards[card].distant for c in self.row):
            self.discards.append(card)
            self._move(state, card, DISCARDED)
            self._set_from_bottom(state, True)
        else:
            self.row.append(card)
            self._move(state, card, IN_ROW)
            self._set_from_bottom(state, False)
        state.refresh_to_reveal()

    def claim(self, state: State, seat: int, card: str) -> None:
        self.row.remove(card)
        self.claimed[seat].append(card)
        state.add_extra_income(seat, INCOME)
        self._move(state, card, CLAIMED_BY + seat)
        state.refresh_to_reveal()

    def put_deck_aside(self, state: State) -> None:
        """Vacation Time: no more Distant cards come out. (``_move`` for each card of the deck,
        the hash's changes in one sum: most of the deck goes at once.)"""
        base = LINK_BASE + LINK_SLOTS * len(self.board.slots)
        number = self.board.card_number
        keys = self.keys
        location = self.location
        delta = 0
        for card in self.deck:
            delta += (SET_ASIDE - location.get(card, 0)) * keys[base + number[card]]
            location[card] = SET_ASIDE
        state.hash += delta
        self.set_aside.extend(self.deck)
        self.deck = []
        self._set_from_bottom(state, False)

    # -- the digest -------------------------------------------------------------------------

    def slot_values(self) -> list[int]:
        values = [0] * len(self.keys)
        values[FROM_BOTTOM] = int(self.from_bottom)
        for slot, owner in enumerate(self.owner):
            base = LINK_BASE + LINK_SLOTS * slot
            values[base] = owner + 1
            values[base + 1] = self.marker[slot] + 1
            for seat, planes in enumerate(self.planes[slot]):
                values[base + 2 + seat] = planes
        card_base = LINK_BASE + LINK_SLOTS * len(self.board.slots)
        number = self.board.card_number
        for pile, code in (
            (self.row, IN_ROW),
            (self.discards, DISCARDED),
            (self.ignored, IGNORED),
            (self.set_aside, SET_ASIDE),
        ):
            for card in pile:
                values[card_base + number[card]] = code
        for seat, cards in enumerate(self.claimed):
            for card in cards:
                values[card_base + number[card]] = CLAIMED_BY + seat
        vacation = self.board.vacation
        if vacation not in self.deck + self.ignored + self.set_aside:
            values[card_base + number[vacation]] = ON_TRACK
        return values


def distant_points(state: State, seat: int) -> tuple[int, ...]:
    """The points of a seat's Distant cards, one entry a card (none when the module is off)."""
    d = state.distant
    return (POINTS,) * len(d.claimed[seat]) if d is not None else ()


def distant_income(state: State, seat: int) -> int:
    d = state.distant
    return INCOME * len(d.claimed[seat]) if d is not None else 0

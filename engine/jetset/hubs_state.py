"""The Hubs module's part of the table (expansion rulebook, "Hubs"): who has a hub where, the
1-point and +€2 markers each player has taken, whose first hub is placed next, and the hub
bonuses the player who just claimed a card still has to choose.

All of it is public. It is one attribute of ``State`` (``state.hubs``, None when the module is
off) with its own digest slots, appended after the base game's, and their keys from their own
stream, ``Rng("jetset-digest-keys-hubs")``, so the base game's digests do not change
(docs/log-format.md, "State digest"). Every change goes through a mutator here that keeps
``state.hash`` up to date.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Final

import data
from engine.jetset.slots import MAX_SEATS, path_code
from engine.rng import Rng

if TYPE_CHECKING:
    from engine.jetset.state import State

PLACING: Final = 0
"""Slot: the seat to place its first hub next, plus one (0: every seat has placed)."""
PENDING: Final = 1
"""Slot: the cities of the hub bonuses still to choose, as a path code."""
HUB_SEAT_BASE: Final = 2
HUB_SEAT_SLOTS: Final = 4
FIRST_HUB: Final = 0  # city + 1, 0 for none
SECOND_HUB: Final = 1
POINT_MARKERS: Final = 2
INCOME_MARKERS: Final = 3
HUB_SLOTS: Final = HUB_SEAT_BASE + HUB_SEAT_SLOTS * MAX_SEATS
HUB_SLOT_NAMES: Final = ("first hub", "second hub", "1-point markers", "+€2 markers")
INCOME_MARKER: Final[int] = int(data.hubs_json()["income_marker"])
"""A 2-Euro marker adds €2 to its owner's income."""


@lru_cache(maxsize=1)
def hub_keys() -> tuple[int, ...]:
    """The fixed random key of every hub slot: 128-bit words from their own stream."""
    rng = Rng("jetset-digest-keys-hubs")
    return tuple((rng.next64() << 64) | rng.next64() for _ in range(HUB_SLOTS))


def hub_slot_name(slot: int) -> str:
    """What a hub slot holds, in words (for a desync report)."""
    if slot == PLACING:
        return "hubs: seat to place next"
    if slot == PENDING:
        return "hubs: bonuses to choose"
    seat, field = divmod(slot - HUB_SEAT_BASE, HUB_SEAT_SLOTS)
    return f"seat {seat} {HUB_SLOT_NAMES[field]}"


class HubsState:
    """Hubs, markers and the module's turn state; changed only through the mutators."""

    __slots__ = ("cities", "income", "keys", "owners", "pending", "placing", "points")

    def __init__(self, players: int) -> None:
        self.keys = hub_keys()
        self.cities: list[list[int]] = [[] for _ in range(players)]
        """Each seat's hub cities, in the order they were placed (at most two)."""
        self.owners: dict[int, int] = {}
        """City → the seat with a hub there (``cities`` the other way round, for ``owner``,
        which every claim asks of each city on its path)."""
        self.points = [0] * players
        """Each seat's 1-point markers."""
        self.income = [0] * players
        """Each seat's +€2 income markers."""
        self.placing = players - 1
        """The seat to place its first hub next (the last player first, then counterclockwise
        to the first player); -1 once every seat has one."""
        self.pending: list[int] = []
        """The claimant's own hubs its flight just passed through, each waiting for the choice of
        a hub bonus or the €2 payoff, in path order."""

    def copy(self) -> HubsState:
        h = HubsState(0)
        h.keys = self.keys
        h.cities = [c[:] for c in self.cities]
        h.owners = dict(self.owners)
        h.points = self.points[:]
        h.income = self.income[:]
        h.placing = self.placing
        h.pending = self.pending[:]
        return h

    # -- questions ---------------------------------------------------------------------------

    def owner(self, city: int) -> int:
        """The seat with a hub in ``city``, or -1."""
        return self.owners.get(city, -1)

    @property
    def busy(self) -> bool:
        """A hub decision comes before anything else: a first hub to place or a bonus to pick."""
        return self.placing >= 0 or bool(self.pending)

    # -- mutators ----------------------------------------------------------------------------

    def _bump(self, state: State, slot: int, delta: int) -> None:
        if delta:
            state.hash += delta * self.keys[slot]

    def place_hub(self, state: State, seat: int, city: int) -> None:
        """A hub token of ``seat`` onto ``city`` (its first or its second)."""
        field = len(self.cities[seat])
        self.cities[seat].append(city)
        self.owners[city] = seat
        self._bump(state, HUB_SEAT_BASE + HUB_SEAT_SLOTS * seat + field, city + 1)

    def set_placing(self, state: State, seat: int) -> None:
        self._bump(state, PLACING, seat - self.placing)
        self.placing = seat
        if seat >= 0:
            state.hold_up()  # a hub to place: busy
        else:
            state.refresh_quiet()

    def set_pending(self, state: State, cities: list[int]) -> None:
        self._bump(state, PENDING, path_code(tuple(cities)) - path_code(tuple(self.pending)))
        self.pending = cities
        if cities:
            state.hold_up()  # a bonus to choose: busy
        else:
            state.refresh_quiet()

    def add_point(self, state: State, seat: int) -> None:
        self.points[seat] += 1
        self._bump(state, HUB_SEAT_BASE + HUB_SEAT_SLOTS * seat + POINT_MARKERS, 1)

    def add_income(self, state: State, seat: int) -> None:
        self.income[seat] += 1
        state.add_extra_income(seat, INCOME_MARKER)
        self._bump(state, HUB_SEAT_BASE + HUB_SEAT_SLOTS * seat + INCOME_MARKERS, 1)

    # -- the digest --------------------------------------------------------------------------

    def slot_values(self) -> list[int]:
        values = [0] * HUB_SLOTS
        values[PLACING] = self.placing + 1
        values[PENDING] = path_code(tuple(self.pending))
        for seat, cities in enumerate(self.cities):
            base = HUB_SEAT_BASE + HUB_SEAT_SLOTS * seat
            for field, city in enumerate(cities):
                values[base + field] = city + 1
            values[base + POINT_MARKERS] = self.points[seat]
            values[base + INCOME_MARKERS] = self.income[seat]
        return values

    def opening_hash(self) -> int:
        """A new module's share of the hash: only the seat to place first is non-zero."""
        return (self.placing + 1) * self.keys[PLACING]


POINT_MARKER: Final[int] = int(data.hubs_json()["point_marker"])
"""A 1-point marker is worth a point at the end of the game."""


def hub_points(state: State, seat: int) -> int:
    """What a seat's 1-point markers add to its score."""
    hubs = state.hubs
    return POINT_MARKER * hubs.points[seat] if hubs is not None else 0

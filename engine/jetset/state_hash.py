"""The state hash, kept the way chess engines keep a Zobrist hash (docs/log-format.md, "State
digest"): the public state is a vector of integer *slots* (engine/jetset/slots.py), each with a
fixed random 128-bit key, and ``hash`` is the sum of value × key over all slots; the digest is
that sum modulo 2**128. ``HashedTable``, the base of ``State`` (engine/jetset/state.py), declares
the fields the slots read and holds the mutators that change one slot or a few (a seat's cash
and stock, an airlink's owner and planes, a card's place, a row's counter), each adding
(new − old) × key; ``recompute_hash`` sums from scratch and the tests check the two always agree.
The sum is kept whole, not reduced at every change: its terms are bounded (no value exceeds 64
bits), so it stays a few machine words long, and one reduction per digest is cheaper than one per
change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.jetset.board import ROWS, Board
from engine.jetset.business_slots import KEYS as BUSINESS_KEYS
from engine.jetset.seats import Seat
from engine.jetset.slots import (
    CASH,
    CLAIMED_BY,
    COMMITMENT,
    CURRENT,
    DEALT,
    DRAWN,
    END,
    FINAL_OF,
    FINAL_PATH,
    FINAL_PLANES,
    GOAL,
    HAND_SIZE,
    IDLE,
    IGNORED,
    LINK_BASE,
    LINK_SLOTS,
    MARKERS,
    ON_VACATION_TRACK,
    PAID,
    PHASE,
    PHASE_CODES,
    PLANES,
    REFILLING,
    ROW_LOCATION,
    SEAT_BASE,
    SEAT_SLOTS,
    SET_ASIDE,
    SET_ASIDE_PILE,
    TURN,
    path_code,
    refilling_code,
    text_code,
)

if TYPE_CHECKING:
    from engine.jetset.business_state import BusinessState
    from engine.jetset.distant_state import DistantState
    from engine.jetset.hubs_state import HubsState
    from engine.jetset.investors_state import InvestorsState

MASK: Final = (1 << 128) - 1


class HashedTable:
    """The fields the digest covers (``State.__init__`` sets and documents them) and the hash
    over them: the mutators of single slots, and the digest."""

    board: Board
    keys: tuple[int, ...]
    card_base: int
    hash: int
    phase: str
    current: int
    turn: int
    idle_turns: int
    dealt: int
    refilling: str | None
    end_reason: str | None
    seats: list[Seat]
    owner: list[int]
    link_planes: list[list[int]]
    rows: dict[str, list[str]]
    drawn: dict[str, int]
    goal: dict[str, int]
    paid: dict[str, bool]
    vacations: list[str]
    ignored: list[str]
    set_aside: list[str]
    location: dict[str, int]
    distant: DistantState | None
    hubs: HubsState | None
    business: BusinessState | None
    investors: InvestorsState | None

    # -- mutators of a slot or a few ---------------------------------------------------------

    def _bump(self, slot: int, delta: int) -> None:
        if delta:
            self.hash += delta * self.keys[slot]

    def _seat_slot(self, seat: int, field: int) -> int:
        return SEAT_BASE + SEAT_SLOTS * seat + field

    def add_cash(self, seat: int, amount: int) -> None:
        self.seats[seat].cash += amount
        if amount:
            key = self.keys[SEAT_BASE + SEAT_SLOTS * seat + CASH]
            self.hash += amount * key

    def add_extra_income(self, seat: int, amount: int) -> None:
        """A module's piece that pays ``amount`` at every Take income joins ``seat``'s."""
        self.seats[seat].extra_income += amount

    def add_stock(self, seat: int, planes: int = 0, markers: int = 0) -> None:
        """Planes and markers into (or, negative, out of) a seat's stock."""
        st = self.seats[seat]
        st.planes += planes
        st.markers += markers
        base = SEAT_BASE + SEAT_SLOTS * seat
        keys = self.keys
        delta = planes * keys[base + PLANES] + markers * keys[base + MARKERS]
        self.hash += delta

    def add_link_planes(self, link: int, seat: int, planes: int) -> None:
        self.link_planes[link][seat] += planes
        self._bump(LINK_BASE + LINK_SLOTS * link + 1 + seat, planes)

    def set_owner(self, link: int, seat: int) -> None:
        self._bump(LINK_BASE + LINK_SLOTS * link, seat - self.owner[link])
        self.owner[link] = seat

    def _move_card(self, card: str, location: int) -> None:
        slot = self.card_base + self.board.card_number[card]
        self._bump(slot, location - self.location.get(card, 0))
        if location:
            self.location[card] = location
        else:
            self.location.pop(card, None)

    def _markers_slot(self, card: str) -> int:
        return self.card_base + len(self.board.card_number) + self.board.card_number[card]

    def set_value(self, slot: int, table: dict[str, int], row: str, value: int) -> None:
        """One row's entry of ``drawn`` or ``goal``."""
        old = table[row]
        if value != old:
            self.hash += (value - old) * self.keys[slot]
            table[row] = value

    # -- the digest -------------------------------------------------------------------------

    def slot_values(self) -> list[int]:
        """Every slot's value, computed from the fields (docs/log-format.md, "State digest")."""
        values = [0] * len(self.keys)
        values[PHASE] = PHASE_CODES[self.phase]
        values[CURRENT] = self.current
        values[TURN] = self.turn
        values[IDLE] = self.idle_turns
        values[DEALT] = self.dealt
        values[REFILLING] = refilling_code(self.refilling)
        values[END] = text_code(self.end_reason)
        values[SET_ASIDE] = len(self.set_aside)
        for row in ROWS:
            values[DRAWN[row]] = self.drawn[row]
            values[GOAL[row]] = self.goal[row]
            values[PAID[row]] = int(self.paid[row])
        for i, st in enumerate(self.seats):
            base = SEAT_BASE + SEAT_SLOTS * i
            values[base + CASH] = st.cash
            values[base + PLANES] = st.planes
            values[base + MARKERS] = st.markers
            values[base + HAND_SIZE] = st.hand_size
            values[base + FINAL_PLANES] = st.final_planes
            values[base + COMMITMENT] = text_code(st.commitment)
            values[base + FINAL_PATH] = path_code(st.final_path)
        for link, owner in enumerate(self.owner):
            values[LINK_BASE + LINK_SLOTS * link] = owner + 1
            for seat, planes in enumerate(self.link_planes[link]):
                values[LINK_BASE + LINK_SLOTS * link + 1 + seat] = planes
        number = self.board.card_number
        markers_base = self.card_base + len(number)
        for row in ROWS:
            for card in self.rows[row]:
                values[self.card_base + number[card]] = ROW_LOCATION[row]
        for pile, code in (
            (self.vacations, ON_VACATION_TRACK),
            (self.ignored, IGNORED),
            (self.set_aside, SET_ASIDE_PILE),
        ):
            for card in pile:
                if card in number:  # a module's Vacation card is in the module's slots
                    values[self.card_base + number[card]] = code
        for i, st in enumerate(self.seats):
            for claimed, markers in st.cards:
                values[self.card_base + number[str(claimed)]] = CLAIMED_BY + i
                values[markers_base + number[str(claimed)]] = int(markers)
            if st.final:
                values[self.card_base + number[st.final]] = FINAL_OF + i
        if self.distant is not None:
            values += self.distant.slot_values()
        if self.hubs is not None:
            values.extend(self.hubs.slot_values())
        if self.business is not None:
            values.extend(self.business.slot_values())
        if self.investors is not None:
            values.extend(self.investors.slot_values())
        return values

    def all_keys(self) -> tuple[int, ...]:
        """The base slots' keys, then each module's that is on (``slot_values``' order, that of
        ``engine.jetset.options.MODULES``)."""
        keys = self.keys
        if self.distant is not None:
            keys = keys + self.distant.keys
        if self.hubs is not None:
            keys = keys + self.hubs.keys
        if self.business is not None:
            keys = keys + BUSINESS_KEYS
        if self.investors is not None:
            keys = keys + self.investors.keys
        return keys

    def _opening_hash(self) -> int:
        """A new table's hash: only the seats' cash, planes and markers are non-zero there."""
        keys = self.keys
        total = 0
        for i, st in enumerate(self.seats):
            base = SEAT_BASE + SEAT_SLOTS * i
            total += st.cash * keys[base + CASH] + st.planes * keys[base + PLANES]
            total += st.markers * keys[base + MARKERS]
        return total

    def recompute_hash(self) -> int:
        """The hash summed from scratch (the mutators keep ``hash`` equal to this)."""
        total = 0
        for value, key in zip(self.slot_values(), self.all_keys(), strict=True):
            if value:
                total += value * key
        return total

    @property
    def hash128(self) -> int:
        """The hash reduced modulo 2**128, as the digest shows it."""
        return self.hash & MASK

    def digest(self) -> str:
        """The state digest: the 128-bit hash in 32 hex digits. Equal for the host, every seat
        and spectators (hands are not in it; their commitments are)."""
        return (self.hash & MASK).to_bytes(16, "big").hex()  # = f"{hash:032x}", in half the time

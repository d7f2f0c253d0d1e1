"""The Business cards module's part of the table (001_0ac1a519298b1465.txt, "Business Cards").

Public: how many cards the draw pile holds, the discard pile, the cards in front of each player
(+2 Income, No Overhead, Taxes and the end-of-game cards laid down), the Taxes money, a locked
Flight card, an open Business Deal, the cards played this turn. Secret: each hand, held only in
the full state and in its holder's view, exactly like the Final Flights; the digest covers each
hand's size and the sum of its draws' commitments (``draw_commitment``).

Cards are known by their kind (``income``, ``acquisition`` ...; engine/jetset/business_deck.py):
copies of a kind are alike, so a hand is a list of kinds. The order of the draw pile never enters
the state: only the dealer knows it (docs/architecture.md). Every mutator keeps the game's hash
up to date through the module's own keys and slots (engine/jetset/business_slots.py): a
reshuffle with ``rehash``, which compares all the module's slot values with the last ones and
adds the differences times their keys; ``set_fields`` the same for the 20 scalar slots only; the
frequent ones (a draw, a card discarded or laid down, a turn mark) with ``_put``, for just the
slots they change. What the base rules ask of the module (prices, income, a commandeered plane,
the end-of-game cards) is engine/jetset/business_effects.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from engine.jetset.business_deck import COPIES, DECK, START_HAND, with_card
from engine.jetset.business_deck import KIND as KIND  # re-exported: the TUI and tests read these
from engine.jetset.business_deck import KIND_INDEX as KIND_INDEX
from engine.jetset.business_deck import KINDS as KINDS
from engine.jetset.business_deck import draw_commitment as draw_commitment
from engine.jetset.business_deck import kind_counts as kind_counts
from engine.jetset.business_deck import sorted_kinds as sorted_kinds
from engine.jetset.business_slots import (
    ACTED_SLOT,
    DECK_SIZE_SLOT,
    DISCARDS_BASE,
    DRAW_KEYS,
    DRAWS_SLOT,
    EPOCH_DRAWN_SLOT,
    FIRST_FINAL_SLOT,
    OFFER_SLOTS,
    OPEN_TURN_SLOT,
    OWED_SLOT,
    SEAT_FRONT,
    TAXES_POT_SLOT,
    offer_values,
    seats_code,
)
from engine.jetset.business_slots import FIELD_SLOTS as FIELD_SLOTS  # re-exported: the tests
from engine.jetset.business_slots import FIELD_VALUES as FIELD_VALUES
from engine.jetset.business_slots import KEYS as KEYS
from engine.jetset.business_slots import SCALARS as SCALARS
from engine.jetset.business_slots import SEAT_FIELDS as SEAT_FIELDS
from engine.jetset.slots import MAX_SEATS, text_code

if TYPE_CHECKING:
    from engine.jetset.state import State

MASK64: Final = (1 << 64) - 1
NO_OFFER: Final[tuple[int, int, str, int]] = (-1, -1, "", -1)


class BusinessState:
    """Everything the module adds to the table. Change it only through the methods below."""

    def __init__(self, players: int, blank: bool = False) -> None:
        self.values: list[int] = []
        if blank:
            return
        self.deck_size = len(DECK)
        self.discards: list[str] = []
        self.epoch = 0
        """Reshuffles of the discards so far."""
        self.shuffled: list[str] = []
        """The cards of the last reshuffle, in data order (the dealer shuffles these)."""
        self.pile: list[int] | None = list(COPIES)
        """The draw pile's count of each kind, kept by the draws and reshuffles while every
        hand is known (the full state); None in a seat's view (``hide_hands``)."""
        self.epoch_drawn = 0
        self.draws = 0
        self.hands: list[list[str] | None] = [[] for _ in range(players)]
        self.sizes = [0] * players
        self.commits = [0] * players
        self.front: list[list[str]] = [[] for _ in range(players)]
        self.locks = [""] * players
        self.taxes_pot = 0
        self.taxes_turn = [-1] * players
        self.taxed_by = -1
        """The seat with Taxes in front of it, or -1 (one copy in the deck): the one seat whose
        ``taxes_turn`` is not -1, kept by ``lay_down`` and ``pick_up_taxes`` for Take income."""
        self.alters_income = False
        """A +2 Income or Taxes card has been laid in front of someone (and may still be there):
        only then does Take income ask ``income_after_cards``."""
        self.alters_prices = False
        """A Discount has been played or No Overhead laid down (and may still apply): only then
        does ``action_saving`` look at the turn and the cards in front."""
        self.owed: list[int] = [seat for _ in range(START_HAND) for seat in range(players)]
        self.offer = NO_OFFER
        """An open Business Deal: (offering seat, seat to act, "", link). The seat to act is the
        answering one until it answers, then the offering one until it discards its card
        (engine/jetset/rules/business_deal.py). The third place is always "": since log format 9
        no card is named before the offerer discards it; it stays so the digest's slots do."""
        self.offer_turn = -1
        self.buyout = -1
        """The seat whose Buyout waits for the top Short Flight card."""
        self.vacations = 0
        self.discount_turn = -1
        self.extra_turn = -1
        self.open_turn = -1
        """The turn whose action is done but which goes on (a Business card was drawn)."""
        self.commandeer = (-1, -1)
        """(turn, seat whose plane may be used in that turn's claim)."""
        self.acted = (-1, 0)
        """(turn, actions taken in it)."""
        self.marked_turn = -1
        """The latest of ``open_turn``, ``extra_turn``, ``commandeer``'s turn and ``acted``'s
        turn (with an action taken): equal to the turn number exactly when one of those marks
        restricts this turn (the marks only ever name the turn being played). Derived, not in
        the slots: one test where the ruleset, for every entry, would make four
        (``Ruleset.apply``)."""
        self.first_final = -1
        self.finals = -1
        """The seat waiting for two more Final Flight cards (the "Final Flights" card)."""
        self.finals_dealt = 0

    def copy(self) -> BusinessState:
        b = BusinessState(0, blank=True)
        b.values = self.values[:]
        b.deck_size = self.deck_size
        b.discards = self.discards[:]
        b.epoch = self.epoch
        b.shuffled = self.shuffled[:]
        b.pile = None if self.pile is None else self.pile[:]
        b.epoch_drawn = self.epoch_drawn
        b.draws = self.draws
        b.hands = [None if h is None else h[:] for h in self.hands]
        b.sizes = self.sizes[:]
        b.commits = self.commits[:]
        b.front = [f[:] for f in self.front]
        b.locks = self.locks[:]
        b.taxes_pot = self.taxes_pot
        b.taxes_turn = self.taxes_turn[:]
        b.taxed_by = self.taxed_by
        b.alters_income = self.alters_income
        b.alters_prices = self.alters_prices
        b.owed = self.owed[:]
        b.offer = self.offer
        b.offer_turn = self.offer_turn
        b.buyout = self.buyout
        b.vacations = self.vacations
        b.discount_turn = self.discount_turn
        b.extra_turn = self.extra_turn
        b.open_turn = self.open_turn
        b.commandeer = self.commandeer
        b.acted = self.acted
        b.marked_turn = self.marked_turn
        b.first_final = self.first_final
        b.finals = self.finals
        b.finals_dealt = self.finals_dealt
        return b

    def hide_hands(self, seat: int | None) -> None:
        """A view's copy: every hand but ``seat``'s becomes unknown (its size stays public)."""
        for i in range(len(self.hands)):
            if i != seat:
                self.hands[i] = None
        self.pile = None

    # -- the digest -------------------------------------------------------------------------

    def slot_values(self) -> list[int]:
        """The module's slots (docs/log-format.md, "State digest")."""
        values = self.scalar_values() + [0] * (SEAT_FIELDS * MAX_SEATS)
        for seat in range(len(self.sizes)):
            base = SCALARS + SEAT_FIELDS * seat
            values[base : base + SEAT_FIELDS] = self.seat_values(seat)
        return values + kind_counts(self.discards) + kind_counts(self.shuffled)

    def seat_values(self, seat: int) -> list[int]:
        """A seat's ``SEAT_FIELDS`` slots: hand size, commitments, lock, Taxes, cards in front."""
        return [
            self.sizes[seat],
            self.commits[seat],
            text_code(self.locks[seat]),
            self.taxes_turn[seat] + 1,
            *kind_counts(self.front[seat]),
        ]

    def scalar_values(self) -> list[int]:
        """The first ``SCALARS`` slots: the deck and draws, the Business Deal, the turn marks,
        the Taxes money, the draws owed (``*_SLOT`` names those the hot mutators set)."""
        o_from, o_to, o_kind, o_link = self.offer
        return [
            self.deck_size,
            self.epoch,
            self.epoch_drawn,
            self.draws,
            o_from + 1,
            o_to + 1,
            KIND_INDEX[o_kind] + 1 if o_kind else 0,
            o_link + 2,
            self.offer_turn + 1,
            self.buyout + 1,
            self.vacations,
            self.taxes_pot,
            self.discount_turn + 1,
            self.extra_turn + 1,
            self.open_turn + 1,
            self.commandeer[0] + 1 + (self.commandeer[1] + 1) * (1 << 32),
            self.acted[0] + 1 + self.acted[1] * (1 << 32),
            self.first_final + 1,
            self.finals + 1 + self.finals_dealt * (1 << 32),
            seats_code(self.owed),
        ]

    def part_of_hash(self) -> int:
        """The module's share of the state hash, summed from scratch."""
        return sum(v * k for v, k in zip(self.slot_values(), KEYS, strict=True) if v)

    def rehash(self, state: State) -> None:
        """Bring ``state.hash`` up to date after a change of this module's fields."""
        new = self.slot_values()
        old = self.values or [0] * len(new)
        delta = 0
        for start in range(0, len(new), SEAT_FIELDS):  # compare a block at a time, in C
            end = start + SEAT_FIELDS
            if old[start:end] != new[start:end]:
                for i in range(start, min(end, len(new))):
                    if old[i] != new[i]:
                        delta += (new[i] - old[i]) * KEYS[i]
        state.hash += delta
        self.values = new

    def _put(self, state: State, slot: int, value: int) -> None:
        """Slot ``slot`` now holds ``value``: the hash follows. The hot mutators (a draw, a
        card discarded or laid down, a turn mark) change a few known slots and say which,
        instead of comparing all of them as ``rehash`` does."""
        values = self.values
        old = values[slot]
        if old != value:
            state.hash += (value - old) * KEYS[slot]
            values[slot] = value

    def _put_scalars(self, state: State, names: Iterable[str]) -> None:
        """``_put`` for the scalar slots of the fields ``names`` (``FIELD_SLOTS``), each
        field's values worked out alone (``FIELD_VALUES``), not all twenty."""
        values = self.values
        delta = 0
        for name in names:
            slots = FIELD_SLOTS[name]
            for slot, value in zip(slots, FIELD_VALUES[name](self), strict=True):
                old = values[slot]
                if old != value:
                    delta += (value - old) * KEYS[slot]
                    values[slot] = value
        state.hash += delta

    def _put_count(self, state: State, slot: int, delta: int) -> None:
        """A count slot (a kind in front of a seat, or on the discard pile) moves by ``delta``."""
        self.values[slot] += delta
        state.hash += delta * KEYS[slot]

    # -- questions --------------------------------------------------------------------------

    def has(self, seat: int, kind: str) -> bool:
        """Whether ``seat`` may play ``kind`` from its hand (an unknown hand: any card)."""
        hand = self.hands[seat]
        return self.sizes[seat] > 0 if hand is None else kind in hand

    def in_front(self, seat: int, kind: str) -> int:
        return self.front[seat].count(kind)

    def seen(self, kind: str) -> int:
        """Copies of ``kind`` every seat has seen out of the hands: in front of a player or on
        the discard pile."""
        return self.discards.count(kind) + sum(front.count(kind) for front in self.front)

    def actions_taken(self, turn: int) -> int:
        return self.acted[1] if self.acted[0] == turn else 0

    def taxes_holder(self) -> int:
        """The seat with Taxes in front of it, or -1 (one copy in the deck)."""
        return self.taxed_by

    # -- mutators ---------------------------------------------------------------------------

    def draw(self, state: State, seat: int, kind: str | None, commitment: str) -> None:
        """The top card of the pile into ``seat``'s hand (``kind`` None: hidden in this view)."""
        code = int(commitment[:16], 16) if commitment else 0  # hex_code(), read here; first:
        # a commitment that is no hex changes nothing
        self.owed.pop(0)
        self.deck_size -= 1
        self.epoch_drawn += 1
        self.draws += 1
        hand = self.hands[seat]
        if kind is None:
            self.hands[seat] = None  # another seat's card: this copy no longer knows the hand
            self.pile = None
        else:
            if hand is not None:
                self.hands[seat] = with_card(hand, kind)
            if self.pile is not None:
                self.pile[KIND_INDEX[kind]] -= 1
        self.sizes[seat] += 1
        self.commits[seat] = (self.commits[seat] + code) & MASK64
        if self.deck_size == 0 and not self.discards:  # no card left anywhere: none owed
            self.owed = []
        if not self.owed:  # (while a card is still owed, the game stays held up)
            state.refresh_quiet()
        if not self.values:
            self.rehash(state)
            return
        values = self.values
        values[DECK_SIZE_SLOT] -= 1  # the three counters move as every draw moves them
        values[EPOCH_DRAWN_SLOT] += 1
        values[DRAWS_SLOT] += 1
        size = SCALARS + SEAT_FIELDS * seat  # the hand's size, one more
        values[size] += 1
        commits = self.commits[seat]
        old_commits, values[size + 1] = values[size + 1], commits
        # the seats owed a card, base-8 digits first seat first: the drawing seat's digit goes
        # (no card left may have emptied the list: then 8**0 leaves 0)
        old_owed = values[OWED_SLOT]
        owed = values[OWED_SLOT] = old_owed % (1 << 3 * len(self.owed))
        state.hash += (  # each slot's change times its key (``_put``), in one sum
            DRAW_KEYS
            + KEYS[size]
            + (commits - old_commits) * KEYS[size + 1]
            + (owed - old_owed) * KEYS[OWED_SLOT]
        )

    def owe(self, state: State, seat: int) -> None:
        """``seat`` takes a card (a Long Flight claimed), if any card is left to take."""
        if self.deck_size or self.discards:
            self.owed.append(seat)
            state.hold_up()  # a card owed
            if self.values:
                self._put(state, OWED_SLOT, seats_code(self.owed))
            else:
                self.rehash(state)

    def reshuffle(self, state: State) -> None:
        """The draw pile ran out: the discards, shuffled, are the new pile."""
        self.shuffled = sorted_kinds(self.discards)
        if self.pile is not None:
            self.pile = kind_counts(self.shuffled)
        self.deck_size = len(self.shuffled)
        self.discards = []
        self.epoch += 1
        self.epoch_drawn = 0
        self.rehash(state)

    def take_from_hand(self, state: State, seat: int, kind: str) -> None:
        """A card out of ``seat``'s hand (discarded, laid down or played)."""
        hand = self.hands[seat]
        if hand is not None and kind in hand:
            hand.remove(kind)
        self.sizes[seat] -= 1
        if self.values:
            size = SCALARS + SEAT_FIELDS * seat  # the hand's size alone (``_put_count``)
            self.values[size] -= 1
            state.hash -= KEYS[size]
        else:
            self.rehash(state)

    def discard(self, state: State, seat: int, kind: str) -> None:
        """A card from ``seat``'s hand to the discard pile."""
        self.take_from_hand(state, seat, kind)
        self.discards.append(kind)
        pile = DISCARDS_BASE + KIND_INDEX[kind]  # one more of its kind there (``_put_count``)
        self.values[pile] += 1
        state.hash += KEYS[pile]

    def set_lock(self, state: State, seat: int, card: str) -> None:
        """``seat`` locks Flight card ``card`` ("": its lock is gone)."""
        self.locks[seat] = card
        if not self.values:
            self.rehash(state)
            return
        self._put(state, SCALARS + SEAT_FIELDS * seat + 2, text_code(card))

    def lay_down(self, state: State, seat: int, kind: str) -> None:
        """A card from ``seat``'s hand face up in front of it."""
        self.take_from_hand(state, seat, kind)
        self.front[seat].append(kind)
        if kind == "taxes":
            self.taxes_turn[seat] = state.turn
            self.taxed_by = seat
        if kind in ("income", "taxes"):
            self.alters_income = True
        elif kind == "overhead":
            self.alters_prices = True
        base = SCALARS + SEAT_FIELDS * seat
        self._put(state, base + 3, self.taxes_turn[seat] + 1)
        self._put_count(state, base + SEAT_FRONT + KIND_INDEX[kind], 1)

    def pick_up_taxes(self, state: State, seat: int) -> int:
        """Taxes discarded from in front of ``seat``; the money on it, returned."""
        self.front[seat].remove("taxes")
        self.discards.append("taxes")
        self.taxes_turn[seat] = -1
        self.taxed_by = -1
        pot, self.taxes_pot = self.taxes_pot, 0
        if not self.values:
            self.rehash(state)
            return pot
        base = SCALARS + SEAT_FIELDS * seat
        self._put(state, base + 3, 0)
        self._put_count(state, base + SEAT_FRONT + KIND_INDEX["taxes"], -1)
        self._put_count(state, DISCARDS_BASE + KIND_INDEX["taxes"], 1)
        self._put(state, TAXES_POT_SLOT, 0)
        return pot

    # the turn marks and the Taxes money, changed after many actions: each says its one slot

    def add_to_taxes_pot(self, state: State, amount: int) -> None:
        self.taxes_pot += amount
        self._put(state, TAXES_POT_SLOT, self.taxes_pot)

    def set_open_turn(self, state: State, turn: int) -> None:
        self.open_turn = turn
        self._mark(state)
        self._put(state, OPEN_TURN_SLOT, turn + 1)

    def set_acted(self, state: State, turn: int, count: int) -> None:
        self.acted = (turn, count)
        self._mark(state)
        self._put(state, ACTED_SLOT, turn + 1 + count * (1 << 32))

    def _mark(self, state: State) -> None:
        acted = self.acted[0] if self.acted[1] else -1
        self.marked_turn = max(self.open_turn, self.extra_turn, self.commandeer[0], acted)
        if self.marked_turn == state.turn:
            state.hold_up()  # this turn is restricted
        else:
            state.refresh_quiet()

    def set_first_final(self, state: State, seat: int) -> None:
        self.first_final = seat
        self._put(state, FIRST_FINAL_SLOT, seat + 1)

    def set_offer(self, state: State, offer: tuple[int, int, str, int]) -> None:
        """A Business Deal offered in this turn (one a turn), or answered (``NO_OFFER``): its
        five slots put directly (``set_fields`` for these two fields, for less)."""
        self.offer = offer
        if offer[1] >= 0:
            self.offer_turn = state.turn
            state.hold_up()  # the answer waits
        else:
            state.refresh_quiet()
        if not self.values:
            self.rehash(state)
            return
        new = offer_values(self)  # slot by slot: a zip or a tuple unpacked into another
        for i in range(len(new)):  # is a call through Python in the compiled build
            self._put(state, OFFER_SLOTS[i], new[i])
        self._put(state, OFFER_SLOTS[-1], self.offer_turn + 1)

    def set_fields(self, state: State, **fields: object) -> None:
        """Set turn marks and other scalar fields (names as above); only their slots can
        change (``FIELD_SLOTS``), so only they are compared."""
        for name, value in fields.items():
            setattr(self, name, value)
        if "discount_turn" in fields:
            self.alters_prices = True
        self._mark(state)
        if self.values:
            self._put_scalars(state, fields)
        else:
            self.rehash(state)


def new_business(state: State) -> BusinessState:
    """The module's state at the start of a game: the deck whole, two cards owed to each seat."""
    b = BusinessState(state.players)
    values, share = _opening(state.players)
    b.values = values[:]
    state.hash += share
    return b


@lru_cache(maxsize=MAX_SEATS)
def _opening(players: int) -> tuple[list[int], int]:
    """A new table's slot values and share of the hash, the same in every game of ``players``
    (computed once: ``slot_values`` and the sum cost more than the rest of a new game)."""
    b = BusinessState(players)
    return b.slot_values(), b.part_of_hash()

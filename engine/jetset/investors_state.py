"""The Investors module's part of the table (expansion rulebook, "Investors"): the two Investor
cards on the Vacation spaces, what each paid once a Vacation card replaced it, and whether the
table waits for the dealer to turn one up or for the player to move to choose which one goes.

Face down (the rulebook's game), the cards are secret like the Final Flights: the full state
holds them, every view holds None until the card is turned up, and the digest holds each space's
commitment (``investor_commitment``), then the card once it is public. The six other Investor
cards never enter the state: only the dealer knows them. Face up (the variant, ``Options.
investors_face_up``), both cards are public from the deal.

It is one attribute of ``State`` (``state.investors``, None when the module is off) with its own
digest slots, appended after the base game's (and the other modules' before it), their keys from
their own stream, ``Rng("jetset-digest-keys-investors")``, so the base game's digests do not
change (docs/log-format.md, "State digest"). Every change goes through a mutator here that keeps
``state.hash`` up to date.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from engine.jetset.slots import MAX_SEATS, hex_code, text_code
from engine.rng import Rng

if TYPE_CHECKING:
    from engine.jetset.state import State

SPACES: Final = 2
"""The board's two Vacation card spaces, each holding one Investor card at the start."""

DEALT: Final = 0
"""Slot: 1 once the Investor cards are on their spaces."""
TO_TURN: Final = 1
"""Slot: the face-down space whose Investor the dealer turns up next, plus one (0: none)."""
CHOOSING: Final = 2
"""Slot: 1 while the player to move chooses which face-up Investor a Vacation card replaces."""
SPACE_BASE: Final = 3
COMMITMENT: Final = 0
CARD: Final = 1  # the card's text code once it is public
REPLACED: Final = 2  # 1 once a Vacation card lies on the space
PAID_BASE: Final = 3  # then what each seat received from it
SPACE_SLOTS: Final = PAID_BASE + MAX_SEATS
INVESTOR_SLOTS: Final = SPACE_BASE + SPACE_SLOTS * SPACES
SPACE_FIELD_NAMES: Final = ("commitment", "card", "replaced")


@lru_cache(maxsize=1)
def investor_keys() -> tuple[int, ...]:
    """The fixed random key of every Investors slot: 128-bit words from their own stream."""
    rng = Rng("jetset-digest-keys-investors")
    return tuple((rng.next64() << 64) | rng.next64() for _ in range(INVESTOR_SLOTS))


def investor_slot_name(slot: int) -> str:
    """What an Investors slot holds, in words (for a desync report)."""
    if slot == DEALT:
        return "investors: dealt"
    if slot == TO_TURN:
        return "investors: space to turn up"
    if slot == CHOOSING:
        return "investors: choice pending"
    space, field = divmod(slot - SPACE_BASE, SPACE_SLOTS)
    if field < PAID_BASE:
        return f"investor space {space + 1} {SPACE_FIELD_NAMES[field]}"
    return f"investor space {space + 1} paid to seat {field - PAID_BASE}"


@lru_cache(maxsize=4)
def investor_commitment(space: int, card: str, salt: str) -> str:
    """The public commitment to the face-down Investor on ``space`` (0 or 1; log-format.md).
    Remembered for the last few: the dealer makes it, the deal's rule and the turn's rule
    check it (issue 18)."""
    text = f"jetset-investor:{space}:{card}:{salt}"
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class InvestorsState:
    """The two Vacation spaces and the module's turn state; changed only through the mutators."""

    __slots__ = (
        "cards",
        "choosing",
        "commitments",
        "dealt",
        "face_up",
        "keys",
        "paid",
        "players",
        "to_turn",
    )

    def __init__(self, players: int, face_up: bool) -> None:
        self.keys = investor_keys()
        self.players = players
        self.face_up = face_up
        """The variant: both Investors face up from the start, the player chooses which goes."""
        self.dealt = False
        self.cards: list[str | None] = [None] * SPACES
        """The Investor on each space; None before the deal, or face down in a view (secret)."""
        self.commitments = [""] * SPACES
        """Each face-down space's commitment ("" face up)."""
        self.paid: list[tuple[int, ...] | None] = [None] * SPACES
        """None while the Investor is on its space; then what it paid each seat."""
        self.to_turn = -1
        """The face-down space a Vacation card has just replaced, whose Investor the dealer turns
        up next; -1 for none."""
        self.choosing = False
        """Face up: a Vacation card came up with both Investors still there, and the player to
        move chooses which one it replaces."""

    def copy(self) -> InvestorsState:
        s = InvestorsState(self.players, self.face_up)
        s.keys = self.keys
        s.dealt = self.dealt
        s.cards = self.cards[:]
        s.commitments = self.commitments[:]
        s.paid = self.paid[:]
        s.to_turn = self.to_turn
        s.choosing = self.choosing
        return s

    def hide(self) -> None:
        """A view: the face-down cards not yet turned up are unknown."""
        for space in range(SPACES):
            if not self.public(space):
                self.cards[space] = None

    # -- questions --------------------------------------------------------------------------

    def public(self, space: int) -> bool:
        """Everyone may know the card on ``space``: face up, or turned up when it paid."""
        return self.face_up or self.paid[space] is not None

    def waiting(self) -> list[int]:
        """The spaces whose Investor is still on the board, in order."""
        return [i for i in range(SPACES) if self.dealt and self.paid[i] is None]

    def pending(self) -> bool:
        """The table waits for an Investor: the dealer to turn one up or a player to choose."""
        return self.to_turn >= 0 or self.choosing

    # -- mutators ---------------------------------------------------------------------------

    def _bump(self, state: State, slot: int, delta: int) -> None:
        if delta:
            state.hash += delta * self.keys[slot]

    def _space_slot(self, space: int, field: int) -> int:
        return SPACE_BASE + SPACE_SLOTS * space + field

    def deal(self, state: State, cards: list[str | None], commitments: list[str]) -> None:
        """The Investors onto their spaces (``cards`` None in a view of a face-down deal)."""
        codes = [hex_code(c) for c in commitments]  # first: no hex, no change
        self.dealt = True
        self._bump(state, DEALT, 1)
        self.cards = cards[:]
        self.commitments = commitments[:]
        for space in range(SPACES):
            self._bump(state, self._space_slot(space, COMMITMENT), codes[space])
            if self.face_up:
                self._bump(state, self._space_slot(space, CARD), text_code(cards[space]))

    def set_to_turn(self, state: State, space: int) -> None:
        self._bump(state, TO_TURN, space - self.to_turn)
        self.to_turn = space
        if space >= 0:
            state.hold_up()  # an Investor to turn up: pending
        else:
            state.refresh_quiet()

    def set_choosing(self, state: State, choosing: bool) -> None:
        self._bump(state, CHOOSING, int(choosing) - int(self.choosing))
        self.choosing = choosing
        if choosing:
            state.hold_up()  # an Investor to choose: pending
        else:
            state.refresh_quiet()

    def pay_out(self, state: State, space: int, card: str, amounts: tuple[int, ...]) -> None:
        """The Vacation card on ``space``: its Investor (now public) paid ``amounts``."""
        if not self.face_up:
            self._bump(state, self._space_slot(space, CARD), text_code(card))
        self.cards[space] = card
        self.paid[space] = amounts
        self._bump(state, self._space_slot(space, REPLACED), 1)
        for seat, amount in enumerate(amounts):
            self._bump(state, self._space_slot(space, PAID_BASE + seat), amount)
            state.add_cash(seat, amount)

    # -- the digest -------------------------------------------------------------------------

    def slot_values(self) -> list[int]:
        """Every Investors slot's value, computed from the fields."""
        values = [0] * INVESTOR_SLOTS
        values[DEALT] = int(self.dealt)
        values[TO_TURN] = self.to_turn + 1
        values[CHOOSING] = int(self.choosing)
        for space in range(SPACES):
            values[self._space_slot(space, COMMITMENT)] = hex_code(self.commitments[space])
            if self.public(space):
                values[self._space_slot(space, CARD)] = text_code(self.cards[space])
            paid = self.paid[space]
            if paid is not None:
                values[self._space_slot(space, REPLACED)] = 1
                for seat, amount in enumerate(paid):
                    values[self._space_slot(space, PAID_BASE + seat)] = amount
        return values

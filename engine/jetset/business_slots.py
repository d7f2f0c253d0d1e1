"""The Business cards module's slots in the digest (docs/log-format.md, "State digest"): where
each field lies, appended after the base slots (20 scalars, then each seat's, then the discard
pile and the last reshuffled pile as counts per kind), the module's own keys
(``Rng("jetset-digest-keys-business_cards")``), and each scalar field's slot values, which
``BusinessState.set_fields`` compares for the fields it sets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from engine.jetset.business_deck import KIND_INDEX, KINDS
from engine.jetset.slots import MAX_SEATS
from engine.rng import Rng

if TYPE_CHECKING:
    from engine.jetset.business_state import BusinessState

SCALARS: Final = 20
SEAT_FIELDS: Final = 4 + len(KINDS)  # hand size, commitments, lock, taxes turn, then front counts
DECK_SIZE_SLOT: Final = 0
EPOCH_DRAWN_SLOT: Final = 2
DRAWS_SLOT: Final = 3
TAXES_POT_SLOT: Final = 11
OPEN_TURN_SLOT: Final = 14
ACTED_SLOT: Final = 16
FIRST_FINAL_SLOT: Final = 17
OWED_SLOT: Final = 19
"""Where ``BusinessState.scalar_values`` puts the fields a draw changes (the hot path's slots)."""
FIELD_SLOTS: Final[dict[str, tuple[int, ...]]] = {
    "deck_size": (DECK_SIZE_SLOT,),
    "epoch": (1,),
    "epoch_drawn": (EPOCH_DRAWN_SLOT,),
    "draws": (DRAWS_SLOT,),
    "offer": (4, 5, 6, 7),
    "offer_turn": (8,),
    "buyout": (9,),
    "vacations": (10,),
    "taxes_pot": (TAXES_POT_SLOT,),
    "discount_turn": (12,),
    "extra_turn": (13,),
    "open_turn": (OPEN_TURN_SLOT,),
    "commandeer": (15,),
    "acted": (ACTED_SLOT,),
    "first_final": (FIRST_FINAL_SLOT,),
    "finals": (18,),
    "finals_dealt": (18,),
    "owed": (OWED_SLOT,),
}
"""Each scalar field's slots among the first ``SCALARS`` (as ``BusinessState.scalar_values`` lays
them out): what ``set_fields`` compares for the fields it sets."""
OFFER_SLOTS: Final = (*FIELD_SLOTS["offer"], *FIELD_SLOTS["offer_turn"])
"""The Business Deal's slots (``set_offer``)."""
SEAT_FRONT: Final = 4
"""Where a seat's cards in front start among its ``SEAT_FIELDS``."""
DISCARDS_BASE: Final = SCALARS + SEAT_FIELDS * MAX_SEATS
"""The discard pile's slots: a count per kind."""


def business_keys() -> tuple[int, ...]:
    rng = Rng("jetset-digest-keys-business_cards")
    count = SCALARS + SEAT_FIELDS * MAX_SEATS + 2 * len(KINDS)
    return tuple((rng.next64() << 64) | rng.next64() for _ in range(count))


KEYS: Final[tuple[int, ...]] = business_keys()
DRAW_KEYS: Final = KEYS[EPOCH_DRAWN_SLOT] + KEYS[DRAWS_SLOT] - KEYS[DECK_SIZE_SLOT]
"""What a draw adds to the hash for the pile (one card fewer) and the draws (one more each)."""


def offer_values(b: BusinessState) -> tuple[int, ...]:
    o_from, o_to, o_kind, o_link = b.offer
    return (o_from + 1, o_to + 1, KIND_INDEX[o_kind] + 1 if o_kind else 0, o_link + 2)


def finals_value(b: BusinessState) -> tuple[int, ...]:
    return (b.finals + 1 + b.finals_dealt * (1 << 32),)


def field_values() -> dict[str, Callable[[BusinessState], tuple[int, ...]]]:
    """``FIELD_VALUES``, built in a function: mypy knows ``BusinessState``'s fields only
    after this module's top level (the two modules import each other for their types)."""
    return {
        "deck_size": lambda b: (b.deck_size,),
        "epoch": lambda b: (b.epoch,),
        "epoch_drawn": lambda b: (b.epoch_drawn,),
        "draws": lambda b: (b.draws,),
        "offer": offer_values,
        "offer_turn": lambda b: (b.offer_turn + 1,),
        "buyout": lambda b: (b.buyout + 1,),
        "vacations": lambda b: (b.vacations,),
        "taxes_pot": lambda b: (b.taxes_pot,),
        "discount_turn": lambda b: (b.discount_turn + 1,),
        "extra_turn": lambda b: (b.extra_turn + 1,),
        "open_turn": lambda b: (b.open_turn + 1,),
        "commandeer": lambda b: (b.commandeer[0] + 1 + (b.commandeer[1] + 1) * (1 << 32),),
        "acted": lambda b: (b.acted[0] + 1 + b.acted[1] * (1 << 32),),
        "first_final": lambda b: (b.first_final + 1,),
        "finals": finals_value,
        "finals_dealt": finals_value,
        "owed": lambda b: (seats_code(b.owed),),
    }


FIELD_VALUES: Final = field_values()
"""Each scalar field's slot values, as ``BusinessState.scalar_values`` lays them out at
``FIELD_SLOTS`` (for ``set_fields``, which sets a field or two; the tests check the two agree)."""


def seats_code(seats: list[int]) -> int:
    code = 0
    for seat in seats:
        code = code * 8 + seat + 1
    return code

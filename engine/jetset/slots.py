"""The state digest's slot layout (docs/log-format.md, "State digest").

The public state is a vector of integer slots, each with a fixed random 128-bit key; ``State``
keeps the sum of value × key over all slots as it changes (engine/jetset/state_hash.py). Here: where
each part of the state lies in that vector, how a non-numeric value becomes a slot's number (the
phases' codes among them), the keys, and the names of the slots for a desync report.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import lru_cache
from typing import Final

from engine.jetset.board import LONG, ROWS, SHORT, Board
from engine.rng import Rng

SETUP: Final = "setup"
DEAL: Final = "deal"
PLAY: Final = "play"
OVER: Final = "over"
OFFER: Final = "offer"
"""Every player in turn answers the offer to end the game (engine/jetset/rules/turns.py)."""
END_CARDS: Final = "end-cards"
"""The game has ended with Business cards in hand: the dealer opens the end-of-game cards still
held ("Play at the end of the game"), which are then scored (engine/jetset/rules/business.py)."""
PHASE_CODES: Final = {SETUP: 0, DEAL: 1, PLAY: 2, OVER: 3, OFFER: 4, END_CARDS: 5}
"""The game's phases (``State.phase``), each with its code in the ``PHASE`` slot."""

# Slot layout (docs/log-format.md). Scalars first, then 8 slots per seat, then per link, then
# per card.
PHASE: Final = 0
CURRENT: Final = 1
TURN: Final = 2
IDLE: Final = 3
DEALT: Final = 4
REFILLING: Final = 5
END: Final = 6
SET_ASIDE: Final = 7
DRAWN: Final = {SHORT: 8, LONG: 9}
GOAL_SHORT: Final = 10
GOAL_LONG: Final = 11
PAID_SHORT: Final = 12
PAID_LONG: Final = 13
GOAL: Final = {SHORT: GOAL_SHORT, LONG: GOAL_LONG}
PAID: Final = {SHORT: PAID_SHORT, LONG: PAID_LONG}
SEAT_BASE: Final = 16
SEAT_SLOTS: Final = 8
CASH: Final = 0
PLANES: Final = 1
MARKERS: Final = 2
HAND_SIZE: Final = 3
FINAL_PLANES: Final = 4
COMMITMENT: Final = 5
FINAL_PATH: Final = 6
MAX_SEATS: Final = 6
LINK_BASE: Final = SEAT_BASE + SEAT_SLOTS * MAX_SEATS  # owner + 1, then planes of each seat
LINK_SLOTS: Final = 1 + MAX_SEATS
# Card locations: 0 in a deck (no contribution), then these codes.
IN_SHORT_ROW: Final = 1
IN_LONG_ROW: Final = 2
ON_VACATION_TRACK: Final = 3
IGNORED: Final = 4
SET_ASIDE_PILE: Final = 5
CLAIMED_BY: Final = 8  # + seat
FINAL_OF: Final = 16  # + seat
ROW_LOCATION: Final = {SHORT: IN_SHORT_ROW, LONG: IN_LONG_ROW}


@lru_cache(maxsize=8)
def slot_keys(links: int, cards: int) -> tuple[int, ...]:
    """The fixed random key of every slot: 128-bit words from Rng("jetset-digest-keys")."""
    count = LINK_BASE + LINK_SLOTS * links + 2 * cards
    words = Rng("jetset-digest-keys").words(2 * count)
    return tuple((high << 64) | low for high, low in zip(words[::2], words[1::2], strict=True))


def text_code(text: str | None) -> int:
    """A string slot's value: the first 64 bits of its SHA-256 (0 for none)."""
    if not text:
        return 0
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")


def hex_code(commitment: str) -> int:
    """A commitment's slot value (a Business draw's, an Investor's): its first 64 bits, read
    from its hex digits. A commitment is already a SHA-256 output, so ``text_code`` would only
    hash it again (log format 8; 0 for none)."""
    return int(commitment[:16], 16) if commitment else 0


def refilling_code(row: str | None) -> int:
    """The row-being-refilled slot's value: 0 none, 1 Short, 2 Long."""
    return ROWS.index(row) + 1 if row else 0


def path_code(path: tuple[int, ...]) -> int:
    """A path slot's value: its cities as base-64 digits, each city + 1."""
    code = 0
    for city in path:
        code = code * 64 + city + 1
    return code


LOCATION_NAMES: Final = {
    0: "in a deck",
    IN_SHORT_ROW: "in the Short row",
    IN_LONG_ROW: "in the Long row",
    ON_VACATION_TRACK: "on the Vacation track",
    IGNORED: "an ignored Vacation",
    SET_ASIDE_PILE: "set aside",
}
SCALAR_NAMES: Final = (
    "phase", "seat to move", "turn", "idle turns", "seats dealt", "row being refilled",
    "end reason", "cards set aside", "Short cards drawn", "Long cards drawn", "Short row goal",
    "Long row goal", "Short row paid", "Long row paid",
)  # fmt: skip
SEAT_FIELD_NAMES: Final = (
    "cash", "planes in stock", "markers in stock", "Final Flights in hand",
    "planes on the Final Flight", "hand commitment", "Final Flight path",
)  # fmt: skip


def slot_name(board: Board, slot: int, modules: tuple[str, ...] = ()) -> str:
    """What a slot of the digest holds, in words (docs/log-format.md, "State digest")."""
    if slot < len(SCALAR_NAMES):
        return SCALAR_NAMES[slot]
    if slot < LINK_BASE:
        seat, field = divmod(slot - SEAT_BASE, SEAT_SLOTS)
        name = SEAT_FIELD_NAMES[field] if field < len(SEAT_FIELD_NAMES) else "unused"
        return f"seat {seat} {name}"
    card_base = LINK_BASE + LINK_SLOTS * len(board.links)
    if slot < card_base:
        link, field = divmod(slot - LINK_BASE, LINK_SLOTS)
        what = "owner" if field == 0 else f"planes of seat {field - 1}"
        return f"{board.link_name(link)} {what}"
    cards = list(board.card_number)
    index = slot - card_base
    if index < len(cards):
        return f"{cards[index]} place"
    if index < 2 * len(cards):
        return f"{cards[index - len(cards)]} markers"
    return module_slot_name(index - 2 * len(cards), modules)


def module_slot_name(slot: int, modules: tuple[str, ...]) -> str:
    """A slot after the base game's: the modules' that are on, whose blocks follow in the order
    of ``engine.jetset.options.MODULES`` (docs/log-format.md gives each module's layout)."""
    from engine.jetset.business_slots import KEYS as BUSINESS_KEYS
    from engine.jetset.distant_state import distant_keys
    from engine.jetset.hubs_state import HUB_SLOTS, hub_slot_name
    from engine.jetset.investors_state import INVESTOR_SLOTS, investor_slot_name

    blocks: dict[str, tuple[int, Callable[[int], str]]] = {
        "distant_lands": (len(distant_keys()), lambda i: f"Distant Lands slot {i}"),
        "hubs": (HUB_SLOTS, hub_slot_name),
        "business_cards": (len(BUSINESS_KEYS), lambda i: f"Business cards slot {i}"),
        "investors": (INVESTOR_SLOTS, investor_slot_name),
    }
    for module in modules:
        size, name = blocks[module]
        if slot < size:
            return name(slot)
        slot -= size
    return f"expansion slot {slot}"


def slot_differences(
    board: Board, mine: list[int], theirs: list[int], most: int = 5, modules: tuple[str, ...] = ()
) -> list[str]:
    """The slots in which two states differ, in words: ``seat 2 cash: 14 here, 16 there``
    (``modules``: the expansion's modules on, in ``MODULES`` order, to name their slots)."""
    out = []
    for slot, (a, b) in enumerate(zip(mine, theirs, strict=False)):
        if a != b:
            out.append(f"{slot_name(board, slot, modules)}: {a} here, {b} there")
            if len(out) >= most:
                break
    if len(mine) != len(theirs):
        out.append(f"{len(mine)} slots here, {len(theirs)} there")
    return out

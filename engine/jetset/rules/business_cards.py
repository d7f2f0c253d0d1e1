"""The Business cards themselves (001_0ac1a519298b1465.txt, "Business Cards", "Detailed
descriptions"): for each kind played with ``PlayCard``, its check and its effect (``CARDS``), and
its canonical variants (``card_options``). The cards that act on airlinks are
engine/jetset/rules/business_airlink_cards.py, the others
engine/jetset/rules/business_turn_cards.py, and the checks they share
engine/jetset/rules/business_checks.py. Effects the rulebook gives only by their clarifications
are designed in docs/rules-decisions.md ("Business cards")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.jetset.actions import PlayCard
from engine.jetset.board import ROWS
from engine.jetset.rules.business_airlink_cards import (  # re-exported: the TUI shows the prices
    ACQUISITION_PRICE as ACQUISITION_PRICE,
)
from engine.jetset.rules.business_airlink_cards import (
    MOST_PLANES,
    check_acquisition,
    check_freeplane,
    check_ownership,
    check_recall,
    check_relocate,
    check_rivalry,
    check_three,
    check_transfers,
    perform_acquisition,
    perform_ownership,
    perform_planes_on_own,
    perform_recall,
    perform_relocate,
    perform_rivalry,
    perform_transfers,
)
from engine.jetset.rules.business_airlink_cards import RECALL_DISTANT_PRICE as RECALL_DISTANT_PRICE
from engine.jetset.rules.business_airlink_cards import RECALL_PRICE as RECALL_PRICE
from engine.jetset.rules.business_airlink_cards import RIVALRY_PRICE as RIVALRY_PRICE
from engine.jetset.rules.business_checks import CARD_NAMES as CARD_NAMES  # re-exported: tests
from engine.jetset.rules.business_turn_cards import BUYOUT_PRICE as BUYOUT_PRICE
from engine.jetset.rules.business_turn_cards import COMMANDEER_PRICE as COMMANDEER_PRICE
from engine.jetset.rules.business_turn_cards import (
    check_buyout,
    check_commandeer,
    check_delay,
    check_discount,
    check_extra,
    check_finals,
    check_lay_down,
    check_lock,
    check_taxes,
    check_vacation,
    perform_buyout,
    perform_commandeer,
    perform_delay,
    perform_discount,
    perform_extra,
    perform_finals,
    perform_lay_down,
    perform_lock,
    perform_taxes,
    perform_vacation,
)
from engine.jetset.state import State

CASH_IN: Final = 5
"""Cash in: a card from the hand discarded for €5."""

CardCheck = Callable[[State, int, PlayCard], None]
CARDS: Final[dict[str, tuple[CardCheck, CardCheck]]] = {
    "income": (check_lay_down, perform_lay_down),
    "acquisition": (check_acquisition, perform_acquisition),
    "buyout": (check_buyout, perform_buyout),
    "catchup": (check_lay_down, perform_lay_down),
    "commandeer": (check_commandeer, perform_commandeer),
    "delay": (check_delay, perform_delay),
    "discount": (check_discount, perform_discount),
    "extra": (check_extra, perform_extra),
    "finals": (check_finals, perform_finals),
    "freeplane": (check_freeplane, perform_planes_on_own),
    "rivalry": (check_rivalry, perform_rivalry),
    "lock": (check_lock, perform_lock),
    "overhead": (check_lay_down, perform_lay_down),
    "ownership": (check_ownership, perform_ownership),
    "planes": (check_lay_down, perform_lay_down),
    "recall": (check_recall, perform_recall),
    "relocate": (check_relocate, perform_relocate),
    "taxes": (check_taxes, perform_taxes),
    "three": (check_three, perform_planes_on_own),
    "transfers": (check_transfers, perform_transfers),
    "vacation": (check_vacation, perform_vacation),
}
"""Every card played with ``PlayCard`` (Dividends is an action of its own)."""


def card_options(state: State, seat: int, kind: str) -> list[PlayCard]:
    """Canonical variants of one card (docs/notation.md, "Business cards")."""
    links = state.board.links
    own = state.owned_links(seat)
    others = [i for i, o in enumerate(state.owner) if o >= 0 and o != seat]
    mine = [i for i, row in enumerate(state.link_planes) if row[seat]]
    if kind == "acquisition":
        return [PlayCard(kind, links=(link,)) for link in others]
    if kind == "rivalry":
        return [
            *(PlayCard(kind, links=(link,)) for link in others),
            *(PlayCard(kind, distant=(slot,)) for slot in _distant_slots(state, seat, others=True)),
        ]
    if kind in ("commandeer", "delay"):
        return [PlayCard(kind, seat=s) for s in range(state.players) if s != seat]
    if kind in ("freeplane",):
        return [PlayCard(kind, links=(link,)) for link in own]
    if kind == "three":
        return [PlayCard(kind, links=(link,) * MOST_PLANES) for link in own]
    if kind == "lock":
        return [PlayCard(kind, card=c) for row in ROWS for c in state.rows[row]]
    if kind == "ownership":
        return [PlayCard(kind, links=(i,)) for i, o in enumerate(state.owner) if o < 0]
    if kind == "recall":
        near = [PlayCard(kind, links=(i,) * state.link_planes[i][seat]) for i in mine]
        d = state.distant
        if d is None:
            return near
        slots = _distant_slots(state, seat)
        return near + [PlayCard(kind, distant=(s,) * d.planes[s][seat]) for s in slots]
    if kind == "relocate":
        out = []
        for source in own:
            ends = (links[source].a, links[source].b)
            for ln in links:
                if state.owner[ln.index] < 0 and (ln.a in ends or ln.b in ends):
                    out.append(PlayCard(kind, links=(source, ln.index)))
        return out
    if kind == "transfers":
        return [PlayCard(kind, links=(s, t)) for s in mine for t in own if s != t]
    return [PlayCard(kind)]


def _distant_slots(state: State, seat: int, others: bool = False) -> list[int]:
    """Distant airlinks where ``seat`` has planes, or (``others``) that another player owns."""
    d = state.distant
    if d is None:
        return []
    if others:
        return [s for s, o in enumerate(d.owner) if o >= 0 and o != seat]
    return [s for s, row in enumerate(d.planes) if row[seat]]

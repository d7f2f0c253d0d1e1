"""The Business cards themselves (001_0ac1a519298b1465.txt, "Business Cards", "Detailed
descriptions"): for each kind played with ``PlayCard``, its check and its effect, and its
canonical variants. Effects the rulebook gives only by their clarifications are designed in
docs/rules-decisions.md ("Business cards")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.errors import IllegalAction, Param, Word, rule_name
from engine.jetset.actions import (
    PlayCard,
)
from engine.jetset.board import LONG, ROWS, SHORT
from engine.jetset.business_deck import KIND
from engine.jetset.business_state import BusinessState
from engine.jetset.distant_state import PLANE_PRICE as DISTANT_PLANE_PRICE
from engine.jetset.distant_state import DistantState
from engine.jetset.rules.claims import markers_for_next_card
from engine.jetset.rules.flight_cards import start_vacation_time
from engine.jetset.rules.investors import vacation_card_up as investors_vacation_card_up
from engine.jetset.state import State

SECTION: Final = rule_name("Business Cards")
DEAL_SECTION: Final = rule_name("Business Cards: Business Deal")
CASH_IN: Final = 5
ACQUISITION_PRICE: Final = 15
BUYOUT_PRICE: Final = 10
COMMANDEER_PRICE: Final = 15
RIVALRY_PRICE: Final = 5
RECALL_PRICE: Final = 6
RECALL_DISTANT_PRICE: Final = 26
"""Recall Planes: €26 a plane off a Distant airlink ("Combining with other expansions", B6)."""
DISTANT_CARDS: Final = ("recall", "rivalry")
"""The cards that may name Distant airlinks: "“Planes” and “Friendly Rivalry” can apply to
Distant Lands planes", and Recall Planes pays €26 for them; every other card may not."""
MOST_PLANES: Final = 3
"""Three Planes and Friendly Rivalry: up to three planes."""
LONG_FOR_VACATION: Final = 3


def business(state: State) -> BusinessState:
    b = state.business
    assert b is not None, "the Business cards module is off"
    return b


def refused(template: str, **params: Param) -> IllegalAction:
    """A card refused, naming the rulebook's section."""
    return IllegalAction(SECTION, template, **params)


# -- checks shared by the cards ---------------------------------------------------------------


def _link(state: State, link: int) -> None:
    if not 0 <= link < len(state.board.links):
        raise refused("there is no airlink number {link}", link=link)


def _distant(state: State) -> DistantState:
    d = state.distant
    if d is None:
        raise refused("Distant Lands is not in play in this game")
    return d


def _distant_slot(d: DistantState, slot: int) -> None:
    if not 0 <= slot < len(d.board.slots):
        raise refused("there is no distant airlink number {slot}", slot=slot)


def _own_link(state: State, seat: int, link: int, card: str) -> None:
    _link(state, link)
    if state.owner[link] != seat:
        raise refused("you do not own {link}", link=state.board.link_name(link))


def _stock(state: State, seat: int, planes: int) -> None:
    if state.seats[seat].planes < planes:
        raise refused(
            "you have {stock} planes in stock; this needs {planes}",
            stock=state.seats[seat].planes,
            planes=planes,
        )


def _cash(state: State, seat: int, cost: int) -> None:
    cash = state.seats[seat].cash
    if cost > cash:
        raise refused("you have €{cash}; this costs €{cost}", cash=cash, cost=cost)


def other_seat(state: State, seat: int, other: int) -> None:
    """``other`` must be another player at the table."""
    if not 0 <= other < state.players or other == seat:
        raise refused("name another player")


def _no_extras(
    action: PlayCard, seat: bool = False, links: bool = False, card: bool = False
) -> None:
    """A card that names nothing more than it needs (Distant airlinks only for the cards that
    may reach them)."""
    if action.distant and action.kind not in DISTANT_CARDS:
        raise refused(
            "{card} may not be used on a Distant Lands board", card=Word(KIND[action.kind].name)
        )
    named = bool(action.links or action.distant)
    if (action.seat >= 0) != seat or named != links or bool(action.card) != card:
        raise refused(
            "{card} names {needs}",
            card=Word(KIND[action.kind].name),
            needs=_needs(seat, links, card),
        )


CARD_NAMES: Final = (
    Word("+2 Income"),
    Word("Acquisition"),
    Word("Buyout"),
    Word("Catch up"),
    Word("Commandeer"),
    Word("Delay"),
    Word("Discount"),
    Word("Dividends"),
    Word("Extra Action"),
    Word("Final Flights"),
    Word("Free Plane"),
    Word("Friendly Rivalry"),
    Word("Lock a Flight Card"),
    Word("No Overhead"),
    Word("Ownership"),
    Word("Planes"),
    Word("Recall Planes"),
    Word("Relocate"),
    Word("Taxes"),
    Word("Three Planes"),
    Word("Transfers"),
    Word("Vacation"),
)
"""The cards' names (data/business.json) as refusals name them, marked for the catalogs; a
test holds them equal to the data."""

NEEDS: Final = {
    (False, False, False): Word("nothing more"),
    (True, False, False): Word("a player"),
    (False, True, False): Word("airlinks"),
    (False, False, True): Word("a Flight card"),
    (True, True, False): Word("a player and airlinks"),
    (True, False, True): Word("a player and a Flight card"),
    (False, True, True): Word("airlinks and a Flight card"),
    (True, True, True): Word("a player and airlinks and a Flight card"),
}
"""What a card names, said whole (a translation cannot join the parts in English order)."""


def _needs(seat: bool, links: bool, card: bool) -> Word:
    return NEEDS[seat, links, card]


def _before_action(state: State, b: BusinessState, name: str) -> None:
    if b.actions_taken(state.turn) or b.open_turn == state.turn:
        raise refused("{card} is played before your action", card=Word(name))


# -- each card: check, then perform -----------------------------------------------------------


def _check_lay_down(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action)


def _perform_lay_down(state: State, seat: int, action: PlayCard) -> None:
    business(state).lay_down(state, seat, action.kind)


def _check_acquisition(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, links=True)
    if len(action.links) != 1:
        raise refused("Acquisition names one airlink")
    link = action.links[0]
    _link(state, link)
    owner = state.owner[link]
    if owner < 0 or owner == seat:
        raise refused("{link} is not another player's airlink", link=state.board.link_name(link))
    if state.seats[seat].markers < 1:
        raise refused("you have no ownership marker left")
    _cash(state, seat, ACQUISITION_PRICE)


def _perform_acquisition(state: State, seat: int, action: PlayCard) -> None:
    link = action.links[0]
    owner = state.owner[link]
    state.add_cash(seat, -ACQUISITION_PRICE)
    state.add_cash(owner, ACQUISITION_PRICE)
    state.add_stock(owner, markers=1)
    state.add_stock(seat, markers=-1)
    state.set_owner(link, seat)
    business(state).discard(state, seat, action.kind)


def _check_buyout(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action)
    if state.vacation_time or not state.deck[SHORT]:
        raise refused("the Short Flight deck has no card left to buy")
    need = markers_for_next_card(state, seat)
    if state.seats[seat].markers < need:
        raise refused(
            "you have {markers} markers; the card takes {need}",
            markers=state.seats[seat].markers,
            need=need,
        )
    _cash(state, seat, BUYOUT_PRICE)


def _perform_buyout(state: State, seat: int, action: PlayCard) -> None:
    state.add_cash(seat, -BUYOUT_PRICE)
    b = business(state)
    b.discard(state, seat, action.kind)
    b.set_fields(state, buyout=seat)


def _check_commandeer(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, seat=True)
    other_seat(state, seat, action.seat)
    b = business(state)
    _before_action(state, b, "Commandeer")
    if b.commandeer[0] == state.turn:
        raise refused("you have already commandeered a plane this turn")
    _cash(state, seat, COMMANDEER_PRICE)


def _perform_commandeer(state: State, seat: int, action: PlayCard) -> None:
    state.add_cash(seat, -COMMANDEER_PRICE)
    state.add_cash(action.seat, COMMANDEER_PRICE)
    b = business(state)
    b.discard(state, seat, action.kind)
    b.set_fields(state, commandeer=(state.turn, action.seat))


def _check_delay(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, seat=True)
    other_seat(state, seat, action.seat)
    if state.seats[seat].finished:
        raise refused("Delay is played only before your own Final Flight")
    if state.seats[action.seat].final_planes < 1:
        raise refused("seat {seat} has no plane on a Final Flight card", seat=action.seat)


def _perform_delay(state: State, seat: int, action: PlayCard) -> None:
    state.remove_final_plane(action.seat)
    business(state).discard(state, seat, action.kind)


def _check_discount(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action)
    b = business(state)
    _before_action(state, b, "Discount")
    if b.discount_turn == state.turn:
        raise refused("a Discount is already in play this turn")


def _perform_discount(state: State, seat: int, action: PlayCard) -> None:
    b = business(state)
    b.discard(state, seat, action.kind)
    b.set_fields(state, discount_turn=state.turn)


def _check_extra(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action)
    b = business(state)
    _before_action(state, b, "Extra Action")
    if state.seats[seat].finished:
        raise refused("after your Final Flight you take no actions")
    if b.extra_turn == state.turn:
        raise refused("Extra Action is already in play this turn")


def _perform_extra(state: State, seat: int, action: PlayCard) -> None:
    b = business(state)
    b.discard(state, seat, action.kind)
    b.set_fields(state, extra_turn=state.turn)


def spare_finals(state: State) -> int:
    """Final Flight cards never dealt, left for the card "Final Flights"."""
    b = business(state)
    return len(state.board.final_deck) - 2 * state.players - 2 * b.finals_dealt


def _check_finals(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action)
    if state.seats[seat].finished:
        raise refused("you have already played your Final Flight")
    if spare_finals(state) < 2:
        raise refused("no Final Flight cards are left to draw")


def _perform_finals(state: State, seat: int, action: PlayCard) -> None:
    b = business(state)
    b.discard(state, seat, action.kind)
    b.set_fields(state, finals=seat)


def _check_freeplane(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, links=True)
    if len(action.links) != 1:
        raise refused("Free Plane names one airlink of yours")
    _own_link(state, seat, action.links[0], "Free Plane")
    _stock(state, seat, 1)


def _perform_planes_on_own(state: State, seat: int, action: PlayCard) -> None:
    for link in action.links:
        state.add_stock(seat, planes=-1)
        state.add_link_planes(link, seat, 1)
    business(state).discard(state, seat, action.kind)


def _check_three(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, links=True)
    if len(action.links) > MOST_PLANES:
        raise refused("Three Planes places one to three planes")
    for link in action.links:
        _own_link(state, seat, link, "Three Planes")
    _stock(state, seat, len(action.links))


def _rivalry_cost(action: PlayCard) -> int:
    """€5 a plane on a European link, €25 on a Distant one, all of it to the owners."""
    return RIVALRY_PRICE * len(action.links) + DISTANT_PLANE_PRICE * len(action.distant)


def _check_rivalry(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, links=True)
    planes = len(action.links) + len(action.distant)
    if planes > MOST_PLANES:
        raise refused("Friendly Rivalry buys one to three planes")
    for link in action.links:
        _link(state, link)
        owner = state.owner[link]
        if owner < 0 or owner == seat:
            raise refused(
                "{link} is not another player's airlink", link=state.board.link_name(link)
            )
    if action.distant:
        d = _distant(state)
        for slot in action.distant:
            _distant_slot(d, slot)
            if d.owner[slot] < 0 or d.owner[slot] == seat:
                raise refused("{link} is not another player's airlink", link=d.link_name(slot))
    _stock(state, seat, planes)
    _cash(state, seat, _rivalry_cost(action))


def _perform_rivalry(state: State, seat: int, action: PlayCard) -> None:
    for link in action.links:
        state.add_cash(seat, -RIVALRY_PRICE)
        state.add_cash(state.owner[link], RIVALRY_PRICE)
        state.add_stock(seat, planes=-1)
        state.add_link_planes(link, seat, 1)
    for slot in action.distant:
        d = _distant(state)
        state.add_cash(seat, -DISTANT_PLANE_PRICE)
        state.add_cash(d.owner[slot], DISTANT_PLANE_PRICE)
        state.add_stock(seat, planes=-1)
        d.add_planes(state, slot, seat, 1)
    business(state).discard(state, seat, action.kind)


def locked_by(state: State, card: str) -> int:
    """The seat that has locked ``card``, or -1."""
    b = state.business
    if b is None or not card:
        return -1
    return b.locks.index(card) if card in b.locks else -1


def _check_lock(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, card=True)
    card = action.card
    if all(card not in state.rows[row] for row in ROWS):
        raise refused("{card} is not face up in a row", card=card)
    b = business(state)
    if b.locks[seat]:
        raise refused("you have already locked {card}", card=b.locks[seat])
    if locked_by(state, card) >= 0:
        raise refused("{card} is already locked", card=card)
    _stock(state, seat, 1)


def _perform_lock(state: State, seat: int, action: PlayCard) -> None:
    state.add_stock(seat, planes=-1)
    b = business(state)
    b.set_lock(state, seat, action.card)
    b.discard(state, seat, action.kind)


def _check_ownership(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, links=True)
    if len(action.links) != 1:
        raise refused("Ownership names one unowned airlink")
    link = action.links[0]
    _link(state, link)
    if state.owner[link] >= 0:
        raise refused("{link} is already owned", link=state.board.link_name(link))
    if state.seats[seat].markers < 1:
        raise refused("you have no ownership marker left")


def _perform_ownership(state: State, seat: int, action: PlayCard) -> None:
    state.add_stock(seat, markers=-1)
    state.set_owner(action.links[0], seat)
    business(state).discard(state, seat, action.kind)


def _check_recall(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, links=True)
    for link in dict.fromkeys(action.links):  # in the order named
        _link(state, link)
        have = state.link_planes[link][seat]
        if action.links.count(link) > have:
            raise refused(
                "you have {planes} planes on {link}", planes=have, link=state.board.link_name(link)
            )
    if action.distant:
        d = _distant(state)
        for slot in dict.fromkeys(action.distant):
            _distant_slot(d, slot)
            have = d.planes[slot][seat]
            if action.distant.count(slot) > have:
                raise refused(
                    "you have {planes} planes on {link}", planes=have, link=d.link_name(slot)
                )


def _perform_recall(state: State, seat: int, action: PlayCard) -> None:
    for link in action.links:
        state.add_link_planes(link, seat, -1)
        state.add_stock(seat, planes=1)
        state.add_cash(seat, RECALL_PRICE)
    for slot in action.distant:
        _distant(state).add_planes(state, slot, seat, -1)
        state.add_stock(seat, planes=1)
        state.add_cash(seat, RECALL_DISTANT_PRICE)
    business(state).discard(state, seat, action.kind)


def _check_relocate(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, links=True)
    if len(action.links) != 2:
        raise refused("Relocate names your airlink, then an unowned one")
    source, target = action.links
    _own_link(state, seat, source, "Relocate")
    _link(state, target)
    if state.owner[target] >= 0:
        raise refused("{link} is already owned", link=state.board.link_name(target))


def _perform_relocate(state: State, seat: int, action: PlayCard) -> None:
    source, target = action.links
    for other in range(state.players):
        planes = state.link_planes[source][other]
        if planes:
            state.add_link_planes(source, other, -planes)
            state.add_link_planes(target, other, planes)
    state.set_owner(source, -1)
    state.set_owner(target, seat)
    business(state).discard(state, seat, action.kind)


def _check_taxes(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action)
    b = business(state)
    if b.in_front(seat, "taxes") and b.taxes_turn[seat] == state.turn:
        raise refused("Taxes is picked up on a later turn than it was played")


def _perform_taxes(state: State, seat: int, action: PlayCard) -> None:
    b = business(state)
    if b.in_front(seat, "taxes"):
        state.add_cash(seat, b.pick_up_taxes(state, seat))
    else:
        b.lay_down(state, seat, action.kind)


def _check_transfers(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, links=True)
    links = action.links
    if len(links) % 2:
        raise refused("Transfers names pairs of airlinks: from, to")
    sources = links[0::2]
    for source, target in zip(sources, links[1::2], strict=True):
        _link(state, source)
        _own_link(state, seat, target, "Transfers")
        if source == target:
            raise refused("a plane transferred moves to another airlink")
        have = state.link_planes[source][seat]
        if sources.count(source) > have:
            raise refused(
                "you have {planes} planes on {link}",
                planes=have,
                link=state.board.link_name(source),
            )


def _perform_transfers(state: State, seat: int, action: PlayCard) -> None:
    for source, target in zip(action.links[0::2], action.links[1::2], strict=True):
        state.add_link_planes(source, seat, -1)
        state.add_link_planes(target, seat, 1)
    business(state).discard(state, seat, action.kind)


def long_cards(state: State, seat: int) -> int:
    cards = state.board.cards
    return sum(1 for cid, _ in state.seats[seat].cards if cards[str(cid)].kind == LONG)


def _check_vacation(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action)
    if long_cards(state, seat) < LONG_FOR_VACATION:
        raise refused("Vacation is played after you have claimed three Long Flight cards")
    if state.vacation_time:
        raise refused("both Vacation spaces are filled")


def _perform_vacation(state: State, seat: int, action: PlayCard) -> None:
    b = business(state)
    b.take_from_hand(state, seat, action.kind)
    b.set_fields(state, vacations=b.vacations + 1)
    vacation_card_up(state)


def vacation_card_up(state: State) -> None:
    """A Business "Vacation" card is on the track: as if a Vacation card had been drawn."""
    was = state.vacation_time
    state.fill_vacation_space()
    investors_vacation_card_up(state)  # Investors: it replaces one, as any Vacation card does
    if state.vacation_time and not was:
        start_vacation_time(state)
        if state.to_reveal is None:
            state.set_decks_aside()


CardCheck = Callable[[State, int, PlayCard], None]
CARDS: Final[dict[str, tuple[CardCheck, CardCheck]]] = {
    "income": (_check_lay_down, _perform_lay_down),
    "acquisition": (_check_acquisition, _perform_acquisition),
    "buyout": (_check_buyout, _perform_buyout),
    "catchup": (_check_lay_down, _perform_lay_down),
    "commandeer": (_check_commandeer, _perform_commandeer),
    "delay": (_check_delay, _perform_delay),
    "discount": (_check_discount, _perform_discount),
    "extra": (_check_extra, _perform_extra),
    "finals": (_check_finals, _perform_finals),
    "freeplane": (_check_freeplane, _perform_planes_on_own),
    "rivalry": (_check_rivalry, _perform_rivalry),
    "lock": (_check_lock, _perform_lock),
    "overhead": (_check_lay_down, _perform_lay_down),
    "ownership": (_check_ownership, _perform_ownership),
    "planes": (_check_lay_down, _perform_lay_down),
    "recall": (_check_recall, _perform_recall),
    "relocate": (_check_relocate, _perform_relocate),
    "taxes": (_check_taxes, _perform_taxes),
    "three": (_check_three, _perform_planes_on_own),
    "transfers": (_check_transfers, _perform_transfers),
    "vacation": (_check_vacation, _perform_vacation),
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

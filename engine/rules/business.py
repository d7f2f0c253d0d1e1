"""The Business cards module (001_0ac1a519298b1465.txt, "Business Cards"): playing cards, the €5
cash-in, the Business Deal, and the dealer's draws. Effects the rulebook gives only by their
clarifications are designed in docs/rules-decisions.md ("Business cards")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.actions import (
    BUSINESS_DECISIONS,
    Accept,
    Action,
    BusinessDraw,
    BusinessShuffle,
    BuyoutDraw,
    CashIn,
    Claim,
    ClaimFinal,
    Decline,
    Dividends,
    EndTurn,
    FinalsDraw,
    Income,
    Offer,
    PlayCard,
    Refill,
)
from engine.board import LONG, ROWS, SHORT
from engine.business_state import (
    DECK,
    KIND,
    NO_OFFER,
    BusinessState,
    draw_commitment,
    income_after_cards,
    is_distant_link,
)
from engine.errors import IllegalAction
from engine.rules.base import AnyRule, Rule
from engine.rules.claims import markers_for_next_card
from engine.rules.flight_cards import start_vacation_time
from engine.rules.income import income_of
from engine.state import State, hand_commitment

SECTION: Final = "Business Cards"
DEAL_SECTION: Final = "Business Cards: Business Deal"
CASH_IN: Final = 5
ACQUISITION_PRICE: Final = 15
BUYOUT_PRICE: Final = 10
COMMANDEER_PRICE: Final = 15
RIVALRY_PRICE: Final = 5
RIVALRY_DISTANT_PRICE: Final = 25
RECALL_PRICE: Final = 6
RECALL_DISTANT_PRICE: Final = 26
"""docs/rules-decisions.md: the Distant Lands section's €26 for a Distant plane, €1 more than
the plane cost, as the €6 for an ordinary plane is."""
MOST_PLANES: Final = 3
"""Three Planes and Friendly Rivalry: up to three planes."""
LONG_FOR_VACATION: Final = 3


def business(state: State) -> BusinessState:
    b = state.business
    assert b is not None, "the Business cards module is off"
    return b


def _fail(message: str) -> IllegalAction:
    return IllegalAction(SECTION, message)


# -- checks shared by the cards ---------------------------------------------------------------


def _link(state: State, link: int) -> None:
    if not 0 <= link < len(state.board.links):
        raise _fail(f"there is no airlink number {link}")


def _not_distant(state: State, link: int, card: str) -> None:
    if is_distant_link(state, link):
        raise _fail(f"{card} does not reach the Distant Lands boards")


def _own_link(state: State, seat: int, link: int, card: str) -> None:
    _link(state, link)
    _not_distant(state, link, card)
    if state.owner[link] != seat:
        raise _fail(f"you do not own {state.board.link_name(link)}")


def _stock(state: State, seat: int, planes: int) -> None:
    if state.seats[seat].planes < planes:
        raise _fail(f"you have {state.seats[seat].planes} planes in stock; this needs {planes}")


def _cash(state: State, seat: int, cost: int) -> None:
    cash = state.seats[seat].cash
    if cost > cash:
        raise _fail(f"you have €{cash}; this costs €{cost}")


def _other_seat(state: State, seat: int, other: int) -> None:
    if not 0 <= other < state.players or other == seat:
        raise _fail("name another player")


def _no_extras(
    action: PlayCard, seat: bool = False, links: bool = False, card: bool = False
) -> None:
    """A card that names nothing more than it needs."""
    if (action.seat >= 0) != seat or bool(action.links) != links or bool(action.card) != card:
        raise _fail(f"{KIND[action.kind].name} names {_needs(seat, links, card)}")


def _needs(seat: bool, links: bool, card: bool) -> str:
    parts = [
        p for p, on in (("a player", seat), ("airlinks", links), ("a Flight card", card)) if on
    ]
    return " and ".join(parts) if parts else "nothing more"


def _before_action(state: State, b: BusinessState, name: str) -> None:
    if b.actions_taken(state.turn) or b.open_turn == state.turn:
        raise _fail(f"{name} is played before your action")


# -- each card: check, then perform -----------------------------------------------------------


def _check_lay_down(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action)


def _perform_lay_down(state: State, seat: int, action: PlayCard) -> None:
    business(state).lay_down(state, seat, action.kind)


def _check_acquisition(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, links=True)
    if len(action.links) != 1:
        raise _fail("Acquisition names one airlink")
    link = action.links[0]
    _link(state, link)
    _not_distant(state, link, "Acquisition")
    owner = state.owner[link]
    if owner < 0 or owner == seat:
        raise _fail(f"{state.board.link_name(link)} is not another player's airlink")
    if state.seats[seat].markers < 1:
        raise _fail("you have no ownership marker left")
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
        raise _fail("the Short Flight deck has no card left to buy")
    need = markers_for_next_card(state, seat)
    if state.seats[seat].markers < need:
        raise _fail(f"you have {state.seats[seat].markers} markers; the card takes {need}")
    _cash(state, seat, BUYOUT_PRICE)


def _perform_buyout(state: State, seat: int, action: PlayCard) -> None:
    state.add_cash(seat, -BUYOUT_PRICE)
    b = business(state)
    b.discard(state, seat, action.kind)
    b.set_fields(state, buyout=seat)


def _check_commandeer(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, seat=True)
    _other_seat(state, seat, action.seat)
    b = business(state)
    _before_action(state, b, "Commandeer")
    if b.commandeer[0] == state.turn:
        raise _fail("you have already commandeered a plane this turn")
    _cash(state, seat, COMMANDEER_PRICE)


def _perform_commandeer(state: State, seat: int, action: PlayCard) -> None:
    state.add_cash(seat, -COMMANDEER_PRICE)
    state.add_cash(action.seat, COMMANDEER_PRICE)
    b = business(state)
    b.discard(state, seat, action.kind)
    b.set_fields(state, commandeer=(state.turn, action.seat))


def _check_delay(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, seat=True)
    _other_seat(state, seat, action.seat)
    if state.seats[seat].finished:
        raise _fail("Delay is played only before your own Final Flight")
    if state.seats[action.seat].final_planes < 1:
        raise _fail(f"seat {action.seat} has no plane on a Final Flight card")


def _perform_delay(state: State, seat: int, action: PlayCard) -> None:
    state.remove_final_plane(action.seat)
    business(state).discard(state, seat, action.kind)


def _check_discount(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action)
    b = business(state)
    _before_action(state, b, "Discount")
    if b.discount_turn == state.turn:
        raise _fail("a Discount is already in play this turn")


def _perform_discount(state: State, seat: int, action: PlayCard) -> None:
    b = business(state)
    b.discard(state, seat, action.kind)
    b.set_fields(state, discount_turn=state.turn)


def _check_extra(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action)
    b = business(state)
    _before_action(state, b, "Extra Action")
    if state.seats[seat].finished:
        raise _fail("after your Final Flight you take no actions")
    if b.extra_turn == state.turn:
        raise _fail("Extra Action is already in play this turn")


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
        raise _fail("you have already played your Final Flight")
    if spare_finals(state) < 2:
        raise _fail("no Final Flight cards are left to draw")


def _perform_finals(state: State, seat: int, action: PlayCard) -> None:
    b = business(state)
    b.discard(state, seat, action.kind)
    b.set_fields(state, finals=seat)


def _check_freeplane(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, links=True)
    if len(action.links) != 1:
        raise _fail("Free Plane names one airlink of yours")
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
        raise _fail("Three Planes places one to three planes")
    for link in action.links:
        _own_link(state, seat, link, "Three Planes")
    _stock(state, seat, len(action.links))


def _rivalry_cost(state: State, links: tuple[int, ...]) -> int:
    return sum(
        RIVALRY_DISTANT_PRICE if is_distant_link(state, link) else RIVALRY_PRICE for link in links
    )


def _check_rivalry(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, links=True)
    if len(action.links) > MOST_PLANES:
        raise _fail("Friendly Rivalry buys one to three planes")
    for link in action.links:
        _link(state, link)
        owner = state.owner[link]
        if owner < 0 or owner == seat:
            raise _fail(f"{state.board.link_name(link)} is not another player's airlink")
    _stock(state, seat, len(action.links))
    _cash(state, seat, _rivalry_cost(state, action.links))


def _perform_rivalry(state: State, seat: int, action: PlayCard) -> None:
    for link in action.links:
        price = _rivalry_cost(state, (link,))
        state.add_cash(seat, -price)
        state.add_cash(state.owner[link], price)
        state.add_stock(seat, planes=-1)
        state.add_link_planes(link, seat, 1)
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
        raise _fail(f"{card} is not face up in a row")
    b = business(state)
    if b.locks[seat]:
        raise _fail(f"you have already locked {b.locks[seat]}")
    if locked_by(state, card) >= 0:
        raise _fail(f"{card} is already locked")
    _stock(state, seat, 1)


def _perform_lock(state: State, seat: int, action: PlayCard) -> None:
    state.add_stock(seat, planes=-1)
    b = business(state)
    b.locks[seat] = action.card
    b.discard(state, seat, action.kind)


def _check_ownership(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, links=True)
    if len(action.links) != 1:
        raise _fail("Ownership names one unowned airlink")
    link = action.links[0]
    _link(state, link)
    _not_distant(state, link, "Ownership")
    if state.owner[link] >= 0:
        raise _fail(f"{state.board.link_name(link)} is already owned")
    if state.seats[seat].markers < 1:
        raise _fail("you have no ownership marker left")


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
            raise _fail(f"you have {have} planes on {state.board.link_name(link)}")


def _perform_recall(state: State, seat: int, action: PlayCard) -> None:
    for link in action.links:
        price = RECALL_DISTANT_PRICE if is_distant_link(state, link) else RECALL_PRICE
        state.add_link_planes(link, seat, -1)
        state.add_stock(seat, planes=1)
        state.add_cash(seat, price)
    business(state).discard(state, seat, action.kind)


def _check_relocate(state: State, seat: int, action: PlayCard) -> None:
    _no_extras(action, links=True)
    if len(action.links) != 2:
        raise _fail("Relocate names your airlink, then an unowned one")
    source, target = action.links
    _own_link(state, seat, source, "Relocate")
    _link(state, target)
    _not_distant(state, target, "Relocate")
    if state.owner[target] >= 0:
        raise _fail(f"{state.board.link_name(target)} is already owned")


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
        raise _fail("Taxes is picked up on a later turn than it was played")


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
        raise _fail("Transfers names pairs of airlinks: from, to")
    sources = links[0::2]
    for source, target in zip(sources, links[1::2], strict=True):
        _link(state, source)
        _not_distant(state, source, "Transfers")
        _own_link(state, seat, target, "Transfers")
        if source == target:
            raise _fail("a plane transferred moves to another airlink")
        have = state.link_planes[source][seat]
        if sources.count(source) > have:
            raise _fail(f"you have {have} planes on {state.board.link_name(source)}")


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
        raise _fail("Vacation is played after you have claimed three Long Flight cards")
    if state.vacation_time:
        raise _fail("both Vacation spaces are filled")


def _perform_vacation(state: State, seat: int, action: PlayCard) -> None:
    b = business(state)
    b.take_from_hand(seat, action.kind)
    b.set_fields(state, vacations=b.vacations + 1)
    vacation_card_up(state)


def vacation_card_up(state: State) -> None:
    """A Business "Vacation" card is on the track: as if a Vacation card had been drawn."""
    was = state.vacation_time
    state.fill_vacation_space()
    investors_on_vacation(state)
    if state.vacation_time and not was:
        start_vacation_time(state)
        if state.to_reveal is None:
            state.set_decks_aside()


def investors_on_vacation(state: State) -> None:
    """Call point for the Investors module: a Vacation card (here the Business one) replaces an
    Investor, who pays. Nothing to do until that module is merged."""


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


class PlayRule(Rule[PlayCard]):
    """A Business card from your hand, any time in your turn, not your action."""

    action = PlayCard
    section = SECTION
    ends_turn = False

    def check(self, state: State, seat: int, action: PlayCard) -> None:
        found = CARDS.get(action.kind)
        if found is None:
            raise self.illegal(f"there is no Business card {action.kind!r} to play this way")
        b = business(state)
        picking_up = action.kind == "taxes" and b.in_front(seat, "taxes")
        if not picking_up and not b.has(seat, action.kind):
            raise self.illegal(f"you have no {KIND[action.kind].name} card")
        found[0](state, seat, action)

    def perform(self, state: State, seat: int, action: PlayCard) -> None:
        CARDS[action.kind][1](state, seat, action)

    def options(self, state: State, seat: int) -> list[Action]:
        b = business(state)
        out: list[Action] = []
        hand = b.hands[seat] or []
        kinds = list(dict.fromkeys(hand))
        if b.in_front(seat, "taxes") and "taxes" not in kinds:
            kinds.append("taxes")
        for kind in kinds:
            if kind not in CARDS:
                continue  # Dividends: an action of its own
            for action in _card_options(state, seat, kind):
                try:
                    CARDS[kind][0](state, seat, action)
                except IllegalAction:
                    continue
                out.append(action)
        return out


def _card_options(state: State, seat: int, kind: str) -> list[PlayCard]:
    """Canonical variants of one card (docs/notation.md, "Business cards")."""
    links = state.board.links
    own = state.owned_links(seat)
    others = [i for i, o in enumerate(state.owner) if o >= 0 and o != seat]
    mine = [i for i, row in enumerate(state.link_planes) if row[seat]]
    if kind in ("acquisition", "rivalry"):
        return [PlayCard(kind, links=(link,)) for link in others]
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
        return [PlayCard(kind, links=(i,) * state.link_planes[i][seat]) for i in mine]
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


class DividendsRule(Rule[Dividends]):
    """The card "Dividends", played when taking income: the turn's action, income paid twice."""

    action = Dividends
    section = SECTION
    idle = True

    def check(self, state: State, seat: int, action: Dividends) -> None:
        if not business(state).has(seat, "dividends"):
            raise self.illegal("you have no Dividends card")

    def perform(self, state: State, seat: int, action: Dividends) -> None:
        base = income_of(state.seats[seat])
        state.add_cash(seat, income_after_cards(state, seat, base) + base)
        state.take_markers_back(seat)
        business(state).discard(state, seat, "dividends")

    def options(self, state: State, seat: int) -> list[Action]:
        return [Dividends()] if business(state).has(seat, "dividends") else []


class CashInRule(Rule[CashIn]):
    """Any card not used for its purpose: discard it for €5 from the bank."""

    action = CashIn
    section = "Business Cards: Cash"
    ends_turn = False

    def check(self, state: State, seat: int, action: CashIn) -> None:
        if action.kind not in KIND:
            raise self.illegal(f"there is no Business card {action.kind!r}")
        if not business(state).has(seat, action.kind):
            raise self.illegal(f"you have no {KIND[action.kind].name} card")

    def perform(self, state: State, seat: int, action: CashIn) -> None:
        business(state).discard(state, seat, action.kind)
        state.add_cash(seat, CASH_IN)

    def options(self, state: State, seat: int) -> list[Action]:
        hand = business(state).hands[seat] or []
        return [CashIn(kind) for kind in list(dict.fromkeys(hand))]


def deal_links(state: State, placer: int, owner: int) -> list[int]:
    """The links of ``owner`` where ``placer`` may put a Business Deal plane."""
    if state.seats[placer].planes < 1:
        return []
    return [i for i, o in enumerate(state.owner) if o == owner and not is_distant_link(state, i)]


def _check_deal_link(
    rule: Rule[Offer] | Rule[Accept], state: State, seat: int, owner: int, link: int
) -> None:
    choices = deal_links(state, seat, owner)
    if link == -1:
        if choices:
            raise rule.illegal("name the airlink where your plane goes")
    elif link not in choices:
        name = state.board.link_name(link) if 0 <= link < len(state.board.links) else str(link)
        raise rule.illegal(f"your plane cannot go on {name}: it goes on a link of seat {owner}")


class OfferRule(Rule[Offer]):
    """One Business Deal offer a turn, to one player who has a Business card."""

    action = Offer
    section = DEAL_SECTION
    ends_turn = False

    def check(self, state: State, seat: int, action: Offer) -> None:
        b = business(state)
        if b.offer_turn == state.turn:
            raise self.illegal("you have already made an offer this turn")
        _other_seat(state, seat, action.seat)
        if b.sizes[action.seat] < 1:
            raise self.illegal(f"seat {action.seat} has no Business card to discard")
        if action.kind not in KIND or not b.has(seat, action.kind):
            raise self.illegal(f"you have no {action.kind} card to discard")
        _check_deal_link(self, state, seat, action.seat, action.link)

    def perform(self, state: State, seat: int, action: Offer) -> None:
        business(state).set_fields(
            state, offer=(seat, action.seat, action.kind, action.link), offer_turn=state.turn
        )

    def options(self, state: State, seat: int) -> list[Action]:
        b = business(state)
        hand = b.hands[seat]
        if not hand or b.offer_turn == state.turn:
            return []
        out: list[Action] = []
        for other in range(state.players):
            if other != seat and b.sizes[other]:
                links = deal_links(state, seat, other)
                out.append(Offer(other, hand[0], links[0] if links else -1))
        return out


class AcceptRule(Rule[Accept]):
    """Yes to a Business Deal: both discard a card, each puts a plane on the other's link."""

    action = Accept
    section = DEAL_SECTION
    ends_turn = False

    def check(self, state: State, seat: int, action: Accept) -> None:
        b = business(state)
        offerer, to, _, _ = b.offer
        if to != seat:
            raise self.illegal("no Business Deal is offered to you")
        if action.kind not in KIND or not b.has(seat, action.kind):
            raise self.illegal(f"you have no {action.kind} card to discard")
        _check_deal_link(self, state, seat, offerer, action.link)

    def perform(self, state: State, seat: int, action: Accept) -> None:
        b = business(state)
        offerer, _, kind, link = b.offer
        b.take_from_hand(offerer, kind)
        b.discards.append(kind)
        b.take_from_hand(seat, action.kind)
        b.discards.append(action.kind)
        for placer, where in ((seat, action.link), (offerer, link)):
            if where >= 0:
                state.add_stock(placer, planes=-1)
                state.add_link_planes(where, placer, 1)
        b.set_fields(state, offer=NO_OFFER)

    def options(self, state: State, seat: int) -> list[Action]:
        b = business(state)
        if b.offer[1] != seat:
            return []
        hand = b.hands[seat] or []
        links = deal_links(state, seat, b.offer[0]) or [-1]
        return [Accept(kind, link) for kind in list(dict.fromkeys(hand)) for link in links]


class DeclineRule(Rule[Decline]):
    """No to a Business Deal: the offering player's turn goes on."""

    action = Decline
    section = DEAL_SECTION
    ends_turn = False

    def check(self, state: State, seat: int, action: Decline) -> None:
        if business(state).offer[1] != seat:
            raise self.illegal("no Business Deal is offered to you")

    def perform(self, state: State, seat: int, action: Decline) -> None:
        business(state).set_fields(state, offer=NO_OFFER)

    def options(self, state: State, seat: int) -> list[Action]:
        return [Decline()] if business(state).offer[1] == seat else []


def may_end_turn(state: State) -> bool:
    b = business(state)
    return b.open_turn == state.turn or b.extra_turn == state.turn


class EndTurnRule(Rule[EndTurn]):
    """The end of a turn that went on after its action."""

    action = EndTurn
    section = SECTION

    def check(self, state: State, seat: int, action: EndTurn) -> None:
        if not may_end_turn(state):
            raise self.illegal("your turn ends with its action")

    def perform(self, state: State, seat: int, action: EndTurn) -> None:
        return None

    def options(self, state: State, seat: int) -> list[Action]:
        return [EndTurn()] if may_end_turn(state) else []


# -- the dealer's entries ---------------------------------------------------------------------


def _available(b: BusinessState, kind: str) -> int:
    """Copies of ``kind`` that may still be in the draw pile (all hands known), else -1."""
    if any(h is None for h in b.hands):
        return -1
    held = sum(h.count(kind) for h in b.hands if h is not None)
    out = sum(f.count(kind) for f in b.front) + b.discards.count(kind)
    vacation = b.vacations if kind == "vacation" else 0
    return DECK.count(kind) - held - out - vacation


class DrawRule(Rule[BusinessDraw]):
    """The top Business card to a player: two at setup, one for each Long Flight claimed."""

    action = BusinessDraw
    section = "Business Cards: Acquiring Business Cards"
    ends_turn = False

    def check(self, state: State, seat: int, action: BusinessDraw) -> None:
        b = business(state)
        if not b.owed or b.deck_size == 0:
            raise self.illegal("no Business card is to be drawn now")
        if action.seat != b.owed[0]:
            raise self.illegal(f"seat {b.owed[0]} draws the next Business card")
        if action.kind is None:
            return
        if action.kind not in KIND or _available(b, action.kind) == 0:
            raise self.illegal(f"no {action.kind} card is left to draw")
        salt = action.salt or ""
        if draw_commitment(action.seat, b.draws, action.kind, salt) != action.commitment:
            raise self.illegal("the card does not match its commitment")

    def perform(self, state: State, seat: int, action: BusinessDraw) -> None:
        business(state).draw(state, action.seat, action.kind, action.commitment)


class ShuffleRule(Rule[BusinessShuffle]):
    """The Business deck ran out: the discards are shuffled into a new one."""

    action = BusinessShuffle
    section = "Business Cards: Acquiring Business Cards"
    ends_turn = False

    def check(self, state: State, seat: int, action: BusinessShuffle) -> None:
        b = business(state)
        if not b.owed or b.deck_size:
            raise self.illegal(
                "the Business discards are shuffled only when a card is due and none is left"
            )
        if action.count != len(b.discards):
            raise self.illegal(f"the discard pile holds {len(b.discards)} cards")

    def perform(self, state: State, seat: int, action: BusinessShuffle) -> None:
        business(state).reshuffle(state)


class BuyoutRule(Rule[BuyoutDraw]):
    """Buyout: the top Short Flight card, as if claimed. A Vacation card on top is turned up as
    in the Flight Card Phase and the next card is taken (docs/rules-decisions.md)."""

    action = BuyoutDraw
    section = "Business Cards: Buyout"
    ends_turn = False

    def check(self, state: State, seat: int, action: BuyoutDraw) -> None:
        if business(state).buyout < 0:
            raise self.illegal("no Buyout waits for a card")
        if action.card not in state.deck[SHORT]:
            raise self.illegal(f"{action.card} is not in the Short deck")

    def perform(self, state: State, seat: int, action: BuyoutDraw) -> None:
        b = business(state)
        buyer = b.buyout
        if state.board.cards[action.card].vacation:
            was = state.vacation_time
            state.turn_up(SHORT, action.card)
            if state.vacation_time and not was:
                start_vacation_time(state)
                if state.to_reveal is None:
                    state.set_decks_aside()
            if state.vacation_time or not state.deck[SHORT]:
                b.set_fields(state, buyout=-1)
            return
        state.take_from_deck(buyer, SHORT, action.card, markers_for_next_card(state, buyer))
        b.set_fields(state, buyout=-1)


class FinalsRule(Rule[FinalsDraw]):
    """The card "Final Flights": two more Final Flight cards, dealt secretly like the first two;
    the player still plays only one."""

    action = FinalsDraw
    section = "Business Cards: Final Flights"
    ends_turn = False

    def check(self, state: State, seat: int, action: FinalsDraw) -> None:
        b = business(state)
        if b.finals < 0:
            raise self.illegal("no Final Flight cards are to be dealt now")
        if action.seat != b.finals:
            raise self.illegal(f"seat {b.finals} takes the Final Flight cards")
        if action.cards is None:
            return
        cards = state.board.cards
        if len(set(action.cards)) != 2:
            raise self.illegal("two different Final Flight cards are dealt")
        for cid in action.cards:
            card = cards.get(cid)
            if card is None or card.kind != "final":
                raise self.illegal(f"{cid} is not a Final Flight card")
            for other in state.seats:
                if other.hand and cid in other.hand:
                    raise self.illegal(f"{cid} was already dealt")
        salt = action.salt or ""
        if hand_commitment(action.seat, action.cards, salt) != action.commitment:
            raise self.illegal("the cards do not match their commitment")

    def perform(self, state: State, seat: int, action: FinalsDraw) -> None:
        b = business(state)
        state.add_finals(action.seat, action.cards, action.commitment)
        b.set_fields(state, finals=-1, finals_dealt=b.finals_dealt + 1)


DECISION_RULES: Final[tuple[AnyRule, ...]] = (
    PlayRule(),
    DividendsRule(),
    CashInRule(),
    OfferRule(),
    AcceptRule(),
    DeclineRule(),
    EndTurnRule(),
)
CHANCE_RULES: Final[tuple[AnyRule, ...]] = (DrawRule(), ShuffleRule(), BuyoutRule(), FinalsRule())


# -- what the module adds to every turn --------------------------------------------------------


def guard(state: State, seat: int, action: Action) -> None:
    """Refuse what the module forbids around the base actions: acting while a Business Deal
    waits for its answer, a second action or a refill after the action, income with Extra Action,
    claiming around a locked card."""
    b = business(state)
    if b.offer != NO_OFFER:
        if not isinstance(action, (Accept, Decline)):
            raise IllegalAction(DEAL_SECTION, f"seat {b.offer[1]} must answer the Business Deal")
        return
    if isinstance(action, BUSINESS_DECISIONS) and not isinstance(action, Dividends):
        return
    turn = state.turn
    if b.open_turn == turn:
        raise _fail("your action is done: play Business cards or end your turn")
    if b.actions_taken(turn) and isinstance(action, Refill):
        raise _fail("the Flight Card Phase is over for this turn")
    if b.extra_turn == turn and isinstance(action, (Income, Dividends)):
        raise _fail("with Extra Action, neither action may be income")
    if isinstance(action, (Claim, ClaimFinal)):
        mine = b.locks[seat]
        if mine and action.card != mine:
            raise _fail(f"you have locked {mine}: claim it before any other card")
        holder = locked_by(state, action.card)
        if holder >= 0 and holder != seat:
            raise _fail(f"{action.card} is locked by seat {holder}")


def restricts(state: State) -> bool:
    """Whether ``guard`` can refuse anything now (a quick test before filtering a list)."""
    b = business(state)
    turn = state.turn
    return (
        b.offer[1] >= 0
        or b.open_turn == turn
        or b.extra_turn == turn
        or any(b.locks)
        or b.actions_taken(turn) > 0
    )


def allowed(state: State, seat: int, action: Action) -> bool:
    try:
        guard(state, seat, action)
    except IllegalAction:
        return False
    return True


def after_action(state: State, seat: int, action: Action) -> bool:
    """After a turn's action: take a Business card for a Long Flight, free a locked card's plane,
    note the first Final Flight. True when the turn goes on (Extra Action, or a card drawn)."""
    b = business(state)
    if isinstance(action, EndTurn):
        return False
    turn = state.turn
    drew = False
    if isinstance(action, Claim):
        if b.locks[seat] == action.card:
            state.add_stock(seat, planes=1)
            b.locks[seat] = ""
            b.rehash(state)
        if state.board.cards[action.card].kind == LONG:
            before = len(b.owed)
            b.owe(state, seat)
            drew = len(b.owed) > before
    elif isinstance(action, ClaimFinal) and b.first_final < 0:
        b.set_fields(state, first_final=seat)
    if state.over:
        return False
    if b.extra_turn == turn:  # only Extra Action counts the actions of a turn
        count = b.actions_taken(turn) + 1
        b.set_fields(state, acted=(turn, count))
        if count < 2:
            return True
    if drew:
        b.set_fields(state, open_turn=turn)
        return True
    return False


def answer_on_timeout(state: State, seat: int) -> Action | None:
    """The answer of a seat whose time ran out: no to a Business Deal offered to it (None when
    it is answering none). The host's turn clock calls this."""
    b = state.business
    return Decline() if b is not None and b.offer[1] == seat else None


def chance_entry_kind(state: State) -> str:
    """What the dealer must supply for the module: "shuffle", "draw", "buyout" or ""."""
    b = state.business
    if b is None:
        return ""
    if b.buyout >= 0:
        return "buyout"
    if b.finals >= 0:
        return "finals"
    if b.owed:
        return "draw" if b.deck_size else "shuffle"
    return ""

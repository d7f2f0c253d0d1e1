"""The Business Deal (001_0ac1a519298b1465.txt, "Business Cards: Business Deal"): one offer a
turn to one player, answered by that player, a seat that is not the one whose turn it is; if
accepted, "both players discard one Business card": the answering player with the answer, then
the offering player (docs/rules-decisions.md, B17). The offer names no card, as the rulebook's
does not, so a refused deal shows no card of the offerer's hand.

The open deal is ``BusinessState.offer``, (offerer, seat to act, "", link): the seat to act is
the answering player's until the answer, then the offerer's own until its discard."""

from __future__ import annotations

from engine.errors import Seat
from engine.jetset.actions import (
    Accept,
    Action,
    DealDiscard,
    Decline,
    Offer,
)
from engine.jetset.business_deck import KIND
from engine.jetset.business_state import NO_OFFER
from engine.jetset.rules.base import Rule
from engine.jetset.rules.business_checks import DEAL_SECTION, business, other_seat
from engine.jetset.state import State


def deal_links(state: State, placer: int, owner: int) -> list[int]:
    """The links of ``owner`` where ``placer`` may put a Business Deal plane."""
    if state.seats[placer].planes < 1:
        return []
    return [i for i, o in enumerate(state.owner) if o == owner]


def is_deal_link(state: State, placer: int, owner: int, link: int) -> bool:
    """Whether ``link`` is one of ``deal_links(state, placer, owner)``, without listing them."""
    owners = state.owner
    return state.seats[placer].planes >= 1 and 0 <= link < len(owners) and owners[link] == owner


def _check_deal_link(
    rule: Rule[Offer] | Rule[Accept], state: State, seat: int, owner: int, link: int
) -> None:
    if link == -1:
        if deal_links(state, seat, owner):
            raise rule.illegal("name the airlink where your plane goes")
    elif not is_deal_link(state, seat, owner, link):
        name = state.board.link_name(link) if 0 <= link < len(state.board.links) else str(link)
        raise rule.illegal(
            "your plane cannot go on {link}: it goes on a link of {seat}",
            link=name,
            seat=Seat(owner),
        )


class OfferRule(Rule[Offer]):
    """One Business Deal offer a turn, to one player who has a Business card."""

    action = Offer
    section = DEAL_SECTION
    ends_turn = False

    def check(self, state: State, seat: int, action: Offer) -> None:
        b = business(state)
        if b.offer_turn == state.turn:
            raise self.illegal("you have already made an offer this turn")
        other_seat(state, seat, action.seat)
        if b.sizes[seat] < 1:
            raise self.illegal("you have no Business card to discard")
        if b.sizes[action.seat] < 1:
            raise self.illegal("{seat} has no Business card to discard", seat=Seat(action.seat))
        _check_deal_link(self, state, seat, action.seat, action.link)

    def perform(self, state: State, seat: int, action: Offer) -> None:
        business(state).set_offer(state, (seat, action.seat, "", action.link))

    def options(self, state: State, seat: int) -> list[Action]:
        b = business(state)
        if not b.sizes[seat] or b.offer_turn == state.turn:
            return []
        out: list[Action] = []
        for other in range(state.players):
            if other != seat and b.sizes[other]:
                links = deal_links(state, seat, other)
                out.append(Offer(other, links[0] if links else -1))
        return out


class AcceptRule(Rule[Accept]):
    """Yes to a Business Deal: both discard a card, each puts a plane on the other's link."""

    action = Accept
    section = DEAL_SECTION
    ends_turn = False

    def check(self, state: State, seat: int, action: Accept) -> None:
        b = business(state)
        offerer, to, _, _ = b.offer
        if to != seat or offerer == seat:
            raise self.illegal("no Business Deal is offered to you")
        if action.kind not in KIND or not b.has(seat, action.kind):
            raise self.illegal("you have no {card} card to discard", card=action.kind)
        _check_deal_link(self, state, seat, offerer, action.link)

    def perform(self, state: State, seat: int, action: Accept) -> None:
        b = business(state)
        offerer, _, _, link = b.offer
        b.discard(state, seat, action.kind)
        place_deal_plane(state, seat, action.link)
        b.set_offer(state, (offerer, offerer, "", link))  # the offerer discards next

    def options(self, state: State, seat: int) -> list[Action]:
        b = business(state)
        if b.offer[1] != seat or b.offer[0] == seat:
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
        offer = business(state).offer
        if offer[1] != seat or offer[0] == seat:
            raise self.illegal("no Business Deal is offered to you")

    def perform(self, state: State, seat: int, action: Decline) -> None:
        business(state).set_offer(state, NO_OFFER)

    def options(self, state: State, seat: int) -> list[Action]:
        offer = business(state).offer
        return [Decline()] if offer[1] == seat and offer[0] != seat else []


class DealDiscardRule(Rule[DealDiscard]):
    """The accepted deal's other half: the offering player discards a Business card of their
    choice, and their plane goes on the link the offer named."""

    action = DealDiscard
    section = DEAL_SECTION
    ends_turn = False

    def check(self, state: State, seat: int, action: DealDiscard) -> None:
        b = business(state)
        if not offerer_discards(state, seat):
            raise self.illegal("no accepted Business Deal waits for your card")
        if action.kind not in KIND or not b.has(seat, action.kind):
            raise self.illegal("you have no {card} card to discard", card=action.kind)

    def perform(self, state: State, seat: int, action: DealDiscard) -> None:
        b = business(state)
        link = b.offer[3]
        b.discard(state, seat, action.kind)
        place_deal_plane(state, seat, link)
        b.set_offer(state, NO_OFFER)

    def options(self, state: State, seat: int) -> list[Action]:
        if not offerer_discards(state, seat):
            return []
        return [DealDiscard(kind) for kind in dict.fromkeys(business(state).hands[seat] or [])]


def offerer_discards(state: State, seat: int) -> bool:
    """``seat`` offered a Business Deal that was accepted and now discards its card."""
    b = state.business
    return b is not None and b.offer[0] == seat and b.offer[1] == seat


def place_deal_plane(state: State, placer: int, link: int) -> None:
    """A Business Deal's plane: free and without an action, on ``link`` (-1: none)."""
    if link >= 0:
        state.add_stock(placer, planes=-1)
        state.add_link_planes(link, placer, 1)


def answer_on_timeout(state: State, seat: int) -> Action | None:
    """The decision a seat whose time ran out makes in a Business Deal: no to one offered to
    it; the first card in hand, when its accepted deal waits for its card (None when it is in
    no deal). The host's turn clock calls this, on the whole state."""
    b = state.business
    if b is None or b.offer[1] != seat:
        return None
    if b.offer[0] != seat:
        return Decline()
    hand = b.hands[seat] or []
    return DealDiscard(hand[0]) if hand else None


def deal_waiting(state: State) -> bool:
    """A Business Deal waits for its answer: its seat may only accept or decline it, and nothing
    else happens until it does (``business.guard``, which checks it inline on every action)."""
    b = state.business
    return b is not None and b.offer[1] >= 0

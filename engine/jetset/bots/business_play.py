"""How the greedy bot (and every seat in the search bot's playouts) uses Business cards: answer a
Business Deal, lay down the cards that pay for the rest of the game, put free planes on its
links, offer a deal for a plane it would otherwise rent (the greedy bot itself, not the
playouts), play Dividends instead of plain income, and cash in for €5 every card it has no plan
for."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from engine.errors import IllegalAction
from engine.jetset.actions import (
    BUSINESS_DECISIONS,
    Accept,
    Action,
    CashIn,
    DealDiscard,
    Decline,
    Dividends,
    EndTurn,
    Entry,
    Income,
    Offer,
    PlayCard,
)
from engine.jetset.business_deck import KIND_INDEX
from engine.jetset.business_effects import income_cards
from engine.jetset.rules.business_cards import CASH_IN
from engine.jetset.rules.income import seat_income
from engine.jetset.ruleset import Ruleset
from engine.jetset.state import State

LAY_DOWN: Final = ("income", "overhead", "taxes", "catchup", "planes")
"""Cards that pay simply for being played: in front for the rest of the game, or at the end."""
FREE_PLANES: Final = ("freeplane", "three")
KEEP: Final = ("dividends",)
"""Cards kept in hand for a later action."""
PLANNED: Final = (*LAY_DOWN, *FREE_PLANES, *KEEP)
"""Cards the bot has a use for; any other is cashed in, or offered in a deal."""
TAXES_PICK_UP: Final = 4
"""Money on a Taxes card worth picking up."""


RentsWanted = Callable[[], Sequence[int]]
"""The other players' airlinks the seat would rent a plane on next, best first."""


def business_choice(
    view: State, seat: int, rules: Ruleset, rents: RentsWanted | None = None
) -> Action | None:
    """The bot's Business card move now, or None: go on with the base game's choice. With
    ``rents``, a card it has no plan for may first be offered in a Business Deal (``deal``)."""
    b = view.business
    if b is None:
        return None
    legal = rules.legal_actions(view)
    if b.offer[1] == seat:
        return answer(legal) if b.offer[0] != seat else least_useful_discard(legal)
    plays = [a for a in legal if isinstance(a, PlayCard)]
    for action in plays:
        if action.kind in LAY_DOWN and not (action.kind == "taxes" and b.in_front(seat, "taxes")):
            return action
        if action.kind == "taxes" and b.taxes_pot >= TAXES_PICK_UP:
            return action
    for play in plays:
        if play.kind in FREE_PLANES:
            return play
    spare = [a.kind for a in legal if isinstance(a, CashIn) and a.kind not in PLANNED]
    if spare and rents is not None and any(isinstance(a, Offer) for a in legal):
        offer = deal(view, seat, rules, rents())
        if offer is not None:
            return offer
    if spare:
        return CashIn(spare[0])
    if EndTurn() in legal:
        return EndTurn()
    return None


def deal(view: State, seat: int, rules: Ruleset, rents: Sequence[int]) -> Offer | None:
    """A Business Deal for the first airlink in ``rents`` the rules let the seat offer for: its
    plane there free (001_0ac1a519298b1465.txt, "Business Deal") for a card worth €5 cashed in
    (the one it discards if the deal is accepted: ``least_useful_discard``), against €5 to the
    owner and the action a rent takes."""
    for link in rents:
        offer = Offer(view.owner[link], link)
        try:
            rules.check(view, Entry(seat, offer))
        except IllegalAction:
            continue
        return offer
    return None


def dividends_worth_it(view: State, seat: int) -> bool:
    """Whether Dividends' second income beats the €5 the card cashes in for: what Dividends
    pays beyond plain income (``rules.business.dividends_paid``, Taxes taken once) is the
    seat's income once more, ``seat_income`` and the +2 Income cards (``income_cards``)."""
    return seat_income(view, seat) + income_cards(view, seat) > CASH_IN


def least_useful_discard(legal: list[Action]) -> Action:
    """The card to discard for an accepted deal of ours: one the bot has no plan for, else the
    least useful (as ``answer`` chooses)."""
    discards = [a for a in legal if isinstance(a, DealDiscard)]
    if not discards:
        return legal[0]
    return min(discards, key=lambda a: (a.kind in PLANNED, a.kind in LAY_DOWN, -KIND_INDEX[a.kind]))


def answer(legal: list[Action]) -> Action:
    """Yes to a Business Deal when it puts a plane of ours on the board for the least useful
    card in hand; else no."""
    accepts = [a for a in legal if isinstance(a, Accept) and a.link >= 0]
    if not accepts:
        return Decline()
    return min(accepts, key=lambda a: (a.kind in LAY_DOWN, -KIND_INDEX[a.kind], a.link))


def with_cards(view: State, seat: int, rules: Ruleset, action: Action) -> Action:
    """The base game's choice under the module: Dividends in place of plain income when its
    second income pays more than the card's €5 cash-in (with no claimed card it pays €0 twice,
    and threw the card away); another action if a card forbids this one (a Flight card locked
    by another player)."""
    legal = rules.legal_actions(view)
    if isinstance(action, Income) and Dividends() in legal and dividends_worth_it(view, seat):
        return Dividends()
    try:
        rules.check(view, Entry(seat, action))
    except IllegalAction:
        return next((a for a in legal if not isinstance(a, BUSINESS_DECISIONS)), legal[0])
    return action

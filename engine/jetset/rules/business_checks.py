"""What the Business cards share (001_0ac1a519298b1465.txt, "Business Cards"): the module's part
of the table, the refusal that names the section, the checks several cards make (an airlink that
exists and is yours, planes in stock, the money, another player, nothing named that the card does
not need) and the cards' names as refusals say them.
"""

from __future__ import annotations

from typing import Final

from engine.errors import IllegalAction, Param, Word, rule_name
from engine.jetset.actions import PlayCard
from engine.jetset.business_deck import KIND
from engine.jetset.business_state import BusinessState
from engine.jetset.distant_state import DistantState
from engine.jetset.state import State

SECTION: Final = rule_name("Business Cards")
DEAL_SECTION: Final = rule_name("Business Cards: Business Deal")
DISTANT_CARDS: Final = ("recall", "rivalry")
"""The cards that may name Distant airlinks: "“Planes” and “Friendly Rivalry” can apply to
Distant Lands planes", and Recall Planes pays €26 for them; every other card may not."""


def business(state: State) -> BusinessState:
    b = state.business
    assert b is not None, "the Business cards module is off"
    return b


def refused(template: str, **params: Param) -> IllegalAction:
    """A card refused, naming the rulebook's section."""
    return IllegalAction(SECTION, template, **params)


def check_link(state: State, link: int) -> None:
    if not 0 <= link < len(state.board.links):
        raise refused("there is no airlink number {link}", link=link)


def distant_in_play(state: State) -> DistantState:
    d = state.distant
    if d is None:
        raise refused("Distant Lands is not in play in this game")
    return d


def check_distant_slot(d: DistantState, slot: int) -> None:
    if not 0 <= slot < len(d.board.slots):
        raise refused("there is no distant airlink number {slot}", slot=slot)


def check_own_link(state: State, seat: int, link: int, card: str) -> None:
    check_link(state, link)
    if state.owner[link] != seat:
        raise refused("you do not own {link}", link=state.board.link_name(link))


def check_stock(state: State, seat: int, planes: int) -> None:
    if state.seats[seat].planes < planes:
        raise refused(
            "not enough planes in stock: this needs {planes}, you have {stock}",
            stock=state.seats[seat].planes,
            planes=planes,
        )


def check_cash(state: State, seat: int, cost: int) -> None:
    cash = state.seats[seat].cash
    if cost > cash:
        raise refused("you have €{cash}; this costs €{cost}", cash=cash, cost=cost)


def other_seat(state: State, seat: int, other: int) -> None:
    """``other`` must be another player at the table."""
    if not 0 <= other < state.players or other == seat:
        raise refused("name another player")


def no_extras(
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


def before_action(state: State, b: BusinessState, name: str) -> None:
    if b.actions_taken(state.turn) or b.open_turn == state.turn:
        raise refused("{card} is played before your action", card=Word(name))

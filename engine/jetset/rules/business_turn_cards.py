"""The Business cards that act on a turn, the Flight cards or what lies in front of a player
(001_0ac1a519298b1465.txt, "Business Cards", "Detailed descriptions"): the cards laid down
(+2 Income, Catch up, No Overhead, Planes), Buyout, Commandeer, Delay, Discount, Extra Action,
Final Flights, Lock a Flight Card, Taxes and Vacation, each a ``check_<card>`` (raises, never
changes the table) and a ``perform_<card>``; engine/jetset/rules/business_cards.py puts them in
``CARDS``.
"""

from __future__ import annotations

from typing import Final

from engine.errors import Seat
from engine.jetset.actions import Claim, PlayCard
from engine.jetset.board import LONG, ROWS, SHORT
from engine.jetset.rules.business_checks import (
    before_action,
    business,
    check_cash,
    check_stock,
    no_extras,
    other_seat,
    refused,
)
from engine.jetset.rules.claims import claim_options, final_options, markers_for_next_card
from engine.jetset.rules.distant import ClaimDistantRule
from engine.jetset.rules.flight_cards import start_vacation_time
from engine.jetset.rules.investors import vacation_card_up as investors_vacation_card_up
from engine.jetset.state import State

BUYOUT_PRICE: Final = 10
COMMANDEER_PRICE: Final = 15
LONG_FOR_VACATION: Final = 3
DISTANT_CLAIM: Final = ClaimDistantRule()


def check_lay_down(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action)


def perform_lay_down(state: State, seat: int, action: PlayCard) -> None:
    business(state).lay_down(state, seat, action.kind)


def check_buyout(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action)
    if state.vacation_time or not state.deck[SHORT]:
        raise refused("the Short Flight deck has no card left to buy")
    need = markers_for_next_card(state, seat)
    if state.seats[seat].markers < need:
        raise refused(
            "you have {markers} markers; the card takes {need}",
            markers=state.seats[seat].markers,
            need=need,
        )
    check_cash(state, seat, BUYOUT_PRICE)


def perform_buyout(state: State, seat: int, action: PlayCard) -> None:
    state.add_cash(seat, -BUYOUT_PRICE)
    b = business(state)
    b.discard(state, seat, action.kind)
    b.set_fields(state, buyout=seat)


def check_commandeer(state: State, seat: int, action: PlayCard) -> None:
    """Commandeer: "Play at the beginning of a turn when your turn action will be, 'Claim a
    Flight card.'" So before the action, and only when a claim could follow (decision B16)."""
    no_extras(action, seat=True)
    other_seat(state, seat, action.seat)
    b = business(state)
    before_action(state, b, "Commandeer")
    if state.seats[seat].finished:
        raise refused("after your Final Flight you claim no Flight card")
    if b.commandeer[0] == state.turn:
        raise refused("you have already commandeered a plane this turn")
    check_cash(state, seat, COMMANDEER_PRICE)
    if not claim_could_follow(state, seat, action.seat):
        raise refused("Commandeer is played when your action will be a claim: none is open now")


def claim_could_follow(state: State, seat: int, borrow: int) -> bool:
    """Whether ``seat`` could claim a Flight card now: a Short or Long card or its Final Flight,
    with one plane of ``borrow`` if it needs one (Commandeer), locked cards respected as
    ``business.guard_locks`` does, or a Distant card (with its own planes: decision B22)."""
    mine = business(state).locks[seat]
    for claim in claim_options(state, seat, borrow):
        assert isinstance(claim, Claim)
        if (not mine or claim.card == mine) and locked_by(state, claim.card) in (-1, seat):
            return True
    if not mine and final_options(state, seat, borrow):
        return True
    return state.distant is not None and bool(DISTANT_CLAIM.options(state, seat))


def perform_commandeer(state: State, seat: int, action: PlayCard) -> None:
    state.add_cash(seat, -COMMANDEER_PRICE)
    state.add_cash(action.seat, COMMANDEER_PRICE)
    b = business(state)
    b.discard(state, seat, action.kind)
    b.set_fields(state, commandeer=(state.turn, action.seat))


def check_delay(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action, seat=True)
    other_seat(state, seat, action.seat)
    if state.seats[seat].finished:
        raise refused("Delay is played only before your own Final Flight")
    if state.seats[action.seat].final_planes < 1:
        raise refused("{seat} has no plane on a Final Flight card", seat=Seat(action.seat))


def perform_delay(state: State, seat: int, action: PlayCard) -> None:
    state.remove_final_plane(action.seat)
    business(state).discard(state, seat, action.kind)


def check_discount(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action)
    b = business(state)
    before_action(state, b, "Discount")
    if b.discount_turn == state.turn:
        raise refused("a Discount is already in play this turn")


def perform_discount(state: State, seat: int, action: PlayCard) -> None:
    b = business(state)
    b.discard(state, seat, action.kind)
    b.set_fields(state, discount_turn=state.turn)


def check_extra(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action)
    b = business(state)
    before_action(state, b, "Extra Action")
    if state.seats[seat].finished:
        raise refused("after your Final Flight you take no actions")
    if b.extra_turn == state.turn:
        raise refused("Extra Action is already in play this turn")


def perform_extra(state: State, seat: int, action: PlayCard) -> None:
    b = business(state)
    b.discard(state, seat, action.kind)
    b.set_fields(state, extra_turn=state.turn)


def spare_finals(state: State) -> int:
    """Final Flight cards never dealt, left for the card "Final Flights"."""
    b = business(state)
    return len(state.board.final_deck) - 2 * state.players - 2 * b.finals_dealt


def check_finals(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action)
    if state.seats[seat].finished:
        raise refused("you have already played your Final Flight")
    if spare_finals(state) < 2:
        raise refused("no Final Flight cards are left to draw")


def perform_finals(state: State, seat: int, action: PlayCard) -> None:
    b = business(state)
    b.discard(state, seat, action.kind)
    b.set_fields(state, finals=seat)


def locked_by(state: State, card: str) -> int:
    """The seat that has locked ``card``, or -1."""
    b = state.business
    if b is None or not card:
        return -1
    return b.locks.index(card) if card in b.locks else -1


def check_lock(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action, card=True)
    card = action.card
    if all(card not in state.rows[row] for row in ROWS):
        raise refused("{card} is not face up in a row", card=card)
    b = business(state)
    if b.locks[seat]:
        raise refused("you have already locked {card}", card=b.locks[seat])
    if locked_by(state, card) >= 0:
        raise refused("{card} is already locked", card=card)
    check_stock(state, seat, 1)


def perform_lock(state: State, seat: int, action: PlayCard) -> None:
    state.add_stock(seat, planes=-1)
    b = business(state)
    b.set_lock(state, seat, action.card)
    b.discard(state, seat, action.kind)


def taxes_to_pick_up(state: State, seat: int) -> bool:
    """``seat``'s Taxes card lies in front of it and may be picked up now: "On any of your later
    turns, you may choose to discard this card and take all the money on it"."""
    b = business(state)
    return b.taxed_by == seat and b.taxes_turn[seat] != state.turn


def check_taxes(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action)
    if business(state).in_front(seat, "taxes") and not taxes_to_pick_up(state, seat):
        raise refused("Taxes is picked up on a later turn than it was played")


def perform_taxes(state: State, seat: int, action: PlayCard) -> None:
    b = business(state)
    if b.in_front(seat, "taxes"):
        state.add_cash(seat, b.pick_up_taxes(state, seat))
    else:
        b.lay_down(state, seat, action.kind)


def long_cards(state: State, seat: int) -> int:
    cards = state.board.cards
    return sum(1 for cid, _ in state.seats[seat].cards if cards[str(cid)].kind == LONG)


def check_vacation(state: State, seat: int, action: PlayCard) -> None:
    no_extras(action)
    if long_cards(state, seat) < LONG_FOR_VACATION:
        raise refused("Vacation is played after you have claimed three Long Flight cards")
    if state.vacation_time:
        raise refused("both Vacation spaces are filled")


def perform_vacation(state: State, seat: int, action: PlayCard) -> None:
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

"""Dealing the Final Flights (rulebook, "Set up the Players"): two secret cards to each seat."""

from __future__ import annotations

from engine.errors import Seat, rule_name
from engine.jetset.actions import Deal
from engine.jetset.rules.base import Rule
from engine.jetset.rules.turns import begin_game
from engine.jetset.state import DEAL, State, hand_commitment


class DealRule(Rule[Deal]):
    """Seats are dealt in order. The full log carries the cards and a salt; other seats' copies
    carry only the commitment, which every engine keeps in the public state."""

    action = Deal
    section = rule_name("Setup: Set up the Players")
    ends_turn = False

    def check(self, state: State, seat: int, action: Deal) -> None:
        if state.phase != DEAL:
            raise self.illegal("Final Flights are dealt once, after the rows are laid out")
        if action.seat != state.dealt:
            raise self.illegal("{seat} is dealt next", seat=Seat(state.dealt))
        if state.investors is not None and not state.investors.dealt:
            raise self.illegal("the Investor cards go on the Vacation spaces first")
        if action.cards is None:
            return
        cards = state.board.cards
        if len(action.cards) != 2 or action.cards[0] == action.cards[1]:
            raise self.illegal("each seat is dealt two different Final Flights")
        for cid in action.cards:
            card = cards.get(cid)
            if card is None or card.kind != "final":
                raise self.illegal("{card} is not a Final Flight card", card=cid)
            for other in state.seats[: action.seat]:
                if other.hand and cid in other.hand:
                    raise self.illegal("{card} was already dealt", card=cid)
        if (
            action.salt is None
            or hand_commitment(action.seat, action.cards, action.salt) != action.commitment
        ):
            raise self.illegal("the cards do not match their commitment")

    def perform(self, state: State, seat: int, action: Deal) -> None:
        state.deal(action.seat, action.cards, action.commitment)
        state.set_dealt(state.dealt + 1)
        if state.dealt == state.players:
            begin_game(state)

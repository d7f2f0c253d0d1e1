"""What the table waits for before an ordinary action, asked by the screens to know which keys
are live (a key the rules would refuse is not offered). Each question is the rules' own: the
modules' pending decisions (Hubs: Setup and Playing the game; Business Cards: Business Deal;
Investors, decision I7) and the Business cards' limits on a turn (``business.guard``)."""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.jetset.actions import Action, Refill
from engine.jetset.board import ROWS
from engine.jetset.rules.business import allowed
from engine.jetset.rules.business_deal import deal_waiting
from engine.jetset.rules.flight_cards import RefillRule
from engine.jetset.rules.hubs import hub_decision_due
from engine.jetset.rules.investors import investor_choice_due
from engine.jetset.state import State


def decision_due(state: State) -> bool:
    """One decision comes before any other: a hub to place or a hub bonus to choose, a Business
    Deal's answer, or the Investor a Vacation card replaces."""
    return hub_decision_due(state) or deal_waiting(state) or investor_choice_due(state)


def business_decisions_open(state: State) -> bool:
    """Business cards may be played, cashed in or a deal offered (or, a deal waiting, answered):
    the module is on and no hub or Investor is to be chosen first."""
    return state.business is not None and (deal_waiting(state) or not decision_due(state))


def turn_limits_allow(state: State, seat: int, action: Action) -> bool:
    """The Business cards' limits on a turn allow ``action`` now (``business.guard``: no income
    with Extra Action, no refill after an action, nothing after a turn's action is done);
    always without the module."""
    return state.business is None or allowed(state, seat, action)


def refill_possible(state: State, seat: int) -> bool:
    """Some row may take an extra card now: the Flight Card Phase's own check (room in the row,
    a card in its deck, not refilled already, €1) and the Business cards' limits. The turn bar
    offers ``e`` only then (a play test read "e: extra Flight cards" with both rows full)."""
    rule = RefillRule()
    for row in ROWS:
        action = Refill(row, 1)
        if not turn_limits_allow(state, seat, action):
            return False
        try:
            rule.check(state, seat, action)
        except IllegalAction:
            continue
        return True
    return False

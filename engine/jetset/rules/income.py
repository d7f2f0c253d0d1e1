"""Action 5: take income (rulebook, "Take income", Example 5)."""

from __future__ import annotations

from typing import Final

from engine.errors import rule_name
from engine.jetset.actions import Action, Income
from engine.jetset.business_effects import income_after_cards, income_with_cards
from engine.jetset.distant_state import distant_income
from engine.jetset.rules.base import Rule
from engine.jetset.rules.hubs import income_markers
from engine.jetset.state import Seat, State

WITH_MARKERS: Final = 5
WITHOUT_MARKERS: Final = 2


def income_of(seat: Seat) -> int:
    """€5 for each claimed card with a marker on it, €2 for each without."""
    income = 0
    for _, markers in seat.cards:
        income += WITH_MARKERS if markers else WITHOUT_MARKERS
    return income


def seat_income(state: State, seat: int) -> int:
    """What Take income pays ``seat`` now: its cards, each module's cards and the Hubs module's
    income markers (the Business cards' +2 Income and Taxes come on top, as it is taken)."""
    st = state.seats[seat]
    return income_of(st) + st.extra_income  # = distant_income + income_markers, kept


def income_paid(state: State, seat: int) -> int:
    """What Take income would pay ``seat`` now, the Business cards' +2 Income and Taxes
    included (``IncomeRule`` pays it)."""
    income = seat_income(state, seat)
    if state.business is not None and state.business.alters_income:
        return income_with_cards(state, seat, income)
    return income


def modules_income(state: State, seat: int) -> int:
    """What the modules' pieces add to ``seat``'s income, afresh (``Seat.extra_income``)."""
    return distant_income(state, seat) + income_markers(state, seat)


class IncomeRule(Rule[Income]):
    """The bank pays the income, then one marker comes off each card that has any and goes back
    to the player's stock."""

    action = Income
    section = rule_name("Action 5: Take income")
    idle = True

    def check(self, state: State, seat: int, action: Income) -> None:
        return None

    def perform(self, state: State, seat: int, action: Income) -> None:
        income = seat_income(state, seat)
        b = state.business  # a card in front of this seat, or Taxes in front of anyone: only
        if b is not None and b.alters_income and (b.front[seat] or b.taxed_by >= 0):  # then
            income = income_after_cards(state, seat, income)  # +2 Income cards, Taxes
        state.add_cash(seat, income)
        state.take_markers_back(seat)

    def options(self, state: State, seat: int) -> list[Action]:
        return [Income()]

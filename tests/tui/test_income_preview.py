"""What the screen says Take income and Dividends will pay is what the engine pays, the Business
cards included: a +2 Income card in front of the player adds €2 and another player's Taxes takes
€1 (a play test saw "Take income: +€0" for a player who then received €1)."""

from __future__ import annotations

from engine import Options
from engine.jetset.actions import Dividends, Income
from engine.jetset.board import load_board
from engine.jetset.rules.business import dividends_paid
from engine.jetset.rules.income import income_paid, seat_income
from jetset_tui.describe import action_cost
from jetset_tui.guided import income_stage
from tests.engine.scripted import ScriptedDealer
from tests.engine.table import Table

BOARD = load_board()


def taxed_table() -> Table:
    """Two players: seat 0 lays a +2 Income card down, seat 1 its Taxes; seat 0 still holds
    Dividends. Neither has claimed a Flight card (their own income is €0)."""
    pile = ["income", "taxes", "dividends", "recall"]
    t = Table(
        dealer=ScriptedDealer(BOARD, 2, business=pile),
        options=Options(players=2, business_cards=True),
    )
    t.do(0, "play income")
    t.do(0, "buy AMS-LON 1")
    t.do(1, "play taxes")
    t.do(1, "buy EDI-LON 1")
    t.wait_for(0)
    return t


def test_the_income_shown_is_the_income_paid() -> None:
    t = taxed_table()
    state = t.state
    assert seat_income(state, 0) == 0, "no Flight card claimed"
    assert income_paid(state, 0) == 1, "+2 Income, less €1 Taxes"
    stage = income_stage(state, 0)
    choice = stage.choices[0]
    assert choice.label == "Take income: +€1"
    assert "+ €2 (+2 Income) − €1 (Taxes)" in choice.note
    assert action_cost(state, 0, Income()) == -1
    before = t.cash(0)
    t.do(0, "income")
    assert t.cash(0) - before == 1, "the engine pays what the screen said"


def test_dividends_shown_are_dividends_paid() -> None:
    t = taxed_table()
    assert dividends_paid(t.state, 0) == 3, "income twice (0 + 2, twice), Taxes once (− 1)"
    before = t.cash(0)
    t.do(0, "dividends")
    assert t.cash(0) - before == 3
    assert action_cost(t.state, 1, Dividends()) == 0

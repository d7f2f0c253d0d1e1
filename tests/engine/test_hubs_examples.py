"""The expansion rulebook's Hubs example (Example 4), played from entries with its numbers."""

from __future__ import annotations

from engine import HubBonus, Options
from engine.jetset.rules.income import seat_income as income
from tests.engine.table import Table

RED, BLUE = 0, 1


def example_4_table() -> Table:
    """Red with hubs in Oslo and Berlin, Blue with a hub in Vienna; the Long Flight card
    Oslo–Belgrade (L5-06) face up and Red's planes on Oslo–Berlin–Vienna–Belgrade."""
    t = Table(
        long_row=["L5-06", "L5-01", "L5-02"],
        options=Options(players=2, hubs=True),
    )
    t.place_hubs("VIE", "BER")  # the last player (Blue) first, then Red
    t.claim(RED, "S1-01")  # Amsterdam–Frankfurt: room in the Short row
    t.bring_up(RED, "S3-17")  # Hamburg–Munich, flown through Red's Berlin hub
    t.supply(RED, ["HAM", "BER", "MUC"])
    t.need_markers(RED, 3)
    t.do(RED, "claim S3-17 HAM-BER-MUC")
    t.do(RED, "bonus OSL")  # the hub bonus: Red's second hub, in Oslo
    t.supply(RED, ["OSL", "BER", "VIE", "BEG"])
    t.need_markers(RED, 3)
    t.wait_for(RED)
    return t


def test_example_4_oslo_to_belgrade_through_berlin_and_vienna() -> None:
    """Red claims Oslo–Belgrade starting at his Oslo hub, through his Berlin hub and Blue's Vienna
    hub: Blue gets €2 for Vienna, Red €2 for Oslo (no bonus: he started there), and for Berlin
    his choice of hub bonus, here the 2-Euro marker, which adds €2 to his income."""
    t = example_4_table()
    hubs = t.state.hubs
    assert hubs is not None
    assert hubs.cities[RED] == [t.n.city("BER"), t.n.city("OSL")]
    assert hubs.cities[BLUE] == [t.n.city("VIE")]
    red, blue = t.cash(RED), t.cash(BLUE)
    red_income = income(t.state, RED)
    t.do(RED, "claim L5-06 OSL-BER-VIE-BEG")
    assert t.cash(BLUE) - blue == 2, "Blue gets 2 Euros from the bank for Vienna"
    assert t.cash(RED) - red == 2, "Red gets 2 Euros for the hub in Oslo"
    assert hubs.pending == [t.n.city("BER")], "Berlin waits for Red's choice"
    assert t.game.to_move() == RED, "the turn is not over before the choice"
    legal = t.game.legal_actions()
    assert HubBonus("income", -1) in legal and HubBonus("point", -1) in legal
    assert HubBonus("cash", -1) in legal
    assert not [a for a in legal if isinstance(a, HubBonus) and a.kind == "hub"], "two hubs"
    t.do(RED, "bonus income")
    assert t.cash(RED) - red == 2, "the marker, not the 2 Euros"
    assert hubs.income[RED] == 1 and hubs.points[RED] == 0
    assert income(t.state, RED) - red_income == 2 + 5, "the new card's €5 and the marker's €2"
    assert t.game.to_move() == BLUE, "the turn ends after the choice"
    assert t.state.hash == t.state.recompute_hash()


def test_example_4_with_the_one_point_marker_instead() -> None:
    """The other choice the example names: a 1-point marker, counted in the final score."""
    t = example_4_table()
    before = t.game.scores()[RED]
    t.do(RED, "claim L5-06 OSL-BER-VIE-BEG")
    t.do(RED, "bonus point")
    after = t.game.scores()[RED]
    assert after.hubs == before.hubs + 1
    assert after.total == before.total + 5 + 1, "the card's 5 points and the marker's 1"


def test_example_4_with_the_two_euros() -> None:
    """Taking the payoff instead of a bonus: €2 more, for Oslo and for Berlin."""
    t = example_4_table()
    red = t.cash(RED)
    t.do(RED, "claim L5-06 OSL-BER-VIE-BEG")
    t.do(RED, "bonus cash")
    assert t.cash(RED) - red == 4

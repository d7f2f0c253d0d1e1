"""The expansion rulebook's combining passages between Hubs, Business cards and Investors (the
ones with Distant Lands and Business cards are in test_business_distant.py). Each test quotes
the sentence it checks; docs/rules-decisions.md, "Combining the modules", lists them all."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Game, Options
from engine.rules.investors import payouts_now
from tests.engine.scripted import ScriptedDealer
from tests.engine.table import Table
from tests.engine.test_investors_examples import give

BOARD = Game(Options(players=2)).board


def table(
    options: Options,
    business: Sequence[str] = (),
    investors: Sequence[str] | None = None,
    long_deck: Sequence[str] = (),
) -> Table:
    dealer = ScriptedDealer(BOARD, 2, business=business, investors=investors, long_deck=long_deck)
    return Table(dealer=dealer, options=options)


def test_prominence_leaves_out_end_of_game_business_cards() -> None:
    """Business cards with Investors: "Prominence - Points totaled do not include points for
    Business cards that say, 'Play at the end of the game'". Seat 0's Catch up (4 points while
    it has played no Final Flight) does not count: seat 1's one point is the most."""
    options = Options(players=2, business_cards=True, investors=True)
    t = table(
        options,
        business=("catchup", "delay", "delay", "catchup"),
        investors=("INV-PROMINENCE-1", "INV-EQUAL-1"),
        long_deck=("LV-1",),
    )
    give(t.state, 1, ["S1-20"])
    t.do(0, "play catchup")
    assert t.state.business is not None and "catchup" in t.state.business.front[0]
    before = [t.cash(0), t.cash(1)]
    t.do(0, "refill long 1")
    inv = t.state.investors
    assert inv is not None and inv.paid[0] == (30, 40)
    assert [t.cash(0) - before[0], t.cash(1) - before[1]] == [30 - 1, 40]


def test_prominence_counts_hub_point_markers() -> None:
    """Hubs with Investors: "Prominence - All points are totalled, including 1-point hub bonus
    markers": two markers outrank one Flight card's point."""
    options = Options(players=2, hubs=True, investors=True)
    t = table(options, investors=("INV-PROMINENCE-1", "INV-EQUAL-1"))
    t.place_hubs("BER", "VIE")
    give(t.state, 1, ["S1-20"])
    hubs = t.state.hubs
    assert hubs is not None
    assert payouts_now(t.state, "INV-PROMINENCE-1") == (30, 40)
    hubs.add_point(t.state, 0)
    hubs.add_point(t.state, 0)
    assert payouts_now(t.state, "INV-PROMINENCE-1") == (40, 30)


def test_one_long_flight_gives_a_business_card_and_a_hub_payoff() -> None:
    """Business cards with Hubs: "It is possible to collect a Business card and a hub benefit
    from the same flight": a Long Flight from seat 0's own hub pays it €2 and draws it a card."""
    options = Options(players=2, hubs=True, business_cards=True)
    t = table(options, business=("delay", "catchup", "delay", "catchup"))
    card = t.state.rows["long"][0]
    start, end = (BOARD.city_code(c) for c in BOARD.cards[card].cities)
    t.place_hubs(end, start)  # seat 1 first, then seat 0
    path = t.cheapest_path(0, start, end)
    t.supply(0, path)
    t.need_markers(0, 3)
    t.wait_for(0)
    cash = [t.cash(0), t.cash(1)]
    t.do(0, f"claim {card} {'-'.join(path)}")
    b = t.state.business
    assert b is not None and b.hands[0] is not None and len(b.hands[0]) == 3
    assert [t.cash(0) - cash[0], t.cash(1) - cash[1]] == [2, 2]

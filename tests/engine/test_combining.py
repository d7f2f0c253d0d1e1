"""The expansion rulebook's combining passages between Hubs, Business cards and Investors (the
ones with Distant Lands and Business cards are in test_business_distant.py). Each test quotes
the sentence it checks; docs/rules-decisions.md, "Combining the modules", lists them all."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine import Entry, Game, IllegalAction, Options
from engine.jetset.bots.greedy import GreedyBot
from engine.jetset.bots.mcts import candidates
from engine.jetset.rules.hubs import hub_decision_due
from engine.jetset.rules.investors import investor_choice_due, payouts_now, vacation_card_up
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


def test_a_long_flight_through_your_own_hub_asks_the_bonus_then_the_turn_goes_on() -> None:
    """Business cards with Hubs, the bonus: a Long Flight through the claimant's own hub draws
    a Business card and asks for the hub bonus. The bonus comes first (nothing else is legal),
    then the turn goes on for the card just drawn (B2) until ``done``: the two modules never
    wait on each other (a random game once stalled here, with no legal action)."""
    options = Options(players=2, hubs=True, business_cards=True)
    t = table(options, business=("delay", "catchup", "delay", "catchup"))
    card, path = next(
        (c, p)
        for c in t.state.rows["long"]
        if len(p := t.cheapest_path(0, *(BOARD.city_code(x) for x in BOARD.cards[c].cities))) > 2
    )
    elsewhere = next(c.code for c in BOARD.cities if c.code not in path)
    t.place_hubs(elsewhere, path[1])  # seat 1 first, then seat 0's hub on the way
    t.supply(0, path)
    t.need_markers(0, 3)
    t.wait_for(0)
    t.do(0, f"claim {card} {'-'.join(path)}")
    legal = [t.n.format_action(a) for a in t.game.legal_actions()]
    assert t.game.to_move() == 0 and "bonus point" in legal
    assert all(line.startswith("bonus ") for line in legal), legal
    t.do(0, "bonus point")
    b, hubs = t.state.business, t.state.hubs
    assert b is not None and hubs is not None and hubs.points[0] == 1
    assert t.game.to_move() == 0, "the turn goes on for the Business card drawn"
    assert "done" in [t.n.format_action(a) for a in t.game.legal_actions()]
    t.do(0, "done")
    assert t.game.to_move() == 1


def test_the_business_vacation_card_after_the_action_lets_the_face_up_choice_through() -> None:
    """Business cards with face-up Investors: "The Business card 'Vacation' has the same effect
    as a Vacation card", so played after the turn's action (the turn went on for a card drawn)
    its player chooses the Investor it replaces (I7) before playing on (greedy bots once met
    'your action is done' here)."""
    options = Options(players=2, business_cards=True, investors=True, investors_face_up=True)
    t = table(
        options,
        business=("vacation", "delay", "catchup", "delay"),
        investors=("INV-EQUAL-1", "INV-CATCHUP-1"),
    )
    deck = t.state.deck["long"]
    give(t.state, 0, [c for c in deck if not BOARD.cards[c].vacation][-3:])  # dealt last
    t.claim(0, t.state.rows["long"][0])
    assert t.game.to_move() == 0, "a Business card drawn: the turn goes on"
    t.do(0, "play vacation")
    legal = [t.n.format_action(a) for a in t.game.legal_actions()]
    assert legal == ["replace INV-EQUAL-1", "replace INV-CATCHUP-1"]
    cash = t.cash(1)
    t.do(0, "replace INV-CATCHUP-1")
    assert t.cash(1) == cash + 40, "Catch Up: seat 1 has the fewest cards"
    t.do(0, "done")
    assert t.game.to_move() == 1


def test_an_investor_to_choose_comes_before_a_hub_bonus_for_the_rules_and_the_bots() -> None:
    """Hubs with face-up Investors: a Vacation card that comes up while a hub bonus waits (the
    refill after the claim, or a Business "Vacation" card) has its Investor chosen first, "before
    anything else happens" (I8), then the bonus (H3). The legal list, the refusal, the screens'
    question (``hub_decision_due``) and the bots agree: a greedy bot once chose 'bonus point'
    here and stopped self-play (seed 11, 3 players, hubs and face-up investors)."""
    options = Options(players=2, hubs=True, investors=True, investors_face_up=True)
    t = table(options, investors=("INV-EQUAL-1", "INV-CATCHUP-1"))
    card, path = next(
        (c, p)
        for c in t.state.rows["long"]
        if len(p := t.cheapest_path(0, *(BOARD.city_code(x) for x in BOARD.cards[c].cities))) > 2
    )
    elsewhere = next(c.code for c in BOARD.cities if c.code not in path)
    t.place_hubs(elsewhere, path[1])
    t.supply(0, path)
    t.need_markers(0, 3)
    t.wait_for(0)
    t.do(0, f"claim {card} {'-'.join(path)}")
    state = t.state
    assert state.hubs is not None and state.hubs.pending, "the hub bonus waits"
    state.fill_vacation_space()  # a Vacation card comes up now, as the Business card's does
    vacation_card_up(state)
    assert state.hash == state.recompute_hash()
    assert investor_choice_due(state) and not hub_decision_due(state)
    assert t.game.to_move() == 0
    legal = t.game.legal_actions()
    assert [t.n.format_action(a) for a in legal] == ["replace INV-EQUAL-1", "replace INV-CATCHUP-1"]
    with pytest.raises(IllegalAction, match="first chooses which Investor"):
        t.game.check(Entry(0, t.n.parse_action("bonus point")))
    view = state.view(0)
    assert GreedyBot(0, "s").choose(view, t.game.rules) in legal
    assert all(move in legal for move in candidates(view, 0, t.game.rules))
    t.do(0, "replace INV-EQUAL-1")
    assert hub_decision_due(state) and not investor_choice_due(state)
    legal = t.game.legal_actions()
    assert legal and all(t.n.format_action(a).startswith("bonus ") for a in legal)
    assert GreedyBot(0, "s").choose(state.view(0), t.game.rules) in legal

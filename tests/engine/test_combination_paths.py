"""Paths found by the whole random games of every combination of modules
(tests/engine/test_combinations.py) and set up here exactly on a scripted table."""

from __future__ import annotations

from engine import Options
from engine.jetset.actions import EndTurn, HubBonus, Place
from engine.jetset.board import load_board
from engine.jetset.rules.business import action_done
from tests.engine.scripted import ScriptedDealer
from tests.engine.table import Table

BOARD = load_board()


def hubs_and_business(rest: tuple[str, ...] = ()) -> Table:
    """Two players with Hubs and Business cards; seat 0's hub in Paris, seat 1's in Rome; seat 0
    holds Extra Action and Buyout, seat 1 two Recall Planes, then ``rest`` in the pile."""
    pile = ["extra", "recall", "buyout", "recall", *rest]
    dealer = ScriptedDealer(BOARD, 2, business=pile)
    t = Table(dealer=dealer, options=Options(players=2, hubs=True, business_cards=True))
    t.place_hubs("ROM", "PAR")
    return t


def test_a_long_flight_through_your_hub_draws_a_card_and_offers_the_hub_bonus() -> None:
    """Amsterdam–Barcelona (L5-01) through seat 0's hub in Paris: the claim draws a Business
    card and leaves a hub bonus to choose; the bonus is offered (not refused as a second action),
    and after it the turn goes on for the card drawn until the player ends it."""
    t = hubs_and_business(rest=("income",))
    t.claim(0, "L5-01")
    assert t.game.to_move() == 0
    legal = t.game.legal_actions()
    assert HubBonus("point", -1) in legal, "the hub bonus is offered"
    assert EndTurn() not in legal, "the bonus comes first"
    t.do(0, "bonus point")
    hubs = t.state.hubs
    assert hubs is not None and hubs.points[0] == 1
    assert t.game.to_move() == 0, "the turn goes on: the card drawn may be played"
    t.do(0, "play income")
    t.do(0, "done")
    assert t.game.to_move() == 1


def test_with_extra_action_a_hub_bonus_is_not_the_second_action() -> None:
    """Extra Action, then Amsterdam–Frankfurt (S1-01) through seat 0's hub in Paris: the hub
    bonus chosen after the claim leaves the second action to the player."""
    t = hubs_and_business()
    t.supply(0, ["AMS", "PAR", "FRA"])
    t.need_markers(0, 3)
    t.do(0, "play extra")
    t.do(0, "claim S1-01 AMS-PAR-FRA")
    assert t.game.to_move() == 0
    t.do(0, "bonus income")
    assert t.game.to_move() == 0, "the second action is still to come"
    assert any(a.__class__.__name__ == "Buy" for a in t.game.legal_actions())
    t.do(0, "buy LON-PAR 1")
    assert action_done(t.state), "two actions: only Business cards (or the turn's end) are left"
    t.do(0, "done")
    assert t.game.to_move() == 1


def test_the_actions_listed_include_what_a_business_card_makes_affordable() -> None:
    """€16 and No Overhead in front: three planes on your own link cost €15 instead of €17, so
    they are listed (they were accepted, yet missing from the legal actions)."""
    dealer = ScriptedDealer(BOARD, 2, business=["overhead", "recall", "buyout", "recall"])
    t = Table(dealer=dealer, options=Options(players=2, business_cards=True))
    t.do(0, "buy AMS-LON 2")
    t.do(0, "done")
    t.wait_for(0)
    assert t.cash(0) == 16
    three = Place(((t.link("AMS-LON"), 3),))
    assert three not in t.game.legal_actions()
    t.do(0, "play overhead")
    assert three in t.game.legal_actions()
    t.do(0, "place AMS-LON 3")
    assert t.cash(0) == 1

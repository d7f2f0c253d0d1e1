"""The greedy bot offers a Business Deal for a plane it would otherwise rent, with a card it
would otherwise cash in for €5 (engine/jetset/bots/business_play.py, ``deal``)."""

from __future__ import annotations

from engine import Game, Options
from engine.jetset.actions import Accept, DealDiscard, Decline, Offer
from engine.jetset.bots.business_play import PLANNED
from engine.jetset.bots.greedy import rents_wanted
from engine.jetset.options import MODULES
from engine.jetset.selfplay import play_game

EVERY_MODULE = {module: True for module in MODULES}


def test_greedy_offers_a_deal_for_a_link_it_would_rent() -> None:
    """Seed "offer/80" (found by playing seeds until one offered): before the bot offered
    deals, no greedy game of two players offered one in 300 seeds."""
    game = play_game(Options(players=2, **EVERY_MODULE), "offer/80", ("greedy",))
    replayed = Game(game.options)
    offers = 0
    for entry in game.entries:
        if isinstance(entry.action, Offer):
            offers += 1
            view = replayed.state.view(entry.actor)
            offer = entry.action
            assert offer.link in rents_wanted(view, entry.actor), "a plane it wants"
            assert view.owner[offer.link] == offer.seat
        if isinstance(entry.action, DealDiscard):
            assert entry.action.kind not in PLANNED, "never a card it has a use for"
        replayed.push(entry)
    assert offers >= 1
    answers = [e.action for e in game.entries if isinstance(e.action, Accept | Decline)]
    assert len(answers) == offers, "every offer answered"
    accepted = sum(isinstance(a, Accept) for a in answers)
    discards = [e for e in game.entries if isinstance(e.action, DealDiscard)]
    assert len(discards) == accepted, "every accepted deal has the offerer's card"


def test_a_deal_taken_saves_the_rent() -> None:
    """After an accepted deal (and the offerer's discard), the offerer's plane is on the link it
    wanted."""
    game = play_game(Options(players=2, **EVERY_MODULE), "offer/80", ("greedy",))
    replayed = Game(game.options)
    pending: Offer | None = None
    offerer = -1
    for entry in game.entries:
        replayed.push(entry)
        if isinstance(entry.action, Offer):
            pending, offerer = entry.action, entry.actor
        elif isinstance(entry.action, DealDiscard) and pending is not None:
            assert replayed.state.link_planes[pending.link][offerer] >= 1
            return
    raise AssertionError("no deal accepted in this game")

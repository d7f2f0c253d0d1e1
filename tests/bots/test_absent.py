"""What a bot plays for a person who is not there (the host's stand-in, their turn clock's bot):
the game goes on and the player's Business cards stay theirs (engine/jetset/bots/absent.py)."""

from __future__ import annotations

from engine import Game, Options
from engine.games import game_rules
from engine.jetset.actions import DealDiscard, Decline, Entry
from engine.jetset.bots.absent import SPENDS_A_CARD
from engine.jetset.options import MODULES
from engine.jetset.selfplay import play_game
from engine.platform import CHANCE

EVERY_MODULE = {module: True for module in MODULES}


def test_for_an_absent_player_no_business_card_is_spent_and_the_game_goes_on() -> None:
    """At every decision of a greedy game with every module, what is played for an absent
    player in place of greedy's own choice is legal and spends no card (no play, cash-in,
    Dividends, offer or acceptance): a deal offered is declined, and only the discard that
    the player's own accepted deal asks for is made. Greedy spent cards dozens of times."""
    rules = game_rules("jetset")
    game = play_game(Options(players=2, **EVERY_MODULE), "offer/80", ("greedy",))
    replayed = Game(game.options)
    spent = kept = declined = 0
    for entry in game.entries:
        if entry.actor != CHANCE:
            view = replayed.state.view(entry.actor)
            instead = rules.played_for_the_absent(view, entry.actor, entry.action)
            replayed.rules.check(replayed.state, Entry(entry.actor, instead))  # legal
            if isinstance(entry.action, SPENDS_A_CARD):
                spent += 1
                kept += not isinstance(instead, SPENDS_A_CARD)
            declined += isinstance(instead, Decline)
            assert not isinstance(instead, SPENDS_A_CARD), (entry, instead)
            if isinstance(instead, DealDiscard):
                assert isinstance(entry.action, DealDiscard)  # its own deal: the rules ask it
        replayed.push(entry)
    assert spent >= 20 and kept == spent and declined >= 1, (spent, kept, declined)


def test_jet_lag_plays_the_bots_choice_for_the_absent() -> None:
    """Jet Lag has no card a player keeps for later: the bot's choice is played."""
    rules = game_rules("jetlag")
    table = rules.new_table({"seats": 2})
    assert rules.played_for_the_absent(table.view(0), 0, "anything") == "anything"

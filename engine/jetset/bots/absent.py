"""What a bot plays for a person who is not there to decide: the host's stand-in while they are
away, or the bot their turn clock calls (docs/protocol.md, "Stand-ins").

It keeps the game moving and leaves the player's Business cards as they were: it plays none,
cashes none in, takes no Dividends, offers no Business Deal and says no to one (a play test's
player, back after two minutes, found their hand cashed in and a deal accepted for them). What
the rules make it do with a card it does: its own accepted deal's discard, the first card in hand.
"""

from __future__ import annotations

from typing import Final

from engine.jetset.actions import Accept, Action, CashIn, Dividends, Offer, PlayCard
from engine.jetset.bots.greedy import greedy_action
from engine.jetset.rules.business_deal import answer_on_timeout
from engine.jetset.ruleset import Ruleset
from engine.jetset.state import State

SPENDS_A_CARD: Final = (PlayCard, CashIn, Dividends, Offer, Accept)
"""The decisions that spend a Business card the player may want for themselves."""


def played_for_the_absent(view: State, seat: int, rules: Ruleset, chosen: Action) -> Action:
    """``chosen`` (a bot's decision for ``seat``), unless it spends one of the player's Business
    cards: then no to a deal, else the base game's greedy choice, else any decision that spends
    no card (``chosen`` only when there is none)."""
    forced = answer_on_timeout(view, seat)  # a deal's answer, or its own deal's discard
    if forced is not None:
        return forced
    if not isinstance(chosen, SPENDS_A_CARD):
        return chosen
    legal = rules.legal_actions(view)
    base = greedy_action(view, seat)
    if base in legal and not isinstance(base, SPENDS_A_CARD):
        return base
    return next((a for a in legal if not isinstance(a, SPENDS_A_CARD)), chosen)

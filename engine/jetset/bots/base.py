"""What a bot is: a seat, its own random stream, and a choice from its view of the game."""

from __future__ import annotations

from abc import ABC, abstractmethod

from engine.jetset.actions import Action
from engine.jetset.rules.turns import ACCEPT, offer_pending
from engine.jetset.ruleset import Ruleset
from engine.jetset.state import State
from engine.rng import Rng


class Bot(ABC):
    name = "bot"

    def __init__(self, seat: int, seed: str) -> None:
        self.seat = seat
        self.rng = Rng(f"{seed}:bot:{self.name}:{seat}")

    @abstractmethod
    def choose(self, view: State, rules: Ruleset) -> Action:
        """An action for ``view`` (the bot's own seat's view, with the bot to move)."""

    def act(self, view: State, rules: Ruleset) -> Action:
        """What the bot does when it is to move: the answer to an offer to end the game, else
        ``choose``. Callers ask this, so no bot needs to know about the offer."""
        if offer_pending(view):
            return self.answer_end_offer(view, rules)
        return self.choose(view, rules)

    def answer_end_offer(self, view: State, rules: Ruleset) -> Action:
        """A bot agrees to end the game (docs/rules-decisions.md, decision 13): the offer comes
        after five rounds in which every seat, this bot too, found nothing better than income."""
        return ACCEPT

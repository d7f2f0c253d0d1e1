"""The random bot: uniform among the canonical legal actions."""

from __future__ import annotations

from engine.jetset.actions import Action
from engine.jetset.bots.base import Bot
from engine.jetset.ruleset import Ruleset
from engine.jetset.state import State


class RandomBot(Bot):
    name = "random"

    def choose(self, view: State, rules: Ruleset) -> Action:
        return self.rng.choice(rules.legal_actions(view))

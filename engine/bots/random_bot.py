"""The random bot: uniform among the canonical legal actions."""

from __future__ import annotations

from engine.actions import Action
from engine.bots.base import Bot
from engine.ruleset import Ruleset
from engine.state import State


class RandomBot(Bot):
    name = "random"

    def choose(self, view: State, rules: Ruleset) -> Action:
        return self.rng.choice(rules.legal_actions(view))

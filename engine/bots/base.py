"""What a bot is: a seat, its own random stream, and a choice from its view of the game."""

from __future__ import annotations

from abc import ABC, abstractmethod

from engine.actions import Action
from engine.rng import Rng
from engine.ruleset import Ruleset
from engine.state import State


class Bot(ABC):
    name = "bot"

    def __init__(self, seat: int, seed: str) -> None:
        self.seat = seat
        self.rng = Rng(f"{seed}:bot:{self.name}:{seat}")

    @abstractmethod
    def choose(self, view: State, rules: Ruleset) -> Action:
        """An action for ``view`` (the bot's own seat's view, with the bot to move)."""

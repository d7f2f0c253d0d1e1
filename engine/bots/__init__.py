"""Bots: players that see only their own seat's view and pick a legal action."""

from __future__ import annotations

from engine.bots.base import Bot
from engine.bots.greedy import GreedyBot
from engine.bots.mcts import MctsBot
from engine.bots.random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}


def make_bot(kind: str, seat: int, seed: str) -> Bot:
    try:
        cls = BOTS[kind]
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(BOTS)}") from None
    return cls(seat, seed)


__all__ = ["BOTS", "Bot", "GreedyBot", "MctsBot", "RandomBot", "make_bot"]

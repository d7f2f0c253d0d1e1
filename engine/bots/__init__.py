"""Bots: players that see only their own seat's view and pick a legal action."""

from __future__ import annotations

from engine.bots.base import Bot
from engine.bots.greedy import GreedyBot
from engine.bots.mcts import MctsBot
from engine.bots.random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}
"""Every bot kind a table can seat: the built-in three, then any registered by the command line
(``jetset_tui/bot_plugins.py``: a bot of your own, named by where it lives)."""


def register_bot(kind: str, cls: type[Bot]) -> None:
    """Seat ``cls`` as bot ``kind`` from now on (a built-in kind cannot be replaced)."""
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise ValueError(f"{kind}: {cls!r} is not a subclass of engine.bots.Bot")
    if BOTS.get(kind, cls) is not cls:
        raise ValueError(f"there is already a bot {kind!r}")
    BOTS[kind] = cls


def make_bot(kind: str, seat: int, seed: str) -> Bot:
    try:
        cls = BOTS[kind]
    except KeyError:
        raise ValueError(unknown_bot(kind)) from None
    return cls(seat, seed)


def unknown_bot(kind: str) -> str:
    """What to say of a bot kind nobody registered."""
    if ":" in kind:  # a bot of your own: only the command line loads one (docs/bots.md)
        return f"the bot {kind!r} is not loaded; name it on the command line (--bots {kind})"
    return f"unknown bot {kind!r}; bots: {', '.join(BOTS)}"


def bot_label(kind: str) -> str:
    """A short name for a seat's bot: the kind, or for a bot of your own (``where:Class``) its
    ``name`` (its class's name where it is not loaded, as when watching a log)."""
    if ":" not in kind:
        return kind
    cls = BOTS.get(kind)
    return cls.name if cls is not None else kind.rpartition(":")[2]


__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "MctsBot",
    "RandomBot",
    "bot_label",
    "make_bot",
    "register_bot",
    "unknown_bot",
]

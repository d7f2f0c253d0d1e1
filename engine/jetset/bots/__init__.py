"""Bots: players that see only their own seat's view and pick a legal action."""

from __future__ import annotations

import inspect

from engine.jetset.bots.base import Bot
from engine.jetset.bots.greedy import GreedyBot
from engine.jetset.bots.mcts import MctsBot
from engine.jetset.bots.random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}
"""Every bot kind a table can seat: the built-in three, then any registered by the command line
(``jetset_tui/bot_plugins.py``: a bot of your own, named by where it lives)."""


def register_bot(kind: str, cls: object) -> None:
    """Seat ``cls`` as bot ``kind`` from now on (a kind already taken cannot be given to
    another class)."""
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        what = getattr(cls, "__name__", repr(cls))
        raise ValueError(f"{kind!r}: {what} is not a subclass of engine.jetset.bots.Bot")
    if inspect.isabstract(cls):
        raise ValueError(f"{kind!r}: {cls.__name__} does not define choose()")
    if BOTS.get(kind, cls) is not cls:
        raise ValueError(f"there is already a bot {kind!r}")
    BOTS[kind] = cls


def make_bot(kind: str, seat: int, seed: str) -> Bot:
    return require_bot(kind)(seat, seed)


def require_bot(kind: str) -> type[Bot]:
    """The class of bot ``kind``; ValueError saying what to do if there is none."""
    try:
        return BOTS[kind]
    except KeyError:
        raise ValueError(unknown_bot(kind)) from None


def is_own_bot(kind: str) -> bool:
    """A bot of your own, named by where it lives (``my_bot.py:MyBot``; docs/bots.md)."""
    return ":" in kind


def unknown_bot(kind: str) -> str:
    """What to say of a bot kind nobody registered."""
    if is_own_bot(kind):  # only the command line loads one
        return f"the bot {kind!r} is not loaded: name it with --bot or --bots on this command"
    return f"unknown bot {kind!r}; bots: {', '.join(BOTS)}"


def bot_label(kind: str) -> str:
    """A short name for a seat's bot (``bot:<kind>`` or the kind): the kind, or for a bot of
    your own its ``name`` (its class's name where it is not loaded, as when watching a log)."""
    kind = kind.removeprefix("bot:")
    if not is_own_bot(kind):
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
    "is_own_bot",
    "make_bot",
    "register_bot",
    "require_bot",
    "unknown_bot",
]

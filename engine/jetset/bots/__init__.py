"""Bots: players that see only their own seat's view and pick a legal action.

The built-in bots load when first asked for (PEP 562: ``BOTS``, ``GreedyBot``, ``make_bot`` ...),
not with this package: the TUI's hand needs ``engine.jetset.bots.planning`` for its first frame,
and importing it imports this package first. Their kinds are known without loading them
(``bot_kinds``, ``check_bot``)."""

from __future__ import annotations

import importlib
import inspect
from typing import TYPE_CHECKING, Any, Final

from engine.jetset.bots.base import Bot

if TYPE_CHECKING:
    from engine.jetset.bots.greedy import GreedyBot
    from engine.jetset.bots.mcts import MctsBot
    from engine.jetset.bots.random_bot import RandomBot

    BOTS: dict[str, type[Bot]]

BUILT_IN: Final[dict[str, tuple[str, str]]] = {
    "random": ("engine.jetset.bots.random_bot", "RandomBot"),
    "greedy": ("engine.jetset.bots.greedy", "GreedyBot"),
    "mcts": ("engine.jetset.bots.mcts", "MctsBot"),
}
"""The built-in bot kinds, in the order a table lists them: where each bot's class lives."""


def registry() -> dict[str, type[Bot]]:
    """``BOTS``: every bot kind a table can seat, the built-in three (loaded now, the first time),
    then any registered by the command line (``jetset_tui/bot_plugins.py``: a bot of your own,
    named by where it lives)."""
    bots: dict[str, type[Bot]] | None = globals().get("BOTS")
    if bots is None:
        bots = {kind: built_in(kind) for kind in BUILT_IN}
        globals()["BOTS"] = bots
    return bots


def built_in(kind: str) -> type[Bot]:
    module, name = BUILT_IN[kind]
    cls: type[Bot] = getattr(importlib.import_module(module), name)
    return cls


def __getattr__(name: str) -> Any:
    """``BOTS`` and the built-in bots' classes, loaded when first asked for."""
    if name == "BOTS":
        return registry()
    kind = next((k for k, (_, cls) in BUILT_IN.items() if cls == name), None)
    if kind is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return built_in(kind)


def bot_kinds() -> list[str]:
    """Every kind a table can seat, in order, without loading a bot that is not loaded yet."""
    bots: dict[str, type[Bot]] | None = globals().get("BOTS")
    return list(BUILT_IN) if bots is None else list(bots)


def register_bot(kind: str, cls: object) -> None:
    """Seat ``cls`` as bot ``kind`` from now on (a kind already taken cannot be given to
    another class)."""
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        what = getattr(cls, "__name__", repr(cls))
        raise ValueError(f"{kind!r}: {what} is not a subclass of engine.jetset.bots.Bot")
    if inspect.isabstract(cls):
        raise ValueError(f"{kind!r}: {cls.__name__} does not define choose()")
    bots = registry()
    if bots.get(kind, cls) is not cls:
        raise ValueError(f"there is already a bot {kind!r}")
    bots[kind] = cls


def make_bot(kind: str, seat: int, seed: str) -> Bot:
    return require_bot(kind)(seat, seed)


def require_bot(kind: str) -> type[Bot]:
    """The class of bot ``kind``; ValueError saying what to do if there is none."""
    check_bot(kind)
    return registry()[kind]


def check_bot(kind: str) -> None:
    """ValueError saying what to do if a table cannot seat bot ``kind`` (loads no bot)."""
    if kind not in bot_kinds():
        raise ValueError(unknown_bot(kind))


def is_own_bot(kind: str) -> bool:
    """A bot of your own, named by where it lives (``my_bot.py:MyBot``; docs/bots.md)."""
    return ":" in kind


def unknown_bot(kind: str) -> str:
    """What to say of a bot kind nobody registered."""
    if is_own_bot(kind):  # only the command line loads one
        return f"the bot {kind!r} is not loaded: name it with --bot or --bots on this command"
    return f"unknown bot {kind!r}; bots: {', '.join(bot_kinds())}"


def bot_label(kind: str) -> str:
    """A short name for a seat's bot (``bot:<kind>`` or the kind): the kind, or for a bot of
    your own its ``name`` (its class's name where it is not loaded, as when watching a log)."""
    kind = kind.removeprefix("bot:")
    if not is_own_bot(kind):
        return kind
    cls = registry().get(kind)
    return cls.name if cls is not None else kind.rpartition(":")[2]


__all__ = [
    "BOTS",
    "BUILT_IN",
    "Bot",
    "GreedyBot",
    "MctsBot",
    "RandomBot",
    "bot_kinds",
    "bot_label",
    "check_bot",
    "is_own_bot",
    "make_bot",
    "register_bot",
    "require_bot",
    "unknown_bot",
]

"""Bots of your own on the command line: ``--bot my_bot.py:Cautious`` or ``--bot pkg.mod:Cautious``.

A kind with a colon names a ``Bot`` subclass by where it lives, a Python file or an importable
module, and the class. The command line loads it and registers it under that name
(``engine.jetset.bots.register_bot``) before the game, so every part that seats bots (self-play, the
local app, ``jetset host`` and ``jetset join``) seats it like a built-in kind. Only names typed on
this machine's command line are loaded: a seat kind read from a log file or asked for over the
network never imports anything (opening a shared log must not run its code).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the engine is imported only when a bot of your own is named
    from engine.jetset.bots import Bot

BOT_OPTIONS = ("bot", "bots", "standin_bot")
"""The command-line options (``argparse`` destinations) that name bot kinds."""


def is_plugin(kind: str) -> bool:
    """``engine.jetset.bots.is_own_bot``, without importing the engine for a command that names
    none."""
    return ":" in kind


def load_command_line_bots(args: argparse.Namespace) -> list[str]:
    """Load and register every bot of your own named by ``args``; their kinds, in order."""
    loaded = []
    for option in BOT_OPTIONS:
        value = getattr(args, option, None)
        if isinstance(value, str):  # a kind, or kinds already split by the argument's type
            value = value.split(",")
        if not isinstance(value, list):
            continue
        for part in value:
            kind = part.strip()
            if is_plugin(kind) and kind not in loaded:
                load_bot(kind)
                loaded.append(kind)
    return loaded


def name_bots_by_kind(args: argparse.Namespace) -> None:
    """The bots ``args`` names by a player's word (``--bots search``: the search bot, Jet Set's
    ``mcts``) named by their kind, for the game ``--game`` names; ValueError for a word that is
    no bot of that game (``human``, a seat for a person, and bots of your own pass as typed).
    ``jetset join`` has no ``--game``: its bot is named once the host's game is known."""
    game = getattr(args, "game", None)
    if game is None:
        return
    for option in BOT_OPTIONS:
        value = getattr(args, option, None)
        if isinstance(value, str):
            setattr(args, option, _kind_named(game, value))
        elif isinstance(value, list):
            setattr(args, option, [_kind_named(game, word) for word in value])


def _kind_named(game: str, word: str) -> str:
    from engine.games import game_rules
    from jetset_tui.seat_names import bot_kind_named

    if word.strip() == "human" or is_plugin(word):
        return word.strip()
    kinds = game_rules(game).bots()
    kind = bot_kind_named(kinds, word)
    if kind not in kinds:
        raise ValueError(unknown_bot_words(game, word))
    return kind


def unknown_bot_words(game: str, word: str) -> str:
    """That ``game`` has no bot called ``word``, with the bots it has, in the player's words."""
    from engine.games import TITLES, game_rules
    from jetset_tui.i18n import _
    from jetset_tui.seat_names import bot_words

    said = _("unknown bot {kind}; the bots of {game}: {bots}")
    kinds = game_rules(game).bots()
    title = TITLES.get(game, game)
    return said.format(kind=repr(word), game=title, bots=", ".join(map(bot_words, kinds)))


def load_bot(kind: str) -> type[Bot]:
    """Import the bot class ``kind`` names and register it; ValueError says what is wrong."""
    from engine.jetset.bots import BOTS, register_bot

    if kind in BOTS:
        return BOTS[kind]
    where, _, name = kind.rpartition(":")
    if not where or not name.isidentifier():
        raise ValueError(f"{kind!r}: write FILE.py:Class or module:Class, e.g. my_bot.py:MyBot")
    module = _load_module(where)
    cls = getattr(module, name, None)
    if cls is None:
        raise ValueError(f"{kind!r}: {where} has no {name}")
    register_bot(kind, cls)  # refuses what is not a whole Bot
    return BOTS[kind]


def _load_module(where: str) -> ModuleType:
    """The module of a file or a module name; whatever goes wrong in it becomes a ValueError
    (a bot with a syntax error, or one whose own imports fail, is a sentence, not a traceback)."""
    if where.endswith(".py"):
        path = Path(where).expanduser()
        if not path.is_file():
            raise ValueError(f"no bot file {where}")
        import hashlib  # here: a start of jetset that names no bot of its own needs neither
        from importlib.util import module_from_spec, spec_from_file_location

        # two bot files of the same name in two folders are two modules
        digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:10]
        module_name = f"jetset_bot_{path.stem}_{digest}"
        spec = spec_from_file_location(module_name, path)
        if spec is None or spec.loader is None:
            raise ValueError(f"{where} cannot be loaded as Python")
        module = module_from_spec(spec)
        sys.modules[module_name] = module  # dataclasses and pickling look modules up by name
        try:
            spec.loader.exec_module(module)
        except Exception as exc:
            del sys.modules[module_name]
            raise ValueError(f"{where} failed to load: {type(exc).__name__}: {exc}") from None
        return module
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())  # as `python -m` would find it; after everything else
    try:
        return importlib.import_module(where)
    except Exception as exc:
        raise ValueError(f"cannot import {where}: {type(exc).__name__}: {exc}") from None

"""The engine: a pure, deterministic platform whose games are logs of entries
(engine/platform.py, engine/games.py), with Jet Set in engine/jetset/ and Jet Lag in
engine/jetlag/. This package re-exports Jet Set's common names, as it did before the split.

Typical use::

    from engine import Game, Options, Dealer, play_chance
    game = Game(Options(players=4))
    dealer = Dealer("my seed", game.board, 4)
    play_chance(game, dealer)           # setup and the deal
    game.legal_actions()                # what seat 0 may do

The names below are imported from their modules when first asked for (PEP 562): ``from engine
import Options`` loads ``engine.jetset.options`` alone, not the whole engine, so that a program
that needs a little of it (the command line's parser, the app's first frame) starts sooner.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from engine.errors import IllegalAction, NotationError
    from engine.jetset.actions import (
        CHANCE,
        Action,
        Buy,
        Claim,
        ClaimFinal,
        Deal,
        EndVote,
        Entry,
        FinalPlane,
        HubBonus,
        Income,
        Pass,
        Place,
        PlaceHub,
        Refill,
        Rent,
        Reveal,
        Setup,
        redact,
    )
    from engine.jetset.board import LONG, SHORT, Board, load_board
    from engine.jetset.dealer import Dealer, seed_commitment
    from engine.jetset.game import DesyncError, Game
    from engine.jetset.notation import Notation, format_action, parse_action
    from engine.jetset.options import Options
    from engine.jetset.scoring import Score
    from engine.jetset.state import State

RULES_VERSION: Final = "jetset-base-2"
"""Changes whenever a rule change would make an old log replay differently."""

_HOMES: Final[dict[str, tuple[str, ...]]] = {
    "engine.jetset.actions": (
        "CHANCE",
        "Action",
        "Buy",
        "Claim",
        "ClaimFinal",
        "Deal",
        "EndVote",
        "Entry",
        "FinalPlane",
        "HubBonus",
        "Income",
        "Pass",
        "Place",
        "PlaceHub",
        "Refill",
        "Rent",
        "Reveal",
        "Setup",
        "redact",
    ),
    "engine.jetset.board": ("LONG", "SHORT", "Board", "load_board"),
    "engine.jetset.dealer": ("Dealer", "seed_commitment"),
    "engine.errors": ("IllegalAction", "NotationError"),
    "engine.jetset.game": ("DesyncError", "Game"),
    "engine.jetset.notation": ("Notation", "format_action", "parse_action"),
    "engine.jetset.options": ("Options",),
    "engine.jetset.scoring": ("Score",),
    "engine.jetset.state": ("State",),
}
"""The module each re-exported name lives in."""

_HOME: Final = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> object:
    """A re-exported name, imported from its module the first time it is asked for."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # asked once: the next lookup finds it without this function
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOME])


def play_chance(game: Game, dealer: Dealer) -> int:
    """Let the dealer supply every chance entry the game is waiting for; return how many."""
    from engine.jetset.actions import CHANCE

    count = 0
    while game.to_move() == CHANCE:
        game.push(dealer.next_entry(game.state))
        count += 1
    return count


__all__ = [
    "CHANCE",
    "LONG",
    "RULES_VERSION",
    "SHORT",
    "Action",
    "Board",
    "Buy",
    "Claim",
    "ClaimFinal",
    "Deal",
    "Dealer",
    "DesyncError",
    "EndVote",
    "Entry",
    "FinalPlane",
    "Game",
    "HubBonus",
    "IllegalAction",
    "Income",
    "Notation",
    "NotationError",
    "Options",
    "Pass",
    "Place",
    "PlaceHub",
    "Refill",
    "Rent",
    "Reveal",
    "Score",
    "Setup",
    "State",
    "format_action",
    "load_board",
    "parse_action",
    "play_chance",
    "redact",
    "seed_commitment",
]

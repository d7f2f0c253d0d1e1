"""What the app's new-game form asks of each game beyond its rules (engine/games.py): whether
its seats have colours (liveries), the bot a seat is given by default, and the plan it starts
from the form's choices. Each game's part lives beside its plan (``plan_of_form`` and
``default_bot`` in jetset_tui/seating.py, jetset_tui/jetlag_plan.py), imported when first asked
for, so that the form names no game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Final


@dataclass(frozen=True)
class FormChoices:
    """The form's choices: each seat's kind (``human``, ``bot:<kind>``), name and colour (none
    for a game without liveries), the seed (None: random), and the game's options by its
    schema's names, already checked by its ``check_options``."""

    kinds: list[str]
    names: list[str]
    colours: list[str]
    seed: str | None
    options: Mapping[str, object]


@dataclass(frozen=True)
class FormGame:
    module: str
    """The module with its ``plan_of_form(FormChoices)`` and ``default_bot()``."""
    liveries: bool = False
    """Its seats each have a colour to choose."""


FORM_GAMES: Final = {
    "jetset": FormGame("jetset_tui.seating", liveries=True),
    "jetlag": FormGame("jetset_tui.jetlag_plan"),
}
"""Each game the form offers, by its name in engine/games.py."""


def _part(game: str, name: str) -> Any:
    return getattr(import_module(FORM_GAMES[game].module), name)


def make_plan(game: str, choices: FormChoices) -> Any:
    """The plan of a game of ``game`` from the form's ``choices``, for ``JetSetApp.start_plan``
    (a ``GamePlan``, a ``JetLagPlan``: typed by the app, which knows every game)."""
    return _part(game, "plan_of_form")(choices)


def default_bot(game: str) -> str:
    """The bot kind a seat of ``game`` is given by default."""
    return str(_part(game, "default_bot")())


def has_liveries(game: str) -> bool:
    return FORM_GAMES[game].liveries

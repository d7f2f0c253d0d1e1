"""The games this platform hosts, by the name a log header and ``--game`` give them.

``GAMES`` maps each name to its ``GameRules`` (engine/platform.py), Jet Set first. A game's
engine is imported when its rules are first asked for, so naming the games (``--game``'s choices,
a log's header) costs nothing, and a Jet Lag log does not load Jet Set's engine.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import Any, Final

from engine.platform import GameRules

AnyRules = GameRules[Any, Any, Any]

WHERE: Final = {
    "jetset": ("engine.jetset.definition", "JET_SET"),
    "jetlag": ("engine.jetlag.game", "JET_LAG"),
}
"""Each game's name, and the module and name of its ``GameRules``."""
DEFAULT: Final = "jetset"
TITLES: Final = {"jetset": "Jet Set", "jetlag": "Jet Lag"}
"""Each game's name as people write it (a proper name: the same in every language)."""


class _Games(Mapping[str, AnyRules]):
    """``WHERE``'s games, each imported when first looked up."""

    def __getitem__(self, name: str) -> AnyRules:
        module, attr = WHERE[name]
        rules: AnyRules = getattr(import_module(module), attr)
        return rules

    def __iter__(self) -> Iterator[str]:
        return iter(WHERE)

    def __len__(self) -> int:
        return len(WHERE)


GAMES: Final[Mapping[str, AnyRules]] = _Games()
"""Every game by name: ``jetset``, ``jetlag``."""


def game_rules(name: str) -> AnyRules:
    """The rules of the game called ``name``; ValueError naming the games there are."""
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(WHERE)
        raise ValueError(f"no game called {name!r:.40}; the games are {known}") from None

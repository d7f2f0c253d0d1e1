"""A city's name in the player's language: the map and the panels show it; the log, the
notation and the command line keep the city's code (BER, MAD), so two players at one table who
speak different languages read the same game.

The names are data/board.json's: ``name`` in English, ``name_it`` from the list on the last page
of the Italian rulebook. A language without names of its own shows the English ones.
"""

from __future__ import annotations

from typing import Protocol

from jetset_tui.i18n import current_language


class Named(Protocol):
    """A board city (engine.jetset.board.City) or a distant one
    (engine.jetset.distant_state.DistantCity)."""

    @property
    def name(self) -> str: ...


def city_name(city: Named) -> str:
    """``city``'s name in the current language (Distant Lands' cities keep theirs)."""
    language = current_language()
    if language == "it":
        return getattr(city, "name_it", "") or city.name
    return city.name

"""How many planes the player still needs for a card, as the hand and the rows show it."""

from __future__ import annotations

from rich.text import Text

from engine.jetset.bots.planning import Route
from jetset_tui.i18n import _, money
from jetset_tui.theme import BAD, DIM, GOOD


def need_text(route: Route | None) -> Text:
    """``✓ ready`` or ``2✈ €17``: the cheapest planes still to place for a card."""
    if route is None:
        return Text(_("no route"), style=BAD)
    if route.ready:
        return Text(_("✓ ready"), style=f"bold {GOOD}")
    return Text(f"{len(route.needs)}✈ {money(route.cost)}", style=DIM)  # 2✈ 17 € in Italian

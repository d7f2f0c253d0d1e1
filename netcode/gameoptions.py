"""A game's options as the host's table reads them: a mapping (``option_map``), whatever form
they came in, and the number of seats they give (``seat_count``)."""

from __future__ import annotations

from typing import Any

from engine.platform import AnyRules


def option_map(options: Any) -> dict[str, object]:
    """A game's options as a mapping: Jet Set's ``Options`` (``to_dict``) or a mapping."""
    to_dict = getattr(options, "to_dict", None)
    return dict(to_dict() if callable(to_dict) else options or {})


def seat_count(rules: AnyRules, options: dict[str, object]) -> int:
    """How many seats a table of ``rules`` with ``options`` has: its ``players`` option, or the
    one number of players the game is for; ValueError if the game is not for that many."""
    players = options.get("players")
    if players is None and len(rules.seats) == 1:
        return rules.seats[0]
    if type(players) is not int or players not in rules.seats:
        counts = ", ".join(map(str, rules.seats))
        raise ValueError(f"{rules.name} is played by {counts} players, not {players!r:.20}")
    return players

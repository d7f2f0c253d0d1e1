"""An entry as plain data, for every game: its actor and one line of its game's notation.

This is how logs store an entry (``["e", index, actor, line, digest]``, docs/log-format.md) and
how the host sends one (``entry``: ``a``, ``x``, docs/protocol.md): each game's
``GameRules.entry_line``/``entry_from_line`` (engine/platform.py) give and read the two, with the
game's own notation for the line, and ``entry_to_wire``/``entry_from_wire`` the same as a map,
``{"actor": …, "action": …}``, through this module.
"""

from __future__ import annotations

from typing import Final

ACTOR: Final = "actor"
ACTION: Final = "action"
LONGEST_LINE: Final = 4096
"""No entry of any game is longer; a longer line is refused before it is parsed."""


def line_to_wire(actor: int, line: str) -> dict[str, object]:
    """``{"actor": seat or -1, "action": line}``."""
    return {ACTOR: actor, ACTION: line}


def line_from_wire(raw: object) -> tuple[int, str]:
    """The actor and the line of ``line_to_wire``'s data; ValueError for anything else."""
    if not isinstance(raw, dict):
        raise ValueError(f"an entry is a map, not {type(raw).__name__}")
    actor, line = raw.get(ACTOR), raw.get(ACTION)
    if type(actor) is not int or actor < -1:
        raise ValueError(f"an entry's actor is a seat number or -1, not {actor!r:.20}")
    if type(line) is not str or len(line) > LONGEST_LINE:
        raise ValueError("an entry's action is one line of notation")
    return actor, line

"""An entry as one line of its game's notation and back: what the host's ``entry`` messages
carry (``a``: its actor, ``x``: the line; docs/protocol.md), the same line a log's record holds
(engine/wire.py). Any game's, through its ``GameRules``."""

from __future__ import annotations

from typing import Any

from engine.platform import AnyRules
from engine.wire import line_from_wire, line_to_wire


def entry_wire(rules: AnyRules, entry: Any) -> tuple[int, str]:
    """Who made ``entry`` (a seat, or CHANCE: -1) and its line, as this copy holds it
    (redacted where it is)."""
    return line_from_wire(rules.entry_to_wire(entry))


def entry_line(rules: AnyRules, entry: Any) -> str:
    """The line of ``entry``."""
    return entry_wire(rules, entry)[1]


def entry_of(rules: AnyRules, actor: int, line: str) -> Any:
    """The entry of ``actor`` that ``line`` says; ValueError (NotationError among them) if it is
    none of the game's."""
    return rules.entry_from_wire(line_to_wire(actor, line))

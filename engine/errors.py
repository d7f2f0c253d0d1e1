"""The two ways an action line can be wrong."""

from __future__ import annotations


class NotationError(ValueError):
    """A line that is not notation at all: unknown verb, bad city code, missing number."""


class IllegalAction(Exception):
    """A well-formed action that the rules forbid now. ``rule`` names the rulebook section."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.message = message

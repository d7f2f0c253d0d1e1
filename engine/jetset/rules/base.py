"""What every rule step looks like: the action it handles, how it checks and performs it, and the
canonical list of its legal variants (after tobymao/18xx, where each step declares its actions)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

from engine.errors import IllegalAction, Param
from engine.jetset.actions import Action
from engine.jetset.state import State

A = TypeVar("A", bound=Action)


class Rule(ABC, Generic[A]):
    """One kind of action. ``check`` never mutates; ``perform`` never fails after a check."""

    action: ClassVar[type]
    section: ClassVar[str]
    ends_turn: ClassVar[bool] = True
    idle: ClassVar[bool | None] = False
    """A turn of only this action counts toward the stall rule (docs/rules-decisions.md);
    None for the end of a turn that went on after its action, which was counted then."""
    inactive_reason: ClassVar[str] = ""
    """Why this action is not open now, when its step is not (default: the step's reason)."""
    part_of_claim: ClassVar[bool] = False
    """A claim of a Short or Long Flight card or a Final Flight, or a hub bonus that finishes
    one: what the Business cards do around such a claim (a locked card, a Long Flight's draw)
    is looked at even when no module waits (``Ruleset.apply``)."""

    @abstractmethod
    def check(self, state: State, seat: int, action: A) -> None:
        """Raise IllegalAction, naming the rule, if ``action`` is not legal for ``seat`` now."""

    @abstractmethod
    def perform(self, state: State, seat: int, action: A) -> None:
        """Carry out a checked action."""

    def options(self, state: State, seat: int) -> list[Action]:
        """The canonical legal variants for ``seat`` now (docs/notation.md, "Canonical form")."""
        return []

    def illegal(self, template: str, **params: Param) -> IllegalAction:
        """A refusal naming this rule's section (templates: engine/errors.py)."""
        return IllegalAction(self.section, template, **params)

    def require_cash(self, state: State, seat: int, cost: int) -> None:
        """No action may cost more than the player has (docs/rules-decisions.md)."""
        cash = state.seats[seat].cash
        if cost > cash:
            raise self.illegal("you have €{cash}; this costs €{cost}", cash=cash, cost=cost)


AnyRule = Rule[Any]
"""A rule of any action kind, as the ruleset holds them."""

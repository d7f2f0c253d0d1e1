"""After a Final Flight is played (rulebook, "Vacation Time" and "Ending the Game")."""

from __future__ import annotations

from typing import Final

from engine.errors import Reason, rule_name
from engine.jetset.actions import Action, FinalPlane, Pass
from engine.jetset.rules.base import Rule
from engine.jetset.rules.turns import END_FIFTH_PLANE, end_game
from engine.jetset.state import State

FINAL_PLANES_TO_END: Final = 5


class FinalPlaneRule(Rule[FinalPlane]):
    """Instead of an action, one plane from stock onto the Final Flight card (2 points each); the
    fifth plane on a card ends the game at once."""

    action = FinalPlane
    section = rule_name("Vacation Time: after the Final Flight")

    def check(self, state: State, seat: int, action: FinalPlane) -> None:
        if state.seats[seat].planes < 1:
            raise self.illegal("you have no plane in stock")

    def perform(self, state: State, seat: int, action: FinalPlane) -> None:
        state.add_final_plane(seat)
        if state.seats[seat].final_planes >= FINAL_PLANES_TO_END:
            end_game(state, END_FIFTH_PLANE)

    def options(self, state: State, seat: int) -> list[Action]:
        return [FinalPlane()] if state.seats[seat].planes else []


class PassRule(Rule[Pass]):
    """docs/rules-decisions.md: a Final Flight player with no plane in stock passes."""

    action = Pass
    section = rule_name("Vacation Time: after the Final Flight")
    idle = True
    inactive_reason = Reason(
        "a turn cannot be passed: only a player whose Final Flight is played and who has no "
        "plane left passes; take an action (income, if nothing else)"
    )

    def check(self, state: State, seat: int, action: Pass) -> None:
        if state.seats[seat].planes:
            raise self.illegal("you still have planes: place one on your Final Flight")

    def perform(self, state: State, seat: int, action: Pass) -> None:
        return None

    def options(self, state: State, seat: int) -> list[Action]:
        return [] if state.seats[seat].planes else [Pass()]

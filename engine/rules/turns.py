"""Turn order and the end of the game (rulebook, "Player Turns" and "Ending the Game").

The player in seat 0 starts (the table decides who that is: "the player who has visited the most
cities"); the turn passes to the left, to the next seat.
"""

from __future__ import annotations

from typing import Final

from engine.rules.flight_cards import refill_goal
from engine.state import OVER, PLAY, State

STALL_ROUNDS: Final = 5
"""docs/rules-decisions.md: after this many whole rounds in which every turn was only Take
income or a pass (the rules marked ``idle``), nothing more can happen that players would play on
for, and the game ends."""

END_ALL_FINALS: Final = "all players have played their Final Flight"
END_FIFTH_PLANE: Final = "a fifth plane on a Final Flight card"
END_STALLED: Final = "stalled: five rounds with nothing but income"


def begin_game(state: State) -> None:
    state.set_phase(PLAY)
    state.next_turn(0, refill_goal(state), 0)


def end_game(state: State, reason: str) -> None:
    state.set_phase(OVER)
    state.set_end_reason(reason)
    state.clear_goals()


def end_turn(state: State, idle_action: bool) -> None:
    """After the action of the turn (``idle_action``: income or a pass): count idle turns, then
    pass the turn to the left."""
    if state.over:
        return
    idle = state.idle_turns + 1 if idle_action else 0
    players = state.config.players
    if idle >= STALL_ROUNDS * players:
        state.set_idle_turns(idle)
        end_game(state, END_STALLED)
    else:
        state.next_turn((state.current + 1) % players, refill_goal(state), idle)

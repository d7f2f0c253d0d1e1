"""Turn order and the end of the game (rulebook, "Player Turns" and "Ending the Game").

The player in seat 0 starts (the table decides who that is: "the player who has visited the most
cities"); the turn passes to the left, to the next seat.

docs/rules-decisions.md, decision 13: after five whole rounds in which every turn was only Take
income or a pass, the game is not ended for the players: each, in turn from the next seat, is
asked whether to end it now. If everyone agrees it ends and is scored as usual; the first who
declines plays their turn and the count starts again. Bots always agree (they have just shown
that nothing else helps them for five rounds), so a table of bots ends there as it always has.
"""

from __future__ import annotations

from typing import Final

from engine.errors import rule_name
from engine.jetset.actions import Action, EndVote
from engine.jetset.rules.base import Rule
from engine.jetset.rules.flight_cards import refill_goal
from engine.jetset.state import END_CARDS, OFFER, OVER, PLAY, State

STALL_ROUNDS: Final = 5
"""After this many whole rounds in which every turn was only Take income or a pass (the rules
marked ``idle``), the players are asked whether to end the game."""

END_ALL_FINALS: Final = "all players have played their Final Flight"
END_FIFTH_PLANE: Final = "a fifth plane on a Final Flight card"
END_AGREED: Final = "agreed: every player chose to end it after five rounds of only income"

ACCEPT: Final = EndVote(True)
DECLINE: Final = EndVote(False)


def begin_game(state: State) -> None:
    state.set_phase(PLAY)
    state.next_turn(0, refill_goal(state), 0)


def all_finals_played(state: State) -> bool:
    """The first of the two ends ("Ending the Game"): every player has played their Final
    Flight (the other, a fifth plane on one, is ``final_flight.FINAL_PLANES_TO_END``)."""
    return all(s.finished for s in state.seats)


def final_flight_ends_game(state: State, seat: int) -> bool:
    """Would ``seat`` playing its Final Flight end the game? Yes when it is the one player who
    has not played theirs: no plane it places ends it, only that Final Flight."""
    others = [s for i, s in enumerate(state.seats) if i != seat]
    return bool(others) and not state.seats[seat].finished and all(s.finished for s in others)


def end_game(state: State, reason: str) -> None:
    """The game ends for ``reason``. With Business cards still in someone's hand it ends in
    ``END_CARDS``: the dealer first opens the end-of-game cards held, which then score
    (docs/rules-decisions.md, B3). Every seat knows the hands' sizes, so every engine agrees."""
    b = state.business
    state.set_phase(END_CARDS if b is not None and any(b.sizes) else OVER)
    state.set_end_reason(reason)
    state.clear_goals()


def stall_limit(state: State) -> int:
    """Idle turns in a row after which the end is offered."""
    return STALL_ROUNDS * state.config.players


def end_turn(state: State, idle_action: bool | None) -> None:
    """After the action of the turn (``idle_action``: income or a pass; None: the turn went on
    after its action, counted then by ``count_idle``): count idle turns, then pass the turn to
    the left, or, after five idle rounds, offer to end the game."""
    if state.over:
        return
    idle = state.idle_turns  # None: counted when the turn went on
    if idle_action is not None:
        idle = idle + 1 if idle_action else 0
    players = state.config.players
    if idle >= stall_limit(state):
        state.set_idle_turns(idle)
        state.set_phase(OFFER)
        state.set_current((state.current + 1) % players)
    else:
        state.next_turn((state.current + 1) % players, refill_goal(state), idle)


def count_idle(state: State, idle_action: bool) -> None:
    """A turn's action after which the turn goes on (Business cards): the stall count takes it
    now, as ``end_turn`` would, and the turn's end (``done``) counts nothing more."""
    state.set_idle_turns(state.idle_turns + 1 if idle_action else 0)


def offer_pending(state: State) -> bool:
    """The players are being asked whether to end the game (the seat to move answers)."""
    return state.phase == OFFER


def accepted_so_far(state: State) -> int:
    """How many players have agreed to end the game, during the offer."""
    return state.idle_turns - stall_limit(state)


class EndVoteRule(Rule[EndVote]):
    """An answer to the offer to end the game. While it is open the idle count goes on up by
    one for each player who agrees, so the state says who answered: the first to answer was
    ``accepted_so_far`` seats before the one to move."""

    action = EndVote
    section = rule_name("Ending the Game: the offer to end it")
    ends_turn = False

    def check(self, state: State, seat: int, action: EndVote) -> None:
        if state.phase != OFFER:
            raise self.illegal("no one has offered to end the game")

    def perform(self, state: State, seat: int, action: EndVote) -> None:
        players = state.config.players
        agreed = accepted_so_far(state)
        if not action.accept:
            first = (seat - agreed) % players
            state.set_phase(PLAY)
            state.next_turn(first, refill_goal(state), 0)
        elif agreed + 1 >= players:
            state.set_idle_turns(state.idle_turns + 1)
            end_game(state, END_AGREED)
        else:
            state.set_idle_turns(state.idle_turns + 1)
            state.set_current((seat + 1) % players)

    def options(self, state: State, seat: int) -> list[Action]:
        return [ACCEPT, DECLINE] if state.phase == OFFER else []

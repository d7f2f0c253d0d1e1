"""The rules assembled: which steps are active, which actions each accepts, and ``apply``.

Each step is a small object naming the actions it accepts (after tobymao/18xx). The expansion's
modules will add rules to these steps and prices to ``engine.rules.costs`` without touching the
base rules: ``Ruleset`` is built from an ``Options`` and is the one place that decides which rules
are in play.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from engine.actions import CHANCE, CHANCE_TYPES, Action, Entry
from engine.errors import IllegalAction
from engine.options import Options
from engine.rules.airlinks import BuyRule, PlaceRule, RentRule
from engine.rules.base import AnyRule
from engine.rules.claims import ClaimFinalRule, ClaimRule
from engine.rules.deal import DealRule
from engine.rules.final_flight import FinalPlaneRule, PassRule
from engine.rules.flight_cards import RefillRule, RevealRule, SetupRule
from engine.rules.income import IncomeRule
from engine.rules.turns import EndVoteRule, end_turn
from engine.state import OFFER, OVER, PLAY, State


@dataclass(frozen=True)
class Step:
    """A part of a turn and the rules it accepts. ``for_finished``: only after a Final Flight."""

    name: str
    rules: tuple[AnyRule, ...]
    for_finished: bool
    inactive_reason: str

    def active(self, state: State, seat: int) -> bool:
        return state.seats[seat].finished == self.for_finished


FLIGHT_CARD_STEP: Final = Step(
    "Flight Card Phase",
    (RefillRule(),),
    for_finished=False,
    inactive_reason="you have played your Final Flight: the Flight Card Phase is over for you",
)
ACTION_STEP: Final = Step(
    "Action Phase",
    (BuyRule(), PlaceRule(), RentRule(), ClaimRule(), ClaimFinalRule(), IncomeRule()),
    for_finished=False,
    inactive_reason="you have played your Final Flight: you place planes on it instead of acting",
)
FINAL_FLIGHT_STEP: Final = Step(
    "After the Final Flight",
    (FinalPlaneRule(), PassRule()),
    for_finished=True,
    inactive_reason="only a player who has played a Final Flight places planes on it",
)
CHANCE_RULES: Final[tuple[AnyRule, ...]] = (SetupRule(), DealRule(), RevealRule())
END_VOTE: Final = EndVoteRule()
"""The one rule while the end of the game is offered (engine/rules/turns.py)."""


class Ruleset:
    """The rules for one set of options."""

    def __init__(self, options: Options) -> None:
        options.check_supported()
        self.options = options
        self.steps: tuple[Step, ...] = (FLIGHT_CARD_STEP, ACTION_STEP, FINAL_FLIGHT_STEP)
        self._chance = {rule.action: rule for rule in CHANCE_RULES}
        self._decision = {rule.action: (step, rule) for step in self.steps for rule in step.rules}

    def to_move(self, state: State) -> int | None:
        """The seat to decide, ``CHANCE`` when the dealer must act, None at the end."""
        phase = state.phase
        if phase == PLAY:
            return state.current if state.to_reveal is None else CHANCE
        if phase == OFFER:
            return state.current
        return None if phase == OVER else CHANCE

    def rule_for(self, state: State, entry: Entry) -> AnyRule:
        """The rule that will handle ``entry`` now, or IllegalAction saying why none will."""
        actor = self.to_move(state)
        if state.phase == OFFER or isinstance(entry.action, END_VOTE.action):
            return self._end_vote_rule(state, entry, actor)
        found = self._decision.get(type(entry.action))
        if found is not None and actor is not None and actor >= 0 and actor == entry.actor:
            step, rule = found  # a seat's decision on its turn
            if not step.active(state, actor):
                raise IllegalAction(step.name, rule.inactive_reason or step.inactive_reason)
            return rule
        return self._chance_rule(entry, actor)

    def _end_vote_rule(self, state: State, entry: Entry, actor: int | None) -> AnyRule:
        """The offer to end the game: while it is open, only its answer by the seat asked."""
        if actor is None:
            return self._chance_rule(entry, actor)  # says the game is over
        if state.phase != OFFER:
            return END_VOTE  # its check says that no one has offered to end the game
        if entry.actor != actor:
            who = "the dealer" if entry.actor == CHANCE else f"seat {entry.actor}"
            raise IllegalAction("Player Turns", f"it is seat {actor}'s turn, not {who}'s")
        if not isinstance(entry.action, END_VOTE.action):
            raise IllegalAction(
                END_VOTE.section, "first answer whether to end the game now: end yes or end no"
            )
        return END_VOTE

    def _chance_rule(self, entry: Entry, actor: int | None) -> AnyRule:
        """The dealer's rule for ``entry``, or IllegalAction saying whose turn it is instead."""
        action = entry.action
        if actor is None:
            raise IllegalAction("Ending the Game", "the game is over")
        if actor == CHANCE:
            rule = self._chance.get(type(action))
            if entry.actor != CHANCE or rule is None:
                raise IllegalAction("Player Turns", "the dealer must turn up or deal a card first")
            return rule
        if isinstance(action, CHANCE_TYPES) or entry.actor == CHANCE:
            raise IllegalAction("Player Turns", f"it is seat {actor}'s turn, not the dealer's")
        if entry.actor != actor:
            raise IllegalAction(
                "Player Turns", f"it is seat {actor}'s turn, not seat {entry.actor}'s"
            )
        raise IllegalAction("Player Turns", f"{action!r} is not an action of this game")

    def check(self, state: State, entry: Entry) -> AnyRule:
        """Raise IllegalAction if ``entry`` cannot be applied now; the state is not touched."""
        rule = self.rule_for(state, entry)
        rule.check(state, entry.actor, entry.action)
        return rule

    def apply(self, state: State, entry: Entry) -> None:
        """Check and carry out one entry, then end the turn if it was the turn's action. On
        IllegalAction the state is unchanged."""
        rule = self.rule_for(state, entry)
        actor, action = entry.actor, entry.action
        rule.check(state, actor, action)
        rule.perform(state, actor, action)
        if rule.ends_turn:
            end_turn(state, rule.idle)

    @staticmethod
    @lru_cache(maxsize=16)
    def of(options: Options) -> Ruleset:
        """The rules for ``options``, shared by every game with them: a ruleset holds no game's
        state, and building one checks the options and indexes the rules."""
        return Ruleset(options)

    def legal_actions(self, state: State) -> list[Action]:
        """Every legal decision for the seat to move, in canonical form and order (empty when
        the dealer or nobody is to move)."""
        seat = self.to_move(state)
        if seat is None or seat == CHANCE:
            return []
        if state.phase == OFFER:
            return END_VOTE.options(state, seat)
        out: list[Action] = []
        for step in self.steps:
            if step.active(state, seat):
                for rule in step.rules:
                    out.extend(rule.options(state, seat))
        return out

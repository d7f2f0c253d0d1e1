"""The rules assembled: which steps are active, which actions each accepts, and ``apply``.

Each step is a small object naming the actions it accepts (after tobymao/18xx). The expansion's
modules will add rules to these steps and prices to ``engine.jetset.rules.costs`` without touching
the base rules: ``Ruleset`` is built from an ``Options`` and is the one place that decides which
rules are in play.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

from engine.errors import IllegalAction, Reason, Seat, Word, rule_name
from engine.jetset.actions import CHANCE, CHANCE_TYPES, Action, Entry
from engine.jetset.options import MODULE_TITLES, Options
from engine.jetset.rules import business
from engine.jetset.rules.airlinks import BuyRule, PlaceRule, RentRule
from engine.jetset.rules.base import AnyRule
from engine.jetset.rules.claims import ClaimFinalRule, ClaimRule
from engine.jetset.rules.deal import DealRule
from engine.jetset.rules.distant import DISTANT_ACTION_RULES, DISTANT_CHANCE_RULES
from engine.jetset.rules.final_flight import FinalPlaneRule, PassRule
from engine.jetset.rules.flight_cards import RefillRule, RevealRule, SetupRule
from engine.jetset.rules.hubs import (
    HubBonusRule,
    PlaceHubRule,
    hub_decision_due,
    hub_turn_reason,
)
from engine.jetset.rules.income import IncomeRule
from engine.jetset.rules.investors import (
    INVESTOR_RULES,
    ReplaceInvestorRule,
    investor_rule,
)
from engine.jetset.rules.turns import EndVoteRule, count_idle, end_turn
from engine.jetset.state import OFFER, OVER, PLAY, State

MYPYC = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Compiled by mypyc, which sees ``value`` as ``dataclasses.dataclass`` (engine/values.py)."""
if MYPYC:
    from dataclasses import dataclass as value
else:
    from engine.values import value

TURNS: Final = rule_name("Player Turns")
ENDING: Final = rule_name("Ending the Game")


@value(unsafe_hash=True)
class Step:
    """A part of a turn and the rules it accepts. ``for_finished``: only after a Final Flight."""

    name: str
    rules: tuple[AnyRule, ...]
    for_finished: bool
    inactive_reason: str
    for_all: bool = False
    """Active for every seat, finished or not (the Business cards)."""
    hubs: bool = False
    """The Hubs module's decisions, which come before anything else when due."""

    def active(self, state: State, seat: int) -> bool:
        if not state.quiet and hub_decision_due(state):  # a module waits: a hub decision
            return self.hubs  # comes first (after an Investor to choose: decision I8)
        if self.hubs:
            return False
        return self.for_all or state.seats[seat].finished == self.for_finished

    def why_inactive(self, state: State) -> str:
        if not self.hubs and hub_decision_due(state):
            return hub_turn_reason(state)
        return self.inactive_reason


FLIGHT_CARD_STEP: Final = Step(
    rule_name("Flight Card Phase"),
    (RefillRule(),),
    for_finished=False,
    inactive_reason=Reason(
        "you have played your Final Flight: the Flight Card Phase is over for you"
    ),
)
ACTION_STEP: Final = Step(
    rule_name("Action Phase"),
    (BuyRule(), PlaceRule(), RentRule(), ClaimRule(), ClaimFinalRule(), IncomeRule()),
    for_finished=False,
    inactive_reason=Reason(
        "you have played your Final Flight: you place planes on it instead of acting"
    ),
)
FINAL_FLIGHT_STEP: Final = Step(
    rule_name("After the Final Flight"),
    (FinalPlaneRule(), PassRule()),
    for_finished=True,
    inactive_reason=Reason("only a player who has played a Final Flight places planes on it"),
)
HUB_STEP: Final = Step(
    rule_name("Hubs"),
    (PlaceHubRule(), HubBonusRule()),
    for_finished=False,
    inactive_reason=Reason(
        "hubs are placed before the first turn, and hub bonuses chosen after a claim"
    ),
    hubs=True,
)
CHANCE_RULES: Final[tuple[AnyRule, ...]] = (SetupRule(), DealRule(), RevealRule())
BUSINESS_STEP: Final = Step(
    rule_name("Business cards"),
    business.DECISION_RULES,
    for_finished=False,
    inactive_reason="",
    for_all=True,
)
INVESTOR_CHOICE: Final = ReplaceInvestorRule()


def not_your_turn(seat: int, other: int) -> IllegalAction:
    """``other`` (a seat, or the dealer) acted where ``seat`` is to move (Turns)."""
    if other == CHANCE:
        return IllegalAction(TURNS, "it is {seat}'s turn, not the dealer's", seat=Seat(seat))
    return IllegalAction(
        TURNS, "it is {seat}'s turn, not {other}'s", seat=Seat(seat), other=Seat(other)
    )


def with_rules(step: Step, rules: tuple[AnyRule, ...]) -> Step:
    """``step`` with a module's rules after its own."""
    rules = step.rules + rules
    return Step(step.name, rules, step.for_finished, step.inactive_reason, step.for_all, step.hubs)


MODULE_OF_ACTION: Final[dict[type, str]] = {
    **{rule.action: "distant_lands" for rule in DISTANT_ACTION_RULES + DISTANT_CHANCE_RULES},
    **{rule.action: "hubs" for rule in HUB_STEP.rules},
    **{rule.action: "business_cards" for rule in business.DECISION_RULES + business.CHANCE_RULES},
    **{action: "investors" for action in INVESTOR_RULES},
}
"""The module whose rules each of the expansion's actions belongs to."""


def without_module(action: Action) -> IllegalAction | None:
    """The refusal of a module's action in a game played without that module (a player who
    typed ``hub BER`` in a base game once read the action's Python code back), citing the
    module's own section of the expansion's rulebook ("Each may be added individually",
    Contents)."""
    module = MODULE_OF_ACTION.get(type(action))
    if module is None:
        return None
    title = MODULE_TITLES[module]
    return IllegalAction(
        title, "this game is played without the {module} module", module=Word(title)
    )


END_VOTE: Final = EndVoteRule()
"""The one rule while the end of the game is offered (engine/jetset/rules/turns.py)."""


class Ruleset:
    """The rules for one set of options."""

    def __init__(self, options: Options) -> None:
        options.check_supported()
        self.options = options
        steps = [FLIGHT_CARD_STEP, ACTION_STEP, FINAL_FLIGHT_STEP]
        chance = list(CHANCE_RULES)
        if options.distant_lands:
            steps[1] = with_rules(ACTION_STEP, DISTANT_ACTION_RULES)
            chance += DISTANT_CHANCE_RULES
        if options.hubs:
            steps.append(HUB_STEP)
        if options.business_cards:
            steps.append(BUSINESS_STEP)
            chance += business.CHANCE_RULES
        self.steps: tuple[Step, ...] = tuple(steps)
        self.investors = options.investors
        self._chance = {rule.action: rule for rule in chance}
        self._decision = {rule.action: (step, rule) for step in self.steps for rule in step.rules}

    def to_move(self, state: State) -> int | None:
        """The seat to decide, ``CHANCE`` when the dealer must act, None at the end."""
        phase = state.phase
        if phase == PLAY:
            if state.quiet:  # no module waits: the base game's order
                return CHANCE if state.to_reveal is not None else state.current
            investors = state.investors  # pending(), read here
            if investors is not None and (investors.to_turn >= 0 or investors.choosing):
                return state.current if investors.choosing else CHANCE
            if state.to_reveal is not None:
                return CHANCE
            hubs = state.hubs
            b = state.business
            if b is None:
                return hubs.placing if hubs is not None and hubs.placing >= 0 else state.current
            if b.owed or b.buyout >= 0 or b.finals >= 0:  # a Business card owed (modules_wait)
                return CHANCE
            if hubs is not None and hubs.placing >= 0:
                return hubs.placing
            answer = b.offer[1]  # a Business Deal's answer
            return answer if answer >= 0 else state.current
        if phase == OFFER:
            return state.current
        return None if phase == OVER else CHANCE

    def rule_for(self, state: State, entry: Entry) -> AnyRule:
        """The rule that will handle ``entry`` now, or IllegalAction saying why none will."""
        if self.investors and not state.quiet:  # an Investor may wait: it comes first
            inv = state.investors  # pending(), read here: asked for every entry while not quiet
            waits = inv is not None and (inv.to_turn >= 0 or inv.choosing)
            if waits or type(entry.action) in INVESTOR_RULES:
                investors = investor_rule(state, entry.action)
                if investors is not None:
                    return investors
        actor = self.to_move(state)
        if state.phase == OFFER or isinstance(entry.action, END_VOTE.action):
            return self._end_vote_rule(state, entry, actor)
        found = self._decision.get(type(entry.action))
        if found is not None and actor is not None and actor >= 0 and actor == entry.actor:
            step, rule = found  # a seat's decision on its turn
            if not step.active(state, actor):
                raise IllegalAction(step.name, rule.inactive_reason or step.why_inactive(state))
            return rule
        return self._chance_rule(entry, actor)

    def _end_vote_rule(self, state: State, entry: Entry, actor: int | None) -> AnyRule:
        """The offer to end the game: while it is open, only its answer by the seat asked."""
        if actor is None:
            return self._chance_rule(entry, actor)  # says the game is over
        if state.phase != OFFER:
            return END_VOTE  # its check says that no one has offered to end the game
        if entry.actor != actor:
            raise not_your_turn(actor, entry.actor)
        if not isinstance(entry.action, END_VOTE.action):
            raise IllegalAction(
                END_VOTE.section, "first answer whether to end the game now: end yes or end no"
            )
        return END_VOTE

    def _chance_rule(self, entry: Entry, actor: int | None) -> AnyRule:
        """The dealer's rule for ``entry``, or IllegalAction saying whose turn it is instead."""
        action = entry.action
        if actor == CHANCE and entry.actor == CHANCE:  # the dealer's entry in its turn
            rule = self._chance.get(type(action))  # (no Investors action is among these)
            if rule is not None:
                return rule
        if self.investors and type(action) in INVESTOR_RULES:  # its check says when it may come
            return INVESTOR_RULES[type(action)]
        if actor is None:
            raise IllegalAction(ENDING, "the game is over")
        if actor == CHANCE:
            raise IllegalAction(TURNS, "the dealer must turn up or deal a card first")
        if isinstance(action, CHANCE_TYPES) or entry.actor != actor:
            raise not_your_turn(actor, CHANCE if isinstance(action, CHANCE_TYPES) else entry.actor)
        refusal = without_module(action)
        if refusal is not None:
            raise refusal
        raise IllegalAction(TURNS, "{action} is not an action of this game", action=repr(action))

    def check(self, state: State, entry: Entry) -> AnyRule:
        """Raise IllegalAction if ``entry`` cannot be applied now; the state is not touched."""
        rule = self.rule_for(state, entry)
        if state.business is not None and entry.actor >= 0:
            business.guard_if_needed(state, entry.actor, entry.action)
        rule.check(state, entry.actor, entry.action)
        return rule

    def apply(self, state: State, entry: Entry) -> None:
        """Check and carry out one entry, then end the turn if it was the turn's action. On
        IllegalAction the state is unchanged."""
        rule = self.rule_for(state, entry)
        actor, action = entry.actor, entry.action
        if not state.quiet or rule.part_of_claim:  # a module may have a say
            self._apply_with_modules(state, rule, actor, action)
            return
        rule.check(state, actor, action)  # the base game's path
        rule.perform(state, actor, action)
        b = state.business  # (the action itself may have woken a module: quiet is read after)
        if rule.ends_turn and (
            (state.quiet and (b is None or business.turn_ends_quietly(state, b, actor)))
            or not self._turn_goes_on(state, rule, actor, action)
        ):
            end_turn(state, rule.idle)

    def _apply_with_modules(self, state: State, rule: AnyRule, actor: int, action: Action) -> None:
        """``apply`` while a module waits, or for a claim: a Business card may refuse the
        entry (only a lock, when the game is quiet), and the turn may go on after it."""
        if state.business is not None and actor >= 0:
            business.guard_if_needed(state, actor, action)
        rule.check(state, actor, action)
        rule.perform(state, actor, action)
        if rule.ends_turn and not self._turn_goes_on(state, rule, actor, action):
            end_turn(state, rule.idle)

    @staticmethod
    def _turn_goes_on(state: State, rule: AnyRule, actor: int, action: Action) -> bool:
        """After a turn's action, when a module may have a say: a turn that goes on with
        Business cards to play, or a hub bonus still to choose. A turn that goes on has had its
        Flight Card Phase: its rows are refilled at the next turn's start, not now (rulebook,
        "On your turn, you will refill the rows ... and then do one action")."""
        b, hubs = state.business, state.hubs
        cards = b is not None and business.after_action(state, actor, action)  # "any time"
        hub_bonus = not state.quiet and hubs is not None and bool(hubs.pending)  # bonus_pending
        if not (cards or hub_bonus):
            return False
        if rule.idle is not None:  # the turn's action (not a hub bonus after it, not ``done``)
            count_idle(state, rule.idle)
        state.clear_goals()
        state.refresh_to_reveal()  # a Distant card is still replaced at once
        return True

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
        if state.investors is not None and state.investors.choosing:
            return INVESTOR_CHOICE.options(state, seat)
        if state.phase == OFFER:
            return END_VOTE.options(state, seat)
        out: list[Action] = []
        for step in self.steps:
            if step.active(state, seat):
                for rule in step.rules:
                    out.extend(rule.options(state, seat))
        if state.business is not None and business.restricts(state):
            return business.allowed_actions(state, seat, out)
        return out

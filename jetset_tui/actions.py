"""The kinds of action a player starts with one key, in one table.

Each row says everything the screens need of one kind: its key and footer label, its title in the
command palette, when its key is live (asked of the game's state, never a rule worked out again
here) and the first stage of its guided picker. The game screen's bindings and enabled checks, the
app's command palette and ``stage_for`` are all built from ``ACTION_KINDS``, so a new kind of
action is one more row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from textual.binding import Binding

from engine import Action, Income, Refill
from engine.jetset.board import SHORT
from engine.jetset.rules.business import action_done
from engine.jetset.rules.business_deal import deal_waiting
from engine.jetset.rules.decisions import (
    business_decisions_open,
    decision_due,
    turn_limits_allow,
)
from engine.jetset.rules.hubs import hub_decision_due
from engine.jetset.rules.investors import investor_choice_due
from engine.jetset.state import State
from engine.values import value
from jetset_tui.business import business_stage
from jetset_tui.guided import (
    Stage,
    buy_stage,
    claim_stage,
    final_stage,
    hub_stage,
    income_stage,
    investor_stage,
    place_stage,
    refill_stage,
    rent_stage,
)
from jetset_tui.guided_distant import distant_stage
from jetset_tui.i18n import N_, _

StageBuilder = Callable[[State, int, list[Action], list[str]], Stage | str]
"""The first stage of a guided action for ``seat``: (state, seat, legal actions, seat names)."""

Enabled = Callable[[State, int], bool]
"""Whether a kind's key is live for the seat to move (its turn is already checked)."""


def before_final(state: State, seat: int) -> bool:
    """The seat has not played its Final Flight, no decision is due first (``decision_due``),
    and the turn's action is not done yet (Business cards): every ordinary action is open."""
    if state.seats[seat].finished or decision_due(state):
        return False
    return not action_done(state)


def in_flight_card_phase(state: State, seat: int) -> bool:
    """There is a Flight Card Phase: before the seat's Final Flight and before Vacation Time."""
    return before_final(state, seat) and not state.vacation_time


def income_open(state: State, seat: int) -> bool:
    """Take income: an ordinary action the turn's limits allow (not with Extra Action)."""
    return before_final(state, seat) and turn_limits_allow(state, seat, Income())


def refill_open(state: State, seat: int) -> bool:
    """More Flight cards: in the Flight Card Phase, if the turn's limits allow it (not between
    Extra Action's two actions)."""
    refill = Refill(SHORT, 1)
    return in_flight_card_phase(state, seat) and turn_limits_allow(state, seat, refill)


def distant_open(state: State, seat: int) -> bool:
    """Distant Lands is in play and its actions are open (``before_final``)."""
    return state.distant is not None and before_final(state, seat)


def final_flight_open(state: State, seat: int) -> bool:
    """Vacation Time has come (a Final Flight to claim), or the seat has played its own (planes
    to put on it)."""
    if decision_due(state) or action_done(state):
        return False
    return state.seats[seat].finished or state.vacation_time


def hub_due(state: State, seat: int) -> bool:
    """Hubs: a first hub to place, or a hub bonus to choose (not while a deal waits)."""
    return hub_decision_due(state) and not deal_waiting(state)


def choosing_investor(state: State, seat: int) -> bool:
    """Face-up Investors: a Vacation card came up and this seat chooses which one it replaces."""
    return investor_choice_due(state) and not deal_waiting(state)


@value(unsafe_hash=True)
class ActionKind:
    """One kind of action: how it is started, shown and guided."""

    name: str
    """Its name in the screen's ``act`` action: ``act('buy')``."""
    key: str
    label: str
    """The footer's word for it (a msgid: the footer translates it)."""
    title: str
    """The command palette's line for it (a msgid: show it with ``_``)."""
    stage: StageBuilder
    enabled: Enabled = before_final
    after_final: bool = False
    """Still open once the player has played a Final Flight (otherwise the picker says why not)."""
    option: str = ""
    """The game option (``engine.jetset.options.Options``' field) its module needs, if any: the
    palette offers it only in a game that has it (it offered Business cards in a base game)."""

    @property
    def action(self) -> str:
        return f"act('{self.name}')"

    @property
    def help(self) -> str:
        """The command palette's help line under the title: its key, which does the same (it
        said "Guided action (distant)", the screen's name for it, not a word of the game's)."""
        return _("step by step (key {key})").format(key=self.key)

    def in_game(self, options: object) -> bool:
        """Whether a game played with ``options`` has this kind of action at all."""
        return not self.option or bool(getattr(options, self.option, False))

    def binding(self) -> Binding:
        return Binding(self.key, self.action, self.label)


ACTION_KINDS: Final[tuple[ActionKind, ...]] = (
    ActionKind(
        "buy", "b", N_("Buy"), N_("Buy an airlink"),
        lambda state, seat, legal, names: buy_stage(state, seat, names),
    ),
    ActionKind(
        "place", "p", N_("Place"), N_("Place planes on your airlinks"),
        lambda state, seat, legal, names: place_stage(state, seat, names),
    ),
    ActionKind(
        "rent", "r", N_("Rent"), N_("Rent another player's airlink"),
        lambda state, seat, legal, names: rent_stage(state, seat, names),
    ),
    ActionKind(
        "claim", "c", N_("Claim"), N_("Claim a Flight card"),
        lambda state, seat, legal, names: claim_stage(state, seat, legal),
    ),
    ActionKind(
        "income", "i", N_("Income"), N_("Take income"),
        lambda state, seat, legal, names: income_stage(state, seat),
        enabled=income_open,
    ),
    ActionKind(
        "refill", "e", N_("Cards"), N_("Turn up extra Flight cards"),
        lambda state, seat, legal, names: refill_stage(state, seat, legal),
        enabled=refill_open,
    ),
    ActionKind(
        "distant", "d", N_("Distant"), N_("Distant Lands: buy, place, rent or claim"),
        distant_stage,
        enabled=distant_open,
        option="distant_lands",
    ),
    ActionKind(
        "final", "f", N_("Final"), N_("Final Flight"),
        lambda state, seat, legal, names: final_stage(state, seat, legal),
        enabled=final_flight_open,
        after_final=True,
    ),
    ActionKind(
        "hub", "u", N_("Hub"), N_("Place a hub or choose a hub bonus"),
        lambda state, seat, legal, names: hub_stage(state, seat, legal),
        enabled=hub_due,
        option="hubs",
        after_final=True,
    ),
    ActionKind(
        "business", "y", N_("Business"), N_("Business cards: play, cash in, deal"),
        lambda state, seat, legal, names: business_stage(state, seat, names, legal),
        enabled=lambda state, seat: business_decisions_open(state),
        option="business_cards",
        after_final=True,
    ),
    ActionKind(
        "investor", "n", N_("Investor"), N_("Choose the Investor a Vacation card replaces"),
        investor_stage,
        enabled=choosing_investor,
        option="investors_face_up",
    ),
)  # fmt: skip
"""Every kind, in the footer's order."""

KIND_NAMED: Final[dict[str, ActionKind]] = {kind.name: kind for kind in ACTION_KINDS}


def action_bindings() -> list[Binding]:
    """The game screen's key for each kind, in the table's order."""
    return [kind.binding() for kind in ACTION_KINDS]


def stage_for(
    name: str, state: State, seat: int, legal: list[Action], names: list[str]
) -> Stage | str:
    """The first stage of a guided action, or a sentence saying why there is nothing to pick."""
    kind = KIND_NAMED.get(name)
    if kind is None:
        raise ValueError(f"unknown action {name!r}")
    if state.seats[seat].finished and not kind.after_final:
        key = KIND_NAMED["final"].key
        return _("you have played your Final Flight: press {key} to put a plane on it").format(
            key=key
        )
    return kind.stage(state, seat, legal, names)

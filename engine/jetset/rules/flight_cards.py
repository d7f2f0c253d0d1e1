"""The Flight card rows: the opening layout, turning cards up, paid refills and Vacation Time.

Rulebook sections "Set up the Flight Cards", "Flight Card Phase" and "Vacation Time".
"""

from __future__ import annotations

from typing import Final

from engine.errors import Word, rule_name
from engine.jetset.actions import Action, Refill, Reveal, Setup
from engine.jetset.board import LONG, ROWS, SHORT
from engine.jetset.rules.base import Rule
from engine.jetset.rules.costs import REFILL_PRICE
from engine.jetset.rules.investors import vacation_card_up
from engine.jetset.state import DEAL, SETUP, State

ROW_WORDS: Final = (Word("short"), Word("long"))
"""The rows' names as refusals say them ("the short row"), marked for the catalogs."""
SETUP_SECTION: Final = rule_name("Setup: Set up the Flight Cards")
PHASE_SECTION: Final = rule_name("Flight Card Phase")
VACATION_SECTION: Final = rule_name("Vacation Time")


class SetupRule(Rule[Setup]):
    """The opening rows: 1-point Short Flights only (twice the players, six for two players) and
    as many Long Flights as players (three for two players)."""

    action = Setup
    section = SETUP_SECTION
    ends_turn = False

    def check(self, state: State, seat: int, action: Setup) -> None:
        if state.phase != SETUP:
            raise self.illegal("the rows are laid out once, at the start")
        cards = state.board.cards
        cfg = state.config
        if len(action.short_row) != cfg.short_row_start:
            raise self.illegal(
                "the Short Flight row starts with {count} cards", count=cfg.short_row_start
            )
        if len(action.long_row) != cfg.long_row_start:
            raise self.illegal(
                "the Long Flight row starts with {count} cards", count=cfg.long_row_start
            )
        if len(set(action.short_row)) != len(action.short_row) or len(set(action.long_row)) != len(
            action.long_row
        ):
            raise self.illegal("a card is laid out twice")
        for cid in action.short_row:
            card = cards.get(cid)
            if card is None or card.kind != SHORT or card.vacation or card.points != 1:
                raise self.illegal("{card} is not a 1-point Short Flight card", card=cid)
        for cid in action.long_row:
            card = cards.get(cid)
            if card is None or card.kind != LONG or card.vacation:
                raise self.illegal("{card} is not a Long Flight card", card=cid)

    def perform(self, state: State, seat: int, action: Setup) -> None:
        for row, laid in ((SHORT, action.short_row), (LONG, action.long_row)):
            for card in laid:
                state.lay_out(row, card)
        state.set_phase(DEAL)


class RevealRule(Rule[Reveal]):
    """A card turned up from a deck. Vacation cards go to the Vacation track; the second one
    starts Vacation Time: both rows fill to their maximum, a third Vacation is set aside and
    ignored, and then the rest of both decks is set aside."""

    action = Reveal
    section = PHASE_SECTION
    ends_turn = False

    def check(self, state: State, seat: int, action: Reveal) -> None:
        needed = state.to_reveal
        if needed is None:
            raise self.illegal("no card is to be turned up now")
        if action.row != needed:
            raise self.illegal("the next card comes from the {row} deck", row=Word(needed))
        if action.card not in state.deck[needed]:
            raise self.illegal(
                "{card} is not in the {row} deck", card=action.card, row=Word(needed)
            )

    def perform(self, state: State, seat: int, action: Reveal) -> None:
        was_vacation_time = state.vacation_time
        vacations = len(state.vacations)
        state.turn_up(action.row, action.card)
        if len(state.vacations) > vacations:
            vacation_card_up(state)  # Investors: it replaces one
        if state.vacation_time and not was_vacation_time:
            start_vacation_time(state)
        if state.vacation_time and state.to_reveal is None:
            state.set_decks_aside()


def start_vacation_time(state: State) -> None:
    """The second Vacation card is up: fill both rows to the maximum, no more paid refills."""
    for row in ROWS:
        state.set_goal(row, state.config.row_max)
    state.set_refilling(None)


def refill_goal(state: State) -> int:
    """A new turn's Flight Card Phase: each row below its minimum must be refilled to it (none in
    Vacation Time, when the rows are never refilled again)."""
    return 0 if state.vacation_time else state.config.row_min


class RefillRule(Rule[Refill]):
    """Pay €1 to turn up more cards of one row, up to its maximum. Asked for a few cards at a time,
    a row's refill continues free until the player does anything else (docs/rules-decisions.md)."""

    action = Refill
    section = PHASE_SECTION
    ends_turn = False

    def check(self, state: State, seat: int, action: Refill) -> None:
        if action.row not in ROWS:
            raise self.illegal("there is no {row} row", row=Word(action.row))
        if state.vacation_time:
            raise self.illegal("the Flight Card Phase is skipped in Vacation Time")
        room = state.config.row_max - len(state.rows[action.row])
        if action.count < 1:
            raise self.illegal("turn up at least one card")
        if action.count > room:
            raise self.illegal(
                "the {row} row holds at most {most} cards; {room} more fit",
                row=Word(action.row),
                most=state.config.row_max,
                room=room,
            )
        if not state.deck[action.row]:
            raise self.illegal("the {row} deck is empty", row=Word(action.row))
        if state.paid[action.row] and state.refilling != action.row:
            raise self.illegal("the {row} row was already refilled this turn", row=Word(action.row))
        if not state.paid[action.row]:
            self.require_cash(state, seat, REFILL_PRICE)

    def perform(self, state: State, seat: int, action: Refill) -> None:
        state.clear_goals()  # the mandatory refill is over once the player acts
        if not state.paid[action.row]:
            state.add_cash(seat, -REFILL_PRICE)
            state.set_paid(action.row, True)
        state.set_refilling(action.row)
        state.set_idle_turns(0)
        state.set_goal(action.row, len(state.rows[action.row]) + action.count)

    def options(self, state: State, seat: int) -> list[Action]:
        if state.vacation_time:
            return []
        out: list[Action] = []
        cash = state.seats[seat].cash
        for row in ROWS:
            if not state.deck[row]:
                continue
            if state.paid[row] and state.refilling != row:
                continue
            if not state.paid[row] and cash < REFILL_PRICE:
                continue
            room = state.config.row_max - len(state.rows[row])
            out.extend(Refill(row, k) for k in range(1, room + 1))
        return out

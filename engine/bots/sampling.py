"""Guessing what a seat cannot see: the other seats' Final Flights, the order of the decks and
the face-down Investors.

A seat's view holds every public fact: which cards are still in each deck (not their order), how
many were turned up, the Vacation cards seen, the Final Flights already played. A *determinization*
fills in the rest at random, consistently with those facts, so a search can play the game on as if
it saw everything (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", 2012).

Deck order follows the dealer's stacking, which the rulebook makes public ("Deck Setup for Flight
Cards", engine.dealer): the top block has no Vacation card; the Short deck's first Vacation card
is among the next six cards, the Long deck's is the next card; the second Vacation card of each
deck is anywhere below. Within those limits every order is equally likely.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.board import ROWS, SHORT
from engine.dealer import LONG_TOP, SHORT_MIXED, SHORT_TOP
from engine.distant_state import DISTANT
from engine.rng import Rng
from engine.rules.investors import guess_investors, unseen_investors
from engine.state import State


@dataclass(frozen=True, slots=True)
class World:
    """One guess at the hidden information: a full state and each deck's order, top first."""

    state: State
    stacks: dict[str, list[str]]

    def fork(self) -> World:
        """An independent copy to play one line on."""
        return World(self.state.copy(), {row: stack[:] for row, stack in self.stacks.items()})


def determinize(view: State, seat: int, rng: Rng) -> World:
    """A full state consistent with ``seat``'s view, and deck orders to turn cards up from."""
    state = view.copy()
    deal_hidden_hands(state, seat, rng)
    investors = unseen_investors(state)
    rng.shuffle(investors)
    guess_investors(state, investors)
    stacks = {row: sample_stack(state, row, rng) for row in ROWS}
    if state.distant is not None:
        stacks[DISTANT] = state.distant.deck[:]
        rng.shuffle(stacks[DISTANT])
    return World(state, stacks)


def unseen_finals(view: State, seat: int) -> list[str]:
    """Final Flights ``seat`` has not seen: not in its hand, not played by anyone."""
    known = set(view.seats[seat].hand or ())
    known.update(st.final for st in view.seats if st.final is not None)
    return [card for card in view.board.final_deck if card not in known]


def deal_hidden_hands(state: State, seat: int, rng: Rng) -> None:
    """Give every other seat still holding Final Flights two cards drawn from the unseen ones.

    Whatever the state holds for those seats is overwritten unread: handed a full state by
    mistake, a bot still plays as if it saw only its own view."""
    pool = unseen_finals(state, seat)
    rng.shuffle(pool)
    for i, st in enumerate(state.seats):
        if i == seat:
            continue
        if st.finished or st.hand_size == 0:
            st.hand = ()
        else:
            st.hand = (pool.pop(), pool.pop())


def vacation_slots(state: State, row: str) -> tuple[int, int]:
    """Where the deck's first Vacation card lies in the dealer's stack: [start, end)."""
    top = (SHORT_TOP if row == SHORT else LONG_TOP)[state.players]
    return top, top + (SHORT_MIXED + 1 if row == SHORT else 1)


def sample_stack(state: State, row: str, rng: Rng) -> list[str]:
    """A random order of the cards left in a deck, consistent with the dealer's stacking."""
    deck = state.deck[row]
    cards = state.board.cards
    plain = [c for c in deck if not cards[c].vacation]
    vacations = [c for c in deck if cards[c].vacation]
    rng.shuffle(plain)
    drawn = state.drawn[row]
    size = len(deck)
    first_start, first_end = vacation_slots(state, row)
    first_seen = len(vacations) < sum(1 for c in state.board.deck_of(row) if cards[c].vacation)
    taken: list[int] = []
    for i in range(len(vacations)):
        if i == 0 and not first_seen:
            wanted = range(max(drawn, first_start), first_end)
        else:
            wanted = range(max(drawn, first_end), drawn + size)
        taken.append(_pick(rng, wanted, drawn, size, taken))
    order: list[str | None] = [None] * size
    for card, spot in zip(vacations, taken, strict=True):
        order[spot - drawn] = card
    fill = iter(plain)
    return [card if card is not None else next(fill) for card in order]


def _pick(rng: Rng, wanted: range, drawn: int, size: int, taken: list[int]) -> int:
    """A free position of the stack in ``wanted``; anywhere free if there is none there (a deck
    not stacked by our dealer)."""
    free = [p for p in wanted if p not in taken]
    if not free:
        free = [p for p in range(drawn, drawn + size) if p not in taken]
    return free[rng.below(len(free))]

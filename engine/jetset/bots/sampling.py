"""Guessing what a seat cannot see: the other seats' Final Flights and Business cards, the order
of the decks (the Business draw pile too) and the face-down Investors.

A seat's view holds every public fact: which cards are still in each deck (not their order), how
many were turned up, the Vacation cards seen, the Final Flights already played. A *determinization*
fills in the rest at random, consistently with those facts, so a search can play the game on as if
it saw everything (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", 2012).

Deck order follows the dealer's stacking, which the rulebook makes public ("Deck Setup for Flight
Cards", engine.jetset.dealer): the top block has no Vacation card; the Short deck's first Vacation
card is among the next six cards, the Long deck's is the next card; the second Vacation card of each
deck is anywhere below. Within those limits every order is equally likely.

Business cards (``deal_business``): the cards the seat has not seen (not in its hand, in front of
a player, in the discards or on a Vacation space) are dealt to the other hands, as many as each
holds, and the rest make the draw pile; after a reshuffle the pile only holds cards of that
reshuffle.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.jetset.board import ROWS, SHORT
from engine.jetset.business_deck import DECK, KINDS, kind_counts, sorted_kinds
from engine.jetset.business_state import BusinessState
from engine.jetset.dealer import LONG_TOP, SHORT_MIXED, SHORT_TOP
from engine.jetset.distant_state import DISTANT
from engine.jetset.rules.investors import guess_investors, unseen_investors
from engine.jetset.state import State
from engine.rng import Rng


@dataclass(frozen=True, slots=True)
class World:
    """One guess at the hidden information: a full state, each deck's order, top first, the
    Business draw pile, top first, and a seed for the shuffles a playout may still need."""

    state: State
    stacks: dict[str, list[str]]
    business: list[str] = field(default_factory=list)
    seed: str = ""

    def fork(self) -> World:
        """An independent copy to play one line on."""
        stacks = {row: stack[:] for row, stack in self.stacks.items()}
        return World(self.state.copy(), stacks, self.business[:], self.seed)


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
    pile = [] if state.business is None else deal_business(state.business, seat, rng)
    return World(state, stacks, pile, rng.token())


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
            st.hand = tuple(pool.pop() for _ in range(min(st.hand_size, len(pool))))


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


def unseen_business(b: BusinessState, seat: int) -> list[str]:
    """The Business cards ``seat`` has not seen, in data order: the deck less its own hand, the
    cards in front of every player, the discards and the Vacation cards on Vacation spaces."""
    counts = kind_counts(list(DECK))
    seen = [*(b.hands[seat] or ()), *b.discards, *(c for f in b.front for c in f)]
    seen.extend(["vacation"] * b.vacations)
    for i, n in enumerate(kind_counts(seen)):
        counts[i] = max(0, counts[i] - n)
    return [k.key for k, n in zip(KINDS, counts, strict=True) for _ in range(n)]


def deal_business(b: BusinessState, seat: int, rng: Rng) -> list[str]:
    """Deal the unseen Business cards into every other hand (as many as it holds) and return
    the guessed draw pile, top first. Whatever the state held for other hands is overwritten
    unread. After a reshuffle the pile is drawn from the reshuffled cards only."""
    unseen = unseen_business(b, seat)
    may_be_in_pile = unseen if b.epoch == 0 else _common(unseen, b.shuffled)
    rng.shuffle(may_be_in_pile)
    pile = may_be_in_pile[: b.deck_size]
    rest = _less(unseen, pile)
    rng.shuffle(rest)
    for i in range(len(b.hands)):
        if i != seat or b.hands[i] is None:
            b.hands[i] = sorted_kinds([rest.pop() for _ in range(min(b.sizes[i], len(rest)))])
    if len(pile) < b.deck_size:  # a view not from our rules: top the pile up with what is left
        pile.extend(rest[: b.deck_size - len(pile)])
    return pile


def _common(cards: list[str], others: list[str]) -> list[str]:
    """The cards of ``cards`` that are also in ``others``, as multisets, in data order."""
    counts = [min(a, b) for a, b in zip(kind_counts(cards), kind_counts(others), strict=True)]
    return [k.key for k, n in zip(KINDS, counts, strict=True) for _ in range(n)]


def _less(cards: list[str], taken: list[str]) -> list[str]:
    """``cards`` without ``taken`` (a multiset difference), in data order."""
    counts = [a - b for a, b in zip(kind_counts(cards), kind_counts(taken), strict=True)]
    return [k.key for k, n in zip(KINDS, counts, strict=True) for _ in range(max(0, n))]

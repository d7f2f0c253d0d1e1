"""The end of a game played with the Business cards (001_0ac1a519298b1465.txt, "Business Cards":
Catch up and Planes, "Play at the end of the game").

When the game ends with a card still in someone's hand (``turns.end_game``: the state is then in
``END_CARDS``), the dealer opens every end-of-game card still held (``OpenEndCards``), and each
goes face up in front of its holder, where ``business_effects.end_points`` scores it like one laid
down during the game. Nobody chooses: such a card never costs points, so every player plays it.
The other cards stay in hand, unseen. Every seat's engine checks the entry against what it knows
(the hands' sizes, its own hand, the cards already seen); the whole log, opened at the end, lets
it check every hand against its draws' commitments (netcode/endcheck.py).
"""

from __future__ import annotations

from typing import Final

from engine.errors import Seat, rule_name
from engine.jetset.actions import OpenEndCards
from engine.jetset.business_deck import KIND, KIND_INDEX
from engine.jetset.business_state import BusinessState
from engine.jetset.rules.base import Rule
from engine.jetset.rules.business_checks import business
from engine.jetset.state import END_CARDS, OVER, State

END_SECTION: Final = rule_name("Business Cards: Play at the end of the game")


def end_cards(hand: list[str] | None) -> tuple[str, ...]:
    """The end-of-game cards of a hand (an unknown hand: none known)."""
    return tuple(kind for kind in hand or () if KIND[kind].end)


def end_cards_held(b: BusinessState) -> OpenEndCards:
    """The dealer's entry: every seat's end-of-game cards in hand (the full state knows them;
    a bot's guessed world too)."""
    return OpenEndCards(tuple(end_cards(hand) for hand in b.hands))


class OpenEndCardsRule(Rule[OpenEndCards]):
    """The dealer opens the end-of-game cards still in hand; they are laid down and scored."""

    action = OpenEndCards
    section = END_SECTION
    ends_turn = False

    def check(self, state: State, seat: int, action: OpenEndCards) -> None:
        b = business(state)
        if state.phase != END_CARDS:
            raise self.illegal("the end-of-game cards are opened when the game ends")
        if len(action.cards) != len(b.sizes):
            raise self.illegal("the end-of-game cards are opened for every player")
        for held, cards in enumerate(action.cards):
            self.check_hand(b, held, cards)
        for kind in sorted({kind for cards in action.cards for kind in cards}):
            opened = sum(cards.count(kind) for cards in action.cards)
            if opened + b.seen(kind) > KIND[kind].copies:
                raise self.illegal("no {card} card is left to open", card=kind)

    def check_hand(self, b: BusinessState, held: int, cards: tuple[str, ...]) -> None:
        """``cards`` may be the end-of-game cards of seat ``held``'s hand: end-of-game cards
        in data order, no more than the hand holds, exactly those of a hand this copy knows."""
        if any(kind not in KIND or not KIND[kind].end for kind in cards):
            raise self.illegal("only the cards played at the end of the game are opened")
        hand = b.hands[held]
        if (
            list(cards) != sorted(cards, key=KIND_INDEX.__getitem__)
            or len(cards) > b.sizes[held]
            or (hand is not None and cards != end_cards(hand))
        ):
            raise self.illegal("{seat}'s hand does not hold these cards", seat=Seat(held))

    def perform(self, state: State, seat: int, action: OpenEndCards) -> None:
        b = business(state)
        for held, cards in enumerate(action.cards):
            for kind in cards:
                b.lay_down(state, held, kind)
        state.set_phase(OVER)

"""Determinizations: guessed hands and deck orders consistent with what the seat knows."""

from __future__ import annotations

from collections import Counter

from engine import Dealer, Game, Options, play_chance
from engine.jetset.board import LONG, SHORT
from engine.jetset.bots.sampling import determinize, unseen_finals
from engine.rng import Rng
from tests.bots.helpers import play


def fresh(players: int, seed: str) -> tuple[Game, Dealer]:
    game = Game(Options(players=players))
    dealer = Dealer(seed, game.board, players)
    play_chance(game, dealer)
    return game, dealer


def vacation_positions(game: Game, stack: list[str]) -> list[int]:
    return [i for i, card in enumerate(stack) if game.board.cards[card].vacation]


def test_guessed_hands_are_unseen_cards() -> None:
    game, _ = fresh(4, "hands")
    view = game.view(2)
    rng = Rng("t")
    guesses = set()
    for _ in range(30):
        world = determinize(view, 2, rng)
        hands = [st.hand for st in world.state.seats]
        assert hands[2] == game.state.seats[2].hand
        cards = [c for h in hands for c in (h or ())]
        assert len(cards) == 8 == len(set(cards))
        assert set(cards) - set(hands[2] or ()) <= set(unseen_finals(view, 2))
        assert world.state.digest() == view.digest()
        guesses.add(hands[0])
    assert len(guesses) > 5, "the other hands are drawn at random"
    assert view.seats[0].hand is None, "the view itself is untouched"


def test_deck_orders_follow_the_dealers_stacking() -> None:
    """The Long deck's first Vacation card is exactly where the dealer puts it; the Short
    deck's first one is within its block of six; every order holds the deck's cards."""
    game, dealer = fresh(4, "stacks")
    view = game.view(0)
    rng = Rng("t")
    short_first: Counter[int] = Counter()
    for _ in range(200):
        world = determinize(view, 0, rng)
        for row in (SHORT, LONG):
            assert sorted(world.stacks[row]) == sorted(view.deck[row])
        assert vacation_positions(game, world.stacks[LONG])[0] == 6
        short_first[vacation_positions(game, world.stacks[SHORT])[0]] += 1
    assert vacation_positions(game, dealer.long_stack)[0] == 6
    assert set(short_first) == set(range(11, 17))


def test_deck_orders_respect_cards_already_turned_up() -> None:
    """Later in a game the guessed order starts with the next card to come, Vacation cards
    included, and contains only cards still in the deck."""
    game = play(4, "later", ["greedy"], stop=lambda g: g.state.drawn[SHORT] >= 14)
    view = game.view(0)
    world = determinize(view, 0, Rng("t"))
    assert sorted(world.stacks[SHORT]) == sorted(view.deck[SHORT])
    seen_vacations = [c for c in view.vacations if game.board.cards[c].kind == SHORT]
    if not seen_vacations:
        assert vacation_positions(game, world.stacks[SHORT])[0] <= 16 - view.drawn[SHORT]

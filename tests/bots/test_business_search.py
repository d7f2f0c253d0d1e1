"""The search bot with every module on: its guessed worlds deal the Business cards it cannot see
(other hands, the draw pile) consistently with its view, never from a secret, and it plays whole
games searching rather than greedily."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import CHANCE, Dealer, Game, Options
from engine.jetset.actions import PlayCard
from engine.jetset.board import SHORT
from engine.jetset.bots.greedy import GreedyBot
from engine.jetset.bots.mcts import MctsBot, business_chance, is_legal
from engine.jetset.bots.sampling import World, determinize, unseen_business
from engine.jetset.business_state import DECK, sorted_kinds
from engine.jetset.options import MODULES
from engine.jetset.rules.business import chance_entry_kind
from engine.jetset.state import State
from engine.rng import Rng
from tests.bots.helpers import bot, play

ALL_MODULES = Options(**dict.fromkeys(MODULES, True))


def mid_game() -> Game:
    """An all-modules game of random bots (they keep cards in hand longer than greedy) stopped
    at seat 0's turn once Business cards have been discarded, seat 0 holding one, seat 1 two."""

    def ready(game: Game) -> bool:
        b = game.state.business
        assert b is not None
        held = b.sizes[1] >= 2 and b.sizes[0] >= 1
        return game.to_move() == 0 and len(b.discards) >= 2 and held

    game = play(4, "b1", ["random"], stop=ready, options=ALL_MODULES)  # "b" before format 10
    assert not game.over, "the seed reaches the wanted point"
    return game


def business_cards(world: World) -> Counter[str]:
    """Every Business card a guessed world accounts for."""
    b = world.state.business
    assert b is not None
    cards: Counter[str] = Counter(world.business)
    for hand in b.hands:
        cards.update(hand or ())
    for front in b.front:
        cards.update(front)
    cards.update(b.discards)
    cards["vacation"] += b.vacations
    return cards


def test_guessed_business_cards_keep_counts_and_known_cards() -> None:
    game = mid_game()
    truth = game.state.business
    assert truth is not None
    view = game.view(0)
    rng = Rng("t")
    others = set()
    for _ in range(20):
        world = determinize(view, 0, rng)
        b = world.state.business
        assert b is not None
        assert b.hands[0] == truth.hands[0], "the bot's own hand is kept"
        assert [len(h or ()) for h in b.hands] == truth.sizes, "every hand keeps its size"
        assert len(world.business) == truth.deck_size, "the pile keeps its size"
        assert business_cards(world) == Counter(DECK), "every card is somewhere, once"
        assert b.front == truth.front and b.discards == truth.discards
        assert world.state.digest() == view.digest()
        others.add(tuple(b.hands[1] or ()))
    assert len(others) > 3, "the other hands are guessed at random"
    assert view.business is not None and view.business.hands[1] is None, "the view is untouched"


def test_unseen_cards_are_what_the_seat_cannot_see() -> None:
    game = mid_game()
    b = game.state.business
    assert b is not None
    hidden = [c for i, h in enumerate(b.hands) if i != 0 for c in (h or ())]
    unseen = unseen_business(b, 0)
    assert len(unseen) == len(hidden) + b.deck_size
    assert not Counter(hidden) - Counter(unseen)


def with_other_secrets(state: State) -> State:
    """The same table with seat 1's hidden Business hand and Final Flights changed."""
    other = state.copy()
    b = other.business
    assert b is not None and b.hands[1] is not None
    kinds = sorted(set(DECK) - set(b.hands[1]))
    b.hands[1] = sorted_kinds(kinds[: len(b.hands[1])])
    seat = other.seats[1]
    if seat.hand:
        unused = [
            c for c in other.board.final_deck if all(c not in (s.hand or ()) for s in other.seats)
        ]
        seat.hand = tuple(unused[: len(seat.hand)])
    return other


def test_a_secret_never_decides_a_world_or_a_move() -> None:
    """Handed full states that differ only in another seat's hidden cards, the bot guesses the
    same worlds and chooses the same move."""
    game = mid_game()
    full = game.state
    changed = with_other_secrets(full)
    assert changed.business is not None and full.business is not None
    assert changed.business.hands[1] != full.business.hands[1]
    for a, b in ((full, changed), (game.view(0), changed)):
        wa, wb = determinize(a, 0, Rng("same")), determinize(b, 0, Rng("same"))
        assert wa.business == wb.business
        assert wa.state.business is not None and wb.state.business is not None
        assert wa.state.business.hands == wb.state.business.hands
        assert [s.hand for s in wa.state.seats] == [s.hand for s in wb.state.seats]
    move = MctsBot(0, "s", iterations=6, horizon=1).choose(full, game.rules)
    assert MctsBot(0, "s", iterations=6, horizon=1).choose(changed, game.rules) == move


def test_the_search_bot_plays_a_whole_game_with_every_module() -> None:
    """It searches (some of its moves differ from greedy's) and the game ends."""
    differs = 0

    def compare(game: Game) -> bool:
        nonlocal differs
        if game.to_move() == 0 and game.state.turn % 5 == 0 and differs == 0:
            view = game.view(0)
            searched = MctsBot(0, "x", iterations=8, horizon=1).choose(view, game.rules)
            differs += searched != GreedyBot(0, "x").choose(view, game.rules)
        return False

    game = play(4, "m18-all", ["mcts", "greedy"], stop=compare, options=ALL_MODULES)
    assert game.over
    assert differs, "with Business cards on, the search finds moves greedy would not play"


def until_chance(seed: str, kinds: list[str], wanted: str) -> Game:
    """A game of the bots ``kinds`` played until the dealer owes the Business module's chance
    entry ``wanted`` (a Buyout is played as soon as a seat may play one)."""
    game = Game(ALL_MODULES)
    dealer = Dealer(seed, game.board, 4)
    bots = [bot(kinds[i % len(kinds)], i, seed) for i in range(4)]
    while (seat := game.to_move()) is not None:
        if seat == CHANCE:
            if chance_entry_kind(game.state) == wanted:
                return game
            game.push(dealer.next_entry(game.state))
            continue
        buyout = PlayCard("buyout")
        if wanted == "buyout" and is_legal(game.rules, game.state, seat, buyout):
            game.play(buyout)
            continue
        game.play(bots[seat].act(game.view(seat), game.rules))
    raise AssertionError(f"the game ended with no {wanted} entry")


@pytest.mark.parametrize(
    ("seed", "kinds", "wanted"),
    [
        ("r13", ["random"], "finals"),  # r6 before log format 10
        ("r227", ["greedy", "random"], "shuffle"),
        ("r1", ["random"], "buyout"),
    ],
)
def test_playouts_deal_every_business_chance_entry(
    seed: str, kinds: list[str], wanted: str
) -> None:
    """More Final Flights, a reshuffle, a Buyout: each seat's guessed world supplies an entry the
    rules accept, made of the guessed cards."""
    game = until_chance(seed, kinds, wanted)
    for seat in range(4):
        world = determinize(game.view(seat), seat, Rng(f"w{seat}"))
        state = world.state
        b = state.business
        assert b is not None
        discards, top, finals = Counter(b.discards), world.stacks[SHORT][0], b.finals
        entry = business_chance(state, world)
        game.rules.check(state, entry)
        game.rules.apply(state, entry)
        if wanted == "shuffle":
            assert b.epoch == 1 and Counter(world.business) == discards
            assert b.deck_size == len(world.business) and chance_entry_kind(state) == "draw"
            game.rules.check(state, business_chance(state, world))
        elif wanted == "finals":
            hand = state.seats[finals].hand or ()
            others = [c for i, st in enumerate(state.seats) if i != finals for c in (st.hand or ())]
            assert len(set(hand)) == len(hand) == 4 and not set(hand) & set(others)
        elif not state.board.cards[top].vacation:
            assert top not in state.deck[SHORT] and top not in world.stacks[SHORT]

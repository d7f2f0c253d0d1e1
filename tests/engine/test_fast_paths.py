"""The ruleset's fast paths for a game with the Business cards (issue 18's replay ratio) give
exactly what the slow paths they skip give: in whole random games with the module, wherever a
fast path would answer, the slow path answers the same and changes nothing; and a game replayed
with the fast paths turned off has the same digests."""

from __future__ import annotations

import pytest

from engine import Dealer, Entry, Game, Options
from engine.jetset.actions import EndTurn, Income
from engine.jetset.bots import make_bot
from engine.jetset.business_effects import income_after_cards, income_cards, income_with_cards
from engine.jetset.rules import business
from engine.jetset.state import State
from tests.engine.playout import play_out

CASES = [
    pytest.param(Options(players=4, business_cards=True), "fast-0", id="business-4p"),
    pytest.param(
        Options(players=3, distant_lands=True, hubs=True, business_cards=True, investors=True),
        "fast-3",
        id="all-3p",
    ),
    pytest.param(
        Options(players=5, hubs=True, business_cards=True, investors=True), "fast-2", id="5p"
    ),
]


def check_fast_paths(state: State) -> int:
    """For every seat, where a fast path would answer, the slow path on a copy answers alike and
    leaves the hash as it was; the number of seats where one would answer."""
    b = state.business
    assert b is not None
    answered = 0
    for seat in range(state.players):
        if business.turn_ends_quietly(state, b, seat):
            answered += 1
            for action in (Income(), EndTurn()):
                copy = state.copy()
                assert copy.business is not None
                assert not business.after_action(copy, seat, action), "the turn would go on"
                assert copy.hash == state.hash and copy.quiet == state.quiet
        if not (b.front[seat] or b.taxed_by >= 0):  # Take income skips the cards
            copy = state.copy()
            assert income_after_cards(copy, seat, 7) == 7, "the cards would change the income"
            assert copy.hash == state.hash
        for income in (0, 1, 7):  # Take income pays what the screen shows, the tax on the card
            copy = state.copy()
            paid = income_after_cards(copy, seat, income)
            assert paid == income_with_cards(state, seat, income)
            assert copy.business is not None
            tax = income + income_cards(state, seat) - paid
            assert copy.business.taxes_pot == b.taxes_pot + tax
            assert copy.hash == copy.recompute_hash()
    return answered


def play(options: Options, seed: str) -> Game:
    game = Game(options)
    dealer = Dealer(seed, game.board, options.players)
    bots = [make_bot(("random", "greedy")[i % 2], i, seed) for i in range(options.players)]
    answered: list[int] = []

    def decide(game: Game, seat: int) -> Entry:
        return Entry(seat, bots[seat].act(game.state.view(seat), game.rules))

    play_out(game, dealer, decide, lambda game: answered.append(check_fast_paths(game.state)))
    assert game.over and sum(answered) > 0
    return game


@pytest.mark.parametrize(("options", "seed"), CASES)
def test_the_fast_paths_answer_as_the_slow_ones(
    options: Options, seed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = play(options, seed)
    monkeypatch.setattr(business, "turn_ends_quietly", lambda state, b, seat: False)
    slow = Game(options)
    for entry, digest in zip(game.entries, game.digests, strict=True):
        slow.push(entry, digest)  # raises DesyncError where the slow path differs

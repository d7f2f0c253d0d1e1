"""Whole games for tests: every chance entry from a dealer (a real one or a test's scripted
one), every decision from the test's choice, a check after each entry if the test has one."""

from __future__ import annotations

from collections.abc import Callable

from engine import CHANCE, Dealer, Entry, Game
from engine.jetset.actions import CashIn, EndTurn, PlayCard
from engine.jetset.bots.greedy import greedy_action
from engine.jetset.business_deck import KIND
from engine.jetset.rules.business import action_done
from engine.jetset.selfplay import play_bot_choice, seat_bots


def play_out(
    game: Game,
    dealer: Dealer,
    decide: Callable[[Game, int], Entry],
    after: Callable[[Game], object] | None = None,
) -> Game:
    """``game`` played to its end: ``dealer``'s chance entries, ``decide(game, seat)``'s entry
    for the seat to move; ``after(game)`` after every entry."""
    while (seat := game.to_move()) is not None:
        game.push(dealer.next_entry(game.state) if seat == CHANCE else decide(game, seat))
        if after is not None:
            after(game)
    return game


def play_greedy(game: Game, dealer: Dealer, seed: str) -> Game:
    """``game`` played to its end by greedy bots (seeded ``seed``), every chance entry from
    ``dealer``; a move the rules refuse fails the test (``play_bot_choice``)."""
    bots = seat_bots(["greedy"], game.options.players, seed)
    while (seat := game.to_move()) is not None:
        if seat == CHANCE:
            game.push(dealer.next_entry(game.state))
        else:
            play_bot_choice(game, seat, bots[seat])
    return game


def keeping_end_cards(keeper: int, players: int, seed: str) -> Callable[[Game, int], Entry]:
    """Greedy bots' decisions (seeded ``seed``), but seat ``keeper`` keeps its end-of-game
    Business cards (Catch up, Planes) in hand to the end: what the bot would do with one
    becomes the greedy base-game action, or the turn's end once its action is done."""
    bots = seat_bots(["greedy"], players, seed)

    def decide(game: Game, seat: int) -> Entry:
        chosen = bots[seat].act(game.state.view(seat), game.rules)
        if seat == keeper and isinstance(chosen, PlayCard | CashIn) and KIND[chosen.kind].end:
            done = action_done(game.state)
            return Entry(seat, EndTurn() if done else greedy_action(game.state, seat))
        return Entry(seat, chosen)

    return decide

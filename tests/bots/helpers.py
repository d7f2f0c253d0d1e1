"""Shared helpers for the bot tests: games played to a chosen point by given bots."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from engine import CHANCE, Dealer, Game, Options
from engine.jetset.actions import Action, Entry
from engine.jetset.bots import Bot, make_bot
from engine.jetset.bots.mcts import MctsBot

FAST_MCTS = {"iterations": 4, "horizon": 1}
"""A search bot small enough to play whole games inside the test time budget."""


def bot(kind: str, seat: int, seed: str) -> Bot:
    """A bot by kind; ``mcts`` with the small test budget."""
    if kind == "mcts":
        return MctsBot(seat, seed, **FAST_MCTS)
    return make_bot(kind, seat, seed)


def play(
    players: int,
    seed: str,
    kinds: Sequence[str],
    stop: Callable[[Game], bool] = lambda game: False,
    options: Options | None = None,
) -> Game:
    """Play a game with one bot per seat until it ends or ``stop(game)`` holds. Every decision
    is checked against the rules before it is played (``Game.play`` refuses an illegal one).
    ``options``: the expansion's modules (``players`` is set from the argument)."""
    game = Game(replace(options or Options(), players=players))
    dealer = Dealer(seed, game.board, players)
    bots = [bot(kinds[i % len(kinds)], i, seed) for i in range(players)]
    while (seat := game.to_move()) is not None:
        if seat == CHANCE:
            game.push(dealer.next_entry(game.state))
            continue
        if stop(game):
            break
        action: Action = bots[seat].act(game.view(seat), game.rules)
        game.check(Entry(seat, action))
        game.play(action)
    return game

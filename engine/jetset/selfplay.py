"""Whole games between bots, with the dealer supplying chance: ``jetset selfplay`` and the tests."""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import IllegalAction
from engine.jetset.actions import CHANCE
from engine.jetset.bots import Bot, make_bot
from engine.jetset.dealer import SHAKE_DEAL, Dealer
from engine.jetset.game import Game
from engine.jetset.notation import Notation
from engine.jetset.options import Options


def seat_kinds(kinds: Sequence[str], players: int, turn: int = 0) -> list[str]:
    """The bot kind of each seat: ``kinds`` repeated round the table (``["random"]`` fills it),
    moved ``turn`` seats on (``jetset selfplay --rotate``)."""
    table = [kinds[i % len(kinds)] for i in range(players)]
    turn %= players
    return table[-turn:] + table[:-turn] if turn else table


def seat_bots(kinds: Sequence[str], players: int, seed: str) -> list[Bot]:
    """One bot per seat, of ``seat_kinds(kinds, players)``."""
    return [make_bot(kind, i, seed) for i, kind in enumerate(seat_kinds(kinds, players))]


def play_game(
    options: Options, seed: str, kinds: Sequence[str] = ("random",), scheme: int = SHAKE_DEAL
) -> Game:
    """Play one game to its end: the dealer from ``seed`` (dealing by ``scheme``, which only
    tests of earlier log formats change), a bot of ``kinds`` in each seat."""
    game = Game(options)
    dealer = Dealer(seed, game.board, options.players, scheme)
    bots = seat_bots(kinds, options.players, seed)
    state = game.state
    rules = game.rules
    while True:
        seat = rules.to_move(state)
        if seat is None:
            return game
        if seat == CHANCE:
            game.push(dealer.next_entry(state))
        else:
            play_bot_choice(game, seat, bots[seat])


class BotError(ValueError):
    """A bot chose an action the rules refuse: which bot, what, when, and the rule's reason."""


def play_bot_choice(game: Game, seat: int, bot: Bot) -> None:
    """Ask ``bot`` for ``seat``'s action and play it; BotError if the rules refuse it."""
    action = bot.act(game.state.view(seat), game.rules)
    try:
        game.play(action)
    except IllegalAction as exc:
        raise BotError(
            f"entry {len(game.entries)}: seat {seat}'s bot ({bot.name}) chose "
            f"{Notation(game.board).format_action(action)!r}: {exc}"
        ) from None

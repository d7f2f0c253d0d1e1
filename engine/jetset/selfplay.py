"""Whole games between bots, with the dealer supplying chance: ``jetset selfplay`` and the tests."""

from __future__ import annotations

from collections.abc import Sequence

from engine.botgame import BotError, play_bots
from engine.errors import IllegalAction
from engine.jetset.bots import Bot, make_bot
from engine.jetset.dealer import SHAKE_DEAL
from engine.jetset.definition import JET_SET, TableDealer
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
    """Play one game to its end through every game's loop (``engine.botgame.play_bots``): the
    dealer from ``seed`` (dealing by ``scheme``, which only tests of earlier log formats change),
    a bot of ``kinds`` in each seat (``seat_kinds``). BotError if a bot's choice is refused."""
    seating = seat_kinds(kinds, options.players)
    dealer = TableDealer(seed, scheme)
    game = play_bots(JET_SET, options.to_dict(), seed, seating, dealer)
    assert isinstance(game, Game)
    return game


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

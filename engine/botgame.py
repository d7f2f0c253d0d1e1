"""A whole game between bots, for any game on the platform (engine/platform.py): the dealer
supplies chance, each seat's bot chooses from its own view. ``jetset selfplay --game`` and the
platform's tests play through it, Jet Set's ``engine.jetset.selfplay.play_game`` too."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.errors import IllegalAction, bot_failure
from engine.platform import CHANCE, DealerOf, GameRules, Table

AnyTable = Table[Any, Any, Any]


class BotError(ValueError):
    """A bot chose an action the rules refuse: which seat, what, and the rule's reason."""


def play_bots(
    rules: GameRules[Any, Any, Any],
    options: Mapping[str, object],
    seed: str,
    kinds: Sequence[str],
    dealer: DealerOf[Any, Any] | None = None,
) -> AnyTable:
    """One game of ``rules`` with ``options`` to its end: the dealer from ``seed`` (a deal seed;
    or ``dealer``, as tests of a game's older log formats deal), ``kinds[seat]``'s bot in each
    seat (seeded from ``seed``)."""
    table = rules.new_table(options)
    dealer = rules.dealer(seed) if dealer is None else dealer
    bots = [rules.make_bot(kind, seat, seed) for seat, kind in enumerate(kinds)]
    notation = rules.notation()
    while (seat := table.to_move()) is not None:
        if seat == CHANCE:
            table.push(dealer.next_entry(table.state))
            continue
        bot = f"entry {len(table.entries)}: seat {seat}'s bot ({bots[seat].name})"
        try:
            action = bots[seat].choose(table.view(seat))
        except Exception as exc:  # a bot of your own: say whose, and where
            raise BotError(f"{bot} {bot_failure(exc)}") from exc
        try:
            line = notation.format_action(action)
        except Exception:
            raise BotError(f"{bot} returned {action!r:.80}, which is not an action") from None
        try:
            table.play(action)
        except IllegalAction as exc:
            raise BotError(f"{bot} chose {line!r}: {exc}") from None
    return table

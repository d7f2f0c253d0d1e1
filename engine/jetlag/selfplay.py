"""Whole games of Jet Lag between bots, with the dealer supplying chance."""

from __future__ import annotations

from collections.abc import Sequence

from engine.jetlag.actions import CHANCE, Entry
from engine.jetlag.bots import make_bot
from engine.jetlag.dealer import Dealer
from engine.jetlag.game import Table


def play_game(seed: str, kinds: Sequence[str] = ("random", "random")) -> Table:
    """One game to its end: the dealer from ``seed``, ``kinds[seat]``'s bot in each seat."""
    table = Table()
    dealer = Dealer(seed)
    bots = [make_bot(kinds[i % len(kinds)], i, seed) for i in (0, 1)]
    while (seat := table.to_move()) is not None:
        if seat == CHANCE:
            table.push(dealer.next_entry(table.state))
        else:
            table.play(bots[seat].choose(table.state.view(seat)))
    return table


def replay(entries: Sequence[Entry], digests: Sequence[str] | None = None) -> Table:
    """A fresh table with ``entries`` pushed, each checked (IllegalAction) and, with
    ``digests``, its digest compared (DesyncError)."""
    table = Table()
    for i, entry in enumerate(entries):
        table.push(entry, None if digests is None else digests[i])
    return table

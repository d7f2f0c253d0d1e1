"""Whole games of Jet Lag between bots, with the dealer supplying chance."""

from __future__ import annotations

from collections.abc import Sequence

from engine.jetlag.actions import CHANCE
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


def replay(entries: Sequence[object]) -> Table:
    """A fresh table with ``entries`` pushed (each checked as it goes)."""
    from engine.jetlag.actions import Entry

    table = Table()
    for e in entries:
        assert isinstance(e, Entry)
        table.push(e)
    return table

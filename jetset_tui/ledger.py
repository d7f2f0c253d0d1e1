"""What each entry of a game being played paid or took, seat by seat, for the log pane.

The table's game holds only the state after its last entry; the ledger follows the same entries
in a game of its own (a seat's copy of the log replays into the same view) and compares each
seat's cash before and after each one: an owner's share of a rent, the hub payoffs of a claim,
an Investor's payments, income; and what a Vacation card turned up did. The replay viewer
reads the same from its ``Timeline``.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.jetset.actions import Entry
from engine.jetset.game import Game
from jetset_tui.vacation_note import vacation_came_up, vacation_note


class MoneyLedger:
    """A game of its own, a step behind or level with the table's."""

    def __init__(self, table: Game) -> None:
        self.game: Game | None = Game(table.options, table.board)

    def follow(self, entry: Entry) -> tuple[tuple[int, ...], str]:
        """Each seat's cash after ``entry`` less before it, and what a Vacation card it turned
        up did (``vacation_note``; "" for other entries): nothing if the ledger lost its way (the
        log pane then says no money rather than wrong money)."""
        game = self.game
        if game is None:
            return (), ""
        before = [seat.cash for seat in game.state.seats]
        table = game.state.copy() if vacation_came_up(game.board, entry) else None
        try:
            game.push(entry)
        except (ValueError, IllegalAction):
            self.game = None
            return (), ""
        note = "" if table is None else vacation_note(game.board, entry, table, game.state)
        moved = tuple(s.cash - b for s, b in zip(game.state.seats, before, strict=True))
        return moved, note

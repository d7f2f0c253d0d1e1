"""What every widget of the game screen reads: the table as one seat may see it."""

from __future__ import annotations

from engine.jetset.board import Board
from engine.jetset.state import State
from engine.values import value
from jetset_tui.theme import Livery
from netcode.seatkind import SeatKind


@value(unsafe_hash=True)
class TableView:
    """The state as ``viewer`` may see it (None: nobody's secrets), with names and colours."""

    state: State
    names: list[str]
    kinds: list[SeatKind]
    liveries: list[Livery]
    viewer: int | None
    mover: int | None  # the seat to decide now; None when the dealer or nobody is
    watching: bool = False  # a spectator of a live game: no seat of its own
    away: tuple[int, ...] = ()  # seats whose player has lost their connection (a network game)
    given: tuple[int, ...] = ()  # seats their player gave away: the next to join takes them

    @property
    def board(self) -> Board:
        return self.state.board

    def is_bot(self, seat: int) -> bool:
        return self.kinds[seat].is_bot

    def name(self, seat: int) -> str:
        return self.names[seat]

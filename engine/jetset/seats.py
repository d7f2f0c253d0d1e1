"""The players at the table: the numbers that depend on how many there are (``Config``), each
one's holdings (``Seat``), and the public commitment to a seat's dealt Final Flights.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Config:
    """Numbers that depend on the player count (rulebook, "Setup" and "Flight Card Phase")."""

    players: int
    start_cash: int = 30
    planes: int = 24
    markers: int = 30
    row_min: int = field(init=False)
    """Minimum cards in each row: the number of players, three in a 2-player game."""
    row_max: int = field(init=False)
    """Maximum cards in each row: twice the number of players, six in a 2-player game."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "row_min", 3 if self.players == 2 else self.players)
        object.__setattr__(self, "row_max", 6 if self.players == 2 else 2 * self.players)

    @property
    def short_row_start(self) -> int:
        return self.row_max

    @property
    def long_row_start(self) -> int:
        return self.row_min


class Seat:
    """One player's holdings."""

    __slots__ = (
        "cards",
        "cash",
        "commitment",
        "extra_income",
        "final",
        "final_path",
        "final_planes",
        "finished",
        "hand",
        "hand_size",
        "markers",
        "planes",
    )

    def __init__(self, cash: int, planes: int, markers: int) -> None:
        self.cash = cash
        self.planes = planes
        self.markers = markers
        self.cards: list[list[str | int]] = []  # [card id, markers on it], in claim order
        self.hand: tuple[str, ...] | None = ()  # None: secret to this view
        self.hand_size = 0
        self.commitment = ""
        self.final: str | None = None
        self.finished = False
        """Has played a Final Flight: no more actions, only planes onto the card."""
        self.final_path: tuple[int, ...] = ()
        self.final_planes = 0
        self.extra_income = 0
        """What the modules' pieces add to Take income: €5 a Distant card, €2 a hub's +€2
        marker (derived, not in the digest: kept by ``State.add_extra_income``)."""

    def copy(self) -> Seat:
        s = Seat(self.cash, self.planes, self.markers)
        s.cards = [list(c) for c in self.cards]
        s.hand = self.hand
        s.hand_size = self.hand_size
        s.commitment = self.commitment
        s.final = self.final
        s.finished = self.finished
        s.final_path = self.final_path
        s.final_planes = self.final_planes
        s.extra_income = self.extra_income
        return s


def hand_commitment(seat: int, cards: tuple[str, ...], salt: str) -> str:
    """The public commitment to a seat's dealt Final Flights (docs/log-format.md)."""
    text = f"jetset-hand:{seat}:{','.join(cards)}:{salt}"
    return hashlib.sha256(text.encode()).hexdigest()[:32]

"""The state of a game: everything on the table, with the secret parts marked.

Public: cash, planes and markers, links and their planes, the rows, which cards remain in each
deck (not their order, which only the dealer knows), the Vacation track, claimed cards. Secret:
each seat's two Final Flights (``Seat.hand``), held only in the full state and in that seat's own
view. The digest covers the public part and each hand's commitment, so every seat, a spectator and
the host compute the same digest after every entry.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from engine.board import LONG, ROWS, SHORT, Board

SETUP = "setup"
DEAL = "deal"
PLAY = "play"
OVER = "over"


@dataclass(frozen=True, slots=True)
class Config:
    """Numbers that depend on the player count (rulebook, "Setup" and "Flight Card Phase")."""

    players: int
    start_cash: int = 30
    planes: int = 24
    markers: int = 30

    @property
    def row_min(self) -> int:
        """Minimum cards in each row: the number of players, three in a 2-player game."""
        return 3 if self.players == 2 else self.players

    @property
    def row_max(self) -> int:
        """Maximum cards in each row: twice the number of players, six in a 2-player game."""
        return 6 if self.players == 2 else 2 * self.players

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
        "final",
        "final_path",
        "final_planes",
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
        self.final_path: tuple[int, ...] = ()
        self.final_planes = 0

    def copy(self) -> Seat:
        s = Seat.__new__(Seat)
        s.cash = self.cash
        s.planes = self.planes
        s.markers = self.markers
        s.cards = [list(c) for c in self.cards]
        s.hand = self.hand
        s.hand_size = self.hand_size
        s.commitment = self.commitment
        s.final = self.final
        s.final_path = self.final_path
        s.final_planes = self.final_planes
        return s

    @property
    def finished(self) -> bool:
        """Has played a Final Flight: no more actions, only planes onto the card."""
        return self.final is not None

    def public_key(self) -> tuple[object, ...]:
        return (
            self.cash,
            self.planes,
            self.markers,
            tuple(tuple(c) for c in self.cards),
            self.hand_size,
            self.commitment,
            self.final,
            self.final_path,
            self.final_planes,
        )


class State:
    """The whole table. Mutated in place by the rules; ``copy()`` for search."""

    def __init__(self, board: Board, config: Config) -> None:
        n = config.players
        self.board = board
        self.config = config
        self.phase = SETUP
        self.seats = [Seat(config.start_cash, config.planes, config.markers) for _ in range(n)]
        self.owner = [-1] * len(board.links)
        self.link_planes = [[0] * n for _ in board.links]
        self.rows: dict[str, list[str]] = {SHORT: [], LONG: []}
        self.deck: dict[str, list[str]] = {
            SHORT: list(board.short_deck),
            LONG: list(board.long_deck),
        }
        self.drawn = {SHORT: 0, LONG: 0}
        self.goal = {SHORT: 0, LONG: 0}
        self.paid = {SHORT: False, LONG: False}
        self.refilling: str | None = None
        self.vacations: list[str] = []
        self.ignored: list[str] = []
        self.set_aside: list[str] = []
        self.current = 0
        self.turn = 0
        self.idle_turns = 0
        self.dealt = 0
        self.end_reason: str | None = None

    # -- copying and views ------------------------------------------------------------------

    def copy(self) -> State:
        s = State.__new__(State)
        s.board = self.board
        s.config = self.config
        s.phase = self.phase
        s.seats = [seat.copy() for seat in self.seats]
        s.owner = self.owner[:]
        s.link_planes = [row[:] for row in self.link_planes]
        s.rows = {SHORT: self.rows[SHORT][:], LONG: self.rows[LONG][:]}
        s.deck = {SHORT: self.deck[SHORT][:], LONG: self.deck[LONG][:]}
        s.drawn = dict(self.drawn)
        s.goal = dict(self.goal)
        s.paid = dict(self.paid)
        s.refilling = self.refilling
        s.vacations = self.vacations[:]
        s.ignored = self.ignored[:]
        s.set_aside = self.set_aside[:]
        s.current = self.current
        s.turn = self.turn
        s.idle_turns = self.idle_turns
        s.dealt = self.dealt
        s.end_reason = self.end_reason
        return s

    def view(self, seat: int | None) -> State:
        """What ``seat`` may know (None: a spectator): other seats' Final Flights are hidden."""
        s = self.copy()
        for i, st in enumerate(s.seats):
            if i != seat:
                st.hand = None
        return s

    # -- questions the rules ask ------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def vacation_time(self) -> bool:
        """Two Vacation cards are up: no more Flight Card Phase, Final Flights open."""
        return len(self.vacations) >= 2

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def reveal_needed(self) -> str | None:
        """The row whose deck must turn up a card next (Short before Long), or None."""
        for row in ROWS:
            if len(self.rows[row]) < self.goal[row] and self.deck[row]:
                return row
        return None

    def links_with_planes(self, seat: int) -> list[int]:
        """Links carrying at least one of ``seat``'s planes, by link index."""
        return [i for i, row in enumerate(self.link_planes) if row[seat]]

    def owned_links(self, seat: int) -> list[int]:
        return [i for i, o in enumerate(self.owner) if o == seat]

    # -- the digest -------------------------------------------------------------------------

    def public_key(self) -> tuple[object, ...]:
        """Everything public, in a fixed order: the input of the digest."""
        return (
            self.phase,
            self.current,
            self.turn,
            self.idle_turns,
            self.dealt,
            self.end_reason,
            tuple(s.public_key() for s in self.seats),
            tuple(self.owner),
            tuple(tuple(r) for r in self.link_planes),
            tuple(self.rows[SHORT]),
            tuple(self.rows[LONG]),
            tuple(self.deck[SHORT]),
            tuple(self.deck[LONG]),
            (self.drawn[SHORT], self.drawn[LONG]),
            (self.goal[SHORT], self.goal[LONG]),
            (self.paid[SHORT], self.paid[LONG]),
            self.refilling,
            tuple(self.vacations),
            tuple(self.ignored),
            tuple(self.set_aside),
        )

    def digest(self) -> str:
        """BLAKE2b-128 of ``repr(public_key())``: equal for the host, every seat and spectators."""
        return hashlib.blake2b(repr(self.public_key()).encode(), digest_size=16).hexdigest()


def hand_commitment(seat: int, cards: tuple[str, ...], salt: str) -> str:
    """The public commitment to a seat's dealt Final Flights (docs/log-format.md)."""
    text = f"jetset-hand:{seat}:{','.join(cards)}:{salt}"
    return hashlib.sha256(text.encode()).hexdigest()[:32]

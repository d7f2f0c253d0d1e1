"""A game of Jet Lag in play (``Table``) and Jet Lag's definition (``JET_LAG``), as
engine/platform.py asks of every game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.game import DesyncError
from engine.jetlag import notation, rules
from engine.jetlag.actions import CHANCE, Action, Entry, from_wire, redact, to_wire
from engine.jetlag.bots import BOTS, Bot, make_bot
from engine.jetlag.dealer import Dealer
from engine.jetlag.scoring import totals, winners
from engine.jetlag.state import State
from engine.platform import GameRules, Result


class Table:
    """One game: its log of entries and the state that is their fold (the full state at the
    host, or one seat's view when a seat replays its redacted copies)."""

    def __init__(self, state: State | None = None) -> None:
        self.state = state or State()
        self.entries: list[Entry] = []
        self.digests: list[str] = []

    def to_move(self) -> int | None:
        return rules.to_move(self.state)

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self.state)

    def check(self, entry: Entry) -> None:
        rules.check(self.state, entry)

    def push(self, entry: Entry, digest: str | None = None) -> str:
        rules.apply(self.state, entry)
        self.entries.append(entry)
        mine = self.state.digest()
        self.digests.append(mine)
        if digest is not None and digest != mine:
            raise DesyncError(len(self.entries) - 1, digest, mine)
        return mine

    def play(self, action: Action) -> str:
        seat = self.to_move()
        return self.push(Entry(CHANCE if seat is None else seat, action))

    def view(self, seat: int | None) -> State:
        return self.state.view(seat)

    def redact(self, entry: Entry, seat: int | None) -> Entry:
        return redact(entry, seat)

    def digest(self) -> str:
        return self.digests[-1] if self.digests else self.state.digest()

    @property
    def over(self) -> bool:
        return self.state.over

    def result(self) -> Result:
        return Result(totals(self.state), tuple(winners(self.state)))


class JetLag:
    """Jet Lag's definition: two players, no options, three bots."""

    name = "jetlag"
    seats: tuple[int, ...] = (2,)

    def new_table(self, options: Mapping[str, object]) -> Table:
        if options:
            raise ValueError(f"Jet Lag has no options (got {', '.join(sorted(options))})")
        return Table()

    def dealer(self, seed: str) -> Dealer:
        return Dealer(seed)

    def notation(self) -> _Notation:
        return _Notation()

    def bots(self) -> Sequence[str]:
        return tuple(BOTS)

    def make_bot(self, kind: str, seat: int, seed: str) -> Bot:
        return make_bot(kind, seat, seed)

    def entry_to_wire(self, entry: Entry) -> dict[str, object]:
        return to_wire(entry)

    def entry_from_wire(self, raw: dict[str, object]) -> Entry:
        return from_wire(raw)


class _Notation:
    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)


JET_LAG: GameRules[State, Action, Entry] = JetLag()
"""Jet Lag as the platform sees it (mypy checks that ``JetLag`` is a ``GameRules``)."""

"""A game of Jet Lag in play (``Table``) and Jet Lag's definition (``JET_LAG``), as
engine/platform.py asks of every game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from engine.jetlag import notation, rules
from engine.jetlag.actions import CHANCE, Action, Entry, Pass, Take, redact
from engine.jetlag.bots import BOTS, Bot, make_bot
from engine.jetlag.dealer import Dealer
from engine.jetlag.entrynotation import (
    entry_from_line,
    entry_from_wire,
    entry_line,
    entry_to_wire,
)
from engine.jetlag.position import position
from engine.jetlag.scoring import totals, winners
from engine.jetlag.state import State
from engine.platform import GameRules, OptionSpec, OptionValue, Result, check_schema_options
from engine.platform import Table as PlatformTable
from engine.table import LoggedTable


class Table(LoggedTable[State, Action, Entry]):
    """One game: its log of entries and the state that is their fold (the full state at the
    host, or one seat's view when a seat replays its redacted copies)."""

    def __init__(self, state: State | None = None) -> None:
        super().__init__(state or State())

    def to_move(self) -> int | None:
        return rules.to_move(self.state)

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self.state)

    def check(self, entry: Entry) -> None:
        rules.check(self.state, entry)

    def _apply(self, entry: Entry) -> None:
        rules.apply(self.state, entry)

    def _entry(self, seat: int, action: Action) -> Entry:
        return Entry(seat, action)

    def redact(self, entry: Entry, seat: int | None) -> Entry:
        return redact(entry, seat)

    def result(self) -> Result:
        return Result(totals(self.state), tuple(winners(self.state)))


RULES_VERSION: Final = "jetlag-1"
"""Changes whenever a rule change would make an old log replay differently."""


class JetLag:
    """Jet Lag's definition: two players, no options, three bots."""

    name = "jetlag"
    rules_version = RULES_VERSION
    seats: tuple[int, ...] = (2,)

    def new_table(self, options: Mapping[str, object]) -> Table:
        """A fresh table; ``options`` may say ``seats``: 2 (what a log's header holds), nothing
        else (ValueError)."""
        keys: Iterable[object] = options  # a hostile map's keys may be of any kind
        other = sorted(str(key) for key in keys if key != "seats")
        seats = options.get("seats", 2)
        if other or type(seats) is not int or seats != 2:
            wrong = ", ".join(other) or f"seats {options.get('seats')!r:.10}"
            raise ValueError(f"Jet Lag has no options but seats: 2 (got {wrong})")
        return Table()

    def options_schema(self) -> Sequence[OptionSpec]:
        return ()

    def check_options(self, raw: Mapping[str, object]) -> dict[str, object]:
        """None: OptionError for any."""
        return dict(check_schema_options("Jet Lag", (), raw))

    def option_values(self, options: Mapping[str, object]) -> dict[str, OptionValue]:
        return {}

    def dealer(self, seed: str) -> Dealer:
        return Dealer(seed)

    def notation(self) -> _Notation:
        return _Notation()

    def bots(self) -> Sequence[str]:
        return tuple(BOTS)

    def make_bot(self, kind: str, seat: int, seed: str) -> Bot:
        return make_bot(kind, seat, seed)

    def entry_line(self, entry: Entry) -> tuple[int, str]:
        return entry_line(entry)

    def entry_from_line(self, actor: int, line: str) -> Entry:
        return entry_from_line(actor, line)

    def entry_to_wire(self, entry: Entry) -> dict[str, object]:
        return entry_to_wire(entry)

    def entry_from_wire(self, raw: object) -> Entry:
        return entry_from_wire(raw)

    def bot_label(self, kind: str) -> str:
        return kind.removeprefix("bot:")

    def proper_names(self, language: str) -> Mapping[str, str]:
        return {}  # its refusals' words are all in the catalogs

    def view_to_wire(self, view: State) -> dict[str, Any]:
        return view_to_wire(view)

    def played_for_the_absent(self, view: State, seat: int, chosen: Action) -> Action:
        return chosen  # no card to keep: a clock that runs out plays the stand-in bot's card

    def revealed_by(self, entry: Entry) -> str | None:
        """A pile taken, cards passed (as the help says when a play can be taken back), or the
        dealer's opening."""
        if entry.seat != CHANCE:
            return None
        if isinstance(entry.action, Take):
            return "a pile was taken"
        if isinstance(entry.action, Pass):
            return "cards were passed"
        return "the dealer has dealt"

    def public_slots(self, state: State) -> list[int]:
        return []  # the digest covers little: a desync is said by its entry alone

    def slot_differences(
        self, table: PlatformTable[State, Action, Entry], mine: list[int], theirs: list[int]
    ) -> list[str]:
        return []


def view_to_wire(view: State) -> dict[str, Any]:
    """A seat's view as plain data, what a ``turn`` message shows a bot: the position that
    ``jetset position --json`` prints (``engine/jetlag/position.py``), so that a bot tried on a
    saved position meets the same fields over the network."""
    return position(view)


class _Notation:
    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)


JET_LAG: GameRules[State, Action, Entry] = JetLag()
"""Jet Lag as the platform sees it (mypy checks that ``JetLag`` is a ``GameRules``)."""

"""Replaying a log: every entry re-applied, every digest checked, the seed checked once revealed
(every chance entry re-dealt from the seed and the contributions in the header).

``replay`` replays a Jet Set log (its engine's ``Game``, and every older format); ``replay_table``
any game's, through the platform's interface alone (engine/platform.py); ``replay_any`` picks the
one the log's header asks for.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, TypeVar

from engine import (
    CHANCE,
    RULES_VERSION,
    Deal,
    Dealer,
    DesyncError,
    Entry,
    Game,
    IllegalAction,
    NotationError,
)
from engine.games import DEFAULT, TITLES
from engine.jetset.actions import BusinessDraw, DealInvestors, FinalsDraw
from engine.jetset.dealer import deal_seed
from engine.jetset.notation import Notation
from engine.jetset.state import State
from engine.platform import CHANCE as ANY_CHANCE
from engine.platform import Table
from netcode.logfile import (
    GameLog,
    LogFormatError,
    LogRecord,
    check_commitment,
    deal_scheme,
    expected_data_hash,
    record_entry,
)


@dataclass
class ReplayResult:
    ok: bool
    game: Game
    entries: int
    error: str | None = None
    bad_entry: int | None = None
    commitment_ok: bool | None = None
    warnings: list[str] = field(default_factory=list)

    @property
    def digest(self) -> str:
        return self.game.digest()

    def summary(self) -> dict[str, object]:
        scores = self.game.scores()
        return {
            "ok": self.ok,
            "entries": self.entries,
            "digest": self.digest,
            "scores": [s.total for s in scores],
            "cash": [s.cash for s in scores],
            "over": self.game.over,
            "winners": self.game.winners() if self.game.over else [],
            "commitment_ok": self.commitment_ok,
            "error": self.error,
            "bad_entry": self.bad_entry,
        }


@dataclass
class TableReplay:
    """A replay of any game's log (``replay_table``); as ``ReplayResult``, with ``table`` the
    platform's ``Table`` of the log's game."""

    ok: bool
    table: Table[Any, Any, Any]
    entries: int
    error: str | None = None
    bad_entry: int | None = None
    commitment_ok: bool | None = None
    warnings: list[str] = field(default_factory=list)

    @property
    def digest(self) -> str:
        return self.table.digest()

    def summary(self) -> dict[str, object]:
        """As ``ReplayResult.summary`` without Jet Set's cash, with ``draw``."""
        result = self.table.result()
        over = self.table.over
        return {
            "ok": self.ok,
            "entries": self.entries,
            "digest": self.digest,
            "scores": list(result.points),
            "over": over,
            "winners": list(result.winners) if over else [],
            "draw": over and result.draw,
            "commitment_ok": self.commitment_ok,
            "error": self.error,
            "bad_entry": self.bad_entry,
        }


def replay_game(log: GameLog) -> TableReplay:
    """``replay_any`` of a whole log, with every check, as a host continuing it and a peer
    checking its end ask: its game's table whichever the game (Jet Set's ``Game``)."""
    result = replay_any(log)
    if isinstance(result, TableReplay):
        return result
    return TableReplay(
        result.ok,
        result.game,
        result.entries,
        result.error,
        result.bad_entry,
        result.commitment_ok,
        result.warnings,
    )


def replay_any(log: GameLog, *, stop_at: int | None = None) -> ReplayResult | TableReplay:
    """``replay`` for a Jet Set log, ``replay_table`` for another game's."""
    if log.header.game == DEFAULT:
        return replay(log, stop_at=stop_at)
    return replay_table(log, stop_at=stop_at)


def replay_table(
    log: GameLog, *, stop_at: int | None = None, verify_seed: bool = True
) -> TableReplay:
    """Re-apply the entries of a log of any game (up to ``stop_at``) through its ``GameRules``,
    checking each digest and, once the seed is revealed (and ``verify_seed``), its commitment
    and every chance entry against the dealer of that seed and the header's contributions."""
    header = log.header
    rules = header.rules_of_game
    result = TableReplay(True, header.new_table(), 0)
    table = result.table
    if header.data_hash != expected_data_hash(header.version):
        result.warnings.append("the log was made with other card data")
    if header.rules != rules.rules_version:
        said = f"the log was made with rules {header.rules}, not {rules.rules_version}"
        result.warnings.append(said)
    dealer = None
    if log.seed is not None and verify_seed:
        result.commitment_ok = check_commitment(log)
        if not result.commitment_ok:
            problem = ValueError("the revealed seed does not match its commitment")
            return _fail(result, None, problem)
        dealer = rules.dealer(deal_seed(log.seed, header.seat_contributions()))
    records = log.records if stop_at is None else log.records[:stop_at]
    for index, actor, text, digest in records:
        try:
            entry = record_entry(rules, actor, text)
            if dealer is not None and actor == ANY_CHANCE:
                dealt = dealer.next_entry(table.state)
                if dealt != entry:
                    _, line = rules.entry_line(dealt)
                    raise _DealerMismatch(f"the seed deals {line!r}, the log says {text!r}")
            table.push(entry, digest)
        except (ValueError, IllegalAction) as exc:  # NotationError, DesyncError among them
            return _fail(result, index, exc, _line(actor, text))
        result.entries += 1
    return result


def replay(
    log: GameLog,
    *,
    stop_at: int | None = None,
    verify_seed: bool = True,
    after_entry: Callable[[int, State], None] | None = None,
) -> ReplayResult:
    """Re-apply the log's entries (up to ``stop_at``), checking each recorded digest and, once
    the seed is revealed (and ``verify_seed``), its commitment and every chance entry.
    ``after_entry(n, state)`` is called with the state after each of the first ``n`` entries."""
    header = log.header
    game = Game(header.jetset_options)
    notation = Notation(game.board)
    result = ReplayResult(True, game, 0)
    if header.data_hash != expected_data_hash(header.version):
        result.warnings.append("the log was made with other card data")
    if header.rules != RULES_VERSION:
        result.warnings.append(f"the log was made with rules {header.rules}, not {RULES_VERSION}")
    dealer = None
    if log.seed is not None and verify_seed:
        result.commitment_ok = check_commitment(log)
        if not result.commitment_ok:
            return _fail(
                result, None, ValueError("the revealed seed does not match its commitment")
            )
        dealer = _dealer(log, game)
    records = log.records if stop_at is None else log.records[:stop_at]
    entries, unreadable = parse_entries(records, entry_parser(notation))
    format_1 = header.version == 1
    # entries may stop short of the records, at the first line that does not parse
    for (index, actor, text, digest), entry in zip(records, entries, strict=False):
        try:
            if dealer is not None and actor == CHANCE:
                _check_chance(dealer, game, entry, notation)
            if format_1:
                _push_format_1(game, entry, index, digest)
            else:
                game.push(entry, digest)
        except (IllegalAction, DesyncError, _DealerMismatch) as exc:
            return _fail(result, index, exc, _line(actor, text))
        result.entries += 1
        if after_entry is not None:
            after_entry(result.entries, game.state)
    if unreadable is not None:
        index, actor, text, _ = records[len(entries)]
        return _fail(result, index, unreadable, _line(actor, text))
    return result


def _dealer(log: GameLog, game: Game) -> Dealer:
    """The log's dealer: its revealed seed mixed with the contributions in its header."""
    header, seed = log.header, log.seed
    assert seed is not None
    scheme = deal_scheme(header.version)
    players = header.jetset_options.players
    return Dealer(seed, game.board, players, scheme, header.seat_contributions())


def parse_entries(
    records: list[LogRecord], parse: Callable[[int, str], Entry]
) -> tuple[list[Entry], NotationError | None]:
    """The entries of the records, up to the first line that does not parse, and its error.
    All are parsed before any is applied: the parser's code and then the rules' stay hot in the
    processor's caches, which makes a replay about 5% faster than parsing and applying in turn."""
    entries: list[Entry] = []
    for _, actor, text, _ in records:
        try:
            entries.append(parse(actor, text))
        except NotationError as exc:
            return entries, exc
    return entries, None


def _line(actor: int, text: str) -> str:
    return f"{'*' if actor == CHANCE else actor} {text}"


def entry_parser(notation: Notation) -> Callable[[int, str], Entry]:
    """The entry of an actor and a notation line. Lines repeat ("income"), so each distinct line
    is parsed once (a line that does not parse raises NotationError each time)."""

    @cache
    def parse(actor: int, text: str) -> Entry:
        return Entry(actor, notation.parse_action(text))

    return parse


def _push_format_1(game: Game, entry: Entry, index: int, digest: str) -> None:
    """Log format 1 recorded the hash's 16 little-endian bytes through BLAKE2b-128."""
    game.push(entry)
    mine = hashlib.blake2b(game.state.hash128.to_bytes(16, "little"), digest_size=16).hexdigest()
    if mine != digest:
        raise DesyncError(index, digest, mine)


class _DealerMismatch(ValueError):
    pass


def _check_chance(dealer: Dealer, game: Game, entry: Entry, notation: Notation) -> None:
    expected = dealer.next_entry(game.state)
    if isinstance(entry.action, Deal) and entry.action.cards is None:
        # a seat's own copy of the log: other hands are known only by their commitments
        assert isinstance(expected.action, Deal)
        if expected.action.commitment == entry.action.commitment:
            return
    act, dealt = entry.action, expected.action
    if (  # the same for Business cards and the card "Final Flights"
        isinstance(act, (BusinessDraw, FinalsDraw))
        and act.salt is None
        and isinstance(dealt, (BusinessDraw, FinalsDraw))
        and dealt.commitment == act.commitment
    ):
        return
    hidden = isinstance(entry.action, DealInvestors) and entry.action.cards is None
    if hidden and isinstance(expected.action, DealInvestors):
        # a seat's copy of the log: the face-down Investors are known by their commitments
        assert isinstance(entry.action, DealInvestors)
        if expected.action.commitments == entry.action.commitments:
            return
    if expected != entry:
        raise _DealerMismatch(
            f"the seed deals {notation.format_action(expected.action)!r}, "
            f"the log says {notation.format_action(entry.action)!r}"
        )


R = TypeVar("R", ReplayResult, TableReplay)


def _fail(result: R, index: int | None, exc: Exception, line: str | None = None) -> R:
    """Record the first bad entry: its number, its line and what is wrong with it."""
    result.ok = False
    result.bad_entry = index
    where = f"entry {index}: " if index is not None else ""
    if line is not None:
        where = f"entry {index} ({line}): "
    message = str(exc)
    if isinstance(exc, DesyncError):
        message = f"the state digest is {exc.actual}, the log says {exc.expected}"
    result.error = where + message
    return result


class Timeline:
    """A replayed log that can be looked at after any entry, forward and back.

    Position ``n`` is the state after the first ``n`` entries (0 = before any). A copy of the
    state is kept every ``every`` entries, so any position costs one copy and fewer than ``every``
    applications.
    """

    def __init__(self, log: GameLog, every: int = 32) -> None:
        """LogFormatError for another game's log: the viewer shows Jet Set's table (another
        game's table screen would take a ``replay_table`` of the log here)."""
        if log.header.game != DEFAULT:
            game = TITLES[log.header.game]
            raise LogFormatError(f"a game of {game}: watching it comes with {game}'s table")
        self.every = every
        self._snapshots = [Game(log.header.jetset_options).state]

        def keep(n: int, state: State) -> None:
            if n % every == 0:
                self._snapshots.append(state.copy())

        result = replay(log, after_entry=keep)
        self.result = result
        self.log = log
        self.game = result.game
        self._rules = self.game.rules
        self.length = result.entries
        self.turns = self.game.turns[: self.length]
        self.entries = self.game.entries[: self.length]

    @property
    def finished(self) -> bool:
        """The game ended: every seat's Final Flights may be shown."""
        return self.game.over

    def state_at(self, n: int) -> State:
        n = max(0, min(n, self.length))
        state = self._snapshots[n // self.every].copy()
        for entry in self.entries[(n // self.every) * self.every : n]:
            self._rules.apply(state, entry)
        return state

    def turn_at(self, n: int) -> int:
        """The turn the next entry belongs to (the last turn at the end)."""
        if not self.turns:
            return 0
        return self.turns[min(n, self.length - 1)]

    def start_of_turn(self, turn: int) -> int:
        """The position before the first entry of ``turn`` (clamped to the log)."""
        for i, t in enumerate(self.turns):
            if t >= turn:
                return i
        return self.length

    def next_turn(self, n: int, turns: int = 1) -> int:
        return self.start_of_turn(self.turn_at(n) + turns) if n < self.length else n

    def previous_turn(self, n: int, turns: int = 1) -> int:
        """The start of this turn if we are inside it, else the start of an earlier one."""
        here = self.turn_at(n) if n < self.length else self.turn_at(n) + 1
        start = self.start_of_turn(here)
        if start < n and turns == 1:
            return start
        return self.start_of_turn(max(0, here - turns))

    def last_turn_of(self, seat: int, n: int) -> int | None:
        """The start of ``seat``'s latest turn that began before position ``n``."""
        for i in range(min(n, self.length) - 1, -1, -1):
            if self.entries[i].actor == seat:
                return self.start_of_turn(self.turns[i])
        return None

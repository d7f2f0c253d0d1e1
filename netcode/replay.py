"""Replaying a log of any game: every entry re-applied, every digest checked, the seed checked
once revealed (every chance entry re-dealt from the seed and the contributions in the header).

``replay`` knows a game through engine/platform.py alone: its ``GameRules``, and the hooks a
game's notation, older log formats and seat copies ask for (``ReadsEntriesOf``,
``DealsOldLogs``, ``ReadsOldDigests``, ``HidesDealtCards``: Jet Set's in
engine/jetset/definition.py and oldlogs.py).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import field
from functools import cache
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any

from engine.errors import DesyncError, IllegalAction, Reason
from engine.fairdeal import deal_seed
from engine.games import AnyRules
from engine.platform import CHANCE, AnyTable, DealerOf, log_hooks
from netcode.logfile import GameLog, LogRecord, check_commitment
from netcode.logheader import expected_data_hash

MYPYC = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Compiled by mypyc, which sees ``record`` as ``dataclasses.dataclass`` (engine/values.py)."""
if MYPYC:
    from dataclasses import dataclass as record
else:
    from engine.values import record


@record
class TableReplay:
    """A replayed log: ``table``, its game's ``Table`` after the ``entries`` that replayed, and
    what was wrong with the first that did not (``error``, ``bad_entry``)."""

    ok: bool
    table: AnyTable
    entries: int
    error: str | None = None
    bad_entry: int | None = None
    commitment_ok: bool | None = None
    warnings: list[str] = field(default_factory=list)
    rules: AnyRules | None = None
    """The game's rules (what ``summary`` asks beyond the table)."""

    @property
    def digest(self) -> str:
        return self.table.digest()

    @property
    def game(self) -> Any:
        """The table as its game's own type (Jet Set's ``engine.jetset.game.Game``)."""
        return self.table

    def summary(self) -> dict[str, object]:
        """``jetset replay --json``, the same keys whatever happened and whatever the game (the
        README): the entries that checked out, then the game's digest, scores, whether it is
        over, its winners, whether it is a draw and its cash (Jet Set's, ``SummarisesGames``;
        null in a game without), all null where the replay stopped at a fault (a play test's
        wrong seed read "entries 0, scores [0, 0, 0], over false" of a finished game)."""
        game = self.game_fields()
        if not self.ok:
            game = dict.fromkeys(game)
        return {
            "ok": self.ok,
            "entries": self.entries,
            **game,
            "commitment_ok": self.commitment_ok,
            "error": self.error,
            "bad_entry": self.bad_entry,
        }

    def game_fields(self) -> dict[str, object]:
        """The table's digest, scores and result, and the game's own fields after them: what
        ``replay --json`` and ``export --format json``'s ``result`` say of the game."""
        table = self.table
        result, over = table.result(), table.over
        fields: dict[str, object] = {
            "digest": self.digest,
            "scores": list(result.points),
            "over": over,
            "winners": list(result.winners) if over else [],
            "draw": over and result.draw,
            "cash": None,  # Jet Set's (``SummarisesGames``); a game without cash says null
        }
        own = None if self.rules is None else log_hooks(self.rules).summaries
        return fields if own is None else fields | own.result_fields(table)


UNREVEALED_END = Reason(
    "the game is over but its seed was never revealed: the cards dealt cannot be checked "
    "(a host that could not write it adds it when the game is resumed)"
)
"""Why ``--verify`` and ``stats`` refuse a finished game without its ``reveal`` record: its
digests prove the moves, but nothing proves its deal (a tinkerer's play test changed a
finished game's cards, dropped the seed, and every tool called the game verified)."""


def unverified_end(log: GameLog, result: TableReplay) -> str | None:
    """Why a log that replays is still not verified, or None: a finished game whose seed is
    missing (``UNREVEALED_END``)."""
    if result.ok and result.table.over and log.seed is None:
        return UNREVEALED_END
    return None


def replay(
    log: GameLog,
    *,
    stop_at: int | None = None,
    verify_seed: bool = True,
    after_entry: Callable[[int, Any], None] | None = None,
) -> TableReplay:
    """Re-apply the log's entries (up to ``stop_at``) through its game's ``GameRules``, checking
    each recorded digest and, once the seed is revealed (and ``verify_seed``), its commitment and
    every chance entry against the dealer of that seed and the header's contributions.
    ``after_entry(n, state)`` is called with the full state after each of the first ``n``."""
    header = log.header
    rules = header.rules_of_game
    table = header.new_table()
    result = TableReplay(True, table, 0, rules=rules)
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
        seed = deal_seed(log.seed, header.seat_contributions())
        dealer = log_dealer(rules, seed, header.version)
    records = log.records if stop_at is None else log.records[:stop_at]
    entries, unreadable = parse_entries(records, entry_parser(rules, table))
    push = _pusher(rules, table, header.version)
    hidden = log_hooks(rules).hidden
    same = operator.eq if hidden is None else hidden.dealt_as_logged
    # entries may stop short of the records, at the first line that does not parse
    for (index, actor, text, digest), entry in zip(records, entries, strict=False):
        try:
            if dealer is not None and actor == CHANCE:
                dealt = dealer.next_entry(table.state)
                if not same(dealt, entry):
                    _, line = rules.entry_line(dealt)
                    raise _DealerMismatch(f"the seed deals {line!r}, the log says {text!r}")
            push(entry, digest)
        except (ValueError, IllegalAction) as exc:  # DesyncError among them
            return _fail(result, index, exc, _line(actor, text))
        result.entries += 1
        if after_entry is not None:
            after_entry(result.entries, table.state)
    if unreadable is not None:
        index, actor, text, _ = records[len(entries)]
        return _fail(result, index, unreadable, _line(actor, text))
    return result


def log_dealer(rules: AnyRules, seed: str, log_version: int) -> DealerOf[Any, Any]:
    """The dealer of ``seed`` (contributions already mixed in) in a log of ``log_version``: a
    game whose older formats dealt otherwise deals them as they did (``DealsOldLogs``)."""
    own = log_hooks(rules).old_dealer
    old = None if own is None else own.old_dealer(seed, log_version)
    return old if old is not None else rules.dealer(seed)


def _pusher(rules: AnyRules, table: AnyTable, log_version: int) -> Callable[[Any, str], object]:
    """How an entry and its recorded digest apply: ``table.push``, unless the log's format
    recorded its digests otherwise (``ReadsOldDigests``)."""
    own = log_hooks(rules).old_digests
    old = None if own is None else own.old_push(table, log_version)
    return old if old is not None else table.push


def parse_entries(
    records: list[LogRecord], parse: Callable[[int, str], Any]
) -> tuple[list[Any], ValueError | None]:
    """The entries of the records, up to the first line that does not parse, and its error.
    All are parsed before any is applied: the parser's code and then the rules' stay hot in the
    processor's caches, which makes a replay about 5% faster than parsing and applying in turn."""
    entries: list[Any] = []
    for _, actor, text, _ in records:
        try:
            entries.append(parse(actor, text))
        except ValueError as exc:  # NotationError
            return entries, exc
    return entries, None


def _line(actor: int, text: str) -> str:
    return f"{'*' if actor == CHANCE else actor} {text}"


def entry_parser(rules: AnyRules, table: AnyTable) -> Callable[[int, str], Any]:
    """The entry of an actor and a notation line in ``table``'s game (``ReadsEntriesOf``: as
    that table reads them). Lines repeat ("income"), so each distinct line is parsed once (a
    line that does not parse raises each time)."""
    return cache(entry_reader(rules, table))


def entry_reader(rules: AnyRules, table: AnyTable) -> Callable[[int, str], Any]:
    """``rules.entry_from_line``, or as ``table`` reads its entries (``ReadsEntriesOf``)."""
    own = log_hooks(rules).entries
    return rules.entry_from_line if own is None else own.entry_reader(table)


class _DealerMismatch(ValueError):
    pass


def _fail(
    result: TableReplay, index: int | None, exc: Exception, line: str | None = None
) -> TableReplay:
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

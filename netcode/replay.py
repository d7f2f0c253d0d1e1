"""Replaying a log: every entry re-applied, every digest checked, the seed checked once revealed."""

from __future__ import annotations

from dataclasses import dataclass, field

import data
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
from engine.notation import Notation
from netcode.logfile import GameLog, check_commitment


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


def replay(log: GameLog, *, stop_at: int | None = None, verify_seed: bool = True) -> ReplayResult:
    """Re-apply the log's entries (up to ``stop_at``), checking each recorded digest and, once
    the seed is revealed (and ``verify_seed``), its commitment and every chance entry."""
    header = log.header
    game = Game(header.options)
    notation = Notation(game.board)
    result = ReplayResult(True, game, 0)
    if header.data_hash != data.data_hash():
        result.warnings.append("the log was made with other board data")
    if header.rules != RULES_VERSION:
        result.warnings.append(f"the log was made with rules {header.rules}, not {RULES_VERSION}")
    dealer = None
    if log.seed is not None and verify_seed:
        result.commitment_ok = check_commitment(log)
        if not result.commitment_ok:
            return _fail(
                result, None, ValueError("the revealed seed does not match its commitment")
            )
        dealer = Dealer(log.seed, game.board, header.options.players)
    records = log.records if stop_at is None else log.records[:stop_at]
    parsed: dict[tuple[int, str], Entry] = {}  # lines repeat ("income"): parse each once
    for rec in records:
        try:
            key = (rec.actor, rec.text)
            entry = parsed.get(key) or parsed.setdefault(key, _parse(notation, rec.actor, rec.text))
            if dealer is not None and entry.actor == CHANCE:
                _check_chance(dealer, game, entry, notation)
            game.push(entry, rec.digest)
        except (NotationError, IllegalAction, DesyncError, _DealerMismatch) as exc:
            who = "*" if rec.actor == CHANCE else rec.actor
            return _fail(result, rec.index, exc, f"{who} {rec.text}")
        result.entries += 1
    return result


def _parse(notation: Notation, actor: int, text: str) -> Entry:
    return Entry(actor, notation.parse_action(text))


class _DealerMismatch(ValueError):
    pass


def _check_chance(dealer: Dealer, game: Game, entry: Entry, notation: Notation) -> None:
    expected = dealer.next_entry(game.state)
    if isinstance(entry.action, Deal) and entry.action.cards is None:
        # a seat's own copy of the log: other hands are known only by their commitments
        assert isinstance(expected.action, Deal)
        if expected.action.commitment == entry.action.commitment:
            return
    if expected != entry:
        raise _DealerMismatch(
            f"the seed deals {notation.format_action(expected.action)!r}, "
            f"the log says {notation.format_action(entry.action)!r}"
        )


def _fail(
    result: ReplayResult, index: int | None, exc: Exception, line: str | None = None
) -> ReplayResult:
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

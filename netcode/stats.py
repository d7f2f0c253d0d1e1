"""Summaries over many game logs: ``jetset stats DIR``, of any game (a draw, where every seat
ties, counts as a draw and as no seat's win). The figures are the finished games'; a game not
over is counted (``unfinished``) and left out of them, as it has no winner yet."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import IllegalAction
from engine.games import DEFAULT, WHERE
from engine.platform import log_hooks
from netcode.logfile import GameLog, LogFormatError, read_log
from netcode.replay import replay, unverified_end
from netcode.seatkind import SeatKind


@dataclass
class GameSummary:
    path: str
    players: int
    kinds: list[str]
    scores: list[int]
    winners: list[int]
    turns: int
    entries: int
    end: str
    claimed: list[str]
    draw: bool = False
    """Every seat tied (a Jet Lag draw; in Jet Set, every seat tied on points and cash)."""
    game: str = DEFAULT
    """The game the log holds (engine/games.py: ``jetset``, ``jetlag``)."""
    over: bool = True
    """The game is finished (else its scores and length are so far, and no seat has won)."""
    moves: int = 0
    """The players' decisions (the log's entries less the dealer's)."""
    first: int = 0
    """The seat that played first (its first decision is the log's): Jet Set's seat 0, Jet
    Lag's the seat its setup names."""

    def place(self, seat: int) -> int:
        """``seat``'s place in the order of play: 0 for the first to play."""
        return (seat - self.first) % self.players

    def won(self, seat: int) -> bool:
        """Whether ``seat`` won (alone or shared; not in a draw)."""
        return seat in self.winners and not self.draw


@dataclass(frozen=True)
class Skipped:
    """A file not counted, and why (``--json``: ``{"file", "reason"}``)."""

    file: str
    reason: str

    def __str__(self) -> str:
        return f"{self.file}: {self.reason}"


@dataclass
class Stats:
    games: list[GameSummary] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)

    def finished(self) -> Stats:
        """These games' finished ones, whose figures the summary gives."""
        return Stats([g for g in self.games if g.over], self.skipped)

    def unfinished(self) -> int:
        return sum(not g.over for g in self.games)

    def win_rate_by_place(self) -> dict[int, float]:
        """Place in the order of play (0: the first to play) → the share of its games won (a
        play test's Jet Lag figures were by seat number, whoever started)."""
        places: Counter[int] = Counter()
        wins: Counter[int] = Counter()
        for g in self.games:
            for seat in range(g.players):
                places[g.place(seat)] += 1
                wins[g.place(seat)] += g.won(seat)
        return {p: wins[p] / places[p] for p in sorted(places)}

    def by_kind(self) -> dict[str, tuple[int, float, float]]:
        """Kind → (seats played, win rate, average score)."""
        played: Counter[str] = Counter()
        wins: Counter[str] = Counter()
        points: Counter[str] = Counter()
        for g in self.games:
            for seat, kind in enumerate(g.kinds):
                played[kind] += 1
                wins[kind] += g.won(seat)
                points[kind] += g.scores[seat]
        return {k: (played[k], wins[k] / played[k], points[k] / played[k]) for k in sorted(played)}

    def draws(self) -> int:
        return sum(g.draw for g in self.games)

    def average(self, attr: str) -> float:
        if not self.games:
            return 0.0
        return sum(float(getattr(g, attr)) for g in self.games) / len(self.games)

    def average_score(self) -> float:
        scores = [s for g in self.games for s in g.scores]
        return sum(scores) / len(scores) if scores else 0.0

    def most_claimed(self, top: int = 10) -> list[tuple[str, int]]:
        counts = Counter(card for g in self.games for card in g.claimed)
        return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:top]

    def by_game(self) -> dict[str, Stats]:
        """The games of each game (Jet Set's, Jet Lag's), in ``WHERE``'s order: one game's
        figures never mix with another's."""
        return {
            name: Stats([g for g in self.games if g.game == name])
            for name in WHERE
            if any(g.game == name for g in self.games)
        }

    def end_reasons(self) -> list[tuple[str, int]]:
        """How the games ended, most often first (the games with an end reason: Jet Set's)."""
        counts = Counter(g.end for g in self.games if g.end)
        return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


class NotCounted(ValueError):
    """A log that does not verify: its games are not counted (the reason says which entry)."""


def summarise_log(path: Path, log: GameLog) -> GameSummary:
    """Replay a log through its game's ``GameRules`` as ``replay --verify`` does (every rule,
    every digest, the revealed seed against its commitment and every card it dealt; NotCounted
    if any fails: a tampered log is not counted): points, winners, draws, and what the game
    counts beyond them (``SummarisesGames``: Jet Set's turns, end and cards claimed), else its
    length in decisions."""
    rules = log.header.rules_of_game
    replayed = replay(log)
    if not replayed.ok:
        raise NotCounted(replayed.error or "the log does not replay")
    if log.cut_short:  # what a reader drops at its end may be the seed, or the last moves
        raise NotCounted(f"the file ends with {log.cut_short} bytes that are no whole record")
    if (unverified := unverified_end(log, replayed)) is not None:
        raise NotCounted(unverified)
    table = replayed.table
    decisions = sum(actor >= 0 for _, actor, _, _ in log.records)
    own = log_hooks(rules).summaries
    counts: Mapping[str, Any] = own.stats_of(table) if own is not None else {"turns": decisions}
    result = table.result()
    over = table.over
    return GameSummary(
        path=str(path),
        players=len(result.points),
        kinds=[counted_kind(s.kind) for s in log.header.seats],
        scores=list(result.points),
        winners=list(result.winners) if over else [],
        turns=counts["turns"],
        entries=len(log.records),
        moves=decisions,
        first=counts["first"] if "first" in counts else first_actor(log),
        end=counts.get("end", ""),
        claimed=list(counts.get("claimed", [])),
        draw=over and result.draw,
        game=log.header.game,
        over=over,
    )


def counted_kind(kind: SeatKind) -> str:
    """A seat's kind as ``by_kind`` counts it: the log's (``bot:greedy``), but a bot file's path
    normalised (``os.path.normpath``, written with ``/``), as the log keeps it as typed:
    ``bot:./bots/x.py:MyBot`` and ``bot:bots/x.py:MyBot`` are one bot."""
    where, _, name = (kind.bot or "").rpartition(":")
    if not where.endswith(".py"):  # a person, a built-in bot, or a module's (``pkg.mod:Bot``)
        return str(kind)
    return str(SeatKind(f"{Path(os.path.normpath(where)).as_posix()}:{name}"))


def first_actor(log: GameLog) -> int:
    """The seat of the log's first decision: the first to play, in a game that says no other
    (Jet Lag's, whose setup names it; Jet Set says seat 0: its Hubs are placed last seat first)."""
    return next((actor for _, actor, _, _ in log.records if actor >= 0), 0)


def summarise_file(path: Path) -> GameSummary | Skipped:
    """A log's summary, or why it was skipped."""
    try:
        return summarise_log(path, read_log(path))
    except OSError as exc:  # "is a directory", not "[Errno 21] Is a directory: 'x/y'"
        return Skipped(path.name, (exc.strerror or str(exc)).lower())
    except (LogFormatError, IllegalAction, ValueError) as exc:  # NotationError too
        return Skipped(path.name, str(exc))


PARALLEL_FROM = 64
"""Directories with at least this many logs are read by a pool of processes, one per core."""


def collect(directory: str | Path) -> Stats:
    paths = sorted(Path(directory).glob("*.jetset"))
    workers = os.cpu_count() or 1
    if len(paths) >= PARALLEL_FROM and workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(summarise_file, paths, chunksize=32))
    else:
        results = [summarise_file(path) for path in paths]
    stats = Stats()
    for result in results:
        if isinstance(result, Skipped):
            stats.skipped.append(result)
        else:
            stats.games.append(result)
    return stats


def bar(fraction: float, width: int = 30) -> str:
    """A horizontal bar in eighths of a character cell."""
    eighths = round(max(0.0, min(1.0, fraction)) * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + ("" if not part else " ▏▎▍▌▋▊▉"[part])


def kind_label(kind: str, words: Callable[[str], str] = str) -> str:
    """A seat kind as the table shows it: ``bot:greedy``, or a bot of your own by its name
    (``words``: a bot's label as the reader calls it, ``search`` for Jet Set's ``mcts``)."""
    seat = SeatKind.parse(kind)
    return f"bot:{words(seat.label)}" if seat.is_bot else kind

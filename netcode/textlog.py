"""The text form of a game, in the style of chess PGN: tag pairs, then one entry a line.

```
[Event "Jet Set"]
[Players "4"]
[Seat0 "Ann"] [Seat0Kind "human"] ...
[Result "12-7-3-0"]

     * setup S1-18 S1-10 ... / L5-13 ...
   1. 0 buy AMS-HAM 2
   2. 1 buy ATH-ROM 3
```

``export_text`` writes it; ``import_text`` reads it back into a ``GameLog`` whose digests come from
replaying the entries, so an imported game replays to the same digests as the original.
Documented in docs/log-format.md ("Text export").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine import CHANCE, Game, IllegalAction, NotationError, Options
from engine.dealer import is_contribution
from engine.notation import Notation
from netcode.logfile import READABLE_VERSIONS, VERSION, GameLog, Header, LogRecord, Seat

TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
ENTRY = re.compile(r"^\s*(?:(\d+)\.)?\s*(\*|\d+)\s+(.+?)\s*$")
OPTION_TAGS = ("extra_cards", "distant_lands", "hubs", "business_cards", "investors")


class TextLogError(ValueError):
    """A text game that cannot be read: the message names the line."""


@dataclass
class TextGame:
    tags: dict[str, str]
    lines: list[str]


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def export_text(log: GameLog, game: Game) -> str:
    """The game as PGN-style text. ``game`` is the replayed log (for turn numbers and result)."""
    h = log.header
    tags: list[tuple[str, str]] = [
        ("Event", str(h.meta.get("event", "Jet Set"))),
        ("Date", str(h.meta.get("date", "????.??.??"))),
        ("Players", str(h.options.players)),
    ]
    for i, seat in enumerate(h.seats):
        tags += [(f"Seat{i}", seat.name), (f"Seat{i}Kind", seat.kind)]
    options = [k for k in OPTION_TAGS if getattr(h.options, k)]
    tags += [
        ("Options", " ".join(options) or "base"),
        ("Rules", h.rules),
        ("Format", str(h.version)),
        ("Data", h.data_hash),
        ("Commitment", h.commitment),
    ]
    contributions = h.seat_contributions()
    if any(c is not None for c in contributions):
        tags.append(("Contributions", " ".join(c or "-" for c in contributions)))
    if log.seed is not None:
        tags.append(("Seed", log.seed))
    if game.over:
        tags.append(("Result", "-".join(str(s.total) for s in game.scores())))
        tags.append(("Winners", " ".join(str(w) for w in game.winners())))
        tags.append(("End", game.state.end_reason or ""))
    tags.append(("Digest", game.digest()))
    out = [f'[{name} "{_quote(value)}"]' for name, value in tags]
    out.append("")
    notation = Notation(game.board)
    for entry, turn in zip(game.entries, game.turns, strict=True):
        number = f"{turn:>4}." if entry.actor != CHANCE and turn else "     "
        out.append(f"{number} {notation.format_entry(entry)}")
    return "\n".join(out) + "\n"


def parse_text(text: str) -> TextGame:
    tags: dict[str, str] = {}
    lines: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith(";"):
            continue
        tag = TAG.match(line)
        if tag:
            if lines:
                raise TextLogError(f"line {number}: a tag after the first entry")
            tags[tag.group(1)] = _unquote(tag.group(2))
            continue
        entry = ENTRY.match(line)
        if not entry:
            raise TextLogError(f"line {number}: not an entry: {line!r}")
        lines.append(f"{entry.group(2)} {entry.group(3)}")
    return TextGame(tags, lines)


def _log_format(tags: dict[str, str]) -> int:
    """The format of the imported log. Its digests are made anew, so only the dealing carries
    over: a game of format 1 or 2 (or a text exported before the [Format] tag, whose seed was
    dealt as format 2 deals) becomes format 2, a game of format 3 stays 3."""
    written = tags.get("Format")
    if written is None:
        return 2
    if written not in tuple(str(v) for v in READABLE_VERSIONS):
        raise TextLogError(f"[Format {written!r}]: this reads log formats 1 to {VERSION}")
    return max(2, int(written))


def _contributions(tags: dict[str, str], players: int) -> list[str | None]:
    """The [Contributions] tag: one value a seat, ``-`` for a seat that added none."""
    words = tags.get("Contributions", "").split()
    if not words:
        return []
    if len(words) != players or not all(w == "-" or is_contribution(w) for w in words):
        raise TextLogError(
            f"[Contributions] needs {players} values, each 32 lower-case hex digits or '-'"
        )
    return [None if w == "-" else w for w in words]


def import_text(text: str) -> GameLog:
    """Read a text game back into a log, checking every entry against the rules."""
    parsed = parse_text(text)
    tags = parsed.tags
    try:
        players = int(tags.get("Players", ""))
    except ValueError:
        raise TextLogError("the [Players] tag is missing or not a number") from None
    chosen = set(tags.get("Options", "base").split())
    options = Options(players=players, **{k: k in chosen for k in OPTION_TAGS})
    seats = [
        Seat(tags.get(f"Seat{i}", f"seat {i}"), tags.get(f"Seat{i}Kind", "human"))
        for i in range(players)
    ]
    header = Header(options, seats, tags.get("Commitment", ""), version=_log_format(tags))
    header.contributions = _contributions(tags, players)
    if "Rules" in tags:
        header.rules = tags["Rules"]
    if "Date" in tags:
        header.meta["date"] = tags["Date"]
    game = Game(options)
    notation = Notation(game.board)
    records: list[LogRecord] = []
    for index, line in enumerate(parsed.lines):
        try:
            entry = notation.parse_entry(line)
            digest = game.push(entry)
        except (NotationError, IllegalAction) as exc:
            raise TextLogError(f"entry {index} ({line!r}): {exc}") from None
        text_action = notation.format_action(entry.action)
        records.append((index, entry.actor, text_action, digest))
    if "Digest" in tags and tags["Digest"] != game.digest():
        raise TextLogError(
            f"the final digest is {game.digest()}, the [Digest] tag says {tags['Digest']}"
        )
    return GameLog(header, records, tags.get("Seed"))

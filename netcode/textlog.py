"""The text form of a game, in the style of chess PGN: tag pairs, then one entry a line.

```
[Event "Jet Set"]
[Players "4"]
[Seat0 "Ann"] [Seat0Kind "human"] ...
[Result "12-7-3-0"]

     * setup S1-18 S1-10 ... / L5-13 ...
   1. 0 buy AMS-HAM 2
     {Ann: good luck}
   2. 1 buy ATH-ROM 3
```

``export_text`` writes it (the table's chat as ``{name: text}`` comments only when asked);
``import_text`` reads it back into a ``GameLog`` whose digests come from replaying the entries, so
an imported game replays to the same digests as the original, and its comments become chat notes.
A game other than Jet Set has its own notation and, unless it has tags and numbering of its own
(``WritesText``, as Jet Set's [Options] and turns), its decisions numbered in order. From
format 7 on, a ``[Game]`` tag names the game. Documented in docs/log-format.md ("Text export").
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field

from engine.errors import IllegalAction
from engine.fairdeal import is_contribution, pledge_for
from engine.games import DEFAULT, TITLES, WHERE, AnyRules, game_rules
from engine.platform import CHANCE, AnyTable, log_hooks
from netcode.logfile import GameLog, LogRecord, Note, check_commitment
from netcode.logheader import (
    DATE_FORMAT,
    GAME_SINCE,
    NOTES_SINCE,
    PLEDGES_SINCE,
    READABLE_VERSIONS,
    SEAT_NOTES_SINCE,
    VERSION,
    Header,
    Seat,
    shown_name,
)
from netcode.replay import entry_reader
from netcode.seatkind import SeatKind
from netcode.seatnames import seats_taken
from netcode.text import unsafe

TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
ENTRY = re.compile(r"^\s*(?:(\d+)\.)?\s*(\*|\d+)\s+(.+?)\s*$")
COMMENT = re.compile(r"^\{((?:[^}\\]|\\.)*)\}$")
SEAT = re.compile(r"\d+")
SEAT_SINCE = re.compile(r"Seat(\d+)Since(\d+)")
"""``[Seat1Since12 "Eve"]``: from the log's 12th entry on (12 entries before it), seat 1 is
played by Eve, who took it when its player gave it away (the log's ``seat`` note)."""


class TextLogError(ValueError):
    """A text game that cannot be read: the message names the line."""


@dataclass
class TextGame:
    tags: dict[str, str]
    lines: list[str]
    comments: list[tuple[int, str]] = field(default_factory=list)
    """Each ``{comment}``: the number of entries before it, and its text."""
    where: list[str] = field(default_factory=list)
    """Each entry's place in the text, as an error names it: ``line 24 (1.)``."""

    def place(self, index: int) -> str:
        """Where entry ``index`` is in the text (its line, and its number there if any)."""
        return self.where[index] if index < len(self.where) else f"entry {index + 1}"


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def _comment(text: str) -> str:
    """``{text}`` on one line, its ``\\`` and ``}`` escaped."""
    text = " ".join(text.split())
    return "{" + text.replace("\\", "\\\\").replace("}", "\\}") + "}"


WATCHING = " (watching)"
"""Marks a spectator's name in a chat comment, so that reading it back never gives the line to
a seat of that name."""


def chat_comments(log: GameLog) -> dict[int, list[str]]:
    """The log's chat notes as ``{name: text}`` comments (``{name (watching): text}`` for a
    spectator's), by the number of entries before them."""
    comments: dict[int, list[str]] = {}
    for note in log.notes:
        name, said = note.fields.get("name"), note.fields.get("text")
        if note.kind == "chat" and isinstance(name, str) and isinstance(said, str):
            who = name if isinstance(note.fields.get("seat"), int) else name + WATCHING
            comments.setdefault(note.at, []).append(_comment(f"{who}: {said}"))
    return comments


def pgn_date(date: str | None) -> str:
    """A header's ``YYYY-MM-DD`` as PGN writes a date, ``YYYY.MM.DD``; unknown: ``????.??.??``."""
    return date.replace("-", ".") if date else "????.??.??"


def log_date(tag: str) -> str | None:
    """A [Date] tag back into a header's date; None for an unknown or partial one
    (``????.??.??``); TextLogError for a day no calendar has (``2026.13.45``)."""
    date = tag.replace(".", "-")
    if not DATE_FORMAT.fullmatch(date):
        return None
    try:
        datetime.date.fromisoformat(date)
    except ValueError:
        raise TextLogError(f"[Date {tag!r}]: no such day") from None
    return date


def _header_tags(log: GameLog) -> list[tuple[str, str]]:
    """The tags that come from the header, up to the game's options."""
    h = log.header
    tags: list[tuple[str, str]] = [
        ("Event", str(h.meta.get("event", TITLES[h.game]))),
        ("Date", pgn_date(h.date)),
        ("Players", str(len(h.seats))),
    ]
    for i, seat in enumerate(h.seats):
        tags += [(f"Seat{i}", seat.name), (f"Seat{i}Kind", str(seat.kind))]
    return tags + _seat_taken_tags(log)


def _seat_taken_tags(log: GameLog) -> list[tuple[str, str]]:
    """Each seat given away that someone took (``SEAT_SINCE``), in the log's order: the header
    keeps the first player, and a reader of the text learns who played on (a play test's
    export named the first player throughout)."""
    tags: dict[str, str] = {}
    for at, seat, name in seats_taken(log.notes, len(log.header.seats)):
        tags[f"Seat{seat}Since{at}"] = name  # taken twice at once: the later plays on
    return list(tags.items())


def _deal_tags(log: GameLog) -> list[tuple[str, str]]:
    """The tags of the rules, the format and the deal: from [Rules] to [Seed]."""
    h = log.header
    tags = [
        ("Rules", h.rules),
        ("Format", str(h.version)),
        ("Data", h.data_hash),
        ("Commitment", h.commitment),
    ]
    for name, values in (("Contributions", h.seat_contributions()), ("Pledges", h.seat_pledges())):
        if any(v is not None for v in values):
            tags.append((name, " ".join(v or "-" for v in values)))
    if log.seed is not None:
        tags.append(("Seed", log.seed))
    return tags


def _text(tags: list[tuple[str, str]], lines: list[str]) -> str:
    return "\n".join([*(f'[{name} "{_quote(value)}"]' for name, value in tags), "", *lines]) + "\n"


def _with_chat(log: GameLog, chat: bool, numbered: list[str]) -> list[str]:
    """The entry lines with the chat's comments before the entry that followed each (with
    ``chat``), the rest after the last."""
    comments = chat_comments(log) if chat else {}
    out: list[str] = []
    for index, line in enumerate(numbered):
        out += [f"      {comment}" for comment in comments.pop(index, [])]
        out.append(line)
    for _, rest in sorted(comments.items()):
        out += [f"      {comment}" for comment in rest]
    return out


def export_text(log: GameLog, table: AnyTable, *, chat: bool = False) -> str:
    """The game as PGN-style text. ``table`` is the replayed log (for its result and digest);
    with ``chat``, the table's chat as comments where it was said. A game's own tags and
    numbering (``WritesText``: Jet Set's [Options], [End] and turns) replace the platform's:
    no options, a finished game's points, winners and whether it was a draw, the decisions
    numbered in order and chance entries with ``*``."""
    h = log.header
    rules = h.rules_of_game
    own = log_hooks(rules).text
    tags = _header_tags(log)
    if h.version >= GAME_SINCE:
        tags.append(("Game", h.game))
    tags += [*(own.option_tags(h.options) if own else []), *_deal_tags(log)]
    if table.over:
        tags += own.result_tags(table) if own else _result_tags(table)
    tags.append(("Digest", table.digest()))
    lines = own.entry_lines(table) if own else _entry_lines(rules, table)
    return _text(tags, _with_chat(log, chat, lines))


def _result_tags(table: AnyTable) -> list[tuple[str, str]]:
    result = table.result()
    return [
        ("Result", "-".join(str(p) for p in result.points)),
        ("Winners", " ".join(str(w) for w in result.winners)),
        ("End", "draw" if result.draw else "win"),
    ]


def _entry_lines(rules: AnyRules, table: AnyTable) -> list[str]:
    numbered: list[str] = []
    moves = 0
    for entry in table.entries:
        actor, line = rules.entry_line(entry)
        if actor == CHANCE:
            numbered.append(f"      * {line}")
        else:
            moves += 1
            numbered.append(f"{moves:>4}. {actor} {line}")
    return numbered


def parse_text(text: str) -> TextGame:
    tags: dict[str, str] = {}
    lines: list[str] = []
    where: list[str] = []
    comments: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith(";"):
            continue
        comment = COMMENT.match(line)
        if comment:
            comments.append((len(lines), _unquote(comment.group(1))))
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
        where.append(f"line {number}" + (f" ({entry.group(1)}.)" if entry.group(1) else ""))
    return TextGame(tags, lines, comments, where)


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


def _seat_values(tags: dict[str, str], tag: str, players: int) -> list[str | None]:
    """The [Contributions] or [Pledges] tag: one value a seat, ``-`` for a seat that has none."""
    words = tags.get(tag, "").split()
    if not words:
        return []
    if len(words) != players or not all(w == "-" or is_contribution(w) for w in words):
        raise TextLogError(f"[{tag}] needs {players} values, each 32 lower-case hex digits or '-'")
    return [None if w == "-" else w for w in words]


def _seat_pledges(header: Header, tags: dict[str, str], players: int) -> list[str | None]:
    """The [Pledges] tag, every contribution matching its seat's pledge (format 5 and later)."""
    pledges = _seat_values(tags, "Pledges", players)
    header.pledges = pledges
    held = header.seat_pledges()
    for seat, value in enumerate(header.seat_contributions()):
        if value is not None and held[seat] is not None and pledge_for(value) != held[seat]:
            raise TextLogError(f"[Pledges]: seat {seat}'s contribution does not match its pledge")
        if value is not None and held[seat] is None and header.version >= PLEDGES_SINCE:
            raise TextLogError(f"[Pledges]: seat {seat} has a contribution and no pledge")
    return pledges


def import_text(text: str) -> GameLog:
    """Read a text game back into a log, checking every entry against its game's rules."""
    parsed = parse_text(text)
    tags = parsed.tags
    game = tags.get("Game", DEFAULT)
    if game not in WHERE:
        raise TextLogError(f"[Game {game!r}]: the games are {', '.join(WHERE)}")
    version = _log_format(tags)
    if version < GAME_SINCE and game != DEFAULT:
        raise TextLogError(f"[Format {tags.get('Format')!r}]: a {game} game is format 7 or later")
    header = _header(tags, game_rules(game), version)
    table = header.new_table()
    records = _records(parsed, header.rules_of_game, table)
    _check_digest(tags, table.digest())
    _check_result(tags, header.rules_of_game, table)
    notes = chat_notes(parsed.comments, header.seats) if version >= NOTES_SINCE else []
    if version >= SEAT_NOTES_SINCE:
        notes = sorted([*notes, *seat_notes(tags, len(header.seats), len(records))], key=placed_at)
    log = GameLog(header, records, tags.get("Seed"), notes)
    if check_commitment(log) is False:
        raise TextLogError("the [Seed] tag does not match the [Commitment] tag")
    return log


def _header(tags: dict[str, str], rules: AnyRules, version: int) -> Header:
    """The imported log's header: its seats, options, dealing and rules from the tags."""
    try:
        players = int(tags.get("Players", ""))
    except ValueError:
        raise TextLogError("the [Players] tag is missing or not a number") from None
    try:
        seats = [
            Seat(
                shown_name(tags.get(f"Seat{i}", f"seat {i}")),
                SeatKind.parse(tags.get(f"Seat{i}Kind", "human")),
            )
            for i in range(players)
        ]
    except ValueError as exc:
        raise TextLogError(f"a [SeatN] or [SeatNKind] tag: {exc}") from None
    try:
        options = _options(tags, rules, players)
        commitment = tags.get("Commitment", "")
        header = Header(options, seats, commitment, version=version, game=rules.name)
        header.new_table()  # the game's own word on its options and seats
    except ValueError as exc:
        raise TextLogError(f"the [Players] or [Options] tag: {exc}") from None
    header.contributions = _seat_values(tags, "Contributions", players)
    header.pledges = _seat_pledges(header, tags, players)
    header.rules = tags.get("Rules", header.rules)
    header.date = log_date(tags.get("Date", ""))
    return header


def _options(tags: dict[str, str], rules: AnyRules, players: int) -> object:
    """The options the tags say: a game's own tags (``WritesText``), else its seats alone."""
    own = log_hooks(rules).text
    return {"seats": players} if own is None else own.options_from_tags(tags, players)


def _records(parsed: TextGame, rules: AnyRules, table: AnyTable) -> list[LogRecord]:
    """Each entry line's record, checked against the rules, its digest made anew."""
    read = entry_reader(rules, table)
    records: list[LogRecord] = []
    for index, line in enumerate(parsed.lines):
        head, _, rest = line.partition(" ")
        try:
            if head != "*" and not SEAT.fullmatch(head):
                raise ValueError(f"an entry starts with a seat number or '*', not {head!r}")
            actor = CHANCE if head == "*" else int(head)
            entry = read(actor, rest)
            digest = table.push(entry)
        except (ValueError, IllegalAction) as exc:  # NotationError among them
            raise TextLogError(f"{parsed.place(index)}, {line!r}: {exc}") from None
        records.append((index, actor, rules.entry_line(entry)[1], digest))
    return records


def _check_result(tags: dict[str, str], rules: AnyRules, table: AnyTable) -> None:
    """[Result], [Winners] and [End], where the text has them, say what its entries played
    (they were taken as written: a text could claim any score)."""
    claimed = [tag for tag in ("Result", "Winners", "End") if tag in tags]
    if not table.over:
        if claimed:
            raise TextLogError(f"a [{claimed[0]}] tag, but the entries do not end the game")
        return
    own = log_hooks(rules).text
    played = dict(own.result_tags(table) if own else _result_tags(table))
    for tag in claimed:
        if tags[tag] != played.get(tag):
            raise TextLogError(
                f"the [{tag}] tag says {tags[tag]!r}; the entries end it {played.get(tag)!r}"
            )


def _check_digest(tags: dict[str, str], digest: str) -> None:
    if "Digest" in tags and tags["Digest"] != digest:
        raise TextLogError(f"the final digest is {digest}, the [Digest] tag says {tags['Digest']}")


def placed_at(note: Note) -> int:
    """Where a note stands among the entries (its sort key)."""
    return note.at


def seat_notes(tags: dict[str, str], players: int, entries: int) -> list[Note]:
    """``[SeatNSinceK "name"]`` tags as ``seat`` notes (in the tags' order: the import sorts
    every note by its place); one naming no
    seat of the game, or a place past the last entry, is refused, as is a name no seat may have
    (a control character, or none)."""
    notes: list[Note] = []
    for tag, name in tags.items():
        found = SEAT_SINCE.fullmatch(tag)
        if found is None:
            continue
        seat, since = int(found[1]), int(found[2])
        if seat >= players or since > entries:
            raise TextLogError(f"[{tag}]: no seat {seat}, or no entry {since}, in this game")
        try:
            shown_name(name)
        except ValueError as exc:
            raise TextLogError(f"[{tag}]: {exc}") from None
        if not name.strip():
            raise TextLogError(f"[{tag}] names nobody")
        notes.append(Note(since, "seat", {"seat": seat, "name": name}))
    return notes


def chat_notes(comments: list[tuple[int, str]], seats: list[Seat]) -> list[Note]:
    """``{name: text}`` comments as chat notes (the seat: the first seat of that name, else
    none; ``{name (watching): text}`` is a spectator's, of no seat); a comment without ``: `` is
    not chat and is left out."""
    names = [seat.name for seat in seats]
    notes: list[Note] = []
    for at, comment in comments:
        name, colon, said = comment.partition(": ")
        if not colon:
            continue
        if any(unsafe(c) for c in comment):
            raise TextLogError("a chat comment holds a control character")
        watching = name.endswith(WATCHING)
        name = name.removesuffix(WATCHING)
        seat = names.index(name) if name in names and not watching else None
        notes.append(Note(at, "chat", {"seat": seat, "name": name, "text": said}))
    return notes

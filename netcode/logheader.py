"""A game log's header: its format and versions, its seats, and how a file's header is read.

The header is a log file's first record (docs/log-format.md): ``format``, ``version``, ``game``,
``rules``, ``data``, ``seats``, ``options``, ``commitment``, ``contributions`` (and free-form
``meta``). The records after it are netcode/logfile.py's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import field
from datetime import UTC, datetime
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any, Final

import msgpack

import data
from engine.errors import Reason
from engine.fairdeal import is_contribution, pledge_for
from engine.games import DEFAULT, WHERE, AnyRules, game_rules
from engine.platform import Table, log_hooks
from netcode.logerrors import NO_HEADER, DamagedLog, LogFormatError
from netcode.seatkind import HUMAN, SeatKind
from netcode.text import unsafe

MYPYC = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Compiled by mypyc, which sees ``record`` as ``dataclasses.dataclass`` (engine/values.py)."""
if MYPYC:
    from dataclasses import dataclass as record
else:
    from engine.values import record

FORMAT: Final = "jetset-log"
MARK: Final = msgpack.packb(FORMAT)
"""The header's format as its bytes, near the start of every log (``parse_log`` tells a
damaged log from a file that is none by it)."""
MARK_WITHIN: Final = 64
"""The header's first bytes, where ``MARK`` lies in every log."""


def starts_like_a_log(head: bytes) -> bool:
    """Whether bytes a file starts with are a log's (its header's mark among its first
    ``MARK_WITHIN``), however damaged the rest."""
    return MARK in head[:MARK_WITHIN]


VERSION: Final = 12
"""Version 12 (2026-12-07): a ``seat`` note says who plays a seat its player gave away, from the
entry at which someone took it (docs/log-format.md, notes); the header keeps the seat's first
player. A log of version 11 reads as before: its moves are its header's players' throughout.
Version 11 (2026-12-07): with the Business cards, a game that ends with cards in hand ends
with the dealer's ``bopen``, which opens every end-of-game card still held (Catch up, Planes:
"Play at the end of the game") and lays it down to score (docs/rules-decisions.md, B3). A log of
version 10 reads as before, except that one which ended with cards in hand now stops one entry
short of its end, the game waiting for that opening (continued, the host deals it).
Version 10 (2026-12-07): with the Business cards a player's turn goes on after its action while
they hold a card ("you may play it any time during your turn"; ``done`` ends it), and a turn that
goes on (a hub bonus too) has its rows refilled at the next turn's start, not at once
(docs/rules-decisions.md, B2). A log of an earlier version without the Business cards or the Hubs
reads as before; one with them replays to its first entry this turn model refuses
(``engine.jetset.oldlogs``).
Version 9 (2026-12-04): a Business Deal's offer names no card (``offer SEAT LINK``); once it
is accepted, the offering player discards a card of their choice (``discard CARD``), so a
refused deal shows no card of the offerer's hand (docs/rules-decisions.md, B17). A log of an
earlier version without the Business cards reads as before; one with them stops at its first
offer, whose line this notation no longer reads.
Version 8 (2026-12-02): the state digest reads a Business draw's and an Investor's commitment
from its hex digits instead of hashing it again (docs/log-format.md, "State digest"); a log of
an earlier version without those modules has the same digests, and one with them is refused at
its first digest that differs (``engine.jetset.oldlogs``).
Version 7 (2026-12-02): the header names its game (``game``: ``jetset``, ``jetlag``), whose
``options`` it holds and whose notation codes its entries; everything else as version 6 (a log
of an earlier version is a Jet Set log).
Version 6 (2026-12-02): the header's ``data`` hashes every data file the game reads
(``data.DATA_FILES``: the board, the Business cards, the hubs, the Investors), not the board
alone; everything else as version 5 (a version-5 log is read and continued, its ``data``
checked against the board file's hash, ``data.board_hash``).
Version 5 (2026-12-01): the header holds the day the game began (``date``, UTC,
``YYYY-MM-DD``) and the peers' pledges (``pledges``), each seat's contribution matching its
pledge; the expansion's modules (their options, among them ``investors_face_up``, and their
entries) came with it; everything else as version 4 (a version-4 log reads as one with no date,
no pledges and no module).
Version 4 (2026-12-01): note records (chat, stand-in bots) between the entries, and the peers'
contributions to the deal in the header (a header without them: none); everything else as
version 3, so a version-3 log reads as one without notes. Version 3
(2026-11-30): the dealer draws from SHAKE-256 (``engine/dealstream.py``). Version 2
(2026-11-30): the digest is the state's 128-bit hash in hex. Logs of versions 1 and 2 dealt with
xoshiro256**; they are still read, replayed and verified against their seeds, and a version-2
game is still continued, with its own dealer. Version 1 logs (the hash through BLAKE2b) are not."""
READABLE_VERSIONS: Final = tuple(range(1, VERSION + 1))
CONTINUABLE_VERSIONS: Final = tuple(range(2, VERSION + 1))
"""Every version from 2 (from 1 it is watched, not continued) up to this one, which a new number
joins by itself."""
GAME_SINCE: Final = 7
"""The first format whose header names its game (before it, every log is Jet Set's)."""
DATA_FILES_SINCE: Final = 6
"""The first format whose ``data`` hashes every data file, not the board file alone."""
NOTES_SINCE: Final = 4
SEAT_NOTES_SINCE: Final = 12
"""The first format with ``seat`` notes: a game continued in an older format writes none."""
"""The first format with note records: a game continued in an older format writes none."""
CONTRIBUTIONS_SINCE: Final = 4
"""The first format whose deal mixes in the peers' contributions
(``engine.fairdeal.deal_seed``)."""
PLEDGES_SINCE: Final = 5
"""The first format whose header holds each seat's pledge, which its contribution must match."""
DATE_SINCE: Final = 5
"""The first format whose header holds the day the game began."""
DATE_FORMAT: Final = re.compile(r"\d{4}-\d{2}-\d{2}")


def today() -> str:
    """Today's date in UTC, as a header holds it: metadata, never part of the game's state."""
    return datetime.now(UTC).strftime("%Y-%m-%d")


@record
class Seat:
    name: str
    kind: SeatKind = HUMAN  # written "human" or "bot:<kind>"

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "kind": str(self.kind)}


GameOptions = Any
"""A header's options, as its game's table takes them: plain data (``{"seats": 2}`` for Jet
Lag), or an object of the game's own (Jet Set's ``Options``: ``OptionsOfItsOwn``)."""


@record
class Header:
    options: GameOptions
    seats: list[Seat]
    commitment: str
    rules: str = ""
    """The rules version of the engine that made the game (its game's ``rules_version``
    when not given)."""
    data_hash: str = ""
    """The data the game was made with (``expected_data_hash`` of its version when not given)."""
    meta: dict[str, Any] = field(default_factory=dict)
    version: int = VERSION
    contributions: list[str | None] = field(default_factory=list)
    """Each seat's random value mixed into the deal, in seat order (None: the seat added
    nothing; an empty list: no seat did)."""
    pledges: list[str | None] = field(default_factory=list)
    """Each seat's pledge to its value (``engine.fairdeal.pledge_for``), as the host announced
    them before anyone revealed a value (None: the seat pledged nothing). A seat that pledged and
    has no contribution did not reveal its value in time and was dealt without it."""
    date: str | None = field(default_factory=today)
    """The day the game began, ``YYYY-MM-DD`` in UTC (None: not known, before format 5)."""
    game: str = DEFAULT
    """The game's name (engine/games.py): ``jetset`` for every log before format 7."""

    def __post_init__(self) -> None:
        if not self.data_hash:
            self.data_hash = expected_data_hash(self.version)
        if self.game not in WHERE or (self.game != DEFAULT and self.version < GAME_SINCE):
            raise ValueError(f"a format {self.version} log cannot hold a game of {self.game!r}")
        if not self.rules:
            self.rules = self.rules_of_game.rules_version

    @property
    def rules_of_game(self) -> AnyRules:
        """The ``GameRules`` of the header's game."""
        return game_rules(self.game)

    @property
    def option_data(self) -> dict[str, Any]:
        """The options as plain data (as the file holds them, as ``new_table`` takes them)."""
        options, own = self.options, log_hooks(self.rules_of_game).options
        if own is not None and not isinstance(options, Mapping):
            return own.options_to_data(options)
        return dict(options)

    def new_table(self) -> Table[Any, Any, Any]:
        """A fresh table of the header's game with its options."""
        rules = self.rules_of_game
        own = log_hooks(rules).options
        if own is not None and not isinstance(self.options, Mapping):
            return own.table_for(self.options)
        return rules.new_table(self.option_data)

    def seat_contributions(self) -> list[str | None]:
        """One contribution (or None) per seat; none at all before format 4."""
        if self.version < CONTRIBUTIONS_SINCE:
            return [None] * len(self.seats)
        return (self.contributions + [None] * len(self.seats))[: len(self.seats)]

    def seat_pledges(self) -> list[str | None]:
        """One pledge (or None) per seat; none at all before format 5."""
        if self.version < PLEDGES_SINCE:
            return [None] * len(self.seats)
        return (self.pledges + [None] * len(self.seats))[: len(self.seats)]

    def to_dict(self) -> dict[str, Any]:
        out = {
            "t": "header",
            "format": FORMAT,
            "version": self.version,
            "rules": self.rules,
            "data": self.data_hash,
            "seats": [s.to_dict() for s in self.seats],
            "options": self.option_data,
            "commitment": self.commitment,
            "meta": self.meta,
        }
        if self.version >= CONTRIBUTIONS_SINCE:
            out["contributions"] = self.seat_contributions()
        if self.version >= PLEDGES_SINCE:
            out["pledges"] = self.seat_pledges()
        if self.version >= DATE_SINCE:
            out["date"] = self.date
        if self.version >= GAME_SINCE:
            out["game"] = self.game
        return out

    @classmethod
    def from_dict(cls, raw: Any) -> Header:
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise LogFormatError(NO_HEADER)
        version = raw.get("version")
        if version not in READABLE_VERSIONS:
            newer = Reason(
                "log format version {version}; this reads 1 to {last}",
                version=repr(version)[:20],
                last=VERSION,
            )
            raise LogFormatError(newer)
        game = raw.get("game")
        if version >= GAME_SINCE and isinstance(game, str) and game not in WHERE:
            other = Reason(  # not damage: a game another version of jetset plays
                "a log of the game {game}; this version plays {known}",
                game=repr(game)[:40],
                known=", ".join(WHERE),
            )
            raise LogFormatError(other)
        try:
            seats = [
                Seat(shown_name(str(s["name"])), SeatKind.parse(str(s.get("kind", "human"))))
                for s in raw["seats"]
            ]
            game = _game(raw, version)
            return cls(
                options=_options(game, dict(raw["options"]), len(seats)),
                seats=seats,
                commitment=str(raw["commitment"]),
                rules=str(raw["rules"]),
                data_hash=str(raw["data"]),
                meta=shown_meta(dict(raw.get("meta") or {})),
                version=int(version),
                contributions=_contributions(raw, version, len(seats)),
                pledges=_pledges(raw, version, len(seats)),
                date=_date(raw, version),
                game=game,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise DamagedLog(f"bad header: {header_problem(exc)}", None) from None


def header_problem(exc: Exception) -> str:
    """What is wrong with a header, in a few words (never Python's ``KeyError('rules')``)."""
    if isinstance(exc, KeyError):
        return f"it has no {str(exc.args[0])[:40]!r}" if exc.args else "a field is missing"
    if isinstance(exc, TypeError):
        return "a field of the wrong kind"
    return f"{exc!s:.120}"


def shown_meta(meta: dict[str, Any]) -> dict[str, Any]:
    """A header's ``meta`` read from a file (its event's name is exported and shown): one whose
    text holds a control, escape or bidi character is a damaged header, as for ``shown_name``."""
    for value in meta.values():
        if isinstance(value, str):
            shown_name(value)
    return meta


def shown_name(name: str) -> str:
    """A seat's name read from a file, which every screen will show: a name holding a control,
    escape or bidirectional character (which a terminal would act on) is a damaged header, as
    a host never writes one (netcode/names.py)."""
    if any(unsafe(char) for char in name):
        raise ValueError("a seat's name or the game's text holds a control character")
    return name


def expected_data_hash(version: int) -> str:
    """The ``data`` a log of ``version`` made with this install's data holds: every data file's
    hash from format 6 on, the board file's before."""
    return data.data_hash() if version >= DATA_FILES_SINCE else data.board_hash()


def _game(raw: dict[Any, Any], version: int) -> str:
    """The header's game: ``jetset`` before format 7, else one of engine/games.py's names."""
    if version < GAME_SINCE:
        return DEFAULT
    game = raw.get("game")
    if game not in WHERE:
        known = ", ".join(WHERE)
        raise ValueError(f"a log of the game {game!r:.40}; this reads {known}")
    return str(game)


def _options(game: str, raw: dict[str, Any], seats: int) -> GameOptions:
    """The header's options: its game's own object (``OptionsOfItsOwn``), or the plain data
    its table accepts."""
    rules = game_rules(game)
    own = log_hooks(rules).options
    if own is not None:
        return own.options_from_data(raw)
    rules.new_table(raw)  # ValueError naming what the game does not take
    if raw.get("seats", seats) != seats:
        raise ValueError(f"the options say {raw.get('seats')!r:.10} seats, the header {seats}")
    return raw


def _date(raw: dict[Any, Any], version: int) -> str | None:
    """The header's date: ``YYYY-MM-DD`` or none (before format 5, or not known)."""
    date = raw.get("date") if version >= DATE_SINCE else None
    if date is not None and (type(date) is not str or not DATE_FORMAT.fullmatch(date)):
        raise ValueError(f"the date {date!r:.40} is not YYYY-MM-DD")
    return date


def _contributions(raw: dict[Any, Any], version: int, seats: int) -> list[str | None]:
    """The header's contributions: one per seat, each None or 32 lower-case hex digits."""
    values = raw.get("contributions") if version >= CONTRIBUTIONS_SINCE else None
    if values is None:
        return [None] * seats
    if not isinstance(values, list) or len(values) != seats:
        raise ValueError(f"'contributions' is not a list of {seats} values")
    if not all(v is None or is_contribution(v) for v in values):
        raise ValueError("a contribution is not 32 lower-case hex digits")
    return list(values)


def _pledges(raw: dict[Any, Any], version: int, seats: int) -> list[str | None]:
    """The header's pledges: one per seat, each None or 32 lower-case hex digits, and every
    contribution the header holds matches its seat's pledge."""
    if version < PLEDGES_SINCE:
        return [None] * seats
    values = raw.get("pledges")
    if values is None:
        values = [None] * seats
    if not isinstance(values, list) or len(values) != seats:
        raise ValueError(f"'pledges' is not a list of {seats} values")
    if not all(v is None or is_contribution(v) for v in values):
        raise ValueError("a pledge is not 32 lower-case hex digits")
    for seat, value in enumerate(_contributions(raw, version, seats)):
        if value is not None and pledge_for(value) != values[seat]:
            raise ValueError(f"seat {seat}'s contribution does not match its pledge")
    return list(values)

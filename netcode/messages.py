"""Every message of the Jet Set protocol, version 4, defined once (docs/protocol.md).

A message is a frozen dataclass deriving from ``ProtocolMessage`` with its wire type ``t`` and
its side: what a peer sends, or what the host sends. Its fields are its wire keys, and a
``spec(...)`` field gives its limits; netcode/wire.py turns any message into the map msgpack
carries and back (``to_wire``, ``from_wire``), checking every field, and this module names its
parts again so that the protocol's users need only ``netcode.messages``. A new message is a new
class here (or in any module: the registry is keyed by side and type).
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import Any, Final

from engine.errors import Reason
from engine.fairdeal import CONTRIBUTION_HEX, is_contribution
from netcode.chattext import said_line
from netcode.seatnames import MAX_RENAMED
from netcode.wire import (
    E_MALFORMED,
    E_UNKNOWN,
    Limits,
    ProtocolError,
    ProtocolMessage,
    Side,
    Wire,
    from_wire,
    message_types,
    spec,
    to_wire,
    wire_fields,
)

__all__ = [
    "E_MALFORMED",
    "E_UNKNOWN",
    "Limits",
    "ProtocolError",
    "ProtocolMessage",
    "Side",
    "Wire",
    "from_wire",
    "message_types",
    "spec",
    "to_wire",
    "wire_fields",
]
"""The names of netcode/wire.py that the protocol's users take from here."""

APP = "jetset"
PROTOCOL = 5
MAX_NAME = 32
MAX_CHAT = 500
TAKEN_OVER = "your seat was taken over by a new connection"
"""The ``bye`` reason of a connection whose seat another connection took (with its token): an
SSH session that gets it goes back to its lobby."""
MAX_ACTION = 400
MAX_TOKEN = 64
MAX_CLIENT = 64
MAX_SEATS = 16
MAX_GAME_ID = 16
"""A game's id in an SSH server's lobby."""
MAX_KIND = 200
MAX_PASSWORD = 128


# error codes (docs/protocol.md, "Errors")
E_VERSION = "version"
# E_MALFORMED and E_UNKNOWN, which the wire's own checks give, come from netcode/wire.py
E_TOO_LARGE = "too-large"
E_ORDER = "order"
E_PASSWORD = "password"
E_FULL = "full"
E_TOKEN = "token"
E_NOT_STARTED = "not-started"
E_OVER = "over"
E_SPECTATOR = "spectator"
E_SEAT = "seat"
E_TURN = "turn"
E_STALE = "stale"
E_NOTATION = "notation"
E_ILLEGAL = "illegal"
E_FLOOD = "flood"
E_IDLE = "idle"
E_SLOW = "slow"
E_BUSY = "busy"
E_ERRORS = "errors"
E_PAUSED = "paused"
E_NO_NEXT = "no-next"


# -- cleaning steps ----------------------------------------------------------------------------


def _one_line(text: str) -> str:
    """Runs of white space made one space; printable, or ValueError."""
    text = " ".join(text.split())
    if not text.isprintable():
        raise ValueError("not printable")
    return text


def _name(text: str) -> str:
    text = _one_line(text)
    if not text:
        raise ValueError("empty")
    return text


def _said(text: str) -> str:
    return said_line(text)


def _app(value: str) -> str:
    if value != APP:
        raise ValueError("not a Jet Set peer")
    return value


def _contribution(value: str) -> str:
    if not is_contribution(value):
        raise ValueError("not a contribution")
    return value


def _name_field() -> Any:
    return spec(max_len=MAX_NAME, clean=_name, why="a name is 1 to 32 printable characters")


def _contribution_field() -> Any:
    why = f"'contribution' is {CONTRIBUTION_HEX} lower-case hex digits (128 bits)"
    return spec(clean=_contribution, why=why)


def _pledge_field() -> Any:
    why = f"'pledge' is {CONTRIBUTION_HEX} lower-case hex digits (128 bits)"
    return spec(None, omit_default=True, clean=_contribution, why=why)


def _pledge_list(values: tuple[str | None, ...]) -> tuple[str | None, ...]:
    if not all(v is None or is_contribution(v) for v in values):
        raise ValueError("not a list of pledges")
    return values


# -- what a peer sends -------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Hello(ProtocolMessage, t="hello", side="peer"):
    """The first message of a connection."""

    app: str = spec(
        clean=_app, code=E_VERSION, why="this is a Jet Set host ('app' must be 'jetset')"
    )
    proto: int
    client: str = spec("", max_len=MAX_CLIENT)
    legal: bool = spec(False, omit_default=True)
    """Send this peer a ``turn`` message, its legal actions, whenever its seat is to move."""


@dataclass(frozen=True, kw_only=True)
class Join(ProtocolMessage, t="join", side="peer"):
    """Take the first open seat."""

    name: str = _name_field()
    password: str | None = spec(None, max_len=MAX_PASSWORD, omit_default=True)
    pledge: str | None = _pledge_field()
    """The peer's pledge to its random value for the deal (``engine.jetset.dealer.pledge_for``), or
    None; the value itself follows in ``contribute`` once the host announces every pledge."""


@dataclass(frozen=True, kw_only=True)
class Reconnect(ProtocolMessage, t="reconnect", side="peer"):
    """Take back the seat of ``token``, holding ``have`` entries."""

    token: str = spec(max_len=MAX_TOKEN)
    have: int = 0
    pledge: str | None = _pledge_field()
    """As in ``join``: counts only for a seat that has none yet, before the game starts."""


@dataclass(frozen=True, kw_only=True)
class Spectate(ProtocolMessage, t="spectate", side="peer"):
    """Watch the game (public entries only)."""

    have: int = 0
    password: str | None = spec(None, max_len=MAX_PASSWORD, omit_default=True)
    name: str | None = spec(
        None, max_len=MAX_NAME, clean=_name, omit_default=True,
        why="a name is 1 to 32 printable characters",
    )  # fmt: skip
    """What the spectator's chat lines are signed with (without it: ``spectator``)."""


@dataclass(frozen=True, kw_only=True)
class ActionRequest(ProtocolMessage, t="action", side="peer"):
    """A decision of ``seat``, in notation, with ``at`` entries held."""

    id: int
    at: int
    seat: int
    text: str = spec(key="x", max_len=MAX_ACTION)


@dataclass(frozen=True, kw_only=True)
class Chat(ProtocolMessage, t="chat", side="peer"):
    """A line said at the table."""

    text: str = spec(max_len=MAX_CHAT, clean=_said, why="chat is 1 to 500 printable characters")


@dataclass(frozen=True, kw_only=True)
class Ping(ProtocolMessage, t="ping", side="peer"):
    n: int = 0


@dataclass(frozen=True, kw_only=True)
class Leave(ProtocolMessage, t="leave", side="peer"):
    """The player leaves; ``give``: their seat goes to whoever joins next (its token changes)."""

    give: bool = spec(False, omit_default=True)


@dataclass(frozen=True, kw_only=True)
class StateRequest(ProtocolMessage, t="state", side="peer"):
    """After a desync: the host's public state after entry ``at``, to say what differs."""

    at: int


@dataclass(frozen=True, kw_only=True)
class NextRequest(ProtocolMessage, t="next", side="peer"):
    """At a finished game's end, from a seat (r): the game that follows it for its seats, the
    one another player opened or a new one like it. The host answers every connection still
    at the table with ``next {game, seat}`` (or this one with an ``error``: it opens none)."""


@dataclass(frozen=True, kw_only=True)
class Contribute(ProtocolMessage, t="contribute", side="peer"):
    """This seat's random value for the deal, sent once the host has announced every pledge."""

    contribution: str = _contribution_field()


ClientMessage = (
    Hello
    | Join
    | Reconnect
    | Spectate
    | ActionRequest
    | Chat
    | Ping
    | Leave
    | StateRequest
    | Contribute
    | NextRequest
)


def hello(client: str) -> Hello:
    """The first message a peer sends."""
    return Hello(app=APP, proto=PROTOCOL, client=client)


def parse_client(raw: Wire) -> ClientMessage:
    """Check one message from a peer; ProtocolError if it is unknown or malformed."""
    return typing.cast(ClientMessage, from_wire(raw, "peer"))


# -- what the host sends -----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class GameInfo:
    """``welcome.game``: the game as it stands."""

    options: dict[str, Any]
    commitment: str
    started: bool = True
    over: bool = False
    entries: int = 0
    data: str = spec("", max_len=64, omit_default=True)
    """The host's ``data.data_hash()``: a peer with other card data does not join."""
    name: str = spec("jetset", max_len=MAX_NAME, omit_default=True)
    """The game played (``engine.games``: ``jetset``, ``jetlag``); absent: Jet Set."""


@dataclass(frozen=True, kw_only=True)
class SeatEntry:
    """One seat in ``seats``: its player's name, its kind (``human``, ``bot:KIND``)."""

    name: str = ""
    kind: str = "human"
    connected: bool = False


@dataclass(frozen=True, kw_only=True)
class SeatRenamed:
    """In ``seats``: from entry ``at`` on, ``seat`` is played by ``name``, who took it when
    ``was`` gave it away (``netcode.seatnames.Renamed``)."""

    at: int
    seat: int
    name: str = spec(max_len=MAX_NAME)
    was: str = spec(max_len=MAX_NAME)


@dataclass(frozen=True)
class SeatPresence:
    """One seat as the host last told it: seconds are counted at the time of sending."""

    connected: bool = False
    """A player (or the seat's own bot) is connected; False for a stand-in."""
    away: float | None = None
    """Seconds since its player dropped (still counted while a stand-in plays)."""
    standin: str | None = spec(None, max_len=MAX_KIND)
    """The bot kind playing for the dropped player."""
    bot_in: float | None = None
    """Seconds until a stand-in bot takes the seat (None: none is due)."""
    clock: float | None = None
    """Seconds left on its turn clock (None: no clock runs for it)."""
    left: bool = spec(False, omit_default=True)
    """Its player said they were leaving (``leave``), rather than losing the connection."""
    open: bool = spec(False, omit_default=True)
    """Its player gave it away: the next to join takes it (``leave {give}``; ``seats`` names
    who plays it now)."""
    hurry: float | None = spec(None, omit_default=True)
    """The hosting player put its player on the clock: the seconds each of their decisions
    gets until they move themselves (None: not on it)."""
    not_back: bool = spec(False, omit_default=True)
    """Its player has not sat since a restart brought the game back: not back yet, rather
    than dropped."""


@dataclass(frozen=True, kw_only=True)
class Welcome(ProtocolMessage, t="welcome"):
    """The host's answer to ``hello``: the game, whether it has a password, its seats."""

    proto: int = PROTOCOL
    game: GameInfo
    password: bool = False
    ping: float
    """How often (seconds) the peer pings."""
    seats: tuple[SeatEntry, ...]


@dataclass(frozen=True, kw_only=True)
class Seated(ProtocolMessage, t="seated"):
    """The seat taken (None: watching), its token, the first entry that follows, and how many
    the host held then (``upto``: the catch-up ends there; what follows is played live)."""

    seat: int | None
    token: str | None
    name: str = ""
    from_: int = spec(key="from")
    upto: int = 0
    away_from: int = spec(0, omit_default=True)
    """A player back in their seat: the first entry played after they dropped (0: not known,
    as after a restart); what came before it was played while they sat."""


@dataclass(frozen=True, kw_only=True)
class Seats(ProtocolMessage, t="seats"):
    seats: tuple[SeatEntry, ...]
    renamed: tuple[SeatRenamed, ...] = spec((), max_len=MAX_RENAMED, omit_default=True)
    """Each seat its player gave away that someone took, from which entry on (a screen names
    the moves before by who played them then: docs/log-format.md, the ``seat`` note)."""


@dataclass(frozen=True, kw_only=True)
class Presence(ProtocolMessage, t="presence"):
    """Every seat's presence; ``turn_time`` 0 is no clock."""

    turn_time: float = 0.0
    seats: tuple[SeatPresence, ...] = spec(max_len=MAX_SEATS)


@dataclass(frozen=True, kw_only=True)
class EntryMessage(ProtocolMessage, t="entry"):
    """Entry ``i`` of the log: actor ``a`` (-1: chance), notation ``x``, digest ``d`` after it;
    ``bot``: a bot made it for the seat's player (a stand-in, or the turn clock's)."""

    i: int
    a: int = spec(lowest=-1)
    x: str
    d: str
    bot: bool = spec(False, omit_default=True)


@dataclass(frozen=True, kw_only=True)
class Turn(ProtocolMessage, t="turn"):
    """To the seat to move (if it asked): its legal actions and its view, after ``i`` entries."""

    i: int
    seat: int
    legal: tuple[str, ...]
    view: dict[str, Any]


@dataclass(frozen=True, kw_only=True)
class Done(ProtocolMessage, t="done"):
    """The action ``ref`` is applied: its first entry is ``i``."""

    ref: int
    i: int


MAX_WHY_PARAMS = 8
"""The most parameters a refusal's ``why`` carries (the engine's use at most four)."""


@dataclass(frozen=True, kw_only=True)
class Why:
    """A rules' refusal as the engine said it (engine/errors.py): the rulebook section, the
    English template and its parameters (all as text; ``words``: those to translate, ``seats``:
    those naming a seat), so a peer
    can say it in its player's language. netcode/refusal.py builds and checks it."""

    rule: str = spec("", max_len=MAX_CHAT)
    template: str = spec("", max_len=MAX_CHAT)
    names: tuple[str, ...] = spec((), max_len=MAX_WHY_PARAMS)
    values: tuple[str, ...] = spec((), max_len=MAX_WHY_PARAMS)
    words: tuple[str, ...] = spec((), max_len=MAX_WHY_PARAMS)
    seats: tuple[str, ...] = spec((), max_len=MAX_WHY_PARAMS, omit_default=True)
    """The parameters that name a seat ("seat 2"), which a peer says by its player's name."""


@dataclass(frozen=True, kw_only=True)
class Error(ProtocolMessage, t="error"):
    code: str = "?"
    message: str = ""
    fatal: bool = False
    ref: int | None = spec(None, omit_default=True)
    why: Why | None = dataclasses.field(
        default=None, metadata={"limits": Limits(omit_default=True)}
    )
    """For ``illegal`` and ``notation``: the refusal's template, to say it in any language."""


@dataclass(frozen=True, kw_only=True)
class ChatLine(ProtocolMessage, t="chat"):
    """A line said at the table by ``seat`` (None: a spectator)."""

    seat: int | None = None
    name: str = ""
    text: str = ""


@dataclass(frozen=True, kw_only=True)
class ChatKept(ProtocolMessage, t="chat-kept"):
    """The table's chat so far (its last lines), after ``seated``: a player back at the
    table, or one who just sat down, reads what was said."""

    lines: tuple[ChatLine, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Pong(ProtocolMessage, t="pong"):
    n: int = 0


@dataclass(frozen=True, kw_only=True)
class Bye(ProtocolMessage, t="bye"):
    """The host closes this connection, for ``reason``; ``paused``: the game goes on later."""

    reason: str = ""
    paused: bool = spec(False, omit_default=True)


@dataclass(frozen=True, kw_only=True)
class StateReply(ProtocolMessage, t="state"):
    """The host's public state after entry ``at``: every slot of the digest."""

    at: int
    slots: tuple[Any, ...]


SAVED_AGAIN: Final = Reason("the host can save the game again; the game continues")


@dataclass(frozen=True, kw_only=True)
class Paused(ProtocolMessage, t="paused"):
    """The host cannot write its log (``reason``: "disk full" …): no action until it can."""

    reason: str = ""
    message: str = ""


@dataclass(frozen=True, kw_only=True)
class Unpaused(ProtocolMessage, t="unpaused"):
    message: str = SAVED_AGAIN


@dataclass(frozen=True, kw_only=True)
class Pledges(ProtocolMessage, t="pledges"):
    """Every seat is taken: each seat's pledge (None: it pledged nothing), fixed from now on.
    A seat that pledged answers with ``contribute``; the cards are dealt when all have, or
    after the host's time for it."""

    pledges: tuple[str | None, ...] = spec(
        max_len=MAX_SEATS, clean=_pledge_list, why="'pledges' is a list of pledges or nil"
    )


@dataclass(frozen=True, kw_only=True)
class NextGame(ProtocolMessage, t="next"):
    """After the end, at a server's table (``jetset ssh-server``): the player in ``seat`` opened
    ``game``, the game that follows this one for its seats, which the lobby's ``next`` request
    seats the others in (netcode/lobbyproto.py)."""

    game: str = spec(max_len=MAX_GAME_ID)
    seat: int = spec(lowest=0)


@dataclass(frozen=True, kw_only=True)
class End(ProtocolMessage, t="end"):
    """The game is over: the seed, the log's header and every entry with its secrets."""

    seed: str
    header: dict[str, Any]
    log: tuple[Any, ...]


HostMessage = (
    Welcome
    | Seated
    | Seats
    | Presence
    | EntryMessage
    | Turn
    | Done
    | Error
    | ChatLine
    | ChatKept
    | Pong
    | Bye
    | StateReply
    | Paused
    | Unpaused
    | Pledges
    | End
    | NextGame
)


def parse_host(raw: Wire) -> HostMessage:
    """Check one message from the host; ProtocolError if it is unknown or malformed."""
    return typing.cast(HostMessage, from_wire(raw, "host"))


CANNOT_SAVE: Final = {
    "disk full": Reason("the host cannot save the game (disk full); the game is paused"),
    "disk quota used up": Reason(
        "the host cannot save the game (disk quota used up); the game is paused"
    ),
    "a disk error": Reason("the host cannot save the game (a disk error); the game is paused"),
    "the disk is read-only": Reason(
        "the host cannot save the game (the disk is read-only); the game is paused"
    ),
    "no permission to write the log": Reason(
        "the host cannot save the game (no permission to write the log); the game is paused"
    ),
    "the log file is too large": Reason(
        "the host cannot save the game (the log file is too large); the game is paused"
    ),
}
"""``paused``'s sentence for each of netcode.tablefiles' ``STORAGE_PROBLEMS``, whole, so that a
peer says it in its player's language (the host's own words are English)."""


def cannot_save_words(reason: str) -> str:
    """What a player is told while the host cannot save the game for ``reason``."""
    said = CANNOT_SAVE.get(reason)
    return said or f"the host cannot save the game ({reason}); the game is paused"


def paused_message(reason: str) -> Paused:
    """``paused`` with its sentence for people."""
    return Paused(reason=reason, message=cannot_save_words(reason))


def _seconds(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def presence_message(seats: list[SeatPresence], turn_time: float) -> Presence:
    """``presence``, every time rounded to a tenth of a second."""
    rounded = tuple(
        dataclasses.replace(
            s, away=_seconds(s.away), bot_in=_seconds(s.bot_in), clock=_seconds(s.clock)
        )
        for s in seats
    )
    return Presence(turn_time=turn_time, seats=rounded)

"""Every message of the Jet Set protocol, version 3, defined once (docs/protocol.md).

A message is a frozen dataclass deriving from ``ProtocolMessage`` with its wire type ``t`` and
its side (what a peer sends, or what the host sends). Its fields are its wire keys (a
``spec(...)`` field says where the key differs, and gives limits: a maximum length, the lowest
whole number, a cleaning step, the error code and sentence). ``to_wire`` and ``from_wire`` are
generic: they read the fields once per class and build or check any message from them, raising
``ProtocolError(code, sentence)`` for a missing, mistyped or too long field. A new message is a
new class here (or in any module: the registry is keyed by side and type).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.fairdeal import CONTRIBUTION_HEX, is_contribution

Wire = dict[str, Any]
"""A message as msgpack carries it: a map with a string ``t``."""

Side = str
"""Who sends a message: in the game protocol ``peer`` (a player, a bot, a spectator) or ``host``;
another protocol over the same machinery (the SSH lobby's) names its own sides, so its types
need not differ from the game's."""

APP = "jetset"
PROTOCOL = 4
MAX_NAME = 32
MAX_CHAT = 500
MAX_ACTION = 400
MAX_TOKEN = 64
MAX_CLIENT = 64
MAX_SEATS = 16
MAX_KIND = 200
MAX_PASSWORD = 128
MAX_SECONDS = 1e7
MAX_INT = 2**31

# error codes (docs/protocol.md, "Errors")
E_VERSION = "version"
E_MALFORMED = "malformed"
E_TOO_LARGE = "too-large"
E_UNKNOWN = "unknown"
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


class ProtocolError(ValueError):
    """A message refused: ``code`` goes back to the peer in an ``error``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# -- the field spec ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Limits:
    """What a field accepts beyond its type."""

    key: str | None = None
    """The wire key, when it is not the field's name (``from``, ``x``)."""
    max_len: int | None = None
    """The most characters of a string, or items of a list."""
    lowest: int = 0
    """The lowest whole number (ints are below 2**31)."""
    clean: Callable[[Any], Any] | None = None
    """Checks and normalises a value once its type is right; raises ValueError to refuse it."""
    why: str | None = None
    """The sentence for any refusal of this field (else one that names the field)."""
    code: str = E_MALFORMED
    """The error code for any refusal of this field."""
    omit_default: bool = False
    """Leave the key out of the wire map when the value is the field's default."""


def spec(
    default: Any = dataclasses.MISSING,
    *,
    key: str | None = None,
    max_len: int | None = None,
    lowest: int = 0,
    clean: Callable[[Any], Any] | None = None,
    why: str | None = None,
    code: str = E_MALFORMED,
    omit_default: bool = False,
) -> Any:
    """A message field with limits (``default``: what a missing key means)."""
    limits = Limits(key, max_len, lowest, clean, why, code, omit_default)
    return dataclasses.field(default=default, metadata={"limits": limits})


class ProtocolMessage:
    """The base of every message: ``T`` is its wire type, ``SIDE`` who sends it."""

    T: ClassVar[str]
    SIDE: ClassVar[Side]

    def __init_subclass__(cls, t: str = "", side: Side = "host", **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if t:
            cls.T, cls.SIDE = t, side
            registry = _REGISTRY.setdefault(side, {})
            if t in registry:
                raise TypeError(f"two {side} messages of type {t!r}")
            registry[t] = cls


_REGISTRY: dict[Side, dict[str, type[ProtocolMessage]]] = {}


def message_types(side: Side) -> dict[str, type[ProtocolMessage]]:
    """Every message ``side`` sends, by wire type (a copy)."""
    return dict(_REGISTRY.get(side, {}))


# -- encoding and decoding ---------------------------------------------------------------------

Check = Callable[[Any, str], Any]
"""Decodes one value (``str`` is the message type, for the sentence) or raises ProtocolError."""


@dataclass(frozen=True)
class _Field:
    name: str
    key: str
    check: Check
    default: Any
    required: bool
    omit_default: bool
    nested: bool
    """Its value holds dataclasses, which ``to_wire`` turns into maps."""


_FIELDS: dict[type, tuple[_Field, ...]] = {}


def wire_fields(cls: type) -> tuple[_Field, ...]:
    """The fields of a message (or of a map inside one), compiled once per class."""
    fields = _FIELDS.get(cls)
    if fields is None:
        hints = typing.get_type_hints(cls)
        out = []
        for f in dataclasses.fields(cls):
            limits = f.metadata.get("limits", Limits())
            key = limits.key or f.name
            check, nested = _checker(hints[f.name], key, limits)
            required = f.default is dataclasses.MISSING
            out.append(_Field(f.name, key, check, f.default, required, limits.omit_default, nested))
        fields = _FIELDS[cls] = tuple(out)
    return fields


def to_wire(msg: ProtocolMessage) -> Wire:
    """The map that goes on the wire for ``msg``."""
    return _to_map(msg, {"t": msg.T})


def _to_map(obj: object, out: Wire) -> Wire:
    for f in _FIELDS.get(type(obj)) or wire_fields(type(obj)):
        value = getattr(obj, f.name)
        if f.omit_default and value == f.default:
            continue
        out[f.key] = _plain(value) if f.nested else value
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if value is None:
        return None
    return _to_map(value, {})


def from_wire(raw: Wire, side: Side) -> ProtocolMessage:
    """The message ``side`` sent as ``raw`` (a map with a string ``t``); ProtocolError
    (``unknown``, or the field's code) if it is not one."""
    kind = raw["t"]
    cls = _REGISTRY.get(side, {}).get(kind)
    if cls is None:
        raise ProtocolError(E_UNKNOWN, f"unknown message type {str(kind)[:20]!r}")
    return _from_map(cls, raw, kind)  # type: ignore[no-any-return]


def _from_map(cls: type, raw: Wire, kind: str) -> Any:
    values = {}
    for f in _FIELDS.get(cls) or wire_fields(cls):
        value = raw.get(f.key)
        if value is None and not f.required:
            values[f.name] = f.default
        else:
            values[f.name] = f.check(value, kind)
    return cls(**values)


def _checker(hint: Any, key: str, limits: Limits) -> tuple[Check, bool]:
    """A decoder for a field of type ``hint`` and whether it holds dataclasses."""
    optional = False
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (types.UnionType, typing.Union) and type(None) in args:
        (hint,) = [a for a in args if a is not type(None)]
        optional = True
    check, nested = _base_checker(hint, key, limits)
    if limits.clean is not None:
        check = _cleaned(check, key, limits)
    if optional:
        inner = check

        def check(value: Any, kind: str) -> Any:
            return None if value is None else inner(value, kind)

    return check, nested


def _refuse(limits: Limits, sentence: str) -> ProtocolError:
    return ProtocolError(limits.code, limits.why or sentence)


def _cleaned(check: Check, key: str, limits: Limits) -> Check:
    clean = limits.clean
    assert clean is not None

    def cleaned(value: Any, kind: str) -> Any:
        try:
            return clean(check(value, kind))
        except ValueError as exc:
            if isinstance(exc, ProtocolError):
                raise
            raise _refuse(limits, f"'{kind}' has an unfit '{key}'") from None

    return cleaned


def _base_checker(hint: Any, key: str, limits: Limits) -> tuple[Check, bool]:
    if hint is Any:
        return (lambda value, kind: value), False
    if hint is str:
        return _str_checker(key, limits), False
    if hint is bool:
        return _bool_checker(key, limits), False
    if hint is int:
        return _int_checker(key, limits), False
    if hint is float:
        return _seconds_checker(key, limits), False
    origin = typing.get_origin(hint)
    if origin is dict:
        return _map_checker(key, limits), False
    if origin is tuple:
        item, nested = _checker(typing.get_args(hint)[0], key, Limits(code=limits.code))
        return _list_checker(item, key, limits), nested
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _nested_checker(hint, key, limits), True
    raise TypeError(f"a message field cannot be of type {hint!r}")


def _str_checker(key: str, limits: Limits) -> Check:
    most = limits.max_len

    def check(value: Any, kind: str) -> str:
        if not isinstance(value, str):
            raise _refuse(limits, f"'{kind}' needs a string '{key}'")
        if most is not None and len(value) > most:
            raise _refuse(limits, f"'{key}' is longer than {most} characters")
        return value

    return check


def _bool_checker(key: str, limits: Limits) -> Check:
    def check(value: Any, kind: str) -> bool:
        if not isinstance(value, bool):
            raise _refuse(limits, f"'{kind}' takes '{key}' as true or false")
        return value

    return check


def _int_checker(key: str, limits: Limits) -> Check:
    lowest = limits.lowest

    def check(value: Any, kind: str) -> int:
        if type(value) is not int or not lowest <= value < MAX_INT:
            raise _refuse(limits, f"'{kind}' needs a whole number '{key}'")
        return value

    return check


def _seconds_checker(key: str, limits: Limits) -> Check:
    def check(value: Any, kind: str) -> float:
        if type(value) not in (int, float) or not 0 <= value < MAX_SECONDS:
            raise _refuse(limits, f"'{kind}': '{key}' is not a number of seconds")
        return float(value)

    return check


def _map_checker(key: str, limits: Limits) -> Check:
    def check(value: Any, kind: str) -> dict[Any, Any]:
        if not isinstance(value, dict):
            raise _refuse(limits, f"'{kind}' needs a map '{key}'")
        return value

    return check


def _list_checker(item: Check, key: str, limits: Limits) -> Check:
    most = limits.max_len

    def check(value: Any, kind: str) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise _refuse(limits, f"'{kind}' needs a list '{key}'")
        if most is not None and len(value) > most:
            raise _refuse(limits, f"'{key}' has more than {most} items")
        return tuple(item(v, kind) for v in value)

    return check


def _nested_checker(cls: type, key: str, limits: Limits) -> Check:
    def check(value: Any, kind: str) -> Any:
        if not isinstance(value, dict):
            raise _refuse(limits, f"'{kind}' needs a map '{key}'")
        return _from_map(cls, value, kind)

    return check


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
    """A chat line: one line, not empty (an empty one would show as a blank line)."""
    return _name(text)


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
    pass


@dataclass(frozen=True, kw_only=True)
class StateRequest(ProtocolMessage, t="state", side="peer"):
    """After a desync: the host's public state after entry ``at``, to say what differs."""

    at: int


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
    """The seat taken (None: watching), its token, and the first entry that follows."""

    seat: int | None
    token: str | None
    name: str = ""
    from_: int = spec(key="from")


@dataclass(frozen=True, kw_only=True)
class Seats(ProtocolMessage, t="seats"):
    seats: tuple[SeatEntry, ...]


@dataclass(frozen=True, kw_only=True)
class Presence(ProtocolMessage, t="presence"):
    """Every seat's presence; ``turn_time`` 0 is no clock."""

    turn_time: float = 0.0
    seats: tuple[SeatPresence, ...] = spec(max_len=MAX_SEATS)


@dataclass(frozen=True, kw_only=True)
class EntryMessage(ProtocolMessage, t="entry"):
    """Entry ``i`` of the log: actor ``a`` (-1: chance), notation ``x``, digest ``d`` after it."""

    i: int
    a: int = spec(lowest=-1)
    x: str
    d: str


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
    English template and its parameters (all as text; ``words``: those to translate), so a peer
    can say it in its player's language. netcode/refusal.py builds and checks it."""

    rule: str = spec("", max_len=MAX_CHAT)
    template: str = spec("", max_len=MAX_CHAT)
    names: tuple[str, ...] = spec((), max_len=MAX_WHY_PARAMS)
    values: tuple[str, ...] = spec((), max_len=MAX_WHY_PARAMS)
    words: tuple[str, ...] = spec((), max_len=MAX_WHY_PARAMS)


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


@dataclass(frozen=True, kw_only=True)
class Paused(ProtocolMessage, t="paused"):
    """The host cannot write its log (``reason``: "disk full" …): no action until it can."""

    reason: str = ""
    message: str = ""


@dataclass(frozen=True, kw_only=True)
class Unpaused(ProtocolMessage, t="unpaused"):
    message: str = "the host can save the game again; the game continues"


@dataclass(frozen=True, kw_only=True)
class Pledges(ProtocolMessage, t="pledges"):
    """Every seat is taken: each seat's pledge (None: it pledged nothing), fixed from now on.
    A seat that pledged answers with ``contribute``; the cards are dealt when all have, or
    after the host's time for it."""

    pledges: tuple[str | None, ...] = spec(
        max_len=MAX_SEATS, clean=_pledge_list, why="'pledges' is a list of pledges or nil"
    )


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
    | Pong
    | Bye
    | StateReply
    | Paused
    | Unpaused
    | Pledges
    | End
)


def parse_host(raw: Wire) -> HostMessage:
    """Check one message from the host; ProtocolError if it is unknown or malformed."""
    return typing.cast(HostMessage, from_wire(raw, "host"))


def paused_message(reason: str) -> Paused:
    """``paused`` with its sentence for people."""
    words = f"the host cannot save the game ({reason}); the game is paused"
    return Paused(reason=reason, message=words)


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

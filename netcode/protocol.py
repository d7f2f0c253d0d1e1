"""The messages of the Jet Set protocol, version 3 (docs/protocol.md).

Each message is a msgpack map with a type ``t``. What a peer sends is checked here, field by
field, into a small frozen value; anything else is a ``ProtocolError`` with a code the host sends
back in an ``error`` message. What the host sends is built by the ``*_message`` functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.dealer import CONTRIBUTION_HEX, is_contribution
from netcode.framing import Message

APP = "jetset"
PROTOCOL = 3
MAX_NAME = 32
MAX_CHAT = 500
MAX_ACTION = 400
MAX_TOKEN = 64
MAX_SEATS = 16
MAX_KIND = 200
MAX_PASSWORD = 128

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
    """A message the host refuses: ``code`` goes back to the peer in an ``error``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Hello:
    proto: int
    client: str
    legal: bool = False
    """Send this peer a ``turn`` message, its legal actions, whenever its seat is to move."""


@dataclass(frozen=True)
class Join:
    name: str
    password: str | None
    contribution: str | None = None
    """The peer's random value for the deal (``engine.dealer.deal_seed``), or None."""


@dataclass(frozen=True)
class Reconnect:
    token: str
    have: int
    contribution: str | None = None
    """As in ``join``: counts only for a seat that has none yet, before the game starts."""


@dataclass(frozen=True)
class Spectate:
    have: int
    password: str | None = None


@dataclass(frozen=True)
class ActionRequest:
    id: int
    at: int
    seat: int
    text: str


@dataclass(frozen=True)
class Chat:
    text: str


@dataclass(frozen=True)
class Ping:
    n: int


@dataclass(frozen=True)
class Leave:
    pass


@dataclass(frozen=True)
class StateRequest:
    """After a desync: the host's public state after entry ``at``, to say what differs."""

    at: int


ClientMessage = (
    Hello | Join | Reconnect | Spectate | ActionRequest | Chat | Ping | Leave | StateRequest
)


def _str(msg: Message, key: str, limit: int, *, optional: bool = False) -> str | None:
    value = msg.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise ProtocolError(E_MALFORMED, f"'{msg['t']}' needs a string '{key}'")
    if len(value) > limit:
        raise ProtocolError(E_MALFORMED, f"'{key}' is longer than {limit} characters")
    return value


def _int(msg: Message, key: str, *, default: int | None = None) -> int:
    value = msg.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31:
        raise ProtocolError(E_MALFORMED, f"'{msg['t']}' needs a whole number '{key}'")
    return value


def _name(msg: Message) -> str:
    name = _str(msg, "name", MAX_NAME)
    assert name is not None
    name = " ".join(name.split())
    if not name or not name.isprintable():
        raise ProtocolError(E_MALFORMED, "a name is 1 to 32 printable characters")
    return name


def _text(msg: Message, key: str, limit: int) -> str:
    text = _str(msg, key, limit)
    assert text is not None
    return text


def _contribution(msg: Message) -> str | None:
    value = msg.get("contribution")
    if value is None or is_contribution(value):
        return value
    raise ProtocolError(
        E_MALFORMED, f"'contribution' is {CONTRIBUTION_HEX} lower-case hex digits (128 bits)"
    )


def parse_client(msg: Message) -> ClientMessage:
    """Check one message from a peer; ProtocolError if it is unknown or malformed."""
    kind = msg["t"]
    if kind == "hello":
        if msg.get("app") != APP:
            raise ProtocolError(E_VERSION, "this is a Jet Set host ('app' must be 'jetset')")
        legal = msg.get("legal", False)
        if not isinstance(legal, bool):
            raise ProtocolError(E_MALFORMED, "'hello' takes 'legal' as true or false")
        return Hello(_int(msg, "proto"), _str(msg, "client", 64, optional=True) or "", legal)
    if kind == "join":
        password = _str(msg, "password", MAX_PASSWORD, optional=True)
        return Join(_name(msg), password, _contribution(msg))
    if kind == "reconnect":
        token = _text(msg, "token", MAX_TOKEN)
        return Reconnect(token, _int(msg, "have", default=0), _contribution(msg))
    if kind == "spectate":
        return Spectate(
            _int(msg, "have", default=0), _str(msg, "password", MAX_PASSWORD, optional=True)
        )
    if kind == "action":
        return ActionRequest(
            _int(msg, "id"), _int(msg, "at"), _int(msg, "seat"), _text(msg, "x", MAX_ACTION)
        )
    if kind == "chat":
        text = " ".join(_text(msg, "text", MAX_CHAT).split())
        if not text.isprintable():
            raise ProtocolError(E_MALFORMED, "chat is printable text")
        return Chat(text)
    if kind == "ping":
        return Ping(_int(msg, "n", default=0))
    if kind == "leave":
        return Leave()
    if kind == "state":
        return StateRequest(_int(msg, "at"))
    raise ProtocolError(E_UNKNOWN, f"unknown message type {kind[:20]!r}")


# -- what the host sends ---------------------------------------------------------------------


def error_message(
    code: str, message: str, *, ref: int | None = None, fatal: bool = False
) -> Message:
    out: Message = {"t": "error", "code": code, "message": message, "fatal": fatal}
    if ref is not None:
        out["ref"] = ref
    return out


def paused_message(reason: str) -> Message:
    """The host cannot write its log (``reason``: "disk full" …): no action until it can."""
    words = f"the host cannot save the game ({reason}); the game is paused"
    return {"t": "paused", "reason": reason, "message": words}


def unpaused_message() -> Message:
    """The host's log takes writes again: the game goes on."""
    return {"t": "unpaused", "message": "the host can save the game again; the game continues"}


def entry_message(index: int, actor: int, text: str, digest: str) -> Message:
    return {"t": "entry", "i": index, "a": actor, "x": text, "d": digest}


@dataclass(frozen=True)
class SeatPresence:
    """One seat as the host last told it: seconds are counted at the time of sending."""

    connected: bool
    """A player (or the seat's own bot) is connected; False for a stand-in."""
    away: float | None = None
    """Seconds since its player dropped (still counted while a stand-in plays)."""
    standin: str | None = None
    """The bot kind playing for the dropped player."""
    bot_in: float | None = None
    """Seconds until a stand-in bot takes the seat (None: none is due)."""
    clock: float | None = None
    """Seconds left on its turn clock (None: no clock runs for it)."""


def _seconds(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def presence_message(seats: list[SeatPresence], turn_time: float) -> Message:
    """``presence {seats, turn_time}``: every seat's presence; ``turn_time`` 0 is no clock."""
    return {
        "t": "presence",
        "turn_time": turn_time,
        "seats": [
            {
                "connected": s.connected,
                "away": _seconds(s.away),
                "standin": s.standin,
                "bot_in": _seconds(s.bot_in),
                "clock": _seconds(s.clock),
            }
            for s in seats
        ],
    }


def _seconds_field(raw: dict[Any, Any], key: str) -> float | None:
    value = raw.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < 1e7:
        raise ProtocolError(E_MALFORMED, f"presence: '{key}' is not a number of seconds")
    return float(value)


def parse_presence(msg: Message) -> tuple[tuple[SeatPresence, ...], float]:
    """A host's ``presence`` message: the seats and the turn time (0: no clock)."""
    raw_seats = field(msg, "seats", list)
    turn_time = _seconds_field(msg, "turn_time") or 0.0
    seats = []
    for raw in raw_seats[:MAX_SEATS]:
        if not isinstance(raw, dict):
            raise ProtocolError(E_MALFORMED, "presence: a seat is not a map")
        standin = raw.get("standin")
        if standin is not None and not (isinstance(standin, str) and len(standin) <= MAX_KIND):
            raise ProtocolError(E_MALFORMED, "presence: 'standin' is not a bot kind")
        seats.append(
            SeatPresence(
                connected=raw.get("connected") is True,
                away=_seconds_field(raw, "away"),
                standin=standin,
                bot_in=_seconds_field(raw, "bot_in"),
                clock=_seconds_field(raw, "clock"),
            )
        )
    return tuple(seats), turn_time


def hello_message(client: str) -> Message:
    """The first message a peer sends."""
    return {"t": "hello", "app": APP, "proto": PROTOCOL, "client": client}


def field(msg: Message, key: str, kind: type | tuple[type, ...]) -> Any:
    """A field of a host message, type-checked (a peer trusts the host, but not blindly)."""
    value = msg.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise ProtocolError(E_MALFORMED, f"the host sent '{msg.get('t')}' without a valid '{key}'")
    return value

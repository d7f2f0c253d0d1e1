"""How a message class becomes the map msgpack carries, and back, checked field by field.

A message is a frozen dataclass deriving from ``ProtocolMessage`` with its wire type ``t`` and
its side (what a peer sends, or what the host sends). Its fields are its wire keys (a
``spec(...)`` field says where the key differs, and gives limits: a maximum length, the lowest
whole number, a cleaning step, the error code and sentence). ``to_wire`` and ``from_wire`` are
generic: they read the fields once per class and build or check any message from them, raising
``ProtocolError(code, sentence)`` for a missing, mistyped or too long field. The messages
themselves are in netcode/messages.py (the game's) and netcode/lobbyproto.py (the SSH lobby's).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

Wire = dict[str, Any]
"""A message as msgpack carries it: a map with a string ``t``."""

Side = str
"""Who sends a message: in the game protocol ``peer`` (a player, a bot, a spectator) or ``host``;
another protocol over the same machinery (the SSH lobby's) names its own sides, so its types
need not differ from the game's."""

MAX_SECONDS = 1e7
"""The most seconds a number of seconds may say."""
MAX_INT = 2**31
"""Whole numbers on the wire are below this."""

E_MALFORMED = "malformed"
"""The error code of a field refused (unless its spec names another)."""
E_UNKNOWN = "unknown"
"""The error code of a message of no known type."""


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

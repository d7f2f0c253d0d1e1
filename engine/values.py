"""Small immutable values: actions, entries, options.

A module of values imports ``value`` this way, and decorates each class
``@value(unsafe_hash=True)``:

    MYPYC = __file__.endswith(tuple(EXTENSION_SUFFIXES))  # importlib.machinery's
    if MYPYC:
        from dataclasses import dataclass as value
    else:
        from engine.values import value

In Python (``MYPYC`` false, and mypy is told so: ``always_false`` in pyproject.toml) ``value`` is
the decorator below. Compiled (setup.py runs mypyc with ``--always-true=MYPYC``) it is
``dataclasses.dataclass`` itself, the one decorator that makes mypyc compile a class to a native
class with the ``__eq__`` and ``__hash__`` it can see; under any other decorator mypyc compiles
``==`` between two values to ``is``. Either way a value is equal and hashed by its fields, and
frozen to the type checker but not at run time (docs/architecture.md, "The compiled engine").

In Python a value is not a dataclass: ``dataclasses`` compiles the source of four methods for
each class (about 0.2 ms a class, a quarter of a millisecond times every value class at every
start), where ``value`` builds them from ready code (docs/architecture.md, "Values without
compiling"). A value whose fields ``dataclasses.fields``, ``asdict`` or ``replace`` must read is
decorated ``@dataclass_value(unsafe_hash=True)`` instead (``Options``).
"""

from __future__ import annotations

import builtins
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from types import CodeType, FunctionType
from typing import Any, Final, TypeVar, dataclass_transform

T = TypeVar("T")

_NOT_FIELDS = ("ClassVar", "typing.ClassVar", "Final", "typing.Final")
"""Annotations (strings, under ``from __future__ import annotations``) that name no field."""


@dataclass_transform(frozen_default=True)
def value(*, unsafe_hash: bool = True) -> Callable[[type[T]], type[T]]:
    """A small immutable value: a class with ``__slots__``, equal and hashed by its fields.

    Its fields are its annotated class attributes, in order; an assigned one is the default
    of ``__init__`` (a constant: no mutable default, no ``dataclasses.field``). It gets
    ``__init__`` (positional or by name), ``__eq__`` and ``__hash__`` by its fields and its
    class, ``__repr__`` and ``__match_args__``, as ``@dataclass(slots=True, unsafe_hash=True)``
    would give it. The type checker treats it as frozen and refuses any assignment to a field.
    At run time it is not frozen: a frozen class sets each field through
    ``object.__setattr__``, which doubles the cost of building one, and replaying a log builds
    one per distinct line. ``unsafe_hash`` is there to be read by mypyc (see above): it must be
    True, as it is here.
    """
    assert unsafe_hash, "a value is hashed by its fields in either build"
    return _make_value


@dataclass_transform(frozen_default=True)
def dataclass_value(*, unsafe_hash: bool = True) -> Callable[[type[T]], type[T]]:
    """A value that is a real dataclass too (``dataclasses.fields``, ``asdict`` and ``replace``
    read it): a slots dataclass, equal and hashed by its fields, frozen to the type checker."""
    assert unsafe_hash, "a value is hashed by its fields in either build"

    def make(cls: type[T]) -> type[T]:
        return dataclass(slots=True, unsafe_hash=True)(cls)

    return make


def _make_value(cls: type[T]) -> type[T]:
    """``cls`` made again with ``__slots__`` for its fields and the methods of a value."""
    names = field_names(cls)
    own = dict(cls.__dict__)
    defaults = tuple(own.pop(name) for name in names if name in own)
    for default in defaults:
        if type(default).__hash__ is None:
            raise ValueError(f"{cls.__name__}: a mutable default ({default!r:.30}) is shared")
    for name in ("__dict__", "__weakref__"):
        own.pop(name, None)
    own |= {name: _method(name, cls.__qualname__, names) for name in _TEMPLATES}
    own |= {"__slots__": names, "__match_args__": names, "__repr__": _repr(names)}
    own["__init__"].__defaults__ = defaults or None
    made: type[T] = type(cls.__name__, cls.__bases__, own)
    made.__qualname__ = cls.__qualname__
    return made


def field_names(cls: type) -> tuple[str, ...]:
    """A value class's fields: its own annotated class attributes, in order."""
    if any(vars(base).get("__match_args__") for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__name__}: a value cannot inherit another value's fields")
    annotations: dict[str, Any] = inspect.get_annotations(cls)
    names = tuple(
        name
        for name, hint in annotations.items()
        if not str(hint).startswith(_NOT_FIELDS) and not name.startswith("__")
    )
    if "self" in names or "other" in names:
        raise ValueError(f"{cls.__name__}: a field cannot be named 'self' or 'other'")
    return names


_TEMPLATES: Final = {
    "__init__": "def __init__(self, {args}):\n    {sets}\n",
    "__eq__": "def __eq__(self, other):\n"
    "    if other.__class__ is self.__class__:\n"
    "        return ({mine}) == ({theirs})\n"
    "    return NotImplemented\n",
    "__hash__": "def __hash__(self):\n    return hash(({mine}))\n",
}
"""The methods a value gets, written for fields named ``_0``, ``_1``, …"""


def _method(name: str, qualname: str, fields: tuple[str, ...]) -> FunctionType:
    """The method ``name`` of ``_TEMPLATES`` for ``fields``, without compiling it: the code of
    one compiled for as many fields, with the fields' names swapped in for ``_0``, ``_1``, …
    (the same bytecode: an attribute or an argument is named by its place in ``co_names`` or
    ``co_varnames``)."""
    code = _template(name, len(fields))

    def swap(names: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(fields[int(n[1:])] if n[1:].isdigit() else n for n in names)

    code = code.replace(
        co_names=swap(code.co_names),
        co_varnames=swap(code.co_varnames),
        co_qualname=f"{qualname}.{name}",
    )
    return FunctionType(code, _GLOBALS)


_GLOBALS: Final[dict[str, Any]] = {"__builtins__": builtins}


@cache
def _template(name: str, count: int) -> CodeType:
    """``_TEMPLATES[name]`` compiled for ``count`` fields (once per name and count)."""
    fields = [f"_{i}" for i in range(count)]
    source = _TEMPLATES[name].format(
        args=", ".join(fields),
        sets="; ".join(f"self.{f} = {f}" for f in fields) or "pass",
        mine="".join(f"self.{f}, " for f in fields),
        theirs="".join(f"other.{f}, " for f in fields),
    )
    scope: dict[str, Any] = {}
    exec(source, scope)
    code: CodeType = scope[name].__code__
    return code


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    def __repr__(self: Any) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__qualname__}({fields})"

    return __repr__

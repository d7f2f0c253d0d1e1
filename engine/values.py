"""Small immutable values (actions, entries, options) and mutable records.

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

In Python a value is not a dataclass: ``dataclasses`` compiles the source of each method of
each class at import (about 0.2 ms a class, at every start), where ``value`` builds them from
code compiled once per shape (docs/architecture.md, "Values without compiling"); ``record`` does
the same for a mutable class (a compiled module imports it as ``dataclass`` the same way). A
value whose fields ``dataclasses.fields``, ``asdict`` or ``replace`` must read is decorated
``@dataclass_value(unsafe_hash=True)`` instead (``Options``).
"""

from __future__ import annotations

import builtins
import inspect
from collections.abc import Callable
from dataclasses import MISSING, Field, dataclass, field
from functools import cache
from types import CodeType, FunctionType
from typing import Any, Final, TypeVar, dataclass_transform

T = TypeVar("T")

_NOT_FIELDS = ("ClassVar", "typing.ClassVar", "Final", "typing.Final")
"""Annotations (strings, under ``from __future__ import annotations``) that name no field."""


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def value(*, unsafe_hash: bool = True) -> Callable[[type[T]], type[T]]:
    """A small immutable value: a class with ``__slots__``, equal and hashed by its fields.

    Its fields are its annotated class attributes, in order; an assigned one is the default
    of ``__init__`` (a constant: no mutable default), or a ``field()`` with a default, a
    factory or ``repr=False``. It gets ``__init__`` (positional or by name), ``__eq__`` and
    ``__hash__`` by its fields and its class, ``__repr__`` and ``__match_args__``, as
    ``@dataclass(slots=True, unsafe_hash=True)`` would give it. The type checker treats it as
    frozen and refuses any assignment to a field. At run time it is not frozen: a frozen class
    sets each field through ``object.__setattr__``, which doubles the cost of building one,
    and replaying a log builds one per distinct line. ``unsafe_hash`` is there to be read by
    mypyc (see above): it must be True, as it is here.
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


@dataclass_transform(field_specifiers=(field,))
def record(cls: type[T]) -> type[T]:
    """A mutable record, as ``@dataclass`` makes one, its methods built as a value's are:
    ``__init__`` (defaults, ``field(default=…)`` or ``field(default_factory=…)``, then
    ``__post_init__()`` if the class has one), ``__eq__`` by its fields (so it is unhashable),
    ``__repr__`` and ``__match_args__``. It is not a dataclass: ``dataclasses.replace`` and
    ``fields`` do not read it; of ``field``'s options it takes ``repr=False`` too (a class
    that needs another stays a dataclass)."""
    fields = _Fields(cls)
    for name in fields.names:
        spec = vars(cls).get(name)
        if isinstance(spec, Field):
            delattr(cls, name)
            if spec.default is not MISSING:
                setattr(cls, name, spec.default)
    made = {
        "__init__": fields.init(cls),
        "__eq__": _method("__eq__", cls.__qualname__, fields.names),
        "__hash__": None,
        "__repr__": _repr(fields.shown),
        "__match_args__": fields.names,
    }
    for attribute, method in made.items():
        setattr(cls, attribute, method)
    return cls


def _make_value(cls: type[T]) -> type[T]:
    """``cls`` made again with ``__slots__`` for its fields and the methods of a value."""
    fields = _Fields(cls)
    names = fields.names
    own = {k: v for k, v in vars(cls).items() if k not in (*names, "__dict__", "__weakref__")}
    own |= {name: _method(name, cls.__qualname__, names) for name in ("__eq__", "__hash__")}
    own |= {"__init__": fields.init(cls), "__repr__": _repr(fields.shown)}
    own |= {"__slots__": names, "__match_args__": names}
    made: type[T] = type(cls.__name__, cls.__bases__, own)
    made.__qualname__ = cls.__qualname__
    return made


class _Fields:
    """A class's fields as ``value`` and ``record`` read them: their names, the defaults of
    ``__init__``, the factories by the field's place, the names ``__repr__`` shows."""

    def __init__(self, cls: type) -> None:
        self.names = field_names(cls)
        self.defaults: list[object] = []
        self.factories: dict[int, Callable[[], object]] = {}
        self.shown: tuple[str, ...] = ()
        for i, name in enumerate(self.names):
            default, shown = vars(cls).get(name, MISSING), True
            if isinstance(default, Field):
                default, factory, shown = _field_spec(cls.__name__, default)
                if factory is not None:
                    self.factories[i] = factory
            elif type(default).__hash__ is None:
                raise ValueError(f"{cls.__name__}: a mutable default ({default!r:.30}) is shared")
            self.shown += (name,) if shown else ()
            if default is not MISSING:
                self.defaults.append(default)
            elif self.defaults:
                raise TypeError(f"{cls.__name__}: {name} without a default follows one with")

    def init(self, cls: type) -> FunctionType:
        """``__init__``: its factories in its globals, ``__post_init__()`` last if ``cls`` has
        one."""
        scope = {"__builtins__": builtins, "_MISSING": _MISSING}
        scope |= {f"_F{i}": factory for i, factory in self.factories.items()}
        shape = (tuple(self.factories), hasattr(cls, "__post_init__"))
        init = _method("__init__", cls.__qualname__, self.names, scope, shape)
        init.__defaults__ = tuple(self.defaults) or None
        return init


class _Missing:
    """The default of a field with a factory: ``__init__`` calls the factory when it sees it."""

    def __repr__(self) -> str:
        return "<made by its factory>"


_MISSING: Final = _Missing()


def _field_spec(owner: str, spec: Field[Any]) -> tuple[object, Callable[[], object] | None, bool]:
    """A ``field()``'s default (``_MISSING`` with a factory), factory and ``repr``; TypeError
    for an option neither a value nor a record takes."""
    plain = spec.init and spec.compare and spec.hash is None and not spec.metadata
    if not plain or spec.kw_only is True:
        raise TypeError(f"{owner}: field() takes default, default_factory and repr here")
    if spec.default_factory is not MISSING:
        return _MISSING, spec.default_factory, bool(spec.repr)
    return spec.default, None, bool(spec.repr)


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
"""The methods a value gets, written for fields named ``_0``, ``_1``, …

``__hash__`` is the one ``@dataclass(unsafe_hash=True)`` writes: it places a value in a dict
or a set, and varies with ``PYTHONHASHSEED`` (a ``str`` field). Nothing that decides iterates
such a set or a dict keyed by values in its hash order (the determinism rule,
docs/architecture.md), and the tests replay logs in processes with different hash seeds."""


def _method(
    name: str,
    qualname: str,
    fields: tuple[str, ...],
    scope: dict[str, Any] | None = None,
    shape: tuple[tuple[int, ...], bool] = ((), False),
) -> FunctionType:
    """The method ``name`` of ``_TEMPLATES`` for ``fields``, without compiling it: the code of
    one compiled for as many fields, with the fields' names swapped in for ``_0``, ``_1``, …
    (the same bytecode: an attribute or an argument is named by its place in ``co_names`` or
    ``co_varnames``). ``scope`` holds the globals it reads (a record's factories, ``_F1`` …);
    ``shape``: which fields have a factory, and whether ``__init__`` calls ``__post_init__``."""
    code = _template(name, len(fields), *shape)

    def swap(names: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(fields[int(n[1:])] if n[1:].isdigit() else n for n in names)

    code = code.replace(
        co_names=swap(code.co_names),
        co_varnames=swap(code.co_varnames),
        co_qualname=f"{qualname}.{name}",
    )
    return FunctionType(code, _GLOBALS if scope is None else scope)


_GLOBALS: Final[dict[str, Any]] = {"__builtins__": builtins}


@cache
def _template(name: str, count: int, factories: tuple[int, ...], post_init: bool) -> CodeType:
    """``_TEMPLATES[name]`` compiled for ``count`` fields, those of ``factories`` made by
    ``_F<i>()`` when not given (once per name and shape)."""
    fields = [f"_{i}" for i in range(count)]
    sets = [
        f"self.{f} = _F{i}() if {f} is _MISSING else {f}" if i in factories else f"self.{f} = {f}"
        for i, f in enumerate(fields)
    ]
    source = _TEMPLATES[name].format(
        args=", ".join(fields),
        sets="; ".join([*sets, *(["self.__post_init__()"] if post_init else [])]) or "pass",
        mine="".join(f"self.{f}, " for f in fields),
        theirs="".join(f"other.{f}, " for f in fields),
    )
    scope: dict[str, Any] = {}
    exec(source, scope)
    code: CodeType = scope[name].__code__
    return code


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    """``Name(a=1, b=2)`` for the fields ``names``."""

    def __repr__(self: Any) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__qualname__}({fields})"

    return __repr__

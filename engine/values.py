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
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def value(*, unsafe_hash: bool = True) -> Callable[[type[T]], type[T]]:
    """A small immutable value: a slots dataclass, equal and hashed by its fields.

    The type checker treats it as frozen and refuses any assignment to a field. At run time it
    is not frozen: a frozen dataclass sets each field through ``object.__setattr__``, which
    doubles the cost of building one, and replaying a log builds one per distinct line.
    ``unsafe_hash`` is there to be read by mypyc (see above): it must be True, as it is here.
    """
    assert unsafe_hash, "a value is hashed by its fields in either build"

    def make(cls: type[T]) -> type[T]:
        return dataclass(slots=True, unsafe_hash=True)(cls)

    return make

"""Small immutable values: actions, entries, options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def value(cls: type[T]) -> type[T]:
    """A small immutable value: a slots dataclass, equal and hashed by its fields.

    The type checker treats it as frozen and refuses any assignment to a field. At run time it
    is not frozen: a frozen dataclass sets each field through ``object.__setattr__``, which
    doubles the cost of building one, and replaying a log builds one per distinct line.
    """
    return dataclass(slots=True, unsafe_hash=True)(cls)

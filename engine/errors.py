"""The two ways an action line can be wrong, each said as a template and its parameters.

The engine speaks no language but English, and holds no translations: a refusal keeps its
English ``template`` (``"you have €{cash}; this costs €{cost}"``) and its ``params`` beside the
formatted ``message``, so a screen can say it in its player's language (jetset_tui/refusals.py).
A parameter that is a word to translate (a row's name, a card's name) is a :class:`Word`, one
that names a seat a :class:`Seat` (a player's name on a screen); numbers, card ids and city codes
stay as they are.

Extraction keywords for the ``engine`` catalog: ``illegal``, ``refused``, ``IllegalAction:2``,
``NotationError``, ``OptionError``, ``Reason``, ``Word``, ``rule_name``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from string import Formatter

Param = str | int
"""A refusal's parameter: a number, a code, a :class:`Word` or a :class:`Seat`."""


class Word(str):
    """A parameter that is an English word or name, translated where the refusal is shown."""

    __slots__ = ()


class Seat(str):
    """A parameter that names a seat: "seat 2" in English (seats counted from 0, as in the
    notation), the player's name where the refusal is shown to players who have names."""

    __slots__ = ("number",)
    number: int

    def __new__(cls, number: int) -> Seat:
        self = super().__new__(cls, f"seat {number}")
        self.number = number
        return self

    def __reduce__(self) -> tuple[type[Seat], tuple[int]]:
        """Copied and pickled from its number (a ``str``'s would be its text)."""
        return Seat, (self.number,)


def rule_name(name: str) -> str:
    """Mark a rulebook section's name for the catalogs (it is shown to players)."""
    return name


class Reason(str):
    """A sentence that says why not (English, as a ``str``), keeping its template and
    parameters: the helpers that answer "why not?" return one, and a refusal made from it keeps
    them."""

    __slots__ = ("params", "template")
    template: str
    params: Mapping[str, Param]

    def __new__(cls, template: str, **params: Param) -> Reason:
        self = super().__new__(cls, fill(template, params))
        self.template = template
        self.params = params
        return self


def fill(template: str, params: Mapping[str, Param]) -> str:
    """``template`` with its named placeholders filled; a template without parameters is taken
    as it is (so text with braces in it, from elsewhere, stays as it was)."""
    return template.format(**params) if params else template


def fillable(template: str, params: Mapping[str, object]) -> bool:
    """Every placeholder of ``template`` is a plain name among ``params`` (no attribute, index,
    conversion or format spec), so filling it runs nothing: check a template from elsewhere (a
    catalog, the network) before filling it."""
    try:
        fields = list(Formatter().parse(template))
    except ValueError:
        return False
    return all(
        name is None or (name in params and not spec and not conversion)
        for _text, name, spec, conversion in fields
    )


def _parts(template: str, params: Mapping[str, Param]) -> tuple[str, dict[str, Param]]:
    """A :class:`Reason` passed as the template brings its own template and parameters."""
    if isinstance(template, Reason) and not params:
        return template.template, dict(template.params)
    return str(template), dict(params)


SAYING = Reason("{reason} ({rule})")
"""How a refusal is said: its reason, then the rulebook section that gives it."""


class NotationError(ValueError):
    """A line that is not notation at all: unknown verb, bad city code, missing number."""

    def __init__(self, template: str, **params: Param) -> None:
        self.template, self.params = _parts(template, params)
        self.message = fill(self.template, self.params)
        super().__init__(self.message)


class OptionError(ValueError):
    """A game's option its rules do not have, or a value they cannot play
    (``GameRules.check_options``)."""

    def __init__(self, template: str, **params: Param) -> None:
        self.template, self.params = _parts(template, params)
        self.message = fill(self.template, self.params)
        super().__init__(self.message)


class IllegalAction(Exception):
    """A well-formed action that the rules forbid now. ``rule`` names the rulebook section."""

    def __init__(self, rule: str, template: str, **params: Param) -> None:
        self.template, self.params = _parts(template, params)
        self.rule = rule
        self.message = fill(self.template, self.params)
        super().__init__(SAYING.format(reason=self.message, rule=rule))


class DesyncError(ValueError):
    """A state digest that differs from the one the log (or the host) recorded."""

    def __init__(self, index: int, expected: str, actual: str) -> None:
        super().__init__(f"entry {index}: the state digest is {actual}, the log says {expected}")
        self.index = index
        self.expected = expected
        self.actual = actual


COMPILED_RETURN_CHECK = re.compile(r"object expected; got ([\w.]+)$")
"""What the compiled engine says where a bot returns something that is not an action (mypyc
checks the value a compiled caller receives): ``union[…] object expected; got None``."""


def bot_failure(exc: Exception) -> str:
    """How a bot's ``choose`` failed, in a few words: what it returned instead of an action
    (the compiled engine raises at the return), else what it raised."""
    returned = COMPILED_RETURN_CHECK.search(str(exc)) if isinstance(exc, TypeError) else None
    if returned is not None:
        return f"returned {returned.group(1)}, which is not an action"
    return f"raised {type(exc).__name__}: {exc}"

"""A rules' refusal on the wire: the host sends its template beside its English text
(``error.why``), and the peer rebuilds the engine's exception from it, so the player's screen
says it in the player's language (jetset_tui/refusals.py).

The peer trusts nothing in it: a ``why`` that is malformed, that would run anything when
filled, or whose English does not read exactly as the ``message`` it came with, is dropped,
and the refusal is the message's text alone, as before.
"""

from __future__ import annotations

import re

from engine.errors import SAYING, IllegalAction, NotationError, Param, Seat, Word, fill, fillable
from netcode import messages as m

SEAT_TEXT = re.compile(r"seat ([0-9]{1,2})")
"""How the engine writes a seat (``engine.errors.Seat``); two digits at most."""


def why_of(exc: IllegalAction | NotationError) -> m.Why:
    """What the host sends with a refusal (a notation error has no rule)."""
    params = exc.params
    return m.Why(
        rule=exc.rule if isinstance(exc, IllegalAction) else "",
        template=exc.template,
        names=tuple(params),
        values=tuple(str(v) for v in params.values()),
        words=tuple(k for k, v in params.items() if isinstance(v, Word)),
        seats=tuple(k for k, v in params.items() if isinstance(v, Seat)),
    )


def param(name: str, value: str, why: m.Why) -> Param:
    """A parameter as the engine made it: a word, a seat ("seat 2" as the host wrote it; any
    other text stays text), or text."""
    if name in why.words:
        return Word(value)
    if name in why.seats and (number := SEAT_TEXT.fullmatch(value)):
        return Seat(int(number.group(1)))
    return value


def rebuilt(why: m.Why | None, text: str, notation: bool) -> IllegalAction | NotationError | None:
    """The engine's exception that ``why`` describes, if it says exactly ``text``; else None."""
    if why is None or len(why.names) != len(why.values):
        return None
    if not all(name.isidentifier() for name in why.names):
        return None
    params: dict[str, Param] = {
        name: param(name, value, why) for name, value in zip(why.names, why.values, strict=True)
    }
    if not fillable(why.template, params):
        return None
    reason = fill(why.template, params)
    if notation:
        return NotationError(why.template, **params) if reason == text else None
    if SAYING.format(reason=reason, rule=why.rule) != text:
        return None
    return IllegalAction(why.rule, why.template, **params)

"""The rules' refusals said in the player's language.

The engine raises :class:`~engine.errors.IllegalAction` and :class:`~engine.errors.NotationError`
with an English template and its parameters (engine/errors.py); their translations are the
``engine`` catalog. :func:`say` is how a screen shows one: the template translated and filled,
each :class:`~engine.errors.Word` parameter translated too, and the rule's section after it.
A template no catalog knows, or one a translation cannot fill, is said in English as it was.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.errors import SAYING, IllegalAction, NotationError, Param, Word, fill, fillable
from jetset_tui.cities import named
from jetset_tui.i18n import _

SECTION_PARTS = ": "
"""A section named after its chapter ("Distant Lands: Claim a Flight card")."""


def say(exc: IllegalAction | NotationError) -> str:
    """``exc`` for the player: ``reason (section)`` for a rule's refusal, the reason alone for
    a line that is not notation. English gives exactly ``str(exc)``."""
    reason = sentence(exc.template, exc.params)
    if isinstance(exc, NotationError):
        return reason
    return _(SAYING).format(reason=reason, rule=rule(exc.rule))


def sentence(template: str, params: Mapping[str, Param]) -> str:
    """``template`` in the current language, filled with ``params`` (words translated)."""
    english = fill(template, params)
    translated = _(template)
    if not params:
        return translated
    if not fillable(translated, params):
        return english
    values = {k: word(v) if isinstance(v, Word) else v for k, v in params.items()}
    return translated.format_map(values)


def word(text: str) -> str:
    """A word a refusal names, in the current language: a city's name, else the catalog's."""
    translated = _(text)
    return named(text) if translated == text else translated


def rule(name: str) -> str:
    """A rulebook section's name in the current language; a chapter and a section ("Hubs:
    Setup") are translated whole, else part by part."""
    translated = _(name)
    if translated != name or SECTION_PARTS not in name:
        return translated
    return SECTION_PARTS.join(_(part) for part in name.split(SECTION_PARTS))

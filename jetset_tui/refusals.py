"""The rules' refusals said in the player's language.

The engine raises :class:`~engine.errors.IllegalAction` and :class:`~engine.errors.NotationError`
with an English template and its parameters (engine/errors.py); their translations are the
``engine`` catalog. :func:`say` is how a screen shows one: the template translated and filled,
each :class:`~engine.errors.Word` parameter translated too, and the rule's section after it.
A word no catalog knows may be one of the game's proper names (Jet Set's cities): the game's
rules give it in the player's language (``GameRules.proper_names``), so the caller hands them
to :func:`say`. A template no catalog knows, or one a translation cannot fill, is said in
English as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.errors import (
    SAYING,
    IllegalAction,
    NotationError,
    Param,
    Reason,
    Seat,
    Word,
    fill,
    fillable,
)
from engine.platform import AnyRules
from jetset_tui.i18n import N_, _, current_language

SECTION_PARTS = ": "
"""A section named after its chapter ("Distant Lands: Claim a Flight card")."""


LATE_RULES = ("host: stale", "host: turn")
"""A host's refusals of a move that came after the game had moved on (docs/protocol.md)."""
TOO_LATE = N_("too late: the game had moved on when your move arrived")
"""What a player reads for one of ``LATE_RULES``, whose own words count the log's entries (a LAN
play test's move, sent as the turn clock ran out, went without a word, the bot's standing)."""


def say(exc: IllegalAction | NotationError, rules: AnyRules, players: Sequence[str] = ()) -> str:
    """``exc`` of ``rules``' game for the player: ``reason (section)`` for a rule's refusal, the
    reason alone for a line that is not notation; a seat it names is its player's (``players``,
    by seat); a move the host had no more use for, ``TOO_LATE``. English without ``players``
    gives exactly ``str(exc)`` for a rule's refusal."""
    if isinstance(exc, IllegalAction) and exc.rule in LATE_RULES:
        return _(TOO_LATE)
    reason = sentence(exc.template, exc.params, rules, players)
    if isinstance(exc, NotationError):
        return reason
    return _(SAYING).format(reason=reason, rule=rule(exc.rule))


def sentence(
    template: str, params: Mapping[str, Param], rules: AnyRules, players: Sequence[str] = ()
) -> str:
    """``template`` in the current language, filled with ``params`` (words translated, the
    proper names of ``rules``' game among them, seats by their players' names)."""
    english = fill(template, params)
    translated = _(template)
    if not params:
        return translated
    if not fillable(translated, params):
        return english
    names = rules.proper_names(current_language())
    values = {k: said_param(v, names, players) for k, v in params.items()}
    return translated.format_map(values)


def said_param(value: Param, names: Mapping[str, str], players: Sequence[str]) -> Param:
    """A refusal's parameter as the player reads it: a word translated, a seat by its player's
    name (or "seat 2" in the current language where the names are not known)."""
    if isinstance(value, Word):
        return word(value, names)
    if isinstance(value, Seat):
        if 0 <= value.number < len(players):
            return players[value.number]
        return _("seat {number}").format(number=value.number)
    return value


def word(text: str, names: Mapping[str, str]) -> str:
    """A word a refusal names, in the current language: the catalog's, else the game's proper
    name (``names``: English to the current language)."""
    translated = _(text)
    return names.get(text, text) if translated == text else translated


def rule(name: str) -> str:
    """A rulebook section's name in the current language; a chapter and a section ("Hubs:
    Setup") are translated whole, else part by part."""
    translated = _(name)
    if translated != name or SECTION_PARTS not in name:
        return translated
    return SECTION_PARTS.join(_(part) for part in name.split(SECTION_PARTS))


def problem_said(exc: BaseException) -> str:
    """An exception's sentence in the current language: its :class:`~engine.errors.Reason`
    translated (``str(exc)`` would lose it), any other message as it is."""
    if len(exc.args) == 1 and isinstance(exc.args[0], str):
        return reason_said(exc.args[0])
    return str(exc)


def reason_said(text: str) -> str:
    """A :class:`~engine.errors.Reason` (a message of the lower layers, such as a log that will
    not open) in the current language, its template translated and filled; any other text, or
    a translation that cannot be filled, as it is."""
    if not isinstance(text, Reason):
        return text
    translated = _(text.template)
    if not text.params:
        return translated
    if not fillable(translated, text.params):
        return str(text)
    return translated.format_map(text.params)


def problem_words(message: str) -> str:
    """A peer's ``Problem`` in the current language: a :class:`~engine.errors.Reason`'s template
    translated and filled (``the host says: {text}``, its text the host's own words, as they
    came), any other sentence through the catalogs."""
    return reason_said(message) if isinstance(message, Reason) else _(message)

"""The player's language: every player-facing string goes through :func:`_`.

English is the source language: the text in the code *is* the English. Other languages live in
gettext catalogs, ``jetset_tui/locale/<lang>/LC_MESSAGES/<domain>.po``, one domain per area of
the app (``start``, ``game``, ``engine``, ``rules``, ...), compiled to ``.mo`` beside them by
``python3 tasks.py i18n`` (Babel extracts and compiles). At run time every domain of a language
is loaded and chained, so a message is found whichever catalog holds it.

The language is per session, not per process: ``jetset ssh-server`` runs one app per SSH
connection in a single process, each in its player's language. It is held in a context
variable that an app sets when it starts (:func:`use_session_language`); tasks and threads
started from the app (``asyncio.to_thread``) inherit it. The variable holds a small mutable
``Speaker``, so that :func:`switch_language` (a player choosing Italian in the lobby) reaches
every task of that session at once, and no other session. Outside any app (the command line)
the process's language applies: ``--lang``, else ``LC_ALL`` / ``LC_MESSAGES`` / ``LANG``, else
English.

Rules for the code:

- ``_("Your turn")``: translated now, in the current language.
- ``_("you have €{cash}").format(cash=cash)``: placeholders are ``str.format`` names, so a
  translation can move them; never an f-string inside ``_()`` (it cannot be looked up).
- ``N_("Buy")`` marks a string kept in a constant (bindings, tables built at import) for
  extraction; translate it with ``_(constant)`` where it is shown.
- ``ngettext("{n} plane", "{n} planes", n).format(n=n)`` for counts.
- Logs, notation, city codes, ``--json`` and scripts' output stay English: they are data.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from engine.values import record

LOCALE_DIR = Path(__file__).parent / "locale"
SOURCE_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano"}
"""The languages offered, each named in itself (as a language picker shows them)."""


@record
class Speaker:
    """One session's language, shared by every task of that session."""

    language: str


_session: ContextVar[Speaker | None] = ContextVar("jetset_language", default=None)
_process_language = SOURCE_LANGUAGE


def language_from_env(environ: Mapping[str, str]) -> str:
    """The language the environment asks for (POSIX order: LC_ALL, LC_MESSAGES, LANG), if we
    offer it; else English. ``it_IT.UTF-8`` and ``it`` both give Italian."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return offered(value.split(".")[0].split("_")[0].lower())
    return SOURCE_LANGUAGE


def language_from_accept(header: str) -> str:
    """The language a browser's ``Accept-Language`` header prefers among those we offer
    (``it-IT,it;q=0.9,en;q=0.8`` gives Italian); else English. Anything malformed is skipped."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")[:32]):
        tag, _semicolon, weight = part.strip().partition(";")
        code = tag.strip().split("-")[0].lower()
        quality = 1.0
        if weight.strip().startswith("q="):
            try:
                quality = float(weight.strip()[2:])
            except ValueError:
                continue
        if code in LANGUAGES and quality > 0:
            ranked.append((-quality, position, code))
    return min(ranked)[2] if ranked else SOURCE_LANGUAGE


def offered(language: str) -> str:
    """``language`` if we have it, else English."""
    return language if language in LANGUAGES else SOURCE_LANGUAGE


def set_process_language(language: str) -> None:
    """The language outside any session (the command line's ``--lang`` or the environment)."""
    global _process_language
    _process_language = offered(language)


def current_language() -> str:
    """This session's language, else the process's."""
    speaker = _session.get()
    return speaker.language if speaker is not None else _process_language


def use_session_language(language: str) -> None:
    """Start a session speaking ``language`` in the current context (an app's task and what it
    starts from now on): a session of its own, never shared with the caller's."""
    _session.set(Speaker(offered(language)))


def switch_language(language: str) -> None:
    """The current session now speaks ``language``: every task of the session hears it (a
    choice made on a screen reaches the app and its other screens). Outside any session, the
    process's language changes."""
    speaker = _session.get()
    if speaker is None:
        set_process_language(language)
    else:
        speaker.language = offered(language)


@contextmanager
def use_language(language: str) -> Iterator[None]:
    """Speak ``language`` inside the block (tests, one app's run)."""
    token = _session.set(Speaker(offered(language)))
    try:
        yield
    finally:
        _session.reset(token)


@cache
def translations(language: str) -> gettext.NullTranslations:
    """Every domain of ``language``'s catalogs, chained; English (or none yet) is the identity."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    if language == SOURCE_LANGUAGE or not folder.is_dir():
        return chain
    for mo in sorted(folder.glob("*.mo")):  # sorted: the same chain on every machine
        with mo.open("rb") as handle:
            domain = gettext.GNUTranslations(handle)
        domain.add_fallback(chain)
        chain = domain
    return chain


def _(message: str) -> str:
    """``message`` (English source text) in the current language."""
    return translations(current_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    return translations(current_language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in ``context`` (one English word, two Italian ones: "Pass" the button vs
    the rule), in the current language."""
    return translations(current_language()).pgettext(context, message)


def money(amount: int) -> str:
    """An amount of money as the current language writes it: €30 in English, 30 € in Italian
    (its catalogue joins the two with a no-break space, which ``widgets.wrap`` never breaks at)."""
    return _("€{amount}").format(amount=amount)


def decimal(value: float, places: int = 1) -> str:
    """A figure with ``places`` decimals as the current language writes it: 22.2 in English,
    22,2 in Italian (an average, a rate: never a game's state, which has no fractions)."""
    return f"{value:.{places}f}".replace(".", pgettext("decimal point", "."))


def percent(rate: float, places: int = 1) -> str:
    """``rate`` (0.5) as a percentage: 50.0% in English, 50,0% in Italian."""
    return decimal(rate * 100, places) + "%"


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (it is shown later via _)."""
    return message

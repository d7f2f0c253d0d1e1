"""Every use of Textual's private API by the SSH server, fenced in one module (textual 8.x).

Textual has no public way to run several apps in one process on terminals it does not own, so
the SSH server borrows four of its internals; ``tests/ssh/test_textual_private.py`` fails when a
Textual release changes any of them:

- ``XTermParser`` (``textual._xterm_parser``): turns the bytes a client types into key, mouse and
  paste events;
- ``textual.app.redirect_stdout``/``redirect_stderr``: each app would take over ``sys.stdout``
  while it runs, and with several apps stopping out of order leave a dead one there;
- ``Console._color_system``: every SSH app renders in truecolor (``ReduceColours`` then adapts
  each frame to the client's terminal), whatever the server's own terminal is;
- ``Stylesheet._parse_cache`` and ``Stylesheet._variables``: each app parses the same CSS; the
  SSH apps share what was parsed (keyed by the CSS variables, which a theme changes).
"""

from __future__ import annotations

import contextlib
from typing import ClassVar

import textual.app
from rich.color import ColorSystem
from rich.console import Console
from textual._xterm_parser import XTermParser
from textual.cache import LRUCache
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

__all__ = ["XTermParser", "force_truecolor", "keep_stdout", "share_parsed_css"]

REDIRECTS = ("redirect_stdout", "redirect_stderr")
_redirects_patched = False


def keep_stdout() -> None:
    """Make Textual leave ``sys.stdout``/``sys.stderr`` alone when an app runs (process-wide)."""
    global _redirects_patched
    if not _redirects_patched:
        for name in REDIRECTS:
            setattr(textual.app, name, contextlib.nullcontext)
        _redirects_patched = True


def force_truecolor(console: Console) -> None:
    """Render ``console`` (an app's) in 24-bit colour."""
    console._color_system = ColorSystem.TRUECOLOR


class SharedParses:
    """Stands in for one stylesheet's parse cache (``Stylesheet._parse_cache``): the rules parsed
    from each piece of CSS are shared by every app's stylesheet with the same CSS variables, so
    the second and later sessions do not parse the same CSS again."""

    store: ClassVar[LRUCache[tuple[object, ...], list[RuleSet]]] = LRUCache(512)

    def __init__(self, stylesheet: Stylesheet) -> None:
        self.stylesheet = stylesheet

    def _key(self, key: tuple[object, ...]) -> tuple[object, ...]:
        variables = tuple(sorted(self.stylesheet._variables.items()))
        return (variables, *key)

    def __getitem__(self, key: tuple[object, ...]) -> list[RuleSet]:
        return self.store[self._key(key)]

    def __setitem__(self, key: tuple[object, ...], rules: list[RuleSet]) -> None:
        self.store[self._key(key)] = rules

    def clear(self) -> None:
        """Textual clears the cache when the variables change; the key holds them instead."""


def share_parsed_css(stylesheet: Stylesheet) -> None:
    """Let ``stylesheet`` (an app's) share parsed CSS with the other SSH apps."""
    stylesheet._parse_cache = SharedParses(stylesheet)  # type: ignore[assignment]

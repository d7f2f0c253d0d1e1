"""Every use of Textual's private API by the SSH server, fenced in one module (textual 8.x).

Textual has no public way to run several apps in one process on terminals it does not own, so
the SSH server borrows three of its internals; ``tests/ssh/test_textual_private.py`` fails when a
Textual release changes any of them:

- ``XTermParser`` (``textual._xterm_parser``): turns the bytes a client types into key, mouse and
  paste events;
- ``textual.app.redirect_stdout``/``redirect_stderr``: each app would take over ``sys.stdout``
  while it runs, and with several apps stopping out of order leave a dead one there;
- ``Console._color_system``: every SSH app renders in truecolor (``ReduceColours`` then adapts
  each frame to the client's terminal), whatever the server's own terminal is.
"""

from __future__ import annotations

import contextlib

import textual.app
from rich.color import ColorSystem
from rich.console import Console
from textual._xterm_parser import XTermParser

__all__ = ["XTermParser", "force_truecolor", "keep_stdout"]

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

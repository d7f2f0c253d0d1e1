"""A Textual driver that draws on an SSH channel instead of the process's own terminal.

Several apps run in one process, one per SSH session, so the driver owns no file descriptor, no
thread and no signal handler: the SSH session feeds it the bytes the client typed (``feed``) and
the new size on a window change (``resize``); it writes each frame to a ``TerminalLink`` in one
piece when Textual flushes. Textual's parser of terminal input is private: it comes from
``textual_private``, the one module that touches Textual's internals.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from codecs import getincrementaldecoder
from itertools import chain
from typing import Any

from textual import events
from textual.constants import ESCAPE_DELAY
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from jetset_tui.ssh.textual_private import XTermParser

MIN_SIZE = (20, 5)
MAX_SIZE = (400, 200)


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A client's terminal size within ``MIN_SIZE``..``MAX_SIZE`` (80×24 if it gave none)."""
    if width <= 0 or height <= 0:
        return (80, 24)
    return (
        min(max(width, MIN_SIZE[0]), MAX_SIZE[0]),
        min(max(height, MIN_SIZE[1]), MAX_SIZE[1]),
    )


START = (
    "\x1b[?1049h"  # alternate screen
    "\x1b[?25l"  # hide the cursor
    "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"  # mouse, SGR coordinates
    "\x1b[?2004h"  # bracketed paste
    "\x1b[?7l"  # no line wrap: writing the last column must not scroll
    "\x1b[?2026$p"  # ask whether the terminal supports synchronized output
)
BELL = "\x07"
"""What ``App.bell`` writes (jetset_tui/turn_bell.py: your turn)."""
STOP = (
    "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
    "\x1b[?2004l"
    "\x1b[?7h"
    "\x1b[0m\x1b[?1049l"  # back to the normal screen
    "\x1b[?25h"
)


class TerminalLink(ABC):
    """What a driver needs of the connection it draws on (an SSH session, or a test's pipe)."""

    size: tuple[int, int] = (80, 24)
    driver: SshDriver | None = None

    @abstractmethod
    def send(self, data: bytes) -> None:
        """Send one frame's bytes (the link may drop them while the client is not reading)."""

    def input_failed(self, exc: Exception) -> None:  # noqa: B027 (optional)
        """The client's input could not be read; the driver reads no more of it."""


class SshDriver(Driver):
    """Reads keys from and draws on a ``TerminalLink`` (``app.terminal_link``)."""

    def __init__(
        self,
        app: Any,
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        link: TerminalLink = app.terminal_link
        self.link = link
        link.driver = self
        self._size = size or link.size
        self._out: list[str] = []
        self._parser = XTermParser()
        self._decode = getincrementaldecoder("utf-8")(errors="replace").decode
        self._tick: asyncio.TimerHandle | None = None
        self._input = True

    # -- output -----------------------------------------------------------------------------

    def write(self, data: str) -> None:
        self._out.append(data)
        if data == BELL:  # App.bell writes it alone and flushes nothing: it goes at once,
            self.flush()  # not with the next frame (a Jet Lag table may draw none for long)

    def flush(self) -> None:
        if self._out:
            data = "".join(self._out).encode("utf-8")
            self._out.clear()
            self.link.send(data)

    def start_application_mode(self) -> None:
        self.write(START)
        self.flush()
        width, height = self._size or (80, 24)
        size = Size(width, height)
        self._app.post_message(events.Resize(size, size))

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write(STOP)
        self.flush()

    def disable_input(self) -> None:
        self._input = False
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

    # -- input ------------------------------------------------------------------------------

    def send_message(self, message: Message) -> None:
        """Deliver on this loop directly (the base class assumes a reader thread)."""
        self._app.post_message(message)

    def feed(self, data: bytes) -> int:
        """Bytes the client typed: keys, mouse, paste, terminal replies; how many events."""
        if not self._input:
            return 0
        events = 0
        try:
            # an Esc whose wait for more ran out before these bytes came (the loop was too busy
            # to check in time) is an Esc, not Alt with the next key
            for event in chain(self._parser.tick(), self._parser.feed(self._decode(data))):
                self.process_message(event)
                events += 1
        except Exception as exc:  # the parser is dead after any error: no more input
            self._failed(exc)
            return events
        # a lone Esc (or a cut sequence) only resolves when the parser's timeout is checked
        if self._tick is not None:
            self._tick.cancel()
        self._tick = self._loop.call_later(ESCAPE_DELAY + 0.02, self._on_tick)
        return events

    def _on_tick(self) -> None:
        self._tick = None
        if self._input:
            try:
                for event in self._parser.tick():
                    self.process_message(event)
            except Exception as exc:
                self._failed(exc)

    def _failed(self, exc: Exception) -> None:
        self.disable_input()
        self.link.input_failed(exc)

    def resize(self, width: int, height: int) -> None:
        """The client's window changed size (clamped to ``MIN_SIZE``..``MAX_SIZE``)."""
        width, height = clamp_size(width, height)
        self._size = (width, height)
        size = Size(width, height)
        self._app.post_message(events.Resize(size, size))

    def repaint(self) -> None:
        """Draw the whole screen again (after frames were dropped)."""
        self._app.call_later(self._app.refresh, repaint=True)

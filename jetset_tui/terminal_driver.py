"""Textual's driver of the program's own terminal (Linux, macOS), kept working when that terminal
goes away under the app: its window closed, or ``tmux kill-server``.

Textual's ``LinuxDriver`` writes from a thread, through a queue of at most 30 writes. Once the
terminal was gone, a play test's ``jetset host`` never ended, deaf to SIGTERM and still holding
its game's log:

- the thread died at the first write the terminal refused (EIO), so that the app's 31st write
  after it blocked the event loop for good, and no signal handler of the loop ran again;
- the hangup comes with SIGCONT, on which Textual starts its application mode again (as after
  Ctrl+Z fg): another writer thread, dead at once, given some twenty writes, which with those of
  closing the app filled its queue (a frame or two drawn meanwhile was enough).

``TerminalDriver`` keeps the writer alive (what the terminal refuses is dropped) and does not
start again on a terminal that is gone.

Textual's input thread, too, spun at 100% of a core from the moment the terminal was gone until
the app closed, and for ever where no SIGHUP came (a program in no session of that terminal, as
after ``setsid``, or a job its shell does not pass the hangup to, ``disown -h``): a terminal
hung up is always ready to read and reads nothing (end of file), and Textual's loop takes an
empty read for a piped stdin's and waits for input again, at once. The loop asks ``exit_event``
before each wait: ``TerminalDriver``'s (``InputStop``) is set once the terminal is gone, and
the thread ends (a read refused, EIO, ends it too, where Textual would take it for a crash).

The app is then told, unless it stops meanwhile (``HANGUP_WAIT``): most often the hangup's
SIGHUP comes, from the shell, a moment after the terminal is gone, and two of them would kill
``jetset play`` as it saves (``JetSetApp.closed_from_outside`` lets a second signal kill, should
closing hang). The driver sends its program the SIGHUP that did not come, and each command does
what it does on a hangup: ``jetset play`` saves its game and ends, ``jetset host`` pauses its
game and ends, ``jetset join`` dies (it catches no SIGHUP; its host keeps the game). Where
SIGHUP is ignored (``trap '' HUP``), the app exits instead, as if its player quit: an app whose
terminal is gone can show nothing and hear no key, so it never lingers. A signal rather than a
message to the app: Textual has no notion of a terminal gone, and each command already knows
what a hangup means for it.

The private parts of Textual the driver relies on: the file the writer thread writes to
(``LinuxDriver._file``); that the input thread runs ``run_input_thread`` and that its loop asks
``exit_event.is_set()``; tests/tui/test_terminal_driver.py fails if a Textual release changes
them. The module imports ``LinuxDriver``, which Windows has not: it is imported where Textual
chose that driver (``JetSetApp.get_driver_class``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any, cast

from textual.drivers.linux_driver import LinuxDriver

if TYPE_CHECKING:
    from textual.app import App

HANGUP_WAIT = 5.0
"""Seconds the app is given, once its terminal is gone, to get the hangup's SIGHUP from its
shell (or to close) before the driver tells it (``TerminalDriver.hang_up``)."""


class TerminalOutput:
    """The terminal, as Textual's writer thread writes to it: from the first write or flush it
    refuses (an OSError: the terminal is gone), everything is dropped, and the thread goes on
    emptying its queue."""

    def __init__(self, file: IO[str]) -> None:
        self.file = file
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                self.file.write(text)
            except OSError:
                self.gone = True
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self.file.flush()
            except OSError:
                self.gone = True

    def fileno(self) -> int:
        return self.file.fileno()


class InputStop(threading.Event):
    """``LinuxDriver.exit_event``, which Textual's input thread asks before each wait for
    input: set by the app to stop input, as Textual's; and set by the asking once the terminal
    is gone (``gone``), where every wait would end at once on the end of file."""

    def __init__(self, gone: Callable[[], bool]) -> None:
        super().__init__()
        self.gone = gone

    def is_set(self) -> bool:
        if not super().is_set() and self.gone():
            self.set()
        return super().is_set()


class TerminalDriver(LinuxDriver):
    """Textual's driver, safe for a terminal that goes away (the module's note)."""

    def __init__(
        self,
        app: App[Any],
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.output = TerminalOutput(cast("IO[str]", self._file))
        # the writer thread only writes, flushes and asks the fileno
        self._file = cast("Any", self.output)
        self.exit_event = InputStop(self.input_gone)
        self.app = app
        self.loop = asyncio.get_running_loop()
        self.input_stopped = False
        """The app stopped input (it closes, or is suspended: Ctrl+Z) and has not resumed
        it: it needs no ``hang_up``."""

    def disable_input(self) -> None:
        """As Textual does, input off (the app closes, or is suspended)."""
        self.input_stopped = True
        super().disable_input()

    def resume_application_mode(self) -> None:
        """After SIGCONT (the program continued after Ctrl+Z) or a suspended app, as Textual
        does; nothing on a terminal that is gone, whose hangup sends SIGCONT too."""
        if not self.terminal_gone():
            self.input_stopped = False
            super().resume_application_mode()

    def terminal_gone(self) -> bool:
        """The terminal refused a write, or is no terminal any more (hung up: closed)."""
        return self.output.gone or self.input_gone()

    def input_gone(self) -> bool:
        """The terminal input came from is no terminal any more (hung up: closed)."""
        return self.input_tty and not os.isatty(self.fileno)

    def run_input_thread(self) -> None:
        """Textual's input thread, until the terminal is gone (``InputStop``): then the app is
        told in its loop, after ``HANGUP_WAIT`` (``hang_up``)."""
        try:
            super().run_input_thread()
        except OSError:  # the read refused (EIO) rather than ending
            if not self.input_gone():
                raise
        if self.input_gone():
            with contextlib.suppress(RuntimeError):  # the loop is closed: the app is gone too
                self.loop.call_soon_threadsafe(self.loop.call_later, HANGUP_WAIT, self.hang_up)

    def hang_up(self) -> None:
        """The terminal is gone and the app still runs, no hangup having come: the hangup's
        SIGHUP, or, where the program ignores it, the app exits."""
        if self.input_stopped:
            return
        if signal.getsignal(signal.SIGHUP) == signal.SIG_IGN:
            self.app.exit()
        else:
            os.kill(os.getpid(), signal.SIGHUP)

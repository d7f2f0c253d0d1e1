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
start again on a terminal that is gone. The one private part of Textual it touches is the file
the writer thread writes to (``LinuxDriver._file``); tests/tui/test_terminal_driver.py fails if
a Textual release changes it. The module imports ``LinuxDriver``, which Windows has not: it is
imported where Textual chose that driver (``JetSetApp.get_driver_class``).
"""

from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING, Any, cast

from textual.drivers.linux_driver import LinuxDriver

if TYPE_CHECKING:
    from textual.app import App


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

    def resume_application_mode(self) -> None:
        """After SIGCONT (the program continued after Ctrl+Z) or a suspended app, as Textual
        does; nothing on a terminal that is gone, whose hangup sends SIGCONT too."""
        if not self.terminal_gone():
            super().resume_application_mode()

    def terminal_gone(self) -> bool:
        """The terminal refused a write, or is no terminal any more (hung up: closed)."""
        return self.output.gone or (self.input_tty and not os.isatty(self.fileno))

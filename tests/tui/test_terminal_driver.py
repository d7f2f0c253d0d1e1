"""The driver of the program's own terminal stays safe when the terminal goes away
(jetset_tui/terminal_driver.py); this fails too when a Textual release changes what it relies on."""

from __future__ import annotations

import errno
import inspect
import io
import threading

from textual.drivers._writer_thread import MAX_QUEUED_WRITES, WriterThread
from textual.drivers.linux_driver import LinuxDriver

from jetset_tui.app import JetSetApp, own_terminal_driver
from jetset_tui.terminal_driver import TerminalDriver, TerminalOutput


class ClosedTerminal(io.StringIO):
    """A terminal whose window closed: every write and flush is refused."""

    def write(self, text: str) -> int:
        raise OSError(errno.EIO, "Input/output error")

    def flush(self) -> None:
        raise OSError(errno.EIO, "Input/output error")


def test_the_writer_thread_outlives_a_terminal_that_refuses_its_writes() -> None:
    """Textual's writer thread died at the first refused write; the app's writes after the
    queue's thirty then blocked its event loop for good."""
    output = TerminalOutput(ClosedTerminal())
    writer = WriterThread(output)  # type: ignore[arg-type]  # it writes, flushes, asks fileno
    writer.start()
    done = threading.Event()

    def write_many() -> None:
        for _ in range(MAX_QUEUED_WRITES * 4):
            writer.write("a frame")
        writer.stop()
        done.set()

    threading.Thread(target=write_many, daemon=True).start()
    assert done.wait(10), "the writes blocked: the writer thread died"
    assert output.gone


def test_the_writer_thread_writes_to_the_driver_file() -> None:
    """What ``TerminalDriver`` wraps: the file Textual's writer thread is given."""
    source = inspect.getsource(LinuxDriver.start_application_mode)
    assert "WriterThread(self._file)" in source


def test_the_app_drives_its_own_terminal_with_the_safe_driver() -> None:
    assert own_terminal_driver(LinuxDriver) is TerminalDriver
    assert JetSetApp().driver_class is TerminalDriver


def test_sigcont_resumes_through_the_method_that_is_kept_from_a_closed_terminal() -> None:
    """The hangup's SIGCONT started Textual's screen again on a terminal that was gone."""
    source = inspect.getsource(LinuxDriver._sigcont_application)
    assert "self.resume_application_mode()" in source

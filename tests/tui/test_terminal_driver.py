"""The driver of the program's own terminal stays safe when the terminal goes away
(jetset_tui/terminal_driver.py); this fails too when a Textual release changes what it relies on."""

from __future__ import annotations

import errno
import inspect
import io
import os
import signal
import threading
from types import SimpleNamespace
from typing import Any

import pytest
from textual.drivers._writer_thread import MAX_QUEUED_WRITES, WriterThread
from textual.drivers.linux_driver import LinuxDriver

from jetset_tui.app import JetSetApp, own_terminal_driver
from jetset_tui.terminal_driver import InputStop, TerminalDriver, TerminalOutput


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


def test_the_input_thread_asks_the_exit_event_before_each_wait_for_input() -> None:
    """What stops it on a terminal that is gone, where every wait ends at once (``InputStop``);
    and the thread runs the method ``TerminalDriver`` extends to tell the app."""
    loop = inspect.getsource(LinuxDriver.run_input_thread)
    assert "while not self.exit_event.is_set():" in loop
    assert "process_selector_events(selector.select(0.1))" in loop
    assert "self.run_input_thread()" in inspect.getsource(LinuxDriver._run_input_thread)
    assert "Thread(target=self._run_input_thread" in inspect.getsource(
        LinuxDriver.start_application_mode
    )


def test_the_input_stops_once_the_terminal_is_gone() -> None:
    gone = False
    stop = InputStop(lambda: gone)
    assert not stop.is_set()
    gone = True
    assert stop.is_set() and stop.wait(0), "set for good, as if the app stopped input"


def test_a_terminal_gone_hangs_up_a_program_that_catches_sighup() -> None:
    """``jetset play`` and ``jetset host`` then close as on a hangup (saved, paused)."""
    caught = threading.Event()
    exits: list[None] = []
    before = signal.signal(signal.SIGHUP, lambda *_: caught.set())
    try:
        hang_up(SimpleNamespace(exit=lambda: exits.append(None)), input_stopped=False)
        assert caught.wait(5)
    finally:
        signal.signal(signal.SIGHUP, before)
    assert exits == []


def test_a_terminal_gone_hangs_up_a_program_that_a_hangup_kills(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: list[tuple[int, int]] = []
    monkeypatch.setattr(os, "kill", lambda pid, signum: sent.append((pid, signum)))
    before = signal.signal(signal.SIGHUP, signal.SIG_DFL)
    try:
        hang_up(SimpleNamespace(exit=lambda: None), input_stopped=False)
    finally:
        signal.signal(signal.SIGHUP, before)
    assert sent == [(os.getpid(), signal.SIGHUP)]


def test_a_terminal_gone_closes_an_app_that_ignores_the_hangup() -> None:
    exits: list[None] = []
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        hang_up(SimpleNamespace(exit=lambda: exits.append(None)), input_stopped=False)
    finally:
        signal.signal(signal.SIGHUP, before)
    assert exits == [None]


def test_an_app_that_stopped_its_input_meanwhile_is_left_to_close() -> None:
    exits: list[None] = []
    hang_up(SimpleNamespace(exit=lambda: exits.append(None)), input_stopped=True)
    assert exits == []


def hang_up(app: Any, *, input_stopped: bool) -> None:
    """``TerminalDriver.hang_up`` of a driver of ``app``, its input stopped or not."""
    TerminalDriver.hang_up(SimpleNamespace(app=app, input_stopped=input_stopped))  # type: ignore[arg-type]

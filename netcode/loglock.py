"""One writer per log: the process that plays or hosts a game holds an ``flock`` on
``<log>.lock`` while it writes the log (docs/log-format.md, "One writer"); anything else that
would write it is refused, with a sentence saying who holds it. Reading a log is never blocked."""

from __future__ import annotations

import contextlib
import fcntl
import os
import socket
import time
from pathlib import Path


class LogLocked(ValueError):
    """A log that another process is writing (playing or hosting the game)."""

    def __init__(self, path: Path, holder: str) -> None:
        super().__init__(f"{path.name} is being played by {holder}")
        self.path = path
        self.holder = holder


def lock_path(log_path: Path) -> Path:
    return log_path.with_name(log_path.name + ".lock")


class LogLock:
    """The one writer's hold on a log: an ``flock`` on ``<log>.lock``, which the OS releases
    when the process ends however it ends. The file says who holds it, for whoever is refused."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def acquire(cls, log_path: Path, who: str) -> LogLock:
        """Hold ``log_path`` for ``who`` (e.g. "jetset host"); LogLocked if another holds it."""
        path = lock_path(log_path)
        for _ in range(20):
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _read_holder(fd)
                os.close(fd)
                if holder:
                    raise LogLocked(log_path, holder) from None
                time.sleep(0.01)  # a prober's shared lock, or a holder still writing its name
                continue
            if _same_file(path, fd):  # not a file its last holder removed meanwhile
                since = time.strftime("%H:%M")
                text = f"{who}, pid {os.getpid()} on {socket.gethostname()} since {since}"
                with contextlib.suppress(OSError):  # a full disk: held all the same, unnamed
                    os.ftruncate(fd, 0)
                    os.pwrite(fd, text.encode(), 0)
                return cls(path, fd)
            os.close(fd)
        raise LogLocked(log_path, "another jetset")

    def release(self) -> None:
        """Let go of the log (closing the process does the same)."""
        if self._fd >= 0:
            with contextlib.suppress(OSError):
                self.path.unlink()
            os.close(self._fd)
            self._fd = -1


def lock_holder(log_path: Path) -> str | None:
    """Who is writing ``log_path`` now ("jetset host, pid 1234 on kestrel since 21:03"), or None."""
    try:
        fd = os.open(lock_path(log_path), os.O_RDONLY)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return _read_holder(fd) or "another jetset"
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


def _read_holder(fd: int) -> str:
    text = os.pread(fd, 200, 0).decode("utf-8", "replace")
    return "".join(ch for ch in text if ch.isprintable()).strip()


def _same_file(path: Path, fd: int) -> bool:
    try:
        return os.stat(path).st_ino == os.fstat(fd).st_ino
    except FileNotFoundError:
        return False

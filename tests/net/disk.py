"""A disk that fills up and empties again, for the storage-fault tests.

On Linux as root, a real one: a tiny tmpfs mounted for the test, filled by a file until writes
fail with ENOSPC and emptied by removing it. Where mounting is not permitted, a table whose log
writer refuses writes with ENOSPC while the disk is "full" (the same errno, raised from the same
place, the write of a batch of records).
"""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import netcode.logfile
from engine import Options
from netcode.logfile import LogWriter
from netcode.table import Table

FILLER = "filler"
COMPILED = not netcode.logfile.__file__.endswith(".py")
"""The log writer is compiled (python3 tasks.py compiled): an interpreted subclass cannot
override what its compiled methods call."""


class RefusingWriter(LogWriter):
    """A log writer that fails like a full disk while its ``disk`` says so."""

    disk: Disk

    def write_bytes(self, data: bytes) -> None:
        if self.disk.is_full:
            raise OSError(errno.ENOSPC, "No space left on device")
        super().write_bytes(data)


class Disk:
    """A folder whose disk the test fills and empties."""

    def __init__(self, folder: Path, *, real: bool) -> None:
        self.folder = folder
        self.real = real
        self.is_full = False

    @property
    def log(self) -> Path:
        """Where a table on this disk keeps its log."""
        return self.folder / "game.jetset"

    def table(self, players: int, seed: str) -> Table:
        """A table for ``players`` people whose log is on this disk."""
        table = Table.create(Options(players=players), [], self.log, seed=seed, fsync=False)
        return self.holds(table)

    def holds(self, table: Table) -> Table:
        """``table``, its log written to this disk (on a pretend disk, by a writer that fails
        while it is "full")."""
        if not self.real:
            disk = self

            class OnThisDisk(RefusingWriter):
                pass

            OnThisDisk.disk = disk
            table.writer_type = OnThisDisk
        return table

    def fill(self) -> None:
        """Fill the disk: writes that need another page of it fail with ENOSPC from now on."""
        self.is_full = True
        if self.real:
            fd = os.open(self.folder / FILLER, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            try:
                for chunk in (b"\1" * 65536, b"\1"):  # then the last page's bytes
                    try:
                        while True:
                            os.write(fd, chunk)
                    except OSError as exc:
                        assert exc.errno == errno.ENOSPC, exc
            finally:
                os.close(fd)

    def free(self) -> None:
        self.is_full = False
        (self.folder / FILLER).unlink(missing_ok=True)


def mount_tmpfs(folder: Path, size: str = "1m") -> str | None:
    """Mount a tmpfs of ``size`` on ``folder``; None, or why it cannot be done here."""
    folder.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except OSError as exc:
        return f"no mount command ({exc})"
    if done.returncode != 0:
        return f"mounting a tmpfs is not permitted here: {done.stderr.strip()}"
    return None


def unmount(folder: Path) -> None:
    subprocess.run(["umount", "-l", str(folder)], capture_output=True, timeout=10, check=False)


@contextmanager
def full_tmpfs(folder: Path) -> Iterator[Path]:
    """A real disk already full, mounted on ``folder`` for the block (the test is skipped,
    saying why, where mounting is not permitted)."""
    why = mount_tmpfs(folder, "64k")
    if why is not None:
        pytest.skip(why)
    try:
        Disk(folder, real=True).fill()
        yield folder
    finally:
        unmount(folder)

"""What the network tests share: a disk that fills up and empties again (tests/net/disk.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .disk import COMPILED, Disk, mount_tmpfs, unmount


@pytest.fixture(params=["tmpfs", "refusing-writer"])
def disk(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Disk]:
    """A real tiny tmpfs where mounting one is permitted (root on Linux), and a log writer that
    fails like a full disk (the pure build only)."""
    folder = tmp_path / "disk"
    if request.param == "refusing-writer":
        if COMPILED:
            pytest.skip(
                "the compiled LogWriter calls its own write_bytes natively, past an interpreted "
                "override: the real tmpfs variant covers this path in that build"
            )
        folder.mkdir()
        yield Disk(folder, real=False)
        return
    why = mount_tmpfs(folder)
    if why is not None:
        pytest.skip(why)
    try:
        yield Disk(folder, real=True)
    finally:
        unmount(folder)

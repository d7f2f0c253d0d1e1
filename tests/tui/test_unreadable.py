"""A file that will not open is said in a player's words on the screen: "gone.jetset: no such
file", never Python's "[Errno 2] No such file or directory: '…'"."""

from __future__ import annotations

from pathlib import Path

from jetset_tui.app import JetSetApp
from jetset_tui.i18n import use_language


async def test_a_missing_or_odd_file_is_said_in_words(tmp_path: Path) -> None:
    gone = tmp_path / "gone.jetset"
    app = JetSetApp(resume=gone, fsync=False, saves=tmp_path)  # jetset play --resume gone.jetset
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        said = [str(n.message) for n in app._notifications]
        assert "gone.jetset: no such file" in said, said
        assert app.open_replay(gone) == "gone.jetset: no such file"
        folder = tmp_path / "a.jetset"
        folder.mkdir()
        assert app.open_log(folder) == "a.jetset: a folder, not a saved game"
        assert app.open_replay(folder) == "a.jetset: a folder, not a saved game"
        with use_language("it"):
            assert app.open_log(gone) == "gone.jetset: il file non esiste"
        assert not any("Errno" in text for text in said)

"""A file that will not open is said in a player's words on the screen: "gone.jetset: no such
file", never Python's "[Errno 2] No such file or directory: '…'"."""

from __future__ import annotations

from pathlib import Path

from jetset_tui.app import JetSetApp
from jetset_tui.i18n import use_language
from netcode.logheader import VERSION


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


async def test_a_newer_log_or_another_game_is_named_once_and_said_in_words(
    tmp_path: Path,
) -> None:
    """A play test: a log of a newer format was said "future.jetset: /tmp/…/future.jetset: log
    format version 10; …" (its name twice), and one of a game this version does not know as
    Python's "ValueError(…)". Each is its name once, then the reason in words."""
    import msgpack

    from engine import Options
    from netcode.table import Table

    def saved(name: str, **changes: object) -> Path:
        path = tmp_path / name
        table = Table.create(Options(players=2), ["greedy"], path, seed=name, fsync=False)
        table.start()
        table.close()
        unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
        unpacker.feed(path.read_bytes())
        header, *records = list(unpacker)
        header.update(changes)
        path.write_bytes(b"".join(msgpack.packb(r) for r in [header, *records]))
        return path

    future = saved("future.jetset", version=VERSION + 1)
    other = saved("other.jetset", game="jetworld")
    app = JetSetApp(fsync=False, saves=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.open_log(future) == (
            f"future.jetset: log format version {VERSION + 1}; this reads 1 to {VERSION}"
        )
        said = app.open_log(other)
        assert said is not None and said.count("other.jetset") == 1, said
        assert "jetworld" in said and "ValueError" not in said, said

"""A game not over whose log reveals its seed (a finished game's text cut short and imported): a
play test resumed one, played to the end, was told it was saved, and found a damaged log (no move
may follow a reveal). Resuming writes the log again without the reveal, the seed kept in the
secrets file, so every move made after is read back; a finished game keeps its reveal."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from engine import CHANCE, Dealer, Game, Options
from engine.jetset.bots.greedy import greedy_action
from engine.jetset.selfplay import play_game
from netcode.logfile import GameLog, read_log, write_log
from netcode.replay import replay
from netcode.table import Table
from netcode.tablefiles import Secrets, secrets_path
from tests.net.disk import FILLER, Disk, mount_tmpfs, unmount
from tests.tui.play import save_for_you

SEED = "revealed"


def revealed_log_cut_short(tmp_path: Path, keep: int) -> Path:
    """The log of a two-player game, its first ``keep`` entries (or the few more to a player's
    move), its seed revealed, and the secrets file ``jetset play --resume`` makes from it."""
    whole = play_game(Options(players=2), SEED, ("greedy",))
    game = Game(whole.options)
    for entry in whole.entries:
        if len(game.entries) >= keep and game.to_move() != CHANCE:
            break  # cut where a player is to move
        game.push(entry)
    path = save_for_you(tmp_path / "cut.jetset", game, SEED, ["Ann", "Wilbur"])
    write_log(path, revealed(read_log(path)))
    return path


def revealed(log: GameLog) -> GameLog:
    return GameLog(log.header, log.records, SEED, log.notes)


def test_a_resumed_game_whose_seed_was_revealed_keeps_every_move_after(tmp_path: Path) -> None:
    path = revealed_log_cut_short(tmp_path, 40)
    assert read_log(path).seed == SEED and not replay(read_log(path)).table.over
    table = Table.resume(path, fsync=False)
    try:
        made = 0
        while made < 6 and not table.over:
            seat = table.game.to_move()
            assert seat is not None and seat != CHANCE
            table.decide(seat, greedy_action(table.game.state, seat))
            made += 1
        entries = len(table.game.entries)
        digest = table.game.digest()
    finally:
        table.close()
    log = read_log(path)  # read back whole: no entry after a reveal
    assert log.seed is None and len(log.records) == entries > 40
    assert Secrets.load(secrets_path(path)).seed == SEED
    again = replay(revealed(log))
    assert again.ok and again.digest == digest


def test_a_finished_games_log_keeps_its_revealed_seed(tmp_path: Path) -> None:
    whole = play_game(Options(players=2), SEED, ("greedy",))
    path = save_for_you(tmp_path / "done.jetset", whole, SEED, ["Ann", "Wilbur"])
    write_log(path, revealed(read_log(path)))
    Table.resume(path, fsync=False).close()
    assert read_log(path).seed == SEED
    assert Dealer(SEED, whole.board, 2).seed  # the seed still deals: nothing else was changed


def test_on_a_full_disk_the_log_stays_as_it_was_and_nothing_is_left_beside_it(
    tmp_path: Path,
) -> None:
    """The log written again without its reveal does not fit (a real tmpfs, full): resuming
    fails saying so, the log is byte for byte what it was, no half-written copy stays beside
    it, and once there is room the game resumes."""
    folder = tmp_path / "disk"
    why = mount_tmpfs(folder, "256k")
    if why is not None:
        pytest.skip(why)
    try:
        path = revealed_log_cut_short(folder, 40)
        before = path.read_bytes()
        disk = Disk(folder, real=True)
        disk.fill()
        with pytest.raises(OSError) as full:
            Table.resume(path, fsync=False)
        assert full.value.errno == errno.ENOSPC
        assert path.read_bytes() == before
        assert sorted(p.name for p in folder.iterdir() if p.name != FILLER) == [
            "cut.jetset",
            "cut.jetset.secret",
        ]
        disk.free()
        Table.resume(path, fsync=False).close()
        assert read_log(path).seed is None
    finally:
        unmount(folder)

"""The moves held for taking back survive a killed program (netcode/heldfile.py): the table
keeps them in ``<log>.held`` beside the log, and resuming writes those that continue the game
to the log; a file that does not (garbled, out of order, a move the game refuses, a digest that
differs) changes nothing."""

from __future__ import annotations

import io
from pathlib import Path

import msgpack

from engine import Options
from engine.jetset.notation import Notation
from netcode.heldfile import held_path, read_held
from netcode.heldturn import HeldTurn
from netcode.logfile import read_log
from netcode.table import Table


def table_with_held_moves(log: Path) -> tuple[Table, int]:
    """A two-player table whose seat 0's buy and seat 1's buy are held; how many entries the
    log holds."""
    table = Table.create(Options(players=2), ["greedy"], log, seed="held-file", fsync=False)
    table.start()
    written = len(table.game.entries)
    table.held = HeldTurn((0,), written=written, rules=table.rules)
    notation = Notation(table.game.board)
    for seat in (0, 1):
        buy = next(a for a in table.game.legal_actions() if notation.format_action(a)[:3] == "buy")
        table.decide(seat, buy)
    assert len(read_log(log).records) == written < len(table.game.entries)
    return table, written


def killed(table: Table) -> None:
    """The program dies: the log and its lock let go, nothing else done."""
    assert table.writer is not None and table.lock is not None
    table.writer.close()
    table.lock.release()


def test_moves_held_when_the_program_died_are_written_on_resume(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    table, written = table_with_held_moves(log)
    played = list(zip(table.game.entries, table.game.digests, strict=True))
    kept = read_held(log)
    assert [index for index, *_ in kept] == list(range(written, len(played)))
    killed(table)
    again = Table.resume(log, fsync=False)
    try:
        assert list(zip(again.game.entries, again.game.digests, strict=True)) == played
        assert len(read_log(log).records) == len(played), "written to the log"
        assert not held_path(log).exists()
    finally:
        again.close()


def test_moves_taken_back_or_written_leave_no_held_file(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    table, written = table_with_held_moves(log)
    table.take_back(0)
    assert len(table.game.entries) == written and not held_path(log).exists()
    table.close()
    table, _ = table_with_held_moves(tmp_path / "other.jetset")
    table.write_held()
    assert not held_path(tmp_path / "other.jetset").exists()
    table.close()


def broken_files(log: Path, written: int) -> dict[str, bytes]:
    """Held files that do not continue the game, each with the ways it goes wrong."""
    good = held_path(log).read_bytes()
    records = list(msgpack.Unpacker(io.BytesIO(good), raw=False))
    first, second = records
    wrong_digest = [*second[:4], "0" * 32]
    return {
        "garbage": b"\xc1\xff not a record",
        "numbered past the log": msgpack.packb(["e", written + 1, *first[2:]]),
        "a card dealt": msgpack.packb(["e", written, -1, "reveal short S1-01", first[4]]),
        "no such move": msgpack.packb(["e", written, 0, "buy MIL-MIL 9", first[4]]),
        "the other seat's turn": msgpack.packb(["e", written, 1, *first[3:]]),
        "a digest that differs": msgpack.packb(first) + msgpack.packb(wrong_digest),
        "far too large": b"\x00" * (2 << 20),
    }


def test_a_held_file_that_does_not_continue_the_game_changes_nothing(tmp_path: Path) -> None:
    probe, written = table_with_held_moves(tmp_path / "probe.jetset")
    broken = broken_files(tmp_path / "probe.jetset", written)
    first_move = (probe.game.entries[written], probe.game.digests[written])
    probe.close()
    for what, data in broken.items():
        log = tmp_path / f"{what}.jetset"
        table, _ = table_with_held_moves(log)
        killed(table)
        held_path(log).write_bytes(data)
        on_disk = read_log(log).records
        again = Table.resume(log, fsync=False)
        try:
            kept = 1 if what == "a digest that differs" else 0  # the moves before it are good
            assert len(again.game.entries) == written + kept, what
            assert len(read_log(log).records) == len(on_disk) + kept, what
            if kept:
                assert (again.game.entries[written], again.game.digests[written]) == first_move
            assert not held_path(log).exists(), what
            assert again.game.to_move() in (0, 1)  # the game goes on from there
        finally:
            again.close()

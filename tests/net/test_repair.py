"""A log damaged at its end (a damaged record, garbage, the zeros a power loss leaves):
`--resume` refuses and names `--repair`; `--repair` shows what it cuts, keeps a copy, cuts it
and continues from the last good entry."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import msgpack
import pytest

from engine import Options
from netcode.damage import find_damage
from netcode.logfile import read_log
from netcode.table import Table
from netcode.tablefiles import TableError

from .procs import JETSET, replay_json, start_host

SEED = "repair"


def stopped_game(tmp_path: Path, entries: int = 25) -> Path:
    """A game of two bot seats stopped after ``entries`` entries, with its secrets file."""
    path = tmp_path / "game.jetset"
    table = Table.create(Options(players=2), ["greedy", "greedy"], path, seed=SEED, fsync=False)
    table.start()
    said = False
    while len(table.game.entries) < entries:
        if len(table.game.entries) >= 10 and not said:
            table.note("chat", seat=0, name="Ann", text="my turn next")  # kept by a repair
            said = True
        seat = table.game.to_move()
        assert seat is not None and seat >= 0
        table.decide(seat, table.game.legal_actions()[0])
    table.close()
    return path


def damage_last_record(raw: bytes) -> bytes:
    """The last entry's digest with one hex digit changed: still a record, but a wrong one."""
    at = len(raw) - 1
    while chr(raw[at]) not in "0123456789abcdef":
        at -= 1
    digit = b"1" if raw[at : at + 1] != b"1" else b"2"
    return raw[:at] + digit + raw[at + 1 :]


@pytest.mark.parametrize(
    ("damage", "words", "kept"),
    [
        (lambda raw: raw + bytes(4096), "4096 bytes of zeros (as a power loss leaves)", 25),
        (lambda raw: raw + b"\xc1\xff garbage \x00\x13", "bytes that are not records", 25),
        (damage_last_record, "a damaged record", 24),
        (lambda raw: raw + msgpack.packb({"t": "mystery", "x": 1}), "a damaged record", 25),
    ],
    ids=["zeros", "garbage", "damaged-record", "unknown-record"],
)
def test_resume_refuses_and_repair_cuts_back_to_the_last_good_entry(
    tmp_path: Path, damage: Callable[[bytes], bytes], words: str, kept: int
) -> None:
    path = stopped_game(tmp_path)
    good = path.read_bytes()
    records = read_log(path).records
    path.write_bytes(damage(good))
    damaged = path.read_bytes()
    with pytest.raises(TableError, match="--repair") as refused:
        Table.resume(path)
    assert words in str(refused.value) and f"after entry {kept}" in str(refused.value)
    assert path.read_bytes() == damaged  # the refusal changed nothing
    found = find_damage(path, SEED)
    assert found is not None and found.entries == kept

    table = Table.resume(path, repair=True)
    table.close()
    assert table.repaired is not None and words in table.repaired
    repaired = read_log(path)
    assert repaired.records == records[:kept]
    assert [note.fields["text"] for note in repaired.notes] == ["my turn next"]
    backups = list(tmp_path.glob("game.jetset.bak-*"))
    assert len(backups) == 1 and backups[0].read_bytes() == damaged
    assert find_damage(path, SEED) is None


def test_host_resume_repair_says_what_it_cut_and_plays_on(tmp_path: Path) -> None:
    path = stopped_game(tmp_path)
    path.write_bytes(path.read_bytes() + bytes(512))
    host, _ = start_host("--resume", str(path), "--repair", "--port", "0", "--linger", "0")
    out, err = host.communicate(timeout=60)
    assert host.returncode == 0, err
    assert "repaired" in err and "512 bytes of zeros" in err and "after entry 25" in err
    assert "the game is over" in out
    result = replay_json(path)
    assert result["ok"] and result["over"] and result["commitment_ok"]


def test_host_resume_without_repair_names_it(tmp_path: Path) -> None:
    path = stopped_game(tmp_path)
    path.write_bytes(path.read_bytes() + bytes(100))
    done = subprocess.run(
        [*JETSET, "host", "--headless", "--resume", str(path), "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "--repair" in done.stderr and "100 bytes of zeros" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_log_of_another_version_that_does_not_play_here_is_not_called_damaged(
    tmp_path: Path,
) -> None:
    """A play test: a save whose moves no longer play with this install's card data was called
    damaged "right after its header", and `--repair` offered, which would cut every move off.
    Now the resume says it was saved by another version, and no repair is offered."""
    from netcode.tableresume import OtherVersion, read_stopped

    path = stopped_game(tmp_path)
    raw = path.read_bytes()
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
    unpacker.feed(raw)
    header, *records = list(unpacker)
    header["data"] = "0" * len(header["data"])  # made with other cards
    at = next(i for i, r in enumerate(records) if type(r) is list and r[3].startswith("buy"))
    records[at][3] = records[at][3].replace("buy", "rent", 1)  # which played otherwise there
    written = b"".join(msgpack.packb(r, use_bin_type=True) for r in [header, *records])
    path.write_bytes(written)
    with pytest.raises(OtherVersion) as refused:
        read_stopped(path, repair=True)
    said = str(refused.value)
    assert "was saved by another version of Jet Set" in said and "other card data" in said
    assert "--repair" not in said and "damaged" not in said
    assert path.read_bytes() == written, "nothing cut"
    assert not list(tmp_path.glob("*.bak-*")), "no copy made: no repair was tried"

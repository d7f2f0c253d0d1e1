"""Log files that name their game (format 7): a Jet Lag game written to disk and read back (its
header, every entry, the seed revealed at the end and checked against every chance entry), and
the header's game and options refused when they make no sense."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgpack
import pytest

from engine.botgame import play_bots
from engine.games import GAMES
from engine.jetlag.actions import CHANCE
from engine.jetset.dealer import deal_seed, pledge_for, seed_commitment
from netcode.logerrors import LogFormatError
from netcode.logfile import (
    GameLog,
    LogRecord,
    LogWriter,
    parse_log,
    read_header,
    read_log,
    record_entry,
    write_game,
    write_log,
)
from netcode.logheader import VERSION, Header, Seat
from netcode.replay import replay
from netcode.seatkind import SeatKind

JET_LAG = GAMES["jetlag"]
SECRET = "the host's secret"
VALUES: list[str | None] = ["0123456789abcdef0123456789abcdef", None]


def jetlag_header(contributions: list[str | None] | None = None) -> Header:
    seats = [Seat("Ann"), Seat("greedy-1", SeatKind.of_bot("greedy"))]
    header = Header({"seats": 2}, seats, seed_commitment(SECRET), game="jetlag")
    if contributions:
        header.contributions = contributions
        header.pledges = [None if v is None else pledge_for(v) for v in contributions]
    return header


def records(table: Any) -> list[LogRecord]:
    """A table's entries as a log's records."""
    out: list[LogRecord] = []
    for i, (entry, digest) in enumerate(zip(table.entries, table.digests, strict=True)):
        wire = JET_LAG.entry_to_wire(entry)
        out.append((i, entry.seat, str(wire["action"]), digest))
    return out


def test_a_jet_lag_log_is_written_entry_by_entry_and_read_back(tmp_path: Path) -> None:
    table = play_bots(JET_LAG, {}, deal_seed(SECRET, VALUES), ["greedy", "search"])
    path = tmp_path / "lag.jetset"
    half = len(table.entries) // 2
    with LogWriter(path, jetlag_header(VALUES), fsync=False) as writer:
        writer.entries(0, table.entries[:half], table.digests[:half])
    with LogWriter.append_to(path, fsync=False) as writer:  # the game from the file's header
        for i in range(half, len(table.entries)):
            writer.entry(i, table.entries[i], table.digests[i])
        writer.reveal(SECRET)
    assert read_header(path).game == "jetlag"
    raw = list(msgpack.Unpacker(open(path, "rb"), raw=False))  # noqa: SIM115
    assert raw[0]["version"] == VERSION and raw[0]["game"] == "jetlag"
    assert raw[0]["options"] == {"seats": 2} and raw[0]["rules"] == "jetlag-1"
    assert raw[1][:3] == ["e", 0, CHANCE] and raw[1][3].startswith("setup ")
    assert raw[-1] == {"t": "reveal", "seed": SECRET}

    log = read_log(path)
    assert log.header.game == "jetlag" and log.header.options == {"seats": 2}
    assert [s.name for s in log.header.seats] == ["Ann", "greedy-1"]
    assert log.seed == SECRET and log.header.seat_contributions() == VALUES
    entries = [record_entry(JET_LAG, actor, text) for _, actor, text, _ in log.records]
    assert entries == table.entries
    assert [digest for *_, digest in log.records] == table.digests
    result = replay(log)
    assert result.ok and result.commitment_ok and result.digest == table.digest()
    assert result.entries == len(table.entries) and not result.warnings
    summary = result.summary()
    assert summary["scores"] == list(table.result().points) and summary["over"] is True
    assert replay(log).digest == table.digest()


def test_a_chance_entry_the_seed_did_not_deal_is_found(tmp_path: Path) -> None:
    """A log whose piles were swapped, digests and all, replays; the revealed seed says no."""
    table = play_bots(JET_LAG, {}, SECRET, ["random", "random"])
    path = tmp_path / "lag.jetset"
    write_game(path, jetlag_header(), table, SECRET)
    log = read_log(path)
    assert replay(log).ok
    other = play_bots(JET_LAG, {}, "another seed", ["random", "random"])
    log.records = records(other)
    swapped = replay(log)
    assert not swapped.ok and swapped.bad_entry == 0
    assert swapped.error is not None and "the seed deals 'setup " in swapped.error
    assert replay(log, verify_seed=False).ok
    log.seed = "a wrong seed"
    wrong = replay(log)
    assert not wrong.ok and "does not match its commitment" in str(wrong.error)


def test_a_tampered_entry_is_named_and_nothing_after_it_is_applied(tmp_path: Path) -> None:
    table = play_bots(JET_LAG, {}, SECRET, ["greedy", "greedy"])
    log = GameLog(jetlag_header(), records(table), None)
    i = next(i for i, r in enumerate(log.records) if r[1] != CHANCE)
    index, actor, _, digest = log.records[i]
    log.records[i] = (index, actor, "t Z9 1", digest)
    path = tmp_path / "bad.jetset"
    write_log(path, log)
    bad = replay(read_log(path))
    assert not bad.ok and bad.bad_entry == i and bad.entries == i
    assert f"entry {i} ({actor} t Z9 1): no card 'Z9'" in str(bad.error)


def test_older_formats_are_jet_set_logs_and_a_game_they_cannot_hold_is_refused() -> None:
    seats = [Seat("a"), Seat("b")]
    old = Header({"seats": 2}, seats, "c", game="jetset", version=6)
    data = old.to_dict() | {"options": {"players": 2}}
    assert "game" not in data
    assert Header.from_dict(data).game == "jetset"
    with pytest.raises(ValueError, match="a format 6 log cannot hold a game of 'jetlag'"):
        Header({"seats": 2}, seats, "c", game="jetlag", version=6)
    new = jetlag_header().to_dict()
    for bad, problem in (
        ({"game": "chess"}, "a log of the game 'chess'; this version plays jetset, jetlag"),
        ({"game": None}, "a log of the game None"),
        ({"options": {"seats": 3}}, "Jet Lag has no options but seats: 2"),
        ({"options": {"players": 2}}, "Jet Lag has no options but seats: 2"),
        ({"seats": [{"name": "solo"}]}, "the options say 2 seats, the header 1"),
    ):
        with pytest.raises(LogFormatError, match=problem):
            Header.from_dict(new | bad)
    packed = msgpack.packb(new | {"game": "chess"})
    with pytest.raises(LogFormatError, match="chess"):
        parse_log(packed)

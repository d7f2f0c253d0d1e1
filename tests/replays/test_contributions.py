"""The peers' contributions and pledges in a log (header fields ``contributions``, format 4, and
``pledges``, format 5): written, read, exported, imported and re-dealt by `jetset replay
--verify`, on real files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgpack
import pytest
from jsonschema import Draft202012Validator

from engine import Options
from engine.jetset.dealer import pledge_for
from engine.jetset.selfplay import seat_bots
from netcode.logfile import LogFormatError, parse_log, read_log, write_log
from netcode.replay import replay
from netcode.table import Table
from netcode.textlog import TextLogError, export_text, import_text

SEED = "contributed"
A, B = "a1" * 16, "b2" * 16
VALUES: list[str | None] = [A, None, B]


def contributed_game(tmp_path: Path, values: list[str | None] = VALUES) -> Path:
    """A finished 3-seat game whose deal mixed ``values`` in, played through the host's table."""
    path = tmp_path / "contributed.jetset"
    table = Table.create(Options(players=3), ["greedy"] * 3, path, seed=SEED, fsync=False)
    for seat, value in enumerate(values):
        if value is not None:
            table.pledge(seat, pledge_for(value))
            assert table.contribute(seat, value) is None
    table.start()
    bots = seat_bots(["greedy"], 3, SEED)
    game = table.game
    while (seat := game.to_move()) is not None:
        table.decide(seat, bots[seat].act(game.state.view(seat), game.rules))
    table.reveal()
    table.close()
    return path


def log_path(tmp_path: Path) -> Path:
    return tmp_path / "contributed.jetset"


def verify(path: Path) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-m", "jetset_tui", "replay", str(path), "--verify", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def with_contributions(path: Path, values: list[str | None], name: str) -> Path:
    """The log with other values, and pledges to match them (as a forger would write)."""
    log = read_log(path)
    log.header.contributions = values
    log.header.pledges = [None if v is None else pledge_for(v) for v in values]
    out = path.with_name(name)
    write_log(out, log)
    return out


def test_the_header_holds_them_and_replay_re_deals_every_card(tmp_path: Path) -> None:
    path = contributed_game(tmp_path)
    log = read_log(path)
    assert log.header.seat_contributions() == VALUES
    assert verify(path)["ok"] and replay(log).commitment_ok
    text = subprocess.run(
        [sys.executable, "-m", "jetset_tui", "replay", str(path), "--verify"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert "every card dealt from the seed and 2 players' random values" in text
    for values, name in [([B, None, A], "swapped"), ([None] * 3, "dropped"), ([A, A, B], "added")]:
        forged = verify(with_contributions(path, values, f"{name}.jetset"))
        assert not forged["ok"] and forged["bad_entry"] == 0, forged
        assert "the seed deals" in forged["error"]


def test_a_format_4_header_without_them_reads_as_none(tmp_path: Path) -> None:
    log = read_log(contributed_game(tmp_path, [None, None, None]))
    raw = log.header.to_dict()
    assert raw["contributions"] == [None, None, None]
    del raw["contributions"]
    assert parse_log(msgpack.packb(raw)).header.seat_contributions() == [None, None, None]


@pytest.mark.parametrize("bad", [[A], [A, None, "x"], "a" * 32, [A, None, B.upper()]])
def test_a_header_with_bad_contributions_is_a_format_error(tmp_path: Path, bad: object) -> None:
    raw = read_log(contributed_game(tmp_path)).header.to_dict()
    raw["contributions"] = bad
    with pytest.raises(LogFormatError, match=r"bad header: .*contribution"):
        parse_log(msgpack.packb(raw))


def test_a_contribution_that_does_not_match_its_pledge_is_a_format_error(tmp_path: Path) -> None:
    raw = read_log(contributed_game(tmp_path)).header.to_dict()
    assert raw["pledges"] == [pledge_for(A), None, pledge_for(B)]
    raw["pledges"] = [pledge_for(B), None, pledge_for(B)]
    with pytest.raises(LogFormatError, match=r"seat 0's contribution does not match its pledge"):
        parse_log(msgpack.packb(raw))
    raw["pledges"] = [None, None, pledge_for(B)]
    with pytest.raises(LogFormatError, match=r"seat 0's contribution does not match its pledge"):
        parse_log(msgpack.packb(raw))


def test_a_format_4_header_reads_with_no_pledges(tmp_path: Path) -> None:
    raw = read_log(contributed_game(tmp_path)).header.to_dict()
    raw["version"] = 4
    del raw["pledges"]
    header = parse_log(msgpack.packb(raw)).header
    assert header.seat_contributions() == VALUES and header.seat_pledges() == [None] * 3


def test_a_format_3_game_takes_none_and_writes_none(tmp_path: Path) -> None:
    path = tmp_path / "old.jetset"
    table = Table.create(Options(players=2), ["greedy", "greedy"], path, seed=SEED, fsync=False)
    table.version = 3
    assert not table.pledge(0, pledge_for(A))
    assert table.contribute(0, A) is not None
    table.start()
    table.close()
    raw = next(iter(msgpack.Unpacker(open(path, "rb"), raw=False)))  # noqa: SIM115
    assert raw["version"] == 3 and "contributions" not in raw


def test_text_export_and_import_keep_them(tmp_path: Path) -> None:
    log = read_log(contributed_game(tmp_path))
    text = export_text(log, replay(log).game)
    assert f'[Contributions "{A} - {B}"]' in text
    assert f'[Pledges "{pledge_for(A)} - {pledge_for(B)}"]' in text
    imported = import_text(text)
    assert imported.header.seat_contributions() == VALUES
    assert imported.header.seat_pledges() == read_log(log_path(tmp_path)).header.seat_pledges()
    result = replay(imported)
    assert result.ok and result.commitment_ok
    with pytest.raises(TextLogError, match=r"\[Contributions\] needs 3 values"):
        import_text(text.replace(f"{A} - {B}", f"{A} {B}"))
    with pytest.raises(TextLogError, match=r"seat 0's contribution does not match its pledge"):
        import_text(text.replace(f"{pledge_for(A)} -", f"{pledge_for(B)} -"))


def test_json_export_carries_them_in_the_schema(tmp_path: Path) -> None:
    schema = json.loads((Path(__file__).parents[2] / "docs" / "export.schema.json").read_text())
    validator = Draft202012Validator(schema)
    data = read_log(contributed_game(tmp_path)).to_json()
    validator.validate(data)
    assert data["header"]["contributions"] == VALUES
    assert data["header"]["pledges"] == [pledge_for(A), None, pledge_for(B)]
    data["header"]["contributions"] = [A, 7, B]
    assert not validator.is_valid(data)

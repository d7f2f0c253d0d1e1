"""The data hash in a log's header (format 6: every data file the game reads) and in the host's
``welcome``: a replay on other data warns, a format 5 log is checked against the board file's
hash it holds, and a peer whose cards differ from the host's does not join (real processes on
127.0.0.1, the host's install given other Investor cards)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import data
from engine import Dealer, Game, Options, play_chance
from engine.jetset.notation import Notation
from netcode.logfile import GameLog, Header, Seat, parse_log, write_log
from netcode.replay import replay

from .procs import JETSET, json_result, start_join

DATA_DIR = Path(data.__file__).parent


def test_the_data_hash_covers_every_data_file() -> None:
    """As docs/log-format.md writes it: each file's name, a zero byte, its length (8 bytes
    big-endian) and its bytes, in ``DATA_FILES`` order; every .json the package ships is in."""
    assert sorted(data.DATA_FILES) == sorted(p.name for p in DATA_DIR.glob("*.json"))
    digest = hashlib.sha256()
    for name in data.DATA_FILES:
        raw = (DATA_DIR / name).read_bytes()
        digest.update(name.encode() + b"\0" + len(raw).to_bytes(8, "big") + raw)
    assert data.data_hash() == digest.hexdigest()
    assert data.board_hash() == hashlib.sha256((DATA_DIR / "board.json").read_bytes()).hexdigest()
    assert data.data_hash() != data.board_hash()


def dealt_log(tmp_path: Path, version: int, data_hash: str = "") -> GameLog:
    """The deal of a 2-player game, written with a header of ``version`` and read back."""
    game = Game(Options(players=2))
    play_chance(game, Dealer("data-hash", game.board, 2))
    n = Notation(game.board)
    records = [
        (i, e.actor, n.format_action(e.action), d)
        for i, (e, d) in enumerate(zip(game.entries, game.digests, strict=True))
    ]
    seats = [Seat("Ann"), Seat("Bob")]
    header = Header(game.options, seats, "c" * 64, version=version, data_hash=data_hash)
    path = tmp_path / f"v{version}.jetset"
    write_log(path, GameLog(header, records))
    return parse_log(path.read_bytes())


def test_a_replay_warns_of_other_card_data_by_the_logs_format(tmp_path: Path) -> None:
    new = dealt_log(tmp_path, 6)
    assert new.header.data_hash == data.data_hash()
    assert replay(new).ok and replay(new).warnings == []
    old = dealt_log(tmp_path, 5)
    assert old.header.data_hash == data.board_hash(), "format 5 hashed the board alone"
    assert replay(old).ok and replay(old).warnings == []
    board_only = dealt_log(tmp_path, 6, data.board_hash())
    assert replay(board_only).warnings == ["the log was made with other card data"]


def test_a_peer_with_other_cards_does_not_join(tmp_path: Path) -> None:
    """The host runs on a copy of the data whose Investor cards file differs by a byte (the
    same cards, another file: any difference counts); ``jetset join`` on this install's data is
    refused with a sentence and takes no seat."""
    other = tmp_path / "other"
    shutil.copytree(DATA_DIR, other / "data")
    investors = other / "data" / "investors.json"
    investors.write_bytes(investors.read_bytes() + b"\n")
    host = subprocess.Popen(
        [*JETSET, "host", "--headless", "--bind", "127.0.0.1", "--port", "0", "--players", "2",
         "--bots", "greedy", "--log", str(tmp_path / "hosted.jetset"), "--linger", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=other,
        env={**os.environ, "PYTHONSAFEPATH": ""},  # the copy in cwd is the `data` imported
    )  # fmt: skip
    try:
        assert host.stdout is not None
        line = host.stdout.readline()
        assert "listening on 127.0.0.1:" in line, line
        port = int(line.rsplit(":", 1)[1].split()[0])
        result = json_result(start_join(port, "--bot", "random"))
        assert result["ok"] is False
        assert "other cards or another map than yours" in result["error"]
    finally:
        host.kill()
        host.communicate()

"""Seats come back by their secret, never by name: ``jetset join`` keeps its seat key per game
(netcode/seatkeys.py) and a later join of the same game takes the seat back without a token."""

from __future__ import annotations

import os
import signal
import stat
import time
from pathlib import Path

from engine import Options, seed_commitment
from netcode.seatkeys import SeatKey, SeatKeys
from netcode.table import Table
from netcode.userdirs import seat_keys_dir

from .procs import json_result, start_host, start_join, wait_for_entries

TOKEN = "0123456789abcdef0123456789abcdef"


def kept(seed: str) -> list[SeatKey]:
    return SeatKeys(seat_keys_dir()).load(seed_commitment(seed))


def wait_for_key(seed: str, timeout: float = 10) -> list[SeatKey]:
    deadline = time.monotonic() + timeout
    while not kept(seed):
        assert time.monotonic() < deadline, "no seat key was kept"
        time.sleep(0.02)
    return kept(seed)


def test_the_key_files_are_private_and_only_hex_names_a_file(tmp_path: Path) -> None:
    keys = SeatKeys(tmp_path / "seats")
    commitment = seed_commitment("private")
    keys.keep(commitment, SeatKey(2, TOKEN))
    path = keys.path(commitment, 2)
    assert path is not None and stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(tmp_path / "seats").st_mode) == 0o700
    keys.keep(commitment, SeatKey(0, TOKEN.upper()))  # not a token: ignored
    keys.keep(commitment, SeatKey(3, TOKEN[::-1]))
    keys.keep(seed_commitment("another game"), SeatKey(1, TOKEN))
    assert keys.load(commitment) == [SeatKey(2, TOKEN), SeatKey(3, TOKEN[::-1])]
    for hostile in ("../../etc/passwd", "", "ab/cd" * 8, "0" * 200, "*"):
        assert keys.path(hostile, 0) is None
        keys.keep(hostile, SeatKey(0, TOKEN))
        assert keys.load(hostile) == []
    assert len(list((tmp_path / "seats").iterdir())) == 3
    keys.forget(commitment, 2)
    assert keys.load(commitment) == [SeatKey(3, TOKEN[::-1])]
    keys.forget(commitment, 3)
    assert keys.load(commitment) == []


def test_a_seat_is_taken_back_only_when_no_live_joiner_sits_in_it(tmp_path: Path) -> None:
    """Two joiners of one account started at once: the second must not take the first's seat
    with the key the first has just kept (the race seen with two `jetset join --bot`)."""
    commitment = seed_commitment("race")
    first, second = SeatKeys(tmp_path / "seats"), SeatKeys(tmp_path / "seats")
    assert first.hold(commitment, 1) and first.hold(commitment, 1)  # its own: again
    first.keep(commitment, SeatKey(1, TOKEN))
    assert second.load(commitment) == [SeatKey(1, TOKEN)]
    assert not second.hold(commitment, 1), "the first joiner sits there"
    assert second.hold(commitment, 2)
    first.forget(commitment, 1)  # the game is over for the first (or its process died)
    assert second.hold(commitment, 1)


def test_a_place_names_a_kept_seat_only_while_its_key_is_there_and_free(tmp_path: Path) -> None:
    """``ssh://`` finds a seat by its server's game (a ``.place``, netcode/seatkeys.py): the key
    kept there, its lock taken; nothing for another place, a seat a live joiner holds, or a
    game over (and the place is then forgotten)."""
    commitment = seed_commitment("place")
    here = "SHA256:abc ssh://erin@127.0.0.1:2222/6"
    first, second = SeatKeys(tmp_path / "seats"), SeatKeys(tmp_path / "seats")
    first.keep(commitment, SeatKey(1, TOKEN))
    first.keep_place(here, commitment, 1)
    path = first.place_path(here)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600 and "erin" not in path.name
    assert first.at_place(here) == SeatKey(1, TOKEN)
    assert first.at_place(here.replace("/6", "/7")) is None
    assert first.at_place(here.replace("abc", "abd")) is None, "another server's key"
    assert second.at_place(here) is None, "the first joiner sits there"
    first.forget(commitment, 1)  # the game is over
    assert second.at_place(here) is None and not path.exists()


def test_a_joiner_killed_mid_game_comes_back_to_its_seat_without_a_token(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    seed = "seat-key-crash"
    host, port = start_host(
        "--port", "0", "--players", "3", "--bots", "greedy", "--seed", seed, "--log", str(log),
        "--json",
    )  # fmt: skip
    first = start_join(port, "--bot", "greedy", "--delay", "0.02")
    other = start_join(port, "--bot", "greedy", "--delay", "0.02")
    wait_for_entries(log, 15)
    keys = wait_for_key(seed)
    assert len(keys) == 2  # a key for each of this account's seats in the game
    first.send_signal(signal.SIGKILL)
    first.wait(10)
    again = start_join(port, "--bot", "greedy")  # no --token
    back, stayed, hosted = json_result(again), json_result(other), json_result(host)
    assert back["ok"] and stayed["ok"] and hosted["ok"], (back, stayed)
    assert {back["seat"], stayed["seat"]} == {0, 1}
    assert back["digest"] == stayed["digest"] == hosted["digest"]
    assert kept(seed) == []  # the game is over: nothing to come back to


def test_a_stale_key_of_another_game_of_the_same_seed_is_forgotten(tmp_path: Path) -> None:
    seed = "seat-key-stale"
    SeatKeys(seat_keys_dir()).keep(seed_commitment(seed), SeatKey(0, TOKEN))
    host, port = start_host(
        "--port", "0", "--players", "2", "--bots", "greedy", "--seed", seed,
        "--log", str(tmp_path / "game.jetset"),
    )  # fmt: skip
    result = json_result(start_join(port, "--bot", "greedy"))
    host.communicate(timeout=30)
    assert result["ok"] and result["seat"] == 0, result
    assert kept(seed) == []


def test_a_headless_resume_leaves_the_hosts_seat_to_jetset_join_on_this_machine(
    tmp_path: Path,
) -> None:
    """The host played seat 0 in the app; resumed with --headless, that seat waits for its
    player, and ``jetset join`` here takes it by the key the host kept (docs/protocol.md)."""
    log = tmp_path / "game.jetset"
    seed = "headless-resume"
    table = Table.create(
        Options(players=2), ["greedy"], log, seed=seed, fsync=False, host_name="Hal"
    )
    table.start()
    table.close()
    host, port = start_host("--port", "0", "--resume", str(log), "--json")
    assert host.stdout is not None and host.stderr is not None
    said = host.stderr.readline()  # with --json, the seat's line goes to stderr
    token = table.keys.token(0)
    assert "the host's seat is player 1 (Hal)" in said and f"--token {token}" in said
    result = json_result(start_join(port, "--bot", "greedy"))
    assert result["ok"] and result["seat"] == 0 and result["name"] == "Hal", result
    assert json_result(host)["digest"] == result["digest"]

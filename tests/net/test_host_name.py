"""``jetset host`` without ``--name`` seats its player under their login name (as the local game
and an SSH player are named), not "host"; ``--name`` still wins."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from jetset_tui.app import JetSetApp
from jetset_tui.seat_names import login_name
from netcode.client import GameClient
from netcode.logfile import read_log

from .hosting import host_args, host_with_screen, until

ARGS = ("--players", "2", "--bots", "greedy", "--seed", "host-name", "--port", "0", "--linger", "1")


def test_a_login_name_that_reads_as_a_name(monkeypatch: pytest.MonkeyPatch) -> None:
    for login, name in (("alice", "Alice"), ("first.last", "First.last"), ("a b", None)):
        monkeypatch.setenv("LOGNAME", login)
        assert login_name() == name, login


async def seated(tmp_path: Path, name: str | None) -> list[str]:
    """The names the seats are given in the log: the host's, then the bot's."""
    log = tmp_path / "game.jetset"
    args = host_args(*ARGS, "--log", str(log))
    args.name = name

    async def script(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        await until(pilot, lambda: bool(client.seats) and client.seats[0].name is not None)
        await pilot.press("ctrl+c")  # pause: the log keeps the seats

    assert await host_with_screen(args, script) == 0
    return [seat.name for seat in read_log(log).header.seats]


async def seated_as(tmp_path: Path, name: str | None) -> str:
    """The name the host's seat is given in the log."""
    return (await seated(tmp_path, name))[0]


async def test_the_host_is_called_by_their_login_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LOGNAME", "alice")
    assert await seated_as(tmp_path / "a", None) == "Alice"
    assert await seated_as(tmp_path / "b", "Hal") == "Hal"
    monkeypatch.setenv("LOGNAME", "a b")  # no name to read: the word for the seat
    assert await seated_as(tmp_path / "c", None) == "host"


async def test_a_hosted_bot_has_a_players_name_not_its_kind(tmp_path: Path) -> None:
    """The bots of a hosted game are named as at one keyboard (Amelia, Wilbur ...), not
    ``greedy-1``; never with the host's own name."""
    assert await seated(tmp_path / "a", "Hal") == ["Hal", "Amelia"]
    assert await seated(tmp_path / "b", "amelia") == ["amelia", "Wilbur"]

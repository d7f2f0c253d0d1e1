"""Issue 15, item 1: a host that plays a seat stops, resumes, and is back in its own seat.

The host is ``jetset host`` in this process with the real app under Pilot as its screen; the
joiner is a real ``jetset join`` process over TCP. The stopped and resumed game ends with the
same entries and digests as an uninterrupted game of the same seed and the same moves.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from jetset_tui.app import JetSetApp
from jetset_tui.screens.end import EndScreen
from jetset_tui.screenshot import screen_text
from netcode.client import GameClient
from netcode.tablefiles import Secrets, secrets_path

from .hosting import host_args, host_with_screen, hosting_of, my_turn, play, records, until
from .procs import json_result, start_join

SAME_DEAL = ("--contribution", "5c" * 16)
"""The joiner's random value for the deal, fixed: both evenings deal the same cards."""

COMMON = ("--players", "3", "--bots", "greedy", "--seed", "host-seat", "--linger", "10")


async def two_turns_of_income(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
    for _ in range(2):
        await play(app, pilot, client, "income")
    await until(pilot, lambda: my_turn(app))


async def test_the_host_stops_resumes_in_its_own_seat_and_the_game_ends_as_uninterrupted(
    tmp_path: Path,
) -> None:
    log = tmp_path / "stopped.jetset"
    joiners = []
    port = 0

    async def first_evening(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        nonlocal port
        port = hosting_of(client).port
        joiners.append(start_join(port, "--bot", "greedy", "--reconnect-for", "5", *SAME_DEAL))
        await two_turns_of_income(app, pilot, client)
        await pilot.press("ctrl+c")

    assert (
        await host_with_screen(host_args(*COMMON, "--port", "0", "--log", str(log)), first_evening)
        == 0
    )
    first = json_result(joiners[0])
    assert joiners[0].returncode == 0, "the host paused: the joiner ends normally"
    assert not first["ok"] and "the host paused the game" in first["error"]
    assert "--resume" not in first["error"], "the host's command and folders are the host's"
    assert first["seat"] == 1
    assert Secrets.load(secrets_path(log)).host_seat == 0
    paused_at = len(records(log))

    async def second_evening(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        assert client.local_seats == (0,), "the host is back in its own seat, by its token"
        await until(pilot, lambda: my_turn(app))
        assert "Hal  you" in screen_text(app)
        assert len(client.game.entries) == paused_at
        joiners.append(start_join(port, "--bot", "greedy"))  # no --token: its kept seat key
        await pilot.press("q", "b")
        await until(pilot, lambda: isinstance(app.screen, EndScreen), 90)
        await pilot.press("ctrl+q")

    resume = host_args("--resume", str(log), "--port", str(port), "--linger", "10")
    assert await host_with_screen(resume, second_evening) == 0
    second = json_result(joiners[1])
    assert second["ok"] and second["seat"] == 1, second

    uninterrupted = tmp_path / "uninterrupted.jetset"

    async def one_evening(app: JetSetApp, pilot: Pilot[None], client: GameClient) -> None:
        joiners.append(start_join(hosting_of(client).port, "--bot", "greedy", *SAME_DEAL))
        await two_turns_of_income(app, pilot, client)
        await pilot.press("q", "b")
        await until(pilot, lambda: isinstance(app.screen, EndScreen), 90)
        await pilot.press("ctrl+q")

    args = host_args(*COMMON, "--port", "0", "--log", str(uninterrupted))
    assert await host_with_screen(args, one_evening) == 0
    assert json_result(joiners[2])["ok"]
    assert records(log) == records(uninterrupted)
    assert second["digest"] == records(log)[-1][2]

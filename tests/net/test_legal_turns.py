"""A bot that does not carry the rules (examples/bots/socket_bot.py): it asks the host for its
legal actions and its view of the table (``hello.legal``) and plays one of the actions each
turn, over a raw TCP socket with nothing of ours but the protocol."""

from __future__ import annotations

import asyncio
import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

from engine import Deal, Game
from engine.jetset.notation import Notation
from engine.jetset.position import position
from netcode.logfile import read_log
from netcode.protocol import PROTOCOL
from netcode.replay import replay

from .procs import json_result, replay_json, start_host


def load_example() -> Any:
    """examples/bots/socket_bot.py, the recipe this test holds to its word."""
    path = Path(__file__).resolve().parents[2] / "examples" / "bots" / "socket_bot.py"
    spec = importlib.util.spec_from_file_location("socket_bot_example", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


EXAMPLE = load_example()
send, receive = EXAMPLE.send, EXAMPLE.receive


async def rules_free_bot(port: int) -> tuple[int, list[dict[str, Any]]]:
    result: tuple[int, list[dict[str, Any]]] = await asyncio.wait_for(
        EXAMPLE.play("127.0.0.1", port), 120
    )
    return result


def test_a_bot_without_the_rules_plays_a_whole_game_from_the_legal_lists(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    host, port = start_host(
        "--port", "0", "--players", "2", "--bots", "greedy", "--seed", "raw", "--log", str(log),
        "--json",
    )  # fmt: skip
    seat, turns = asyncio.run(rules_free_bot(port))
    assert json_result(host)["digest"] == replay_json(log)["digest"]
    # every list and view the host sent is the engine's own, for that seat, at that moment
    game = replay(read_log(log)).game
    notation = Notation(game.board)
    again = Game(game.options)
    expected = []
    for entry in game.entries:
        if again.to_move() == seat:
            legal = [notation.format_action(a) for a in again.legal_actions()]
            expected.append((len(again.entries), legal, position(again.state.view(seat))))
        again.push(entry)
    assert [(t["i"], t["legal"], t["view"]) for t in turns] == expected and len(turns) > 20
    assert game.over
    # the view holds the seat's own Final Flights, and the other seat's only once it flies one
    hands = {e.action.seat: e.action.cards for e in game.entries if isinstance(e.action, Deal)}
    other = 1 - seat
    assert any(t["view"]["seats"][seat]["hand"] == list(hands[seat]) for t in turns)
    for turn in turns:
        assert turn["view"]["seats"][other]["hand"] is None
        if turn["view"]["seats"][other]["final"] is None:
            assert not [card for card in hands[other] if card in repr(turn)]


async def spectator_messages(port: int) -> list[dict[str, Any]]:
    """A spectator that asks for legal actions (after a malformed ask): what it receives."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    hello = {"t": "hello", "app": "jetset", "proto": PROTOCOL, "client": "watcher"}
    await send(writer, {**hello, "legal": "yes"})
    refused = await asyncio.wait_for(receive(reader), 10)
    assert refused["t"] == "error" and refused["code"] == "malformed" and not refused["fatal"]
    await send(writer, {**hello, "legal": True})
    await send(writer, {"t": "spectate", "have": 0})
    seen = []
    while not seen or seen[-1]["t"] != "end":
        seen.append(await asyncio.wait_for(receive(reader), 60))
    writer.close()
    return seen


def test_only_the_seat_to_move_hears_its_legal_actions(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    host, port = start_host(
        "--port", "0", "--players", "2", "--bots", "greedy", "--seed", "watch", "--log",
        str(log),
    )  # fmt: skip

    async def both() -> list[dict[str, Any]]:
        watcher = asyncio.create_task(spectator_messages(port))
        await asyncio.sleep(0.2)  # the spectator is in before the game starts
        await rules_free_bot(port)
        return await watcher

    seen = asyncio.run(both())
    host.communicate(timeout=60)
    assert sum(m["t"] == "entry" for m in seen) == len(read_log(log).records)
    assert not [m for m in seen if m["t"] == "turn"], "a spectator never hears a seat's turn"


def test_the_example_says_its_usage_instead_of_a_traceback() -> None:
    """A bot author's play test: `socket_bot.py --help` crashed on int("--help")."""
    path = Path(__file__).resolve().parents[2] / "examples" / "bots" / "socket_bot.py"
    for args in (["--help"], ["127.0.0.1"], ["host:port"]):
        done = subprocess.run(
            [sys.executable, str(path), *args], capture_output=True, text=True, timeout=30
        )
        assert done.returncode == 1 and "usage:" in done.stderr, done.stderr
        assert "Traceback" not in done.stderr


async def test_the_example_bot_pings_while_it_waits_for_players(tmp_path: Path) -> None:
    """A bot author's play test: their bot, written from the docs, was dropped ("idle") while
    the game waited 45 s for its last player. The example pings at the interval the welcome
    names: here the host drops a silent peer after 3 s (room for a loaded machine, which once
    let 1 s pass between pings of 0.3 s), and the example, joined first, is still there to play
    when the second player comes 6 s later."""
    from netcode.host import HostSettings

    from .helpers import serve

    settings = HostSettings(ping_every=0.5, idle_timeout=3.0)
    async with serve(tmp_path, 2, seed="pings", settings=settings) as served:
        playing = asyncio.ensure_future(rules_free_bot(served.port))
        await asyncio.sleep(6.0)
        assert not playing.done(), "dropped while it waited"
        other = await served.bot("greedy", "Late")
        seat, turns = await playing
        assert served.table.game.over and turns and seat == 0
        await other.close()

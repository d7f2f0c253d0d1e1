"""A bot that does not carry the rules: it asks the host for its legal actions (``hello.legal``)
and plays one of them each turn, over a raw TCP socket with nothing of ours but the protocol."""

from __future__ import annotations

import asyncio
import struct
from pathlib import Path
from typing import Any

import msgpack

from engine import Game
from engine.notation import Notation
from netcode.logfile import read_log
from netcode.replay import replay

from .procs import json_result, replay_json, start_host


async def send(writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
    body = msgpack.packb(message)
    writer.write(struct.pack(">I", len(body)) + body)
    await writer.drain()


async def receive(reader: asyncio.StreamReader) -> dict[str, Any]:
    (length,) = struct.unpack(">I", await reader.readexactly(4))
    message: dict[str, Any] = msgpack.unpackb(await reader.readexactly(length))
    return message


def pick(legal: list[str]) -> str:
    """Claim when it can, else take income: a bot in a dozen lines of any language."""
    for line in legal:
        if line.startswith(("claim ", "final ", "plane")):
            return line
    return "income" if "income" in legal else legal[0]


async def rules_free_bot(port: int) -> tuple[int, list[list[str]]]:
    """Play a seat to the end of the game; the seat and every legal list the host sent."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    await send(writer, {"t": "hello", "app": "jetset", "proto": 2, "client": "raw", "legal": True})
    await send(writer, {"t": "join", "name": "raw"})
    seat, offered, asked = -1, [], 0
    while True:
        msg = await asyncio.wait_for(receive(reader), 60)
        if msg["t"] == "seated":
            seat = msg["seat"]
        elif msg["t"] == "turn":
            assert msg["seat"] == seat
            offered.append(msg["legal"])
            asked += 1
            action = {"t": "action", "id": asked, "at": msg["i"], "seat": seat}
            await send(writer, {**action, "x": pick(msg["legal"])})
        elif msg["t"] == "error":
            raise AssertionError(f"the host refused a legal action: {msg}")
        elif msg["t"] == "end":
            writer.close()
            return seat, offered


def test_a_bot_without_the_rules_plays_a_whole_game_from_the_legal_lists(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    host, port = start_host(
        "--port", "0", "--players", "2", "--bots", "greedy", "--seed", "raw", "--log", str(log),
        "--json",
    )  # fmt: skip
    seat, offered = asyncio.run(rules_free_bot(port))
    assert json_result(host)["digest"] == replay_json(log)["digest"]
    # every list the host sent is the engine's own, for that seat, at that moment
    game = replay(read_log(log)).game
    notation = Notation(game.board)
    again = Game(game.options)
    lists = []
    for entry in game.entries:
        if again.to_move() == seat:
            lists.append([notation.format_action(a) for a in again.legal_actions()])
        again.push(entry)
    assert offered == lists and len(offered) > 20
    assert game.over


async def spectator_messages(port: int) -> list[dict[str, Any]]:
    """A spectator that asks for legal actions (after a malformed ask): what it receives."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    hello = {"t": "hello", "app": "jetset", "proto": 2, "client": "watcher"}
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

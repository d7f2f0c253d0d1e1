"""A bot at the table: plays the seats of any ``GameClient`` with one of its game's bots.

The bot decides from its own seat's view only. Its random stream is drawn afresh for every
decision from a public base seed and the entry number, so a bot that reconnects, or a host that
resumes, makes the same decision in the same position as an uninterrupted game would.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from engine.errors import IllegalAction, NotationError
from netcode.client import ClientEvent, GameClient
from netcode.peer import NetPeer
from netcode.transport import Transport

log = logging.getLogger("jetset.bot")


async def play_bot(client: GameClient, kind: str, seed: str, *, delay: float = 0.0) -> None:
    """Act for ``client``'s seats whenever one is to move, until the game ends or
    ``client`` is gone (a ``NetPeer``'s ``ended``)."""
    client.rules.make_bot(kind, 0, seed)  # an unknown kind fails here, before the game
    changed = asyncio.Event()

    def listener(_event: ClientEvent) -> None:
        changed.set()

    client.add_listener(listener)
    ended = client.ended if isinstance(client, NetPeer) else None
    try:
        while not client.game.over and not (ended is not None and ended.is_set()):
            changed.clear()
            seat = client.game.to_move()
            if seat is not None and seat in client.local_seats and client.caught_up:
                if delay:
                    game, at = client.game, len(client.game.entries)
                    await asyncio.sleep(delay)
                    if not still_to_move(client, game, at, seat):
                        continue  # the table moved on while it waited (the host's turn clock
                        # played for this seat, the game ended): wait again for the new position
                await _move(client, kind, seed, seat)
                continue
            await _wait(changed, ended)
    finally:
        client.remove_listener(listener)


async def _move(client: GameClient, kind: str, seed: str, seat: int) -> None:
    game = client.game
    at = len(game.entries)
    bot = client.rules.make_bot(kind, seat, f"{seed}:{at}")
    try:  # thought off the event loop, so a front end in the same process stays responsive
        action = await asyncio.to_thread(bot.choose, game.view(seat))
    except Exception:  # a bot bug must not stop the table: it takes the first legal action
        log.exception("seat %d: the %s bot failed; it takes a default", seat, kind)
        action = game.legal_actions()[0]
    if not still_to_move(client, game, at, seat):
        return  # the game moved on while the bot thought (a reconnect's catch-up): think again
    try:
        await client.submit(seat, action)
    except (IllegalAction, NotationError) as exc:
        log.warning("seat %d: the host refused %r: %s", seat, action, exc)
        await asyncio.sleep(0.05)
    except ConnectionError:
        await asyncio.sleep(0.05)


def still_to_move(client: GameClient, game: Any, at: int, seat: int) -> bool:
    """The position a decision was made in is still the table's: the same replica, no entry
    since, the seat still to move and nothing left to catch up. A decision for an older position
    is never sent, even when it would be legal now: the same position, the same decision."""
    now = client.game
    return now is game and len(now.entries) == at and now.to_move() == seat and client.caught_up


async def _wait(changed: asyncio.Event, ended: asyncio.Event | None) -> None:
    if ended is None:
        await changed.wait()
        return
    waits = [asyncio.ensure_future(changed.wait()), asyncio.ensure_future(ended.wait())]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for w in waits:
            w.cancel()


async def run_bot(
    transport: Transport,
    kind: str,
    *,
    token: str | None = None,
    name: str | None = None,
    delay: float = 0.0,
) -> NetPeer | None:
    """Connect a bot peer over ``transport`` (to a seat by ``token``, or joining by ``name``)
    and play to the end, waiting ``delay`` seconds before each move; None if the host would
    not seat it."""
    try:
        peer = await NetPeer.connect(transport, name=name or f"{kind}-bot", token=token)
    except (ConnectionError, TimeoutError) as exc:
        log.info("bot %s not seated: %s", kind, exc)
        return None
    try:
        await play_bot(peer, kind, peer.commitment or "", delay=delay)
        await peer.wait_over()
    finally:
        await peer.close()
    return peer

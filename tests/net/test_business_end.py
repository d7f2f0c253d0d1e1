"""The end-of-game Business cards over the network (docs/rules-decisions.md, B3): two players on
real TCP sockets keep every Business card, as a stand-in bot keeps an absent player's; the game
ends with cards in hand, the host's dealer opens the Catch up and Planes still held (``bopen``),
every seat's copy (which knows only its own hand) takes it, and every peer ends on the host's
digest and checks the whole log, secrets included, at the end."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine import Options
from engine.jetset.actions import OpenEndCards
from engine.jetset.scoring import scores
from netcode.botplayer import play_bot
from netcode.peer import NetPeer
from netcode.table import Table
from netcode.transport import open_tcp

from .helpers import assert_all_agree, finish, serve

SEED = "held-net-1"
"""A deal in which a seat holds Catch up or Planes at the end (the test says if it stops)."""


async def test_cards_held_to_the_end_are_opened_and_every_seat_agrees(tmp_path: Path) -> None:
    options = Options(players=2, business_cards=True)
    table = Table.create(options, [], tmp_path / "game.jetset", seed=SEED, fsync=False)
    async with serve(tmp_path, 2, table=table) as served:
        peers = [
            await NetPeer.connect(await open_tcp("127.0.0.1", served.port), name=name)
            for name in ("Ann", "Bob")
        ]
        keepers = [
            asyncio.create_task(play_bot(p, "greedy", name, standing_in=True))
            for p, name in zip(peers, ("ann", "bob"), strict=True)
        ]
        await finish(peers, timeout=60)
        await asyncio.gather(*keepers)
        assert_all_agree(served, peers)
        host = served.table.game
        opened = host.entries[-1].action
        assert isinstance(opened, OpenEndCards), f"{SEED}: the game ended with empty hands"
        assert any(opened.cards), f"{SEED}: no end-of-game card was held at the end"
        for peer in peers:
            assert peer.game.entries[-1].action == opened, "public in every seat's copy"
            assert [s.total for s in scores(peer.game.state)] == [
                s.total for s in scores(host.state)
            ]
        b = host.state.business
        assert b is not None
        for seat, kinds in enumerate(opened.cards):
            assert all(kind in b.front[seat] for kind in kinds)
        for peer in peers:
            await peer.close()

"""Business cards over the network: a whole game of bots on real TCP sockets, every byte each
seat receives recorded (tests/net/secrecy.py). No seat ever receives another seat's drawn
Business card (the salt of its commitment, which only the holder's copy carries, never reaches
anyone else), each seat receives its own, and every seat ends on the host's digest."""

from __future__ import annotations

from pathlib import Path

from engine import Options
from engine.jetset.actions import Offer
from netcode.table import Table

from .helpers import assert_all_agree, serve
from .secrecy import business_hands_kept, watch


async def test_no_seat_receives_another_seats_business_cards(tmp_path: Path) -> None:
    options = Options(players=3, business_cards=True)
    table = Table.create(
        options, [], tmp_path / "game.jetset", seed="business-secrets", fsync=False
    )
    async with serve(tmp_path, 3, table=table) as served:
        # random bots offer and answer deals
        watched = await watch(served.port, ["random", "greedy", "random"])
        assert_all_agree(served, watched.peers)
    entries = served.table.game.entries
    assert any(isinstance(e.action, Offer) for e in entries), "a deal was offered and answered"
    draws = business_hands_kept(served.table.game, watched.received)
    assert draws > 6, "two each at the start, and some for Long Flights"

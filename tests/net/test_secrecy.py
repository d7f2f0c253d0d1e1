"""Nobody receives another seat's Final Flights before they are played or the game ends: every
byte each seat reads from its socket is recorded through a whole game of bots, and each frame is
searched for the ids of the other seats' Final Flight cards (tests/net/secrecy.py)."""

from __future__ import annotations

from pathlib import Path

from .helpers import assert_all_agree, serve
from .secrecy import final_flights_kept, watch


async def test_no_seat_sees_another_seats_final_flights(tmp_path: Path) -> None:
    async with serve(tmp_path, 4, seed="secrets") as served:
        watched = await watch(served.port, ["greedy"] * 4)
        assert_all_agree(served, watched.peers)
    shown = final_flights_kept(served.table.game, watched.received)
    assert shown > 0, "played Final Flights did show up, once played"

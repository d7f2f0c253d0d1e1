"""Every module on at once (distant, hubs, business, investors), a whole game over real TCP with
a real ``jetset host`` process: no seat and no spectator ever receives another seat's Final
Flight, Business hand, or a face-down Investor before it is revealed, checked on every byte each
connection read (tests/net/secrecy.py); every peer ends on the digest of the host's log."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine.jetset.actions import (
    ClaimDistant,
    ClaimFinal,
    DealDiscard,
    Offer,
    PlaceHub,
    TurnInvestor,
)
from netcode.logfile import read_log
from netcode.replay import replay

from .procs import json_result, start_host
from .secrecy import SPECTATOR, business_hands_kept, final_flights_kept, investors_kept, watch

SEED = "every-module-3"
PLAYERS = 3


async def test_with_every_module_no_seat_or_spectator_receives_a_secret(tmp_path: Path) -> None:
    log = tmp_path / "game.jetset"
    host, port = start_host(
        "--port", "0", "--players", str(PLAYERS), "--modules", "all", "--seed", SEED,
        "--log", str(log), "--no-fsync", "--json",
    )  # fmt: skip
    try:
        watched = await watch(port, ["random", "greedy", "random"], spectate=True, timeout=90)
        hosted = await asyncio.to_thread(json_result, host)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait(10)
    result = replay(read_log(log))
    assert result.ok and result.commitment_ok, result.error
    game = result.game
    assert hosted["digest"] == game.digest()
    assert all(peer.game.digest() == game.digest() for peer in watched.peers)
    assert set(watched.received) == {*range(PLAYERS), SPECTATOR}
    kinds = {type(e.action) for e in game.entries}
    for kind in (PlaceHub, ClaimDistant, Offer, DealDiscard, ClaimFinal, TurnInvestor):
        assert kind in kinds, f"the game had a {kind.__name__}: pick another seed"
    assert final_flights_kept(game, watched.received) > 0, "a played Final Flight showed up"
    assert business_hands_kept(game, watched.received) > 2 * PLAYERS, "cards drawn in play too"
    assert investors_kept(game, watched.received) > 0, "a turned-up Investor showed up"

"""Nobody receives a face-down Investor card before a Vacation card turns it up (or the game
ends), and the six left in the box are never sent: every byte each seat receives is recorded
through a whole networked game with the Investors module, and each frame is searched for every
Investor card's id (tests/net/secrecy.py)."""

from __future__ import annotations

from pathlib import Path

from engine import Options
from engine.jetset.actions import TurnInvestor
from netcode.table import Table

from .helpers import assert_all_agree, serve
from .secrecy import investors_kept, watch


async def test_no_seat_sees_a_face_down_investor_before_it_is_turned_up(tmp_path: Path) -> None:
    options = Options(players=3, investors=True)
    table = Table.create(options, [], tmp_path / "game.jetset", seed="inv-secrets", fsync=False)
    async with serve(tmp_path, 3, table=table) as served:
        watched = await watch(served.port, ["greedy"] * 3)
        assert_all_agree(served, watched.peers)
    game = served.table.game
    turned = [e for e in game.entries if isinstance(e.action, TurnInvestor)]
    assert len(turned) == 2, "pick a seed where both Vacation cards come up"
    assert investors_kept(game, watched.received) >= 2 * 3, "each seat saw both once turned up"
    for peer in watched.peers:
        view, full = peer.game.state.investors, game.state.investors
        assert view is not None and full is not None and view.paid == full.paid
        assert view.cards == full.cards, "both turned up: the peer knows them now"

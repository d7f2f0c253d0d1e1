"""Taking a move back in a game at one keyboard (netcode.heldturn, LocalSession.undo): a move is
held off the log file until something hidden comes out or another person moves, so a move taken
back never reaches the file; once a card is turned up, dealt or drawn, or a deal offered, nothing
before it can be taken back; a networked game never takes moves back."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from engine import CHANCE, Entry, IllegalAction, Options
from engine.jetset.actions import BusinessDraw, Buy, Claim, Income, Offer, Reveal
from engine.jetset.notation import Notation
from netcode.client import NO_UNDO, ClientEvent, SeatInfo, TakenBack
from netcode.heldturn import HeldTurn
from netcode.local import LocalSession
from netcode.logfile import GameLog, read_log
from netcode.peer import NetPeer
from netcode.replay import replay
from netcode.seatkind import SeatKind
from tests.net.helpers import serve

ANN, AMELIA = SeatInfo("Ann"), SeatInfo("Amelia")
WILBUR = SeatInfo("Wilbur", SeatKind.of_bot("greedy"))
BESSIE = SeatInfo("Bessie", SeatKind.of_bot("greedy"))


def session(tmp_path: Path, seats: list[SeatInfo], *, business: bool = False) -> LocalSession:
    return LocalSession(
        Options(players=len(seats), business_cards=business),
        seats,
        seed="undo-test",
        path=tmp_path / "game.jetset",
        bot_delay=0,
        fsync=False,
    )


def lines_on_disk(path: Path) -> list[str]:
    return [text for _, _, text, _ in read_log(path).records]


def first_buy(s: LocalSession) -> str:
    notation = Notation(s.game.board)
    lines = [notation.format_action(a) for a in s.game.legal_actions()]
    return next(line for line in lines if line.startswith("buy"))


async def test_a_move_taken_back_never_reaches_the_log_file(tmp_path: Path) -> None:
    s = session(tmp_path, [ANN, WILBUR])
    log = tmp_path / "game.jetset"
    heard: list[ClientEvent] = []
    s.add_listener(heard.append)
    await s.start()
    notation = Notation(s.game.board)
    try:
        await s.wait_idle()
        dealt = len(s.game.entries)
        assert s.undo_refusal(0) == "you have no move of this turn to take back"
        buy = first_buy(s)
        await s.submit(0, notation.parse_action(buy))
        await s.wait_idle()
        assert s.game.to_move() == 0  # the bot has answered
        # the buy and the bot's answer are held: the file still ends at the deal
        assert len(lines_on_disk(log)) == dealt < len(s.game.entries)
        assert s.undo_refusal(0) is None
        await s.undo(0)
        await s.wait_idle()
        assert len(s.game.entries) == dealt and s.game.to_move() == 0
        assert s.game.digest() == s.table.game.digest()
        assert [e for e in heard if isinstance(e, TakenBack)] == [TakenBack(dealt)]
        assert s.undo_refusal(0) == "you have no move of this turn to take back"
        with pytest.raises(IllegalAction, match="no move of this turn"):
            await s.undo(0)
        await s.submit(0, Income())
        await s.wait_idle()
        played, digest = list(s.game.entries), s.game.digest()
    finally:
        await s.close()
    on_disk = lines_on_disk(log)
    assert buy not in on_disk and "income" in on_disk  # held moves are written on closing
    assert len(on_disk) == len(played)
    saved = read_log(log)
    result = replay(GameLog(saved.header, saved.records, "undo-test"))
    assert result.ok and result.game.digest() == digest
    # and the game goes on from the file: nothing to take back after resuming
    again = LocalSession.resume(log, bot_delay=0, fsync=False)
    try:
        await again.start()
        assert again.game.entries == played
        assert again.undo_refusal(0) == "you have no move of this turn to take back"
    finally:
        await again.close()


async def claim_a_card(s: LocalSession) -> None:
    """Ann buys the link of a one-link Short Flight and claims it; Amelia takes income."""
    board, state = s.game.board, s.game.state
    card = next(c for c in state.rows["short"] if board.link_between(*board.cards[c].cities[:2]))
    link = board.link_between(*board.cards[card].cities[:2])
    assert link is not None and len(board.cards[card].cities) == 2
    await s.submit(0, Buy(link, 1))
    await s.submit(1, Income())
    await s.wait_idle()
    await s.submit(0, next(a for a in s.game.legal_actions() if isinstance(a, Claim)))
    await s.submit(1, Income())
    await s.wait_idle()


async def test_nothing_is_taken_back_once_a_card_is_turned_up(tmp_path: Path) -> None:
    s = session(tmp_path, [ANN, AMELIA, WILBUR, BESSIE])
    log = tmp_path / "game.jetset"
    await s.start()
    notation = Notation(s.game.board)
    try:
        await s.wait_idle()
        await claim_a_card(s)  # now the short row has room
        assert s.game.to_move() == 0
        await s.submit(0, notation.parse_action("refill short 1"))  # pays €1, turns a card up
        assert isinstance(s.game.entries[-1].action, Reveal)
        entries, on_disk = list(s.game.entries), log.read_bytes()
        why = "a card was turned up since your last move: it cannot be taken back"
        assert s.undo_refusal(0) == why
        with pytest.raises(IllegalAction) as refused:
            await s.undo(0)
        assert refused.value.message == why
        assert s.game.entries == entries and log.read_bytes() == on_disk
        assert len(lines_on_disk(log)) == len(entries)  # written as the card came up
        # hot-seat: Ann's next move is hers to take back until Amelia moves
        await s.submit(0, notation.parse_action(first_buy(s)))
        assert s.undo_refusal(0) is None
        assert s.undo_refusal(1) == (  # Amelia's moves are on disk; Ann's is held
            "another player has moved since your last move: it cannot be taken back"
        )
        amelias = len(s.game.entries)
        await s.submit(1, Income())
        await s.wait_idle()
        assert s.undo_refusal(0) == (
            "another player has moved since your last move: it cannot be taken back"
        )
        # the bots' replies drew no card (this seed): Amelia's income is still hers to take back
        assert s.game.entries[amelias + 1 :] and all(
            e.actor >= 2 for e in s.game.entries[amelias + 1 :]
        )
        assert s.undo_refusal(1) is None
        assert len(lines_on_disk(log)) == amelias
    finally:
        await s.close()


async def test_business_cards_are_taken_back_one_move_at_a_time(tmp_path: Path) -> None:
    s = session(tmp_path, [ANN, WILBUR], business=True)
    await s.start()
    notation = Notation(s.game.board)
    try:
        await s.wait_idle()
        state = s.view(0)
        assert state.business is not None
        hand = list(state.business.hands[0] or [])
        cash = state.seats[0].cash
        dealt = len(s.game.entries)
        await s.submit(0, notation.parse_action(f"cash {hand[0]}"))  # €5, and the turn goes on
        await s.submit(0, Income())
        await s.wait_idle()
        # the income (and the bot's move after it) goes first, then the card
        await s.undo(0)
        after = s.view(0)
        assert after.business is not None
        assert s.game.entries[-1] == Entry(0, notation.parse_action(f"cash {hand[0]}"))
        assert after.seats[0].cash == cash + 5
        await s.undo(0)
        back = s.view(0)
        assert back.business is not None and list(back.business.hands[0] or []) == hand
        assert back.seats[0].cash == cash and len(s.game.entries) == dealt
        # a deal offered is out in the open: it cannot be taken back
        await s.submit(0, notation.parse_action("offer 1 -"))
        await s.wait_idle()
        assert any(isinstance(e.action, Offer) for e in s.game.entries[dealt:])
        assert s.undo_refusal(0) == (
            "a deal offered or answered cannot be taken back, nor any move before it"
        )
    finally:
        await s.close()


def test_a_business_card_drawn_closes_the_held_moves() -> None:
    held = HeldTurn((0,), written=3)
    entries = [Entry(CHANCE, Income())] * 3 + [Entry(0, Income())]
    assert held.settle(entries, 3) == 3 and held.refusal(entries, 0) is None
    entries.append(Entry(CHANCE, BusinessDraw(0, "taxes", "salt", "c")))
    assert held.settle(entries, 4) == 5
    assert held.refusal(entries, 0) == (
        "a Business card was drawn since your last move: it cannot be taken back"
    )


async def test_a_networked_game_never_takes_moves_back(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, ["greedy"]) as served:
        peer = await NetPeer.connect(await served.connect(), name="alice")
        try:
            assert peer.undo_refusal(0) == NO_UNDO
            with pytest.raises(IllegalAction, match="never over the network"):
                await peer.undo(0)
            assert served.host.table.held is None
        finally:
            await peer.close()


CRASHING_PLAYER = """
import asyncio, os, sys
import asyncio
from pathlib import Path
from engine import Income, Options
from netcode.client import SeatInfo
from netcode.local import LocalSession
from netcode.seatkind import SeatKind

async def main() -> None:
    seats = [SeatInfo("Ann"), SeatInfo("Wilbur", SeatKind.of_bot("greedy"))]
    s = LocalSession(Options(players=2), seats, seed="crash", path=Path(sys.argv[1]),
                     bot_delay=0, fsync=True)
    await s.start()
    await s.wait_idle()
    await s.submit(0, Income())
    await s.wait_idle()
    print(len(s.game.entries), flush=True)
    os._exit(9)  # the process dies with the move held: nothing closes the table

asyncio.run(main())
"""


async def test_a_crash_loses_no_move_held_for_taking_back(tmp_path: Path) -> None:
    """A real process plays a move and dies with it held: the log file holds every entry before
    the move, and the held moves wait beside it (``<log>.held``, netcode/heldfile.py); the game
    resumes after them, written to the log, where it lost them before."""
    import subprocess
    import sys

    log = tmp_path / "game.jetset"
    done = subprocess.run(
        [sys.executable, "-c", CRASHING_PLAYER, str(log)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 9, done.stderr
    played = int(done.stdout.strip())
    on_disk = lines_on_disk(log)
    assert 0 < len(on_disk) < played and "income" not in on_disk
    again = LocalSession.resume(log, bot_delay=0, fsync=False)
    try:
        await again.start()
        await again.wait_idle()
        assert len(again.game.entries) >= played and again.game.to_move() == 0
        assert again.game.entries[len(on_disk)] == Entry(0, Income())
        assert again.undo_refusal(0) is not None, "on the log now: no longer taken back"
    finally:
        await again.close()
    assert lines_on_disk(log)[len(on_disk)] == "income"


async def test_a_wait_for_the_bots_survives_a_move_taken_back(tmp_path: Path) -> None:
    s = LocalSession(
        Options(players=2),
        [ANN, WILBUR],
        seed="undo-wait",
        path=tmp_path / "game.jetset",
        bot_delay=0.3,
        fsync=False,
    )
    await s.start()
    try:
        await s.wait_idle()
        await s.submit(0, Income())
        assert s.busy  # the bot takes its time
        waiting = asyncio.ensure_future(s.wait_idle())
        await asyncio.sleep(0)
        await s.undo(0)
        await asyncio.wait_for(waiting, 5)  # woken, and idle: Ann is to move again
        assert s.game.to_move() == 0 and not s.busy
    finally:
        await s.close()

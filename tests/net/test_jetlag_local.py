"""A game of Jet Lag at one keyboard (``netcode.local.LocalSession`` with Jet Lag's rules): the
same in-process host and peers as Jet Set's, each hot-seat player holding only their own cards
on screen, moves taken back until the dealer deals, and a log that replays to the same end."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import IllegalAction
from engine.games import game_rules
from engine.jetlag.rules import legal_actions
from engine.jetlag.state import SECOND
from netcode.client import SeatInfo
from netcode.local import LocalSession
from netcode.logfile import read_log
from netcode.replay import replay
from netcode.seatkind import SeatKind
from netcode.table import Table

ANN, BOB = SeatInfo("Ann"), SeatInfo("Bob")
BOT = SeatInfo("Wilbur", SeatKind.of_bot("greedy"))


def session(tmp_path: Path, seats: list[SeatInfo], seed: str) -> LocalSession:
    return LocalSession(
        {},
        seats,
        seed=seed,
        path=tmp_path / "jl.jetset",
        bot_delay=0,
        fsync=False,
        rules=game_rules("jetlag"),
    )


async def test_a_hot_seat_game_shows_each_player_only_their_cards(tmp_path: Path) -> None:
    s = session(tmp_path, [ANN, BOB], "jetlag-hot-seat")
    await s.start()
    try:
        while True:
            await s.wait_idle()
            if s.game.over:
                break
            seat = s.game.to_move()
            view = s.view(seat)
            assert view.hands[seat] is not None
            if view.step != SECOND:  # only while the second plays does the first see its cards
                assert view.hands[1 - seat] is None or view.hands[1 - seat] == []
            await s.submit(seat, s.rules.make_bot("random", seat, "hot").choose(view))
        assert s.game.result() == s.table.game.result()
    finally:
        await s.close()
    replayed = replay(read_log(tmp_path / "jl.jetset"))
    assert replayed.ok and replayed.digest == s.game.digest()


async def test_a_card_played_is_taken_back_until_the_dealer_deals(tmp_path: Path) -> None:
    s = session(tmp_path, [ANN, BOT], "jetlag-undo")
    await s.start()
    try:
        while True:
            await s.wait_idle()
            assert not s.game.over, "Ann was never the second player with three cards"
            view = s.view(0)
            before = len(s.game.entries)
            await s.submit(0, legal_actions(view)[0])
            if view.step == SECOND and view.sizes[0] == 3:
                break  # her first card of three: nothing dealt since
            assert s.undo_refusal(0) is not None, "the dealer dealt, or the round moved on"
        assert s.undo_refusal(0) is None
        await s.undo(0)
        await s.wait_idle()
        assert len(s.game.entries) == before and s.view(0).sizes[0] == 3
        assert s.undo_refusal(0) is not None
    finally:
        await s.close()


def test_a_stopped_jetlag_game_is_resumed_from_its_log(tmp_path: Path) -> None:
    path = tmp_path / "hosted.jetset"
    rules = game_rules("jetlag")
    table = Table.create({}, ["greedy", "random"], path, seed="resume", fsync=False, rules=rules)
    table.start()
    while len(table.game.entries) < 12:
        seat = mover(table)
        table.decide(seat, rules.make_bot("random", seat, "r").choose(table.game.view(seat)))
    stopped = list(table.game.digests)
    table.close()
    again = Table.resume(path, fsync=False)
    assert again.rules.name == "jetlag" and again.game.digests == stopped
    while not again.game.over:
        seat = mover(again)
        again.decide(seat, rules.make_bot("greedy", seat, "g").choose(again.game.view(seat)))
    again.reveal()
    again.close()
    log = read_log(path)
    assert log.header.game == "jetlag" and log.seed == "resume"
    replayed = replay(log)
    assert replayed.ok and replayed.digest == again.game.digest()


def mover(table: Table) -> int:
    """The seat to decide (the dealer is never waited for: the table deals at once)."""
    seat = table.game.to_move()
    assert seat is not None and seat >= 0
    return seat


def test_a_card_played_out_of_turn_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    rules = game_rules("jetlag")
    table = Table.create({}, [], tmp_path / "turns.jetset", seed="turns", fsync=False, rules=rules)
    table.start()
    seat = mover(table)
    other = 1 - seat
    card = legal_actions(table.game.view(seat))[0]
    before = list(table.game.digests)
    with pytest.raises(IllegalAction, match="not your turn"):
        table.decide(other, card)
    assert table.game.digests == before
    table.close()
    assert len(read_log(tmp_path / "turns.jetset").records) == len(before)

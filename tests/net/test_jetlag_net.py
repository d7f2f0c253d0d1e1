"""Jet Lag over the network exactly as Jet Set is played: a host on 127.0.0.1, bots joining
over real TCP, a spectator; every byte each connection reads is searched for cards it may not
know yet (tests/net/secrecy.py), and every peer checks the end against the seed."""

from __future__ import annotations

import asyncio
import json
import subprocess
from pathlib import Path

import pytest

from engine.games import game_rules
from jetset_tui.app import JetSetApp
from jetset_tui.widgets.command import CommandInput
from jetset_tui.widgets.jetlag_words import play_words
from netcode.host import HostSettings
from netcode.logfile import read_log
from netcode.peer import NetPeer
from netcode.replay import replay
from netcode.table import Table

from .helpers import assert_all_agree, finish, serve
from .hosting import until_shown
from .procs import JETSET, json_result, replay_json, start_host, start_join
from .secrecy import SPECTATOR, jetlag_cards_kept, watch
from .test_legal_turns import rules_free_bot


def jetlag_table(tmp_path: Path, bots: list[str], seed: str) -> Table:
    return Table.create(
        {}, bots, tmp_path / "game.jetset", seed=seed, fsync=False, rules=game_rules("jetlag")
    )


async def test_a_whole_game_over_tcp_shows_no_seat_a_card_it_may_not_know(tmp_path: Path) -> None:
    table = jetlag_table(tmp_path, [], "jetlag-secrets")
    async with serve(tmp_path, 2, table=table) as served:
        watched = await watch(served.port, ["greedy", "search"], spectate=True)
        assert_all_agree(served, watched.peers)
    game = served.table.game
    assert game.over and served.table.rules.name == "jetlag"
    shown = jetlag_cards_kept(game.entries, watched.received)
    assert shown > 0, "cards showed up once known"
    assert set(watched.received) == {0, 1, SPECTATOR}
    for peer in watched.peers:
        assert peer.rules.name == "jetlag"
        assert peer.game.result() == game.result()


async def test_a_bot_seated_by_the_host_plays_a_joiner(tmp_path: Path) -> None:
    table = jetlag_table(tmp_path, ["random"], "jetlag-hosted-bot")
    assert table.seats[1].name == "random-1"
    async with serve(tmp_path, 2, table=table) as served:
        watched = await watch(served.port, ["greedy"])
        assert_all_agree(served, watched.peers)
    assert watched.peers[0].seat == 0


def test_jetset_host_and_join_play_jetlag_as_processes(tmp_path: Path) -> None:
    log = tmp_path / "jl.jetset"
    host, port = start_host("--game", "jetlag", "--port", "0", "--log", str(log), "--json")
    joins = [start_join(port, "--bot", kind) for kind in ("greedy", "search")]
    results = [json_result(join) for join in joins]
    out, err = host.communicate(timeout=60)
    assert host.returncode == 0, err
    hosted = json.loads(out.strip().splitlines()[-1])
    assert hosted["ok"] and hosted["entries"] == 25  # setup, 4 piles and passes, 16 cards
    for got in results:
        assert got["ok"] and got["commitment_ok"] and got["replay_ok"], got
        assert got["digest"] == hosted["digest"] and got["scores"] == hosted["scores"]
    assert {r["seat"] for r in results} == {0, 1}
    header = read_log(log).header
    assert header.game == "jetlag"
    values = header.seat_contributions()  # each `jetset join` pledged and gave its own value
    assert len(values) == 2 and all(v is not None for v in values) and values[0] != values[1]
    verified = replay_json(log)
    assert verified["ok"] and verified["digest"] == hosted["digest"], verified


def test_a_host_bot_and_a_joining_bot(tmp_path: Path) -> None:
    host, port = start_host("--game", "jetlag", "--bots", "random", "--port", "0", "--json")
    got = json_result(start_join(port, "--bot", "greedy"))
    out, _ = host.communicate(timeout=60)
    assert got["ok"] and got["seat"] == 0
    assert json.loads(out.strip().splitlines()[-1])["digest"] == got["digest"]


def test_a_bot_jetlag_has_not_is_told_so_before_taking_a_seat(tmp_path: Path) -> None:
    host, port = start_host("--game", "jetlag", "--port", "0", "--seed", "told", "--json")
    wrong = json_result(start_join(port, "--bot", "mcts"))  # one of Jet Set's bots only
    assert not wrong["ok"] and "Jet Lag" in wrong["error"] and "greedy" in wrong["error"]
    joins = [start_join(port, "--bot", "random"), start_join(port, "--bot", "greedy")]
    results = [json_result(join) for join in joins]
    out, _ = host.communicate(timeout=60)
    assert json.loads(out.strip().splitlines()[-1])["ok"]
    assert {r["name"] for r in results} == {"random-bot", "greedy-bot"}, "no seat kept for Ann"
    assert {r["seat"] for r in results} == {0, 1} and all(r["ok"] for r in results)


def test_a_bot_without_the_rules_plays_jetlag_from_the_legal_lists(tmp_path: Path) -> None:
    log = tmp_path / "raw.jetset"
    host, port = start_host(
        "--game", "jetlag", "--port", "0", "--bots", "greedy", "--seed", "raw", "--log", str(log),
        "--json",
    )  # fmt: skip
    seat, turns = asyncio.run(rules_free_bot(port))
    assert json_result(host)["digest"] == replay_json(log)["digest"]
    rules = game_rules("jetlag")
    game = replay(read_log(log)).table
    again, expected = rules.new_table({}), []
    for entry in game.entries:
        if again.to_move() == seat:
            legal = [rules.notation().format_action(a) for a in again.legal_actions()]
            expected.append((len(again.entries), legal, rules.view_to_wire(again.view(seat))))
        again.push(entry)
    assert [(t["i"], t["legal"], t["view"]) for t in turns] == expected and len(turns) == 8
    # the view a bot gets over the network is what `jetset position --json` prints of that
    # moment, field for field (README: "what a bot gets"; a docs check found `sizes` on the
    # wire and `hand_sizes` in the command)
    first = turns[0]
    asked = [*JETSET, "position", str(log), "--at", str(first["i"]), "--seat", str(seat), "--json"]
    printed = json.loads(subprocess.run(asked, capture_output=True, text=True, check=True).stdout)
    assert printed["position"] == first["view"] and printed["legal"] == first["legal"]
    assert {"hand_sizes", "piles_left", "scores", "to_move"} <= first["view"].keys()
    other = 1 - seat
    assert all(
        t["view"]["hands"][other] in (None, []) for t in turns if t["view"]["step"] != "second"
    )


async def test_the_turn_clock_plays_a_jetlag_card_for_a_player_who_stays(tmp_path: Path) -> None:
    table = jetlag_table(tmp_path, ["greedy"], "jetlag-clock")
    async with serve(tmp_path, 2, table=table, settings=HostSettings(turn_time=0.05)) as served:
        idle = await NetPeer.connect(await served.connect(), name="Idle")  # never moves
        await finish([idle], timeout=60)
        assert_all_agree(served, [idle])
        assert idle.seat == 0 and 0 in served.host.seat_conns  # it kept its seat throughout
    log = read_log(tmp_path / "game.jetset")
    clocked = [n.at for n in log.notes if n.kind == "clock"]
    assert clocked == [i for i, record in enumerate(log.records) if record[1] == 0]
    assert len(clocked) == 8


async def test_a_jetset_host_process_keeps_jetlags_cards_secret(tmp_path: Path) -> None:
    log = tmp_path / "process.jetset"
    host, port = start_host(
        "--game", "jetlag", "--port", "0", "--seed", "jetlag-process", "--log", str(log),
        "--no-fsync", "--json",
    )  # fmt: skip
    try:
        watched = await watch(port, ["search", "random"], spectate=True)
        hosted = await asyncio.to_thread(json_result, host)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait(10)
    result = replay(read_log(log))
    assert result.ok and hosted["digest"] == result.digest
    assert all(peer.game.digest() == result.digest for peer in watched.peers)
    assert jetlag_cards_kept(result.table.entries, watched.received) > 0


async def test_a_jetlag_play_the_clock_made_is_said_on_the_players_screen(tmp_path: Path) -> None:
    """As at Jet Set's table: the card the turn clock played for a player who stays is said
    to have been played for them, not shown as if they had played it."""
    table = jetlag_table(tmp_path, ["greedy"], "jetlag-said")
    async with serve(tmp_path, 2, table=table, settings=HostSettings(turn_time=1.0)) as served:
        idle = await NetPeer.connect(await served.connect(), name="Idle")  # never moves
        app = JetSetApp(session=idle)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await until_shown(pilot, app, lambda _t: idle.game.to_move() == 0, 10)
            # the clock shows, as at Jet Set's table (a LAN play test's Jet Lag showed none)
            await until_shown(pilot, app, lambda t: "◷ 0:0" in t, 3)
            await pilot.press(":", *"tou")  # half-typed when the clock plays: cleared, unsent
            command = app.screen.query_one(CommandInput)
            assert command.value == "tou"
            text = await until_shown(pilot, app, lambda t: "A bot played " in t, 10)
            await until_shown(pilot, app, lambda _t: command.value == "", 3)
            mine = [e for e in served.table.game.entries if e.seat == 0]
            assert mine, "the clock played a card for seat 0"
            # the clock's move, and the rest of that turn's at once (StandIns.ran_out): one
            # notice, in words, naming the last
            said = [n.message for n in app._notifications if "A bot played" in n.message]
            words = [play_words(e.action) for e in mine]
            assert said and any(said[0].endswith(w) for w in words), (said, words, text)
        await idle.close()


async def test_a_player_back_at_a_jetlag_table_reads_the_news_as_they_left_it(
    tmp_path: Path,
) -> None:
    """A play test: back at a network Jet Lag table, the line of news said only the other
    player's plays (the last three, some from before the rejoining player's own). It now reads
    as it did when they left: their last play (✓), then the other player's since."""
    from engine.jetlag.actions import Destination, Entry, Tourist
    from engine.jetlag.bots import greedy_choice
    from engine.jetlag.cards import deck
    from jetset_tui.widgets.jetlag_words import places_words

    from .test_reconnect import wait_for

    def named(action: object) -> str:
        """How the news names a play's card: a tourist by its id, a destination by its kinds."""
        assert isinstance(action, Tourist | Destination)
        card = action.card
        return card if isinstance(action, Tourist) else places_words(deck()[card])

    table = jetlag_table(tmp_path, ["greedy"], "jetlag-news")
    bot = table.seats[1].name
    async with serve(tmp_path, 2, table=table) as served:
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        for _turn in range(2):
            await wait_for(lambda: ann.game.to_move() == 0)
            await ann.submit(0, greedy_choice(ann.view(0), 0))
        await wait_for(lambda: ann.game.to_move() == 0)  # the bot has played since
        entries = [e for e in ann.game.entries if isinstance(e, Entry)]
        plays = [e for e in entries if isinstance(e.action, Tourist | Destination)]
        last = max(i for i, e in enumerate(plays) if e.seat == 0)
        since = plays[last + 1 :]
        assert since and all(e.seat == 1 for e in since) and len(plays) > last + len(since)
        token = ann.token
        await ann.close()
        back = await NetPeer.connect(await served.connect(), name="Ann", token=token)
        app = JetSetApp(session=back)
        async with app.run_test(size=(100, 30)) as pilot:
            text = await until_shown(pilot, app, lambda t: "Ann played" in t, 10)
            news = text.splitlines()[-2]
            said = news.strip().split("  ·  ")
            assert said[0].startswith("✓ Ann played "), news
            assert [p.split(" played ")[0] for p in said[1:]] == [bot] * len(since), news
            assert all(
                named(e.action) in p for e, p in zip([plays[last], *since], said, strict=True)
            ), news
        await back.close()


@pytest.mark.parametrize("opened_late", [False, True])
async def test_back_at_a_jetlag_table_in_a_new_join_the_stand_ins_plays_are_said(
    tmp_path: Path, opened_late: bool
) -> None:
    """As at Jet Set's table: a player back in their seat in a new session (its seat code) is
    told the plays a stand-in made for them since their own last one, in one notice, also
    when the screen opens once the catch-up is done (``opened_late``)."""
    from engine.jetlag.actions import Destination, Tourist
    from netcode.botplayer import play_bot

    from .test_reconnect import wait_for

    table = jetlag_table(tmp_path, [], "jetlag-away")
    settings = HostSettings(reconnect_window=0.1, standin_kind="greedy")
    async with serve(tmp_path, 2, table=table, settings=settings) as served:
        game = served.table.game
        marks = served.table.bots_played.marks
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        other = await served.bot("greedy", "Bo")  # a person at the table: stand-ins play
        playing = asyncio.create_task(play_bot(ann, "greedy", "ann"))
        await wait_for(lambda: any(e.seat == 0 for e in game.entries), 20)
        playing.cancel()
        assert ann._conn is not None
        ann._conn.transport.abort()
        await wait_for(lambda: 0 in marks.values(), 20)
        again = await NetPeer.connect(await served.connect(), name="Ann", token=ann.token)
        if opened_late:
            await wait_for(lambda: again.caught_up, 20)
        app = JetSetApp(session=again)
        app.NOTIFICATION_TIMEOUT = 60.0
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await until_shown(pilot, app, lambda t: "While you were away a bot played" in t, 20)
            plays = [
                i
                for i in range(again._behind_until)
                if game.entries[i].seat == 0
                and isinstance(game.entries[i].action, Tourist | Destination)
            ]
            last_mine = max((i for i in plays if i not in marks), default=-1)
            stood_in = [i for i in plays if i > last_mine]
            said = [n.message for n in app._notifications if "While you were away" in n.message]
            assert stood_in and len(said) == 1, (stood_in, said)
            last = play_words(game.entries[stood_in[-1]].action)
            if len(stood_in) == 1:
                assert said[0] == f"While you were away a bot played for you: {last}", said
            else:
                assert f"played {len(stood_in)} moves for you, the last: {last}" in said[0]
        await again.close()
        await other.close()

"""Jet Lag in the SSH server's lobby: `create` names its game, the room's table is that game's,
the list says so, hostile requests change nothing, and over the `jetset` subsystem neither a
spectator nor either seat receives a card it may not know yet (the bytes each channel read,
decrypted at the client). The real server on 127.0.0.1, real SSH channels."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from jetset_tui.ssh.games import GameRefused, new_options
from jetset_tui.ssh.lobby import Lobby
from jetset_tui.ssh.seating import Player
from jetset_tui.ssh.server import GameServer
from netcode import lobbyproto as lp
from netcode.botplayer import play_bot
from netcode.messages import to_wire
from netcode.sshclient import SshAddress
from tests.net.secrecy import SPECTATOR, jetlag_cards_kept
from tests.net.test_reconnect import wait_for
from tests.ssh.helpers import (
    answer,
    client_key,
    connect,
    games,
    in_lobby,
    lobby_channel,
    open_lobby,
    refused,
    ssh_peer,
    trusted_hosts,
)
from tests.ssh.test_secrecy import RecordingOpener
from tests.ssh.test_subsystem import home_with_key, run_join

JETLAG = {"t": "create", "game": "jetlag", "players": 2}


@pytest.mark.parametrize(
    ("request_", "code", "said"),
    [
        ({**JETLAG, "game": "jetworld"}, "refused", "no game called jetworld: it offers Jet Set"),
        ({**JETLAG, "game": "Jet Lag!"}, "malformed", "'game' is a game's name"),
        ({**JETLAG, "game": 7}, "malformed", "'game' is a game's name"),
        ({**JETLAG, "players": 3}, "refused", "Jet Lag is for 2 players"),
        ({**JETLAG, "extra_cards": True}, "refused", "Jet Lag has no options"),
        ({**JETLAG, "modules": ["hubs"]}, "refused", "Jet Lag has no options"),
        ({**JETLAG, "bots": ["mcts"]}, "refused", "Jet Lag has no bot 'mcts'; its bots: random"),
        ({**JETLAG, "bots": ["greedy", "greedy"]}, "refused", "leave at least one seat"),
    ],
)
async def test_a_create_the_lobby_cannot_make_is_refused_and_changes_nothing(
    tmp_path: Path, request_: dict[str, Any], code: str, said: str
) -> None:
    async with open_lobby(tmp_path, "mallory") as (server, framed):
        refusal = await refused(server, framed, request_)
        assert refusal.code == code and said in refusal.message, refusal
        await framed.send(to_wire(lp.Create(game="jetlag", players=2, bots=("greedy",))))
        created = await answer(framed)
        assert created == lp.Created(game="1")  # no id was spent on the refused request


async def test_a_join_without_a_game_means_jetset_as_before(tmp_path: Path) -> None:
    """An old client's ``join`` (no game) passes a waiting Jet Lag room by and makes a Jet Set
    game, as it did before rooms had games; the Jet Lag room is joined by its id."""
    async with open_lobby(tmp_path, "ann") as (server, ann):
        await ann.send(to_wire(lp.Create(game="jetlag", players=2, bots=())))
        assert await answer(ann) == lp.Created(game="1")
        bob = await lobby_channel(server, tmp_path, "bob")
        await bob.send({"t": "join", "players": 2})
        assert await answer(bob) == lp.Joining(game="2", token=None)
        rooms = server.lobby.rooms
        assert rooms["2"].game == "jetset" and rooms["1"].open_seats == 2
        await ann.send(to_wire(lp.JoinGame(game="1")))
        assert await answer(ann) == lp.Joining(game="1", token=None)


def test_the_options_of_each_game() -> None:
    assert new_options("jetlag", 2, {}) == {}
    jetset = new_options("jetset", 3, {"extra_cards": True, "modules": ("hubs",)})
    assert jetset["players"] == 3 and jetset["hubs"] is True and jetset["extra_cards"] is True
    refused: list[tuple[str, int, dict[str, object]]] = [
        ("jetlag", 2, {"investors_face_up": True}),
        ("jetlag", 6, {}),
        ("jetset", 7, {}),
        ("jetset", 4, {"modules": ("teleport",)}),
        ("jetset", 4, {"investors_face_up": True}),
        ("chess", 2, {}),
    ]
    for name, players, choices in refused:
        with pytest.raises(GameRefused):
            new_options(name, players, choices)


async def test_a_jetlag_room_is_listed_with_its_game_and_old_clients_bytes_mean_jetset(
    tmp_path: Path,
) -> None:
    async with open_lobby(tmp_path, "ann") as (server, framed):
        await framed.send({"t": "create", "players": 2, "bots": ["greedy"]})  # no game: Jet Set
        assert await answer(framed) == lp.Created(game="1")
        await framed.send(to_wire(lp.Create(game="jetlag", players=2, bots=("search",))))
        assert await answer(framed) == lp.Created(game="2")
        listed = {line.id: line for line in (await games(framed)).games}
        assert listed["1"].game == "jetset" and listed["2"].game == "jetlag"
        assert listed["2"].options == lp.GameOptions(players=2)
        assert [s.bot for s in listed["2"].seats] == [None, "search"]
        rooms = server.lobby.rooms
        assert rooms["1"].table.rules.name == "jetset" and rooms["2"].game == "jetlag"
        assert rooms["2"].table.seats[1].name == "Amelia"
        raw = to_wire(lp.Games(you="ann", games=tuple(listed.values())))
        assert "game" not in raw["games"][0] and raw["games"][1]["game"] == "jetlag"


async def test_over_ssh_no_seat_nor_spectator_receives_a_jetlag_card_it_may_not_know(
    tmp_path: Path,
) -> None:
    """Two `jetset join ssh://` peers play a whole Jet Lag game made in the lobby while a third
    watches it; each reads its bytes through its own SSH channel, and every card id in every frame
    before the end is one that reader may know by then (tests/net/secrecy.py)."""
    async with open_lobby(tmp_path, "host") as (server, framed):
        await framed.send(to_wire(lp.Create(game="jetlag", players=2, bots=())))
        assert await answer(framed) == lp.Created(game="1")
        assert server.host_key_path is not None
        known = trusted_hosts(server.port, server.host_key_path, tmp_path)

        def recording(user: str, **kw: Any) -> RecordingOpener:
            client_key(tmp_path, user)
            return RecordingOpener(
                SshAddress("127.0.0.1", server.port, user, "1"),
                known_hosts=known,
                identities=(str(tmp_path / f"{user}_ed25519"),),
                **kw,
            )

        watcher_opener = recording("eve", spectate=True)
        watcher = await ssh_peer(watcher_opener, spectate=True)
        openers = [recording(f"p{i}") for i in range(2)]
        peers = [await ssh_peer(o, name=f"p{i}") for i, o in enumerate(openers)]
        tasks = [asyncio.create_task(play_bot(p, "greedy", p.commitment or "")) for p in peers]
        everyone = [*peers, watcher]
        await asyncio.wait_for(asyncio.gather(*(p.wait_over() for p in everyone)), 60)
        await asyncio.gather(*tasks)
        table = server.lobby.rooms["1"].table
        assert table.over and table.rules.name == "jetlag"
        for peer in everyone:
            assert (
                peer.end is not None and peer.end.ok and peer.game.digest() == table.game.digest()
            )
        received: dict[int | None, bytes] = {}
        for peer, opener in zip(peers, openers, strict=True):
            assert peer.seat is not None and len(opener.recordings) == 1
            received[peer.seat] = bytes(opener.recordings[0].received)
        assert watcher.seat is None and len(watcher_opener.recordings) == 1
        received[SPECTATOR] = bytes(watcher_opener.recordings[0].received)
        assert sorted(received, key=str) == [0, 1, SPECTATOR]
        assert jetlag_cards_kept(table.game.entries, received) > 0
        for peer in everyone:
            await peer.close()


async def test_the_form_offers_jetlag_with_its_seats_and_bots(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """n, the Game line (Shift+Tab from the seats): Jet Lag fixes the seats at 2, offers its own
    bots and hides Jet Set's extra cards and modules; the room made plays Jet Lag, and another
    player's lobby says so."""
    alice = await connect(server, "alice", alice_key)
    await alice.lobby()
    await alice.press("n")
    text = await alice.wait_for("Bots among them")
    assert "Jet Set" in text and "Flight cards" in text and "Hubs" in text
    await alice.press("shift+tab", "enter")
    await alice.wait_for("Jet Lag")
    await alice.press("down", "enter")
    text = await alice.wait_for("Seats (2)")
    assert "Bot kind (random/greedy/search)" in text
    assert "Flight cards" not in text and "Hubs" not in text and "Investors" not in text
    await alice.fill("Bots among them", "0")  # the seats field is fixed: the bots have focus
    await alice.press("enter")
    await alice.wait_for("waiting for players")
    room = server.lobby.rooms["1"]
    assert room.game == "jetlag" and len(room.table.seats) == 2
    bob = await connect(server, "bob", bob_key)
    text = await bob.wait_for("waiting for 1")
    assert "Jet Lag" in text and "alice's game" in text
    await alice.close()
    await bob.close()


async def test_a_jetlag_room_says_its_round_and_comes_back_after_a_restart(tmp_path: Path) -> None:
    """A started Jet Lag room lists its round; a server started again on the same games folder
    serves it again from its log, as Jet Lag, with the same seat for the same key."""
    folder = tmp_path / "games"
    lobby = Lobby(folder, bot_delay=0.0, fsync=False)
    lobby.start()
    ann = Player("key:ann", "ann", "127.0.0.1")
    room = lobby.create(ann, 2, ["greedy"], None, game="jetlag")
    peer, _code = await lobby.join(room, ann, None)
    await asyncio.wait_for(peer.started_game.wait(), 30)
    assert room.status == "round 1 of 4"
    await peer.close()
    await lobby.close()
    digest = room.table.game.digest()  # (the bot may have moved until the close)

    again = Lobby(folder, bot_delay=0.0, fsync=False)
    again.start()
    try:
        back = again.rooms["1"]
        assert back.game == "jetlag" and back.table.game.digest() == digest
        assert back.members[ann.identity].seat == 0 and back.status == "round 1 of 4"
        peer = await again.rejoin(back, ann, None)
        assert peer.seat == 0 and peer.rules.name == "jetlag"
        await peer.close()
    finally:
        await again.close()


async def test_over_ssh_a_jetlag_room_opens_the_jetlag_table_for_its_player_and_watcher(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """The form's Jet Lag against a bot: alice's terminal shows the Jet Lag table with her
    hand; bob, watching from the lobby, the same table with no hand; q (asked) takes him back."""
    alice = await connect(server, "alice", alice_key, width=80, height=24)
    await alice.jetlag_form()
    await alice.press("enter")  # one bot, greedy
    text = await alice.wait_for("Round 1 of 4")
    assert "Your hand" in text and "Amelia" in text and "greedy-1" not in text
    bob = await connect(server, "bob", bob_key)
    await bob.wait_for(lambda t: "Jet Lag" in t and in_lobby(t))  # the lobby takes keys
    await bob.press("w")
    text = await bob.wait_for("Round 1 of 4")
    assert "Your hand" not in text and server.lobby.rooms["1"].watchers == 1
    await bob.press("q")
    await bob.wait_for("Stop watching?")  # asked, as at Jet Set's table
    await bob.press("y")
    await bob.lobby()
    await wait_for(lambda: server.lobby.rooms["1"].watchers == 0)
    await alice.close()
    await bob.close()


async def test_jetset_join_ssh_plays_a_jetlag_room_as_a_process(tmp_path: Path) -> None:
    """`jetset join ssh://HOST/GAME --bot` (a real process) takes the free seat of a Jet Lag
    room against the lobby's greedy bot, with no --game: it builds Jet Lag's table from the
    host's welcome, plays to the end, and checks the log and the commitment."""
    async with open_lobby(tmp_path, "ann") as (server, framed):
        await framed.send(to_wire(lp.Create(game="jetlag", players=2, bots=("greedy",))))
        assert await answer(framed) == lp.Created(game="1")
        url = f"ssh://127.0.0.1:{server.port}/1"
        args = ("--bot", "greedy", "--json", "--accept-new-host-key")
        code, out, err = await run_join(home_with_key(tmp_path, "bo"), url, *args)
        assert code == 0, err
        summary = json.loads(out.splitlines()[-1])
        assert summary["ok"] and summary["replay_ok"] and summary["commitment_ok"], summary
        table = server.lobby.rooms["1"].table
        assert table.over and table.rules.name == "jetlag" and summary["seat"] == 0
        assert summary["digest"] == table.game.digest()

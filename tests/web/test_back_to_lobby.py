"""A browser tab goes back to the lobby from a game, as q does over SSH: its player left (the
seat kept, the code said) or the game ended; the tab's session goes on, under the same name,
with the form's last game, and j takes the seat back without its code typed again
(tests/web/tabs.py: the tab's app through the real gate)."""

from __future__ import annotations

from pathlib import Path

import asyncssh
from textual.pilot import Pilot

from engine.jetlag import notation as jetlag_notation
from engine.jetlag.bots import greedy_choice
from jetset_tui.screenshot import screen_text
from jetset_tui.ssh.room import Room
from jetset_tui.ssh.screens.new_game import NewGameScreen
from jetset_tui.ssh.server import GameServer
from jetset_tui.web.gate import LINKS_PER_TICKET
from jetset_tui.web.session import WebLobbyScreen, WebSessionApp
from netcode.transport import Transport
from tests.ssh.helpers import client_key, connect, start_server
from tests.web.tabs import lobby_gate, new_game_form, screen_name, tab_in_lobby, until


async def test_leaving_a_game_takes_the_tab_back_to_the_lobby(server: GameServer) -> None:
    async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
        await new_game_form(pilot, bea)
        await pilot.press("tab", "backspace", "2")  # four seats, two of them bots
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(bea) == "GameScreen")
        room = server.lobby.rooms["1"]
        await pilot.press("q")
        await until(pilot, lambda: screen_name(bea) == "WebStopScreen")
        await pilot.press("y")
        await until(pilot, lambda: screen_name(bea) == "WebLobbyScreen")
        assert bea.is_running and bea.peer is None
        lobby = bea.screen
        assert isinstance(lobby, WebLobbyScreen)
        await until(pilot, lambda: [g.id for g in lobby.games] == ["1"])
        assert not room.table.seats[0].is_bot and 0 not in room.host.seat_conns
        assert lobby.last_request is not None and len(lobby.last_request.bots) == 2
        where = str(lobby.query_one("#where").render())
        assert where == "Jet Set: you are bea@web; Enter joins", where  # the same name
        await pilot.press("j")  # the seat back, its code known to this tab: nothing asked
        await until(pilot, lambda: screen_name(bea) == "GameScreen")
        assert bea.peer is not None and bea.peer.seat == 0 and 0 in room.host.seat_conns


async def test_a_tab_goes_to_its_game_and_back_as_often_as_it_likes(server: GameServer) -> None:
    """Six times to the game and back: each way closes the link it leaves, so the tab never
    holds more than the gate lets one tab hold (LINKS_PER_TICKET), and is never refused."""
    async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
        await new_game_form(pilot, bea)
        await pilot.press("enter")
        for _ in range(6):
            await until(pilot, lambda: screen_name(bea) == "GameScreen")
            await pilot.press("q")
            await until(pilot, lambda: screen_name(bea) == "WebStopScreen")
            await pilot.press("y")
            await until(pilot, lambda: screen_name(bea) == "WebLobbyScreen")
            await until(pilot, lambda: len(gate.links) == 1)  # the lobby's alone
            await pilot.press("j")
        await until(pilot, lambda: screen_name(bea) == "GameScreen")
        assert bea.peer is not None and bea.peer.seat == 0
        assert len(gate.links) <= LINKS_PER_TICKET and len(server.lobby.rooms) == 1


async def test_a_finished_game_goes_back_to_the_lobby_at_q(server: GameServer) -> None:
    """Jet Lag against greedy, played by typed plays to its end: q at the end goes straight to
    the lobby (nothing to keep a seat for), where n makes the next game."""
    async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
        await jetlag_to_its_end(pilot, bea)
        await pilot.press("q")
        await until(pilot, lambda: screen_name(bea) == "WebLobbyScreen")
        assert bea.is_running and bea.peer is None
        await new_game_form(pilot, bea)
        form = bea.screen
        assert isinstance(form, NewGameScreen) and form.game() == "jetlag"  # as asked last
        assert form.query_one("#seats").disabled


async def test_r_at_a_games_end_seats_the_tab_in_the_next_game(server: GameServer) -> None:
    """r (Play again, offered in the end screen's footer) takes the tab through the lobby into
    a seat of the game that follows (``next``): a new game like the finished one (Jet Lag,
    against greedy), which the finished game points to."""
    async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
        await jetlag_to_its_end(pilot, bea)
        assert offered(bea, "r") == "Play again"
        finished = server.lobby.rooms["1"]
        await pilot.press("r")
        await until(pilot, lambda: screen_name(bea) == "JetLagScreen", 15)
        peer = bea.peer
        assert peer is not None and peer.seat == 0 and not peer.game.over
        assert finished.next_game == "2" and server.lobby.rooms["2"].title == "bea@web's game"
        following = server.lobby.rooms["2"]
        assert following.game == "jetlag" and following.open_seats == 0
        assert [seat.kind.bot for seat in following.table.seats] == [None, "greedy"]
        assert bea.gate.state.game == "2" and bea.gate.state.after is None
        await until(pilot, lambda: bool(seat_notices(bea)))  # a notice is a message: it comes
        await pilot.pause(0.2)
        assert len(seat_notices(bea)) == 1, seat_notices(bea)  # the old game's went with it


def notices(app: WebSessionApp) -> list[str]:
    """What the tab's notices say (each posted as a message: it shows a moment later)."""
    return [str(n.message) for n in app._notifications]


def seat_notices(app: WebSessionApp) -> list[str]:
    """The notices that tell a seat's code."""
    return [str(n.message) for n in app._notifications if n.title == "Your seat"]


def offered(app: WebSessionApp, key: str) -> str | None:
    """What ``key`` does on the screen now, as its footer says (None: nothing)."""
    active = app.active_bindings.get(key)
    return active.binding.description if active is not None and active.enabled else None


async def jetlag_to_its_end(pilot: Pilot[None], bea: WebSessionApp) -> None:
    """From the lobby: a Jet Lag game against greedy, played by typed plays to its end, until
    the end screen shows."""
    await new_game_form(pilot, bea)
    await pilot.press("shift+tab", "enter", "down", "enter")  # the Game line: Jet Lag
    await until(pilot, lambda: bea.screen.query_one("#seats").disabled)
    await pilot.press("enter")
    await until(pilot, lambda: screen_name(bea) == "JetLagScreen")
    peer = bea.peer
    assert peer is not None and peer.seat == 0
    for _ in range(60):
        await until(pilot, lambda: peer.game.over or peer.game.to_move() == 0, 20)
        if peer.game.over:
            break
        before = len(peer.game.entries)
        play = greedy_choice(peer.view(0), 0)
        await pilot.press(":", *jetlag_notation.format_action(play), "enter")
        await until(pilot, lambda b=before: len(peer.game.entries) > b)
    assert peer.game.over
    await until(pilot, lambda: screen_name(bea) != "JetLagScreen", 15)


async def test_a_seat_taken_before_the_tab_sits_leaves_it_in_the_lobby(
    server: GameServer, tmp_path: Path
) -> None:
    """The race between the lobby's yes and the game's: cy takes the last seat over SSH after
    the lobby told bea's tab it may join and before the tab reached the game. The tab says
    why, in the lobby again under the same name (it used to end the tab's session)."""
    dan = await connect(server, "dan", client_key(tmp_path, "dan"), width=100, height=30)
    await dan.open_game(seats=2, bots=0)
    async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
        sit = bea.sit

        async def after_cy(first: Transport) -> None:
            cy = await connect(server, "cy", client_key(tmp_path, "cy"), width=100, height=30)
            await cy.lobby()
            await cy.press("j")
            await cy.wait_for("dan  to move")  # the game began without bea
            await sit(first)
            await cy.close()

        bea.sit = after_cy  # type: ignore[method-assign]
        lobby = bea.screen
        assert isinstance(lobby, WebLobbyScreen)
        await until(pilot, lambda: [g.id for g in lobby.games] == ["1"])
        await pilot.press("j")
        await until(
            pilot, lambda: screen_name(bea) == "WebLobbyScreen" and bea.screen is not lobby, 20
        )
        assert bea.is_running and bea.peer is None
        said = "cannot join: every seat is taken: watch instead"
        await until(pilot, lambda: said in notices(bea))  # a notice is a message: it comes
        where = str(bea.screen.query_one("#where").render())
        assert where == "Jet Set: you are bea@web; Enter joins", where
    await dan.close()


async def at_game_ones_end(pilot: Pilot[None], bea: WebSessionApp, key: str) -> None:
    """From the lobby, once it lists game 1: ``key`` (j joins, w watches), until its end."""
    lobby = bea.screen
    assert isinstance(lobby, WebLobbyScreen)
    await until(pilot, lambda: [g.id for g in lobby.games] == ["1"])
    await pilot.press(key)
    await until(pilot, lambda: screen_name(bea) == "JetLagEndScreen", 60)


async def test_a_tab_at_a_games_end_is_told_who_opened_the_next_game(
    tmp_path: Path, alice_key: asyncssh.SSHKey
) -> None:
    """alice (over SSH) and bea (a tab) play Jet Lag to its end (a 20 ms turn clock lets the
    stand-ins play it); alice's r opens the next game, the finished game's host says so, and
    bea's end screen tells her who did; her r seats her in it."""
    server = await start_server(tmp_path, turn_time=0.02)
    try:
        alice = await connect(server, "alice", alice_key, width=100, height=30)
        await alice.jetlag_form()
        await alice.fill("Bots among them", "0")
        await alice.press("enter")
        await alice.wait_for("waiting for players")
        async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
            await at_game_ones_end(pilot, bea, "j")
            await alice.wait_for(lambda text: "r Play again" in text.splitlines()[-1], 30)
            await alice.press("r")
            said = "alice opened the next game for these seats: r takes a seat in it."
            await until(pilot, lambda: said in notices(bea))
            await pilot.press("r")  # (the stand-ins may play game 2 to its end at once)
            await until(pilot, lambda: bea.peer is not None and bea.gate.state.game == "2", 15)
            assert bea.peer is not None and bea.peer.seat == 1
            assert server.lobby.rooms["2"].open_seats == 0
        await alice.close()
    finally:
        await server.close()


async def test_a_tab_watching_a_game_watches_the_next_one_with_r(
    tmp_path: Path, alice_key: asyncssh.SSHKey
) -> None:
    """bea's tab watches alice's Jet Lag game against greedy (a 20 ms turn clock lets the
    stand-in play it to its end). Her end offers no r until alice's r opens the next game;
    then she is told, and r watches game 2 through the lobby, with no seat."""
    server = await start_server(tmp_path, turn_time=0.02)
    try:
        alice = await connect(server, "alice", alice_key, width=100, height=30)
        await alice.jetlag_form()
        await alice.press("enter")  # against one greedy bot: it begins at once
        async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
            await at_game_ones_end(pilot, bea, "w")
            assert offered(bea, "r") is None
            await alice.wait_for(lambda text: "r Play again" in text.splitlines()[-1], 30)
            await alice.press("r")
            said = "alice opened the next game: r watches it."
            await until(pilot, lambda: said in notices(bea))
            assert offered(bea, "r") == "Watch the next game"
            await pilot.press("r")
            await until(pilot, lambda: bea.peer is not None and bea.gate.state.game == "2", 15)
            assert bea.peer is not None and bea.peer.seat is None
            following = server.lobby.rooms["2"]
            await until(pilot, lambda: following.watchers == 1)
            assert server.lobby.rooms["1"].watchers == 0
        await alice.close()
    finally:
        await server.close()


async def test_back_in_the_lobby_the_cursor_is_on_the_game_you_left(server: GameServer) -> None:
    """A play test: with three games listed, a tab that left its game (the third) came back
    with the cursor on the first, and j there said "every seat is taken: watch instead" (in
    English, to an Italian page). The cursor starts on the game you hold a seat in."""
    from jetset_tui.ssh.seating import Player

    for name in ("xan", "yuki"):  # two games before bea's
        server.lobby.create(Player(f"key:{name}", name), 2, ["greedy"], None)
    async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
        await new_game_form(pilot, bea)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(bea) == "GameScreen")
        room = server.lobby.rooms["3"]
        await pilot.press("q")
        await until(pilot, lambda: screen_name(bea) == "WebStopScreen")
        await pilot.press("y")
        await until(pilot, lambda: screen_name(bea) == "WebLobbyScreen")
        lobby = bea.screen
        assert isinstance(lobby, WebLobbyScreen)
        await until(pilot, lambda: [g.id for g in lobby.games] == ["1", "2", "3"])
        chosen = lobby.chosen()
        assert chosen is not None and chosen.id == "3", chosen
        await pilot.press("j")
        await until(pilot, lambda: screen_name(bea) == "GameScreen")
        assert bea.peer is not None and bea.peer.seat == 0 and 0 in room.host.seat_conns


async def test_a_narrow_window_is_asked_to_widen_not_a_terminal(server: GameServer) -> None:
    """A play test: a phone-sized browser window read "Make the terminal larger … make the font
    smaller", which a browser's player has no way to do. It says window and zoom."""
    from jetset_tui.screenshot import screen_text

    async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
        await new_game_form(pilot, bea)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(bea) == "GameScreen")
        await pilot.resize_terminal(46, 30)
        await until(pilot, lambda: "Make the window larger" in screen_text(bea))
        text = screen_text(bea)
        assert "zoom out" in text and "terminal" not in text, text


async def test_a_tabs_palette_has_no_screenshot_and_no_menu(server: GameServer) -> None:
    """A play test: a tab's Ctrl+P offered "Save an SVG 'screenshot'", which said "Saved" and
    gave the browser's player nothing (over SSH it was already left out)."""
    async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
        await new_game_form(pilot, bea)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(bea) == "GameScreen")
        titles = [command.title for command in bea.get_system_commands(bea.screen)]
        assert "Screenshot" not in titles and "Back to the menu" not in titles, titles
        assert "Rules and keys" in titles and bea.deliver_screenshot() is None


async def test_a_tab_whose_seat_another_connection_took_goes_back_at_q(
    server: GameServer,
) -> None:
    """A play test's old tab, whose seat a new tab took with its code, asked on q whether to
    leave "with your seat kept": it is told the seat is played elsewhere, and q goes straight
    to the lobby."""
    from netcode.peer import NetPeer
    from netcode.peer_words import PLAYED_ELSEWHERE
    from netcode.transport import memory_pipe

    async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
        await new_game_form(pilot, bea)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(bea) == "GameScreen")
        peer = bea.peer
        assert peer is not None and peer.token is not None
        host = server.lobby.rooms["1"].host
        host_end, peer_end = memory_pipe("another-tab")
        host.spawn(host.attach(host_end))
        other = await NetPeer.connect(peer_end, token=peer.token)
        await until(pilot, lambda: peer.lost == PLAYED_ELSEWHERE)
        await pilot.press("q")
        await until(pilot, lambda: screen_name(bea) == "WebLobbyScreen")
        await other.close()


async def at_a_table_with_a_bot(server: GameServer, pilot: Pilot[None], tab: WebSessionApp) -> Room:
    """From the lobby: a new game of two seats, one a bot, the tab in the other, begun."""
    await new_game_form(pilot, tab)
    await pilot.press("backspace", "2", "tab", "backspace", "1")
    await pilot.press("enter")
    await until(pilot, lambda: screen_name(tab) == "GameScreen")
    room = server.lobby.rooms["1"]
    await until(pilot, lambda: room.table.started)
    return room


async def test_a_tabs_q_o_gives_the_seat_to_whoever_joins_next(server: GameServer) -> None:
    """A browser tab's q offers o, as an SSH session's does: the tab goes back to the lobby
    saying where the seat went, the seat is open for the next person who joins, and the tab
    keeps no code for it."""
    async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
        room = await at_a_table_with_a_bot(server, pilot, bea)
        await pilot.press("q")
        await until(pilot, lambda: screen_name(bea) == "WebStopScreen")
        assert "o  Leave, and give my seat to the next person who joins" in screen_text(bea)
        await pilot.press("o")
        await until(pilot, lambda: screen_name(bea) == "WebLobbyScreen")
        said = [n.message for n in bea._notifications]
        assert "Your seat in game 1 goes to the next person who joins it." in said, said
        await until(pilot, lambda: room.open_seats == 1)
        assert not bea.seat_codes and 0 not in room.host.seat_conns


async def test_a_tabs_gift_the_server_cannot_save_is_said_to_stay_its_players(
    server: GameServer,
) -> None:
    """The server could not write the gift (a full disk: its secrets file cannot be made): the
    seat stays the tab's player's, and the tab says so, where it said "goes to the next person
    who joins" (an SSH session already checked)."""
    import os

    from netcode.tablefiles import secrets_path

    async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
        room = await at_a_table_with_a_bot(server, pilot, bea)
        secrets = secrets_path(room.table.log_path)
        secrets.with_name(f"{secrets.name}.{os.getpid()}.tmp").mkdir()  # no file can go there
        await pilot.press("q")
        await until(pilot, lambda: screen_name(bea) == "WebStopScreen")
        await pilot.press("o")
        await until(pilot, lambda: screen_name(bea) == "WebLobbyScreen")
        await until(pilot, lambda: bool(bea._notifications), 5)
        said = [n.message for n in bea._notifications]
        assert any("could not give your seat in game 1 away: it stays yours" in m for m in said)
        assert not any("goes to the next person" in m for m in said), said
        assert room.open_seats == 0

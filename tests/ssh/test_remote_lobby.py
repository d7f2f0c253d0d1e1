"""The server's lobby in the local app (`jetset join ssh://HOST` at a terminal): the real
Textual app driven by Pilot, against a real server on 127.0.0.1, over real SSH channels."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import DataTable, Footer, Log, Static

from jetset_tui.i18n import use_language
from jetset_tui.screens.remote_lobby import RemoteLobbyApp
from jetset_tui.screenshot import screen_text
from jetset_tui.ssh.screens.ask import AskScreen
from netcode.lobbyproto import Create, LobbySay
from netcode.messages import to_wire
from netcode.peer import NetPeer
from netcode.sshclient import SshOpener
from netcode.transport import Transport
from tests.ssh.helpers import opener, start_server


async def lobby_app(o: SshOpener) -> RemoteLobbyApp:
    transport, framed = await o.channel()
    return RemoteLobbyApp(o, transport, framed)


async def until(pilot: Pilot[object], test: Callable[[], bool], timeout: float = 10.0) -> None:
    for _ in range(int(timeout / 0.05)):
        if test():
            return
        await pilot.pause(0.05)
    raise AssertionError("never happened")


async def new_game_form(pilot: Pilot[object], app: RemoteLobbyApp) -> None:
    """``n`` in the lobby, until its new-game form is up and drawn."""
    await pilot.press("n")
    await until(pilot, lambda: type(app.screen).__name__ == "NewGameScreen")
    await pilot.pause(0.2)


def rows(app: RemoteLobbyApp) -> list[list[str]]:
    table = app.lobby.query_one("#games", DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def test_the_games_with_their_options_and_the_lobby_chat_as_text(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    try:
        ann = opener(server, tmp_path, "ann")
        transport, framed = await ann.channel()
        create = Create(players=3, bots=("greedy",), password="pw", extra_cards=True)
        await framed.send(to_wire(create))
        await framed.send(to_wire(LobbySay(text="[bold red]hi[/] all")))
        app = await lobby_app(opener(server, tmp_path, "bob"))
        async with app.run_test(size=(120, 36)) as pilot:
            await until(pilot, lambda: len(rows(app)) == 1)
            assert rows(app) == [
                [
                    "1",
                    "Jet Set",
                    "ann's game",
                    "(open), (open), Amelia",
                    "3 seats, extra cards, password",
                    "waiting for 2",
                ]
            ]
            chat = app.lobby.query_one("#chat", Log)
            await framed.send(to_wire(LobbySay(text="[b]markup[/b] stays text")))
            await until(pilot, lambda: any("[b]markup[/b]" in line for line in chat.lines))
            assert "<ann> [b]markup[/b] stays text" in chat.lines
            # a line of bob's own goes to every client in the lobby, through the server
            await pilot.press("t", *"hello ann", "enter")  # t, as in the SSH lobby
            await until(pilot, lambda: "<bob> hello ann" in chat.lines)
            assert [c.text for c in server.lobby.chat][-1] == "hello ann"
            # the line keeps the keys: the w of the next words watches no game (a play test's)
            await pilot.press(*"we start at noon", "enter")
            await until(pilot, lambda: "<bob> we start at noon" in chat.lines)
            assert app.is_running and app.return_value is None
            # a game made elsewhere shows up without asking, with the game it plays
            await framed.send(to_wire(Create(game="jetlag", players=2, bots=())))
            await until(pilot, lambda: len(rows(app)) == 2)
            assert rows(app)[1][:2] == ["2", "Jet Lag"] and rows(app)[1][4] == "2 seats"
            await pilot.press("escape")  # out of the chat line: the lobby stays
            await pilot.pause(0.2)
            assert app.is_running, "Esc ended a browser's session at once"
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running)
        assert app.return_value is None
        transport.close()
    finally:
        await server.close()


async def test_a_new_game_from_the_form_then_its_seat(tmp_path: Path) -> None:
    """n, the SSH lobby's own form (2 seats, 1 bot, extra cards), Enter: the game is made with
    those options and the channel comes back at it, for the player's peer."""
    server = await start_server(tmp_path)
    try:
        o = opener(server, tmp_path, "carol")
        app = await lobby_app(o)
        async with app.run_test(size=(120, 36)) as pilot:
            await new_game_form(pilot, app)
            await pilot.press("backspace", "2", "tab", "backspace", "1", "tab", "tab", "tab")
            await pilot.press("enter", "down", "enter")  # the Cards list: the extra cards
            await pilot.pause(0.2)
            await pilot.press("shift+tab", "enter")
            await until(pilot, lambda: not app.is_running)
        chosen = app.return_value
        assert isinstance(chosen, Transport) and o.game == "1" and not o.spectate
        room = server.lobby.rooms["1"]
        assert room.table.game.options.players == 2 and room.table.game.options.extra_cards
        assert [s.bot_kind for s in room.table.seats] == ["", "greedy"]
        peer = await NetPeer.connect(chosen, name="carol", connector=o.connect)
        assert peer.seat == 0
        await asyncio.wait_for(peer.started_game.wait(), 5)
        await peer.close()
    finally:
        await server.close()


async def test_watching_a_private_game_asks_its_password(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    try:
        ann = opener(server, tmp_path, "ann")
        transport, framed = await ann.channel()
        await framed.send(to_wire(Create(players=2, bots=("greedy",), password="pw")))
        o = opener(server, tmp_path, "eve")
        app = await lobby_app(o)
        async with app.run_test(size=(120, 36)) as pilot:
            await until(pilot, lambda: len(rows(app)) == 1)
            await pilot.press("w")
            await until(pilot, lambda: isinstance(app.screen, AskScreen))
            await pilot.pause(0.2)
            await pilot.press(*"nope", "enter")
            error = app.screen.query_one("#ask-error", Static)
            await until(pilot, lambda: "wrong password" in str(error.render()))
            await pilot.press(*"pw", "enter")
            await until(pilot, lambda: not app.is_running)
        chosen = app.return_value
        assert isinstance(chosen, Transport) and o.spectate and o.password == "pw"
        peer = await NetPeer.connect(chosen, spectate=True, password="pw")
        assert peer.seat is None and server.lobby.rooms["1"].watchers == 1
        await peer.close()
        transport.close()
    finally:
        await server.close()


async def test_f_takes_the_first_free_seat_or_makes_a_game(tmp_path: Path) -> None:
    """No game yet: f makes one of ``--players`` seats and sits in it; a second player's f
    finds that game's free seat."""
    server = await start_server(tmp_path)
    try:
        chosen = []
        for user in ("dan", "fay"):
            o = opener(server, tmp_path, user)
            o.players = 2
            app = await lobby_app(o)
            async with app.run_test(size=(120, 36)) as pilot:
                await pilot.press("f")
                await until(pilot, lambda app=app: not app.is_running)
            assert isinstance(app.return_value, Transport) and o.game == "1"
            chosen.append(await NetPeer.connect(app.return_value, name=user))
        assert [p.seat for p in chosen] == [0, 1] and list(server.lobby.rooms) == ["1"]
        assert server.lobby.rooms["1"].table.game.options.players == 2
        for peer in chosen:
            await peer.close()
    finally:
        await server.close()


async def test_the_lobby_keys_are_the_games_footer_in_both_languages(tmp_path: Path) -> None:
    """The lobby's footer is the game's own (not Textual's), so its keys' words are in the
    player's language and fit 80 columns: Italian says Guarda, not Watch."""
    server = await start_server(tmp_path)
    try:
        for language, words in (
            ("en", ["Watch", "New game", "Chat", "Quit"]),
            ("it", ["Guarda", "Nuova partita", "Chat", "Esci"]),
        ):
            with use_language(language):
                app = await lobby_app(opener(server, tmp_path, f"gil{language}"))
                async with app.run_test(size=(80, 24)) as pilot:
                    await pilot.pause(0.2)
                    assert not app.lobby.query(Footer)
                    footer = screen_text(app).splitlines()[-1]
                    for word in words:
                        assert word in footer, (language, footer)
                    await pilot.press("q")
                    await until(pilot, lambda app=app: not app.is_running)
    finally:
        await server.close()


async def test_the_server_says_a_games_status_in_the_players_language(tmp_path: Path) -> None:
    """`jetset join ssh://` sends LANG as ssh does: the status the server words comes in the
    player's language (Italian here, whatever the server's own), and the title too."""
    server = await start_server(tmp_path)
    try:
        ann = opener(server, tmp_path, "ann")
        transport, framed = await ann.channel()
        await framed.send(to_wire(Create(players=3, bots=("greedy",))))
        with use_language("it"):
            bob = opener(server, tmp_path, "bob")
            bob.environment = {"LANG": "it"}
            app = await lobby_app(bob)
            async with app.run_test(size=(80, 24)) as pilot:
                await until(pilot, lambda: len(rows(app)) == 1)
                assert rows(app)[0][2] == "la partita di ann", rows(app)
                assert rows(app)[0][5] == "posti liberi: 2", rows(app)
                await pilot.press("q")
                await until(pilot, lambda: not app.is_running)
        transport.close()
    finally:
        await server.close()


async def test_a_server_that_stops_under_its_lobby_is_said_to_have_closed_it(
    tmp_path: Path,
) -> None:
    """A play test: `jetset join ssh://` in the lobby when the server stopped printed "you left
    the lobby". The app ends with why (``closed``), which ``pick_remote_game`` raises as
    ``LobbyClosed`` and `jetset join` says in the player's words; a player who left is None."""
    import argparse

    import pytest

    from jetset_tui.commands.join_refusals import join_problem
    from jetset_tui.screens.remote_lobby import LobbyClosed, chosen_or_closed

    server = await start_server(tmp_path)
    stopped = False
    try:
        transport, framed = await opener(server, tmp_path, "dan").channel()
        app = RemoteLobbyApp(opener(server, tmp_path, "dan"), transport, framed)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.3)
            await server.close()
            stopped = True
            await until(pilot, lambda: not app.is_running)
        assert app.return_value is None and app.closed is not None, app.closed
        with pytest.raises(LobbyClosed) as caught:
            chosen_or_closed(app.return_value, app, transport)
        args = argparse.Namespace(address="ssh://127.0.0.1", password=None, spectate=False)
        said = join_problem(caught.value, args)
        assert said == "the server closed its lobby", said  # not the framing's bytes read
        app.closed = None  # the player's own q: nothing to say
        assert chosen_or_closed(None, app, transport) is None
    finally:
        if not stopped:
            await server.close()

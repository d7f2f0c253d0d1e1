"""The Investors' face-up variant in the server's lobby (`jetset join ssh://`), Pilot against a
real server on 127.0.0.1: the lobby's form makes a face-up game (tickable only with the
Investors module), and the list of games says so."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox

from netcode.transport import Transport
from tests.ssh.helpers import opener, start_server
from tests.ssh.test_remote_lobby import lobby_app, new_game_form, rows, until


async def test_the_lobby_form_makes_a_face_up_game_and_lists_it(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    try:
        watcher = await lobby_app(opener(server, tmp_path, "dan"))
        async with watcher.run_test(size=(120, 36)) as seen:
            o = opener(server, tmp_path, "carol")
            app = await lobby_app(o)
            async with app.run_test(size=(80, 24)) as pilot:
                await new_game_form(pilot, app)
                face_up = app.screen.query_one("#investors-face-up", Checkbox)
                assert face_up.disabled, "a variant of the Investors module: not without it"
                await pilot.click("#modules-investors")
                await until(pilot, lambda: not face_up.disabled)
                await pilot.click("#investors-face-up")
                await pilot.click("#seats")
                await pilot.press("enter")
                await until(pilot, lambda: not app.is_running)
            assert isinstance(app.return_value, Transport) and o.game == "1"
            options = server.lobby.rooms["1"].table.game.options
            assert options.investors and options.investors_face_up
            await until(seen, lambda: len(rows(watcher)) == 1)
            assert "4 seats, Investors face up" in rows(watcher)[0]
            app.return_value.close()
    finally:
        await server.close()


async def test_enter_on_a_ticked_module_creates_the_game_with_it(tmp_path: Path) -> None:
    """The lobby's form says "Enter: create and sit down": so it does on a module's checkbox,
    which stays ticked (Space ticks it)."""
    server = await start_server(tmp_path)
    try:
        o = opener(server, tmp_path, "erin")
        app = await lobby_app(o)
        async with app.run_test(size=(80, 24)) as pilot:
            await new_game_form(pilot, app)
            hubs = app.screen.query_one("#modules-hubs", Checkbox)
            hubs.focus()
            await pilot.press("space")
            await until(pilot, lambda: hubs.value)
            await pilot.press("enter")
            await until(pilot, lambda: not app.is_running)
        assert isinstance(app.return_value, Transport) and o.game == "1"
        assert server.lobby.rooms["1"].table.game.options.hubs
        app.return_value.close()
    finally:
        await server.close()

"""The new-game form's keys line on its drop-down lists (the SSH lobby's form, in a browser tab
here): on a list Enter opens it, and the line says so, with Ctrl+S to create from there. A
browser play test, told "Enter: create and sit down", pressed Enter on "Cards" and the list
opened and closed again and again."""

from __future__ import annotations

from textual.widgets import Select, Static

from jetset_tui.ssh.server import GameServer
from tests.web.tabs import lobby_gate, new_game_form, screen_name, tab_in_lobby, until


async def test_on_a_list_the_form_says_enter_opens_it_and_ctrl_s_creates(
    server: GameServer,
) -> None:
    async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
        await new_game_form(pilot, bea)
        keys = bea.screen.query_one("#form-keys", Static)
        assert "Enter: create and sit down" in str(keys.render())
        bea.screen.query_one("#extra-cards", Select).focus()
        await pilot.pause()
        said = str(keys.render())
        assert "Enter: open the list" in said and "Ctrl+S: create and sit down" in said, said
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen_name(bea) != "NewGameScreen")
    assert "1" in server.lobby.rooms, "the game was made"

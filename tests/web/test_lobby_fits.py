"""The lobby of a browser tab and of ``jetset join ssh://`` (RemoteLobbyScreen) at 80×24 and
100×30, through the real gate: a play tester saw the Options column end mid-word ("4 seats,
extra cards, D") and the Status column out of sight to the right. Now every column is on the
screen, each cell whole or wrapped between words; and the ``*`` after a player's name is said.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable

from jetset_tui.i18n import use_language
from jetset_tui.screens.remote_lobby import RemoteLobbyScreen, options_text, seats_text
from jetset_tui.screenshot import screen_text
from jetset_tui.ssh.games import game_title, status_words, title_words
from jetset_tui.ssh.server import GameServer
from jetset_tui.web.session import WebSessionApp
from netcode import lobbyproto as lp
from tests.ssh.test_lobby_fits import make_games
from tests.tui.play import settled
from tests.web.tabs import lobby_gate, new_game_form, screen_name, tab_in_lobby, until

AWAY_NOTE = "* after a name: that player is not connected; their seat waits for them"


def said(game: lp.GameLine) -> list[str]:
    """What the list says of ``game``, column by column, in the current language."""
    title = title_words(game.title)
    status = status_words(game.status)
    return [game.id, game_title(game.game), title, seats_text(game), options_text(game), status]


def table_cells(screen: str, headings: list[str]) -> list[list[str]]:
    """Each row of the games list that the screen shows whole (another row comes after it):
    its cells, each read across the row's lines, a line's words joined by a space."""
    lines = screen.splitlines()
    found = (n for n, line in enumerate(lines) if all(f" {h} " in f"{line} " for h in headings))
    top = next(found, None)
    assert top is not None, f"not every heading of {headings} in sight:\n{screen}"
    starts = [lines[top].index(f" {h} ") + 1 for h in headings]
    bounds = list(zip(starts, [*starts[1:], None], strict=True))
    rows: list[list[list[str]]] = []
    for line in lines[top + 1 :]:
        cells = [line[start:end].strip() for start, end in bounds]
        if not any(cells):
            break
        if cells[0].isdigit():
            rows.append([[] for _ in headings])
        elif not rows:
            break
        for words, cell in zip(rows[-1], cells, strict=True):
            if cell:
                words.append(cell)
    return [[" ".join(words) for words in row] for row in rows[:-1]]


async def lobby_at(pilot: Pilot[None], app: WebSessionApp, size: tuple[int, int]) -> str:
    """The lobby's screen once it has the games and is drawn for ``size``."""
    screen = app.screen
    assert isinstance(screen, RemoteLobbyScreen)
    await until(pilot, lambda: len(screen.games) == 4)
    await pilot.resize_terminal(*size)
    assert await settled(pilot, lambda: tuple(app.screen.size) == size)
    await pilot.pause(0.3)  # the rows fitted again to the new width (``refit``)
    return screen_text(app)


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_every_column_of_the_remote_lobby_is_whole_and_in_sight(
    server: GameServer, language: str, size: tuple[int, int]
) -> None:
    make_games(server)  # two of them with long options: every module of Jet Set, a password
    with use_language(language):
        async with lobby_gate(server) as gate, tab_in_lobby(gate, "carol") as (app, pilot):
            text = await lobby_at(pilot, app, size)
            lobby = app.screen
            assert isinstance(lobby, RemoteLobbyScreen)
            table = lobby.query_one(DataTable)
            headings = [column.label.plain for column in table.ordered_columns]
            games = [said(game) for game in lobby.games]
    assert all(len(line) <= size[0] for line in text.splitlines())
    rows = table_cells(text, headings)  # every heading on the screen: the status too
    assert len(rows) >= 2, text  # the two long games at least
    for shown, whole in zip(rows, games, strict=False):
        for heading, cell, words in zip(headings, shown, whole, strict=True):
            assert cell == words, f"{heading} {words!r} shown as {cell!r}:\n{text}"
    assert "password" in games[1][4]


async def test_the_remote_lobby_says_what_the_star_after_a_name_means(server: GameServer) -> None:
    """bea leaves her game (q, then y): her seat waits for her, ``bea@web*`` in the list, and
    the line under it says what the * means; with nobody away there is no such line."""
    async with lobby_gate(server) as gate, tab_in_lobby(gate, "bea") as (bea, pilot):
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.2)
        assert AWAY_NOTE not in screen_text(bea)
        await new_game_form(pilot, bea)
        await pilot.press("tab", "backspace", "2")  # four seats, two of them bots
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(bea) == "GameScreen")
        await pilot.press("q")
        await until(pilot, lambda: screen_name(bea) == "WebStopScreen")
        await pilot.press("y")
        await until(pilot, lambda: screen_name(bea) == "WebLobbyScreen")
        await until(pilot, lambda: "bea@web*" in screen_text(bea))
        await pilot.pause(0.2)
        text = screen_text(bea)
    assert AWAY_NOTE in text, text

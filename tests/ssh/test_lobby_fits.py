"""The SSH lobby's games list at 80×24, over a real connection: each game's own title is shown
with no word of it broken (a play tester saw "beatrice" over "'s game", and "beatric…" in
Italian, in a title column nine cells wide), its options after it as far as they fit, and the
status and seats columns break between words only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jetset_tui.i18n import use_language
from jetset_tui.ssh.games import title_words
from jetset_tui.ssh.seating import Player
from jetset_tui.ssh.server import GameServer
from tests.ssh.helpers import client_key, connect, start_server

LEFT = re.compile(r"^ *(\d+)? +(Jet Set|Jet Lag)? *$")
"""What a line of the table holds before its title column: a game's number and its game, on
the row's first line; nothing on its next lines."""


def make_games(server: GameServer) -> None:
    """Four games waiting for players, two of them with long titles: a long name and every
    option of Jet Set."""
    alice = Player("key:alice", "alice", "127.0.0.2")
    bea = Player("key:beatrice", "beatrice", "127.0.0.3")
    lobby = server.lobby
    lobby.create(alice, 4, ["greedy", "greedy"], None, options={"modules": ("distant_lands",)})
    every = ("distant_lands", "hubs", "business_cards", "investors")
    options = {"extra_cards": True, "modules": every, "investors_face_up": True}
    lobby.create(bea, 6, ["greedy"], "secret", options=options)
    lobby.create(alice, 2, [], None, game="jetlag")
    lobby.create(bea, 3, ["search"], None)


def table_rows(screen: str, headings: tuple[str, str, str]) -> dict[str, tuple[str, str]]:
    """Each game's title and status in the games list, by its number: the cells of its title
    column and of its status column, each read across the row's lines."""
    lines = [line.split("│")[0] for line in screen.splitlines()]
    top = next(n for n, line in enumerate(lines) if all(h in line for h in headings))
    title, status, seats = (lines[top].index(heading) for heading in headings)
    cells: dict[str, tuple[list[str], list[str]]] = {}
    number = ""
    for line in lines[top + 1 :]:
        found = LEFT.match(line[:title])
        if found is None or not line.strip():
            break
        number = found[1] or number
        titles, statuses = cells.setdefault(number, ([], []))
        titles.append(line[title:status])
        statuses.append(line[status:seats])
    return {
        n: (" ".join(" ".join(t).split()), " ".join(" ".join(s).split()))
        for n, (t, s) in cells.items()
    }


@pytest.mark.parametrize(
    ("language", "headings"),
    [("en", ("title", "status", "seats")), ("it", ("titolo", "stato", "posti"))],
)
async def test_the_games_list_at_80x24_keeps_titles_whole(
    tmp_path: Path, language: str, headings: tuple[str, str, str]
) -> None:
    server = await start_server(tmp_path)
    try:
        make_games(server)
        with use_language(language):  # each game's own title and status, as the list says them
            said = {n: (title_words(r.title), r.status) for n, r in server.lobby.rooms.items()}
        env = {"LANG": "it_IT.UTF-8"} if language == "it" else {}
        key = client_key(tmp_path, "carol")
        carol = await connect(server, "carol", key, width=80, height=24, env=env)
        screen = await carol.wait_for(  # the list, and the line under it for the first game
            lambda text: all(h in text for h in headings) and "Jet Lag" in text, settle=0.5
        )
        screen = carol.text()
        await carol.close()
    finally:
        await server.close()
    assert all(len(line) <= 80 for line in screen.splitlines())
    rows = table_rows(screen, headings)
    assert len(rows) >= 2, screen  # at least the first two games, the long ones, on the screen
    for number, (title, status) in rows.items():
        own, now = said[number]
        assert title.startswith(own), f"game {number}'s title {own!r} broken:\n{screen}"
        assert status == now, f"game {number}'s status {now!r} broken:\n{screen}"


def seats_cells(screen: str) -> list[str]:
    """Each game's seats cell in the games list, read across the row's lines with no space
    (a long name may be broken inside)."""
    lines = [line.split("│")[0] for line in screen.splitlines()]
    top = next(n for n, line in enumerate(lines) if "seats" in line and "title" in line)
    start = lines[top].index("seats")
    cells: list[str] = []
    for line in lines[top + 1 :]:
        if not line.strip():
            break
        if LEFT.match(line[: lines[top].index("title")]) is None:
            break
        if line[:3].strip():  # a game's number: its first line
            cells.append("")
        cells[-1] += "".join(line[start:].split())
    return cells


async def test_a_long_name_in_the_title_and_the_seats_keeps_the_seats_in_sight(
    tmp_path: Path,
) -> None:
    """A check of the lobby at 80×24 saw a 16-letter player's game with its seats column cut
    at the table's edge ("abcdefgh" for the name, the rest out of sight): the name's words did
    not fit side by side in the title and in the seats. Now the longest are broken, and every
    seat is in sight."""
    server = await start_server(tmp_path)
    try:
        long = await connect(server, "abcdefghijklmnop", client_key(tmp_path, "long"))
        await long.open_game(seats=4, bots=1)
        seats = server.lobby.rooms["1"].seat_line()
        assert seats.startswith("abcdefghijklmnop, (open)")
        carol = await connect(server, "carol", client_key(tmp_path, "carol"), width=80, height=24)
        screen = await carol.wait_for(lambda text: "Amelia" in text, settle=0.5)
        screen = carol.text()
        await carol.close()
        await long.close()
    finally:
        await server.close()
    assert seats_cells(screen) == ["".join(seats.split())], screen

"""The lobby's messages (netcode/lobbyproto.py), both ways, on the protocol's machinery: what a
client may send is checked field by field, and a client checks what the server sends."""

from __future__ import annotations

from typing import Any

import pytest

from netcode import lobbyproto as lp
from netcode.messages import E_MALFORMED, E_UNKNOWN, ProtocolError, to_wire


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"t": "dance"}, E_UNKNOWN),
        ({"t": "create"}, E_MALFORMED),
        ({"t": "create", "players": True}, E_MALFORMED),
        ({"t": "create", "players": 1}, E_MALFORMED),
        ({"t": "create", "players": 17}, E_MALFORMED),
        ({"t": "create", "players": 4, "bots": ["greedy", ""]}, E_MALFORMED),
        ({"t": "create", "players": 4, "bots": ["x" * 201]}, E_MALFORMED),
        ({"t": "create", "players": 4, "bots": ["greedy"] * 17}, E_MALFORMED),
        ({"t": "create", "players": 4, "password": 5}, E_MALFORMED),
        ({"t": "join", "players": 99}, E_MALFORMED),
        ({"t": "join", "game": ["1"]}, E_MALFORMED),
        ({"t": "watch", "game": None}, E_MALFORMED),
        ({"t": "lobby-chat"}, E_MALFORMED),
        ({"t": "lobby-chat", "text": "bell\x07"}, E_MALFORMED),
    ],
)
def test_hostile_lobby_requests_are_refused(raw: dict[str, Any], code: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        lp.parse_lobby(raw)
    assert refused.value.code == code
    assert refused.value.message and "Error" not in refused.value.message


def test_lobby_requests_read_and_normalised() -> None:
    create = lp.parse_lobby({"t": "create", "players": 3, "bots": ["greedy"], "password": ""})
    assert create == lp.Create(players=3, bots=("greedy",), password=None, extra_cards=False)
    assert lp.parse_lobby({"t": "join"}) == lp.JoinGame(game=None, password=None, players=4)
    say = lp.parse_lobby({"t": "lobby-chat", "text": "  hi \t all "})
    assert say == lp.LobbySay(text="hi all")
    for request in (create, lp.WatchGame(game="7", password="pw"), say, lp.ListGames()):
        assert lp.parse_lobby(to_wire(request)) == request


def game_line(**kw: Any) -> lp.GameLine:
    base: dict[str, Any] = {
        "id": "1",
        "title": "ann's game",
        "seats": (lp.SeatLine(name="ann", connected=True), lp.SeatLine(bot="greedy")),
        "options": lp.GameOptions(players=2, extra_cards=True),
        "private": True,
        "status": "waiting for 1",
        "open_seats": 1,
    }
    base.update(kw)
    return lp.GameLine(**base)


def test_a_client_reads_the_servers_messages_and_refuses_bad_ones() -> None:
    games = lp.Games(you="ann", games=(game_line(),))
    wire = to_wire(games)
    assert wire["games"][0]["open"] == 1 and wire["games"][0]["options"]["extra_cards"] is True
    assert lp.parse_server(wire) == games
    joining = lp.Joining(game="1", token=None)
    assert lp.parse_server(to_wire(joining)) == joining
    for bad in (
        to_wire(lp.Games(you="ann", games=(game_line(title="x" * 81),))),
        to_wire(lp.Games(you="ann", games=(game_line(id="1" * 17),))),
        {"t": "games", "you": "ann", "games": [{"id": "1", "seats": "no"}]},
        {"t": "games", "you": "ann", "games": "no"},
        {"t": "joining", "game": 1},
        {"t": "lobby-chat", "name": "x", "text": "y" * 501},
    ):
        with pytest.raises(ProtocolError):
            lp.parse_server(bad)

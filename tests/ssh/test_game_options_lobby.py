"""A game's options in the SSH server's lobby go through its rules' schema (issue 21): a
``create`` of Jet Set with modules makes that game and the list says so, a ``create`` of Jet Lag
makes one with none, and an option a game has not, or cannot play, is refused and changes
nothing. The real server on 127.0.0.1, real SSH channels speaking the lobby's messages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from netcode import lobbyproto as lp
from netcode.messages import to_wire
from tests.ssh.helpers import answer, games, open_lobby, refused

FACE_UP = lp.Create(
    players=3,
    bots=("greedy", "greedy"),
    extra_cards=True,
    modules=("investors", "hubs"),
    investors_face_up=True,
)


def test_a_jet_set_create_keeps_its_bytes() -> None:
    """The options travel in the fields they always had (no game named: Jet Set)."""
    assert to_wire(FACE_UP) == {
        "t": "create",
        "players": 3,
        "bots": ("greedy", "greedy"),
        "extra_cards": True,
        "modules": ("investors", "hubs"),
        "investors_face_up": True,
    }
    assert lp.create_options(lp.Create(players=4)) == {}
    assert lp.create_options(FACE_UP) == {
        "extra_cards": True,
        "modules": ("investors", "hubs"),
        "investors_face_up": True,
    }


async def test_a_jet_set_game_with_modules_and_a_jet_lag_game(tmp_path: Path) -> None:
    async with open_lobby(tmp_path, "ann") as (server, ann):
        await ann.send(to_wire(FACE_UP))
        assert await answer(ann) == lp.Created(game="1")
        state = server.lobby.rooms["1"].table.game.state
        assert state.hubs is not None and state.investors is not None
        assert state.investors.face_up and state.distant is None and state.business is None
        assert len(server.lobby.rooms["1"].table.game.board.short_deck) == 52 + 50
        await ann.send(to_wire(lp.Create(game="jetlag", players=2, bots=("greedy",))))
        assert await answer(ann) == lp.Created(game="2")
        listed: dict[str, lp.GameLine] = {}
        for _ in range(20):  # a list sent before the second game was made may come first
            listed = {line.id: line for line in (await games(ann)).games}
            if len(listed) == 2:
                break
        assert listed["1"].options == lp.GameOptions(
            players=3, extra_cards=True, modules=("hubs", "investors"), investors_face_up=True
        )
        assert listed["2"].game == "jetlag" and listed["2"].options == lp.GameOptions(players=2)


JETSET = {"t": "create", "players": 3, "bots": ["greedy"]}


@pytest.mark.parametrize(
    ("request_", "code", "said"),
    [
        ({**JETSET, "investors_face_up": True}, "refused", "with Investors) needs Investors"),
        (
            {**JETSET, "modules": ["hubs"], "investors_face_up": True},
            "refused",
            "needs Investors",
        ),
        ({**JETSET, "modules": ["teleport"]}, "malformed", "'modules' is a list of"),
        ({**JETSET, "game": "jetlag", "players": 2, "investors_face_up": True}, "refused", ""),
    ],
)
async def test_an_option_the_game_cannot_play_is_refused_and_changes_nothing(
    tmp_path: Path, request_: dict[str, Any], code: str, said: str
) -> None:
    async with open_lobby(tmp_path, "mallory") as (server, framed):
        refusal = await refused(server, framed, request_)
        assert refusal.code == code and said in refusal.message, refusal
        if request_.get("game") == "jetlag":
            assert refusal.message.endswith("Jet Lag has no options")

"""engine.jetset.position: a view of the table as plain data (docs/bots.md, "The position")."""

from __future__ import annotations

import json

import msgpack

from engine import Game, Options
from engine.jetset.actions import Offer
from engine.jetset.options import MODULES
from engine.jetset.position import position
from engine.jetset.selfplay import play_game
from tests.engine.table import mid_game_table
from tests.engine.test_examples import RED, _final_flight_table


def test_the_mid_game_position_as_seat_0_sees_it() -> None:
    t = mid_game_table()
    data = position(t.game.state.view(0))
    assert (data["phase"], data["turn_of"], data["vacation_time"]) == ("play", 0, False)
    assert data["rows"]["long"] == t.game.state.rows["long"]
    assert data["decks"] == {"short": 43, "long": 37}
    me = data["seats"][0]
    assert (me["cash"], me["hand"], me["points"]) == (42, ["F-01", "F-02"], 9)
    assert [c["card"] for c in me["cards"]] == ["S1-22", "S1-18", "S1-26", "S1-25", "L5-17"]
    assert [s["hand"] for s in data["seats"][1:]] == [None, None, None]
    assert [s["hand_size"] for s in data["seats"]] == [2, 2, 2, 2]
    assert {"link": "MIL-ROM", "owner": 1, "planes": [0, 2, 0, 0]} in data["links"]
    assert all(link["owner"] >= 0 for link in data["links"])


def test_a_spectator_position_holds_no_hand() -> None:
    data = position(mid_game_table().game.state.view(None))
    assert [s["hand"] for s in data["seats"]] == [None] * 4


def test_the_position_travels_as_json_and_msgpack_unchanged() -> None:
    data = position(mid_game_table().game.state.view(1))
    assert json.loads(json.dumps(data)) == data
    assert msgpack.unpackb(msgpack.packb(data)) == data


def test_a_played_final_flight_is_public() -> None:
    t = _final_flight_table()
    t.do(RED, "final F-01 MIL-PAR-AMS-DUB-LON-PAR-BOD")
    seen_by_other = position(t.game.state.view(1 - RED))["seats"][RED]
    assert seen_by_other["final"] == "F-01" and seen_by_other["finished"]
    assert seen_by_other["final_path"] == "MIL-PAR-AMS-DUB-LON-PAR-BOD"
    assert seen_by_other["hand"] is None
    assert seen_by_other["points"] == 3 + 10 + 2 * seen_by_other["final_planes"]


def test_the_business_part_shows_own_hand_and_the_open_deal() -> None:
    """A bot author play test: a network bot saw no Business card at all, not even its own hand
    or the deal it was answering. Seed "offer/80": greedy offers a deal in a two-seat game."""
    game = play_game(Options(players=2, **{m: True for m in MODULES}), "offer/80", ("greedy",))
    replayed = Game(game.options)
    for entry in game.entries:
        replayed.push(entry)
        if isinstance(entry.action, Offer):
            break
    offer = entry.action
    assert isinstance(offer, Offer)
    full = replayed.state.business
    assert full is not None
    answerer = position(replayed.state.view(offer.seat))["business"]
    assert answerer["hands"][offer.seat] == full.hands[offer.seat]
    assert answerer["hands"][entry.actor] is None, "never another seat's cards"
    assert answerer["hand_sizes"] == full.sizes
    assert answerer["offer"] == {
        "from": entry.actor,
        "to": offer.seat,
        "accepted": False,
        "link": replayed.board.link_name(offer.link),
    }
    assert answerer["offered_this_turn"] is True
    assert answerer["discards"] == full.discards and answerer["draw_pile"] == full.deck_size
    watcher = position(replayed.state.view(None))["business"]
    assert watcher["hands"] == [None, None]
    assert msgpack.unpackb(msgpack.packb(watcher)) == watcher
    assert "business" not in position(mid_game_table().game.state.view(0)), "module off"

"""The message definitions (netcode/messages.py): the bytes they put on the wire are protocol 3's
(the maps the host and peers sent before the definitions existed), every message comes back as
it went, and the decoder refuses what protocol 3 refuses, with its codes and limits."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from netcode import messages as m
from netcode.framing import encode

TOKEN = "ab" * 16
OPTIONS = {"players": 3}
SEATS = (m.SeatEntry(name="Ann", kind="human", connected=True),)

# every message, typed, beside the map protocol 4 sends for it (keys in their order)
WIRE: list[tuple[m.ProtocolMessage, dict[str, Any]]] = [
    (m.hello("jetset-peer"), {"t": "hello", "app": "jetset", "proto": 5, "client": "jetset-peer"}),
    (
        m.Hello(app="jetset", proto=5, client="bot", legal=True),
        {"t": "hello", "app": "jetset", "proto": 5, "client": "bot", "legal": True},
    ),
    (m.Join(name="Ann"), {"t": "join", "name": "Ann"}),
    (
        m.Join(name="Ann", password="pw", pledge="0" * 32),
        {"t": "join", "name": "Ann", "password": "pw", "pledge": "0" * 32},
    ),
    (m.Contribute(contribution="a" * 32), {"t": "contribute", "contribution": "a" * 32}),
    (m.NextRequest(), {"t": "next"}),
    (m.Reconnect(token=TOKEN, have=4), {"t": "reconnect", "token": TOKEN, "have": 4}),
    (m.Spectate(have=0), {"t": "spectate", "have": 0}),
    (m.Spectate(have=2, password="pw"), {"t": "spectate", "have": 2, "password": "pw"}),
    (
        m.ActionRequest(id=1, at=10, seat=0, text="income"),
        {"t": "action", "id": 1, "at": 10, "seat": 0, "x": "income"},
    ),
    (m.Chat(text="hi"), {"t": "chat", "text": "hi"}),
    (m.Ping(n=7), {"t": "ping", "n": 7}),
    (m.Leave(), {"t": "leave"}),
    (m.StateRequest(at=3), {"t": "state", "at": 3}),
    (
        m.Welcome(
            proto=3,
            game=m.GameInfo(options=OPTIONS, commitment="c", started=False, over=False, entries=0),
            password=False,
            ping=10.0,
            seats=SEATS,
        ),
        {
            "t": "welcome",
            "proto": 3,
            "game": {
                "options": OPTIONS,
                "commitment": "c",
                "started": False,
                "over": False,
                "entries": 0,
            },
            "password": False,
            "ping": 10.0,
            "seats": [{"name": "Ann", "kind": "human", "connected": True}],
        },
    ),
    (
        m.Seated(seat=None, token=None, name="spectator", from_=0),
        {"t": "seated", "seat": None, "token": None, "name": "spectator", "from": 0, "upto": 0},
    ),
    (
        m.Seats(seats=SEATS),
        {"t": "seats", "seats": [{"name": "Ann", "kind": "human", "connected": True}]},
    ),
    (
        m.presence_message([m.SeatPresence(False, 12.345, "greedy", None, None)], 30.0),
        {
            "t": "presence",
            "turn_time": 30.0,
            "seats": [
                {
                    "connected": False,
                    "away": 12.3,
                    "standin": "greedy",
                    "bot_in": None,
                    "clock": None,
                }
            ],
        },
    ),
    (
        m.EntryMessage(i=0, a=-1, x="deal 0 hidden c", d="0" * 32),
        {"t": "entry", "i": 0, "a": -1, "x": "deal 0 hidden c", "d": "0" * 32},
    ),
    (
        m.Turn(i=5, seat=1, legal=("income",), view={"seat": 1}),
        {"t": "turn", "i": 5, "seat": 1, "legal": ["income"], "view": {"seat": 1}},
    ),
    (m.Done(ref=3, i=9), {"t": "done", "ref": 3, "i": 9}),
    (
        m.Error(code="stale", message="old", ref=2),
        {"t": "error", "code": "stale", "message": "old", "fatal": False, "ref": 2},
    ),
    (
        m.Error(code="full", message="no seat", fatal=True),
        {"t": "error", "code": "full", "message": "no seat", "fatal": True},
    ),
    (
        m.ChatLine(seat=None, name="spectator", text="hi"),
        {"t": "chat", "seat": None, "name": "spectator", "text": "hi"},
    ),
    (
        m.ChatKept(lines=(m.ChatLine(seat=0, name="Ann", text="gg"),)),
        {"t": "chat-kept", "lines": [{"seat": 0, "name": "Ann", "text": "gg"}]},
    ),
    (m.Pong(n=7), {"t": "pong", "n": 7}),
    (m.Bye(reason="you left"), {"t": "bye", "reason": "you left"}),
    (m.Bye(reason="paused", paused=True), {"t": "bye", "reason": "paused", "paused": True}),
    (m.StateReply(at=3, slots=(1, 2)), {"t": "state", "at": 3, "slots": [1, 2]}),
    (
        m.paused_message("disk full"),
        {
            "t": "paused",
            "reason": "disk full",
            "message": "the host cannot save the game (disk full); the game is paused",
        },
    ),
    (
        m.Unpaused(),
        {"t": "unpaused", "message": "the host can save the game again; the game continues"},
    ),
    (
        m.Pledges(pledges=("b" * 32, None)),
        {"t": "pledges", "pledges": ["b" * 32, None]},
    ),
    (
        m.End(seed="s", header={"format": 3}, log=([0, "income", "d"],)),
        {"t": "end", "seed": "s", "header": {"format": 3}, "log": [[0, "income", "d"]]},
    ),
    (m.NextGame(game="2", seat=1), {"t": "next", "game": "2", "seat": 1}),
]


@pytest.mark.parametrize("typed,raw", WIRE, ids=[f"{t.SIDE}-{t.T}" for t, _ in WIRE])
def test_the_bytes_on_the_wire_are_protocol_4s(
    typed: m.ProtocolMessage, raw: dict[str, Any]
) -> None:
    assert encode(m.to_wire(typed)) == encode(raw)
    assert m.from_wire(raw, typed.SIDE) == typed


def test_every_message_is_tried_above() -> None:
    tried = {(t.SIDE, t.T) for t, _ in WIRE}
    every = {(side, kind) for side in ("peer", "host") for kind in m.message_types(side)}
    assert tried == every


REFUSED: list[tuple[dict[str, Any], str]] = [
    ({"t": "hello", "proto": 3}, m.E_VERSION),
    ({"t": "hello", "app": "other", "proto": 3}, m.E_VERSION),
    ({"t": "hello", "app": "jetset"}, m.E_MALFORMED),
    ({"t": "hello", "app": "jetset", "proto": 3, "legal": "yes"}, m.E_MALFORMED),
    ({"t": "hello", "app": "jetset", "proto": 3, "client": "c" * 65}, m.E_MALFORMED),
    ({"t": "join"}, m.E_MALFORMED),
    ({"t": "join", "name": "   "}, m.E_MALFORMED),
    ({"t": "join", "name": "a" * 33}, m.E_MALFORMED),
    ({"t": "join", "name": "a\x1b[2J"}, m.E_MALFORMED),
    ({"t": "join", "name": "Ann", "password": "p" * 129}, m.E_MALFORMED),
    ({"t": "join", "name": "Ann", "pledge": "F" * 32}, m.E_MALFORMED),
    ({"t": "join", "name": "Ann", "pledge": 7}, m.E_MALFORMED),
    ({"t": "contribute"}, m.E_MALFORMED),
    ({"t": "contribute", "contribution": "a" * 31}, m.E_MALFORMED),
    ({"t": "reconnect", "token": "t" * 65}, m.E_MALFORMED),
    ({"t": "reconnect", "token": TOKEN, "have": -1}, m.E_MALFORMED),
    ({"t": "spectate", "have": 2**31}, m.E_MALFORMED),
    ({"t": "action", "id": True, "at": 0, "seat": 0, "x": "income"}, m.E_MALFORMED),
    ({"t": "action", "id": 1, "at": "0", "seat": 0, "x": "income"}, m.E_MALFORMED),
    ({"t": "action", "id": 1, "at": 0, "seat": 0.0, "x": "income"}, m.E_MALFORMED),
    ({"t": "action", "id": 1, "at": 0, "seat": 0, "x": "i" * 401}, m.E_MALFORMED),
    ({"t": "action", "id": 1, "at": 0, "seat": 0}, m.E_MALFORMED),
    ({"t": "chat", "text": "x" * 501}, m.E_MALFORMED),
    ({"t": "chat", "text": "\x07bell"}, m.E_MALFORMED),
    ({"t": "chat"}, m.E_MALFORMED),
    ({"t": "state"}, m.E_MALFORMED),
    ({"t": "welcome"}, m.E_UNKNOWN),
    ({"t": "nonsense"}, m.E_UNKNOWN),
]


@pytest.mark.parametrize("raw,code", REFUSED)
def test_a_peer_message_out_of_bounds_is_refused_with_its_code(
    raw: dict[str, Any], code: str
) -> None:
    with pytest.raises(m.ProtocolError) as refused:
        m.parse_client(raw)
    assert refused.value.code == code
    assert refused.value.message


def test_what_a_peer_may_leave_out_or_add() -> None:
    assert m.parse_client({"t": "reconnect", "token": TOKEN}) == m.Reconnect(token=TOKEN, have=0)
    assert m.parse_client({"t": "ping"}) == m.Ping(n=0)
    assert m.parse_client({"t": "hello", "app": "jetset", "proto": 2, "x": 1}) == m.Hello(
        app="jetset", proto=2, client=""
    )
    assert m.parse_client({"t": "join", "name": " Ann \t Lee ", "password": None}) == m.Join(
        name="Ann Lee"
    )
    assert m.parse_client({"t": "chat", "text": "a" * 500}) == m.Chat(text="a" * 500)


@pytest.mark.parametrize(
    "raw",
    [
        {"t": "entry", "i": "0", "a": 0, "x": "income", "d": "d"},
        {"t": "entry", "i": 0, "a": -2, "x": "income", "d": "d"},
        {"t": "done", "ref": 1},
        {"t": "presence", "turn_time": 0, "seats": [{"connected": True}] * 17},
        {"t": "presence", "turn_time": -1, "seats": []},
        {"t": "presence", "seats": [{"standin": "k" * 201}]},
        {"t": "presence", "seats": [{"away": 1e8}]},
        {"t": "seats", "seats": ["Ann"]},
        {"t": "welcome", "game": {"options": {}}, "ping": 10, "seats": []},
        {"t": "end", "seed": "s", "header": [], "log": []},
    ],
)
def test_a_host_message_out_of_bounds_is_refused(raw: dict[str, Any]) -> None:
    with pytest.raises(m.ProtocolError) as refused:
        m.parse_host(raw)
    assert refused.value.code == m.E_MALFORMED


def test_two_messages_of_one_side_and_type_cannot_be_defined() -> None:
    with pytest.raises(TypeError, match="two peer messages"):

        class Again(m.ProtocolMessage, t="ping", side="peer"):
            pass


def test_another_protocol_names_its_own_sides() -> None:
    """The SSH lobby's messages may reuse a game type name on sides of their own."""

    @dataclass(frozen=True, kw_only=True)
    class Said(m.ProtocolMessage, t="chat", side="test-lobby"):
        line: str = m.spec(max_len=5)

    assert m.from_wire({"t": "chat", "line": "hi"}, "test-lobby") == Said(line="hi")
    assert m.to_wire(Said(line="hi")) == {"t": "chat", "line": "hi"}
    with pytest.raises(m.ProtocolError):
        m.from_wire({"t": "chat", "line": "too long"}, "test-lobby")
    assert m.parse_client({"t": "chat", "text": "hi"}) == m.Chat(text="hi")


SIDES = ("peer", "host")
FIELD_KEYS = sorted(
    {f.key for side in SIDES for c in m.message_types(side).values() for f in m.wire_fields(c)}
)
scalars = (
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8) | st.binary()
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(FIELD_KEYS), inner, max_size=4)
    ),
    max_leaves=8,
)


@given(
    st.sampled_from(SIDES).flatmap(
        lambda side: st.tuples(
            st.just(side),
            st.sampled_from(sorted(m.message_types(side))),
            st.dictionaries(st.sampled_from(FIELD_KEYS), values, max_size=6),
        )
    )
)
def test_any_map_is_a_message_or_a_protocol_error(case: tuple[str, str, dict[str, Any]]) -> None:
    """Whatever a hostile side sends, checking it raises nothing but ProtocolError."""
    side, kind, raw = case
    raw["t"] = kind
    try:
        msg = m.from_wire(raw, side)
    except m.ProtocolError as exc:
        assert exc.code in (m.E_MALFORMED, m.E_VERSION)
        return
    assert m.from_wire(m.to_wire(msg), side) == msg


async def test_the_host_log_names_the_program_its_hello_gives(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """docs/protocol.md says the host's log shows ``hello.client``; nothing read it (a
    stranger's play test). A control character in it is shown, never acted on."""
    from tests.net.helpers import serve

    caplog.set_level(logging.INFO, logger="jetset.host")
    async with serve(tmp_path, 2, ["random"]) as served:
        conn = await served.raw(hello=False)
        await conn.send({**m.to_wire(m.hello("mybot/1.2\x1b[2J"))})
        await conn.recv()  # welcome
    said = [r.getMessage() for r in caplog.records if "says it is mybot" in r.getMessage()]
    assert said and "mybot/1.2\\x1b[2J" in said[0], said


async def test_the_host_log_says_whom_it_turned_away_and_why(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A stranger's play test guessed passwords and sent floods at ``jetset host``, whose log
    said nothing of them: each connection it shuts with a fatal error is logged, its code
    and why."""
    from tests.net.helpers import serve

    caplog.set_level(logging.INFO, logger="jetset.host")
    async with serve(tmp_path, 2, ["random"], password="sesame") as served:
        conn = await served.raw()
        await conn.send({"t": "join", "name": "Eve", "password": "guess"})
        await conn.recv()  # the error
    said = [r.getMessage() for r in caplog.records if " shut: " in r.getMessage()]
    assert any("shut: password (wrong password)" in line for line in said), said

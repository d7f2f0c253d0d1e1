"""A refusal's template on the wire (error.why): the host sends it, a peer rebuilds the engine's
exception from it only when it reads exactly as the host's text and runs nothing when filled."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine.errors import IllegalAction, NotationError, Seat, Word
from netcode import messages as m
from netcode.host import HostSettings
from netcode.refusal import rebuilt, why_of
from netcode.wire import to_wire

from .helpers import recv_until, serve


async def test_the_host_sends_the_template_of_an_illegal_action(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, settings=HostSettings(max_errors=50)) as served:
        conns = []
        for name in ("a", "b"):
            conn = await served.raw()
            await conn.send({"t": "join", "name": name})
            conns.append((conn, int((await recv_until(conn, "seated"))["seat"])))
        game = served.table.game
        await asyncio.sleep(0.1)
        conn, seat = next(c for c in conns if c[1] == game.to_move())
        n = len(game.entries)
        await conn.send({"t": "action", "id": 7, "seat": seat, "at": n, "x": "buy MIL-ROM 9"})
        error = await recv_until(conn, "error")
        assert error["code"] == "illegal"
        why = m.from_wire(error, "host")
        assert isinstance(why, m.Error) and why.why is not None
        assert why.why.template == "you have €{cash}; this costs €{cost}"
        assert dict(zip(why.why.names, why.why.values, strict=True))["cash"] == "30"
        again = rebuilt(why.why, error["message"], notation=False)
        assert isinstance(again, IllegalAction) and str(again) == error["message"]
        await conn.send({"t": "action", "id": 8, "seat": seat, "at": n, "x": "buy MIL-XYZ 2"})
        error = await recv_until(conn, "error")
        assert error["code"] == "notation" and error["why"]["template"] == "unknown city {city}"
        assert len(game.entries) == n


def test_a_rebuilt_refusal_keeps_its_words() -> None:
    exc = IllegalAction("Flight Card Phase", "the {row} deck is empty", row=Word("short"))
    again = rebuilt(why_of(exc), str(exc), notation=False)
    assert isinstance(again, IllegalAction)
    assert again.params == {"row": "short"} and isinstance(again.params["row"], Word)
    assert (again.rule, again.template, str(again)) == (exc.rule, exc.template, str(exc))
    line = NotationError("unknown city {city}", city="'XYZ'")
    assert str(rebuilt(why_of(line), str(line), notation=True)) == str(line)


def test_a_rebuilt_refusal_keeps_its_seats() -> None:
    """A peer says a seat by its player's name: the seat comes back a ``Seat``; a value that
    is not how the engine writes a seat stays text (and must still read as the message)."""
    exc = IllegalAction("Buy", "{link} is owned by {seat}", link="LON-PAR", seat=Seat(1))
    why = why_of(exc)
    assert why.seats == ("seat",) and why.values == ("LON-PAR", "seat 1")
    error = m.from_wire(to_wire(m.Error(code="illegal", message=str(exc), why=why)), "host")
    assert isinstance(error, m.Error) and error.why is not None  # the seats travel
    again = rebuilt(error.why, str(exc), notation=False)
    assert isinstance(again, IllegalAction) and str(again) == str(exc)
    assert isinstance(again.params["seat"], Seat) and again.params["seat"].number == 1
    for value in ("Ann", "seat 123", "seat -1", "seat 1 "):
        odd = m.Why(
            rule="Buy", template="{seat}", names=("seat",), values=(value,), seats=("seat",)
        )
        kept = rebuilt(odd, f"{value} (Buy)", notation=False)
        assert kept is not None and not isinstance(kept.params["seat"], Seat), value


def test_a_why_that_does_not_match_or_would_run_something_is_dropped() -> None:
    good = why_of(IllegalAction("Hubs", "seat {seat} places a hub next", seat=2))
    text = "seat 2 places a hub next (Hubs)"
    assert rebuilt(good, text, notation=False) is not None
    bad = [
        m.Why(rule="Hubs", template="seat {seat} places a hub next", names=("seat",), values=()),
        m.Why(rule="Hubs", template="{seat.__class__}", names=("seat",), values=("2",)),
        m.Why(rule="Hubs", template="{seat!r}", names=("seat",), values=("2",)),
        m.Why(rule="Hubs", template="seat {0} places", names=("0",), values=("2",)),
        m.Why(
            rule="Hubs", template="seat {seat} places a hub next", names=("seat",), values=("3",)
        ),
        m.Why(
            rule="Other", template="seat {seat} places a hub next", names=("seat",), values=("2",)
        ),
        m.Why(rule="Hubs", template="seat {seat", names=("seat",), values=("2",)),
    ]
    for why in bad:
        assert rebuilt(why, text, notation=False) is None, why
    assert rebuilt(None, text, notation=False) is None


def test_a_seat_copies_and_pickles_as_the_same_seat() -> None:
    """A ``str`` subclass copies from its text: a ``Seat`` copied so read "seat seat 2"."""
    import copy
    import pickle

    for again in (copy.deepcopy(Seat(2)), pickle.loads(pickle.dumps(Seat(2)))):
        assert isinstance(again, Seat) and (str(again), again.number) == ("seat 2", 2)

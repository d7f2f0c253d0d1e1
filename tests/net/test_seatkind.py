"""One seat kind: a person or a bot of a kind, written ``human`` / ``bot:<kind>`` at boundaries."""

from __future__ import annotations

import pytest

from netcode.logfile import Header, LogFormatError
from netcode.seatkind import HUMAN, SeatKind


def test_kinds_read_and_write_as_the_log_header_writes_them() -> None:
    for text in ("human", "bot:greedy", "bot:examples/bots/cheapest_card.py:CheapestCardBot"):
        assert str(SeatKind.parse(text)) == text
    assert SeatKind.parse("human") is HUMAN and not HUMAN.is_bot and HUMAN.label == "human"
    greedy = SeatKind.parse("bot:greedy")
    assert greedy == SeatKind.of_bot("greedy") == SeatKind.of_bot("bot:greedy")
    assert greedy.is_bot and greedy.bot == "greedy" and greedy.label == "greedy"


@pytest.mark.parametrize("text", ["", "bot:", "robot", "Human", "greedy"])
def test_anything_else_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="'human' or 'bot:<kind>'"):
        SeatKind.parse(text)


def test_a_header_with_an_unknown_seat_kind_is_not_a_log() -> None:
    from engine import Options
    from netcode.logfile import Seat

    raw = Header(Options(players=2), [Seat("a"), Seat("b")], "c" * 32).to_dict()
    assert [s["kind"] for s in raw["seats"]] == ["human", "human"]
    raw["seats"][1]["kind"] = "wizard"
    with pytest.raises(LogFormatError):
        Header.from_dict(raw)

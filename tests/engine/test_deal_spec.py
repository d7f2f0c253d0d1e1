"""docs/log-format.md specifies how a format 3 seed deals, for implementations in any language.
This is one, written from that text and board.json alone (no engine code): it must deal what
``engine.jetset.dealer.Dealer`` deals, for every player count."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

import data
from engine import Game, Options
from engine.jetset.dealer import Dealer

BOARD = data.board_json()
ROW = {2: (6, 3), 3: (6, 3), 4: (8, 4), 5: (10, 5), 6: (12, 6)}  # Short, Long row sizes
TOP = {2: (8, 5), 3: (8, 5), 4: (11, 6), 5: (14, 7), 6: (17, 8)}  # Short, Long top blocks


class Stream:
    def __init__(self, name: bytes) -> None:
        self.name, self.draws = name, 0

    def fork(self, label: str) -> Stream:
        return Stream(self.name + b"/" + label.encode())

    def draw(self, n: int) -> bytes:
        out = hashlib.shake_256(self.name + b"#" + str(self.draws).encode()).digest(n)
        self.draws += 1
        return out

    def shuffled(self, items: list[str]) -> list[str]:
        raw = self.draw(8 * len(items))
        keys = [int.from_bytes(raw[8 * i : 8 * i + 8], "big") for i in range(len(items))]
        return [item for _, _, item in sorted(zip(keys, range(len(items)), items, strict=True))]


def split(cards: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    return (
        [c["id"] for c in cards if not c.get("vacation")],
        [c["id"] for c in cards if c.get("vacation")],
    )


def deal(seed: str, players: int) -> tuple[Any, ...]:
    root = Stream(b"jetset-deal\0" + seed.encode())
    short_row_size, long_row_size = ROW[players]
    short_top, long_top = TOP[players]
    points = {c["id"]: c.get("points") for c in BOARD["short_flights"]}

    short = root.fork("short")
    cards, vacations = split(BOARD["short_flights"])
    cards, vacations = short.shuffled(cards), short.shuffled(vacations)
    row, aside = [], []
    while len(row) < short_row_size:
        card = cards.pop(0)
        (row if points[card] == 1 else aside).append(card)
    rest = short.shuffled(cards + aside)
    mixed = short.shuffled(rest[short_top : short_top + 5] + vacations[:1])
    bottom = short.shuffled(rest[short_top + 5 :] + vacations[1:])
    short_stack = rest[:short_top] + mixed + bottom

    long = root.fork("long")
    cards, vacations = split(BOARD["long_flights"])
    cards, vacations = long.shuffled(cards), long.shuffled(vacations)
    long_row, rest = cards[:long_row_size], cards[long_row_size:]
    bottom = long.shuffled(rest[long_top:] + vacations[1:])
    long_stack = rest[:long_top] + vacations[:1] + bottom

    finals = root.fork("final").shuffled([c["id"] for c in BOARD["final_flights"]])
    salt = root.fork("salt")
    hands = [(finals[2 * i], finals[2 * i + 1]) for i in range(players)]
    salts = [salt.draw(16).hex() for _ in range(players)]
    return row, short_stack, long_row, long_stack, hands, salts


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", ["0", "spec", "héllo", "0123456789abcdef0123456789abcdef"])
def test_the_documented_deal_is_the_dealers(seed: str, players: int) -> None:
    dealer = Dealer(seed, Game(Options(players=players)).board, players)
    dealt = (
        dealer.short_row,
        dealer.short_stack,
        dealer.long_row,
        dealer.long_stack,
        dealer.hands,
        dealer.salts,
    )
    assert deal(seed, players) == dealt

"""The board: cities, airlinks and the cards, indexed for the rules.

Cities and links are numbered in the order of the data file; the rules work on those numbers and
the notation turns them back into city codes. Nothing here knows which city is where: a different
map in ``data/board.json`` plays the same rules.
"""

from __future__ import annotations

from dataclasses import field
from functools import lru_cache
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any, Final

import data

MYPYC = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Compiled by mypyc, which sees ``value`` as ``dataclasses.dataclass`` (engine/values.py)."""
if MYPYC:
    from dataclasses import dataclass as value
else:
    from engine.values import value

SHORT: Final = "short"
LONG: Final = "long"
ROWS: Final = (SHORT, LONG)


@value(unsafe_hash=True)
class City:
    index: int
    code: str
    name: str
    name_it: str
    lat: float
    lon: float


@value(unsafe_hash=True)
class Link:
    """An airlink: two cities and the price of claiming it (rulebook, "The Board")."""

    index: int
    a: int
    b: int
    cost: int

    def other(self, city: int) -> int:
        return self.b if city == self.a else self.a


@value(unsafe_hash=True)
class Card:
    """A Flight card of kind ``short``, ``long`` or ``final``; Vacation cards have no cities."""

    id: str
    kind: str
    points: int
    cities: tuple[int, ...]
    vacation: bool = False


@value(unsafe_hash=True)
class Board:
    cities: tuple[City, ...]
    links: tuple[Link, ...]
    cards: dict[str, Card]
    short_deck: tuple[str, ...]
    long_deck: tuple[str, ...]
    final_deck: tuple[str, ...]
    city_index: dict[str, int] = field(repr=False)
    link_index: dict[tuple[int, int], int] = field(repr=False)
    adjacency: tuple[tuple[tuple[int, int], ...], ...] = field(repr=False)
    card_number: dict[str, int] = field(repr=False, default_factory=dict)
    """Each card's place in the board file (short, long, final, then the extra cards)."""
    link_named: dict[str, int] = field(repr=False, default_factory=dict)
    """Each link by its name, either way round: ``"MIL-ROM"`` and ``"ROM-MIL"``."""

    def link_between(self, a: int, b: int) -> int | None:
        """The link joining two cities, or None."""
        return self.link_index.get((a, b) if a < b else (b, a))

    def link_name(self, link: int) -> str:
        ln = self.links[link]
        return f"{self.cities[ln.a].code}-{self.cities[ln.b].code}"

    def city_code(self, city: int) -> str:
        return self.cities[city].code

    def deck_of(self, row: str) -> tuple[str, ...]:
        return self.short_deck if row == SHORT else self.long_deck


def _card(raw: dict[str, Any], kind: str, city_index: dict[str, int]) -> Card:
    if raw.get("vacation"):
        return Card(raw["id"], kind, 0, (), vacation=True)
    codes = raw["cities"] if "cities" in raw else [raw["a"], raw["b"]]
    return Card(raw["id"], kind, int(raw.get("points", 0)), tuple(city_index[c] for c in codes))


def build_board(raw: dict[str, Any], extra_cards: bool = False) -> Board:
    """Index a board file. ``extra_cards`` shuffles in the expansion's extra Flight cards."""
    cities = tuple(
        City(i, c["code"], c["name"], c.get("name_it", c["name"]), c["lat"], c["lon"])
        for i, c in enumerate(raw["cities"])
    )
    city_index = {c.code: c.index for c in cities}
    links = []
    link_index: dict[tuple[int, int], int] = {}
    for i, ln in enumerate(raw["airlinks"]):
        a, b = sorted((city_index[ln["a"]], city_index[ln["b"]]))
        links.append(Link(i, a, b, int(ln["cost"])))
        link_index[(a, b)] = i
    adjacency: list[list[tuple[int, int]]] = [[] for _ in cities]
    for ln2 in links:
        adjacency[ln2.a].append((ln2.b, ln2.index))
        adjacency[ln2.b].append((ln2.a, ln2.index))
    cards: dict[str, Card] = {}
    decks: dict[str, list[str]] = {SHORT: [], LONG: [], "final": []}
    sources = [("short_flights", SHORT), ("long_flights", LONG), ("final_flights", "final")]
    if extra_cards:
        sources += [
            ("extra_short_flights", SHORT),
            ("extra_long_flights", LONG),
            ("extra_final_flights", "final"),
        ]
    for key, kind in sources:
        table = raw[key] if key in raw else raw["expansion"][key]
        for rc in table:
            card = _card(rc, kind, city_index)
            cards[card.id] = card
            decks[kind].append(card.id)
    return Board(
        cities=cities,
        links=tuple(links),
        cards=cards,
        short_deck=tuple(decks[SHORT]),
        long_deck=tuple(decks[LONG]),
        final_deck=tuple(decks["final"]),
        city_index=city_index,
        link_index=link_index,
        adjacency=tuple(tuple(sorted(adj)) for adj in adjacency),
        card_number={cid: i for i, cid in enumerate(cards)},
        link_named=_link_names(cities, links),
    )


def _link_names(cities: tuple[City, ...], links: list[Link]) -> dict[str, int]:
    names = {}
    for ln in links:
        a, b = cities[ln.a].code, cities[ln.b].code
        names[f"{a}-{b}"] = names[f"{b}-{a}"] = ln.index
    return names


def load_board(extra_cards: bool = False) -> Board:
    """The shipped board, the same object for the same cards however the call is spelt
    (``load_board()``, ``load_board(False)`` and ``load_board(extra_cards=False)`` would be three
    keys of one cache)."""
    return _shipped_board(bool(extra_cards))


@lru_cache(maxsize=2)
def _shipped_board(extra_cards: bool) -> Board:
    """Built once a process for each deck (boards are immutable)."""
    return build_board(data.board_json(), extra_cards=extra_cards)


def city_names(language: str) -> dict[str, str]:
    """The cities' English names and each one's name in ``language`` (``it``: board.json's
    ``name_it``, the Italian rulebook's list); {} for a language without names of its own."""
    if language != "it":
        return {}
    return {c.name: c.name_it for c in load_board().cities}

"""Flight paths over the airlinks: checking a given path and finding the short ones.

A path is a tuple of city indices. Every flight, ordinary or Final, is a *trail*: consecutive
cities joined by airlinks, no airlink used twice, cities free to repeat (rulebook, "Vacation
Time", Example 6, and docs/rules-decisions.md for ordinary cards).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Final

from engine.errors import Reason
from engine.jetset.board import Board

FINAL_SEGMENT_LIMIT: Final = 64
"""How many first legs the Final Flight search tries before it settles for what it found."""


def path_links(board: Board, path: tuple[int, ...]) -> list[int] | str:
    """The links a path flies, or a sentence saying why it is not a path."""
    if len(path) < 2:
        return Reason("a path needs at least two cities")
    links: list[int] = []
    for a, b in pairwise(path):
        link = board.link_between(a, b)
        if link is None:
            return Reason(
                "there is no airlink {link}", link=f"{board.city_code(a)}-{board.city_code(b)}"
            )
        if link in links:
            return Reason("the path uses the airlink {link} twice", link=board.link_name(link))
        links.append(link)
    return links


def shortest_paths(
    board: Board, usable: Callable[[int], bool], src: int, dst: int, limit: int
) -> list[tuple[int, ...]]:
    """Up to ``limit`` fewest-link paths from ``src`` to ``dst`` over usable links, in order."""
    if src == dst:
        return []
    dist = _distances(board, usable, dst)
    if src not in dist:
        return []
    found: list[tuple[int, ...]] = []
    adjacency = board.adjacency

    def walk(city: int, path: list[int]) -> None:
        if len(found) >= limit:
            return
        if city == dst:
            found.append(tuple(path))
            return
        d = dist[city]
        for nxt, link in adjacency[city]:
            if dist.get(nxt) == d - 1 and usable(link):
                path.append(nxt)
                walk(nxt, path)
                path.pop()

    walk(src, [src])
    return found


def _distances(board: Board, usable: Callable[[int], bool], start: int) -> dict[int, int]:
    dist = {start: 0}
    frontier = [start]
    adjacency = board.adjacency
    while frontier:
        nxt_frontier = []
        for city in frontier:
            d = dist[city] + 1
            for nxt, link in adjacency[city]:
                if nxt not in dist and usable(link):
                    dist[nxt] = d
                    nxt_frontier.append(nxt)
        frontier = nxt_frontier
    return dist


def simple_paths(
    board: Board, usable: Callable[[int], bool], src: int, dst: int, limit: int
) -> list[tuple[int, ...]]:
    """Up to ``limit`` paths without a repeated city, shortest first, then in city order."""
    found: list[tuple[int, ...]] = []
    adjacency = board.adjacency

    def walk(city: int, path: list[int]) -> None:
        if len(found) >= limit * 4:
            return
        if city == dst:
            found.append(tuple(path))
            return
        for nxt, link in adjacency[city]:
            if nxt not in path and usable(link):
                path.append(nxt)
                walk(nxt, path)
                path.pop()

    walk(src, [src])
    found.sort(key=lambda p: (len(p), p))
    return found[:limit]


def final_routes(
    board: Board, usable: Callable[[int], bool], cities: tuple[int, ...], limit: int
) -> list[tuple[int, ...]]:
    """Fewest-link trails visiting ``cities`` in order, up to ``limit`` of them, in order.

    The first leg is any path without a repeated city; the second is a shortest path from the
    middle city to the last that avoids the first leg's links (cities may repeat across legs).
    """
    c1, c2, c3 = cities
    routes: set[tuple[int, ...]] = set()
    for leg1 in simple_paths(board, usable, c1, c2, FINAL_SEGMENT_LIMIT):
        used = {board.link_between(a, b) for a, b in pairwise(leg1)}

        def free(link: int, used: set[int | None] = used) -> bool:
            return link not in used and usable(link)

        for leg2 in shortest_paths(board, free, c2, c3, limit):
            routes.add(leg1 + leg2[1:])
    ordered = sorted(routes, key=lambda p: (len(p), p))
    if not ordered:
        return []
    best = len(ordered[0])
    return [r for r in ordered if len(r) == best][:limit]

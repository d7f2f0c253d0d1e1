"""Routing the map's airlinks on a grid of cells, like lines on a transit map.

Each airlink is routed from one city's block to the other's, in straight and 45° steps with a few
gentle bends, through cells no other link holds (an A* search over cells and directions, with
costs for bends, crossings and running beside another line). Two links meet only at a crossing
drawn as one (``┼`` or ``╳``), and a line never touches another link's line or a city's code
where it would read as going on into it. jetset_tui/widgets/map_layout.py places the cities and
their names, and asks a ``Grid`` to route every link.
"""

from __future__ import annotations

import heapq

from engine.values import value

DIRS: tuple[tuple[int, int], ...] = (
    (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1),
)  # fmt: skip
"""The eight steps, turning clockwise (y grows downwards)."""

EMPTY, BLOCK, CROSSING, WALL, MANY, NAMED = -1, -2, -3, -4, -5, -6
"""What a cell of the routing grid holds besides a link's index."""

STEP, BEND, SHARP, CROSS, NEAR, PASSING = 10, 12, 30, 40, 8, 30
"""Route costs: a step, a 45° bend, a 90° bend (diagonals only), a crossing, a step beside
another line (lines kept apart read better), a step beside another city (its links need the
room)."""

GREED = 2 * STEP
"""The A* estimate per cell still to go: above a step's cost, so the search heads for the goal
first (a route a little longer than the best, found many times faster)."""


def stroke(d: tuple[int, int]) -> str:
    """The line character for a step between cells."""
    dx, dy = d
    if dy == 0:
        return "─"
    if dx == 0:
        return "│"
    return "╲" if (dx > 0) == (dy > 0) else "╱"


CROSSES = {frozenset("╱╲"): "╳"}
"""The crossings: two lines through one cell (``┼`` but for two diagonals)."""


def crossing(one: str, other: str) -> str:
    """The character where lines ``one`` and ``other`` cross in one cell."""
    return CROSSES.get(frozenset((one, other)), "┼")


@value(unsafe_hash=True)
class Block:
    """The cells a city's label takes on its row: the code from ``x``, then any hub slot."""

    x: int
    y: int
    width: int

    @property
    def end(self) -> int:
        return self.x + self.width - 1

    def cells(self) -> list[tuple[int, int]]:
        return [(self.x + i, self.y) for i in range(self.width)]


BUDGET = 1500
"""Cells a strict search looks at before it gives up (and a loose one twice as many)."""

SPAN_BUDGET = 300
"""And as many more for each cell between the two cities."""


class Grid:
    """The routing grid, one cell of wall round it: what each cell holds so far, the city of a
    block's cell, the link whose line points into a cell, and how many lines are beside it."""

    def __init__(self, width: int, height: int, blocks: list[Block]) -> None:
        self.stride = stride = width + 2
        size = stride * (height + 2)
        self.held = [WALL] * size
        for y in range(height):
            self.held[(y + 1) * stride + 1 : (y + 1) * stride + 1 + width] = [EMPTY] * width
        self.chars = [" "] * size
        self.city = [-1] * size
        self.pointed = [EMPTY] * size
        """Per cell: the link whose line points into it (``MANY`` for more than one)."""
        self.near = [0] * size
        self.kept = [EMPTY] * size
        """Per cell: the link whose label's spot it is or is beside (no other link goes there)."""
        self.offsets = [dy * stride + dx for dx, dy in DIRS]
        self.blocks = blocks
        self.around = [-1] * size
        """Per cell: the city whose block it is beside (the last one, where two are)."""
        for index, block in enumerate(blocks):
            for x, y in block.cells():
                if 0 <= x < width and 0 <= y < height:
                    self.held[self.at(x, y)] = BLOCK
                    self.city[self.at(x, y)] = index
                    for offset in self.offsets:
                        self.around[self.at(x, y) + offset] = index

    def at(self, x: int, y: int) -> int:
        return (y + 1) * self.stride + x + 1

    def char(self, x: int, y: int) -> str:
        return self.chars[self.at(x, y)]

    def commit(self, link: int, path: list[tuple[int, int, str]]) -> None:
        for x, y, char in path:
            i = self.at(x, y)
            if self.held[i] >= 0:
                self.held[i] = CROSSING
                self.chars[i] = crossing(self.chars[i], char)
                continue
            self.held[i] = link
            self.chars[i] = char
            step = self.offsets[DIRS.index(_vector(char))]
            for n in (i + step, i - step):
                self.pointed[n] = link if self.pointed[n] in (EMPTY, link) else MANY
            for offset in self.offsets:
                self.near[i + offset] += 1

    def keep_name(self, city: int, x: int, length: int) -> None:
        """No line through a city's name or the cell either side of it, nor running into it."""
        y = self.blocks[city].y
        for i in range(self.at(x, y) - 1, self.at(x, y) + length + 1):
            if self.held[i] != EMPTY:
                continue
            self.held[i] = NAMED
            self.city[i] = city

    def keep_spot(self, link: int, path: list[tuple[int, int, str]]) -> tuple[int, int] | None:
        """A cell of the link's new line for its label, nearest the middle, with nothing of
        another link beside it on its row: kept so (with the cells beside it) from now on."""
        held, kept = self.held, self.kept
        mid = (len(path) - 1) / 2
        for k in sorted(range(len(path)), key=lambda k: (abs(k - mid), k)):
            x, y, _ = path[k]
            i = self.at(x, y)
            if held[i] != link or kept[i] not in (EMPTY, link):
                continue
            if all(
                held[n] in (EMPTY, WALL, link) and kept[n] in (EMPTY, link) for n in (i - 1, i + 1)
            ):
                for n in (i - 1, i, i + 1):
                    kept[n] = link
                return x, y
        return None

    def direct(self, link: int, a: int, b: int) -> list[tuple[int, int, str]] | None:
        """The cheapest line of one to three straight or 45° runs from city ``a``'s block to
        ``b``'s that keeps every rule of a strict route, or None: most links of a schematic map
        need no search."""
        best: tuple[int, list[tuple[int, int, str]]] | None = None
        for cost, start, runs in sorted(self._shapes(a, b))[:SHAPES]:
            if best is not None and cost >= best[0]:
                break
            walked = self._walk(link, a, b, start, runs)
            if walked is not None and (best is None or cost + walked[1] < best[0]):
                best = cost + walked[1], walked[0]
        return None if best is None else best[1]

    def _shapes(self, a: int, b: int) -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
        """Every line of straight and 45° runs from a cell beside ``a``'s block into ``b``'s,
        leaving and arriving straight: its cost, first cell and runs (direction, steps)."""
        out = []
        starts = [(x, y) for x, y in self.blocks[a].cells()]
        ends = [(x, y) for x, y in self.blocks[b].cells()]
        inside_a, inside_b = set(starts), set(ends)
        for sx, sy in starts:
            for d, (dx, dy) in enumerate(DIRS):
                px, py = sx + dx, sy + dy
                if (px, py) in inside_a:
                    continue
                for tx, ty in ends:
                    if dx * (tx - sx) + dy * (ty - sy) <= 0:
                        continue  # leaving away from the other city
                    for e, (ex, ey) in enumerate(DIRS):
                        if (tx - ex, ty - ey) in inside_b or ex * (tx - sx) + ey * (ty - sy) <= 0:
                            continue
                        for runs in _runs(d, e, tx - px, ty - py):
                            steps = sum(k for _, k in runs)
                            cost = steps * STEP + (len(runs) - 1) * BEND
                            out.append((cost, self.at(px, py), runs))
        return out

    def _walk(
        self, link: int, a: int, b: int, start: int, runs: tuple[tuple[int, int], ...]
    ) -> tuple[list[tuple[int, int, str]], int] | None:
        """The line from cell ``start`` along ``runs`` if it keeps a strict route's rules, and
        what its crossings and neighbours add to its cost."""
        held, city, chars, pointed, kept = self.held, self.city, self.chars, self.pointed, self.kept
        offsets = self.offsets
        outs = [d for d, k in runs for _ in range(k)]
        i, prev, d_in = start, start - offsets[outs[0]], outs[0]
        cells = []
        extra = 0
        for d_out in outs:
            here = held[i]
            if here in (CROSSING, BLOCK, WALL, NAMED) or kept[i] not in (EMPTY, link):
                return None
            char = STROKES[d_out]
            if here >= 0:
                if d_out != d_in or chars[i] == char:
                    return None
                extra += CROSS
            else:
                extra += NEAR if self.near[i] else 0
                if pointed[i] not in (EMPTY, link):
                    return None
                ahead, back = i + offsets[d_out], i - offsets[d_out]
                for n in (ahead, back):
                    if held[n] == NAMED or (held[n] == BLOCK and city[n] not in (a, b)):
                        return None
                if back != prev and (held[back] >= 0 or held[back] == CROSSING):
                    return None
            y, x = divmod(i, self.stride)
            cells.append((x - 1, y - 1, char))
            prev, d_in, i = i, d_out, i + offsets[d_out]
        if held[i] != BLOCK or city[i] != b:
            return None
        return cells, extra

    def route(
        self, link: int, a: int, b: int, strict: bool, budget: int = 0, lax: bool = False
    ) -> list[tuple[int, int, str]] | None:
        """The cheapest path of cells from city ``a``'s block to city ``b``'s (A*, by cell and
        the direction it was entered); ``strict`` keeps lines from touching as if joined;
        ``budget``: how many cells to look at (by default ``BUDGET``, twice that when loose);
        ``lax``, the last resort: a line may also run into another city's code or name, and
        cross another link's label spot."""
        held, city, chars, pointed, near = self.held, self.city, self.chars, self.pointed, self.near
        around, kept = self.around, self.kept
        offsets, stride = self.offsets, self.stride
        target = self.blocks[b]
        tx0, tx1, ty = target.x + 1, target.end + 1, target.y + 1
        heap: list[tuple[int, int, int]] = []
        best: dict[int, int] = {}
        came: dict[int, int] = {}
        for sx, sy in self.blocks[a].cells():
            for d in range(8):
                i = self.at(sx, sy) + offsets[d]
                key = i * 16 + d + LEAVING
                if held[i] not in (BLOCK, WALL) and key not in best:
                    best[key] = STEP
                    came[key] = -1
                    heapq.heappush(heap, (STEP + GREED * _h(i, stride, tx0, tx1, ty), STEP, key))
        start = self.blocks[a]
        span = max(abs(start.x - target.x), abs(start.y - target.y))
        budget = budget or (BUDGET + SPAN_BUDGET * span) * (1 if strict else 2)
        while heap and budget:
            budget -= 1
            _, g, key = heapq.heappop(heap)
            if best[key] != g:
                continue
            i, d_in = divmod(key, 16)
            here = held[i]
            if here == CROSSING:
                continue
            for d_out in TURNS[d_in]:
                cost = g + TURN_COST[d_in & 7][d_out] + STEP
                char = STROKES[d_out]
                if kept[i] != EMPTY and kept[i] != link:
                    if strict or (here >= 0 and not lax):
                        continue  # another link's label, or the cells beside it
                    cost += CROSS
                if here >= 0:  # another link's cell: only straight across it, at right angles
                    if d_out != d_in & 7 or chars[i] == char:
                        continue
                    cost += CROSS
                else:
                    if strict and pointed[i] != EMPTY and pointed[i] != link:
                        continue
                    step = offsets[d_out]
                    ahead, back = i + step, i - step
                    if lax:
                        pass
                    elif held[ahead] == BLOCK and city[ahead] != a and city[ahead] != b:
                        continue  # would read as running into another city
                    elif held[back] == BLOCK and city[back] != a and city[back] != b:
                        continue
                    elif held[ahead] == NAMED or held[back] == NAMED:
                        continue  # or into a name
                    if (
                        strict
                        and back != i - offsets[d_in & 7]
                        and (held[back] >= 0 or held[back] == CROSSING)
                    ):
                        continue  # would read as going on into another line
                    if near[i]:
                        cost += NEAR
                    if around[i] >= 0 and around[i] != a and around[i] != b:
                        cost += PASSING
                n = i + offsets[d_out]
                there = held[n]
                if there == BLOCK:
                    if city[n] == b:
                        return self._path(key, d_out, came)
                    continue
                if there in (WALL, NAMED):
                    continue
                nkey = n * 16 + d_out
                if cost < best.get(nkey, 1 << 30):
                    best[nkey] = cost
                    came[nkey] = key
                    heapq.heappush(heap, (cost + GREED * _h(n, stride, tx0, tx1, ty), cost, nkey))
        return None

    def _path(self, last: int, d_out: int, came: dict[int, int]) -> list[tuple[int, int, str]]:
        cells = []
        key = last
        while key >= 0:
            i, d_in = divmod(key, 16)
            y, x = divmod(i, self.stride)
            cells.append((x - 1, y - 1, STROKES[d_out]))
            d_out = d_in & 7
            key = came[key]
        cells.reverse()
        return cells


SHAPES = 60
"""The cheapest lines of runs tried before a link is searched for."""


def _runs(d: int, e: int, wx: int, wy: int) -> list[tuple[tuple[int, int], ...]]:
    """The ways of going ``(wx, wy)`` from a line's first cell to the block it enters, leaving
    by ``d`` and entering by ``e``: straight (``d == e``), one 45° bend (``d`` then ``e``), a
    jog of 45° between two runs of ``d``, or two 45° bends turning a right angle (``d``, the
    direction between, ``e``); where the first run's length is free, short, even or long."""
    ux, uy = DIRS[d]
    out: list[tuple[tuple[int, int], ...]] = []
    turn = min((e - d) % 8, (d - e) % 8)
    if d == e:
        k = _along(ux, uy, wx, wy)
        if k is not None:
            out.append(((d, k),))
        for m in ((d + 1) % 8, (d - 1) % 8):
            pair = _solve(DIRS[d], DIRS[m], wx, wy)
            if pair is not None and pair[0] >= 2 and pair[1] >= 1:
                for first in sorted({pair[0] // 2, 1, pair[0] - 1}):
                    out.append(((d, first), (m, pair[1]), (d, pair[0] - first)))
    elif turn == 1:
        pair = _solve(DIRS[d], DIRS[e], wx, wy)
        if pair is not None and pair[0] >= 1 and pair[1] >= 1:
            out.append(((d, pair[0]), (e, pair[1])))
    elif turn == 2:
        m = (d + 1) % 8 if (e - d) % 8 == 2 else (d - 1) % 8
        most = max(abs(wx), abs(wy))
        for first in sorted({1, 2, most // 2}):
            pair = _solve(DIRS[m], DIRS[e], wx - first * ux, wy - first * uy)
            if first <= most and pair is not None and pair[0] >= 1 and pair[1] >= 1:
                out.append(((d, first), (m, pair[0]), (e, pair[1])))
    return out


def _along(ux: int, uy: int, wx: int, wy: int) -> int | None:
    """How many steps of ``(ux, uy)`` make ``(wx, wy)``, if a whole number does."""
    k = max(abs(wx), abs(wy))
    return k if k and (ux * k, uy * k) == (wx, wy) else None


def _solve(u: tuple[int, int], v: tuple[int, int], wx: int, wy: int) -> tuple[int, int] | None:
    """Steps ``(i, j)`` of ``u`` and ``v`` that add up to ``(wx, wy)``, both at least 0; None
    when there are none."""
    det = u[0] * v[1] - u[1] * v[0]
    if det == 0:
        return None
    i = (wx * v[1] - wy * v[0]) // det
    j = (u[0] * wy - u[1] * wx) // det
    if i < 0 or j < 0 or (i * u[0] + j * v[0], i * u[1] + j * v[1]) != (wx, wy):
        return None
    return i, j


def _h(i: int, stride: int, tx0: int, tx1: int, ty: int) -> int:
    """Cells from cell ``i`` to the target block at the least."""
    y, x = divmod(i, stride)
    return max(tx0 - x, 0, x - tx1, abs(ty - y))


LEAVING = 8
"""Added to the direction of a route's first step: its first cell goes on straight, so the line
is seen to leave the city."""

STROKES = tuple(stroke(d) for d in DIRS)
PERPENDICULAR = {"─": "│", "│": "─", "╱": "╲", "╲": "╱"}
"""The line each line may cross."""


def _turn_cost(d_in: int, d_out: int) -> int:
    turn = min((d_out - d_in) % 8, (d_in - d_out) % 8)
    return 0 if turn == 0 else BEND if turn == 1 else SHARP


TURN_COST = [[_turn_cost(d_in, d_out) for d_out in range(8)] for d_in in range(8)]
TURNS: list[tuple[int, ...]] = [
    tuple(
        d
        for d in (d_in, (d_in + 1) % 8, (d_in - 1) % 8, (d_in + 2) % 8, (d_in - 2) % 8)
        if d == d_in or min((d - d_in) % 8, (d_in - d) % 8) == 1 or d % 2 == 1
    )
    for d_in in range(8)
] + [(d,) for d in range(8)]
"""The ways on from a cell entered by each direction: straight on, 45° either way, or a right
angle between diagonals; a route's first cell (``+ LEAVING``) only straight on."""


def _vector(char: str) -> tuple[int, int]:
    return {"─": (1, 0), "│": (0, 1), "╲": (1, 1), "╱": (1, -1)}[char]

"""Where the map's cities and airlinks go on a grid of one size, so that no two links share a cell.

Cities are placed by latitude and longitude, evened out a little and nudged apart until every
city's block (its three-letter code, and with the Hubs module a slot for a hub beside it) has room.
Each airlink is then routed like a line on a transit map, through cells no other link holds
(jetset_tui/widgets/map_routing.py). All of it depends on the board and the size alone, so it
is made once per size (``layout``) and the state only changes the labels.
"""

from __future__ import annotations

from functools import cache

from engine.jetset.board import Board
from engine.values import record
from jetset_tui.widgets import map_schematic
from jetset_tui.widgets.map_routing import BUDGET, Block, Grid

CODE_WIDTH = 3
HUB_WIDTH = 2
"""A hub's mark beside its city's code: ``⌂`` and the owner's letter."""

SPREAD = 0.35
"""How much the map evens out crowded cities: 0 is true to the globe, 1 spaces them evenly."""


@record
class Layout:
    """A map of one size: each city's block and each link's cells, in order from city a to b,
    with the character drawn in each (``┼``/``╳`` where another link crosses)."""

    width: int
    height: int
    blocks: list[Block]
    paths: list[list[tuple[int, int, str]]]
    hubs: bool
    spots: list[tuple[int, int] | None]
    """Per link: a cell of its line kept for a one-cell label, nothing of another link on the
    row beside it (None where no cell could be kept)."""
    names: list[int | None]
    """Per city: the column its name starts in, kept clear of lines (on a big enough map)."""
    loose: tuple[int, ...] = ()
    """The links routed with no way clear of the others (a cramped map): a line of one of them
    may touch another end-on."""


def layout(board: Board, width: int, height: int, hubs: bool) -> Layout:
    """The whole map's geometry (cached per board, size and hub slots)."""
    key = (id(board), width, height, hubs)
    found = _LAYOUTS.get(key)
    if found is None or found[0] is not board:
        if len(_LAYOUTS) > 64:
            _LAYOUTS.clear()
        found = _LAYOUTS[key] = (board, _layout(board, width, height, hubs))
    return found[1]


_LAYOUTS: dict[tuple[int, int, int, bool], tuple[Board, Layout]] = {}


def remember(board: Board, made: Layout) -> None:
    """Keep a layout made elsewhere (read from the disk cache, jetset_tui/widgets/
    layout_cache.py) as ``layout`` keeps its own."""
    if len(_LAYOUTS) > 64:
        _LAYOUTS.clear()
    _LAYOUTS[(id(board), made.width, made.height, made.hubs)] = (board, made)


def cached_layout(board: Board, width: int, height: int, hubs: bool) -> Layout | None:
    """The layout of this size if it was made already, else None (nothing is computed)."""
    found = _LAYOUTS.get((id(board), width, height, hubs))
    return found[1] if found is not None and found[0] is board else None


def _layout(board: Board, width: int, height: int, hubs: bool) -> Layout:
    block_width = CODE_WIDTH + (HUB_WIDTH if hubs else 0)
    blocks = place_cities(board, width, height, block_width)
    names = place_names(board, width, blocks) if width * height >= NAMES_AREA else []
    order = sorted(
        range(len(board.links)),
        key=lambda ln: (_level(board, blocks, ln), _span(board, blocks, ln), ln),
    )
    best: tuple[tuple[int, int, int], Routes, list[int]] | None = None
    for _ in range(RETRIES):
        routes, loose = _route_all(board, width, height, blocks, names, order)
        paths, spots = routes
        lost = [ln for ln in range(len(paths)) if not paths[ln]]
        score = (len(lost), len(loose), sum(spot is None for spot in spots))
        if best is not None and score >= best[0] and not best[0][0]:
            break  # no better than the last: the best there is
        if best is None or score < best[0]:
            best = score, routes, loose
        if not loose:
            break
        first = lost + [ln for ln in loose if ln not in lost]
        order = first + [ln for ln in order if ln not in first]
    assert best is not None
    names = names or [None] * len(blocks)
    paths, spots = best[1]
    return Layout(width, height, blocks, paths, hubs, spots, names, tuple(sorted(best[2])))


NAMES_AREA = 4000
"""The map's cells from which every city's name is given room before the lines are drawn (on
a smaller map a name is drawn where the lines left room)."""


def name_room(city: object) -> int:
    """The cells a city's name needs in any language the map speaks (the layout is made once
    for every language: jetset_tui/cities.py says which name is shown)."""
    names = (getattr(city, "name", ""), getattr(city, "name_it", ""))
    return max(len(name) for name in names)


def place_names(board: Board, width: int, blocks: list[Block]) -> list[int | None]:
    """Each city's name right of its block, else left of it, clear of every block and name
    with a blank either side; None where neither side has room."""
    taken: dict[int, list[tuple[int, int]]] = {}
    for block in blocks:
        taken.setdefault(block.y, []).append((block.x, block.end))
    out: list[int | None] = []
    for city, block in enumerate(blocks):
        name = " " * name_room(board.cities[city])
        out.append(None)
        row = [blocks[other].x for other in _neighbours(board, city) if blocks[other].y == block.y]
        for x in (block.end + 2, block.x - 1 - len(name)):
            lo, hi = x - 1, x + len(name)
            if lo < 0 or hi >= width or any((other > block.x) == (x > block.x) for other in row):
                continue  # off the map, or across the line to a city on its row
            if all(hi < a or lo > b for a, b in taken.get(block.y, [])):
                taken[block.y].append((x, x + len(name) - 1))
                out[city] = x
                break
    return out


def _neighbours(board: Board, city: int) -> list[int]:
    """The cities an airlink joins to ``city``."""
    return [link.other(city) for link in board.links if city in (link.a, link.b)]


RETRIES = 6
"""Times the links are routed again, those that found no strict way first; the best is kept."""


Routes = tuple[list[list[tuple[int, int, str]]], list[tuple[int, int] | None]]
"""Each link's path and its label's spot."""


def _route_all(
    board: Board,
    width: int,
    height: int,
    blocks: list[Block],
    names: list[int | None],
    order: list[int],
) -> tuple[Routes, list[int]]:
    """Every link routed in ``order``, first those that go as a few straight runs, then the
    others searched for: the paths (empty for a link with no way) and spots, and the links
    routed loosely (or not at all)."""
    grid = Grid(width, height, blocks)
    for city, x in enumerate(names):
        if x is not None:
            grid.keep_name(city, x, name_room(board.cities[city]))
    paths: list[list[tuple[int, int, str]]] = [[] for _ in board.links]
    spots: list[tuple[int, int] | None] = [None] * len(board.links)
    loose = []
    searched = []
    for link in order:
        path = grid.direct(link, board.links[link].a, board.links[link].b)
        if path is None:
            searched.append(link)
            continue
        grid.commit(link, path)
        paths[link] = path
        spots[link] = grid.keep_spot(link, path)
    for link in searched:
        a, b = board.links[link].a, board.links[link].b
        path = _simple(grid.route(link, a, b, strict=True))
        if path is None:
            loose.append(link)
            path = _simple(grid.route(link, a, b, strict=False))
            path = path or _simple(grid.route(link, a, b, strict=False, budget=20 * BUDGET))
            path = path or _simple(grid.route(link, a, b, strict=False, budget=1 << 20, lax=True))
        if path is not None:
            grid.commit(link, path)
            paths[link] = path
            spots[link] = grid.keep_spot(link, path)
    for link, path in enumerate(paths):
        paths[link] = [(x, y, grid.char(x, y)) for x, y, _ in path]
    return (paths, spots), loose


def _simple(path: list[tuple[int, int, str]] | None) -> list[tuple[int, int, str]] | None:
    """The path, unless it runs through a cell twice."""
    if path is None or len({(x, y) for x, y, _ in path}) < len(path):
        return None
    return path


def _level(board: Board, blocks: list[Block], link: int) -> bool:
    """Whether a link's cities are on different rows (those on one row go first: a straight
    line along the row)."""
    return blocks[board.links[link].a].y != blocks[board.links[link].b].y


def _span(board: Board, blocks: list[Block], link: int) -> int:
    a, b = blocks[board.links[link].a], blocks[board.links[link].b]
    return max(abs(a.x - b.x), abs(a.y - b.y))


def _spread(values: list[float]) -> list[float]:
    """Each value scaled to 0..1, blended with its rank so clusters get room for labels."""
    lo, hi = min(values), max(values)
    order = sorted(range(len(values)), key=lambda i: (values[i], i))
    ranks = [0.0] * len(values)
    for rank, i in enumerate(order):
        ranks[i] = rank / (len(values) - 1 or 1)
    return [
        (1 - SPREAD) * (v - lo) / (hi - lo or 1) + SPREAD * r
        for v, r in zip(values, ranks, strict=True)
    ]


def place_cities(board: Board, width: int, height: int, block_width: int) -> list[Block]:
    """Each city's block: where its projection falls, or the nearest cell with room around it
    (two free columns from any block on its row or the rows beside it)."""
    schematic = map_schematic.places(board, height)
    if schematic is not None:
        xs, ys = [x for x, _ in schematic], [y for _, y in schematic]
    else:
        xs = _spread([c.lon for c in board.cities])
        ys = _spread([-c.lat for c in board.cities])
    x_room = max(1, width - block_width - 2)
    y_room = max(1, height - 1)
    wanted = [(1 + round(x * x_room), round(y * y_room)) for x, y in zip(xs, ys, strict=True)]
    blocks: list[Block | None] = [None] * len(board.cities)
    for city in sorted(range(len(wanted)), key=lambda c: (wanted[c][1], wanted[c][0], c)):
        x, y = wanted[city]
        placed = [b for b in blocks if b is not None]
        blocks[city] = _nearest_room(x, y, block_width, width, height, placed)
    return [b for b in blocks if b is not None]


def _nearest_room(
    x: int, y: int, block_width: int, width: int, height: int, placed: list[Block]
) -> Block:
    """The block nearest ``(x, y)`` (a row counting as two columns) clear of the placed ones."""
    for dx, dy in _nearest_steps():
        cx, cy = x + dx, y + dy
        inside = 0 <= cx <= width - block_width and 0 <= cy < height
        if inside and all(_clear(cx, cy, block_width, b) for b in placed):
            return Block(cx, cy, block_width)
    return Block(max(0, min(x, width - block_width)), max(0, min(y, height - 1)), block_width)


@cache
def _nearest_steps() -> list[tuple[int, int]]:
    """Steps from a city's place on the globe, nearest first (sorted when a map is first laid
    out, not when the map's code is imported: a game whose layout is on disk never needs them)."""
    return sorted(
        ((dx, dy) for dx in range(-60, 61) for dy in range(-30, 31)),
        key=lambda d: (abs(d[0]) + 2 * abs(d[1]), abs(d[1]), d[1], d[0]),
    )


def _clear(x: int, y: int, block_width: int, other: Block) -> bool:
    if abs(y - other.y) > 1:
        return True
    return x + block_width + 2 <= other.x or other.end + 3 <= x

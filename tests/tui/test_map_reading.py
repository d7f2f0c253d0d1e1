"""The map never lies, read back from the canvas at every size the map takes between an 80×24
and a 250×70 terminal, with and without the Hubs and Distant Lands modules: each cell shows one
link (two only at a crossing drawn as one), no line runs on into another link's line or another
city, every link joins its two cities, its label sits on its own line, and every city's code,
hub and name is whole.

The map's size is the terminal's less the panels: from 58×13 to 190×56 (250×70); under 100
columns the map is as wide as the terminal (80 to 99), and an 80×24 terminal whose turn bar takes
two lines leaves it 13 rows. The short form checks a spread of those sizes; ``JETSET_SLOW=1``
every width step of 10 and height step of 5.

Every link joins its cities at every size. What the layout cannot always do on a map that is not
``roomy`` (under 20 rows): route every link clear of the ends of other lines, and keep a cell for
every label. There, the layout names the links it routed loosely (``LOOSE_LINKS`` at most), and
only a line of one of them touches another end-on (or, the last resort, another city's code); a
few links may go without a label (``UNLABELLED`` at most), and ``Z`` gives the map the window,
where it is roomy (tests/tui/test_map_zoom.py). Everything else holds everywhere.
"""

from __future__ import annotations

import os
from functools import cache

import pytest

from engine.jetset.actions import CHANCE
from engine.jetset.dealer import SHAKE_DEAL, Dealer
from engine.jetset.game import Game
from engine.jetset.options import Options
from engine.jetset.selfplay import play_bot_choice, seat_bots
from engine.jetset.state import State
from jetset_tui.theme import LIVERIES, Livery
from jetset_tui.widgets.map import (
    CITY_CODE,
    EMPTY,
    HUB,
    HUB_MARK,
    LABEL,
    LINE,
    NAME,
    Canvas,
    Highlight,
    geometry,
    link_label,
    map_canvas,
)

SLOW = os.environ.get("JETSET_SLOW") == "1"
WIDTHS = (58, 80, 99, 140, 190)
HEIGHTS = (13, 14, 18, 26, 56)
if SLOW:
    WIDTHS = (*range(58, 190, 10), 190)
    HEIGHTS = (13, *range(14, 56, 5), 56)
SIZES = [(w, h) for w in WIDTHS for h in HEIGHTS]
LOOSE_LINKS = 10
"""At most this many links routed loosely on a cramped map (of 52; 10 at worst when measured)."""
UNLABELLED = 10
"""At most this many links without a label on a cramped map (10 at worst when measured: 58×13)."""


def roomy(width: int, height: int) -> bool:
    """A map with room for every link clear of the others and every label, as measured: 20 rows
    and more (an 80×24 terminal zoomed, 100×30 zoomed, 120×40 and up)."""
    return height >= 20


STRAIGHT = {"─": (1, 0), "│": (0, 1), "╲": (1, 1), "╱": (1, -1)}
CROSSINGS = {"┼": "─│", "╳": "╱╲"}
LIVERY = list(LIVERIES[:4])


@cache
def game_states(modules: bool) -> tuple[State, ...]:
    """A new game, one well under way and one late, of four greedy bots (with the Hubs and
    Distant Lands modules, or the base game)."""
    options = Options(players=4, hubs=modules, distant_lands=modules)
    game = Game(options)
    dealer = Dealer("map-reading", game.board, 4, SHAKE_DEAL)
    bots = seat_bots(["greedy"], 4, "map-reading")
    states = []
    for move in range(400):
        if move in (0, 120, 399):
            states.append(game.state.view(0))
        seat = game.rules.to_move(game.state)
        if seat is None:
            states.append(game.state.view(0))
            break
        if seat == CHANCE:
            game.push(dealer.next_entry(game.state))
        else:
            play_bot_choice(game, seat, bots[seat])
    return tuple(states)


@pytest.mark.parametrize("modules", [False, True], ids=["base", "hubs+distant"])
@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_map_reads_true(width: int, height: int, modules: bool) -> None:
    states = game_states(modules)
    assert sum(o >= 0 for o in states[-1].owner) > 10, "the late game owns many links"
    if modules:
        assert states[-1].hubs is not None and any(states[-1].hubs.cities)
    geo = geometry(states[0].board, width, height, modules)
    if roomy(width, height):
        assert not geo.loose
    assert len(geo.loose) <= LOOSE_LINKS
    for state in states:
        canvas = map_canvas(state, width, height, LIVERY)
        unlabelled = [p for p in read_map(state, canvas, LIVERY) if p.endswith(" has no label")]
        assert len(unlabelled) <= UNLABELLED, unlabelled
        problems = lies(state, canvas, LIVERY)
        assert not problems, "\n".join([*problems[:20], "", *map_text(canvas)])


def test_a_highlight_changes_no_cell() -> None:
    state = game_states(True)[1]
    plain = map_canvas(state, 80, 18, LIVERY)
    lit = map_canvas(
        state, 80, 18, LIVERY, Highlight(frozenset({0, 5}), frozenset({3}), frozenset({7}))
    )
    assert plain.chars == lit.chars and plain.links == lit.links
    assert plain.styles != lit.styles


def lies(state: State, canvas: Canvas, liveries: list[Livery]) -> list[str]:
    """``read_map``'s problems but those a cramped map may have: a link without a label, a line
    routed loosely touching another end-on or running into a city."""
    problems = read_map(state, canvas, liveries)
    if roomy(canvas.width, canvas.height):
        return problems
    geo = geometry(state.board, canvas.width, canvas.height, state.hubs is not None)
    loose = {state.board.link_name(link) for link in geo.loose}
    problems = [p for p in problems if not p.endswith(" has no label")]
    return [p for p in problems if not touching(p, state, loose)]


def touching(problem: str, state: State, loose: set[str]) -> bool:
    """The problem is a line routed loosely touching another end-on or running into a city (or
    a line touching one routed loosely)."""
    if " runs into " in problem:
        return problem.split()[0] in loose
    if not problem.endswith(" end-on"):
        return False
    name, links = problem.split()[0], problem.split("{")[1].split("}")[0]
    others = {state.board.link_name(int(n)) for n in links.split(", ")}
    return name in loose or bool(others & loose)


def map_text(canvas: Canvas) -> list[str]:
    return ["".join(row) for row in canvas.chars]


def read_map(state: State, canvas: Canvas, liveries: list[Livery]) -> list[str]:
    """Everything on the map that could mislead a reader, as sentences (none: it reads true)."""
    return [
        *read_cells(canvas),
        *read_lines(state, canvas),
        *read_labels(state, canvas, liveries),
        *read_cities(state, canvas, liveries),
    ]


def read_cells(canvas: Canvas) -> list[str]:
    """Each cell shows what its record says: one link's line, a crossing of two, a label of one,
    or a city's code, hub or name; nothing unrecorded."""
    out = []
    for y in range(canvas.height):
        for x in range(canvas.width):
            char, kind, links = canvas.chars[y][x], canvas.kinds[y][x], canvas.links[y][x]
            city = canvas.cities[y][x]
            if char in STRAIGHT and (kind != LINE or len(links) != 1):
                out.append(f"({x},{y}) {char!r} is the line of links {links}")
            elif char in CROSSINGS and (kind != LINE or len(links) != 2):
                out.append(f"({x},{y}) {char!r} crosses links {links}")
            elif kind == LINE and char not in STRAIGHT and char not in CROSSINGS:
                out.append(f"({x},{y}) {char!r} drawn over a line")
            elif kind == LABEL and len(links) != 1:
                out.append(f"({x},{y}) label {char!r} of links {links}")
            elif kind in (CITY_CODE, HUB, NAME) and (links or city < 0):
                out.append(f"({x},{y}) {char!r} of a city holds links {links}")
            elif kind == EMPTY and (char != " " or links):
                out.append(f"({x},{y}) {char!r} shows nothing recorded")
    return out


def link_cells(canvas: Canvas) -> dict[int, set[tuple[int, int]]]:
    cells: dict[int, set[tuple[int, int]]] = {}
    for y in range(canvas.height):
        for x in range(canvas.width):
            for link in canvas.links[y][x]:
                cells.setdefault(link, set()).add((x, y))
    return cells


def block_cells(state: State, canvas: Canvas, city: int) -> set[tuple[int, int]]:
    block = geometry(state.board, canvas.width, canvas.height, state.hubs is not None).blocks[city]
    return set(block.cells())


def read_lines(state: State, canvas: Canvas) -> list[str]:
    """Every link's cells join its two cities, and no line runs on (by the way it is drawn)
    into another link's cell or another city's code."""
    out = []
    board = state.board
    cells = link_cells(canvas)
    blocks = [block_cells(state, canvas, c) for c in range(len(board.cities))]
    city_at = {cell: c for c, block in enumerate(blocks) for cell in block}
    for link, ln in enumerate(board.links):
        name = board.link_name(link)
        mine = cells.get(link, set())
        if not joined(mine, blocks[ln.a], blocks[ln.b]):
            out.append(f"{name} does not join its cities")
        for x, y in mine:
            char = canvas.chars[y][x]
            if canvas.kinds[y][x] != LINE or char not in STRAIGHT:
                continue
            dx, dy = STRAIGHT[char]
            for nx, ny in ((x + dx, y + dy), (x - dx, y - dy)):
                if not (0 <= nx < canvas.width and 0 <= ny < canvas.height):
                    continue
                others = set(canvas.links[ny][nx]) - {link}
                if others and link not in canvas.links[ny][nx]:
                    out.append(f"{name} at ({x},{y}) touches link {others} at ({nx},{ny}) end-on")
                city = city_at.get((nx, ny))
                if city is not None and city not in (ln.a, ln.b):
                    out.append(f"{name} at ({x},{y}) runs into {board.city_code(city)}")
    return out


def joined(cells: set[tuple[int, int]], a: set[tuple[int, int]], b: set[tuple[int, int]]) -> bool:
    """The cells are one 8-connected chain from beside block ``a`` to beside block ``b``."""
    if not cells:
        return False
    start = next((c for c in sorted(cells) if beside(c, a)), None)
    if start is None:
        return False
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                n = (x + dx, y + dy)
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
    return seen == cells and any(beside(c, b) for c in cells)


def beside(cell: tuple[int, int], block: set[tuple[int, int]]) -> bool:
    x, y = cell
    return any((x + dx, y + dy) in block for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def read_labels(state: State, canvas: Canvas, liveries: list[Livery]) -> list[str]:
    """Every link has one label, on cells of its own, saying its price or owner (and planes,
    where there is room), with nothing of another link on its row beside it."""
    out = []
    board = state.board
    labelled: set[tuple[int, int]] = set()
    for link in range(len(board.links)):
        name = board.link_name(link)
        if link not in canvas.labels:
            out.append(f"{name} has no label")
            continue
        x, y, text = canvas.labels[link]
        parts = link_label(state, link, liveries)
        if text not in ("".join(t for t, _ in parts), parts[0][0]):
            out.append(f"{name} labelled {text!r}, not {parts}")
        shown = "".join(canvas.chars[y][x : x + len(text)])
        if shown != text:
            out.append(f"{name}'s label {text!r} shows as {shown!r}")
        for i in range(len(text)):
            labelled.add((x + i, y))
            if canvas.kinds[y][x + i] != LABEL or canvas.links[y][x + i] != (link,):
                out.append(f"{name}'s label at ({x + i},{y}) is not its own cell")
        for nx in (x - 1, x + len(text)):
            inside = 0 <= nx < canvas.width and canvas.kinds[y][nx] != EMPTY
            if inside and (canvas.kinds[y][nx] != LINE or canvas.links[y][nx] != (link,)):
                out.append(f"{name}'s label {text!r} has {canvas.chars[y][nx]!r} beside it")
    for y in range(canvas.height):
        for x in range(canvas.width):
            if canvas.kinds[y][x] == LABEL and (x, y) not in labelled:
                out.append(f"({x},{y}) {canvas.chars[y][x]!r} is a label of no link")
    return out


def read_cities(state: State, canvas: Canvas, liveries: list[Livery]) -> list[str]:
    """Every city's code whole, its hub's mark beside it, and its name whole where shown, with a
    blank (or the map's edge) either side of the name."""
    out = []
    board = state.board
    geo = geometry(board, canvas.width, canvas.height, state.hubs is not None)
    owners = {}
    if state.hubs is not None:
        owners = {c: seat for seat, cities in enumerate(state.hubs.cities) for c in cities}
    for city, block in enumerate(geo.blocks):
        code = board.city_code(city)
        row = canvas.chars[block.y]
        if "".join(row[block.x : block.x + 3]) != code:
            out.append(f"{code} shows as {''.join(row[block.x : block.x + 3])!r}")
        if any(canvas.kinds[block.y][block.x + i] != CITY_CODE for i in range(3)):
            out.append(f"{code} is not all code")
        if city in owners:
            mark = HUB_MARK + liveries[owners[city]].letter
            if "".join(row[block.x + 3 : block.x + 5]) != mark:
                out.append(f"{code}'s hub shows as {''.join(row[block.x + 3 : block.x + 5])!r}")
    named: set[tuple[int, int]] = set()
    for city, (x, y, name) in canvas.names.items():
        if name != board.cities[city].name or "".join(canvas.chars[y][x : x + len(name)]) != name:
            out.append(f"{board.city_code(city)}'s name shows as {name!r}")
        for nx in (x - 1, x + len(name)):
            if 0 <= nx < canvas.width and canvas.chars[y][nx] != " ":
                out.append(f"{name} touches {canvas.chars[y][nx]!r}")
        named.update((x + i, y) for i in range(len(name)))
    for y in range(canvas.height):
        for x in range(canvas.width):
            if canvas.kinds[y][x] == NAME and (x, y) not in named:
                out.append(f"({x},{y}) {canvas.chars[y][x]!r} is part of no name")
    return out

"""The map of Europe: cities placed by latitude and longitude, every airlink a line of box
characters, with its price (unowned) or its owner's letter and everyone's planes on it.

The drawing is a pure function of the state and the size (``map_canvas``);
``EuropeMap`` caches the geometry for its size, redraws the labels when the state or the highlight
changes, and hands Textual ready-made strips (the line API), remade only for lines that changed.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, field

from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget

from engine.board import Board
from engine.state import State
from jetset_tui.theme import CITY, DIM, HIGHLIGHT, UNOWNED, Livery

EMPTY, LINE, LABEL, CITY_CODE, NAME = 0, 1, 2, 3, 4
"""What a cell holds, lowest first: a later layer may cover an earlier one."""

Row = list[tuple[str, str]]
"""A line of the map as runs of text in one style each."""

LineKey = tuple[Hashable, int, tuple[tuple[str, str], ...]]
"""A drawn line: the widget's look (width, style), its row and its runs."""


@dataclass
class Geometry:
    """Where every city and airlink goes on a grid of one size."""

    width: int
    height: int
    cities: list[tuple[int, int]]
    paths: list[list[tuple[int, int, str]]]  # per link: (x, y, line character)


@dataclass
class Canvas:
    width: int
    height: int
    chars: list[list[str]] = field(default_factory=list)
    styles: list[list[str]] = field(default_factory=list)
    layers: list[list[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles = [[""] * self.width for _ in range(self.height)]
        self.layers = [[EMPTY] * self.width for _ in range(self.height)]

    def free(self, x: int, y: int, length: int, below: int) -> bool:
        """Cells ``x..x+length`` of row ``y`` exist and hold nothing of layer ``below`` or up."""
        if y < 0 or y >= self.height or x < 0 or x + length > self.width:
            return False
        return all(self.layers[y][i] < below for i in range(x, x + length))

    def put(self, x: int, y: int, text: str, style: str, layer: int) -> None:
        for i, ch in enumerate(text):
            self.chars[y][x + i] = ch
            self.styles[y][x + i] = style
            self.layers[y][x + i] = layer

    def runs(self) -> list[Row]:
        """Each row as runs of cells of one style: ``(text, style)``, ``""`` for no style."""
        out = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            row = []
            start = 0
            for i in range(1, len(chars) + 1):
                if i == len(chars) or styles[i] != styles[start]:
                    row.append(("".join(chars[start:i]), styles[start]))
                    start = i
            out.append(row)
        return out

    def lines(self) -> list[Text]:
        return [_line_text(row) for row in self.runs()]


def _line_text(runs: Row) -> Text:
    text = Text(no_wrap=True, overflow="crop")
    for chunk, style in runs:
        text.append(chunk, style=style or None)
    return text


SPREAD = 0.35
"""How much the map evens out crowded cities: 0 is true to the globe, 1 spaces them evenly."""


def _spread(values: list[float]) -> list[float]:
    """Each value scaled to 0..1, blended with its rank so clusters get room for labels."""
    lo, hi = min(values), max(values)
    ranks = {v: i / (len(values) - 1 or 1) for i, v in enumerate(sorted(values))}
    return [(1 - SPREAD) * (v - lo) / (hi - lo or 1) + SPREAD * ranks[v] for v in values]


def project(board: Board, width: int, height: int) -> list[tuple[int, int]]:
    """Each city's cell: longitude across, latitude down, evened out a little (``SPREAD``) and
    filling the grid with room for the three-letter codes."""
    xs = _spread([c.lon for c in board.cities])
    ys = _spread([-c.lat for c in board.cities])
    x_room = max(1, width - 6)
    y_room = max(1, height - 2)
    return [(3 + round(x * x_room), 1 + round(y * y_room)) for x, y in zip(xs, ys, strict=True)]


def bresenham(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """The cells of a straight line from one point to another (8-connected)."""
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x1 > x0 else -1), (1 if y1 > y0 else -1)
    err = dx + dy
    cells = [(x0, y0)]
    x, y = x0, y0
    while (x, y) != (x1, y1):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x += sx
        if e2 <= dx:
            err += dx
            y += sy
        cells.append((x, y))
    return cells


def stroke(move: tuple[int, int]) -> str:
    """The line character for a step between cells."""
    mx, my = move
    if my == 0:
        return "─"
    if mx == 0:
        return "│"
    return "╲" if (mx > 0) == (my > 0) else "╱"


_GEOMETRY: dict[tuple[int, int, int], Geometry] = {}


def geometry(board: Board, width: int, height: int) -> Geometry:
    """City cells and each airlink's cells (cached per board and size)."""
    key = (id(board), width, height)
    if key not in _GEOMETRY:
        if len(_GEOMETRY) > 16:
            _GEOMETRY.clear()
        _GEOMETRY[key] = _geometry(board, width, height)
    return _GEOMETRY[key]


def _geometry(board: Board, width: int, height: int) -> Geometry:
    """City cells and each airlink's cells with the directions its line leaves them."""
    cities = project(board, width, height)
    taken = {(x + dx, y) for x, y in cities for dx in (-1, 0, 1)}
    paths = []
    for link in board.links:
        cells = bresenham(*cities[link.a], *cities[link.b])
        path = []
        for i, (x, y) in enumerate(cells):
            if (x, y) in taken:
                continue
            nxt = cells[i + 1] if i + 1 < len(cells) else None
            prev = cells[i - 1]
            move = (nxt[0] - x, nxt[1] - y) if nxt else (x - prev[0], y - prev[1])
            path.append((x, y, stroke(move)))
        paths.append(path)
    return Geometry(width, height, cities, paths)


def _cross(old: str, new: str) -> str:
    """Two lines through one cell."""
    if {old, new} == {"─", "│"}:
        return "┼"
    if {old, new} == {"╱", "╲"}:
        return "╳"
    return new


@dataclass(frozen=True)
class Highlight:
    """What to pick out on the map: links and cities (a choice being made, a route)."""

    links: frozenset[int] = frozenset()
    cities: frozenset[int] = frozenset()
    route: frozenset[int] = frozenset()  # links of a planned route, drawn bold


def link_label(state: State, link: int, liveries: list[Livery]) -> list[tuple[str, str]]:
    """Price for an unowned link; else the owner's letter as a badge and planes by colour."""
    owner = state.owner[link]
    planes = state.link_planes[link]
    if owner < 0:
        return [(str(state.board.links[link].cost), UNOWNED)]
    parts = [(liveries[owner].letter, liveries[owner].badge)]
    if planes[owner]:
        parts.append((str(planes[owner]), liveries[owner].style))
    for seat, n in enumerate(planes):
        if n and seat != owner:
            parts.append((f"{liveries[seat].letter.lower()}{n}", liveries[seat].style))
    return parts


def map_canvas(
    state: State,
    width: int,
    height: int,
    liveries: list[Livery],
    highlight: Highlight = Highlight(),
    names: bool = True,
) -> Canvas:
    """The whole map drawn on a canvas of ``width`` × ``height`` cells."""
    board = state.board
    geo = geometry(board, width, height)
    canvas = Canvas(width, height)
    order = sorted(range(len(board.links)), key=lambda ln: (state.owner[ln] >= 0, ln))
    for link in order:
        owner = state.owner[link]
        style = UNOWNED if owner < 0 else liveries[owner].colour
        if link in highlight.route:
            style = "bold " + ("white" if owner < 0 else liveries[owner].colour)
        if link in highlight.links:
            style = HIGHLIGHT
        for x, y, char in geo.paths[link]:
            if 0 <= x < width and 0 <= y < height:
                canvas.put(x, y, _cross(canvas.chars[y][x], char), style, LINE)
    for city, (x, y) in enumerate(geo.cities):
        style = HIGHLIGHT if city in highlight.cities else CITY
        if 0 <= y < height:
            canvas.put(max(0, x - 1), y, board.city_code(city)[: width - max(0, x - 1)], style, 3)
    _place_hubs(canvas, state, geo, liveries)
    for link in order:
        _place_label(canvas, geo.paths[link], link_label(state, link, liveries), link, highlight)
    if names:
        for city, (x, y) in enumerate(geo.cities):
            _place_name(canvas, x, y, board.cities[city].name)
    return canvas


def _place_label(
    canvas: Canvas,
    path: list[tuple[int, int, str]],
    parts: list[tuple[str, str]],
    link: int,
    highlight: Highlight,
) -> None:
    """The label on the line, as near its middle as there is room."""
    length = sum(len(t) for t, _ in parts)
    if not path:
        return
    mid = len(path) // 2
    for offset in range(len(path)):
        for i in (mid + offset, mid - offset):
            if not 0 <= i < len(path):
                continue
            x, y, _ = path[i]
            x -= length // 2
            if canvas.free(x - 1, y, length + 2, LABEL):
                for text, style in parts:
                    if link in highlight.links:
                        style = HIGHLIGHT
                    canvas.put(x, y, text, style, LABEL)
                    x += len(text)
                return


HUB_MARK = "⌂"
"""A hub (the Hubs module), drawn beside its city's code with the owner's letter: ``BER⌂R``."""


def _place_hubs(canvas: Canvas, state: State, geo: Geometry, liveries: list[Livery]) -> None:
    """Each hub as ``⌂`` and its owner's letter on the owner's colour, right of the city's code
    (left of it where the right runs off the map), over any line."""
    hubs = state.hubs
    if hubs is None:
        return
    for seat, cities in enumerate(hubs.cities):
        livery = liveries[seat]
        for city in cities:
            x, y = geo.cities[city]
            if not 0 <= y < canvas.height:
                continue
            start = x + 2 if x + 4 <= canvas.width else x - 4
            if start >= 0:
                canvas.put(start, y, HUB_MARK + livery.letter, livery.badge, CITY_CODE)


def _place_name(canvas: Canvas, x: int, y: int, name: str) -> None:
    """A city's name beside its code where the cells are empty; otherwise none."""
    right = x + 3
    if canvas.free(right - 1, y, len(name) + 2, LINE):
        canvas.put(right, y, name, DIM, NAME)
        return
    left = x - 2 - len(name) - 1
    if canvas.free(left, y, len(name) + 2, LINE):
        canvas.put(left + 1, y, name, DIM, NAME)


class EuropeMap(Widget):
    """The board: every city and airlink, the owners and the planes.

    Drawn through the line API: the lines are made into strips once per state, size and
    highlight, so a repaint (a scroll, a resize of a neighbour, another panel's change) costs
    nothing here. ``render`` draws the same map as text, for a text selection.
    """

    DEFAULT_CSS = """
    EuropeMap { height: 1fr; min-height: 12; }
    """

    highlight: reactive[Highlight] = reactive(Highlight)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state: State | None = None
        self.liveries: list[Livery] = []
        self._version = 0
        self._strips: tuple[Hashable, list[Strip]] | None = None
        self._lines: dict[LineKey, Strip] = {}

    def show(self, state: State, liveries: list[Livery]) -> None:
        self.state = state
        self.liveries = liveries
        self._version += 1
        self.refresh()

    def fits(self) -> bool:
        """There is room to draw the map."""
        width, height = self.size
        return width >= 20 and height >= 8

    def render(self) -> Text:
        if self.state is None:
            return Text("")
        if not self.fits():
            return Text("(the map needs more room)", style=DIM)
        width, height = self.size
        lines = map_canvas(self.state, width, height, self.liveries, self.highlight).lines()
        return Text("\n", no_wrap=True).join(lines)

    def render_line(self, y: int) -> Strip:
        if self.state is None or not self.fits() or self.text_selection is not None:
            return super().render_line(y)
        strips = self._map_strips()
        if y < len(strips):
            return strips[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def _map_strips(self) -> list[Strip]:
        """The map's lines as strips, drawn again only when what they show has changed."""
        key = (self._version, self.size, self.highlight, self.visual_style)
        if self._strips is None or self._strips[0] != key:
            self._strips = key, self._draw_strips()
        return self._strips[1]

    def _draw_strips(self) -> list[Strip]:
        """Every line of the map, a line unchanged since the last drawing reused as it was."""
        assert self.state is not None
        width, height = self.size
        canvas = map_canvas(self.state, width, height, self.liveries, self.highlight)
        styles = StripStyles(self)
        look = (width, self.visual_style)
        lines: dict[LineKey, Strip] = {}
        for y, row in enumerate(canvas.runs()):
            key = (look, y, tuple(row))
            strip = self._lines.get(key)
            lines[key] = styles.strip(row, width, y) if strip is None else strip
        self._lines = lines
        return list(lines.values())


class StripStyles:
    """Rich styles for a widget's strips: its own style with a Rich style string on top, as
    Textual combines them when it renders text (so the map looks the same either way)."""

    def __init__(self, widget: Widget) -> None:
        self.base = widget.visual_style
        self.parse = widget.app.console.get_style
        self.theme = widget.app.ansi_theme
        self._cache: dict[str, RichStyle] = {}

    def strip(self, row: Row, width: int, y: int) -> Strip:
        """Line ``y`` of cells, with the offsets a text selection reads."""
        return Strip([Segment(text, self.get(style)) for text, style in row], width).apply_offsets(
            0, y
        )

    def get(self, style: str) -> RichStyle:
        rich = self._cache.get(style)
        if rich is None:
            visual = self.base
            if style:
                visual = visual + VisualStyle.from_rich_style(self.parse(style), self.theme)
            rich = self._cache[style] = visual.rich_style
        return rich


def distance_km(board: Board, link: int) -> int:
    """Great-circle length of a link, for the details line."""
    ln = board.links[link]
    a, b = board.cities[ln.a], board.cities[ln.b]
    p1, p2 = math.radians(a.lat), math.radians(b.lat)
    dl = math.radians(b.lon - a.lon)
    cos = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl)
    return round(6371 * math.acos(min(1.0, max(-1.0, cos))))

"""The map of Europe: cities placed by latitude and longitude, every airlink a line of box
characters, with its price (unowned) or its owner's letter and everyone's planes on it.

Where the lines go is ``map_layout``'s (once per size: no two links share a cell but at a
crossing drawn as one). Here the state is drawn on that geometry (``map_canvas``): each link's
label sits on its own line, on a straight stretch with its line on both sides (``──R1b2──``), or
where there is no such stretch, as its price or owner's letter alone on one cell of the line with
no other line beside it; the planes are then in the pickers and the table. The canvas records
which link or city each cell shows, so a test can read the map back. ``EuropeMap`` caches the
drawing per state, size and highlight, and hands Textual ready-made strips (the line API), remade
only for lines that changed.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Hashable
from dataclasses import field
from typing import Final

from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual import work
from textual.dom import NoScreen
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget

from engine.jetset.board import Board
from engine.jetset.state import State
from engine.values import record, value
from jetset_tui.cities import city_name
from jetset_tui.i18n import _
from jetset_tui.theme import CITY, DIM, HIGHLIGHT, UNOWNED, Livery
from jetset_tui.widgets.layout_cache import kept_layout, layout
from jetset_tui.widgets.map_layout import CODE_WIDTH, Layout, cached_layout, name_room
from jetset_tui.widgets.map_routing import Block

EMPTY, LINE, LABEL, CITY_CODE, HUB, NAME = 0, 1, 2, 3, 4, 5
"""What a cell shows."""

Row = list[tuple[str, str]]
"""A line of the map as runs of text in one style each."""

LineKey = tuple[Hashable, int, tuple[tuple[str, str], ...]]
"""A drawn line: the widget's look (width, style), its row and its runs."""


@record
class Canvas:
    """The drawn map, and what each cell shows: its kind (``LINE``, ``LABEL``, ...), the links
    it belongs to (two at a crossing) and, for a city's code, hub or name, the city."""

    width: int
    height: int
    chars: list[list[str]] = field(default_factory=list)
    styles: list[list[str]] = field(default_factory=list)
    kinds: list[list[int]] = field(default_factory=list)
    links: list[list[tuple[int, ...]]] = field(default_factory=list)
    cities: list[list[int]] = field(default_factory=list)
    labels: dict[int, tuple[int, int, str]] = field(default_factory=dict)
    """Each link's label: where it starts and what it says."""
    names: dict[int, tuple[int, int, str]] = field(default_factory=dict)
    """Each city's name, where there was room for it whole."""

    def __post_init__(self) -> None:
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles = [[""] * self.width for _ in range(self.height)]
        self.kinds = [[EMPTY] * self.width for _ in range(self.height)]
        self.links = [[()] * self.width for _ in range(self.height)]
        self.cities = [[-1] * self.width for _ in range(self.height)]

    def free(self, x: int, y: int, length: int) -> bool:
        """Cells ``x..x+length`` of row ``y`` exist and show nothing."""
        if y < 0 or y >= self.height or x < 0 or x + length > self.width:
            return False
        return all(self.kinds[y][i] == EMPTY for i in range(x, x + length))

    def put(self, x: int, y: int, text: str, style: str, kind: int, city: int = -1) -> None:
        for i, ch in enumerate(text):
            self.chars[y][x + i] = ch
            self.styles[y][x + i] = style
            self.kinds[y][x + i] = kind
            self.cities[y][x + i] = city

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


def geometry(board: Board, width: int, height: int, hubs: bool = False) -> Layout:
    """Where every city and airlink goes at this size (``map_layout.layout``, cached in memory
    and on disk: ``layout_cache``)."""
    return layout(board, width, height, hubs)


@value(unsafe_hash=True)
class Highlight:
    """What to pick out on the map: links and cities (a choice being made, a route)."""

    links: frozenset[int] = frozenset()
    cities: frozenset[int] = frozenset()
    route: frozenset[int] = frozenset()  # links of a planned route, drawn bold


NO_HIGHLIGHT: Final = Highlight()
STEADY_ROWS: Final = 8
"""Rows the map may gain (a box under it closing) and keep its layout (``drawn_size``)."""


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
    highlight: Highlight = NO_HIGHLIGHT,
    names: bool = True,
) -> Canvas:
    """The whole map drawn on a canvas of ``width`` × ``height`` cells."""
    board = state.board
    geo = geometry(board, width, height, state.hubs is not None)
    canvas = Canvas(width, height)
    order = sorted(range(len(board.links)), key=lambda ln: (state.owner[ln] >= 0, ln))
    for link in order:
        style = _link_style(state, link, liveries, highlight)
        for x, y, char in geo.paths[link]:
            canvas.put(x, y, char, style, LINE)
            canvas.links[y][x] += (link,)
    for city, block in enumerate(geo.blocks):
        style = HIGHLIGHT if city in highlight.cities else CITY
        canvas.put(block.x, block.y, board.city_code(city), style, CITY_CODE, city)
    _place_hubs(canvas, state, geo.blocks, liveries)
    for link in order:
        parts = link_label(state, link, liveries)
        if link in highlight.links:
            parts = [(text, HIGHLIGHT) for text, _ in parts]
        _place_label(canvas, geo.paths[link], geo.spots[link], parts, link)
    if names:
        for city, block in enumerate(geo.blocks):
            room = name_room(board.cities[city])
            _place_name(canvas, city, block, geo.names[city], city_name(board.cities[city]), room)
    return canvas


def _link_style(state: State, link: int, liveries: list[Livery], highlight: Highlight) -> str:
    owner = state.owner[link]
    if link in highlight.links:
        return HIGHLIGHT
    if link in highlight.route:
        return "bold " + ("white" if owner < 0 else liveries[owner].colour)
    return UNOWNED if owner < 0 else liveries[owner].colour


def _place_label(
    canvas: Canvas,
    path: list[tuple[int, int, str]],
    spot: tuple[int, int] | None,
    parts: list[tuple[str, str]],
    link: int,
) -> None:
    """The whole label on a straight stretch of the link's line, with line on both sides, as
    near the middle as there is one; else its first part alone on the spot the layout kept for
    it (or another cell of the line with nothing of another link beside it)."""
    length = sum(len(t) for t, _ in parts)
    start = _stretch(canvas, path, length)
    if start is None:
        parts = parts[:1]
        start = spot if spot is not None and _lone(canvas, *spot, link) else None
        start = start or _lone_cell(canvas, path, link)
    if start is None:
        return
    x, y = start
    canvas.labels[link] = (x, y, "".join(text for text, _ in parts))
    for text, style in parts:
        canvas.put(x, y, text, style, LABEL)
        x += len(text)


def _by_middle(path: list[tuple[int, int, str]]) -> list[int]:
    """The indices of a path, from its middle outwards."""
    mid = (len(path) - 1) / 2
    return sorted(range(len(path)), key=lambda i: (abs(i - mid), i))


def _stretch(
    canvas: Canvas, path: list[tuple[int, int, str]], length: int
) -> tuple[int, int] | None:
    """Where a label of ``length`` cells starts on a horizontal stretch of the line that has a
    cell of line left over on either side (nearest the middle of the path)."""
    plain = {(x, y) for x, y, char in path if char == "─" and canvas.kinds[y][x] == LINE}
    best: tuple[float, int, int] | None = None
    mid = len(path) / 2
    for i, (x, y, _line) in enumerate(path):
        if all((x + k, y) in plain for k in range(-1, length + 1)):
            score = abs(i - mid) if path[-1][0] > path[0][0] else abs(len(path) - i - mid)
            if best is None or score < best[0]:
                best = (score, x, y)
    return None if best is None else (best[1], best[2])


def _lone_cell(
    canvas: Canvas, path: list[tuple[int, int, str]], link: int
) -> tuple[int, int] | None:
    """A cell of the line (no crossing) whose neighbours on its row show nothing of another
    link: a one-cell label there can only be read as this link's."""
    for i in _by_middle(path):
        x, y, _ = path[i]
        if _lone(canvas, x, y, link):
            return x, y
    return None


def _lone(canvas: Canvas, x: int, y: int, link: int) -> bool:
    """Cell ``(x, y)`` is a plain cell of the link's line, nothing of another beside it."""
    if canvas.kinds[y][x] != LINE or canvas.links[y][x] != (link,):
        return False
    return all(_alone(canvas, nx, y, link) for nx in (x - 1, x + 1))


def _alone(canvas: Canvas, x: int, y: int, link: int) -> bool:
    """Cell ``(x, y)`` is off the map, empty, or a plain part of ``link``'s own line."""
    if not 0 <= x < canvas.width:
        return True
    kind = canvas.kinds[y][x]
    return kind == EMPTY or (kind == LINE and canvas.links[y][x] == (link,))


HUB_MARK = "⌂"
"""A hub (the Hubs module), drawn beside its city's code with the owner's letter: ``BER⌂R``."""


def _place_hubs(canvas: Canvas, state: State, blocks: list[Block], liveries: list[Livery]) -> None:
    """Each hub as ``⌂`` and its owner's letter on the owner's colour, in the room the layout
    keeps right of every city's code when the Hubs module is on."""
    hubs = state.hubs
    if hubs is None:
        return
    for seat, cities in enumerate(hubs.cities):
        livery = liveries[seat]
        for city in cities:
            block = blocks[city]
            canvas.put(
                block.x + CODE_WIDTH, block.y, HUB_MARK + livery.letter, livery.badge, HUB, city
            )


def _place_name(
    canvas: Canvas, city: int, block: Block, kept: int | None, name: str, room: int
) -> None:
    """A city's name (in the player's language) where the layout kept ``room`` cells for it,
    beside its code (a name left of it ends next to it), else beside its code (and hub) where
    the cells are empty; otherwise none."""
    y = block.y
    if kept is not None and kept < block.x:
        kept += room - len(name)
    for x in (block.end + 2, block.x - 1 - len(name)) if kept is None else (kept,):
        if canvas.free(x - 1, y, len(name) + 2):
            canvas.put(x, y, name, DIM, NAME, city)
            canvas.names[city] = (x, y, name)
            return


Planes = tuple[tuple[int, ...], ...]
MapLook = tuple[Board, tuple[int, ...], Planes, Planes, tuple[Livery, ...]]
"""What the map draws of a state (``map_look``)."""


def map_look(state: State, liveries: list[Livery]) -> MapLook:
    """Everything of ``state`` that ``map_canvas`` draws, copied (the state changes in place): two
    states of the same look draw the same map. Whatever ``map_canvas`` comes to read of the
    state belongs here too (tests/tui/test_fast_widgets.py checks it over whole games)."""
    hubs = () if state.hubs is None else tuple(map(tuple, state.hubs.cities))
    planes = tuple(map(tuple, state.link_planes))
    return state.board, tuple(state.owner), planes, hubs, tuple(liveries)


class EuropeMap(Widget):
    """The board: every city and airlink, the owners and the planes.

    Drawn through the line API: the lines are made into strips once per state, size and
    highlight, so a repaint (a scroll, a resize of a neighbour, another panel's change) costs
    nothing here. ``render`` draws the same map as text, for a text selection.
    """

    DEFAULT_CSS = """
    EuropeMap { height: 1fr; min-height: 12; }
    """

    highlight: reactive[Highlight] = reactive(Highlight, repaint=False)
    """What the picker points at (``watch_highlight`` sends only the lines it changes)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state: State | None = None
        self.liveries: list[Livery] = []
        self._version = 0
        self._strips: tuple[Hashable, list[Strip]] | None = None
        self._lines: dict[LineKey, Strip] = {}
        self._making: tuple[int, int, bool] | None = None  # the layout a thread is making
        self._look: MapLook | None = None
        self._steady: tuple[Hashable, int] | None = None  # (window, height) laid out at

    def show(self, state: State, liveries: list[Livery]) -> None:
        look = map_look(state, liveries)
        self.state = state
        if look == self._look:
            return  # income, a card claimed, cash: nothing on the map changed
        self._look = look
        self.liveries = liveries
        self._version += 1
        self._refresh_changed()

    def watch_highlight(self) -> None:
        """A highlight on or off changes a few lines of the map (a link, its cities): only they
        are drawn again and sent, not the whole map (about 13 KB at 120x40)."""
        self._refresh_changed()

    def _refresh_changed(self) -> None:
        lines = self._changed_lines()
        if lines is None:
            self.refresh()
        elif lines:
            self.refresh(*lines)

    def _changed_lines(self) -> list[Region] | None:
        """The lines of the map a new state changes (drawn now), so that only they are sent to
        the terminal: none when the map shows the same. None: the whole map is to be drawn (the
        first time, or a size whose layout is still to come)."""
        drawn = self._strips
        if drawn is None or self.state is None or not self.fits() or not self._layout_ready():
            return None
        if self.text_selection is not None:
            return None
        before = drawn[1]
        after = self._map_strips()
        if len(before) != len(after):
            return None
        width = self.size.width
        pairs = enumerate(zip(before, after, strict=True))
        return [Region(0, y, width, 1) for y, (old, new) in pairs if old is not new]

    def drawn_size(self) -> tuple[int, int]:
        """The size the map is laid out and drawn at: its own, or the height it was laid out
        at before in the same window (``steady_height``); in a window new to it, the fewest
        rows its screen says it will get there (a game's ``least_map_rows``)."""
        width, height = self.size
        window, kept = self._window(), self._steady
        if kept is None or kept[0] != window:  # a new window: the least the screen will give
            least = getattr(self.screen, "least_map_rows", None) if self.is_attached else None
            kept = (window, least(height)) if callable(least) else kept
        return width, steady_height(kept, window, height)

    def _window(self) -> Hashable:
        try:
            return self.size.width, tuple(self.screen.size), self.screen.has_class("-zoom")
        except NoScreen:
            return None

    def on_resize(self) -> None:
        """The map's new size, once laid out: the height to keep (``drawn_size``)."""
        self._steady = (self._window(), self.drawn_size()[1])

    def fits(self) -> bool:
        """There is room to draw the map."""
        width, height = self.size
        return width >= 20 and height >= 8

    class LaidOut(Message):
        """The layout of the map's new size, made on a thread, is drawn."""

    def cramped(self) -> bool:
        """Whether the map, at its size, has an airlink with no way clear of the others, its
        line touching another end-on (False until its layout is made): a bigger one would
        not (``Z``)."""
        if self.state is None or not self.fits():
            return False
        width, height = self.drawn_size()
        made = cached_layout(self.state.board, width, height, self.state.hubs is not None)
        return made is not None and bool(made.loose)

    def render(self) -> Text:
        if self.state is None:
            return Text("")
        if not self.fits():
            return Text(_("(the map needs more room)"), style=DIM)
        width, height = self.drawn_size()
        lines = map_canvas(self.state, width, height, self.liveries, self.highlight).lines()
        return Text("\n", no_wrap=True).join(lines)

    def render_line(self, y: int) -> Strip:
        if self.state is None or not self.fits() or self.text_selection is not None:
            return super().render_line(y)
        if not self._layout_ready():
            return self._placeholder(y)
        strips = self._map_strips()
        if y < len(strips):
            return strips[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def _layout_ready(self) -> bool:
        """Whether this size's layout is made (in memory, or on disk: ``layout_cache``). A size
        laid out nowhere yet is made on a thread and the map drawn when it is done: in an app
        that shares its event loop with other players (``JetSetApp.shares_loop``: the SSH and
        browser servers) at once, so one player's resize never holds up everyone else; in the
        player's own app once the first frame is on the screen, so the game shows without
        waiting for the map (BENCHMARKS.md, "TUI")."""
        assert self.state is not None
        width, height = self.drawn_size()
        board, hubs = self.state.board, self.state.hubs is not None
        shares_loop = getattr(self.app, "shares_loop", None)
        if shares_loop is None:  # a plain Textual App in a test: laid out here
            return True
        if cached_layout(board, width, height, hubs) is not None:
            return True
        if self._making == (width, height, hubs):
            return False  # on its way
        if kept_layout(board, width, height, hubs) is not None:
            return True
        self._making = (width, height, hubs)
        if shares_loop:
            self._make_layout(board, width, height, hubs)
        else:
            self.call_after_refresh(self._make_layout, board, width, height, hubs)
        return False

    def layout_ready(self) -> bool:
        """Whether the map shows its lines (not the placeholder of a layout being made)."""
        return self.state is None or not self.fits() or self._layout_ready()

    def _placeholder(self, y: int) -> Strip:
        """A blank map with a word in its middle, while the layout is made."""
        width, height = self.size
        if y != height // 2:
            return Strip.blank(width, self.visual_style.rich_style)
        text = _("drawing the map…").center(width)[:width]
        return StripStyles(self).strip([(text, DIM)], width, y)

    @work(thread=True, group="map-layout")
    def _make_layout(self, board: Board, width: int, height: int, hubs: bool) -> None:
        layout(board, width, height, hubs)
        with contextlib.suppress(RuntimeError):  # the app closed while the thread worked
            self.app.call_from_thread(self._layout_made)

    def _layout_made(self) -> None:
        self._making = None
        self._strips = None
        self.refresh()
        self.post_message(self.LaidOut())

    def _map_strips(self) -> list[Strip]:
        """The map's lines as strips, drawn again only when what they show has changed."""
        key = (self._version, self.drawn_size(), self.highlight, self.visual_style)
        if self._strips is None or self._strips[0] != key:
            self._strips = key, self._draw_strips()
        return self._strips[1]

    def _draw_strips(self) -> list[Strip]:
        """Every line of the map, a line unchanged since the last drawing reused as it was."""
        assert self.state is not None
        width, height = self.drawn_size()
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


def steady_height(kept: tuple[Hashable, int] | None, window: Hashable, height: int) -> int:
    """The height to lay the map out at, given ``height`` rows: in the same ``window`` (its
    size, and whether Z gives the map all of it) the height it was laid out at (``kept``) while
    it has that room and at most ``STEADY_ROWS`` more. At 80×24 a box under the map (a picker,
    the coach's words, the log) changed its height several times a turn, and each height had a
    layout of its own: a play test saw the cities move. The rows below it stay blank."""
    if kept is not None and kept[0] == window and kept[1] <= height <= kept[1] + STEADY_ROWS:
        return kept[1]
    return height


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

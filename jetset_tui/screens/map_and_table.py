"""What the game screen and the replay viewer share: the map with the table panels (players, rows,
cards) beside it, or, under 100 columns, the map and the table in turn.

Both screens compose their table panels twice: beside the map (``#right``) and in the map's
column (``#stack``). The app's breakpoints give the screen ``-slim`` under 100 columns, where
jetset.tcss hides ``#right``; ``v`` (``action_table``) adds ``-table``, which shows ``#stack`` in
the map's place. Only the copy on screen is drawn (``shown_panels``). ``-low`` (under 30 rows)
and ``-short`` (under 40) draw the players in two lines each. ``Z`` (``action_zoom``) adds
``-zoom``: the map alone in the window's width and height but for the bars, where a cramped map
has room to draw every airlink clear and with its label.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen

from jetset_tui.breakpoints import breakpoint_classes
from jetset_tui.i18n import N_, _
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.log import NotationLog
from jetset_tui.widgets.map import EuropeMap
from jetset_tui.widgets.more_below import MoreBelow
from jetset_tui.widgets.too_small import TooSmall

TABLE_KEYS: list[BindingType] = [
    Binding("v", "table", N_("Table")),
    # wider than 100 columns the table is beside the map: there v says so (the screens list
    # both, since a screen's bindings of a key replace those its base class has for it)
    Binding("v", "table_beside", N_("Table"), show=False),
]
"""``v``: the table panels in the map's place under 100 columns, or the map again."""


class MapAndTableScreen(Screen[None]):
    """A screen with the map and the table panels; subclasses draw them in ``redraw``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("Z", "zoom", N_("Zoom the map"), key_display="Z", show=False),
    ]

    LOG_TITLE: ClassVar[str] = ""
    """What the log pane's title says of the screen's own keys (a message, translated here)."""

    def __init__(self) -> None:
        super().__init__(classes="guarded")
        self.add_class(*breakpoint_classes(self.app), update=False)  # not restyled when shown
        self._fitted: tuple[bool, ...] | None = None

    def redraw(self) -> None:
        """Draw the map and the shown table panels from the game (and call ``drawing``).

        Each screen defines it (``abc.abstractmethod`` would need ABCMeta, which Textual's
        widget metaclass rules out): the game screen syncs with its session, the viewer shows
        its position."""
        raise NotImplementedError(f"{type(self).__name__} draws its own table")

    def drawing(self) -> VerticalScroll:
        """Note the layout being drawn; the table panels to draw into."""
        self._fitted = self.layout_now()
        return self.shown_panels()

    def layout_now(self) -> tuple[bool, ...]:
        return (self.slim, self.has_class("-table"), self.short)

    @property
    def slim(self) -> bool:
        """Under 100 columns: no room beside the map."""
        return self.has_class("-slim")

    @property
    def short(self) -> bool:
        """Under 40 rows: the players panel draws each player in two lines."""
        return self.has_class("-short") or self.has_class("-low")

    def shown_panels(self) -> VerticalScroll:
        """The container of the table panels on screen (or to be, once the map gives way)."""
        stacked = self.slim and self.has_class("-table")
        return self.query_one("#stack" if stacked else "#right", VerticalScroll)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "table":
            return self.slim
        if action == "table_beside":
            return not self.slim
        return True

    def action_table(self) -> None:
        """Show the table panels in the map's place, or the map again."""
        self.toggle_class("-table")
        self.redraw()

    def action_table_beside(self) -> None:
        """``v`` where the table goes beside the map: the table again after ``Z`` (the map
        alone), else say where it is, rather than nothing."""
        if self.has_class("-zoom"):
            self.action_zoom()
            return
        self.notify(
            _("The table is beside the map: v shows it in the map's place under 100 columns."),
            timeout=4,
        )

    def action_zoom(self) -> None:
        """The map alone, as big as the window allows, or everything again."""
        self.toggle_class("-zoom")
        self.redraw()

    def action_scroll_table(self, pages: int) -> None:
        """Page the table panels on screen."""
        panel = self.shown_panels()
        panel.scroll_to(y=panel.scroll_y + pages * max(1, panel.size.height - 1), animate=False)

    def action_scroll_table_rows(self, rows: int) -> None:
        """Scroll the table panels on screen by ``rows`` (↑ ↓ where the table has the map's
        place: a play test found only PageUp and PageDown moved it)."""
        panel = self.shown_panels()
        panel.scroll_to(y=panel.scroll_y + rows, animate=False)

    def action_scroll_table_edge(self, end: bool) -> None:
        """Home and End: the table's top, or its bottom."""
        panel = self.shown_panels()
        panel.scroll_to(y=panel.max_scroll_y if end else 0, animate=False)

    def on_resize(self, _: Any) -> None:
        self.query_one(TooSmall).refresh()
        # Textual gives the screen its size classes after this handler: fit once they are set
        self.call_after_refresh(self.fit_to_size)

    def fit_to_size(self) -> None:
        """The footer's compact style and ``v`` when slim; a redraw when the layout changed."""
        if not self.query(KeyFooter):
            return  # the screen went meanwhile (a finished game gives way to its end at once)
        self.query_one(KeyFooter).set_compact(self.slim)
        self.refresh_bindings()
        if self.layout_now() != self._fitted:
            self.redraw()
        self.call_after_refresh(self.title_log)  # once the map has read its new size's layout
        self.call_after_refresh(self.follow_more_below)

    def follow_more_below(self) -> None:
        """Once the table is laid out anew: whether some of it is out of sight below."""
        for more in self.query(MoreBelow):
            more.follow()

    def title_log(self) -> None:
        """The log pane's title: the screen's own keys (``LOG_TITLE``), and where the map is
        too small to draw every airlink clear of the others, ``Z`` (the map alone)."""
        said = _(self.LOG_TITLE) if self.LOG_TITLE else ""
        maps, logs = self.query(EuropeMap), self.query(NotationLog)
        if not maps or not logs:  # the screen went meanwhile: an SSH player's `j` on a finished
            return  # game of theirs opened it and its end at once, and this ended the session
        if maps.first().cramped():
            zoom = _("Z: the whole map")
            said = _("{zoom} · {keys}").format(zoom=zoom, keys=said) if said else zoom
        log = logs.first()
        if log.border_title != said:
            log.border_title = said

    def on_europe_map_laid_out(self) -> None:
        self.title_log()

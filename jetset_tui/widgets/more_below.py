"""A line at the foot of a scrolled panel while some of it is out of sight below it."""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Static

from jetset_tui.i18n import _


class MoreBelow(Static):
    """Docked at the bottom of the panel it is in, shown while that panel has more below what
    it shows: a play test at 100x30 with the expansion never found their Final Flights and
    Business cards under the rows (only a scroll bar's thumb said there was more)."""

    DEFAULT_CSS = """
    MoreBelow { dock: bottom; height: 1; padding: 0 1; background: $panel; color: $text-muted;
                display: none; }
    """

    def on_mount(self) -> None:
        panel = self.parent
        if panel is None:
            return
        self.update(_("↓ more below: PgDn"))
        self.watch(panel, "scroll_y", self.follow, init=False)
        self.watch(panel, "virtual_size", self.follow, init=False)

    def follow(self) -> None:
        """Shown while the panel can scroll down a row or more, counted without this line's own
        row (shown, it takes one from the panel: a table that fitted would keep it for good)."""
        panel = self.parent
        if isinstance(panel, Widget) and self.is_attached:
            own = 1 if self.display else 0
            self.display = panel.max_scroll_y - own - panel.scroll_y >= 1

"""The whole log (``l`` in a game): every line of the game so far, whole, in the window, scrolled
with the keys; the log pane under the map shows only the last few."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from jetset_tui.i18n import N_, _
from jetset_tui.widgets.log import EntryWords, NotationLog


class ScrolledLog(NotationLog, can_focus=True):
    """The log pane's lines, scrolled by the keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "scroll_up", N_("Up"), show=False),
        Binding("down,j", "scroll_down", N_("Down"), show=False),
        Binding("pageup,b", "page_up", N_("Page up"), show=False),
        Binding("pagedown,space", "page_down", N_("Page down"), show=False),
        Binding("home,g", "scroll_home", N_("First line"), show=False),
        Binding("end,G", "scroll_end", N_("Last line"), show=False),
    ]


class LogScreen(ModalScreen[None]):
    """Every line of the log up to now, the last one in view first; Esc (or ``l``) closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,l,q", "close", N_("Close"))]
    DEFAULT_CSS = """
    LogScreen { align: center middle; }
    LogScreen #whole-log {
        width: 100; max-width: 96%; height: 90%; border: round $accent; background: $surface;
    }
    LogScreen ScrolledLog { border-top: none; }
    LogScreen #whole-log-keys { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, words: EntryWords, lines: Sequence[Text]) -> None:
        super().__init__()
        self.words = words
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        with Vertical(id="whole-log") as box:
            box.border_title = _("The game so far")
            log = ScrolledLog(self.words, id="whole-log-lines")
            log.write(self.lines)
            yield log
            yield Static(
                _("↑↓ PgUp PgDn Home End: scroll · Esc: back to the game"),
                id="whole-log-keys",
                markup=False,
            )

    def on_mount(self) -> None:
        self.query_one(ScrolledLog).focus()

    def action_close(self) -> None:
        self.dismiss(None)

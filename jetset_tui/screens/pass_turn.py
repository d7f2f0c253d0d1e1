"""Hot-seat: the screen between two humans' turns, hiding the table and its secrets."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from jetset_tui.describe import seat_badge
from jetset_tui.i18n import N_, _
from jetset_tui.theme import Livery


class PassScreen(Screen[bool]):
    """ "Pass to <name>": nothing of the game shows until they press Enter (True). With
    ``undo_by``, the player who just moved may still take it back with z (False). With
    ``leave``, q leaves the table for the menu from here, its secrets still hidden."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", N_("I am ready"), priority=True),
        Binding("z,ctrl+z", "take_back", N_("Take my move back")),
        Binding("q", "leave", N_("Menu")),
    ]
    DEFAULT_CSS = """
    PassScreen { align: center middle; }
    PassScreen Static { width: 60; height: auto; border: heavy $accent; padding: 1 2; }
    """

    def __init__(
        self,
        name: str,
        livery: Livery,
        undo_by: str | None = None,
        done: Callable[[bool], None] | None = None,
        secret: str | None = None,
        leave: Callable[[], Awaitable[None] | None] | None = None,
        reason: str | None = None,
    ) -> None:
        """``done``: called with True as Enter is pressed, or False as z takes the last move
        back, before this screen goes (so that a key typed right after Enter already finds the
        table handed over). ``secret``: what the others must not see (default: Jet Set's).
        ``leave``: the table's own q, for a game saved at this keyboard (back to the menu; Load
        continues it, with this hand-off first). ``reason``: why the keyboard goes to them
        when it is not simply their turn (a question to answer)."""
        super().__init__()
        self.player = name
        self.livery = livery
        self.undo_by = undo_by
        self.done = done
        self.secret = secret
        self.leave = leave
        self.reason = reason

    def compose(self) -> ComposeResult:
        text = Text(justify="center")
        text.append(_("Pass the keyboard to") + "\n\n")
        text.append_text(seat_badge(self.livery, self.player))
        if self.reason:
            text.append("\n\n" + self.reason, style="bold")
        secret = self.secret or _("Everyone else, look away: their Final Flights are secret.")
        text.append("\n\n" + secret + "\n\n")
        ready = _("{name}: press Enter when you are ready.").format(name=self.player)
        text.append(ready, style="bold")
        if self.undo_by is not None:
            undo = _("{name}: z takes your move back.").format(name=self.undo_by)
            text.append(f"\n\n{undo}")
        if self.leave is not None:
            later = _("q: stop here, back to the menu (the game is saved).")
            text.append(f"\n\n{later}", style="dim")

        yield Static(text, id="pass-message")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.undo_by is not None
        if action == "leave":
            return self.leave is not None
        return True

    def action_ready(self) -> None:
        self._leave(True)

    def action_take_back(self) -> None:
        self._leave(False)

    async def action_leave(self) -> None:
        """q: this screen goes without handing the table over, then the table's own q."""
        leave = self.leave
        if leave is None:
            return
        self.app.pop_screen()
        left = leave()
        if inspect.isawaitable(left):
            await left

    def _leave(self, ready: bool) -> None:
        if self.done is not None:
            self.done(ready)
        self.dismiss(ready)

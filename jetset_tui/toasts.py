"""Notices that leave nothing behind when they go (textual 8.2).

Textual stacks its notices ("toasts") from the bottom of the screen up. Once there are more than
the screen can hold (a flurry of chat lines, or the "A bot played for you" notices of a quick turn
clock), the ones that expire are no longer painted over: their text, and whatever the screen
showed beside them before it changed, stays on the terminal until something else repaints those
cells. So each expiry repaints the whole screen, once it has taken the notice away. This borrows
``App._unnotify``, Textual's private hook for a notice going
(``tests/tui/test_toasts_terminal.py`` fails if it stops being called).
"""

from __future__ import annotations

from typing import TypeVar

from textual.app import App, ScreenStackError
from textual.notifications import Notification

ReturnType = TypeVar("ReturnType")


class ToastsRepainted(App[ReturnType]):
    """An app whose expired notices are painted over, however many there were."""

    def _unnotify(self, notification: Notification, refresh: bool = True) -> None:
        super()._unnotify(notification, refresh)
        self.call_after_refresh(self._repaint_screen)

    def _repaint_screen(self) -> None:
        try:
            screen = self.screen
        except ScreenStackError:  # the app is closing
            return
        screen.refresh()

"""Textual's footer, recomposed only when the keys it shows actually change.

The stock footer rebuilds all its key widgets whenever the bindings *might* have changed (every
focus change, every ``refresh_bindings``); a game redraws after every move, so that would cost a
full rebuild per move.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class KeyFooter(Footer):
    """The footer key hints."""

    def __init__(self) -> None:
        super().__init__()
        self._shown: tuple[tuple[str, str, bool], ...] | None = None

    def shown_keys(self, screen: Screen[object]) -> tuple[tuple[str, str, bool], ...]:
        return tuple(
            (binding.key, binding.description, enabled)
            for _, binding, enabled, _ in screen.active_bindings.values()
            if binding.show
        )

    def bindings_changed(self, screen: Screen[object]) -> None:
        keys = self.shown_keys(screen)
        if keys == self._shown and self._bindings_ready:
            return
        self._shown = keys
        super().bindings_changed(screen)

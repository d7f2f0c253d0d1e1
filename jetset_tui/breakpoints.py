"""The breakpoint classes a screen gets at the terminal's size (Textual's ``-wide``, ``-tall``…)."""

from __future__ import annotations

from textual.app import App


def breakpoint_classes(app: App[object]) -> list[str]:
    """The breakpoint classes Textual will give a screen at the terminal's size now. A screen
    built with them is not restyled, widget by widget, as soon as it is shown."""
    width, height = app.size
    return _breakpoint(width, app.HORIZONTAL_BREAKPOINTS) + _breakpoint(
        height, app.VERTICAL_BREAKPOINTS
    )


def _breakpoint(size: int, breakpoints: list[tuple[int, str]] | None) -> list[str]:
    """The class of the largest breakpoint ``size`` reaches, as Textual picks it."""
    for at, name in sorted(breakpoints or [], reverse=True):
        if size >= at:
            return [name]
    return []

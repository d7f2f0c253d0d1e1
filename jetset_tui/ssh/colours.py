"""Colours per SSH session: what the client's terminal can show, and a filter that gets there.

Textual keeps the colour system in the app's console and caches each style's escape codes on the
(process-wide, shared) Rich style objects, so two sessions cannot render the same style with two
colour systems. Every SSH app therefore renders in truecolor, and a session whose terminal has
fewer colours gets a line filter that swaps each style for one with its colours reduced first.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter

SYSTEMS = {
    "truecolor": ColorSystem.TRUECOLOR,
    "256": ColorSystem.EIGHT_BIT,
    "16": ColorSystem.STANDARD,
}


def colour_depth(term: str, env: Mapping[str, str]) -> str:
    """``truecolor``, ``256`` or ``16`` for a client's TERM and environment (COLORTERM)."""
    if env.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
        return "truecolor"
    low = term.lower()
    if "direct" in low or "truecolor" in low:
        return "truecolor"
    if "256" in low:
        return "256"
    return "16"


@lru_cache(4096)
def reduced_style(style: Style, system: ColorSystem) -> Style:
    """``style`` with its colours reduced to ``system``."""
    color, bgcolor = style.color, style.bgcolor
    new_color = color.downgrade(system) if color is not None else None
    new_bg = bgcolor.downgrade(system) if bgcolor is not None else None
    if new_color is color and new_bg is bgcolor:
        return style
    return style + Style.from_color(new_color, new_bg)


class ReduceColours(LineFilter):
    """Reduce every colour to a terminal's colour system (256 or 16 colours)."""

    def __init__(self, depth: str) -> None:
        super().__init__(enabled=depth != "truecolor")
        self.system = SYSTEMS[depth]

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        system = self.system
        return [
            Segment(text, None if style is None else reduced_style(style, system), None)
            for text, style, _ in segments
        ]

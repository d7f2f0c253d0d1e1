"""The turn clock as every game's turn line shows it: the time left to decide before a bot
moves (a LAN play test's Jet Lag table showed none, though its clock ran)."""

from __future__ import annotations

from rich.text import Text


def clock_text(seconds: float) -> Text:
    """`` ◷ 0:41 ``, red from ten seconds left."""
    whole = max(0, int(seconds + 0.999))
    style = "bold black on #ff7b72" if whole <= 10 else "bold black on #8b949e"
    return Text(f" ◷ {whole // 60}:{whole % 60:02d} ", style=style)

"""The message shown instead of a broken layout when the terminal is too small."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from jetset_tui.i18n import _


class TooSmall(Static):
    """Hidden unless the screen has the ``-too-narrow`` or ``-too-short`` class. ``game``: the
    title of the game on screen (Jet Lag's screens say theirs)."""

    def __init__(self, game: str = "Jet Set") -> None:
        super().__init__()
        self.game = game

    DEFAULT_CSS = """
    TooSmall { display: none; width: 1fr; height: 1fr; content-align: center middle; }
    """

    def render(self) -> Text:
        app = self.app
        width, height = app.size
        least = smallest_size(app.HORIZONTAL_BREAKPOINTS), smallest_size(app.VERTICAL_BREAKPOINTS)
        text = Text(justify="center")
        needs = _("{game} needs at least {width}×{height} characters;")
        if getattr(app, "IN_BROWSER", False):  # a browser's player has no terminal to resize
            text.append("✈  " + _("Make the window larger") + "\n\n", style="bold")
            text.append(needs.format(game=self.game, width=least[0], height=least[1]) + "\n")
            text.append(_("this window holds {width}×{height}.").format(width=width, height=height))
            text.append("\n" + _("Widen the window, or zoom out (Ctrl and −):\nthe game waits."))
            return text
        text.append("✈  " + _("Make the terminal larger") + "\n\n", style="bold")
        text.append(needs.format(game=self.game, width=least[0], height=least[1]) + "\n")
        text.append(_("this terminal is {width}×{height}.").format(width=width, height=height))
        text.append("\n" + _("Resize the window or make the font smaller:\nthe game waits."))

        return text


def smallest_size(breakpoints: list[tuple[int, str]] | None) -> int:
    """Where the app's first breakpoint above ``-too-narrow`` / ``-too-short`` begins."""
    return min((at for at, _ in breakpoints or [] if at > 0), default=0)

"""F1: the rules in brief, the keys, and how to read the map, in the player's language
(jetset_tui/help/<language>.md)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen

from jetset_tui.i18n import SOURCE_LANGUAGE, current_language, offered
from jetset_tui.widgets.kept_markdown import KeptMarkdown

HELP_DIR = Path(__file__).resolve().parent.parent / "help"
"""One markdown page per language, ``<language>.md`` (English is ``en.md``)."""


def help_page(language: str | None = None, game: str = "") -> str:
    """The F1 page in ``language`` (default: the current one), else in English; ``game``: the
    page of another game than Jet Set (``jetlag``: ``jetlag-<language>.md``)."""
    prefix = f"{game}-" if game else ""
    page = HELP_DIR / f"{prefix}{offered(language or current_language())}.md"
    if not page.is_file():
        page = HELP_DIR / f"{prefix}{SOURCE_LANGUAGE}.md"
    return page.read_text(encoding="utf-8")


def without_tutorial(page: str) -> str:
    """The page without its paragraph on the tutorial, for a player who has none (over SSH or
    in a browser: the start screen and ``jetset tutorial`` are the terminal app's)."""
    paragraphs = page.split("\n\n")
    return "\n\n".join(p for p in paragraphs if "`jetset tutorial`" not in p)


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f1,q", "close", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen VerticalScroll {
        width: 100; max-width: 96%; height: 90%; border: round $accent; background: $surface;
    }
    """

    def __init__(self, game: str = "") -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        page = help_page(game=self.game)
        if not getattr(self.app, "HAS_TUTORIAL", True):
            page = without_tutorial(page)
        with VerticalScroll():
            yield KeptMarkdown(page, id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)

"""The command palette's "Keys" panel in the player's language.

Textual's ``HelpPanel`` lists the focused screen's keys with each binding's description as it
was written: in English here, where bindings are marked with ``N_`` and said through ``_`` as
they are shown (the footer does so). This panel is Textual's, its table's words translated as it
draws them; Textual's own widgets' keys ("Focus Next", "Copy selected text") are in the catalogs
too (``textual_words.KEY_PANEL``)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import HelpPanel, KeyPanel, Markdown
from textual.widgets._key_panel import BindingsTable

from jetset_tui.i18n import _


def translated_cell(cell: object) -> object:
    """A description cell of the keys table in the player's language: its description, and
    its tooltip after it (dim, a span of its own), each translated, their styles kept."""
    if not isinstance(cell, Text) or not cell.plain:
        return cell
    offsets = sorted({span.start for span in cell.spans} | {span.end for span in cell.spans})
    said = Text(style=cell.style, end=cell.end)
    for piece in cell.divide(offsets):
        words = piece.plain.strip()
        style = piece.spans[0].style if piece.spans else ""
        said.append(piece.plain.replace(words, _(words)) if words else piece.plain, style)
    return said


class KeysTable(BindingsTable):
    """Textual's table of keys, their descriptions translated."""

    def render_bindings_table(self) -> Table:
        table = super().render_bindings_table()
        if len(table.columns) > 1:
            column = table.columns[1]
            column._cells = [translated_cell(cell) for cell in column._cells]  # type: ignore[misc]
        return table


class KeysOfTheScreen(KeyPanel):
    """Textual's ``KeyPanel`` with :class:`KeysTable`."""

    def compose(self) -> ComposeResult:
        yield KeysTable(shrink=True, expand=False)


class KeysHelp(HelpPanel):
    """The "Keys" panel (``App.action_show_help_panel``), in the player's language."""

    def compose(self) -> ComposeResult:
        yield Markdown(id="widget-help")
        yield KeysOfTheScreen(id="keys-help")

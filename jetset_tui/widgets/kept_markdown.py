"""A Markdown page whose no-break spaces hold: the F1 page in Italian writes ``5 €`` with one
(docs/translating.md), but Textual's Markdown turns every blank of a text into a space, so its
rows would break there (``5`` at a row's end, ``€`` on the next). ``KeptMarkdown`` hands the
page to Textual with each no-break space held as ``HELD`` (not a blank), and each block puts
it back in the text it shows, where ``keep_no_break_spaces`` keeps it from breaking a row."""

from __future__ import annotations

from functools import cache

from textual.content import Content
from textual.widgets.markdown import Markdown, MarkdownBlock

from jetset_tui.widgets.wrap import HELD, KEEP


class KeptMarkdown(Markdown):
    """Textual's Markdown of ``markdown``, its no-break spaces kept."""

    def __init__(self, markdown: str, *, id: str | None = None) -> None:
        super().__init__(markdown.replace(KEEP, HELD), id=id)

    def get_block_class(self, block_name: str) -> type[MarkdownBlock]:
        return keeping(super().get_block_class(block_name))


class KeepsNoBreak(MarkdownBlock):
    """A block that shows each ``HELD`` of its text as the no-break space it stands for."""

    def set_content(self, content: Content) -> None:
        super().set_content(Content(content.plain.replace(HELD, KEEP), spans=list(content.spans)))


@cache
def keeping(block: type[MarkdownBlock]) -> type[MarkdownBlock]:
    """``block`` (a paragraph, a table cell …) as a ``KeepsNoBreak``, under its own name and
    with ``block`` first among its bases: Textual styles a widget by the classes it finds
    following each class's first base."""
    return type(block.__name__, (block, KeepsNoBreak), {"__module__": __name__})

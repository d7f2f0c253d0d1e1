"""Textual's own words that a player sees: the command palette's stock commands and its search
field, the footer's keys of Textual's own widgets ("Dismiss menu" while a drop-down list is
open, "palette") and the name of the space key. Textual writes them in English; they are marked
here so that the catalogs translate them, and said through ``_`` where they are shown."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from textual.app import SystemCommand

from jetset_tui.i18n import N_, _

STOCK_COMMANDS = (
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Hide the keys and widget help panel"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
)
"""The titles and help lines of ``App.get_system_commands``."""

REMOTE_HIDDEN_COMMANDS = frozenset({"Screenshot", "Back to the menu"})
"""The palette's commands a player over SSH or in a browser does not get: a screenshot would be
written on the server, and their game has no menu to go back to."""


def remote_commands(commands: Iterable[SystemCommand]) -> Iterator[SystemCommand]:
    """``commands`` (translated) without ``REMOTE_HIDDEN_COMMANDS``: the SSH and browser apps'."""
    hidden = {_(title) for title in REMOTE_HIDDEN_COMMANDS}
    return (command for command in commands if command.title not in hidden)


FOOTER_KEYS = (N_("palette"), N_("Open the command palette"), N_("Dismiss menu"))
"""Descriptions and tooltips of Textual's bindings that the footer shows (it says them with
``_``): the command palette's key, and Escape on an open ``Select``."""

SEARCH_COMMANDS = N_("Search for commands…")
"""The command palette's search field, empty."""

KEY_WORDS = (N_("space"),)
"""Textual's names for keys that are words, as the footer shows them (the others are symbols or
the same in every language: ⏎, esc, ^s, f1)."""


KEY_PANEL = (
    # Screen's and App's
    *(N_("Copy selected text"), N_("Focus Next"), N_("Focus Previous"), N_("Quit")),
    # the scrolling containers' (VerticalScroll, RichLog, Log)
    *(N_("Scroll Up"), N_("Scroll Down"), N_("Scroll Left"), N_("Scroll Right")),
    *(N_("Scroll Home"), N_("Scroll End"), N_("Page Up"), N_("Page Down")),
    *(N_("Page Left"), N_("Page Right")),
    # OptionList's (the pickers, a Select's menu) and a Select's own
    *(N_("Up"), N_("Down"), N_("First"), N_("Last"), N_("Select"), N_("Show menu")),
    # Input's (the command line, a name, a seat code, the chat line)
    *(N_("Move cursor left"), N_("Move cursor left and select"), N_("Move cursor left a word")),
    *(N_("Move cursor left a word and select"), N_("Move cursor right and select")),
    N_("Move cursor right or accept the completion suggestion"),
    *(N_("Move cursor right a word"), N_("Move cursor right a word and select")),
    *(N_("Go to start"), N_("Select line start"), N_("Go to end"), N_("Select line end")),
    *(N_("Delete character left"), N_("Delete left to start of word")),
    *(N_("Delete all to the left"), N_("Delete character right")),
    *(N_("Delete right to start of word"), N_("Delete all to the right"), N_("Submit")),
    *(N_("Cut selected text"), N_("Paste text from the clipboard"), N_("Select all")),
    # Button's, Checkbox's, DataTable's
    *(N_("Press button"), N_("Toggle"), N_("Cursor up"), N_("Cursor down")),
    *(N_("Cursor left"), N_("Cursor right"), N_("Page up"), N_("Page down")),
    *(N_("Top"), N_("Bottom"), N_("Home"), N_("End")),
)
"""The descriptions of the keys of Textual's widgets that the app uses, which the palette's
"Keys" panel lists (``widgets/keys_panel.py`` says them with ``_``)."""

TEXTUAL_WIDGETS_IN_USE = (
    "Button", "Checkbox", "DataTable", "Input", "Log", "OptionList", "RichLog", "Select",
    "VerticalScroll",
)  # fmt: skip
"""The Textual widgets (``textual.widgets``, ``textual.containers``) whose keys ``KEY_PANEL``
holds: a test checks it against their bindings, so a Textual upgrade that adds a key says so."""


def translated(command: SystemCommand) -> SystemCommand:
    """A stock command with its title and help in the player's language."""
    return command._replace(title=_(command.title), help=_(command.help))


def key_word(display: str) -> str:
    """A key as the footer shows it, in the player's language where it is a word ("spazio")."""
    return _(display) if display in KEY_WORDS else display

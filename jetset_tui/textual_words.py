"""Textual's own words that a player sees: the command palette's stock commands and its search
field, the footer's keys of Textual's own widgets ("Dismiss menu" while a drop-down list is
open, "palette") and the name of the space key. Textual writes them in English; they are marked
here so that the catalogs translate them, and said through ``_`` where they are shown."""

from __future__ import annotations

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

FOOTER_KEYS = (N_("palette"), N_("Open the command palette"), N_("Dismiss menu"))
"""Descriptions and tooltips of Textual's bindings that the footer shows (it says them with
``_``): the command palette's key, and Escape on an open ``Select``."""

SEARCH_COMMANDS = N_("Search for commands…")
"""The command palette's search field, empty."""

KEY_WORDS = (N_("space"),)
"""Textual's names for keys that are words, as the footer shows them (the others are symbols or
the same in every language: ⏎, esc, ^s, f1)."""


def translated(command: SystemCommand) -> SystemCommand:
    """A stock command with its title and help in the player's language."""
    return command._replace(title=_(command.title), help=_(command.help))


def key_word(display: str) -> str:
    """A key as the footer shows it, in the player's language where it is a word ("spazio")."""
    return _(display) if display in KEY_WORDS else display

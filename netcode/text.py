"""Text from the network is text: what a peer prints of a name, a chat line or a host's message.

A host (or, through it, another peer) chooses every character of the names, chat and error
messages a peer shows. ``printable`` turns the characters a terminal would act on into visible
escapes, so nothing from the network can move the cursor, clear the screen, set the window
title, write the clipboard (OSC 52) or reorder the line (bidirectional overrides). Ordinary
Unicode (accents, CJK, emoji and their joiners) is kept as it is. Markup is another matter: a
Rich/Textual widget must be given such text as ``rich.text.Text``, never as a markup string.
"""

from __future__ import annotations

import unicodedata

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Characters that reorder how the rest of a line is displayed (Unicode's bidi controls)."""

UNSAFE_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
"""Controls (C0, DEL, C1), lone surrogates, and line and paragraph separators."""


def escape_char(char: str) -> str:
    """``\\x1b`` for a character below 256, ``\\u202e`` (or ``\\U000e0001``) above."""
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def unsafe(char: str) -> bool:
    """A character a terminal acts on, or one that reorders or breaks the line."""
    return char in BIDI_CONTROLS or unicodedata.category(char) in UNSAFE_CATEGORIES


def printable(text: str) -> str:
    """``text`` with every control, escape and bidi character shown as a visible escape.

    The result holds no character a terminal acts on; text that is already safe comes back
    unchanged (so applying it twice changes nothing more).
    """
    if text.isprintable():
        return text
    return "".join(escape_char(c) if unsafe(c) else c for c in text)

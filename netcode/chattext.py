"""What a chat line may be, the table's and the lobby's (docs/security.md): text from the
network is text, one line of it, never drawn as nothing, never a tower of accents."""

from __future__ import annotations

from typing import Final

from netcode.names import JOINER, invisible, marked

MARKS_ON_A_LETTER: Final = 4
"""Combining marks kept on one character of a chat line (Vietnamese stacks two; a red team's
hundred accents on one letter drew a tall block over the lines above)."""


def said_line(text: str) -> str:
    """A chat line: one line, not empty nor drawn as nothing (an empty one would show as a
    blank line, as a red team's line of Hangul fillers did), printable but for emoji's joiners
    (a play test's "👨‍👩‍👧 family" was refused as malformed; names keep refusing them), with at
    most ``MARKS_ON_A_LETTER`` marks on a character (the rest left out). ValueError otherwise."""
    text = " ".join(text.split())
    if not text or not text.replace(JOINER, "").isprintable():
        raise ValueError("not printable")
    if all(invisible(char) for char in text.replace(" ", "")):
        raise ValueError("blank")
    return few_marks(text)


def few_marks(text: str) -> str:
    """``text`` with at most ``MARKS_ON_A_LETTER`` combining marks in a row."""
    kept: list[str] = []
    run = 0
    for char in text:
        run = run + 1 if marked(char) else 0
        if run <= MARKS_ON_A_LETTER:
            kept.append(char)
    return "".join(kept)

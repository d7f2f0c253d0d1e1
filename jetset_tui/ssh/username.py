"""The name an SSH player goes by, from the user name they connect with (``ssh émile@host``):
its letters kept, in any alphabet (Unicode letters, NFKC, so ``é`` typed either way is one
name, and a compatibility form is its plain letters: a full-width or mathematical alice is
``alice``, a ligature that draws a whole phrase as one wide character is that phrase's letters),
ASCII digits and ``. _ -``; controls, invisible and other characters left out, and at most
``NAME_MAX`` characters. What was changed is said to the player (``name_changes``); a name that
mixes Latin, Cyrillic or Greek letters (``pаypal`` with a Cyrillic ``а``) is refused, since its
letters can pass for another's (netcode/names.py tells look-alike names apart at a table)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from jetset_tui.i18n import _
from netcode.names import invisible

NAME_MAX = 16
"""The characters of a name, at most (docs/security.md)."""
MARKS_IN_A_ROW = 2
"""Combining marks kept after a letter (the accents a script needs; not a tower of them)."""
PUNCTUATION = "._-"
LOOK_ALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK"})
"""Alphabets whose letters pass for each other's (netcode/names.py ``LOOK_ALIKE``)."""
NOBODY = "player"
"""The name of someone whose user name keeps no character."""


@dataclass(frozen=True)
class UserName:
    """A user name made a player's name: ``name``, and what was changed on the way."""

    name: str
    cut: bool = False
    """Longer than ``NAME_MAX`` characters: cut."""
    dropped: bool = False
    """Characters a name cannot have were left out."""
    mixed: bool = False
    """Latin, Cyrillic or Greek letters mixed: refused."""
    empty: bool = False
    """No character a name can have: the name is ``NOBODY``'s."""


def user_name(typed: str) -> UserName:
    """The player's name for the SSH user name ``typed``."""
    text = unicodedata.normalize("NFKC", typed)
    kept = kept_characters(text)
    name = kept[:NAME_MAX] or NOBODY
    return UserName(
        name,
        cut=len(kept) > NAME_MAX,
        dropped=len(kept) < len(text),
        mixed=len(scripts(kept) & LOOK_ALIKE_SCRIPTS) > 1,
        empty=not kept,
    )


def clean_name(typed: str) -> str:
    """The player's name for the user name ``typed`` (what ``user_name`` keeps)."""
    return user_name(typed).name


def kept_characters(text: str) -> str:
    """``text``'s letters, ASCII digits and ``. _ -``, with the marks that follow a letter."""
    kept: list[str] = []
    marks = 0
    for char in text:
        kind = unicodedata.category(char)
        if invisible(char):  # a Hangul filler is a letter drawn as nothing
            continue
        if kind.startswith("L") or char in PUNCTUATION or char in "0123456789":
            kept.append(char)
            marks = 0
        elif kind.startswith("M") and kept and kept[-1].isalpha() and marks < MARKS_IN_A_ROW:
            kept.append(char)
            marks += 1
    return "".join(kept)


def scripts(name: str) -> set[str]:
    """The alphabets of ``name``'s letters, as Unicode names them (``LATIN``, ``CYRILLIC``…)."""
    return {unicodedata.name(c, "?").split(" ")[0] for c in name if c.isalpha()}


def name_changes(said: UserName) -> str | None:
    """What the lobby tells a player whose user name was changed (None: it was not)."""
    if said.cut:
        return _("Your name is cut to {n} characters: {name}.").format(n=NAME_MAX, name=said.name)
    if said.dropped:
        return _(
            "Your name keeps only letters, digits and . _ -; the lobby calls you {name}."
        ).format(name=said.name)
    return None


def mixed_refusal() -> str:
    """Why a name that mixes look-alike alphabets is refused, and what to do."""
    return _(
        "Your name mixes Latin, Cyrillic or Greek letters, which others could take for"
        " someone else's name: connect with a name in one alphabet."
    )


def nameless_refusal() -> str:
    """Why a name of no letter or digit is refused where players are known by name (``--open``:
    it would be ``NOBODY``'s, a name every such player would share), and what to do."""
    return _(
        "Your name has no letter or digit, and this server knows its players by name:"
        " connect with a name, as in ssh NAME@host."
    )


def name_refusal(given: UserName, *, known_by_name: bool) -> Callable[[], str] | None:
    """Why the lobby turns away a player whose user name gave ``given``, in the current
    language when called (None: it lets them in): a name that mixes look-alike alphabets always;
    one of no letter or digit where the server knows players by name (``--open``, a browser's),
    not where a key says who they are."""
    if given.mixed:
        return mixed_refusal
    if given.empty and known_by_name:
        return nameless_refusal
    return None

"""Players' names that others can tell apart (docs/security.md, "Names at a table").

A name is chosen by whoever connects, so it can be made to look like another's: ``alice`` beside
``Alice``, a Cyrillic ``А`` for a Latin ``A``, an invisible character inside (``Ali\\u200bce``).
A seat is never taken by name (only by its token), but the table shows names, so two that look
alike must not sit together: ``seat_name`` drops what cannot be seen and ``look_alike`` says when
two names would read the same; the host then gives the newcomer's name a number (``alice-2``).
"""

from __future__ import annotations

import unicodedata

INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn"})
"""Controls, format characters (zero-width spaces and joiners, bidirectional marks), private and
unassigned code points: nothing a reader can tell apart by eye."""

JOINER = "\u200d"
"""The zero-width joiner, kept in a shown name where emoji need it (never in the key)."""

LOOK_ALIKE = str.maketrans(
    {
        # Cyrillic letters drawn like Latin ones (after casefold)
        "а": "a",
        "в": "b",
        "с": "c",
        "е": "e",
        "ё": "e",
        "һ": "h",
        "і": "i",
        "ї": "i",
        "ј": "j",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "ѕ": "s",
        "т": "t",
        "у": "y",
        "х": "x",
        "ԁ": "d",
        "ԛ": "q",
        "ԝ": "w",
        # Greek
        "α": "a",
        "β": "b",
        "ε": "e",
        "η": "n",
        "ι": "i",
        "κ": "k",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        # Latin and digits that many terminal fonts draw alike
        "ı": "i",
        "l": "i",
        "1": "i",
        "|": "i",
        "0": "o",
        "5": "s",
        "_": "-",
    }
)


def seat_name(name: str) -> str:
    """``name`` as a table shows it: compatibility forms folded (NFKC: a full-width ``Ａ`` is
    ``A``), invisible characters dropped, any run of spaces one space, no space at either end."""
    folded = unicodedata.normalize("NFKC", name)
    seen = "".join(c for c in folded if c == JOINER or not invisible(c))
    return " ".join(seen.split())


def invisible(char: str) -> bool:
    """``char`` shows nothing a reader could tell apart by eye."""
    return unicodedata.category(char) in INVISIBLE_CATEGORIES


def look_alike_key(name: str) -> str:
    """What ``name`` looks like to a reader: two names with the same key read the same."""
    bare = unicodedata.normalize("NFKD", seat_name(name).casefold())
    letters = "".join(c for c in bare if not (unicodedata.combining(c) or invisible(c)))
    return letters.translate(LOOK_ALIKE)


def look_alike(a: str, b: str) -> bool:
    """``a`` and ``b`` would read the same at a table (case, accents, look-alike letters and
    invisible characters aside)."""
    return look_alike_key(a) == look_alike_key(b)

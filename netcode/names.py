"""Players' names that others can tell apart (docs/security.md, "Names at a table").

A name is chosen by whoever connects, so it can be made to look like another's: ``alice`` beside
``Alice``, a Cyrillic ``А`` for a Latin ``A``, an invisible character inside (``Ali\\u200bce``).
A seat is never taken by name (only by its token), but the table shows names, so two that look
alike must not sit together: ``seat_name`` drops what cannot be seen and ``look_alike`` says when
two names would read the same; the host then gives the newcomer's name a number (``alice-2``).

Two names read the same when they have the same key: case folded, accents taken off, and every
character replaced by the one Unicode's confusables table (UTS #39, "Unicode Security
Mechanisms", section 4: the characters it gives one skeleton) stands it for, until nothing
changes; small capitals read as their letters, and a few pairs terminal fonts draw alike
(``LOOK_ALIKE``) as one. The table is read from the ``confusable_homoglyphs`` package's copy.
"""

from __future__ import annotations

import functools
import importlib.resources
import json
import re
import unicodedata

INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn"})
"""Controls, format characters (zero-width spaces and joiners, bidirectional marks), private and
unassigned code points: nothing a reader can tell apart by eye."""

DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): drawn as nothing
whatever their category, such as the Hangul fillers (letters, ``Lo``), the variation selectors
and the combining grapheme joiner (marks that combine with nothing, ``Mn``)."""

BLANK = frozenset({"\u2800", "\U0001d159"})
"""Characters drawn as an empty cell that are none of the above (the blank Braille pattern, the
musical null notehead)."""

SMALL_CAPITAL = "LETTER SMALL CAPITAL "
"""What the Unicode names of small capitals say before their letter (``ᴀ``: LATIN LETTER SMALL
CAPITAL A): each reads as its letter."""

LATIN_WITH = re.compile(r"LATIN (?:SMALL |CAPITAL )?LETTER ([A-Z]) WITH ")
"""The Unicode name of a Latin letter with a hook, a belt, a curl or a stroke that does not
decompose (``ɬ``: LATIN SMALL LETTER L WITH BELT): each reads as its letter."""

KEY_ROUNDS = 4
"""Most rounds of folding and replacing a key takes (each round's output is the next one's input;
a name is usually stable after the first)."""

JOINER = "\u200d"
"""The zero-width joiner, kept in a shown name where emoji need it (never in the key)."""

EMOJI_STYLE = "\ufe0f"
"""Variation selector 16, kept in a shown name after a symbol (``❤️``; never in the key)."""

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
        "ĸ": "k",  # kra, what the confusables table makes of к and κ
        "ƅ": "b",  # tone six, what it makes of ь
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
        "ς": "c",  # final sigma (what NFKC makes of the lunate ϲ), before case makes it σ
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
    ``A``), invisible characters dropped (but the joiner and emoji style where emoji need them),
    any run of spaces one space, no space at either end."""
    folded = unicodedata.normalize("NFKC", name)
    seen = "".join(c for i, c in enumerate(folded) if kept_for_emoji(folded, i) or not invisible(c))
    return " ".join(seen.split())


def kept_for_emoji(text: str, i: int) -> bool:
    """``text[i]`` is the joiner, or the emoji style after a symbol."""
    char = text[i]
    if char == JOINER:
        return True
    return char == EMOJI_STYLE and i > 0 and unicodedata.category(text[i - 1]) == "So"


def invisible(char: str) -> bool:
    """``char`` shows nothing a reader could tell apart by eye."""
    if unicodedata.category(char) in INVISIBLE_CATEGORIES or char in BLANK:
        return True
    code = ord(char)
    return any(low <= code <= high for low, high in DEFAULT_IGNORABLE)


def look_alike_key(name: str) -> str:
    """What ``name`` looks like to a reader: two names with the same key read the same (case,
    every mark as accents are, invisible characters, and Unicode's confusable characters)."""
    key = seat_name(name)
    for _ in range(KEY_ROUNDS):
        # the table before case as well as after: a capital Greek Μ reads as M, as its small μ
        # does not as m; a lunate sigma ϲ reads as c, its case folded σ as o
        shaped = bare_letters("".join(confusable_key(c) for c in key.translate(LOOK_ALIKE)))
        folded = bare_letters(shaped.casefold())
        replaced = bare_letters("".join(confusable_key(c) for c in folded))
        if replaced == key:
            break
        key = replaced
    return key.translate(LOOK_ALIKE)


def bare_letters(text: str) -> str:
    """``text`` decomposed (NFKD) without its marks or invisible characters."""
    bare = unicodedata.normalize("NFKD", text)
    return "".join(c for c in bare if not (marked(c) or invisible(c)))


def confusable_key(char: str) -> str:
    """The character (or characters: ``m`` is ``rn``) standing for every character confusable
    with ``char``; a small capital's letter."""
    letter = small_capital(char) or latin_letter_with(char)
    if letter is not None:
        return letter
    return confusable_classes().get(char, char)


def latin_letter_with(char: str) -> str | None:
    """The letter a Latin letter with a hook, belt, curl or stroke (``ɬ``, ``ᶏ``, ``ƈ``) is,
    lower case; None for others."""
    found = LATIN_WITH.match(unicodedata.name(char, ""))
    return found[1].lower() if found else None


def small_capital(char: str) -> str | None:
    """The letter a small capital (``ᴀ``, ``ʟ``, ``ɪ``) is drawn as, lower case; None for others."""
    name = unicodedata.name(char, "")
    at = name.find(SMALL_CAPITAL)
    if at < 0:
        return None
    letter = name[at + len(SMALL_CAPITAL) :]
    return letter.lower() if len(letter) == 1 and letter.isascii() else None


@functools.cache
def confusable_classes() -> dict[str, str]:
    """Each character of Unicode's confusables table and what stands for its class: every
    character of a class (a prototype and the characters confusable with it) gets the same
    stand-in, the class's string of several characters if it has one (``rn`` for ``m``), else
    its lowest code point."""
    table = importlib.resources.files("confusable_homoglyphs") / "confusables.json"
    pairs: dict[str, list[dict[str, str]]] = json.loads(table.read_text("utf-8"))
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for char in sorted(pairs):
        for other in pairs[char]:
            a, b = root(shown(char)), root(shown(other["c"]))
            if a and b and a != b:
                parent[max(a, b, key=stand_in_order)] = min(a, b, key=stand_in_order)
    return {x: root(x) for x in sorted(parent) if len(x) == 1}


def shown(text: str) -> str:
    """``text`` without the direction marks the table puts around right-to-left characters."""
    return "".join(c for c in text if not invisible(c))


def stand_in_order(text: str) -> tuple[int, str]:
    """Which of two strings stands for a class: several characters first, then code points."""
    return (0 if len(text) > 1 else 1, text)


def marked(char: str) -> bool:
    """``char`` is a mark drawn on the character before it (an accent), or none at all."""
    return unicodedata.combining(char) != 0 or unicodedata.category(char) in ("Mn", "Me")


def look_alike(a: str, b: str) -> bool:
    """``a`` and ``b`` would read the same at a table (case, accents, look-alike letters and
    invisible characters aside)."""
    return look_alike_key(a) == look_alike_key(b)

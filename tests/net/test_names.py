"""Names at a table that players can tell apart: a stranger joining a real host over TCP with a
seated player's name in another case, with look-alike letters or in full-width forms takes a seat
of their own, under a name with a number, never the other's seat (netcode/names.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from netcode.names import look_alike, look_alike_key, seat_name
from netcode.peer import NetPeer

from .helpers import serve

CYRILLIC_A = "\u0410lice"  # А, Cyrillic
FULL_WIDTH = "\uff21lice"  # Ａ, full width
GREEK_O = "B\u03bfb"  # ο, Greek


def test_names_that_read_the_same_have_one_key() -> None:
    for other in ("alice", "ALICE", CYRILLIC_A, FULL_WIDTH, "AIice", "a1ice", "Alicé"):
        assert look_alike("Alice", other), other
    assert look_alike("Bob", GREEK_O)
    assert not look_alike("Alice", "Alicia")
    assert not look_alike("Ann", "Anne")


SAME_SCRIPT_LOOK_ALIKES = (
    "\u1d00\u029f\u026a\u1d04\u1d07",  # ᴀʟɪᴄᴇ: Latin small capitals
    "\u0251lice",  # ɑ, Latin alpha
    "al\u0269ce",  # ɩ, Latin iota
    "al\u026ace",  # ɪ, Latin small capital I
    "a\u029fice",  # ʟ, Latin small capital L
    "\ua4ee\ua4e1\ua4f2\ua4da\ua4f0",  # ꓮꓡꓲꓚꓰ: Lisu
    "\u13aa\u13de\u13a5\u13df\u13ac",  # ᎪᏞᎥᏟᎬ: Cherokee
    "alice\U0001d159",  # a musical null notehead, drawn as nothing
)
"""Names of one script (so the SSH lobby's mixed-script rule lets them by) that the red team sat
beside ``alice``: Unicode's confusables table (UTS #39) and the small capitals catch them."""


def test_names_of_one_script_that_read_alike_have_one_key() -> None:
    for other in SAME_SCRIPT_LOOK_ALIKES:
        assert look_alike("alice", other), ascii(other)
    assert look_alike("carmen", "carrnen")  # m reads as rn
    # and the table joins no two letters of the alphabet a reader tells apart
    keys: dict[str, list[str]] = {}
    for char in "abcdefghijklmnopqrstuvwxyz0123456789":
        keys.setdefault(look_alike_key(char), []).append(char)
    assert sorted(v for v in keys.values() if len(v) > 1) == [
        ["i", "l", "1"],
        ["o", "0"],
        ["s", "5"],
    ]
    for one, other, alike in (
        ("José", "Jose", True),  # accents aside, as before
        ("Zoë", "Zoe", True),
        ("Ann", "Anne", False),
        ("Mia", "Max", False),
        ("Lena", "Lana", False),
        ("Nico", "Nina", False),
        ("Kim", "Tim", False),
        ("Yuki", "Yuri", False),
    ):
        assert look_alike(one, other) == alike, (one, other)
    assert look_alike_key("李雷") == "李雷"


CAPITALS_AND_HOOKS = (
    ("MIKE", "\u041c\u0406\u041a\u0415"),  # МІКЕ, Cyrillic capitals
    ("MIKE", "\u039c\u0399\u039a\u0395"),  # ΜΙΚΕ, Greek capitals
    ("HENZY", "\u0397\u0395\u039d\u0396\u03a5"),  # ΗΕΝΖΥ, Greek capitals
    ("alice", "ali\u03f2e"),  # ϲ, the lunate sigma (NFKC: final sigma)
    ("jack", "jac\u043a"),  # к, Cyrillic
    ("nick", "nic\u03ba"),  # κ, Greek
    ("bob", "\u042cob"),  # Ь, Cyrillic soft sign
    ("alice", "a\u026cice"),  # ɬ, l with belt
    ("alice", "a\u0234ice"),  # ȴ, l with curl
    ("alice", "\u1d8flice"),  # ᶏ, a with retroflex hook
    ("alice", "\u2c65lice"),  # ⱥ, a with stroke
    ("alice", "ali\u0188e"),  # ƈ, c with hook
    ("alice", "alic\u1d92"),  # ᶒ, e with retroflex hook
)
"""What the red team's third pass sat beside a player: capitals whose small letters the table
does not join (the key folded case before it asked the table), and Latin letters with a hook,
belt, curl or stroke that neither decompose nor stand in the table."""


def test_capitals_and_hooked_letters_that_read_alike_have_one_key() -> None:
    for one, other in CAPITALS_AND_HOOKS:
        assert look_alike(one, other), ascii(other)
    keys: dict[str, set[str]] = {}
    for char in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789":
        keys.setdefault(look_alike_key(char), set()).add(char.lower())
    assert sorted(sorted(v) for v in keys.values() if len(v) > 1) == [
        ["0", "o"],
        ["1", "i", "l"],
        ["5", "s"],
    ], "capitals join no letters the small ones keep apart"


def test_a_shown_name_keeps_what_is_seen_and_drops_what_is_not() -> None:
    assert seat_name(FULL_WIDTH) == "Alice"
    assert seat_name("Ali\u200bce\u202e") == "Alice"
    assert seat_name("  Ann   Lee ") == "Ann Lee"
    assert seat_name("José") == "José" and seat_name("李雷") == "李雷"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one emoji, kept with its joiners
    assert seat_name(family) == family
    assert look_alike_key("Ali\u200dce") == look_alike_key("Alice")


INVISIBLE_INSIDE = (
    "\u1160",
    "\u3164",
    "\uffa0",
    "\u115f",
    "\ufe0f",
    "\u034f",
    "\u2800",
    "\U0001d159",
)
"""Hangul fillers (letters), a variation selector and the combining grapheme joiner (marks that
mark nothing) and the blank Braille pattern: the red team sat ``alice`` + each beside ``alice``."""


def test_characters_drawn_as_nothing_are_dropped_whatever_their_category() -> None:
    for blank in INVISIBLE_INSIDE:
        assert seat_name(f"ali{blank}ce{blank}") == "alice", hex(ord(blank))
        assert look_alike(f"alice{blank}", "alice"), hex(ord(blank))
    assert seat_name("\u3164\u2800") == "", "a name of blanks alone is no name"
    heart = "\u2764\ufe0f"  # the emoji style after a symbol is kept, as the joiner is
    assert seat_name(f"Ann{heart}") == f"Ann{heart}" and look_alike(f"Ann{heart}", "Ann\u2764")
    assert seat_name("\U0001f3f4\U000e0067\U000e0062\U000e007f") == "\U0001f3f4"  # tags go


async def test_look_alike_strangers_sit_apart_under_names_players_can_tell_apart(
    tmp_path: Path,
) -> None:
    async with serve(tmp_path, 6) as served:
        alice = await NetPeer.connect(await served.connect(), name="Alice")
        assert alice.seat == 0 and alice.name == "Alice"
        strangers = []
        for name in ("alice", CYRILLIC_A, FULL_WIDTH, "AIice", SAME_SCRIPT_LOOK_ALIKES[5]):
            peer = await NetPeer.connect(await served.connect(), name=name)
            strangers.append(peer)
        names = [slot.name or "" for slot in served.table.seats]
        assert names[0] == "Alice", "the seat is Alice's still"
        assert [p.seat for p in strangers] == [1, 2, 3, 4, 5]
        lisu = SAME_SCRIPT_LOOK_ALIKES[5]
        assert names[1:] == ["alice-2", f"{CYRILLIC_A}-3", "Alice-4", "AIice-5", f"{lisu}-6"]
        keys = [look_alike_key(n) for n in names]
        assert len(set(keys)) == 6, "no two names at the table read the same"
        for _ in range(200):  # the seats' list reaches the players a moment later
            if [s.name for s in alice.seats] == names:
                break
            await asyncio.sleep(0.01)
        assert [s.name for s in alice.seats] == names, "as the players see them"
        for peer in (alice, *strangers):
            await peer.close()


async def test_a_name_that_folds_longer_is_cut_to_the_limit(tmp_path: Path) -> None:
    """U+FDFA is one character that compatibility folding (NFKC) makes eighteen: 32 of them
    passed the protocol's limit and sat as a 576-character name, which broke every SSH lobby
    client listing the game (its seats' names are at most 64 characters there)."""
    async with serve(tmp_path, 2) as served:
        peer = await NetPeer.connect(await served.connect(), name="\ufdfa" * 32)
        name = served.table.seats[0].name or ""
        assert 0 < len(name) <= 32 and name == seat_name("\ufdfa" * 2)[:32].strip()
        await peer.close()


async def test_a_long_look_alike_name_keeps_its_number_within_the_limit(tmp_path: Path) -> None:
    long = "A" * 32
    async with serve(tmp_path, 2) as served:
        first = await NetPeer.connect(await served.connect(), name=long)
        second = await NetPeer.connect(await served.connect(), name=long.lower())
        name = served.table.seats[1].name or ""
        assert len(name) == 32 and name.endswith("-2") and not look_alike(name, long)
        await first.close()
        await second.close()

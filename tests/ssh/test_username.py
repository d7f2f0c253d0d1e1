"""An SSH user name made a player's name (jetset_tui/ssh/username.py): what is drawn as nothing
is left out, even where Unicode calls it a letter, and the player is told."""

from __future__ import annotations

import pytest

from jetset_tui.ssh.username import user_name


@pytest.mark.parametrize("blank", ["\u1160", "\u3164", "\uffa0", "\u115f", "\u034f", "\ufe0f"])
def test_a_character_drawn_as_nothing_is_left_out_of_an_ssh_name(blank: str) -> None:
    said = user_name(f"ali{blank}ce")
    assert said.name == "alice" and said.dropped and not said.mixed


def test_letters_of_any_alphabet_and_their_accents_are_kept() -> None:
    assert user_name("e\u0301mile").name == "émile"  # composed (NFC), not dropped
    assert user_name("李雷").name == "李雷" and not user_name("李雷").dropped
    assert user_name("p\u0430ypal").mixed  # a Cyrillic а among Latin letters


def test_a_compatibility_form_is_its_plain_letters() -> None:
    """NFKC, as a table's names are (netcode/names.py): what passes for alice is alice, and a
    ligature that draws a whole phrase as one character many cells wide (U+FDFA) is its letters,
    cut to the length like any name, so a name's width on screen is its characters'."""
    assert user_name("ａｌｉｃｅ").name == "alice"
    assert user_name("𝐚𝐥𝐢𝐜𝐞").name == "alice"
    assert user_name("ﬁona").name == "fiona"
    wide = user_name("\ufdfa" * 16)
    assert "\ufdfa" not in wide.name and len(wide.name) == 16 and wide.cut

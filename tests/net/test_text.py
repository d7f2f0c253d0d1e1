"""netcode.text.printable: what a peer prints of text from the network."""

from __future__ import annotations

from netcode.text import printable


def test_controls_and_escapes_are_shown_not_acted_on() -> None:
    attacks = {
        "\x1b]52;c;SGk=\x07": "\\x1b]52;c;SGk=\\x07",  # OSC 52: write the clipboard
        "\x1b]0;pwned\x07": "\\x1b]0;pwned\\x07",  # OSC 0: the window title
        "\x1b[2J": "\\x1b[2J",  # clear the screen
        "\x9b31m": "\\x9b31m",  # C1 CSI
        "a\rb\nc\td\x7f\x00": "a\\x0db\\x0ac\\x09d\\x7f\\x00",
        "abc\u202edcba": "abc\\u202edcba",  # bidi override
        "line\u2028break": "line\\u2028break",
    }
    for text, shown in attacks.items():
        assert printable(text) == shown
        assert printable(shown) == shown  # escaping twice changes nothing more
        assert printable(text).isprintable()


def test_ordinary_unicode_and_markup_characters_are_kept() -> None:
    for text in ("Zoë", "東京", "👨\u200d👩\u200d👧", "[bold red]x[/]", "a b", "50 €"):
        assert printable(text) == text

"""The Textual internals the SSH server borrows (jetset_tui/ssh/textual_private.py) are still what
it expects: this fails when a Textual release changes any of them."""

from __future__ import annotations

import contextlib
import inspect
import sys

import textual
import textual.app
from rich.color import ColorSystem
from rich.console import Console
from textual import events
from textual.css.stylesheet import Stylesheet

from jetset_tui.ssh import textual_private


def test_textual_is_the_major_version_the_fence_was_written_for() -> None:
    assert textual.__version__.split(".")[0] == "8"


def test_the_parser_turns_bytes_into_keys_and_pastes() -> None:
    parser = textual_private.XTermParser()
    got = list(parser.feed("a\x1b[A\x1b[200~pasted\x1b[201~"))
    got += list(parser.tick())
    assert [type(e) for e in got] == [events.Key, events.Key, events.Paste]
    keys = [e for e in got if isinstance(e, events.Key)]
    assert [k.key for k in keys] == ["a", "up"]
    paste = got[2]
    assert isinstance(paste, events.Paste) and paste.text == "pasted"


def test_a_dead_parser_raises_on_every_later_feed() -> None:
    """Why the driver stops feeding a parser after its first error (and the session closes)."""
    parser = textual_private.XTermParser()
    with contextlib.suppress(ValueError):
        list(parser.feed("\x1b[1114112u"))  # a key code past the last Unicode character
    try:
        list(parser.feed("a"))
    except RuntimeError:
        return
    raise AssertionError("the parser recovered: the driver could keep reading after an error")


def test_the_app_still_redirects_stdout_through_the_names_we_replace() -> None:
    source = inspect.getsource(textual.app)
    for name in textual_private.REDIRECTS:
        assert f"{name}(" in source, f"textual.app no longer calls {name}"
    textual_private.keep_stdout()
    before = sys.stdout
    with textual.app.redirect_stdout(None):  # type: ignore[arg-type]
        assert sys.stdout is before


def test_the_console_colour_system_attribute() -> None:
    console = Console(force_terminal=True, color_system="standard")
    assert console.color_system == "standard"
    textual_private.force_truecolor(console)
    assert console.color_system == "truecolor"
    assert console._color_system is ColorSystem.TRUECOLOR


def test_parsed_css_is_shared_between_stylesheets_with_the_same_variables() -> None:
    css = "Static { color: $accent; }"

    def parsed(variables: dict[str, str]) -> list[object]:
        sheet = Stylesheet(variables=variables)
        assert hasattr(sheet, "_parse_cache") and sheet._variables == variables
        textual_private.share_parsed_css(sheet)
        sheet.add_source(css, read_from=("test", "shared"))
        sheet.parse()
        return list(sheet.rules)

    first = parsed({"accent": "red"})
    again = parsed({"accent": "red"})
    assert again and all(a is b for a, b in zip(first, again, strict=True))  # not parsed again
    themed = parsed({"accent": "blue"})
    assert not any(a is b for a, b in zip(first, themed, strict=True))  # another theme: its own
    assert first[0].styles.color != themed[0].styles.color

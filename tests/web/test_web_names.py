"""A browser tab's name: the same names as an SSH user name gives (letters of any alphabet,
digits, ``. _ -``), and the same refusal of a name that mixes Latin, Cyrillic or Greek letters.
The tab's own app (``WebSessionApp``) driven by Pilot through the real gate on 127.0.0.1."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from jetset_tui.ssh.server import GameServer
from jetset_tui.web.gate import LobbyGate, WebTickets
from jetset_tui.web.session import Gate, WebSessionApp
from netcode.peer_words import JoinRefused
from tests.web.tabs import screen_name, until


async def test_a_name_in_any_one_alphabet_and_never_mixed(server: GameServer) -> None:
    """The name screen took ASCII letters only ("Zoë" became "Zo"); a name mixing alphabets
    is said to be refused there, and the gate refuses it from a tab that skips the screen, as it
    does a name of no letter or digit."""
    gate = LobbyGate(server, WebTickets())
    await gate.start()
    try:
        app = WebSessionApp(Gate(gate.port, gate.tickets.issue("127.0.0.1")))
        async with app.run_test(size=(100, 32), notifications=True) as pilot:
            await until(pilot, lambda: screen_name(app) == "NameScreen")
            await pilot.press(*"p\u0430ypal", "enter")  # a Cyrillic а among Latin letters
            await pilot.pause(0.2)
            said = [n.message for n in app._notifications]
            assert any("mixes Latin, Cyrillic or Greek letters" in m for m in said), said
            assert screen_name(app) == "NameScreen"
            app.screen.query_one("#name", Input).value = "★☆"  # no letter, no digit
            await pilot.press("enter")
            await pilot.pause(0.2)
            said = [n.message for n in app._notifications]
            assert any("a name needs a letter or a digit" in m for m in said), said
            assert screen_name(app) == "NameScreen"
            app.screen.query_one("#name", Input).value = ""
            await pilot.press(*"Zoë_Ørsted", "enter")
            await until(pilot, lambda: screen_name(app) == "WebLobbyScreen")
            where = str(app.screen.query_one("#where").render())
            assert "you are Zoë_Ørsted" in where, where
        app = WebSessionApp(Gate(gate.port, gate.tickets.issue("127.0.0.1")))
        async with app.run_test(size=(100, 32), notifications=True) as pilot:
            await until(pilot, lambda: screen_name(app) == "NameScreen")
            await pilot.press(*"ann@web!")  # the name as the tables show it
            await pilot.pause(0.2)
            said = [n.message for n in app._notifications]
            told = "A name has only letters, digits and . _ -."  # no @web where none is added
            assert said == [told], "said at the first character refused, and once"
            assert app.screen.query_one("#name", Input).value == "annweb"
        sneaky = Gate(gate.port, gate.tickets.issue("127.0.0.1"))
        sneaky.name = "p\u0430ypal"
        with pytest.raises(JoinRefused, match="mixes Latin, Cyrillic or Greek letters"):
            await sneaky.channel()
        nameless = Gate(gate.port, gate.tickets.issue("127.0.0.1"))
        nameless.name = "★☆"  # would be "player", a name every such tab would share
        with pytest.raises(JoinRefused, match="Your name has no letter or digit"):
            await nameless.channel()
    finally:
        await gate.close()

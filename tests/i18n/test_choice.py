"""Choosing the language: ``--lang`` before or after the command, the environment (LANG and
friends), a browser's Accept-Language, an SSH client's environment, the start screen's own
choice; and the app in each language, as a real process in a real pseudo-terminal and driven by
Pilot. City names follow the language; codes never do."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pyte
import pytest
from textual.widgets import OptionList

from engine.jetset.board import load_board
from engine.jetset.distant_state import DistantCity
from jetset_tui import i18n
from jetset_tui.app import JetSetApp
from jetset_tui.cities import city_name
from jetset_tui.cli import build_parser, choose_language
from jetset_tui.i18n import current_language, language_from_accept, use_language
from jetset_tui.screens.start import StartScreen
from jetset_tui.screenshot import screen_text
from jetset_tui.ssh.session import client_language

JETSET = [sys.executable, "-m", "jetset_tui"]


@pytest.fixture(autouse=True)
def english_process() -> Iterator[None]:
    """Each test starts, and leaves the process, in English."""
    i18n.set_process_language("en")
    yield
    i18n.set_process_language("en")


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "it", "play"],
        ["play", "--lang", "it"],
        ["--lang", "it"],
        ["stats", "--lang=it", "games"],
    ],
)
def test_lang_goes_before_or_after_the_command(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    choose_language(build_parser().parse_args(argv))
    assert current_language() == "it"


def test_without_lang_the_environment_chooses(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    choose_language(build_parser().parse_args(["play"]))
    assert current_language() == "it"
    monkeypatch.setenv("LC_ALL", "C.UTF-8")  # LC_ALL first: a language we do not have is English
    choose_language(build_parser().parse_args(["play"]))
    assert current_language() == "en"
    choose_language(build_parser().parse_args(["play", "--lang", "it"]))  # the flag wins
    assert current_language() == "it"


def test_an_unknown_lang_is_refused_with_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(["--lang", "xx", "play"])
    assert stop.value.code == 2
    assert "invalid choice: 'xx'" in capsys.readouterr().err
    assert current_language() == "en"


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("it-IT,it;q=0.9,en-US;q=0.8,en;q=0.7", "it"),
        ("en-US,en;q=0.9,it;q=0.8", "en"),
        ("de-DE,de;q=0.9,it;q=0.5", "it"),
        ("it;q=0, en;q=0.1", "en"),
        ("", "en"),
        ("it;q=banana, ;;,,\x00", "en"),
        ("IT", "it"),
    ],
)
def test_a_browsers_accept_language(header: str, language: str) -> None:
    assert language_from_accept(header) == language


def test_an_ssh_session_opens_in_the_remembered_choice_else_the_clients_lang() -> None:
    assert client_language({"LANG": "it_IT.UTF-8"}, None) == "it"
    assert client_language({"LC_ALL": "it_IT.UTF-8", "LANG": "en_US.UTF-8"}, None) == "it"
    assert client_language({"LANG": "en_US.UTF-8"}, "it") == "it"  # chosen in the lobby
    assert client_language({"TERM": "xterm", "LANG": ""}, None) is None  # the server's own
    assert client_language({"LANG": b"it_IT"}, None) is None  # not text: ignored


def test_city_names_follow_the_session_and_codes_stay() -> None:
    board = load_board()
    munich = next(c for c in board.cities if c.code == "MUC")
    amsterdam = next(c for c in board.cities if c.code == "AMS")
    tokyo = DistantCity(3, "TYO", "Tokyo")
    assert (city_name(munich), city_name(amsterdam), city_name(tokyo)) == (
        "Munich",
        "Amsterdam",
        "Tokyo",
    )
    with use_language("it"):
        assert (city_name(munich), city_name(amsterdam), city_name(tokyo)) == (
            "Monaco",
            "Amsterdam",
            "Tokyo",
        )
        assert munich.code == "MUC"
    italian = {c.code: c.name_it for c in board.cities if c.name_it != c.name}
    assert italian["LON"] == "Londra" and italian["WAW"] == "Varsavia" and len(italian) == 18


async def test_the_app_speaks_the_language_it_is_given_and_the_start_screen_switches_it(
    tmp_path: Path,
) -> None:
    app = JetSetApp(saves=tmp_path, fsync=False, language="it")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Gioca subito: tu contro tre bot" in text
        assert "Carica una partita salvata" in text and "Lingua: Italiano · English" in text
        assert "Play now" not in text and "Load a saved game" not in text
        await pilot.press("i")  # the language key: the next one, English
        await pilot.pause()
        text = screen_text(app)
        assert "Play now: you against three bots" in text
        assert "Language: English · Italiano" in text and "Gioca subito" not in text
        assert isinstance(app.screen, StartScreen)
        menu = app.screen.query_one(OptionList)
        for _ in range(100):  # the menu rebuilt in English puts its cursor back a frame later
            if menu.highlighted == menu.get_option_index("language"):
                break
            await pilot.pause(0.02)
        assert menu.highlighted == menu.get_option_index("language")
        await pilot.press("enter")  # and from the menu, back to Italian
        await pilot.pause()
        assert "Gioca subito" in screen_text(app)
    assert current_language() == "en"  # the app's choice stayed inside its session


async def test_two_apps_at_once_each_in_its_own_language(tmp_path: Path) -> None:
    """One process, one loop, two sessions: what one switches the other never hears."""
    italian = JetSetApp(saves=tmp_path, fsync=False, language="it")
    english = JetSetApp(saves=tmp_path, fsync=False, language="en")
    async with (
        italian.run_test(size=(100, 30)) as it_pilot,
        english.run_test(size=(100, 30)) as en_pilot,
    ):
        await it_pilot.pause()
        await en_pilot.pause()
        assert "Gioca subito" in screen_text(italian)
        assert "Play now" in screen_text(english)
        await en_pilot.press("i")
        await en_pilot.pause()
        await it_pilot.pause()
        assert "Gioca subito" in screen_text(english)
        assert "Gioca subito" in screen_text(italian)
        await it_pilot.press("i")
        await it_pilot.pause()
        await en_pilot.pause()
        assert "Play now" in screen_text(italian)
        assert "Gioca subito" in screen_text(english)


class Terminal:
    """``jetset`` in a pseudo-terminal of 100×30, as a person starts it, drawn by pyte."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        main, side = pty.openpty()
        fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.proc = subprocess.Popen(
            [*JETSET, *args], stdin=side, stdout=side, stderr=side, env=env, start_new_session=True
        )
        os.close(side)
        self.main = main
        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, wanted: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while wanted not in self.text():
            assert time.monotonic() < deadline, f"never shown: {wanted!r}\n{self.text()}"
            ready, _, _ = select.select([self.main], [], [], 0.05)
            if ready:
                try:
                    self.stream.feed(os.read(self.main, 65536))
                except OSError:
                    break
        return self.text()

    def close(self) -> None:
        os.write(self.main, b"\x11")  # ctrl+q
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
        os.close(self.main)


@pytest.mark.parametrize(
    ("args", "lang", "shown", "not_shown"),
    [
        (["--lang", "it"], "en_US.UTF-8", "Gioca subito", "Play now"),
        ([], "it_IT.UTF-8", "Gioca subito", "Play now"),
        ([], "en_US.UTF-8", "Play now", "Gioca subito"),
    ],
    ids=["--lang it", "LANG=it_IT.UTF-8", "LANG=en_US.UTF-8"],
)
def test_jetset_at_a_terminal_in_the_language_asked(
    tmp_path: Path, args: list[str], lang: str, shown: str, not_shown: str
) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(TERM="xterm-256color", LANG=lang, XDG_DATA_HOME=str(tmp_path))
    terminal = Terminal(args, env)
    try:
        text = terminal.wait_for(shown)
        assert not_shown not in text
    finally:
        terminal.close()


def test_the_command_lines_words_to_a_player_in_italian(tmp_path: Path) -> None:
    """A refusal on the command line speaks the language; the flags and paths stay as typed."""
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    args = [*JETSET, "play", "--resume", "x.jetset", "--seed", "1"]
    italian = subprocess.run([*args, "--lang", "it"], capture_output=True, text=True, env=env)
    assert italian.returncode == 2
    assert italian.stderr == (
        "jetset play: --resume riprende una partita com'era stata salvata; --seed servono a "
        "preparare una nuova partita\n"
    )
    english = subprocess.run(args, capture_output=True, text=True, env=env)
    assert "--seed set up a new game" in english.stderr


def test_money_is_written_as_each_language_writes_it() -> None:
    """€30 in English; 30 € in Italian, as the Italian rulebook writes it."""
    from jetset_tui.i18n import money, use_language

    assert money(30) == "€30"
    with use_language("it"):
        assert money(30) == "30\u00a0€"

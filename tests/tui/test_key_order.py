"""Keys that reach the app in a burst (as a browser session under load, or SSH, delivers them:
all posted before the app takes the first) apply in the order typed, in the real app's text
fields (``jetset_tui.key_order``): Textual alone ran a field's Backspace, arrows and Enter only
after the key bubbled up to the app, after the letters typed behind them."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from jetset_tui.app import JetSetApp
from jetset_tui.screens.game import GameScreen
from jetset_tui.ssh.screens.ask import AskScreen
from jetset_tui.ssh.seating import WrongSecret
from tests.tui.conftest import make_app, unawaited_coroutines

KEYS: dict[str, tuple[str, str | None]] = {
    ":": ("colon", ":"),
    "\x7f": ("backspace", "\x7f"),
    " ": ("space", " "),
    "⏎": ("enter", "\r"),
    "←": ("left", None),
    "⇤": ("home", None),
    "⇥": ("end", None),
    "\t": ("tab", "\t"),
}
"""The keys that are not letters, as Textual's key parser names them, and their stand-ins."""


def burst(app: JetSetApp, typed: str) -> None:
    """Every key of ``typed`` posted to the app at once, as the web driver posts them."""
    for char in typed:
        key, character = KEYS.get(char, (char, char))
        app.post_message(events.Key(key, character))


async def settle(pilot: Pilot[None]) -> None:
    for _ in range(5):
        await pilot.pause()


async def ask(app: JetSetApp, pilot: Pilot[None], answers: list[str]) -> Input:
    """The seat code's question over the start screen; what Enter sends goes to ``answers``."""

    async def attempt(answer: str) -> None:
        answers.append(answer)
        raise WrongSecret("not the seat's code")

    app.push_screen(AskScreen("Its seat code:", attempt, max_length=16))
    await settle(pilot)
    field = app.screen.query_one("#answer", Input)
    assert app.focused is field
    return field


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("wrongcod" + "\x7f" * 16 + "qqsh er2l", "qqsh er2l"),
        ("ac←b", "abc"),
        ("bc⇤a⇥d", "abcd"),
        ("x\x7fy\x7fz", "z"),
    ],
)
async def test_a_burst_of_keys_is_applied_in_order(tmp_path: Path, typed: str, shown: str) -> None:
    app = JetSetApp(saves=tmp_path, fsync=False)
    async with app.run_test(size=(100, 30)) as pilot:
        field = await ask(app, pilot, [])
        burst(app, typed)
        await settle(pilot)
        assert field.value == shown


async def test_enter_in_a_burst_sends_what_was_typed_before_it_and_keeps_the_rest(
    tmp_path: Path,
) -> None:
    answers: list[str] = []
    app = JetSetApp(saves=tmp_path, fsync=False)
    async with app.run_test(size=(100, 30)) as pilot:
        field = await ask(app, pilot, answers)
        burst(app, "wrongcod⏎qqsh")
        await settle(pilot)
        assert answers == ["wrongcod"]  # not wrongcodqqsh
        assert field.value == "qqsh"  # typed after Enter: kept in the emptied field


async def test_a_key_the_field_does_not_bind_still_reaches_the_screen(tmp_path: Path) -> None:
    app = JetSetApp(saves=tmp_path, fsync=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await ask(app, pilot, [])
        burst(app, "ab")
        await pilot.press("escape")  # the question's own binding: Back
        await settle(pilot)
        assert not isinstance(app.screen, AskScreen)


async def test_keys_after_the_key_that_opens_a_field_go_into_that_field(tmp_path: Path) -> None:
    """``:`` moves the focus to the command line; the action typed in the same burst is typed
    there (Textual alone sent it to the map, which had the focus when the burst came)."""
    app = make_app(tmp_path, ["human", "bot:random"])
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        game = screen.session.game
        assert game.to_move() == 0
        before = len(game.entries)
        burst(app, ":income⏎")
        for _ in range(100):
            if len(game.entries) > before:
                break
            await pilot.pause(0.02)
        assert screen.session.rules.entry_line(game.entries[before])[1] == "income"


async def test_keys_typed_before_the_first_screen_is_up_reach_it(tmp_path: Path) -> None:
    """A player who types as the game opens (``jetset play``, then ``:income`` and Enter at
    once): the keys wait for the game screen and its command line, instead of going to the
    blank screen Textual starts with, where they were lost; and the Enter typed before the
    terminal was in raw mode (a ``\n``: Ctrl+J) is an Enter."""
    app = make_app(tmp_path, ["human", "bot:random"])
    burst(app, ":income")  # in the app's queue before it has started
    app.post_message(events.Key("ctrl+j", "\n"))  # Enter, as the terminal's cooked mode left it
    async with app.run_test(size=(120, 40)) as pilot:
        moves: list[str] = []
        for _ in range(200):
            screen = app.screen
            if isinstance(screen, GameScreen):
                lines = map(screen.session.rules.entry_line, screen.session.game.entries)
                moves = [text for actor, text in lines if actor == 0]
                if moves:
                    break
            await pilot.pause(0.02)
        assert moves[:1] == ["income"]


async def test_an_answer_cancelled_before_it_ran_leaves_nothing_unawaited(tmp_path: Path) -> None:
    """Each Enter starts the answer's worker, and cancels the one before (one answer at a
    time). Two Enters handled in one go cancel the first before it runs: handed a coroutine,
    that worker left it never awaited (Python's RuntimeWarning)."""
    answers: list[str] = []
    with unawaited_coroutines() as unawaited:
        app = JetSetApp(saves=tmp_path, fsync=False)
        async with app.run_test(size=(100, 30)) as pilot:
            field = await ask(app, pilot, answers)
            screen = app.screen
            assert isinstance(screen, AskScreen)
            for typed in ("ab", "cd"):  # no await between them: the first never starts
                screen.answer(Input.Submitted(field, typed))
            await settle(pilot)
    assert answers == ["cd"]
    assert unawaited == []


async def test_tab_in_a_burst_completes_what_was_typed_before_it(tmp_path: Path) -> None:
    """Tab completes the line as typed up to it: in a browser's burst, ``:buy MU`` and Tab
    completed ``buy M`` or ``buy `` (``buy MAD-MIL 1U``, ``buy AMS-DUB 1MU``), Tab being a
    priority binding the app ran before the field had taken the letters, with the completion
    of an older value."""
    app = make_app(tmp_path, ["human", "bot:random"])
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        assert screen.session.game.to_move() == 0
        burst(app, ":buy MU\t")
        await settle(pilot)
        field = app.focused
        assert isinstance(field, Input)
        assert field.value.startswith("buy MU"), field.value
        assert len(field.value) > len("buy MU"), "completed"

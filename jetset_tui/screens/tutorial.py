"""The tutorial: a game against Amelia (the greedy bot) with a coach under the map.

The coach says what to do next, which key and why (``jetset_tui/tutorial.py``, the chapters).
When a chapter's action cannot be played yet, space lets the tutorial play your turns the way the
best bot would until it can. The game is saved in the saves folder like any other: leaving it
(q) and starting the tutorial again (``jetset tutorial``, or the start screen) resumes it at the
chapter you were in.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Static

from engine import Action, Options
from engine.jetset.bots import make_bot
from jetset_tui import tutorial
from jetset_tui.i18n import N_, _
from jetset_tui.screens.game import GameScreen
from jetset_tui.seating import your_name
from jetset_tui.theme import DIM
from jetset_tui.widgets.picker import ActionPicker
from jetset_tui.workers import start_worker
from netcode.client import GameClient, SeatInfo
from netcode.local import LocalSession
from netcode.loglock import LogLocked
from netcode.seatkind import SeatKind
from netcode.tablefiles import secrets_path

if TYPE_CHECKING:
    from jetset_tui.screens.end import EndScreen

PACE = 0.25
"""Seconds between the moves the tutorial plays for you, so that you can follow them."""


class Coach(Static):
    """The tutorial's words: the chapter, what to do and why."""

    DEFAULT_CSS = """
    Coach {
        height: auto; max-height: 10; padding: 0 1; border-top: solid $accent;
    }
    """

    def say(self, text: Text) -> None:
        """Show ``text`` (an amount is never cut from its €: ``keep_no_break_spaces``)."""
        self.update(text)


class TutorialScreen(GameScreen):
    """A game with a coach."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "play_on", N_("Play on for me")),
    ]

    def __init__(self, session: GameClient, colours: list[str] | None = None) -> None:
        super().__init__(session, colours)
        self.playing_on = False
        self._stand_in = make_bot(tutorial.OPPONENT_BOT, 0, "tutorial")

    async def on_mount(self) -> None:
        """The coach between the map and the log (Textual runs GameScreen's ``on_mount`` too)."""
        await self.query_one("#left").mount(Coach(id="coach"), before="#log")
        self.query_one(Coach).say(self.coaching())

    def sync(self) -> None:
        super().sync()
        if self.is_attached and self.query("#coach"):
            self.query_one(Coach).say(self.coaching())

    @property
    def chapters(self) -> tuple[tutorial.Chapter, ...]:
        return tutorial.chapters_for(self.session.game.options)

    @property
    def seat(self) -> int:
        """The newcomer's seat."""
        return self.session.local_seats[0]

    def chapter(self) -> tutorial.Chapter | None:
        game = self.session.game
        return tutorial.chapter_now(game.entries, game.state, self.seat, self.chapters)

    def legal_now(self) -> list[Action]:
        """The newcomer's legal moves, from their own view (it holds their Business cards)."""
        actions: list[Action] = self.session.game.rules.legal_actions(self.session.view(self.seat))
        return actions

    def waiting(self) -> bool:
        """Your turn, and the chapter's action cannot be played yet."""
        chapter = self.chapter()
        if chapter is None or not self.my_turn():
            return False
        return not chapter.ready(self.legal_now())

    def coaching(self) -> Text:
        """What the coach says now."""
        chapter = self.chapter()
        if chapter is None:
            expansion = self.session.game.options.business_cards
            return Text(_(tutorial.FREE_PLAY_EXPANSION if expansion else tutorial.FREE_PLAY))

        text = Text()
        text.append(chapter.title, style="bold")
        text.append(f"  ({tutorial.chapter_number(chapter)})")
        if self.playing_on:
            text.append("\n" + _("The tutorial is playing your turns… (space stops)"), DIM)
        elif self.waiting():
            text.append("\n" + _("Not yet: {why}").format(why=chapter.wait) + " ", "bold")
            text.append(
                _(
                    "Press space and the tutorial plays your turns, the way the best bot would,"
                    " until you can."
                )
            )
        elif not self.my_turn():
            playing = _("{name} is playing…").format(name=tutorial.OPPONENT)
            text.append(f"\n{playing}", style=DIM)
        text.append(f"\n{chapter.teach(self.slim)}")

        return text

    def end_screen(self, note: str | None = None, tutorial_next: bool = False) -> EndScreen:
        """The end, with the coach's word on what comes next, and ``t`` to the expansion's
        chapter after the first game."""
        game = self.session.game
        said = tutorial.end_words(game.entries, game.state, self.seat, game.options)
        return super().end_screen(said, tutorial_next=not game.options.business_cards)

    def action_act(self, kind: str) -> None:
        """A picker opened: under 30 rows the coach gives it its room (the picker says its own
        keys), else the picker had two rows and showed no choice."""
        super().action_act(kind)
        if self.query_one(ActionPicker).is_open:
            self.query_one(Coach).add_class("-picking")

    def close_picker(self) -> None:
        super().close_picker()
        if self.query("#coach"):
            self.query_one(Coach).remove_class("-picking")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play_on":
            return self.playing_on or self.waiting()
        return super().check_action(action, parameters)

    def action_play_on(self) -> None:
        """Space: play my turns until the chapter's action can be played (space again stops)."""
        if self.playing_on:
            self.playing_on = False
        elif self.waiting():
            self.playing_on = True
            start_worker(self, self.play_on, exclusive=True, group="tutorial")
        self.sync()

    async def play_on(self) -> None:
        session = self.session
        try:
            while self.playing_on and self.is_attached:
                if isinstance(session, LocalSession):
                    await session.wait_idle()
                if session.game.over or not self.waiting():
                    break
                await self.play_for_me()
                await asyncio.sleep(PACE if session_paced(session) else 0)
        finally:
            self.playing_on = False
            if self.is_attached:
                self.sync()

    async def play_for_me(self) -> None:
        """One move in the newcomer's place (``tutorial.stand_in_move``)."""
        session, seat = self.session, self.viewer
        if seat is None:
            return
        game = session.game
        view = session.view(seat)
        advised = self._stand_in.act(view, game.rules)
        pending = tutorial.pending_kinds(game.entries, game.state, seat, self.chapters)
        move = tutorial.stand_in_move(advised, self.legal_now(), pending)
        problem = await self.submit(move)
        if problem:  # never expected: stop and say so rather than loop
            self.playing_on = False
            self.notify(problem, severity="warning", markup=False)


def session_paced(session: GameClient) -> bool:
    """The bots take their time (a real game, not a test's): so do the tutorial's moves."""
    return not isinstance(session, LocalSession) or session.bot_delay > 0


def tutorial_session(
    folder: Path, *, bot_delay: float, fsync: bool = True, expansion: bool = False
) -> LocalSession:
    """The tutorial's game, where the newcomer left it: the first game while it is unfinished,
    then the expansion's chapter; once both are over, the first again. ``expansion`` goes
    straight to the expansion's chapter. LogLocked if another jetset plays it now, OSError if it
    cannot be saved."""
    base = folder / tutorial.TUTORIAL_FILE
    later = folder / tutorial.EXPANSION_FILE
    if not expansion:
        session = unfinished(base, bot_delay=bot_delay, fsync=fsync)
        if session is not None:
            return session
        if not base.exists():
            return new_tutorial(base, bot_delay=bot_delay, fsync=fsync, expansion=False)
    session = unfinished(later, bot_delay=bot_delay, fsync=fsync)
    if session is not None:
        return session
    if expansion or not later.exists():
        forget(later)
        return new_tutorial(later, bot_delay=bot_delay, fsync=fsync, expansion=True)
    forget(base)  # both are over: from the start again
    forget(later)
    return new_tutorial(base, bot_delay=bot_delay, fsync=fsync, expansion=False)


def unfinished(path: Path, *, bot_delay: float, fsync: bool) -> LocalSession | None:
    """The tutorial game saved in ``path`` if it is there and not over (an unreadable file is
    forgotten); LogLocked if another jetset plays it."""
    if not path.exists():
        return None
    try:
        session = LocalSession.resume(path, bot_delay=bot_delay, fsync=fsync)
    except LogLocked:
        raise
    except (OSError, ValueError):
        forget(path)
        return None
    return None if session.game.over else session


def forget(path: Path) -> None:
    path.unlink(missing_ok=True)
    secrets_path(path).unlink(missing_ok=True)


def new_tutorial(path: Path, *, bot_delay: float, fsync: bool, expansion: bool) -> LocalSession:
    seats = [
        SeatInfo(your_name()),
        SeatInfo(tutorial.OPPONENT, SeatKind.of_bot(tutorial.OPPONENT_BOT)),
    ]
    return LocalSession(
        Options(players=2, business_cards=expansion),
        seats,
        seed=tutorial.EXPANSION_SEED if expansion else tutorial.SEED,
        path=path,
        bot_delay=bot_delay,
        fsync=fsync,
        meta={"tutorial": True},
    )

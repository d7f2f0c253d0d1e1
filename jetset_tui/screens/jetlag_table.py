"""What the Jet Lag table is besides the game on it: the session it shows, and its other keys:
c for the table's chat, F1 for the rules, q to leave (what leaving means depends on the game:
joined over the network, hosted here, saved here, or not saved). ``JetLagScreen``
(jetset_tui/screens/jetlag.py) is this with the game: the line, the hands, the plays."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.screen import Screen

from engine.jetlag.state import State
from jetset_tui.i18n import _
from jetset_tui.turn_bell import TurnBell
from netcode.client import ChatMessage, GameClient


class JetLagTable(Screen[None]):
    """A Jet Lag table's session and the keys that are not plays (``JetLagScreen`` plays).

    ``draw`` and ``sync`` are the drawing, declared here and defined only by ``JetLagScreen``,
    the screen built on this table and its plays (``JetLagPlay``, ``JetLagCommandLine``); no
    screen is made of a layer alone (tests/tui/test_jetlag_*.py play whole games on
    ``JetLagScreen``)."""

    HELP_GAME = "jetlag"
    """F1 and the palette's rules: Jet Lag's page (``JetSetApp.action_help``)."""

    session: GameClient
    viewer: int | None
    """The seat at this keyboard whose view is drawn (None: a spectator, or between two people
    at one keyboard)."""
    message: Text | None
    """What the line under the table says (a refusal, the news, q's question)."""
    _leaving: Text | None
    """The message that q shows: a second q leaves while it is on screen."""
    _refused: bool
    _bell: TurnBell
    """When the terminal's bell says it is your turn (jetset_tui/turn_bell.py)."""

    draw: Callable[[], None]
    """The table from the session (``JetLagScreen.draw``)."""
    sync: Callable[[], None]
    """Everything from the session: the end, the seats, the hand-over, then ``draw``
    (``JetLagScreen.sync``)."""

    def to_move(self) -> int | None:
        to_move: int | None = self.session.game.to_move()
        return to_move

    def my_turn(self) -> bool:
        presence = self.session.presence
        if presence is not None and presence.gone:  # no move reaches a host gone for good
            return False
        return self.viewer is not None and self.to_move() == self.viewer

    def view(self) -> State:
        """The state as the viewer sees it."""
        view: State = self.session.view(self.viewer)
        return view

    @property
    def watching(self) -> bool:
        """Nobody at this keyboard plays (a spectator): the table is told in the third person."""
        return not self.session.local_seats

    @property
    def over(self) -> bool:
        return bool(self.session.game.over)

    def saved(self) -> Path | None:
        """Where this game is saved (a game at this keyboard), or None."""
        return self.session.save_path if self.session.hosting is None else None

    def action_chat(self) -> None:
        """The table's chat over the game (jetset_tui/screens/chat.py, as at Jet Set's)."""
        from jetset_tui.screens.chat import ChatScreen

        if self.session.can_chat and not isinstance(self.app.screen, ChatScreen):
            self.app.push_screen(ChatScreen(self.session))

    def chat_heard(self, message: ChatMessage) -> None:
        """A new chat line: a short notification unless the chat is open."""
        from jetset_tui.screens.chat import ChatScreen, notify_chat

        if not isinstance(self.app.screen, ChatScreen):
            notify_chat(self.app, message)

    async def action_rules(self) -> None:
        await self.app.run_action("help")  # Jet Lag's page: HELP_GAME

    def asks_to_leave(self) -> bool:
        """q asks what leaving means: a game joined over the network, or one hosted here that is
        not over."""
        from jetset_tui.app import JetSetApp

        joined = isinstance(self.app, JetSetApp) and self.app.joined_at is not None
        return joined or (self.session.hosting is not None and not self.over)

    async def action_leave_table(self) -> None:
        await self.action_leave()

    async def action_leave(self) -> None:
        """q: a game joined over the network asks whether to leave it, one hosted here what
        leaving means (jetset_tui/screens/leave.py); a game saved here goes back to the menu at
        once, saying where it is saved (Load continues it); one that is not saved asks first: q
        again, while that is said, leaves."""
        from jetset_tui.app import JetSetApp

        if isinstance(self.app, JetSetApp) and self.app.joined_at is not None:
            self.app.leave_joined()
            return
        hosting = self.session.hosting
        if hosting is not None and not self.over:
            from jetset_tui.screens.leave import ask_to_leave

            ask_to_leave(self.app, hosting, self.session)
            return
        path = self.saved()
        if path is not None:
            self.notify(
                _("The game is saved in {path}: Load on the start screen continues it.").format(
                    path=path
                ),
                markup=False,
            )
            self.app.pop_screen()
            return
        if self._leaving is None or self.message is not self._leaving:
            leaving = (
                _("q again stops watching.")
                if self.watching
                else _("q again leaves this game (it is not saved).")
            )
            self._leaving = Text(leaving, style="bold")
            self.message, self._refused = self._leaving, False
            self.draw()
            return
        self.app.pop_screen()

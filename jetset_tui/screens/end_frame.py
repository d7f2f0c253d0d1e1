"""The end screen's frame, for any game: who won (or a draw), the points by source, what else
the game tells of its end, and the keys: play again with the same seats, watch the replay, back
to the menu.

The frame knows no game: each game's end screen is built on it and gives the verdict
(``title_text``), the table of points by source (``points_table``), what comes below them
(``compose_more``: Jet Set's story of the Final Flights and its charts, Jet Lag's table as it
ended) and, for a game played at this keyboard, the rematch (``rematch``).

At a table with people elsewhere (joined, or at a server) the game's connection stays open
while its end shows (``keep_table``): the table's chat goes on (t, and its lines as notices),
and the host says who opened the next game (``NextGameOpened``, at a server's table).
"""

from __future__ import annotations

from abc import abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from jetset_tui.abstract_screen import AbstractScreenMeta
from jetset_tui.i18n import N_, _
from jetset_tui.widgets.footer import GiveWay, KeyFooter, keys_of
from jetset_tui.widgets.too_small import TooSmall

if TYPE_CHECKING:
    from jetset_tui.app import JetSetApp
    from netcode.client import ClientEvent, GameClient


def saved_text(path: Path) -> str:
    """Where the game's log is."""
    return _("the log is saved in {path}").format(path=path)


class EndFrame(Screen[None], metaclass=AbstractScreenMeta):
    """A game is over: its verdict, its points by source, and the keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "rematch", N_("Play again")),
        Binding("r", "watch_next", N_("Watch the next game")),  # a spectator at `jetset join`
        Binding("t", "chat", N_("Chat")),
        Binding("c", "chat", N_("Chat"), show=False),  # Jet Lag's table chats with c
        Binding("w", "replay", N_("Watch the replay")),
        Binding("escape,q", "lobby", N_("Lobby")),  # at a server's table: back to its lobby
        Binding("escape,q", "leave", N_("Leave")),  # `jetset host`, `jetset join`: the command ends
        Binding("escape,q", "menu", N_("Menu")),
        Binding("down", "scroll_body(1)", N_("Scroll"), key_display="↑↓"),
        Binding("up", "scroll_body(-1)", N_("Scroll"), show=False),
        Binding("pagedown", "scroll_body(10)", N_("Scroll"), show=False),
        Binding("pageup", "scroll_body(-10)", N_("Scroll"), show=False),
    ]
    """Enter does nothing here: a player pressing it to play their last move, or to dismiss a
    message, must not lose the end screen."""
    FOOTER_GIVES_WAY: ClassVar[tuple[GiveWay, ...]] = keys_of("help", "scroll_body(1)")
    """Keys that give way, in this order, where the footer cannot show every key whole (a
    networked end at 80 columns: Play again, Chat, Watch the replay, Leave and Scroll fill it):
    F1 still opens the rules, and the arrows still scroll."""

    def __init__(self, path: Path | None = None) -> None:
        """``path``: the game's log, where it is saved (None: no replay to watch)."""
        super().__init__(classes="guarded")
        self.path = path
        self.table: GameClient | None = None
        """The game's session, kept open while this screen shows (``keep_table``)."""

    # -- what each game gives ---------------------------------------------------------------

    @abstractmethod
    def title_text(self) -> Text:
        """The game is over: who won, or a draw (and where it is saved)."""

    @abstractmethod
    def points_table(self) -> RenderableType:
        """Each player's points by source."""

    def compose_more(self) -> ComposeResult:
        """What the game tells below the points (nothing by default)."""
        yield from ()

    def body(self) -> Widget:
        """The container of the title, the points and the rest: scrolled by the keys where
        the window is too small for all of it (``↑↓`` then shows in the footer)."""
        return VerticalScroll(id="end-body", can_focus=False)

    def can_rematch(self) -> bool:
        """The same seats can play again here (a game played at this keyboard)."""
        return False

    def rematch(self) -> None:
        """Give way to a new game with the same seats (only asked when ``can_rematch``)."""
        return

    # -- the table, still open ----------------------------------------------------------------

    def keep_table(self, session: GameClient) -> None:
        """Keep ``session`` (a game with people elsewhere: ``can_chat``) open while this screen
        shows, and close it when the screen goes; the table screen that ended hands it over."""
        self.table = session

    def on_mount(self) -> None:
        if self.table is not None:
            self.table.add_listener(self.heard_at_table)

    async def on_unmount(self) -> None:
        if self.table is not None:
            self.table.remove_listener(self.heard_at_table)
            await self.table.close()

    def heard_at_table(self, event: ClientEvent) -> None:
        """After the end: a chat line as a notice (unless the chat is open), who opened the
        next game (``JetSetApp.next_game_opened``), a host's refusal of r, and a host gone for
        good (``table_gone``)."""
        from jetset_tui.screens.chat import ChatScreen, notify_chat
        from netcode.client import ChatMessage, NextGameOpened, PresenceChanged, Problem

        session, app = self.table, self.networked_app()
        if isinstance(event, ChatMessage) and not isinstance(self.app.screen, ChatScreen):
            notify_chat(self.app, event)
        elif isinstance(event, NextGameOpened) and session is not None and app is not None:
            app.next_game_opened(session, event)
        elif isinstance(event, Problem) and app is not None:
            app.next_game_refused(event.message)
        elif isinstance(event, PresenceChanged) and event.presence.gone and app is not None:
            app.table_gone()

    def action_chat(self) -> None:
        from jetset_tui.screens.chat import ChatScreen

        if self.table is not None and not isinstance(self.app.screen, ChatScreen):
            self.app.push_screen(ChatScreen(self.table))

    # -- the frame ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with self.body():
            yield Static(self.title_text(), id="end-title")
            yield Static(self.points_table(), id="scores")
            yield from self.compose_more()
        yield KeyFooter()
        yield TooSmall()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "rematch":
            return self.can_rematch() or self.plays_again_elsewhere()
        if action == "watch_next":
            app = self.networked_app()
            return app is not None and app.can_watch_next()
        if action == "replay":
            return self.path is not None
        if action == "chat":
            return self.table is not None
        if action in ("lobby", "leave", "menu"):
            return self.leads_to() == action
        if action == "scroll_body":
            return self.overflows()
        return True

    def overflows(self) -> bool:
        """The end is taller than the window: it scrolls."""
        bodies = self.query("#end-body")
        return bool(bodies) and bodies.first().max_scroll_y > 0

    def on_resize(self) -> None:
        """Whether the end scrolls (its key in the footer) is known once it is laid out."""
        self.call_after_refresh(self.refresh_bindings)

    def action_scroll_body(self, rows: int) -> None:
        body = self.query_one("#end-body")
        body.scroll_to(y=body.scroll_y + rows, animate=False)

    def action_rematch(self) -> None:
        """The same seats again, a new deal: this screen gives way to the new game (at a
        server's table, the next game its seats are asked to: ``JetSetApp.play_again``)."""
        if self.can_rematch():
            self.rematch()
        elif (app := self.networked_app()) is not None and app.can_play_again():
            app.play_again()

    def action_watch_next(self) -> None:
        if (app := self.networked_app()) is not None:
            app.watch_next()

    def plays_again_elsewhere(self) -> bool:
        """The seats of this game can play again where it was served (an SSH server)."""
        app = self.networked_app()
        return app is not None and app.can_play_again()

    def networked_app(self) -> JetSetApp | None:
        from jetset_tui.app import JetSetApp

        return self.app if isinstance(self.app, JetSetApp) else None

    def action_replay(self) -> None:
        """Watch this game from its log, from the first move."""
        from jetset_tui.app import JetSetApp

        app = self.app
        if self.path is None or not isinstance(app, JetSetApp):
            return
        problem = app.open_replay(self.path, from_start=True)
        if problem:
            self.notify(problem, severity="error", markup=False)

    def leads_to(self) -> str:
        """Where Esc leads, as the footer says: back to a server's lobby (``lobby``: an SSH
        session, a browser tab, `jetset join ssh://`), out of the command that hosted or
        joined the game (``leave``: `jetset host`, `jetset join`), or this app's ``menu``."""
        app = self.networked_app()
        if app is not None and app.end_leads_to_lobby():
            return "lobby"
        if app is not None and app.end_leaves():
            return "leave"
        return "menu"

    def action_lobby(self) -> None:
        self.action_menu()

    def action_leave(self) -> None:
        """Esc: out of the command that hosted or joined the game; a hosting player whose
        leaving closes a next game someone waits in is asked first (``CloseTableScreen``)."""
        app = self.networked_app()
        waiting = app.leaving_strands() if app is not None else None
        if waiting is None:
            self.app.exit()
            return
        from jetset_tui.screens.leave import CloseTableScreen

        def chosen(leave: bool | None) -> None:
            if leave:
                self.app.exit()

        self.app.push_screen(CloseTableScreen(waiting), chosen)

    def action_menu(self) -> None:
        """Back to the menu; a game reached through a server's lobby by ``jetset join ssh://``:
        back to that lobby (``JetSetApp.back_to_server_lobby``)."""
        app = self.networked_app()
        if app is None or not app.back_to_server_lobby():
            self.app.pop_screen()

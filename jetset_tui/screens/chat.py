"""The table's chat: what was said at the table, and a line to say something.

Every table with other people at it has one (a `jetset host` or `jetset join` game, an SSH game):
``t`` opens it over the game, Esc goes back. What people say is network text: it is drawn as
plain text, never read as markup.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, RichLog

from jetset_tui.i18n import N_, _
from jetset_tui.widgets.chat_line import ChatLine
from netcode.client import ChatHistory, ChatMessage, ClientEvent, GameClient

SHOWN = 100
"""The chat shows at most this many of the latest lines when it opens."""


def chat_line(message: ChatMessage) -> Text:
    """``Ann: good luck``, the name in bold; the text exactly as sent. A line from no seat (a
    spectator's) says so after the name, so that no one watching passes for a player."""
    return Text.assemble((said_by(message), "bold"), ": ", message.text)


def said_by(message: ChatMessage) -> str:
    """Who said a chat line: a player's name, or a spectator's with "(watching)"."""
    if message.seat is not None:
        return message.name
    if message.name == "spectator":  # a peer that sent no name
        return _("a spectator")
    return _("{name} (watching)").format(name=message.name)


def notify_chat(app: App[object], message: ChatMessage) -> None:
    """A new line as a short notification, for when the chat is closed."""
    app.notify(f"{said_by(message)}: {message.text}", title=_("chat"), markup=False)


class ChatScreen(ModalScreen[None]):
    """The table's chat over the game: new lines show as they come; Enter sends, Esc closes."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", N_("Back to the game"))]
    DEFAULT_CSS = """
    ChatScreen { align: center bottom; }
    ChatScreen #chat-box { width: 80%; min-width: 60; height: 14; border: heavy $accent; }
    ChatScreen RichLog { height: 1fr; }
    ChatScreen Input, ChatScreen Input:focus { height: 1; border: none; padding: 0 1; }
    """

    def __init__(self, client: GameClient) -> None:
        super().__init__()
        self.client = client

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-box"):
            # min_width: RichLog wraps at 78 cells at least, and the box is 60 wide at 80x24
            yield RichLog(id="table-chat", wrap=True, markup=False, min_width=20)
            yield ChatLine(
                placeholder=_("say something; Enter sends, Esc goes back to the game"), id="say"
            )

    def on_mount(self) -> None:
        self.show_lines()
        self.client.add_listener(self.heard)
        self.query_one(Input).focus()

    def show_lines(self) -> None:
        """The client's chat lines, its newest ``SHOWN``."""
        log = self.query_one(RichLog)
        log.clear()
        for message in self.client.chat_lines[-SHOWN:]:
            log.write(chat_line(message))

    def on_unmount(self) -> None:
        self.client.remove_listener(self.heard)

    def heard(self, event: ClientEvent) -> None:
        if isinstance(event, ChatMessage):
            self.query_one(RichLog).write(chat_line(event))
        elif isinstance(event, ChatHistory):  # back at the table: what was said meanwhile
            self.show_lines()

    @on(Input.Submitted)
    async def send(self, event: Input.Submitted) -> None:
        """The line as it was when Enter was pressed (the field emptied itself then, keeping
        what was typed after Enter for the next line)."""
        text = event.value.strip()
        if text:
            await self.client.chat(text)

    def action_close(self) -> None:
        self.dismiss(None)

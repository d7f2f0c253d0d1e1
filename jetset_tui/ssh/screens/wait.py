"""The wait for the other players: who sits in a game that has not started (and, once, the
seat's code to the one who took it), until the last seat fills."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from jetset_tui.i18n import N_, _
from jetset_tui.seat_names import bot_words
from jetset_tui.shell_command import join_command
from jetset_tui.ssh.room import Room
from jetset_tui.widgets.footer import KeyFooter
from netcode.client import ChatMessage, ClientEvent, GameOver, SeatsChanged
from netcode.peer import NetPeer
from netcode.seatcode import spaced


class WaitScreen(Screen[bool]):
    """Seated in a game that has not started: who sits where, until the last seat fills."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "leave", N_("Leave the game"))]
    DEFAULT_CSS = """
    WaitScreen { align: center middle; }
    WaitScreen #waiting { width: 70; height: auto; border: heavy $accent; padding: 1 2; }
    """

    def __init__(
        self, room: Room, peer: NetPeer, code: str | None, address: str | None = None
    ) -> None:
        """``address``: where `jetset join` reaches this game (a server's ``--tcp`` port, as
        the lobby shows it), for the players still to come; None where there is none."""
        super().__init__()
        self.room = room
        self.peer = peer
        self.code = code
        self.address = address

    def compose(self) -> ComposeResult:
        yield Static(id="waiting")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.peer.add_listener(self.peer_event)
        self.show()
        if self.peer.started_game.is_set() or self.peer.ended.is_set():
            self.call_later(self.started)  # it started before this screen listened

    def on_unmount(self) -> None:
        self.peer.remove_listener(self.peer_event)

    def peer_event(self, event: ClientEvent) -> None:
        if self.peer.started_game.is_set() or self.peer.ended.is_set():
            self.app.call_later(self.started)
        elif isinstance(event, SeatsChanged | ChatMessage | GameOver):
            self.app.call_later(self.show)

    def started(self) -> None:
        if self.is_current:
            self.dismiss(self.peer.started_game.is_set())

    def show(self) -> None:
        text = Text()
        waiting = _("Game {game}: waiting for players").format(game=self.room.id)
        text.append(waiting + "\n", style="bold")
        if self.room.options_words:  # what is played: the expansion's cards and modules
            text.append(" · ".join(self.room.options_words) + "\n")
        text.append("\n")
        for i, seat in enumerate(self.peer.seats):
            name = seat.name or _("(open)")
            mark = "  " + _("← you") if i == self.peer.seat else ""
            line = _("seat {n}: {name}").format(n=i + 1, name=name)  # counted from 1
            kind = bot_words(seat.kind.label) if seat.kind.is_bot else _("human")  # not mcts
            text.append(f"  {line}  {kind}{mark}\n")
        if self.code:
            said = _("Your seat code is {code}:").format(code=spaced(self.code))
            text.append(f"\n{said} ", style="bold")
            text.append(_("give it with your name to take this seat back.") + "\n")
        if self.address is not None and any(not seat.name for seat in self.peer.seats):
            text.append("\n" + _("Friends join from the lobby, or with:") + "\n")
            text.append(f"  {join_command(self.address)}\n", style="bold")
        text.append("\n" + _("The game starts when every seat is taken.  Esc: leave"))
        for box in self.query("#waiting").results(Static):  # none once the app closes: a
            box.update(text)  # fuzzed session ended as this screen mounted ("the app failed")

    def action_leave(self) -> None:
        self.dismiss(False)

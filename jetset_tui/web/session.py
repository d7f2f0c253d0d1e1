"""One browser tab's app: ``python -m jetset_tui.web.session``, started by ``jetset web``.

textual-serve runs this process with Textual's web driver; it finds the lobby's gate
(``gate.LobbyGate``) and its ticket in its environment. The person chooses a name, then sees
the server's lobby (``screens.remote_lobby``, as ``jetset join ssh://`` does) and plays in the
TUI's own game screen over a ``NetPeer``, as any peer of the game's host. Nothing here touches
the server's disk: no saves, no seat keys, no screenshots.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
import sys
from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

import jetset_tui.app as tui_app
from jetset_tui.app import JetSetApp
from jetset_tui.i18n import N_, _, set_process_language
from jetset_tui.screens.leave import StopScreen
from jetset_tui.screens.remote_lobby import RemoteLobbyScreen
from jetset_tui.ssh.screens.leave import seat_stays, stop_dialog
from jetset_tui.ssh.screens.new_game import GameRequest
from jetset_tui.ssh.textual_private import share_parsed_css
from jetset_tui.ssh.username import mixed_refusal, user_name
from jetset_tui.textual_words import remote_commands
from jetset_tui.web import READY, START_LIMIT, WEB_HELLO, SessionStart
from jetset_tui.workers import start_worker
from netcode import lobbyproto as lp
from netcode import protocol as p
from netcode.framing import HOST_FRAME_LIMIT, FramedConnection
from netcode.lobbyclient import LobbyChoice, expect
from netcode.messages import MAX_NAME
from netcode.peer import NetPeer, new_contribution
from netcode.peer_words import JoinRefused
from netcode.seatcode import seat_code_of, spaced
from netcode.text import printable
from netcode.transport import CannotConnect, ConnectionClosed, Transport, open_tcp

NAME_CHARS = r"[^\W_]|[0-9_.\-]"
"""What a name may be typed with: letters of any alphabet, digits, ``. _ -`` (the rest of the
rule, one alphabet among Latin, Cyrillic and Greek, NFKC and the length, is ``user_name``'s, as for
an SSH user name)."""
RECONNECT_FOR = 60.0
log = logging.getLogger("jetset.web.session")


class Gate:
    """The way to the lobby: new channels past ``hello`` and ``games``, with this tab's ticket.

    ``state`` holds what the lobby screen chose (the game, to join or to watch, its password),
    as ``SshOpener`` does for ``jetset join ssh://``."""

    def __init__(self, port: int, ticket: str) -> None:
        self.port = port
        self.ticket = ticket
        self.name = ""
        self.state = LobbyChoice()

    async def channel(self) -> tuple[Transport, FramedConnection]:
        transport = await open_tcp("127.0.0.1", self.port)
        framed = FramedConnection(transport, HOST_FRAME_LIMIT)
        try:
            await framed.send({"t": WEB_HELLO, "ticket": self.ticket, "name": self.name})
            await framed.send(p.hello_message("jetset-web"))
            games = await expect(framed, lp.Games)
        except BaseException:
            transport.close()
            raise
        self.state.games, self.state.name = games.games, games.you or self.name
        return transport, framed

    async def connect(self) -> Transport:
        """A channel at the chosen game (``NetPeer``'s connector, to reconnect)."""
        transport, framed = await self.channel()
        try:
            await self.state.enter(framed, self.state.request())
        except BaseException:
            transport.close()
            raise
        return transport


class NameInput(Input):
    """The name field: a character a name cannot have is said, once, where a terminal would
    ring its bell (a browser rings none: a play test's "ann@web" became "annweb" unseen)."""

    told = False

    def restricted(self) -> None:
        if not self.told:
            self.told = True
            said = _("A name has only letters, digits and . _ -.")  # @web: the lobby says it
            self.app.notify(said, severity="warning")


class NameScreen(Screen[None]):
    """The first screen: the name this player goes by at the tables."""

    DEFAULT_CSS = """
    NameScreen { align: center middle; }
    NameScreen #arrive { width: 60; max-width: 95%; height: auto; border: heavy $accent;
                         padding: 1 2; }
    NameScreen Input { margin-top: 1; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="arrive"):
            yield Static(Text("✈ Jet Set", style="bold"))
            yield Static(_("Your name at the tables (letters, digits, . _ -), then Enter:"))
            yield NameInput(
                placeholder=_("your name"),
                max_length=MAX_NAME,
                restrict=f"(?:{NAME_CHARS})*",
                id="name",
            )

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    @on(Input.Submitted, "#name")
    def chosen(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            self.app.notify(_("type a name first"), severity="warning")
            return
        said = user_name(event.value)
        if said.empty:  # "★★" would be "player", a name every such tab would share
            self.app.notify(_("a name needs a letter or a digit"), severity="warning")
            return
        if said.mixed:
            self.app.notify(mixed_refusal(), severity="warning")
            return
        name = said.name
        app = self.app
        assert isinstance(app, WebSessionApp)
        start_worker(app, partial(app.arrive, name), exclusive=True, group="gate")


class WebLobbyScreen(RemoteLobbyScreen):
    """The server's lobby, in a browser: choosing a game opens it in this same app."""

    handed = False
    """Its channel went to the game now on screen above it: seen again (the game's end screen
    left), it makes way for a lobby of its own (``WebSessionApp.back_to_lobby``)."""

    def done(self, joining: lp.Joining) -> None:
        self.opener.game, self.opener.token = joining.game, joining.token
        app = self.app
        assert isinstance(app, WebSessionApp)
        start_worker(app, partial(app.sit, self.transport), exclusive=True, group="gate")

    def take_seat_back(self, game: str) -> None:
        """A seat this tab sat in: its code is known here, as in an SSH session, and goes
        without being typed again (once: a code that no longer takes it asks for one)."""
        app = self.app
        known = app.seat_codes.pop(game, None) if isinstance(app, WebSessionApp) else None
        if known is None:
            super().take_seat_back(game)
            return
        code, password = known
        self.go(lp.JoinGame(game=game, code=code, password=password))

    @on(events.ScreenResume)
    def seen_again(self) -> None:
        app = self.app
        if self.handed and isinstance(app, WebSessionApp):
            start_worker(app, app.back_to_lobby, exclusive=True, group="gate")


class WebStopScreen(StopScreen):
    """Leave the game (for the lobby)? In a browser, your name and the seat's code bring you
    back to it, in this tab or another; or o gives the seat to whoever joins the game next, as
    over SSH."""

    def __init__(self, name: str, code: str | None, *, watching: bool) -> None:
        super().__init__("", watching=watching, giving=True)
        self.player, self.code = name, code

    def compose(self) -> ComposeResult:
        said = [Static(seat_stays(None, giving=self.giving))]  # the lobby comes back, as over SSH
        if self.code is not None:
            said.append(Static(Text(come_back(self.player, self.code))))
        yield from stop_dialog(self.watching, said, giving=self.giving)


def come_back(name: str, code: str) -> str:
    """How a browser player comes back to the seat after closing the tab: the code on a line of
    its own (a wrap never splits it), then how to use it."""
    how = _(
        "Closed this tab? Open the page again as {name}, choose the game and give this code"
        " to take your seat back. Keep it to yourself."
    ).format(name=name)
    return _("Your seat code: {code}").format(code=code) + "\n" + how


class WebSessionApp(JetSetApp):
    """Jet Set in one browser tab."""

    HAS_TUTORIAL = False  # the help page leaves the tutorial out
    IN_BROWSER = True
    """A window too small says to widen it or zoom out, not to resize a terminal."""

    CSS_PATH = str(Path(tui_app.__file__).with_name("jetset.tcss"))
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", N_("Quit"), priority=True, show=False)
    ]

    def __init__(self, gate: Gate) -> None:
        super().__init__(joined_at="this server")
        share_parsed_css(self.stylesheet)  # what the warm-up app parsed, this one reuses
        self.gate = gate
        self.peer: NetPeer | None = None
        self.seat_codes: dict[str, tuple[str, str | None]] = {}
        """The code (and password) of each seat this tab sat in, by game: back in the lobby,
        taking it again asks for nothing (``WebLobbyScreen.take_seat_back``)."""

    def get_default_screen(self) -> NameScreen:
        return NameScreen()

    @on(events.Mount)
    def arrived(self, event: events.Mount) -> None:
        event.prevent_default()  # the name, not the local app's start screen

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Screenshots would be written on the server: not in a browser."""

    def deliver_screenshot(self, *args: object, **kwargs: object) -> str | None:
        return None  # the palette's Screenshot calls this one (a play test read "Saved")

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The palette without what a browser's player cannot use (as over SSH)."""
        return remote_commands(super().get_system_commands(screen))

    async def arrive(self, name: str, last: GameRequest | None = None) -> None:
        """Into the lobby as ``name`` (``last``: the game the form asked for last)."""
        self.gate.name = name
        try:
            transport, framed = await self.gate.channel()
        except (ConnectionClosed, JoinRefused, OSError) as exc:
            log.info("the lobby cannot be reached: %r", exc)
            self.notify(unreachable_words(exc), severity="error", markup=False)
            return
        lobby = WebLobbyScreen(self.gate.state, transport, framed)
        lobby.last_request = last
        self.push_screen(lobby)

    async def sit(self, first: Transport) -> None:
        """The channel is at the game the lobby screen chose: play it."""
        state = self.gate.state
        try:
            peer = await NetPeer.connect(
                first,
                name=state.name or self.gate.name,
                password=state.password,
                spectate=state.spectate,
                token=state.token,
                connector=self.gate.connect,
                reconnect_for=RECONNECT_FOR,
                contribution=new_contribution(),
                keys=None,
                served=True,
            )
        except (JoinRefused, ConnectionError, TimeoutError) as exc:
            log.info("cannot join: %r", exc)  # the game changed after the lobby said yes
            await self.back_to_lobby()
            why = refused_words(exc)
            said = _("cannot join: {why}").format(why=why)
            self.notify(said, severity="error", timeout=10, markup=False)
            return
        state.seated(peer.commitment, peer.seat, peer.token)  # a dropped link: back with its code
        if state.game is not None and peer.seat is not None and peer.token is not None:
            self.seat_codes[state.game] = (seat_code_of(peer.token), state.password)
        peer.wait_out_pauses = True
        self.peer = peer
        self.play(peer)
        for screen in self.screen_stack:  # under the game now: seen again, the game was left
            if isinstance(screen, WebLobbyScreen):
                screen.handed = True
        code = self.seat_code()
        if code is not None:
            said = come_back(self.gate.name, code)
            self.notify(said, title=_("Your seat"), timeout=30, markup=False)

    def leave_joined(self) -> None:
        """q: ask, in a browser's words, then back to the lobby; from a game that is over, or
        whose seat another tab took (nothing more comes here), at once."""
        from jetset_tui.table_screens import is_table_screen

        if isinstance(self.screen, StopScreen):
            return
        games = [s for s in self.screen_stack if is_table_screen(s)]
        table = games[-1] if games else None
        session: Any = getattr(table, "session", None)  # every game's table holds its session
        presence = None if session is None else session.presence
        gone = presence is not None and presence.gone
        if table is None or session is None or session.game.over or gone:
            start_worker(self, self.back_to_lobby, exclusive=True, group="gate")
            return
        while self.screen is not table:
            self.pop_screen()

        watching = not session.local_seats
        screen = WebStopScreen(self.gate.name, self.seat_code(), watching=watching)

        def chosen(leave: bool | None) -> None:
            if leave:
                if screen.gives and self.peer is not None:
                    self.peer.gives_seat = True  # its close says so (``back_to_lobby``)
                start_worker(self, self.back_to_lobby, exclusive=True, group="gate")

        self.push_screen(screen, chosen)

    async def back_to_lobby(self) -> None:
        """Out of the game (a seat left stays its player's: j and its code take it back) and
        into the lobby again under the same name, as q does over SSH."""
        lobbies = [s for s in self.screen_stack if isinstance(s, WebLobbyScreen)]
        last = lobbies[-1].last_request if lobbies else None
        for lobby in lobbies:  # seen again as the screens above go: nothing more to do
            lobby.handed = False
        peer, self.peer = self.peer, None
        game = self.gate.state.game
        self.clear_notifications()  # the game's notices stay with the game
        while len(self.screen_stack) > 1:  # down to the name, under every screen
            await self.pop_screen()
        if peer is not None:
            await peer.close()
        self.gate.state = LobbyChoice()
        await self.arrive(self.gate.name, last)
        if peer is not None and peer.gives_seat and game is not None:
            self.seat_codes.pop(game, None)  # a code of a seat given away takes nothing back
            if await self.gift_kept(game):
                said = _("Your seat in game {game} goes to the next person who joins it.")
                self.notify(said.format(game=game), timeout=10)
            else:
                said = _(
                    "The server could not give your seat in game {game} away: it stays yours,"
                    " and j takes it back."
                )
                self.notify(said.format(game=game), severity="warning", timeout=10)

    async def gift_kept(self, game: str) -> bool:
        """Whether the server kept this tab's gift of its seat in ``game``, as its lobby lists
        the game: the seat no longer its player's (a disk that refused the gift leaves it theirs,
        and the tab said "goes to the next person" all the same)."""
        held = False
        for _tick in range(40):  # the lobby's list follows the host at once, or nearly
            lobbies = [s for s in self.screen_stack if isinstance(s, WebLobbyScreen)]
            lines = [line for line in lobbies[-1].games if line.id == game] if lobbies else []
            held = bool(lines) and lobbies[-1].holds_seat(lines[0])
            if lines and not held:
                return True
            await asyncio.sleep(0.05)
        return not held  # not listed (yet): as before, said given

    def end_leads_to_lobby(self) -> bool:
        return True

    def can_play_again(self) -> bool:
        """At the end of a game this tab had a seat in (r: ``play_again``)."""
        peer = self.peer
        return peer is not None and peer.seat is not None and bool(peer.game.over)

    def play_again(self) -> None:
        start_worker(self, self.next_game, exclusive=True, group="gate")

    async def next_game(self) -> None:
        """r at the end of a game: through the lobby, a seat in the game that follows it for
        its players (``lobbyproto.NextGame``: the one another of them opened, else a new one
        like it), as an SSH session's r does."""
        finished, password = self.gate.state.game, self.gate.state.password
        await self.back_to_lobby()
        lobby = self.screen
        if finished is not None and isinstance(lobby, WebLobbyScreen):
            lobby.go(lp.NextGame(game=finished, password=password))

    def can_watch_next(self) -> bool:
        """At the end of a game this tab watched, once a player opened the next one."""
        peer = self.peer
        return (
            peer is not None
            and peer.seat is None
            and bool(peer.game.over)
            and peer.next_game is not None
        )

    def watch_next(self) -> None:
        if self.can_watch_next():
            start_worker(self, self.watch_following, exclusive=True, group="gate")

    async def watch_following(self) -> None:
        """r at the end of a watched game: through the lobby, watch the game that follows it
        (with the finished game's password, which is the next one's too)."""
        following = self.peer.next_game if self.peer is not None else None
        password = self.gate.state.password
        await self.back_to_lobby()
        lobby = self.screen
        if following is not None and isinstance(lobby, WebLobbyScreen):
            lobby.go(lp.WatchGame(game=following, password=password))

    def seat_code(self) -> str | None:
        """This tab's seat's code (None while watching): worked out from the seat's token, as the
        lobby does, and shown only here, to the one who sits."""
        peer = self.peer
        if peer is None or peer.token is None or peer.seat is None:
            return None
        return spaced(seat_code_of(peer.token))


def refused_words(problem: Exception) -> str:
    """Why the game did not take this tab after the lobby said yes: its seats filled in the
    meantime (said as the lobby says it, in the player's language), the host's own reason
    (printable), or no answer."""
    if isinstance(problem, JoinRefused):
        if problem.code == p.E_FULL:
            return _("every seat is taken: watch instead")
        return printable(problem.message)
    return _("no answer")


def unreachable_words(problem: Exception) -> str:
    """Why the lobby could not be entered, in the player's words: the server's own reason
    when it refused (printable), else that it did not answer (Python's text is for the log)."""
    if isinstance(problem, JoinRefused):
        return printable(problem.message)
    if isinstance(problem, ConnectionClosed) and not isinstance(problem, CannotConnect):
        return _("The server closed the connection to the lobby: try again in a moment.")
    return _("The lobby does not answer: try again in a moment.")


async def run_session(gate: Gate) -> None:
    app = WebSessionApp(gate)
    try:
        await app.run_async()
    finally:
        if app.peer is not None:
            await app.peer.close()


def read_start() -> SessionStart:
    """The start line on stdin, read a byte at a time: what follows it is the web driver's."""
    line = bytearray()
    while len(line) <= START_LIMIT:
        byte = os.read(0, 1)
        if not byte:
            break
        if byte == b"\n":
            return SessionStart.decode(bytes(line))
        line += byte
    raise ValueError("no start line")


async def warm_up() -> None:
    """While this process waits for its session: load the game screen's code, and start an app
    nobody sees until its first screen is drawn (its CSS parsed, for the session's app)."""
    importlib.import_module("jetset_tui.screens.game")
    app = WebSessionApp(Gate(0, ""))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()


def main() -> int:
    """The process ``jetset web`` starts ahead: loaded, it waits for its session's start line
    (``SessionStart``) on stdin, then is that session's app."""
    asyncio.run(warm_up())
    os.write(1, READY)
    try:
        start = read_start()
    except ValueError:
        print("jetset web session: start it through `jetset web`", file=sys.stderr, flush=True)
        return 2
    os.environ["COLUMNS"], os.environ["ROWS"] = str(start.width), str(start.height)
    set_process_language(start.language)  # this process is this one browser session's
    asyncio.run(run_session(Gate(start.port, start.ticket)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The app one SSH session runs: the lobby, then the TUI's own game screen over a ``NetPeer``.

It is the local app (``JetSetApp``: its styles, F1 help, the game and end screens) with the
start screen replaced by the lobby, drawing through ``SshDriver`` on the session's channel, in
the session's colours, with nothing that touches the server's disk (no screenshots, no saves).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.filter import LineFilter
from textual.notifications import Notification, Notify
from textual.screen import Screen

import jetset_tui.app as tui_app
from jetset_tui.app import JetSetApp
from jetset_tui.i18n import N_, _
from jetset_tui.screens.chat import ChatScreen, notify_chat
from jetset_tui.screens.end_frame import EndFrame
from jetset_tui.screens.leave import StopScreen
from jetset_tui.ssh.colours import ReduceColours
from jetset_tui.ssh.driver import SshDriver, TerminalLink
from jetset_tui.ssh.lobby import Lobby
from jetset_tui.ssh.room import Room
from jetset_tui.ssh.screens.ask import CODE_INPUT_MAX, PASSWORD_MAX, AskScreen
from jetset_tui.ssh.screens.leave import LobbyStopScreen
from jetset_tui.ssh.screens.lobby import LobbyScreen
from jetset_tui.ssh.screens.new_game import GameRequest
from jetset_tui.ssh.screens.wait import WaitScreen
from jetset_tui.ssh.seating import LobbyError, Player
from jetset_tui.ssh.textual_private import force_truecolor, share_parsed_css
from jetset_tui.ssh.username import UserName, name_changes
from jetset_tui.table_screens import is_table_screen
from jetset_tui.textual_words import remote_commands
from jetset_tui.turn_bell import WAITED
from jetset_tui.workers import start_worker
from netcode.client import ChatMessage, ClientEvent, Problem
from netcode.peer import NetPeer
from netcode.peer_words import PLAYED_ELSEWHERE
from netcode.seatcode import spaced

CSS_FILE = str(Path(tui_app.__file__).with_name("jetset.tcss"))

GLANCE = 5.0
"""Seconds under which the wait for the last seats (which shows the seat's code) was too brief
to read: the code comes again in a notice over the game."""
IN_THE_LOBBY = "the lobby"
"""``joined_at`` of every SSH app: its games are joined, so q at a table asks before leaving
(``SshApp.leave_joined``), as `jetset join` does."""
T = TypeVar("T")


class SshApp(JetSetApp):
    """Jet Set for one SSH session."""

    HAS_TUTORIAL = False  # the help page leaves the tutorial out

    CSS_PATH = CSS_FILE
    BINDINGS: ClassVar[list[BindingType]] = [Binding("t", "table_chat", N_("Chat"))]
    shares_loop = True

    def __init__(
        self,
        link: TerminalLink,
        lobby: Lobby,
        player: Player,
        depth: str,
        language: str | None = None,
        given: UserName | None = None,
    ) -> None:
        """``language``: the session's (jetset_tui/ssh/session.py, ``client_language``);
        ``given``: the player's user name as their name (jetset_tui/ssh/username.py)."""
        super().__init__(bot_delay=lobby.bot_delay, language=language, joined_at=IN_THE_LOBBY)
        self.terminal_link = link
        self.driver_class = SshDriver
        self.lobby = lobby
        self.player = player
        self.given = given
        self.depth = depth
        # every SSH app renders in truecolor; ReduceColours adapts it to this client's terminal
        force_truecolor(self.console)
        share_parsed_css(self.stylesheet)
        self._reduce = ReduceColours(depth)
        self.current: tuple[Room, NetPeer] | None = None
        self.peers: set[NetPeer] = set()
        self._resumed = False
        self._kept_notice: Notification | None = None
        """The lobby's notice that the next game keeps a seat (``say_seat_kept``)."""
        self.seat_codes: dict[str, str] = {}
        """--open: the code of each seat this session sat in (by game), known to its player:
        taking the seat back in this session needs no code typed again."""

    def get_default_screen(self) -> LobbyScreen:
        """The lobby is the first screen, and the bottom of the stack: no screen under it to
        lay out and paint as well while a session starts."""
        return LobbyScreen(self.lobby, self.player)

    @on(events.Mount)
    def start_lobby(self, event: events.Mount) -> None:
        event.prevent_default()  # the lobby, not the local app's start screen
        self.call_after_refresh(self.tell_name_changes)

    def tell_name_changes(self) -> None:
        """A player whose user name was cut or cleaned, or (key mode) is another key's name
        here, is told what the lobby calls them."""
        said = name_changes(self.given) if self.given is not None else None
        if self.given is not None and self.player.name != self.given.name:
            said = _(
                "{wanted} is another key's name here, so the lobby calls you {name}; "
                "log in with that key to be {wanted}."
            ).format(wanted=self.given.name, name=self.player.name)
        if said is not None:
            self.notify(said, severity="warning", timeout=15, markup=False)

    def get_line_filters(self) -> list[LineFilter]:
        filters = list(super().get_line_filters())
        if self._reduce.enabled:
            filters.append(self._reduce)
        return filters

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from remote_commands(super().get_system_commands(screen))
        if self.held_code() is not None:  # --open: the notice that said it fades
            yield SystemCommand(
                _("Your seat code"),
                _("Say again the code that takes your seat back"),
                self.say_seat_code,
            )

    def say_seat_code(self) -> None:
        """--open, at a table: the seat's code again, for a player who did not write it down
        before its notice faded (a play test's killed terminal lost the seat with it)."""
        self.tell_seat_code(self.held_code())

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Screenshots would be written on the server: not over SSH."""

    def deliver_screenshot(self, *args: object, **kwargs: object) -> str | None:
        return None

    # -- into a game ------------------------------------------------------------------------

    async def create_game(self, request: GameRequest) -> None:
        room = self.make_room(request)
        if room is not None:
            await self.take_seat(room, request.password)

    def make_room(self, request: GameRequest) -> Room | None:
        """The game ``request`` asks for, made (None, and the refusal said, if it is not)."""
        try:
            return self.lobby.create(
                self.player,
                request.players,
                request.bots,
                request.password,
                game=request.game,
                options=request.options,
            )
        except (LobbyError, OSError) as exc:
            self.notify(str(exc), severity="error", markup=False)
            return None

    def join_game(self, room: Room) -> None:
        """Join ``room`` (asking for its password, or in --open mode your seat's code)."""
        if player_seat := room.members.get(self.player.identity):
            if self.lobby.open_mode and room.id not in self.seat_codes:
                self.ask(
                    _("The code of your seat {seat} in game {game}:").format(
                        seat=player_seat.seat + 1,  # counted from 1
                        game=room.id,
                    ),
                    partial(self.rejoin_with_code, room),
                    lambda peer: self.back_in(room, peer),
                    max_length=CODE_INPUT_MAX,
                    hint=_("8 letters and digits, shown when you sat down"),
                )
            else:
                start_worker(self, partial(self.rejoin, room), exclusive=True)
            return
        if room.private:
            self.ask(
                _("Game {game} is private. Its password:").format(game=room.id),
                lambda password: self.lobby.join(room, self.player, password),
                lambda seated: self.seated(room, *seated),
                secret=True,
                hint=_("the password the game was made with"),
            )
            return
        start_worker(self, partial(self.take_seat, room, None), exclusive=True)

    def ask(
        self,
        question: str,
        attempt: Callable[[str], Awaitable[T]],
        then: Callable[[T], None],
        *,
        secret: bool = False,
        max_length: int = PASSWORD_MAX,
        hint: str = "",
    ) -> None:
        """Ask ``question`` until ``attempt`` takes the answer (a wrong one is asked again), then
        go on with what it gave; ``hint`` shows in the empty answer field."""

        def answered(result: T | None) -> None:
            if result is not None:
                then(result)

        screen = AskScreen[T](question, attempt, secret=secret, max_length=max_length, hint=hint)
        self.push_screen(screen, answered)

    async def take_seat(self, room: Room, password: str | None) -> None:
        try:
            peer, code = await self.lobby.join(room, self.player, password)
        except LobbyError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        self.seated(room, peer, code)

    def seated(self, room: Room, peer: NetPeer, code: str | None) -> None:
        """In a seat: the game, and (--open) the seat's code, shown this once."""
        code = code if self.lobby.open_mode else None
        if code:
            self.seat_codes[room.id] = code
        self.enter(room, peer, code)

    def tell_seat_code(self, code: str | None) -> None:
        """The seat's code in a notice over the game (--open), for who did not read it in the
        wait for the last seats."""
        if code:
            message = _("Your seat code is {code}: with your name it takes this seat back.")
            message = message.format(code=spaced(code))  # as the leave question shows it
            self.call_after_refresh(self.notify, message, timeout=30)

    async def rejoin_with_code(self, room: Room, code: str) -> NetPeer:
        """Back in your seat with the code typed (--open); this session keeps it."""
        peer = await self.lobby.rejoin(room, self.player, code)
        # kept as the notice writes it (a goodbye said it back as typed: "scs7 r9gs")
        self.seat_codes[room.id] = "".join(ch for ch in code.upper() if ch.isalnum())
        return peer

    async def rejoin(self, room: Room) -> None:
        """Back in your seat (--open: with the code this session knows)."""
        try:
            peer = await self.lobby.rejoin(room, self.player, self.seat_codes.get(room.id))
        except LobbyError as exc:
            self.seat_codes.pop(room.id, None)  # asked for again next time
            self.notify(str(exc), severity="error", markup=False)
            return
        self.back_in(room, peer)

    def back_in(self, room: Room, peer: NetPeer) -> None:
        self.notify(_("Back in your seat in game {game}.").format(game=room.id))
        self.enter(room, peer, None)

    def watch_game(self, room: Room) -> None:
        """Watch ``room`` (a private one: with its password)."""
        if room.private:
            self.ask(
                _("Game {game} is private. Its password, to watch it:").format(game=room.id),
                lambda password: self.lobby.watch(room, self.player, password),
                lambda peer: self.enter(room, peer, None),
                secret=True,
                hint=_("the password the game was made with"),
            )
            return
        start_worker(self, partial(self._watch, room), exclusive=True)

    async def _watch(self, room: Room) -> None:
        try:
            peer = await self.lobby.watch(room, self.player)
        except LobbyError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        self.enter(room, peer, None)

    def enter(self, room: Room, peer: NetPeer, code: str | None) -> None:
        """Show the game (or the wait for its last seats)."""
        if self._kept_notice is not None:  # "f takes it": taken, or another game chosen
            self._unnotify(self._kept_notice)
            self._kept_notice = None
        self.current = (room, peer)
        self.peers.add(peer)
        peer.add_listener(self.on_peer_event)
        if peer.started_game.is_set() or peer.game.entries or peer.ended.is_set():
            self.play(peer)
            self.tell_seat_code(code)
            return
        shown = time.monotonic()

        def waited(started: bool | None) -> None:
            if started:
                self.play(peer)
                if time.monotonic() - shown < GLANCE:  # the wait's box came and went
                    self.tell_seat_code(code)
                if time.monotonic() - shown >= WAITED:  # the bell says the game began
                    self.bell()
            else:
                start_worker(self, peer.close)

        address = room.join_address(self.player.reached)
        self.push_screen(WaitScreen(room, peer, code, address), waited)

    def resume_seat(self) -> None:
        """A player who comes back lands in their seat (once, when the lobby first shows). In
        ``--open`` mode, where taking it back asks for the seat's code, the lobby's cursor goes
        to the game instead, and its line says that j takes the seat back: a question opened at
        once took the j a returning player typed, as the line said, for the code's first
        letter, and refused the code as a wrong try (a play test, five times of five)."""
        if self._resumed:
            return
        self._resumed = True
        where = self.lobby.seat_of(self.player.identity)
        if where is None:
            return
        room = where[0]
        if self.lobby.open_mode and room.id not in self.seat_codes:
            if isinstance(self.screen, LobbyScreen):
                self.screen.choose_held_seat()
            return
        self.join_game(room)

    def back_in_lobby(self) -> None:
        """The game screen closed (and with it the peer): tell the lobby."""
        if self.current is not None and isinstance(self.screen, LobbyScreen):
            room, peer = self.current
            if room.table.over and peer.seat is not None and not peer.lost:
                self.say_seat_kept(room)
            self.current = None
            peer.remove_listener(self.on_peer_event)
            self.peers.discard(peer)
            if peer.gives_seat:
                start_worker(self, partial(self.give_seat, room, peer))
            else:
                start_worker(self, peer.close)
            self.lobby.left(room, peer, self.player.identity)

    async def give_seat(self, room: Room, peer: NetPeer) -> None:
        """Leave ``room``'s table giving the seat to whoever joins next (q, o), and say where it
        went once its host has heard: given (the lobby forgets it was this player's), or still
        this player's (the server could not keep the gift: its disk refused)."""
        seat, identity = peer.seat, self.player.identity
        held = room.host.seat_conns.get(seat) if seat is not None else None
        await peer.close()
        for _tick in range(100):  # the host reads the leave on this loop: at once, or nearly
            if identity not in room.members or room.host.seat_conns.get(seat or 0) is not held:
                break
            await asyncio.sleep(0.05)
        if identity not in room.members:
            self.seat_codes.pop(room.id, None)  # a code of a seat no longer theirs
            self.clear_notifications()  # its code's notice said it took the seat back
            said = _("Your seat in game {game} goes to the next person who joins it.")
            self.notify(said.format(game=room.id), timeout=10)
        else:
            said = _(
                "The server could not give your seat in game {game} away: it stays yours, and"
                " j takes it back."
            )
            self.notify(said.format(game=room.id), severity="warning", timeout=10)

    def connection_went(self) -> None:
        """The session's connection went without the player's q (a killed terminal): its
        tables hear a lost connection, not a player leaving (``NetPeer.leaves_on_close``)."""
        for peer in self.peers:
            peer.leaves_on_close = False

    def table_lost(self, peer: NetPeer) -> None:
        """The game this session sat at is out of its reach for good (another session took
        its seat, or the game closed): back to the lobby, saying why. It stayed on a board
        that took no move and sent no chat."""
        if self.current is None or self.current[1] is not peer:
            return
        room = self.current[0]
        while len(self.screen_stack) > 1 and not isinstance(self.screen, LobbyScreen):
            self.pop_screen()  # the lobby, resumed, lets go of the peer (back_in_lobby)
        if peer.lost == PLAYED_ELSEWHERE:
            said = _("Another session of yours took your seat in game {game}: back in the lobby.")
        else:
            said = _("Game {game} can no longer be reached from here: back in the lobby.")
        self.notify(said.format(game=room.id), severity="warning", timeout=10)

    # -- the next game -----------------------------------------------------------------------

    def finished_seat(self) -> Room | None:
        """The game over on this screen, if this player had a seat in it."""
        if self.current is None:
            return None
        room, peer = self.current
        return room if room.table.over and peer.seat is not None else None

    def can_play_again(self) -> bool:
        return self.finished_seat() is not None

    def say_seat_kept(self, room: Room) -> None:
        """From the end of a game this player sat at, back to the lobby: its notices go (their
        r is the end's key), and if its next game keeps a seat for them, f takes it."""
        self.clear_notifications()
        following = self.lobby.rooms.get(room.next_game or "")
        if following is None or self.player.identity not in following.kept_for:
            return
        if following.seats_kept(time.monotonic()) and self.player.identity not in following.members:
            said = _("Game {game}, the next game of your table, keeps a seat for you: f takes it.")
            notice = Notification(said.format(game=following.id), timeout=30, markup=False)
            self._kept_notice = notice
            self.post_message(Notify(notice))

    def end_leads_to_lobby(self) -> bool:
        return True

    def play_again(self) -> None:
        """r at the end of a game played here: a seat in the next game of its seats."""
        room = self.finished_seat()
        if room is not None:
            start_worker(self, partial(self.next_game, room), exclusive=True)

    async def next_game(self, room: Room) -> None:
        """A seat in the game that follows ``room`` for its players (``Lobby.next_room``: the
        one another of them opened, else a new one like it, whose host tells the others at its
        end: ``JetSetApp.next_game_opened``)."""
        try:
            following = self.lobby.next_room(room, self.player)
        except (LobbyError, OSError) as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        await self.leave_finished()
        await self.take_seat(following, following.password)

    def watched_next(self) -> Room | None:
        """The game that follows the finished one this session watches, once one of its
        players opened it (``Lobby.next_room``)."""
        if self.current is None:
            return None
        room, peer = self.current
        if peer.seat is not None or not room.table.over:
            return None
        return self.lobby.rooms.get(room.next_game or "")

    def can_watch_next(self) -> bool:
        return self.watched_next() is not None

    def watch_next(self) -> None:
        """r at the end of a game watched here: watch the game that follows it."""
        following = self.watched_next()
        if following is not None:
            start_worker(self, partial(self.watch_following, following), exclusive=True)

    async def watch_following(self, following: Room) -> None:
        """From a watched game's end to the next game of its seats, watched (its password is
        the finished game's, which this spectator gave to watch that one)."""
        await self.leave_finished()
        try:
            peer = await self.lobby.watch(following, self.player, following.password)
        except LobbyError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        self.enter(following, peer, None)

    async def leave_finished(self) -> None:
        """From a finished game's end to the lobby, letting go of its peer (and of the notices
        of that game)."""
        self.clear_notifications()
        while len(self.screen_stack) > 1 and not isinstance(self.screen, LobbyScreen):
            await self.pop_screen()
        self.back_in_lobby()

    # -- out of a game ----------------------------------------------------------------------

    def leave_joined(self) -> None:
        """q at a table: ask (the seat stays yours, and how it comes back; or o gives it to
        whoever joins the game next), then back to the lobby; once the game is over, back at
        once."""
        if isinstance(self.screen, StopScreen):
            return
        tables = [screen for screen in self.screen_stack if is_table_screen(screen)]
        if not tables:
            return
        table = tables[-1]
        while self.screen is not table:
            self.pop_screen()  # a help, plan or chat screen over the game
        session: Any = getattr(table, "session", None)  # every game's table holds its session
        if session is None or session.game.over:
            self.pop_screen()
            return

        watching = not session.local_seats
        screen = LobbyStopScreen(self.held_code(), watching=watching)

        def chosen(leave: bool | None) -> None:
            if leave and self.screen is table:
                if screen.gives and isinstance(session, NetPeer):
                    session.gives_seat = True  # its close says so (``back_in_lobby``)
                self.pop_screen()

        self.push_screen(screen, chosen)

    def codes_to_keep(self) -> list[tuple[str, str]]:
        """--open: each unfinished game where this session's name holds a seat whose code it
        knows, with the code, for the goodbye to say again (``session.seat_code_lines``)."""
        if not self.lobby.open_mode:
            return []
        held = []
        for room_id, code in self.seat_codes.items():
            room = self.lobby.rooms.get(room_id)
            if room is not None and not room.table.over and self.player.identity in room.members:
                held.append((room_id, code))
        return held

    def seats_kept(self) -> list[str]:
        """Without --open: each unfinished game where this player's key holds a seat, for the
        goodbye to say it is kept (a play test's Ctrl+Q from a game closed the window with
        nothing said: ``session.seat_kept_lines``)."""
        if self.lobby.open_mode:
            return []
        identity = self.player.identity
        rooms = self.lobby.rooms.values()
        return [room.id for room in rooms if identity in room.members and not room.table.over]

    def held_code(self) -> str | None:
        """--open: the code of the seat this session plays in now, if it knows it."""
        if self.current is None or not self.lobby.open_mode:
            return None
        return self.seat_codes.get(self.current[0].id)

    async def action_quit(self) -> None:
        """Ctrl+Q: the session ends (its seats stay their players')."""
        await App.action_quit(self)

    async def close_peers(self) -> None:
        """The session ends: leave every game."""
        for peer in list(self.peers):
            await peer.close()
        if self.current is not None:
            self.lobby.left(*self.current, self.player.identity)
            self.current = None
        self.peers.clear()

    # -- the table's chat -------------------------------------------------------------------

    def on_peer_event(self, event: ClientEvent) -> None:
        """A chat line where no screen shows it (a table screen, or an end screen keeping the
        table, shows its own): a notification. The game out of this session's reach for good:
        back to the lobby (``table_lost``)."""
        if isinstance(event, Problem) and self.current is not None:
            peer = self.current[1]
            if peer.lost is not None and not peer.game.over:  # an end screen stays up
                self.call_later(self.table_lost, peer)
            return
        if not isinstance(event, ChatMessage) or isinstance(self.screen, ChatScreen):
            return
        if not any(shows_chat(screen) for screen in self.screen_stack):
            self.call_later(notify_chat, self, event)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "table_chat":  # not over a table's own chat key (Jet Lag's is c: t plays)
            own_chat = hasattr(self.screen, "action_chat")
            return (
                self.current is not None
                and not isinstance(self.screen, ChatScreen)
                and not own_chat
            )
        return super().check_action(action, parameters)

    def action_table_chat(self) -> None:
        if self.current is not None and not isinstance(self.screen, ChatScreen | LobbyScreen):
            self.push_screen(ChatScreen(self.current[1]))


def shows_chat(screen: Screen[Any]) -> bool:
    """Whether ``screen`` shows the table's chat lines itself: a table screen of either game, or
    an end screen that keeps the table (``EndFrame.keep_table``)."""
    return is_table_screen(screen) or (isinstance(screen, EndFrame) and screen.table is not None)

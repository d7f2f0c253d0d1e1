"""One SSH session channel of ``jetset ssh-server`` (``GameSession``) and its life: with a
terminal, one Textual app drawing through ``SshDriver`` (its input fed within the session's
budget, its frames dropped while the client does not read, an idle or stalled client
disconnected); the ``jetset`` subsystem, the protocol itself (``subsystem.ProtocolLink``);
anything else refused. The language the app opens in: ``client_language``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import asyncssh

from jetset_tui.i18n import N_, _, current_language, language_from_env, ngettext, use_language
from jetset_tui.ssh.colours import colour_depth
from jetset_tui.ssh.driver import TerminalLink, clamp_size
from jetset_tui.ssh.limits import InputBudget
from jetset_tui.ssh.subsystem import ProtocolLink
from jetset_tui.ssh.username import name_refusal
from netcode import protocol as p
from netcode.connection import Bucket
from netcode.framing import encode
from netcode.lobbyproto import SUBSYSTEM
from netcode.seatcode import spaced

if TYPE_CHECKING:
    from jetset_tui.ssh.app import SshApp
    from jetset_tui.ssh.connection import Connection

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")

log = logging.getLogger("jetset.ssh")


Goodbye = Callable[[], str]
"""Why a session ends, said in the current language."""


def say_nothing() -> str:
    return ""


def app_failed_goodbye() -> str:
    return _(
        "Something went wrong on the server, and it closed this window. Your seat is kept: "
        "connect again to go on."
    )


def not_reading() -> str:
    """For the server's log only: the player reads nothing more."""
    return "not reading"


def idle_goodbye(seconds: int) -> str:
    return ngettext(
        "Nothing typed for {n} second: disconnected.",
        "Nothing typed for {n} seconds: disconnected.",
        seconds,
    ).format(n=seconds)


def seat_code_lines(
    codes: list[tuple[str, str]], language: str | None, kept_minutes: int | None
) -> list[str]:
    """--open: the goodbye says again the code of each seat the player's name still holds
    (``SshApp.codes_to_keep``): it was shown once, in a notice that fades, and a player dropped
    for idling who missed it could not come back. And how long a game with no one connected is
    kept (``--keep-games``): a fix's check came back after it had closed."""
    said = N_("Your seat in game {game} is yours again with your name and its code {code}.")
    with use_language(language or current_language()):
        lines = [_(said).format(game=game, code=spaced(code)) for game, code in codes]
        if lines and kept_minutes is not None:  # None: the server is stopping
            lines.append(kept_for(kept_minutes))
        return lines


def seat_kept_lines(games: list[str], language: str | None, kept_minutes: int) -> list[str]:
    """Without --open: the goodbye says that each seat the player's key holds is kept for them
    (``SshApp.seats_kept``), and for how long a game with no one connected is kept."""
    said = N_("Your seat in game {game} is kept: connect again with this key to play on.")
    with use_language(language or current_language()):
        lines = [_(said).format(game=game) for game in games]
        if lines:
            lines.append(kept_for(kept_minutes))
        return lines


def kept_for(minutes: int) -> str:
    """How long a game no one is connected to is kept (``--keep-games``), translated."""
    return ngettext(
        "A game is kept {n} minute once no one is connected to it.",
        "A game is kept {n} minutes once no one is connected to it.",
        minutes,
    ).format(n=minutes)


def client_language(env: Mapping[str, object], remembered: str | None) -> str | None:
    """The language a session opens in: the one its player chose in the lobby before, else the
    one their SSH client's environment asks for (OpenSSH sends LANG and LC_*), else None (the
    server's own). The client's values only ever pick among the languages we offer."""
    if remembered:
        return remembered
    asked = {name: v for name, v in env.items() if name in LOCALE_VARIABLES and isinstance(v, str)}
    return language_from_env(asked) if any(asked.values()) else None


TERMINAL_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
"""What a terminal type is made of (``xterm-256color``, ``screen.xterm-256color``, ``rxvt+x``)."""


def terminal_name(asked: str) -> str:
    """The client's terminal type, or ``xterm`` for anything that is no terminal's name (it is
    written in the server's log: a type holding a line break would forge lines there)."""
    return asked if TERMINAL_NAME.fullmatch(asked) else "xterm"


class GameSession(asyncssh.SSHServerSession[bytes], TerminalLink):
    """One SSH session channel running one app."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.server = connection.server
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.app: Any = None
        self.finished = asyncio.Event()
        self.last_input = time.monotonic()
        self.paused = False
        self.dropped = 0
        self.sent = 0
        self.started_at = time.monotonic()
        self.first_frame_at: float | None = None
        self._idle: asyncio.TimerHandle | None = None
        self._stall: asyncio.TimerHandle | None = None
        self._closing: Goodbye | None = None
        """Why the session ends (``end``), once it does."""

        self._task: asyncio.Task[None] | None = None
        c = self.server.config
        self.budget = InputBudget(c.input_bytes_per_second, c.input_events_per_second)
        self.resizes = Bucket(c.resizes_per_second, c.resize_burst)
        self._resize_later: asyncio.TimerHandle | None = None
        self.inbox = bytearray()
        self.throttled = 0
        """How many times reading stopped because the input budget was spent."""
        self._pump_later: asyncio.TimerHandle | None = None
        self.link: ProtocolLink | None = None
        """The ``jetset`` subsystem's conversation, when that is what this session is."""
        self.started = False
        """Whether the client asked for a shell or the subsystem (a channel opened with no
        request is no game session, and the connection's grace closes it)."""

    # -- asyncssh callbacks -----------------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        chan.set_write_buffer_limits(high=self.server.config.output_high_water)

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any
    ) -> bool:
        self.term = terminal_name(term_type)
        self.size = clamp_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        log.warning("%s: exec refused: %r", self.connection.address, command[:80])
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        if subsystem == SUBSYSTEM and self.chan is not None and self.link is None:
            self.link = ProtocolLink(self, self.chan)
            return True
        log.warning("%s: subsystem %r refused", self.connection.address, subsystem[:40])
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def session_started(self) -> None:
        assert self.chan is not None
        self.started = True
        if self.link is not None:
            self._start_link(self.link)
            return
        if self.term is None:
            self._refuse("Jet Set needs a terminal: connect with `ssh -t`.")
            return
        conn = self.connection
        known_by_name = not self.server.lobby.proven(conn.player.identity)
        if refusal := name_refusal(conn.given, known_by_name=known_by_name):
            log.warning("%s: the name %r refused", conn.address, conn.given.name)
            self._refuse(self.in_client_language(refusal))
            return
        if len(self.server.sessions) >= self.server.config.max_sessions:
            log.warning("%s: the server is full", self.connection.address)
            self._refuse("The Jet Set server is full; try again later.")
            return
        self.server.sessions.add(self)
        self._task = asyncio.ensure_future(self._run())

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.last_input = time.monotonic()
        if self.link is not None:
            self.link.data_received(data)
            return
        if self.driver is None or self._closing is not None:
            return
        self.inbox += data
        if self._pump_later is None:  # else reading waits for the budget, and so does this
            self._pump()

    def _pump(self) -> None:
        """Feed the app what the input budget allows; stop reading the channel until the rest
        may go (the client's SSH window fills, and it waits)."""
        self._pump_later = None
        driver, chan = self.driver, self.chan
        if driver is None or chan is None or self._closing is not None:
            self.inbox.clear()
            return
        while self.inbox and (allowed := self.budget.allowed_bytes()) > 0:
            chunk = bytes(self.inbox[:allowed])
            del self.inbox[:allowed]
            self.budget.spend(len(chunk), driver.feed(chunk))
            if self._closing is not None:
                return
        if self.inbox or self.budget.allowed_bytes() == 0:
            if self._pump_later is None:
                self.throttled += 1
                chan.pause_reading()
                wait = self.budget.wait()
                self._pump_later = asyncio.get_running_loop().call_later(wait, self._pump)
        else:
            chan.resume_reading()

    def input_failed(self, exc: Exception) -> None:
        """The terminal's input could not be parsed: close the session, once, quietly."""
        if self._closing is not None:
            return
        address = self.connection.address
        log.warning("%s: unreadable terminal input (%s), session closed", address, exc)
        self.server.admission.penalise(address, "broke")
        self.inbox.clear()
        self.end(lambda: _("The server could not read your terminal's input."))

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        """The client's window changed size: laid out once a burst of changes settles, at its
        last size; a client that sends more than ``resizes_per_second`` is closed."""
        self.size = clamp_size(width, height)
        if not self.resizes.take():
            self.resized_too_often()
            return
        if self.driver is not None and self._resize_later is None and self._closing is None:
            settle = self.server.config.resize_settle
            self._resize_later = asyncio.get_running_loop().call_later(settle, self._apply_size)

    def _apply_size(self) -> None:
        self._resize_later = None
        if self.driver is not None and self._closing is None:
            self.driver.resize(*self.size)

    def resized_too_often(self) -> None:
        """Window-size changes past the cap: close the session, once (a flood of them is no
        terminal's)."""
        if self._closing is not None:
            return
        address = self.connection.address
        log.warning("%s: window size changed too often, session closed", address)
        self.server.admission.penalise(address, "broke")
        if self._task is None and self.link is None:  # no game yet: only the connection to close
            self._closing = say_nothing
            self._refuse("Your terminal changed its size too often: disconnected.")
            return
        self.end(lambda: _("Your terminal changed its size too often: disconnected."))

    def eof_received(self) -> bool:
        if self.link is not None:
            self.link.eof()
            return True
        self.connection_went()
        self.end(None)
        return False

    def connection_went(self) -> None:
        """The client went without the player's q (its terminal closed, its network dropped):
        the tables hear a lost connection and wait for them, not a player leaving (a play
        test's killed terminal read "eve has left the table")."""
        if self.app is not None:
            self.app.connection_went()

    def connection_lost(self, exc: Exception | None) -> None:
        self.connection_went()
        self.end(None)

    def pause_writing(self) -> None:
        self.paused = True
        if self.link is not None:
            self.link.transport.pause_writing()
        if self._stall is None:
            wait = self.server.config.stall_timeout
            self._stall = asyncio.get_running_loop().call_later(wait, self._stalled)

    def resume_writing(self) -> None:
        self.paused = False
        if self.link is not None:
            self.link.transport.resume_writing()
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None
        if self.dropped and self.driver is not None:
            self.driver.repaint()

    # -- TerminalLink -----------------------------------------------------------------------

    def send(self, data: bytes) -> None:
        chan = self.chan
        if chan is None:
            return
        if self.paused:
            self.dropped += 1  # the client is not reading: drop, repaint when it drains
            return
        if self.first_frame_at is None and len(data) > 200:
            self.first_frame_at = time.monotonic()
            self.server.collector.soon()
        self.sent += len(data)
        with contextlib.suppress(OSError, asyncssh.Error):
            chan.write(data)

    # -- life -------------------------------------------------------------------------------

    def _refuse(self, line: str) -> None:
        assert self.chan is not None
        with contextlib.suppress(OSError, asyncssh.Error):
            self.chan.write(f"{line}\r\n".encode())
            self.chan.exit(1)
        self._close_connection_soon()
        self.finished.set()

    def in_client_language(self, say: Callable[[], str]) -> str:
        """What ``say`` says, in the language the client's environment asks for."""
        env = self.chan.get_environment() if self.chan is not None else {}
        with use_language(client_language(env, None) or current_language()):
            return say()

    def _close_connection_soon(self) -> None:
        """One session per connection: when it ends, so does the connection (after the last
        bytes had a moment to leave)."""
        conn = self.connection.conn
        if conn is not None:
            asyncio.get_running_loop().call_later(0.5, conn.close)

    async def _run(self) -> None:
        from jetset_tui.ssh.app import SshApp

        assert self.chan is not None
        conn = self.connection
        depth = colour_depth(self.term or "", self.chan.get_environment())
        log.info(
            "%s: session for %s, %s %dx%d, %s colours",
            conn.address,
            conn.username,
            self.term,
            *self.size,
            depth,
        )
        self._arm_idle(self.server.config.idle_timeout)
        language = self._language()
        self.app = SshApp(self, self.server.lobby, conn.player, depth, language, conn.given)
        try:
            await self.app.run_async(size=self.size)
        except Exception:
            log.exception("%s: the app failed", conn.address)
        else:
            self._note_a_failure(self.app)
        finally:
            await self._after()

    def _note_a_failure(self, app: SshApp) -> None:
        """An error in one of the app's handlers ends it: Textual prints the traceback to the
        server's console and returns; it goes to the server's log too (it said only "session
        ended"), and the player is told their seat is kept."""
        failure = getattr(app, "_exception", None)
        if failure is None:
            return
        log.error("%s: the app failed", self.connection.address, exc_info=failure)
        if self._closing is None:
            self._closing = app_failed_goodbye

    def _language(self) -> str | None:
        """The player's language: the one they last chose in the lobby (key i), else their
        terminal's ``LANG`` among those offered."""
        assert self.chan is not None
        conn = self.connection
        remembered = self.server.lobby.remembered.language_of(conn.player.identity)
        return client_language(self.chan.get_environment(), remembered)

    def _goodbye(self, language: str | None) -> str:
        """Why the session ended, in ``language`` ('' when nothing is to be said)."""
        if self._closing is None:
            return ""
        with use_language(language or current_language()):
            return self._closing()

    async def _after(self) -> None:
        codes = self.app.codes_to_keep() if self.app is not None else []
        kept = self.app.seats_kept() if self.app is not None else []
        with contextlib.suppress(Exception):
            await self.app.close_peers()
        self.server.sessions.discard(self)
        for handle in (self._idle, self._stall, self._pump_later, self._resize_later):
            if handle is not None:
                handle.cancel()
        chan = self.chan
        if chan is not None:
            with contextlib.suppress(OSError, asyncssh.Error):
                language = self._language()
                goodbye = self._goodbye(language)
                # the codes of seats still held, whatever ended the session (q in the lobby
                # too: a play test's player left with none said, and could not come back)
                minutes = max(1, round(self.server.lobby.limits.abandoned_after / 60))
                stopping = self.server.shutting_down  # the goodbye says the games come back
                held = seat_code_lines(codes, language, None if stopping else minutes)
                held += [] if stopping else seat_kept_lines(kept, language, minutes)
                lines = [*([goodbye] if goodbye else []), *held]
                if lines:
                    chan.write(("\r\n" + "\r\n".join(lines) + "\r\n").encode())
                chan.exit(0)
        why = self._goodbye("en")
        log.info("%s: session ended%s", self.connection.address, f" ({why})" if why else "")
        self.app = self.driver = None  # nothing here keeps the app's memory any longer
        self.server.collector.soon()
        self._close_connection_soon()
        self.finished.set()

    def end(self, why: Goodbye | None) -> None:
        """Stop the app. ``why`` says why in the current language: it is said to the player in
        theirs if they are still there, and in English in the server's log."""
        if self._closing is None:
            self._closing = why or say_nothing
        if self.link is not None:
            self.link.end()
            return
        app = self.app
        if app is not None and app.is_running:
            app.exit()
        elif self._task is None:
            self.finished.set()

    # -- the ``jetset`` subsystem -----------------------------------------------------------

    def _start_link(self, link: ProtocolLink) -> None:
        if len(self.server.sessions) >= self.server.config.max_sessions:
            log.warning("%s: the server is full", self.connection.address)
            with contextlib.suppress(OSError, asyncssh.Error):
                full = p.error_message(p.E_BUSY, "the server is full; try again later", fatal=True)
                link.transport.write(encode(full))
                link.transport.close()
            self._close_connection_soon()
            self.finished.set()
            return
        self.server.sessions.add(self)
        link.start()

    def subsystem_ended(self) -> None:
        """The subsystem's conversation is over: so is the session, and the connection."""
        self.server.sessions.discard(self)
        for handle in (self._stall, self._pump_later):
            if handle is not None:
                handle.cancel()
        self._close_connection_soon()
        self.finished.set()

    def _arm_idle(self, after: float) -> None:
        self._idle = asyncio.get_running_loop().call_later(after, self._check_idle)

    def _check_idle(self) -> None:
        limit = self.server.config.idle_timeout
        idle = time.monotonic() - self.last_input
        if idle >= limit:
            log.info("%s: idle for %.0f s, disconnected", self.connection.address, idle)
            self.end(lambda: idle_goodbye(round(limit)))
        else:
            self._arm_idle(limit - idle)

    def _stalled(self) -> None:
        self._stall = None
        if self.paused:
            log.warning("%s: not reading its output, disconnected", self.connection.address)
            self._closing = not_reading
            if self.chan is not None:
                self.chan.abort()
            self.end(not_reading)

"""``jetset ssh-server``: everyone who connects with ``ssh`` gets the game in their own terminal.

One asyncssh server; one Textual app per SSH session, inside this process, drawing through
``SshDriver`` on the session's channel (no subprocess, no pseudo-terminal on the server). Only the
game is served: a shell request with a terminal starts the app; the ``jetset`` subsystem carries the
protocol itself (``subsystem.ProtocolLink``, for ``jetset join ssh://``); exec and every other
subsystem (SFTP) are refused here, forwarding by asyncssh's own defaults; a session without a
terminal gets one line and is closed. Limits (docs/security.md): admission like OpenSSH's
(``limits.Admission``), sessions in all, a short login grace, idle time, an input budget per session
(reading stops while it is spent), the terminal size clamped, and output a client does not read
(frames are dropped while the channel is full and the screen is repainted when it drains; a client
stalled for ``stall_timeout`` is disconnected). Before it listens, a lobby app nobody sees loads
the game's code (``warmup``); full garbage collections are not left to run in the middle of
arrivals (``collector.Collector``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from jetset_tui.i18n import language_from_env
from jetset_tui.ssh.collector import Collector
from jetset_tui.ssh.colours import colour_depth
from jetset_tui.ssh.driver import TerminalLink, clamp_size
from jetset_tui.ssh.keys import key_fingerprint, read_authorized_keys
from jetset_tui.ssh.limits import Admission, AdmissionRules, InputBudget
from jetset_tui.ssh.lobby import Lobby, LobbyLimits
from jetset_tui.ssh.seating import Player
from jetset_tui.ssh.subsystem import ProtocolLink
from jetset_tui.ssh.textual_private import keep_stdout
from jetset_tui.ssh.warmup import warm_up
from netcode import protocol as p
from netcode.framing import encode
from netcode.lobbyproto import SUBSYSTEM
from netcode.userdirs import ssh_games_dir, ssh_host_key_path

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")

log = logging.getLogger("jetset.ssh")

NAME_RE = re.compile(r"[^A-Za-z0-9_.-]")


@dataclass
class SshConfig:
    """Everything ``jetset ssh-server`` can be told."""

    bind: str = "127.0.0.1"
    port: int = 2222
    host_key: Path | None = None
    authorized_keys: Path | None = None
    open_mode: bool = False
    max_sessions: int = 64
    max_per_address: int = 8
    idle_timeout: float = 1800.0
    login_timeout: float = 10.0
    """Seconds to authenticate (OpenSSH's LoginGraceTime, shorter)."""
    admission: AdmissionRules = field(default_factory=AdmissionRules)
    """Caps on not-yet-authenticated connections and per address, penalties (``max_per_address``
    overrides its ``per_address``)."""
    input_bytes_per_second: float = 8192.0
    input_events_per_second: float = 100.0
    """What one session may type: bursts of twice these, then reading stops until it is back."""
    window: int = 64 * 1024
    """Bytes a client may send ahead of what the server has read (the SSH channel window)."""
    lobby: LobbyLimits = field(default_factory=LobbyLimits)
    stall_timeout: float = 60.0
    """Seconds a client may leave its channel full before it is disconnected."""
    output_high_water: int = 256 * 1024
    """Bytes waiting for a client before frames are dropped."""
    warm_up: bool = True
    """Start one lobby app nobody sees before listening, so the first arrivals find the game's
    code loaded and its CSS parsed (``warmup.warm_up``)."""
    collect_after: float = 5.0
    """Seconds after a session starts or ends before a full garbage collection (``Collector``)."""
    keepalive: float = 60.0
    games_dir: Path | None = None
    bot_delay: float = 0.6
    fsync: bool = True
    tcp_bind: str | None = None
    """Also let ``jetset join`` players into each game, on a free port of this address."""
    extra: dict[str, Any] = field(default_factory=dict)


def load_host_key(path: Path | None) -> tuple[asyncssh.SSHKey, Path]:
    """The server's host key: read it, or make one (ed25519, mode 0600) on first run."""
    path = path or ssh_host_key_path()
    if path.exists():
        return asyncssh.read_private_key(path), path
    path.parent.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="jetset ssh-server")
    data = key.export_private_key()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    log.info("generated a host key in %s (%s)", path, key.get_fingerprint())
    return key, path


def client_language(env: Mapping[str, object], remembered: str | None) -> str | None:
    """The language a session opens in: the one its player chose in the lobby before, else the
    one their SSH client's environment asks for (OpenSSH sends LANG and LC_*), else None (the
    server's own). The client's values only ever pick among the languages we offer."""
    if remembered:
        return remembered
    asked = {name: v for name, v in env.items() if name in LOCALE_VARIABLES and isinstance(v, str)}
    return language_from_env(asked) if any(asked.values()) else None


def clean_name(username: str) -> str:
    name = NAME_RE.sub("", username)[:16]
    return name or "player"


class GameServer:
    """The SSH server and its lobby."""

    def __init__(self, config: SshConfig) -> None:
        self.config = config
        self.lobby = Lobby(
            config.games_dir or ssh_games_dir(),
            open_mode=config.open_mode,
            bot_delay=config.bot_delay,
            fsync=config.fsync,
            tcp_bind=config.tcp_bind,
            limits=config.lobby,
        )
        self.sessions: set[GameSession] = set()
        rules = dataclasses.replace(
            config.admission,
            per_address=config.max_per_address,
            total=config.max_sessions + config.max_per_address,
        )
        self.admission = Admission(rules)
        self.collector = Collector(config.collect_after)
        self.authorized: asyncssh.SSHAuthorizedKeys | None = None
        self._server: asyncssh.SSHAcceptor | None = None
        self.host_key_path: Path | None = None
        self.warmed = False

    @property
    def port(self) -> int:
        assert self._server is not None
        return int(self._server.get_port())

    async def start(self) -> None:
        keep_stdout()
        c = self.config
        if c.warm_up:
            self.warmed = await warm_up(self.lobby)
        key, self.host_key_path = load_host_key(c.host_key)
        if c.authorized_keys is not None:
            self.authorized = read_authorized_keys(c.authorized_keys)
        self._server = await asyncssh.listen(
            c.bind,
            c.port,
            server_factory=lambda: Connection(self),
            server_host_keys=[key],
            authorized_client_keys=self.authorized,
            line_editor=False,
            encoding=None,
            allow_pty=True,
            allow_scp=False,
            agent_forwarding=False,
            x11_forwarding=False,
            sftp_factory=None,
            login_timeout=c.login_timeout,
            keepalive_interval=c.keepalive,
            keepalive_count_max=3,
            window=c.window,
        )
        self.lobby.start()
        self.collector.start()
        mode = "open" if c.open_mode else ("authorized keys" if self.authorized else "any key")
        log.info(
            "listening on %s:%d (%s), host key %s", c.bind, self.port, mode, key.get_fingerprint()
        )

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for session in list(self.sessions):
            session.end("the server is shutting down")
        for session in list(self.sessions):
            await session.finished.wait()
        await self.lobby.close()
        self.collector.stop()

    async def serve_forever(self) -> None:
        assert self._server is not None
        await self._server.wait_closed()


class Connection(asyncssh.SSHServer):
    """One SSH connection: authentication, limits, and at most one game session."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.reached = ""
        self.username = "player"
        self.fingerprint: str | None = None
        self.session: GameSession | None = None
        self.counted = False
        self.authenticated = False
        self.auth_failures = 0
        self._grace: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        local = conn.get_extra_info("sockname")
        self.reached = str(local[0]) if local else ""
        why = self.server.admission.refusal(self.address)
        if why is not None:
            log.warning("%s: refused (%s)", self.address, why)
            asyncio.get_running_loop().call_soon(conn.abort)
            return
        self.counted = True
        self.server.admission.arrived(self.address)
        log.info("%s: connected", self.address)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._grace is not None:  # it holds this connection, its session and app
            self._grace.cancel()
            self._grace = None
        if self.counted:
            self.counted = False
            admission = self.server.admission
            admission.left(self.address, authenticated=self.authenticated)
            if not self.authenticated:
                grace = isinstance(exc, asyncssh.ConnectionLost) and "timeout" in str(exc)
                why = "grace" if grace else "authfail" if self.auth_failures else "noauth"
                admission.penalise(self.address, why)
        if self.session is not None:
            self.session.end(None)
        log.info("%s: disconnected%s", self.address, f" ({exc})" if exc else "")

    # -- authentication ---------------------------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        self.username = clean_name(username)
        return not self.server.config.open_mode

    def public_key_auth_supported(self) -> bool:
        return not self.server.config.open_mode

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """A key asyncssh did not find in the authorized list (any key, without a list)."""
        if self.server.authorized is not None:
            log.info("%s: key %s not authorized", self.address, key.get_fingerprint())
            self.auth_failures += 1
            return False
        self.fingerprint = key.get_fingerprint()
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def auth_completed(self) -> None:
        if self.conn is not None and self.fingerprint is None:
            self.fingerprint = key_fingerprint(self.conn)
        self.authenticated = True
        if self.counted:
            self.server.admission.authenticated(self.address)
        # an authenticated connection that opens no game session is not kept either
        grace = self.server.config.login_timeout
        self._grace = asyncio.get_running_loop().call_later(grace, self._no_session)
        log.info(
            "%s: %s authenticated (%s)", self.address, self.username, self.fingerprint or "open"
        )

    def _no_session(self) -> None:
        self._grace = None
        if self.session is None and self.conn is not None and self.counted:
            log.info("%s: no session opened in time, disconnected", self.address)
            self.conn.close()

    @property
    def player(self) -> Player:
        if self.server.config.open_mode or self.fingerprint is None:
            return Player(f"name:{self.username}", self.username, self.address, self.reached)
        return Player(f"key:{self.fingerprint}", self.username, self.address, self.reached)

    # -- what may be opened -----------------------------------------------------------------

    def session_requested(self) -> GameSession | bool:
        if self.session is not None:
            log.info("%s: a second session on one connection refused", self.address)
            return False
        self.session = GameSession(self)
        return self.session


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
        self._closing: str | None = None
        self._task: asyncio.Task[None] | None = None
        c = self.server.config
        self.budget = InputBudget(c.input_bytes_per_second, c.input_events_per_second)
        self.inbox = bytearray()
        self.throttled = 0
        """How many times reading stopped because the input budget was spent."""
        self._pump_later: asyncio.TimerHandle | None = None
        self.link: ProtocolLink | None = None
        """The ``jetset`` subsystem's conversation, when that is what this session is."""

    # -- asyncssh callbacks -----------------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        chan.set_write_buffer_limits(high=self.server.config.output_high_water)

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any
    ) -> bool:
        self.term = term_type or "xterm"
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
        if self.link is not None:
            self._start_link(self.link)
            return
        if self.term is None:
            self._refuse("Jet Set needs a terminal: connect with `ssh -t`.")
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
        self.end("The server could not read your terminal's input.")

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = clamp_size(width, height)
        if self.driver is not None:
            self.driver.resize(*self.size)

    def eof_received(self) -> bool:
        if self.link is not None:
            self.link.eof()
            return True
        self.end(None)
        return False

    def connection_lost(self, exc: Exception | None) -> None:
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
        remembered = self.server.lobby.language_of(conn.player.identity)
        language = client_language(self.chan.get_environment(), remembered)
        self.app = SshApp(self, self.server.lobby, conn.player, depth, language)
        try:
            await self.app.run_async(size=self.size)
        except Exception:
            log.exception("%s: the app failed", conn.address)
        finally:
            await self._after()

    async def _after(self) -> None:
        with contextlib.suppress(Exception):
            await self.app.close_peers()
        self.server.sessions.discard(self)
        for handle in (self._idle, self._stall, self._pump_later):
            if handle is not None:
                handle.cancel()
        chan = self.chan
        if chan is not None:
            with contextlib.suppress(OSError, asyncssh.Error):
                if self._closing:
                    chan.write(f"\r\n{self._closing}\r\n".encode())
                chan.exit(0)
        log.info(
            "%s: session ended%s",
            self.connection.address,
            f" ({self._closing})" if self._closing else "",
        )
        self.app = self.driver = None  # nothing here keeps the app's memory any longer
        self.server.collector.soon()
        self._close_connection_soon()
        self.finished.set()

    def end(self, why: str | None) -> None:
        """Stop the app (``why`` is shown to the player, if they are still there)."""
        if self._closing is None:
            self._closing = why or ""
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
            self.end(f"Nothing typed for {limit:.0f} seconds: disconnected.")
        else:
            self._arm_idle(limit - idle)

    def _stalled(self) -> None:
        self._stall = None
        if self.paused:
            log.warning("%s: not reading its output, disconnected", self.connection.address)
            self._closing = "not reading"
            if self.chan is not None:
                self.chan.abort()
            self.end("not reading")

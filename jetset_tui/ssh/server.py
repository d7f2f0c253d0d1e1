"""``jetset ssh-server``: everyone who connects with ``ssh`` gets the game in their own terminal.

One asyncssh server (``GameServer``, told what to do by ``SshConfig``); one Textual app per SSH
session, inside this process, drawing through ``SshDriver`` on the session's channel (no
subprocess, no pseudo-terminal on the server). Each connection is a ``connection.Connection``
(admission, authentication, at most one session), each session a ``session.GameSession`` (the
app's life, or the ``jetset`` subsystem's). Only the game is served: a shell request with a
terminal starts the app; the ``jetset`` subsystem carries the protocol itself
(``subsystem.ProtocolLink``, for ``jetset join ssh://``); exec and every other subsystem (SFTP)
are refused, forwarding by asyncssh's own defaults; a session without a terminal gets one line
and is closed. Limits (docs/security.md): admission like OpenSSH's (``limits.Admission``),
sessions in all, a short login grace, idle time, an input budget per session (reading stops
while it is spent), the terminal size clamped, and output a client does not read (frames are
dropped while the channel is full and the screen is repainted when it drains; a client stalled
for ``stall_timeout`` is disconnected). Before it listens, a lobby app nobody sees loads the
game's code (``warmup``); full garbage collections are not left to run in the middle of
arrivals (``collector.Collector``).
"""

from __future__ import annotations

import dataclasses
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncssh

from jetset_tui.i18n import _
from jetset_tui.ssh.collector import Collector
from jetset_tui.ssh.connection import Connection
from jetset_tui.ssh.keys import key_names, read_authorized_keys
from jetset_tui.ssh.limits import Admission, AdmissionRules
from jetset_tui.ssh.lobby import Lobby
from jetset_tui.ssh.lobby_limits import LobbyLimits
from jetset_tui.ssh.textual_private import keep_stdout
from jetset_tui.ssh.warmup import warm_up
from netcode.userdirs import ssh_games_dir, ssh_host_key_path

if TYPE_CHECKING:
    from jetset_tui.ssh.session import GameSession

log = logging.getLogger("jetset.ssh")


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
    resizes_per_second: float = 50.0
    resize_burst: float = 500.0
    """Window-size changes one session may send (a window dragged sends a few dozen a second):
    beyond them it is closed. They are SSH requests, outside the input budget, and each one
    laid the screen out again on the loop every session shares (a red team's flood of them
    held every other player up by seconds)."""
    resize_settle: float = 0.05
    """Seconds a size change waits for the next before the screen is laid out again: a burst
    is laid out once, at its last size."""
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
    turn_time: float = 300.0
    """Seconds a player has for each decision before a bot makes it (0: no clock), so no one
    who stays connected and never moves holds a table up."""
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


class GameServer:
    """The SSH server and its lobby."""

    def __init__(self, config: SshConfig) -> None:
        self.config = config
        self.shutting_down = False
        """``close`` has begun: the sessions' goodbyes say the games come back (a game's "kept
        30 minutes once no one is connected" beside it read as a contradiction)."""
        self.lobby = Lobby(
            config.games_dir or ssh_games_dir(),
            open_mode=config.open_mode,
            bot_delay=config.bot_delay,
            turn_time=config.turn_time,
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
            self.lobby.reserve_names(key_names(c.authorized_keys))
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
        self.shutting_down = True
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.lobby.stopping()  # before the sessions end: their players are not leaving
        for session in list(self.sessions):
            seated = self.lobby.holds_a_seat(session.connection.player.identity)
            session.end(shutting_down_seated if seated else shutting_down)
        for session in list(self.sessions):
            await session.finished.wait()
        await self.lobby.close()
        self.collector.stop()

    async def serve_forever(self) -> None:
        assert self._server is not None
        await self._server.wait_closed()


def shutting_down_seated() -> str:
    """What a player with a seat in an unfinished game is told as the server stops."""
    return _(
        "The server is shutting down; an unfinished game comes back, and you to your seat, "
        "when it starts again."
    )


def shutting_down() -> str:
    """What everyone else is told (a watcher was told "and you to your seat": a play test)."""
    return _("The server is shutting down; an unfinished game comes back when it starts again.")

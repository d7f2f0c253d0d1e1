"""One SSH connection to ``jetset ssh-server`` (``Connection``): admitted or refused as it
arrives (``limits.Admission``, like OpenSSH's), authenticated (by a key, any or an authorized
one; with ``--open``, by none, under its user name), given a short grace to start its one game
session (its address penalised if it lets the grace pass), and counted out (with a penalty,
where it never authenticated) when it goes."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import asyncssh

from jetset_tui.ssh.keys import key_fingerprint
from jetset_tui.ssh.seating import Player
from jetset_tui.ssh.session import GameSession
from jetset_tui.ssh.username import NOBODY, UserName, user_name

if TYPE_CHECKING:
    from jetset_tui.ssh.server import GameServer

log = logging.getLogger("jetset.ssh")

REFUSED_CHANNELS = 16
"""Sessions a connection may ask for beyond its one before it is disconnected."""


class Connection(asyncssh.SSHServer):
    """One SSH connection: authentication, limits, and at most one game session."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.reached = ""
        self.username = NOBODY
        self.given = UserName(NOBODY)
        """The user name as the player's name, and what was changed on the way."""
        self._name: str | None = None
        """Key mode: the name the lobby gave this key (``Lobby.name_for``), once asked."""
        self.fingerprint: str | None = None
        self.session: GameSession | None = None
        self.counted = False
        self.authenticated = False
        self.auth_failures = 0
        self.refused = 0
        """Sessions refused on this connection (one is all it may have)."""
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
        self.given = user_name(username)
        self.username = self.given.name
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
        """The grace is over: a connection with no game session started (none opened, or a
        session channel on which no shell or subsystem was asked for) is closed."""
        self._grace = None
        started = self.session is not None and self.session.started
        if not started and self.conn is not None and self.counted:
            log.info("%s: no session opened in time, disconnected", self.address)
            self.server.admission.penalise(self.address, "grace")
            self.conn.close()

    @property
    def player(self) -> Player:
        if self.server.config.open_mode or self.fingerprint is None:
            return Player(f"name:{self.username}", self.username, self.address, self.reached)
        identity = f"key:{self.fingerprint}"
        if self._name is None:  # decided once: another key may take a name later, not this one's
            self._name = self.server.lobby.name_for(identity, self.username, self.address)
        return Player(identity, self._name, self.address, self.reached)

    # -- what may be opened -----------------------------------------------------------------

    def session_requested(self) -> GameSession | bool:
        if self.session is not None:
            self.refuse_channel()
            return False
        self.session = GameSession(self)
        return self.session

    def refuse_channel(self) -> None:
        """A second session on one connection is refused, and said once in the log; a client
        that keeps asking (``REFUSED_CHANNELS``) is disconnected and penalised (a red team's
        20,000 refusals in five seconds each wrote a line, and rotated the log's history away)."""
        self.refused += 1
        if self.refused == 1:
            log.info("%s: a second session on one connection refused", self.address)
        elif self.refused == REFUSED_CHANNELS and self.conn is not None:
            log.warning("%s: %d sessions refused, disconnected", self.address, self.refused)
            self.server.admission.penalise(self.address, "broke")
            self.conn.close()

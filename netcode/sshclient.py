"""``jetset join ssh://[user@]host[:port][/GAME]``: the protocol through a ``jetset`` subsystem.

Authentication as OpenSSH does it: the user's agent and default keys (or ``-i FILE``), and the
host key checked against ``~/.ssh/known_hosts``. An unknown host is refused with its fingerprint
(``UnknownHost``) so the caller can ask the person and call again with ``accept_new``; a host
whose key differs from the one known is refused with OpenSSH's warning (``ChangedHostKey``).
After the channel opens, the lobby conversation (``netcode.lobbyproto``) picks the game; then the
channel is the game's, for a ``NetPeer``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from netcode import lobbyproto as lp
from netcode import protocol as p
from netcode.framing import FramedConnection
from netcode.lobbyclient import LobbyChoice, expect, next_answer
from netcode.seatkeys import SeatKeys
from netcode.sshtransport import StreamTransport
from netcode.transport import CannotConnect, ConnectionClosed

__all__ = ["LobbyChoice", "SshOpener", "expect", "next_answer"]

URL_RE = re.compile(
    r"^ssh://(?:(?P<user>[^@/:\[\]]+)@)?(?P<host>\[[0-9A-Fa-f:.]+\]|[^@/:\[\]]+)"
    r"(?::(?P<port>\d{1,5}))?(?:/(?P<game>[A-Za-z0-9_-]{0,16}))?$"
)
PEER_FRAME_LIMIT = 16 * 1024 * 1024
ENCRYPTION = (
    "aes128-gcm@openssh.com",
    "aes256-gcm@openssh.com",
    "chacha20-poly1305@openssh.com",
    "aes256-ctr",
    "aes192-ctr",
    "aes128-ctr",
)
"""AES-GCM first (one AEAD call a packet in OpenSSL; asyncssh's ChaCha20-Poly1305 takes several):
the same algorithms as OpenSSH offers, in another order."""


@dataclass(frozen=True)
class SshAddress:
    host: str
    port: int = 22
    user: str | None = None
    game: str | None = None

    def __str__(self) -> str:
        user = f"{self.user}@" if self.user else ""
        port = f":{self.port}" if self.port != 22 else ""
        game = f"/{self.game}" if self.game else ""
        return f"ssh://{user}{self.host}{port}{game}"


def parse_ssh_url(text: str) -> SshAddress:
    """``ssh://[user@]host[:port][/GAME]``; ValueError otherwise."""
    m = URL_RE.match(text)
    if m is None or (m["port"] is not None and not 0 < int(m["port"]) < 65536):
        raise ValueError(f"{text!r}: write ssh://[USER@]HOST[:PORT][/GAME]")
    port = int(m["port"]) if m["port"] else 22
    return SshAddress(m["host"].strip("[]"), port, m["user"], m["game"] or None)


class HostKeyProblem(ConnectionError):
    """The server's host key is not one this user trusts."""


class UnknownHost(HostKeyProblem):
    def __init__(self, message: str, entry: str) -> None:
        super().__init__(message)
        self.entry = entry
        """The known_hosts line that trusts this key."""


class ChangedHostKey(HostKeyProblem):
    pass


def known_hosts_name(host: str, port: int) -> str:
    return host if port == 22 else f"[{host}]:{port}"


def key_kind(key: asyncssh.SSHKey) -> str:
    """``ED25519``, ``RSA``, ``ECDSA``: as OpenSSH names a key in its questions."""
    alg = key.get_algorithm()
    for kind in ("ED25519", "RSA", "ECDSA", "ED448"):
        if kind.lower() in alg.lower():
            return kind
    return alg


def unknown_host_question(name: str, key: asyncssh.SSHKey) -> str:
    return (
        f"The authenticity of host '{name}' can't be established.\n"
        f"{key_kind(key)} key fingerprint is {key.get_fingerprint()}.\n"
        "Are you sure you want to continue connecting (yes/no)? "
    )


def changed_host_warning(key: asyncssh.SSHKey, known_hosts: Path) -> str:
    bar = "@" * 59
    return "\n".join(
        [
            bar,
            "@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @",
            bar,
            "IT IS POSSIBLE THAT SOMEONE IS DOING SOMETHING NASTY!",
            "Someone could be eavesdropping on you right now (man-in-the-middle attack)!",
            "It is also possible that a host key has just been changed.",
            f"The fingerprint for the {key_kind(key)} key sent by the remote host is",
            f"{key.get_fingerprint()}.",
            "Please contact your system administrator.",
            f"Add correct host key in {known_hosts} to get rid of this message.",
            "Host key verification failed.",
        ]
    )


def _known_keys(path: Path, host: str, addr: str, port: int) -> list[asyncssh.SSHKey]:
    if not path.is_file():
        return []
    try:
        known = asyncssh.read_known_hosts(str(path))
    except (OSError, ValueError, asyncssh.KeyImportError):
        return []
    return list(known.match(host, addr, port)[0])


class _Client(asyncssh.SSHClient):
    """Asked by asyncssh about a host key that is not in known_hosts."""

    def __init__(self, address: SshAddress, known_hosts: Path) -> None:
        self.address = address
        self.known_hosts = known_hosts
        self.problem: HostKeyProblem | None = None

    def validate_host_public_key(
        self, host: str, addr: str, port: int, key: asyncssh.SSHKey
    ) -> bool:
        name = known_hosts_name(self.address.host, self.address.port)
        if _known_keys(self.known_hosts, self.address.host, addr, self.address.port):
            self.problem = ChangedHostKey(changed_host_warning(key, self.known_hosts))
            return False
        public = key.export_public_key("openssh").decode().split()
        entry = f"{name} {public[0]} {public[1]}"
        self.problem = UnknownHost(unknown_host_question(name, key), entry)
        return False


def trust_host(known_hosts: Path, entry: str) -> None:
    """Add ``entry`` to known_hosts (as OpenSSH does after a "yes")."""
    known_hosts.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    with known_hosts.open("a") as f:
        f.write(entry + "\n")


@dataclass
class SshOpener(LobbyChoice):
    """Opens ``jetset`` subsystem channels to one server, and picks the game on each."""

    address: SshAddress
    known_hosts: Path = field(default_factory=lambda: Path.home() / ".ssh" / "known_hosts")
    identities: tuple[str, ...] = ()
    timeout: float = 15.0
    local_addr: str | None = None
    """The local address to connect from (None: any)."""
    environment: dict[str, str] = field(default_factory=dict)
    """Sent with each channel, as ``ssh`` sends LANG: the server words things in its language."""
    keys: SeatKeys | None = None
    """Where this user keeps seat keys (``jetset join``): a seat kept at this server's game is
    asked back with its code (``LobbyChoice.seat_code``), and a seat taken is kept there."""
    host_key: str = ""
    """The fingerprint of the server's host key, once connected (known_hosts checked it)."""

    def __post_init__(self) -> None:
        self.game = self.game or self.address.game

    def place(self) -> str:
        return str(self.address)

    async def channel(self) -> tuple[StreamTransport, FramedConnection]:
        """A new SSH connection and its ``jetset`` channel, past ``hello`` and ``games``."""
        a = self.address
        client = _Client(a, self.known_hosts)
        options: dict[str, object] = {}
        if self.identities:
            options["client_keys"] = list(self.identities)
        if a.user:
            options["username"] = a.user
        if self.local_addr is not None:
            options["local_addr"] = (self.local_addr, 0)
        try:
            conn, _ = await asyncssh.create_connection(
                lambda: client,
                a.host,
                a.port,
                known_hosts=str(self.known_hosts) if self.known_hosts.is_file() else b"",
                connect_timeout=self.timeout,
                encryption_algs=list(ENCRYPTION),
                **options,
            )
        except (OSError, asyncssh.Error) as exc:
            if client.problem is not None:
                raise client.problem from None
            raise CannotConnect(str(a), a.host, exc) from None
        try:
            writer, reader, _ = await conn.open_session(
                subsystem=lp.SUBSYSTEM, encoding=None, env=self.environment
            )
        except (OSError, asyncssh.Error) as exc:
            conn.close()
            raise ConnectionClosed(f"{a} has no Jet Set games: {exc}") from None
        server_key = conn.get_server_host_key()
        self.host_key = server_key.get_fingerprint() if server_key is not None else ""
        transport = StreamTransport(conn, reader, writer, str(a))
        framed = FramedConnection(transport, PEER_FRAME_LIMIT)
        try:
            await framed.send(p.hello_message("jetset-ssh"))
            games = await expect(framed, lp.Games)
        except BaseException:
            transport.close()
            raise
        self.games, self.name = games.games, games.you or self.name
        return transport, framed

    def seat_place(self) -> str | None:
        """Where a seat is, for this user's kept keys: the server (its host key, known_hosts
        checked), the name its lobby knows us by, and the game (None: not known yet). A seat's
        code goes only to the server whose game it is."""
        if not self.host_key or not self.name or self.game is None:
            return None
        host = self.address.host.lower()
        return f"{self.host_key} ssh://{self.name}@{host}:{self.address.port}/{self.game}"

    def request(self) -> lp.Entry:
        """The ``join`` (``watch``) of the game named; a seat kept for it is asked back with its
        code. No game named (``--bot``, a script): the lobby would seat us where our name sits,
        and ask for that seat's code, so a game of the lobby's list whose seat is kept is named,
        with its code."""
        if self.after is not None:  # the next game of the one played: no seat kept there yet
            return super().request()
        if self.token is None and not self.spectate and self.keys is not None:
            if self.game is None:
                self.game, self.token = self.kept_game()
            else:
                place = self.seat_place()
                kept = None if place is None else self.keys.at_place(place)
                self.token = None if kept is None else kept.token
        return super().request()

    def kept_game(self) -> tuple[str | None, str | None]:
        """The first game of the lobby's list (``games``) whose seat this user keeps, and its
        token ((None, None): none)."""
        if self.keys is None:
            return None, None
        for line in self.games:
            self.game = line.id
            place = self.seat_place()
            kept = None if place is None else self.keys.at_place(place)
            if kept is not None:
                return line.id, kept.token
        return None, None

    def seated(self, commitment: str | None, seat: int | None, token: str | None) -> None:
        """The host seated us (``seat``, with ``token``) in the game of ``commitment``: ask for
        that seat with its code from now on (reconnecting), and keep where it is for the next
        ``jetset join`` of this game."""
        super().seated(commitment, seat, token)
        place = self.seat_place()
        if self.keys is None or place is None or commitment is None or seat is None or not token:
            return
        self.keys.keep_place(place, commitment, seat)

    async def connect(self) -> StreamTransport:
        """A channel at the game (``joining`` said): for ``NetPeer`` (also as its connector)."""
        transport, framed = await self.channel()
        try:
            await self.enter(framed, self.request())
        except BaseException:
            transport.close()
            raise
        return transport

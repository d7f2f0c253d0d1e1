"""A person at an SSH terminal, for tests: an asyncssh client with a PTY whose output a pyte
terminal emulator turns into a screen the test can read, and keys it can type. And what
`jetset join ssh://` uses: openers, peers, and the lobby's messages over a subsystem channel."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import asyncssh
import pyte

from jetset_tui.ssh.key_names import NAMES_FILE
from jetset_tui.ssh.room import Room
from jetset_tui.ssh.seating import Player
from jetset_tui.ssh.server import GameServer, SshConfig
from netcode import lobbyproto as lp
from netcode import protocol as p
from netcode.framing import FramedConnection
from netcode.lobbyclient import next_answer
from netcode.messages import Error, to_wire
from netcode.peer import NetPeer
from netcode.sshclient import SshAddress, SshOpener, trust_host
from netcode.transport import open_tcp

KEYS = {
    "enter": "\r",
    "escape": "\x1b",
    "tab": "\t",
    "shift+tab": "\x1b[Z",
    "space": " ",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "right": "\x1b[C",
    "left": "\x1b[D",
    "backspace": "\x7f",
    "ctrl+q": "\x11",
    "ctrl+p": "\x10",
}
SYNC_QUERY = b"\x1b[?2026$p"
SYNC_REPLY = b"\x1b[?2026;2$y"
SYNC_BEGIN = b"\x1b[?2026h"
SYNC_END = b"\x1b[?2026l"


def make_config(tmp: Path, **kw: Any) -> SshConfig:
    """A server on an ephemeral loopback port, its files in ``tmp``, bots without pauses, no
    warm-up app."""
    base: dict[str, Any] = {
        "port": 0,
        "host_key": tmp / "host_key",
        "games_dir": tmp / "games",
        "bot_delay": 0.0,
        "fsync": False,
        "keepalive": 0,
        "warm_up": False,  # a second or so per server; test_arrivals.py tests it
    }
    base.update(kw)
    return SshConfig(**base)


class RingingScreen(pyte.Screen):
    """pyte's screen, counting the terminal bells it is sent (a BEL of its own, not the end of
    an OSC sequence): pyte's ``bell`` does nothing."""

    bells = 0

    def bell(self, *args: Any) -> None:
        self.bells += 1


class Term(asyncssh.SSHClientSession[bytes]):
    """The client side of one session, drawn by pyte."""

    def __init__(self, width: int, height: int) -> None:
        self.screen = RingingScreen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None
        self.conn: asyncssh.SSHClientConnection | None = None
        self.received = 0
        self.pending = b""
        self.closed = asyncio.Event()
        self.changed = asyncio.Event()

    def connection_made(self, chan: asyncssh.SSHClientChannel[bytes]) -> None:  # type: ignore[override]
        self.chan = chan

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.received += len(data)
        if SYNC_QUERY in data and self.chan is not None:
            self.chan.write(SYNC_REPLY)  # so the app wraps each frame in BEGIN ... END
        self.pending += data
        self.feed_frames()
        self.changed.set()

    def feed_frames(self) -> None:
        """Feed pyte whole frames only, so a test never reads a half-drawn screen."""
        while True:
            start = self.pending.find(SYNC_BEGIN)
            if start == -1:
                self.stream.feed(self.pending)
                self.pending = b""
                return
            self.stream.feed(self.pending[:start])
            self.pending = self.pending[start:]
            end = self.pending.find(SYNC_END)
            if end == -1:
                return
            self.stream.feed(self.pending[: end + len(SYNC_END)])
            self.pending = self.pending[end + len(SYNC_END) :]

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()

    # -- reading ----------------------------------------------------------------------------

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    @property
    def bells(self) -> int:
        """How many times the terminal's bell has rung in this session."""
        return self.screen.bells

    async def wait_for(
        self, what: str | Callable[[str], bool], timeout: float = 10.0, settle: float = 0.15
    ) -> str:
        """Until the screen shows ``what`` (a string, or a test on the text); the text. Then
        ``settle`` seconds, as a person would take before the next key (focus moves lag)."""
        deadline = time.monotonic() + timeout
        test = (lambda t: what in t) if isinstance(what, str) else what
        while True:
            text = self.text()
            if test(text):
                await asyncio.sleep(settle)
                return text
            left = deadline - time.monotonic()
            if left <= 0 or self.closed.is_set():
                raise AssertionError(f"screen never showed {what!r}:\n{text}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))

    # -- typing -----------------------------------------------------------------------------

    async def press(self, *keys: str, pause: float = 0.1) -> None:
        assert self.chan is not None
        for key in keys:
            self.chan.write(KEYS.get(key, key).encode())
            await asyncio.sleep(pause)

    async def type(self, text: str) -> None:
        assert self.chan is not None
        self.chan.write(text.encode())
        await asyncio.sleep(0.05)

    async def fill(self, label: str, value: str) -> None:
        """Type ``value`` (one character) over the focused form field after ``label``, until the
        screen shows it there: under load, the first keys can reach a new form before its field
        has focus, and are lost."""
        shown = re.compile(re.escape(label) + r"\s+" + re.escape(value) + r"\s")
        for _ in range(5):
            await self.press("backspace")
            await self.type(value)
            with contextlib.suppress(AssertionError):
                await self.wait_for(lambda text: shown.search(text) is not None, timeout=2)
                return
        raise AssertionError(f"the form's {label!r} never showed {value!r}:\n{self.text()}")

    async def lobby(self) -> str:
        """Until the lobby is up and takes keys."""
        return await self.wait_for(in_lobby)

    async def held_seat_asked(self) -> str:
        """Back on an ``--open`` server where this name holds a seat: the lobby says so, and
        j asks for the seat's code (as its line says); the question's screen."""
        await self.wait_for("j takes it back")
        await self.press("j")
        return await self.wait_for("The code of your seat")

    async def new_game_against_bots(self) -> str:
        """From the lobby: n, accept the form (you and three greedy bots); the game screen."""
        await self.lobby()
        await self.press("n")
        await self.wait_for("Bots among them")
        await self.press("enter")
        return await self.wait_for("your turn")

    async def open_game(self, seats: int, bots: int) -> str:
        """From the lobby: n, a game of ``seats`` seats, ``bots`` of them bots (one digit
        each); the room's screen, waiting for players."""
        await self.form_filled(seats, bots)
        await self.press("enter")
        return await self.wait_for("waiting for players")

    async def form_filled(self, seats: int, bots: int) -> None:
        """From the lobby: n, the form's seats and bots (one digit each) filled in, the bots'
        field focused."""
        await self.lobby()
        await self.press("n")
        await self.wait_for("Bots among them")
        await self.fill("Seats (2-6)", str(seats))
        await self.press("tab")
        await self.fill("Bots among them", str(bots))

    async def jetlag_form(self) -> str:
        """From the lobby: n, and Jet Lag on the form's Game line (Shift+Tab from the seats);
        the form, its seats fixed at 2 and the bots' field focused."""
        await self.lobby()
        await self.press("n")
        await self.wait_for("Bots among them")
        await self.press("shift+tab", "enter")
        await self.wait_for("Jet Lag")
        await self.press("down", "enter")
        return await self.wait_for("Seats (2)")

    async def command(self, line: str) -> None:
        """Type an action on the game screen's command line."""
        await self.wait_for(lambda t: ": Type" in t.splitlines()[-1], settle=0)
        await self.press(":", pause=0)
        await self.wait_for(lambda t: ": Type" not in t.splitlines()[-1], settle=0.05)
        await self.type(line)
        await self.press("enter", pause=0)

    def resize(self, width: int, height: int) -> None:
        assert self.chan is not None
        self.screen.resize(height, width)
        self.chan.change_terminal_size(width, height)

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            await self.conn.wait_closed()


SEAT_CODE = re.compile(r"Your seat code is ([A-Z2-9]{4} [A-Z2-9]{4}):")
"""A seat's code as every screen shows it, in two groups of four."""
"""The notice an --open lobby shows the one who took a seat, once."""


async def two_players_and_a_bot(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> tuple[Term, Term]:
    """alice opens a game of three seats, one a bot, and bob takes the other: their terminals,
    at 100×30, once the game has begun (alice, seat 0, to move)."""
    alice = await connect(server, "alice", alice_key, width=100, height=30)
    await alice.open_game(seats=3, bots=1)
    bob = await connect(server, "bob", bob_key, width=100, height=30)
    await bob.lobby()
    await bob.press("j")
    await alice.wait_for("your turn")
    return alice, bob


async def jetlag_for_two(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> tuple[Term, Term, Room]:
    """alice opens a Jet Lag game for two people (no bot) in the form and bob takes the other
    seat: their terminals (100×30) and the room, its game begun."""
    alice = await connect(server, "alice", alice_key, width=100, height=30)
    await alice.jetlag_form()
    await alice.fill("Bots among them", "0")
    await alice.press("enter")
    await alice.wait_for("waiting for players")
    bob = await connect(server, "bob", bob_key, width=100, height=30)
    await bob.lobby()
    await bob.press("j")
    room = server.lobby.rooms["1"]
    await alice.wait_for("Round 1 of 4")
    return alice, bob, room


async def jetlag_play(term: Term, room: Room, seat: int) -> None:
    """``seat`` (``term``'s player, to move) plays greedy's choice by its typed notation;
    until the room's game has it."""
    from engine.jetlag import notation
    from engine.jetlag.bots import greedy_choice

    game = room.table.game
    before = len(game.entries)
    await term.wait_for("Your turn", settle=0.2)
    await term.command(notation.format_action(greedy_choice(game.state.view(seat), seat)))
    await term.wait_for(lambda _: len(game.entries) > before, settle=0)


async def open_game_code(term: Term) -> str:
    """From an --open lobby: a game against bots; the seat's code its notice shows."""
    await term.new_game_against_bots()
    match = SEAT_CODE.search(await term.wait_for("Your seat code is"))
    assert match is not None
    return match.group(1).replace(" ", "")


def in_lobby(text: str) -> bool:
    """The screen is the lobby's, taking keys (its footer offers a new game)."""
    return "n New game" in text.splitlines()[-1]


def client_key(tmp: Path, name: str = "id") -> asyncssh.SSHKey:
    path = tmp / f"{name}_ed25519"
    if path.exists():
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    key.write_private_key(path)
    path.chmod(0o600)
    key.write_public_key(tmp / f"{name}_ed25519.pub")
    return key


async def connect(
    server: GameServer | int,
    user: str,
    key: asyncssh.SSHKey | None,
    *,
    width: int = 120,
    height: int = 40,
    term: str = "xterm-256color",
    **options: Any,
) -> Term:
    """Log in as ``user`` with ``key`` and open a shell on a PTY (``server``: in this process,
    or the port of one in another)."""
    conn = await asyncssh.connect(
        "127.0.0.1",
        server if isinstance(server, int) else server.port,
        username=user,
        client_keys=[key] if key is not None else [],
        known_hosts=None,
        agent_path=None,
        password=None,
        **options,
    )
    _chan, session = await conn.create_session(
        lambda: Term(width, height),
        term_type=term,
        term_size=(width, height),
        encoding=None,
    )
    assert isinstance(session, Term)
    session.conn = conn
    return session


async def start_server(tmp: Path, **kw: Any) -> GameServer:
    server = GameServer(make_config(tmp, **kw))
    await server.start()
    return server


# -- `jetset join ssh://` clients ----------------------------------------------------------------


async def tcp_peer_at(server: GameServer, game: str, name: str) -> NetPeer:
    """A ``jetset join`` peer named ``name`` at ``game``'s ``--tcp`` port, once the room has
    opened it."""
    room = server.lobby.rooms[game]
    for _ in range(100):
        if room.tcp_port is not None:
            break
        await asyncio.sleep(0.02)
    assert room.tcp_port is not None
    return await NetPeer.connect(await open_tcp("127.0.0.1", room.tcp_port), name=name)


def trusted_hosts(port: int, host_key: Path, tmp: Path) -> Path:
    """A known_hosts file in ``tmp`` that trusts the server of ``host_key`` on ``port``."""
    key = asyncssh.read_private_key(host_key)
    kind, data = key.export_public_key("openssh").decode().split()[:2]
    path = tmp / "known_hosts"
    trust_host(path, f"[127.0.0.1]:{port} {kind} {data}")
    return path


def ssh_opener(
    port: int, host_key: Path, tmp: Path, key: str, game: str | None = None, **kw: Any
) -> SshOpener:
    """An ``SshOpener`` (what `jetset join ssh://` uses) for user ``key`` with the key of that
    name in ``tmp`` (made on first use)."""
    client_key(tmp, key)
    return SshOpener(
        SshAddress("127.0.0.1", port, key, game),
        known_hosts=trusted_hosts(port, host_key, tmp),
        identities=(str(tmp / f"{key}_ed25519"),),
        **kw,
    )


async def ssh_peer(o: SshOpener, **kw: Any) -> NetPeer:
    """A peer at the game ``o`` picks, reconnecting through ``o``: a server's game, as `jetset
    join ssh://` opens it."""
    first = await o.connect()
    kw.setdefault("served", True)
    peer = await NetPeer.connect(first, token=o.token, connector=o.connect, **kw)
    o.seated(peer.commitment, peer.seat, peer.token)  # as `jetset join` does: back with its code
    return peer


def opener(
    server: GameServer, tmp: Path, key: str, game: str | None = None, **kw: Any
) -> SshOpener:
    """``ssh_opener`` for ``server``, run in this process."""
    assert server.host_key_path is not None
    return ssh_opener(server.port, server.host_key_path, tmp, key, game, **kw)


# -- the lobby's messages over a `jetset` subsystem channel ---------------------------------------


async def lobby_channel(server: GameServer, tmp: Path, user: str) -> FramedConnection:
    """A `jetset` subsystem channel past ``hello`` and the first ``games``."""
    _transport, framed = await opener(server, tmp, user).channel()
    return framed


@contextlib.asynccontextmanager
async def open_lobby(tmp: Path, user: str) -> AsyncIterator[tuple[GameServer, FramedConnection]]:
    """A server with its files in ``tmp`` and ``user``'s lobby channel; closed at the end."""
    server = await start_server(tmp)
    try:
        yield server, await lobby_channel(server, tmp, user)
    finally:
        await server.close()


async def answer(framed: FramedConnection) -> lp.LobbyAnswer | Error:
    """The lobby's next answer that is not a list of games."""
    while True:
        msg = await asyncio.wait_for(next_answer(framed), 10)
        if msg is not None and not isinstance(msg, lp.Games | lp.LobbyChatLine):
            return msg


async def games(framed: FramedConnection) -> lp.Games:
    """Ask for the list of games; the list."""
    await framed.send(to_wire(lp.ListGames()))
    while True:
        msg = await asyncio.wait_for(next_answer(framed), 10)
        if isinstance(msg, lp.Games):
            return msg


async def refused(server: GameServer, framed: FramedConnection, request: dict[str, Any]) -> Error:
    """Send ``request``; the lobby's refusal, once it is seen to leave the channel open and to
    have made no room and no file."""
    await framed.send(request)
    refusal = await answer(framed)
    assert isinstance(refusal, Error) and not refusal.fatal, refusal
    folder = server.config.games_dir
    assert server.lobby.rooms == {} and folder is not None
    made = sorted(p.name for p in folder.iterdir()) if folder.exists() else []
    assert made in ([], [NAMES_FILE]), made  # the names keys went by, no game's file
    return refusal


async def after_the_lobby_asks(framed: Any, request: dict[str, Any]) -> dict[str, Any]:
    """Past the lobby (it answered ``joining``), greet the game's host and send ``request``:
    the host's answer to it."""
    assert isinstance(await answer(framed), lp.Joining)
    await framed.send(p.hello_message("attacker"))
    while True:
        msg = await asyncio.wait_for(framed.recv(), 10)
        if msg["t"] == "welcome":
            break
    await framed.send(request)
    while True:
        msg = await asyncio.wait_for(framed.recv(), 10)
        if msg["t"] in ("seated", "error"):
            return dict(msg)


async def jetlag_played_to_its_end(server: GameServer, player: Player) -> tuple[Room, NetPeer]:
    """A lobby game of Jet Lag ``player`` makes against greedy and plays to its end with
    greedy's choices, still seated: the room and the player's peer."""
    from engine.jetlag.bots import greedy_choice

    room = server.lobby.create(player, 2, ["greedy"], None, game="jetlag")
    peer, _ = await server.lobby.join(room, player, None)
    for _ in range(1000):
        if room.table.over:
            break
        if peer.game.to_move() == peer.seat and peer.seat is not None:
            await peer.submit(peer.seat, greedy_choice(peer.view(peer.seat), peer.seat))
        await asyncio.sleep(0.01)
    assert room.table.over
    return room, peer

"""A peer's handshake: how ``NetPeer`` (netcode/peer.py) takes a seat at a host.

``PeerHandshake`` holds what a peer is (its name, password, token, kept seat keys, its own random
value for the deal) and what it keeps of the game across connections, and opens a connection:
``hello``, the host's ``welcome`` (its game, its seed commitment, its data), then a seat request:
``join`` with a name (and this peer's pledge while the deal is still to come), ``reconnect`` with
a token (its own, or one kept for this game), or ``spectate``; the host's ``seated`` answers it
(docs/protocol.md). A kept key the host refuses (an old game of the same seed) is forgotten and
the peer joins afresh. What reads the connection once it is open is ``NetPeer``'s.
"""

from __future__ import annotations

import asyncio
from abc import abstractmethod
from collections.abc import Awaitable, Callable
from itertools import count
from typing import Any, Self, TypeVar

import data
from engine.fairdeal import pledge_for
from engine.games import DEFAULT, game_rules
from engine.platform import AnyRules, AnyTable, Notation
from netcode import messages as m
from netcode import protocol as p
from netcode.client import GameClient, Presence, SeatInfo
from netcode.endcheck import EndCheck
from netcode.framing import HOST_FRAME_LIMIT, FramedConnection, FrameError, Message
from netcode.peer_words import (
    OTHER_DATA,
    OTHER_DATA_TEXT,
    OTHER_GAME,
    JoinRefused,
    NoWelcome,
    host_text,
    no_welcome_words,
)
from netcode.seatkeys import SeatKey, SeatKeys
from netcode.seatkind import HUMAN, SeatKind
from netcode.seatnames import Renamed
from netcode.transport import ConnectionClosed, Transport

M = TypeVar("M", bound=m.ProtocolMessage)

Connector = Callable[[], Awaitable[Transport]]
"""Opens a new transport to the same host (for reconnecting)."""


class PeerHandshake(GameClient):
    """A peer's settings, what it holds of the game, and the handshake that seats it
    (``NetPeer`` reads the connection it opens)."""

    def __init__(
        self,
        *,
        name: str = "player",
        password: str | None = None,
        spectate: bool = False,
        token: str | None = None,
        connector: Connector | None = None,
        reconnect_for: float = 30.0,
        handshake_timeout: float = 10.0,
        contribution: str | None = None,
        keys: SeatKeys | None = None,
        vet: Callable[[AnyRules], str | None] | None = None,
        served: bool = False,
    ) -> None:
        """``keys``: where this player keeps its seat keys; without a ``token``, a seat kept
        there for this game (and not in use) is taken back, and a seat taken is kept there.
        ``served``: the game is a server's (``ssh-server``'s lobby), which nobody hosts at a
        screen: what its host says is the server's words."""
        super().__init__()
        self.name = name
        self.password = password
        self.spectating = spectate
        self.token = token
        self.connector = connector
        self.reconnect_for = reconnect_for
        self.handshake_timeout = handshake_timeout
        self.keys = keys
        self.vet = vet
        self.served = served
        """Why this peer cannot play the game the host welcomes it to (None: it can), asked
        before it takes a seat: a screen without that game, a bot kind it has not."""
        self._kept: SeatKey | None = None  # the kept key this handshake offered
        self.seat: int | None = None
        self.commitment: str | None = None
        self.contribution = None if spectate else contribution
        """This peer's own random value for the deal (docs/protocol.md, join), or None."""
        self.contributed = False
        """The pledge went with a ``join`` before the game started: its value must be dealt."""
        self.pledges: tuple[str | None, ...] | None = None
        """Every seat's pledge, as the host announced them before the deal (None: not heard)."""
        self.ping_every = 10.0
        self.desync: int | None = None  # the first entry whose digest differed
        self.desync_details: list[str] = []  # what differs there, once the host has answered
        self._mine_at_desync: tuple[int, list[int]] | None = None
        self.end: EndCheck | None = None
        self.seed: str | None = None
        self.full_game: Any = None  # the whole game (a Table), secrets included, after the end
        self.ended = asyncio.Event()  # the game ended, or the connection is gone for good
        self.lost: str | None = None  # why the connection is gone for good
        self.started_game = asyncio.Event()
        self._game: AnyTable | None = None
        self._rules: AnyRules = game_rules(DEFAULT)
        self._options: dict[str, object] = {}
        self._behind_until = 0  # the host's entries when it last seated this peer
        self._back_from: int | None = None
        """At a reconnection: the entries this peer held when it came back (those from there
        to ``_behind_until`` were made while it was away); None until it first reconnects."""
        self._bot_moves: dict[int, int] = {}
        self._renamed: tuple[Renamed, ...] = ()
        """The entries the host says a bot made for a person, and their seats."""
        self._welcomed = False
        self._notation: Notation[Any] = self._rules.notation()
        self._seats: tuple[SeatInfo, ...] = ()
        self._presence: Presence | None = None
        self._conn: FramedConnection | None = None
        self._ids = count(1)
        self._pending: dict[int, asyncio.Future[int]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._closing = False
        self._superseded = False
        self._reconnect_until: float | None = None
        """When reconnecting stops: one deadline over every attempt, cleared only once the host
        shows it works again (a new entry, an answer to an action or a ping)."""
        self._bye: str | None = None  # what the host said when it closed the connection
        self.paused: str | None = None  # the host paused the game: what it said
        self.cannot_save: str | None = None
        """The host cannot save the game (its disk is full …): what it said, until it can; the
        game goes on by itself then (``paused``, ``unpaused``)."""
        self.wait_out_pauses = False
        """When the host pauses the game, keep trying quietly to take the seat back until it is
        resumed (a person at a screen), rather than end (a script or a bot)."""
        self.leaves_on_close = True
        """``close`` tells the host the player left (off: their terminal went, and the table
        hears a lost connection: netcode/peer.py)."""
        self.gives_seat = False
        """``close`` leaves the seat to whoever joins next (``leave {give}``)."""
        self.pause_retry_max = 5.0
        """The longest wait, in seconds, between two tries while the game is paused."""

    @abstractmethod
    async def _read_loop(self, conn: FramedConnection) -> None:
        """Read what the host sends over ``conn`` until it closes (``NetPeer``)."""

    @abstractmethod
    async def _ping_loop(self, conn: FramedConnection) -> None:
        """Ping the host over ``conn`` now and then (``NetPeer``)."""

    @property
    def pledge(self) -> str | None:
        """This peer's pledge to its random value (None: it has none)."""
        return None if self.contribution is None else pledge_for(self.contribution)

    # -- connecting -------------------------------------------------------------------------

    @classmethod
    async def connect(cls, transport: Transport, **kwargs: Any) -> Self:
        """Handshake and take a seat; JoinRefused or ConnectionClosed if that fails."""
        peer = cls(**kwargs)
        try:
            await peer._open(transport)
        except JoinRefused as exc:
            if not peer._drop_stale_key(exc) or peer.connector is None:
                raise
            await peer._open(await peer.connector())  # a stale kept key: join afresh
        return peer

    def _drop_stale_key(self, exc: JoinRefused) -> bool:
        """Forget a kept seat key the host refused (an old game of the same seed)."""
        kept = self._kept
        if exc.code != p.E_TOKEN or kept is None or self.keys is None or not self.commitment:
            return False
        self.keys.forget(self.commitment, kept.seat)
        self._kept = None
        self.token = None
        return True

    def _seat_token(self) -> str | None:
        """The token to take a seat back with: the one we hold, or one kept for this game."""
        if self.token is not None:
            return self.token
        self._kept = self._kept_seat()
        return None if self._kept is None else self._kept.token

    def _kept_seat(self) -> SeatKey | None:
        """A seat this player kept for this game that nobody (but a stand-in bot) holds now."""
        if self.keys is None or self.commitment is None:
            return None
        for key in self.keys.load(self.commitment):
            if key.seat < len(self._seats):
                held = self._seats[key.seat]
                if (not held.connected or held.is_bot) and self.keys.hold(
                    self.commitment, key.seat
                ):
                    return key
        return None

    async def _open(self, transport: Transport) -> None:
        conn = FramedConnection(transport, HOST_FRAME_LIMIT)
        try:
            await asyncio.wait_for(self._handshake(conn), self.handshake_timeout)
        except (FrameError, p.ProtocolError, ConnectionClosed, TimeoutError) as exc:
            transport.close()  # a host refuses with a word (JoinRefused), never so
            raise NoWelcome(no_welcome_words(exc)) from exc
        except BaseException:
            transport.close()
            raise
        self._conn = conn
        self._tasks = [
            asyncio.ensure_future(self._read_loop(conn)),
            asyncio.ensure_future(self._ping_loop(conn)),
        ]

    async def _handshake(self, conn: FramedConnection) -> None:
        self.cannot_save = None  # a host that still cannot save says so again once we are seated
        await conn.send(m.to_wire(m.hello("jetset-peer")))
        welcome = await self._expect(conn, m.Welcome)
        game = welcome.game
        self.ping_every = welcome.ping
        commitment = game.commitment
        if self.commitment is not None and commitment != self.commitment:
            raise JoinRefused("commitment", "the host's seed commitment changed")
        if game.data and game.data != data.data_hash():
            raise JoinRefused(OTHER_DATA, OTHER_DATA_TEXT)
        self.commitment = commitment
        self._behind_until = game.entries
        if self._welcomed and self._game is not None:
            self._back_from = len(self._game.entries)
        if self._game is None:
            self._game = self._table_of(game)
        self._set_seats(welcome.seats)
        have = len(self._game.entries)
        joined = False
        token = None if self.spectating else self._seat_token()
        if token is not None and not self._welcomed:  # a seat of an earlier session's, taken
            self._back_from = have  # back: a stand-in may have played it meanwhile (a play
            # test's `jetset join` run again was never told, only its log pane marked them)
        # this peer's pledge goes with a seat request while the deal is still to come
        pledge = None if game.started or self.contribution is None else self.pledge
        request: m.ProtocolMessage
        if self.spectating:
            request = m.Spectate(have=have, password=self.password, name=self.name or None)
        elif token is not None:
            request = m.Reconnect(token=token, have=have, pledge=pledge)
        else:
            request = m.Join(name=self.name, password=self.password, pledge=pledge)
            joined = True
        await conn.send(m.to_wire(request))
        seated = await self._expect(conn, m.Seated)
        if joined and pledge is not None:
            self.contributed = True
        if joined and not self._welcomed:  # a seat taken mid-game (given away) is ours from here
            self.first_own_entry = seated.upto
        self.seat = seated.seat
        if self._back_from is not None and seated.away_from:  # announced while they sat
            self._back_from = max(self._back_from, seated.away_from)
        self.token = seated.token if seated.token is not None else self.token
        self.name = host_text(seated.name or self.name, p.MAX_NAME)
        if self.keys is not None and self.seat is not None and self.token is not None:
            self.keys.hold(commitment, self.seat)  # before the key is there for others to find
            self.keys.keep(commitment, SeatKey(self.seat, self.token))
        # what the host played between its welcome and this seat (a stand-in's moves while the
        # handshake went on, on a loaded machine) is caught up on too, not played live
        self._behind_until = max(self._behind_until, seated.upto)
        if seated.from_ < have:
            self._game = self._rules.new_table(self._options)  # the host starts over
        self._welcomed = True

    def _table_of(self, game: m.GameInfo) -> AnyTable:
        """An empty table of the game the host's welcome names; JoinRefused if this jetset does
        not know that game or cannot play its options."""
        try:
            rules = game_rules(game.name)
            options = dict(game.options)
            table = rules.new_table(options)
        except ValueError as exc:
            raise JoinRefused(
                OTHER_GAME, f"the host plays a game this jetset cannot: {exc}"
            ) from None
        problem = self.vet(rules) if self.vet is not None else None
        if problem is not None:
            raise JoinRefused(OTHER_GAME, problem)
        self._rules, self._options, self._notation = rules, options, rules.notation()
        return table

    async def _expect(self, conn: FramedConnection, kind: type[M]) -> M:
        while True:
            msg = host_message(await conn.recv())
            if isinstance(msg, kind):
                return msg
            if isinstance(msg, m.Error):
                raise JoinRefused(msg.code, msg.message)

    def _set_renamed(self, raw: tuple[m.SeatRenamed, ...]) -> None:
        """The seats taken over, their names the host's text made safe to show; this peer's
        own seat's first entry, where it took that seat over (a play test's newcomer, back in
        a new `jetset join`, was told the earlier players' bots' moves were made for him)."""
        cut = p.MAX_NAME
        self._renamed = tuple(
            Renamed(r.at, r.seat, host_text(r.name, cut), host_text(r.was, cut)) for r in raw
        )
        taken = [r.at for r in self._renamed if r.seat == self.seat]
        if taken:  # this seat is ours from when we took it (a newcomer back in a new join too)
            self.first_own_entry = max(self.first_own_entry, max(taken))

    def _set_seats(self, raw: tuple[m.SeatEntry, ...]) -> None:
        seats = []
        for item in raw:
            try:
                kind = SeatKind.parse(item.kind)
            except ValueError:
                kind = HUMAN
            seats.append(SeatInfo(host_text(item.name, p.MAX_NAME), kind, item.connected))
        self._seats = tuple(seats)


def host_message(raw: Message) -> m.HostMessage | None:
    """A message from the host, checked; None for a type from a later version (ignored)."""
    try:
        return m.parse_host(raw)
    except p.ProtocolError as exc:
        if exc.code == p.E_UNKNOWN:
            return None
        raise

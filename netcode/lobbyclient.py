"""One channel in a server's lobby, as a client holds it (``jetset join ssh://HOST`` at a
terminal): a reader that hands every ``games`` and ``lobby-chat`` to its listeners, and requests
that wait for their answer. Once ``joining`` is said the reader stops, so the channel's next
bytes, the game's, are left for a ``NetPeer``. No Textual.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from netcode import lobbyproto as lp
from netcode import messages as m
from netcode import protocol as p
from netcode.framing import FramedConnection, FrameError
from netcode.seatcode import seat_code_of
from netcode.transport import ConnectionClosed

_A = TypeVar("_A", lp.Created, lp.Joining)
_T = TypeVar("_T")


@dataclass(kw_only=True)
class LobbyChoice:
    """What a client chose in a server's lobby, to ask for on every channel it opens there
    (``sshclient.SshOpener`` over SSH, a browser session's gate in ``jetset_tui.web``)."""

    spectate: bool = False
    password: str | None = None
    players: int = 4
    game: str | None = None
    """The game joined (from the address, or the one the server picked)."""
    token: str | None = None
    """The token of the seat this identity holds in ``game``: the one the server said (a key's
    seat), or the one this client holds (``--open``, a browser's: its seat's code goes with each
    ``join`` of that game)."""
    games: tuple[lp.GameLine, ...] = ()
    """The lobby's games, as the last channel opened saw them."""
    name: str = ""
    """The name the server's lobby knows this client by."""
    after: str | None = None
    """A finished game whose next game the next channel asks for (``next_after``)."""

    def place(self) -> str:
        """Where the lobby is, for its screen: its address; empty where the player knows it
        already (a browser's own page), and the screen names no place."""
        return ""

    def request(self) -> lp.Entry:
        """What this client asks of the lobby: its game, to join or to watch; or the game after
        the one it played (``next_after``)."""
        if self.after is not None:
            return lp.NextGame(game=self.after, password=self.password)
        if self.spectate:
            if self.game is None:
                raise ConnectionClosed("name the game to watch: ssh://HOST/GAME")
            return lp.WatchGame(game=self.game, password=self.password)
        return lp.JoinGame(
            game=self.game, password=self.password, players=self.players, code=self.seat_code()
        )

    def seat_code(self) -> str | None:
        """The code of the seat held in ``game`` (None: no game named, or no token held), worked
        out from its token as the lobby does (``seat_code_of``): where a name is no secret
        (``--open``, a browser's) it takes the seat back; with a key the lobby needs none."""
        if self.game is None or self.token is None:
            return None
        return seat_code_of(self.token)

    def seated(self, commitment: str | None, seat: int | None, token: str | None) -> None:
        """The game's host seated this client (``seat``, with ``token``, in the game of
        ``commitment``): every channel opened from now on (reconnecting) asks for that seat
        with its code."""
        if seat is not None and token is not None:
            self.token = token

    def next_after(self, game: str) -> None:
        """The next channel asks for a seat in the game that follows ``game`` for its players
        (r at its end: ``lobbyproto.NextGame``); from then on, that game's seat."""
        self.after = game

    async def enter(self, framed: FramedConnection, request: lp.Entry) -> None:
        """Ask the lobby for a game on a channel; once ``joining`` is said, the channel is the
        game's (``game`` and ``token`` say which, and the seat this identity holds there)."""
        await framed.send(m.to_wire(request))
        joining = await expect(framed, lp.Joining)
        held = self.token if joining.game == self.game else None
        self.game, self.token = joining.game, joining.token or held
        self.after = None  # a reconnection asks for the seat it was given


class LobbyRefused(Exception):
    """The lobby said no to a request: ``code`` (``password``, ``refused`` ...) and why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


SERVER_CLOSED = "the server closed the connection"
"""``LobbyClient.lost`` when the channel ended without the server saying why (a stop, a lost
connection): the framing's own text ("0 bytes read on a total of 4 expected bytes") is not a
player's."""


class LobbyClient:
    """Requests out, answers in, on one lobby channel."""

    def __init__(
        self,
        framed: FramedConnection,
        *,
        on_games: Callable[[lp.Games], object],
        on_chat: Callable[[lp.LobbyChatLine], object],
        on_refused: Callable[[LobbyRefused], object] = lambda refusal: None,
    ) -> None:
        """``on_refused``: a refusal no request waits for (a chat line the server would not
        take, say)."""
        self.framed = framed
        self.on_games = on_games
        self.on_chat = on_chat
        self.on_refused = on_refused
        self._pending: tuple[type[lp.Created | lp.Joining], asyncio.Future[object]] | None = None
        self.joined: lp.Joining | None = None
        self.lost: str | None = None
        """Why the channel closed (None: it is open, or the client joined a game)."""

    async def run(self) -> None:
        """Read until ``joining`` (or the channel closes: ``lost`` says why)."""
        try:
            while self.joined is None:
                msg = await next_answer(self.framed)
                if isinstance(msg, lp.Games):
                    self.on_games(msg)
                elif isinstance(msg, lp.LobbyChatLine):
                    self.on_chat(msg)
                elif isinstance(msg, m.Error):
                    self._answer(LobbyRefused(msg.code, msg.message[: m.MAX_CHAT]))
                    if msg.fatal:  # the server's own words
                        self.lost = msg.message[: m.MAX_CHAT] or SERVER_CLOSED
                        raise ConnectionClosed(self.lost)
                elif msg is not None:
                    if isinstance(msg, lp.Joining):
                        self.joined = msg
                    self._answer(msg)
        except ConnectionClosed as exc:  # the channel's own text is for the log
            logging.getLogger("jetset.lobby").info("the lobby's channel closed: %s", exc)
            self.lost = self.lost or SERVER_CLOSED
            self._answer(ConnectionClosed(self.lost))

    def _answer(self, answer: object) -> None:
        pending, self._pending = self._pending, None
        if pending is None or pending[1].done():
            if isinstance(answer, LobbyRefused):
                self.on_refused(answer)
            return
        kind, future = pending
        if isinstance(answer, Exception):
            future.set_exception(answer)
        elif isinstance(answer, kind):
            future.set_result(answer)
        else:
            self._pending = pending  # not the answer to this request: still waiting

    async def _ask(self, request: m.ProtocolMessage, kind: type[_A]) -> _A:
        if self.lost is not None:
            raise ConnectionClosed(self.lost)
        if self._pending is not None:
            raise LobbyRefused("busy", "one request at a time")
        future: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        self._pending = (kind, future)
        await self.framed.send(m.to_wire(request))
        answer = await future
        assert isinstance(answer, kind)
        return answer

    async def create(self, request: lp.Create) -> str:
        """A new game; its id."""
        return (await self._ask(request, lp.Created)).game

    async def enter(self, request: lp.Entry) -> lp.Joining:
        """Join, watch or the next game: once answered, the channel is the game's."""
        return await self._ask(request, lp.Joining)

    async def say(self, text: str) -> None:
        await self.framed.send(m.to_wire(lp.LobbySay(text=text)))

    async def refresh(self) -> None:
        await self.framed.send(m.to_wire(lp.ListGames()))


async def next_answer(framed: FramedConnection) -> lp.LobbyAnswer | m.Error | None:
    """The lobby's next message, checked (None: a type this client does not know, from a later
    version); JoinRefused for an ``error``, ConnectionClosed for one it cannot read."""
    try:
        raw = await framed.recv()
        if raw["t"] == "error":
            error = m.from_wire(raw, "host")
            assert isinstance(error, m.Error)
            return error
        if raw["t"] not in m.message_types(lp.SERVER):
            return None
        return lp.parse_server(raw)
    except (FrameError, p.ProtocolError) as exc:
        raise ConnectionClosed(f"the server sent something this game cannot read: {exc}") from None


async def expect(framed: FramedConnection, kind: type[_T]) -> _T:
    """Read the lobby's messages until one of ``kind``; an ``error`` is JoinRefused."""
    from netcode.peer_words import JoinRefused

    while True:
        msg = await next_answer(framed)
        if isinstance(msg, m.Error):
            raise JoinRefused(msg.code, msg.message[:500])
        if isinstance(msg, kind):
            return msg

"""One channel in a server's lobby, as a client holds it (``jetset join ssh://HOST`` at a
terminal): a reader that hands every ``games`` and ``lobby-chat`` to its listeners, and requests
that wait for their answer. Once ``joining`` is said the reader stops, so the channel's next
bytes, the game's, are left for a ``NetPeer``. No Textual.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from netcode import lobbyproto as lp
from netcode import messages as m
from netcode.framing import FramedConnection
from netcode.sshclient import next_answer
from netcode.transport import ConnectionClosed

_A = TypeVar("_A", lp.Created, lp.Joining)


class LobbyRefused(Exception):
    """The lobby said no to a request: ``code`` (``password``, ``refused`` ...) and why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


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
                    if msg.fatal:
                        raise ConnectionClosed(msg.message[: m.MAX_CHAT])
                elif msg is not None:
                    if isinstance(msg, lp.Joining):
                        self.joined = msg
                    self._answer(msg)
        except ConnectionClosed as exc:
            self.lost = str(exc) or "the server closed the connection"
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

    async def enter(self, request: lp.JoinGame | lp.WatchGame) -> lp.Joining:
        """Join or watch: once answered, the channel is the game's."""
        return await self._ask(request, lp.Joining)

    async def say(self, text: str) -> None:
        await self.framed.send(m.to_wire(lp.LobbySay(text=text)))

    async def refresh(self) -> None:
        await self.framed.send(m.to_wire(lp.ListGames()))

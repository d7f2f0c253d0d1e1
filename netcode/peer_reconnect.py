"""A peer's way back to its host: ``NetPeer`` (netcode/peer.py) with a ``connector``
reconnects by itself, with its seat's token, when the connection drops (a spectator watches
again: a play test's ``jetset join ssh://`` spectator never came back after a server restart).

Reconnecting goes on until ``reconnect_for`` seconds after the host last worked, one deadline over
every attempt, whatever the host answers meanwhile. A person at a screen (``wait_out_pauses``)
waits out a paused game, or a host gone without a word, trying again quietly with a back-off
(``pause_retry_max``) until the host is back or the peer is closed; the presence says the game is
paused meanwhile. A peer with no way back gives up, saying why (``lost``, and in the presence, on
the turn line in place of whose turn it was).
"""

from __future__ import annotations

import asyncio

from netcode.client import Presence, PresenceChanged, Problem
from netcode.framing import FrameError
from netcode.peer_handshake import PeerHandshake
from netcode.peer_words import (
    GOING_ON,
    PAUSED_PLAYING,
    PAUSED_WATCHING,
    RECONNECTED,
    JoinRefused,
    lost_sentence,
    reconnecting,
    refused_words,
)
from netcode.protocol import SeatPresence


class ReconnectingPeer(PeerHandshake):
    """A peer that takes its seat back when the connection drops (``NetPeer`` reads it)."""

    async def _lost(self, why: str) -> None:
        """Reconnect with the token (a spectator: as a spectator again) until ``reconnect_for``
        seconds after the host last worked, whatever it answers meanwhile (a host that seats us
        and fails again counts as lost)."""
        if self.paused is not None and self.wait_out_pauses and self._can_come_back():
            await self._wait_for_resume()
            return
        if not self._can_come_back() or self._superseded:
            self._give_up(self._bye or why)
            return
        if self.wait_out_pauses:  # a person at a screen: the host may have crashed; wait for it
            self.emit(Problem(reconnecting(why, served=self.served)))
            await self._wait_for_resume(lost_sentence(watching=self.spectating, served=self.served))
            return
        self.emit(Problem(reconnecting(why, served=self.served)))
        loop = asyncio.get_running_loop()
        if self._reconnect_until is None:
            self._reconnect_until = loop.time() + self.reconnect_for
        deadline = self._reconnect_until
        delay = 0.1
        while not self._closing and (left := deadline - loop.time()) > 0:
            try:
                await asyncio.wait_for(self._reopen(), left)
            except JoinRefused as exc:
                self._give_up(refused_words(exc, watching=self.spectating))
                return
            except (ConnectionError, OSError, TimeoutError, FrameError):
                await asyncio.sleep(min(delay, max(0.0, deadline - loop.time())))
                delay = min(delay * 2, 1.0)
                continue
            self.emit(Problem(RECONNECTED))
            return
        self._give_up(f"{why}; could not reconnect within {self.reconnect_for:g} s")

    def _can_come_back(self) -> bool:
        """There is a way back to the host: a seat's token, or a spectator's place."""
        return self.connector is not None and (self.token is not None or self.spectating)

    async def _wait_for_resume(self, words: str | None = None) -> None:
        """The host paused the game (or, ``words``, went away without a word): say so (in the
        presence) for as long as it lasts, and try again with a back-off up to
        ``pause_retry_max`` seconds, without a time limit and without a word per try, until the
        host is back or this peer is closed."""
        unreachable = words is not None  # our connection lost, not a pause the host made
        paused = words or (PAUSED_WATCHING if self.spectating else PAUSED_PLAYING)
        self._show_pause(paused, unreachable=unreachable)
        delay = 0.25
        while not self._closing:
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.pause_retry_max)
            try:
                await asyncio.wait_for(self._reopen(), self.handshake_timeout + 5)
            except JoinRefused as exc:  # another game now, say: the pause is over for us
                self._give_up(refused_words(exc, watching=self.spectating))
                return
            except (ConnectionError, OSError, TimeoutError, FrameError):
                continue
            self.paused = self._bye = self._reconnect_until = None
            self._superseded = False
            self._show_pause(None)
            self.emit(Problem(GOING_ON))
            return

    def _show_pause(
        self,
        words: str | None,
        *,
        by_itself: bool = False,
        gone: bool = False,
        unreachable: bool = False,
    ) -> None:
        """The presence with (or, once the host is back, without) the paused sentence; nothing
        counts down meanwhile (the host says how things stand when it is back). ``by_itself``:
        the game goes on without the host resuming it (a disk with room again); ``gone``: it
        does not go on here at all; ``unreachable``: this peer lost its connection (the game
        may go on without it)."""
        held = self._presence
        seats = held.seats if held is not None else ()
        if words is not None:  # nothing counts down meanwhile
            seats = tuple(SeatPresence(s.connected) for s in seats)
        # back (``words`` None): the host's own presence, if it came first, is kept whole (its
        # stand-ins marked the moves caught up on: a play test saw them unmarked)
        turn_time = held.turn_time if held is not None else 0.0
        self._presence = Presence(
            seats,
            turn_time,
            paused=words,
            by_itself=by_itself,
            gone=gone,
            unreachable=unreachable,
            served=self.served,
        )
        self.emit(PresenceChanged(self._presence))

    async def _reopen(self) -> None:
        assert self.connector is not None
        await self._open(await self.connector())

    def _give_up(self, why: str) -> None:
        """No way back to the host: said once (``Problem``) and for good on the turn line (the
        presence's sentence, in place of whose turn it was: no move can be sent any more)."""
        self.lost = why
        self._show_pause(why, gone=True)
        self.emit(Problem(why))
        self.ended.set()

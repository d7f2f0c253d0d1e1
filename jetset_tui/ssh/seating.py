"""Who comes to a lobby game and how they get in: a connected ``Player`` takes a free seat, takes
their own seat back (``--open``: with the seat's code too, shown once at join to the one who
joined; only its digest is kept) or watches, past a private game's password and the spectator
caps; wrong codes and passwords are limited per address and per seat or game
(``limits.TryLimiter``). ``LobbyError`` is what the lobby refuses, ``WrongSecret`` a wrong code or
password one may try again. ``Seating`` is a part of ``lobby.Lobby``. No Textual."""

from __future__ import annotations

import hmac
import logging
import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jetset_tui.i18n import _, ngettext
from jetset_tui.ssh.limits import TryLimiter
from jetset_tui.ssh.room import Membership, Room
from netcode.names import look_alike
from netcode.peer import NetPeer
from netcode.seatcode import code_digest, new_code
from netcode.transport import memory_pipe

if TYPE_CHECKING:
    from jetset_tui.ssh.lobby_limits import LobbyLimits

log = logging.getLogger("jetset.ssh.lobby")


class LobbyError(Exception):
    """A request the lobby refuses, with a sentence for the player."""


class WrongSecret(LobbyError):
    """A wrong seat code or password: the player may try again."""


@dataclass(frozen=True)
class Player:
    """Someone connected: ``identity`` is ``key:<fingerprint>`` or ``name:<user>``."""

    identity: str
    name: str
    address: str = "?"
    reached: str = ""
    """The server's address this player's connection came in on ("" where none)."""


class Seating:
    """The lobby's ways into a game (``lobby.Lobby`` is one): a seat, one's own seat back, a
    spectator's place, and the secrets and caps on the way."""

    rooms: dict[str, Room]
    limits: LobbyLimits
    tries: TryLimiter
    open_mode: bool

    def seated(self, room: Room, identity: str, member: Membership) -> None:
        """``identity`` holds a seat in ``room`` from now on (the lobby keeps it)."""
        raise NotImplementedError

    def changed(self) -> None:
        """Tell every lobby screen (the lobby does)."""
        raise NotImplementedError

    async def join(
        self, room: Room, player: Player, password: str | None
    ) -> tuple[NetPeer, str | None]:
        """Take a free seat in ``room`` (or your own seat back, when you hold one); the peer, and
        the seat's new code (to be shown once, to this player only; None when back in a seat)."""
        if player.identity in room.members:
            return await self.rejoin(room, player, None), None
        self.check_password(room, player, password)
        if room.table.over:  # it said "every seat is taken: watch instead"
            raise LobbyError(_("game {game} is over: w shows how it ended").format(game=room.id))
        if room.open_seats == 0:
            raise LobbyError(_("every seat is taken: watch instead"))
        if not room.free_for(player.identity, time.monotonic()):
            raise LobbyError(
                _(
                    "the seats left in game {game} are kept for the players of the game before"
                    " it, for {n} s more: watch it, or try again then"
                ).format(game=room.id, n=math.ceil(room.kept_until - time.monotonic()))
            )
        alike = next(  # a seat given away is open: its giver, say, may take it again
            (name for name in room.sitters() if name and look_alike(name, player.name)), None
        )
        if alike is not None:  # ``alice`` beside ``Alice``: nobody could tell them apart
            raise LobbyError(
                _("someone called {name} sits there already: use another name").format(name=alike)
            )
        if self.rooms.get(room.id) is not room:  # closed meanwhile: everyone in it left
            raise LobbyError(_("there is no game {game}").format(game=room.id))
        room.joining += 1
        try:
            peer = await self._connect(room, name=player.name, password=room.password)
        finally:
            room.joining -= 1
        if peer.seat is None or peer.token is None:
            await peer.close()
            raise LobbyError(_("the host did not seat you"))
        code = new_code()
        self.seated(room, player.identity, Membership(peer.seat, peer.token, code_digest(code)))
        log.info(
            "game %s: %s (%s) sits in seat %d", room.id, player.name, player.identity, peer.seat
        )
        return peer, code

    async def rejoin(self, room: Room, player: Player, code: str | None) -> NetPeer:
        """Back into the seat ``player`` holds (``--open``: with the seat's code)."""
        member = room.members.get(player.identity)
        if member is None:
            raise LobbyError(_("you hold no seat in that game"))
        if self.open_mode:
            self.check_seat_code(room, player, code or "")
        peer = await self._connect(room, token=member.token)
        log.info("game %s: %s back in seat %d", room.id, player.name, member.seat)
        self.changed()
        return peer

    def check_seat_code(self, room: Room, player: Player, code: str) -> None:
        """The code of the seat ``player``'s name holds in ``room``, with wrong tries limited per
        address and per seat (WrongSecret, or LobbyError once locked out)."""
        member = room.members.get(player.identity)
        if member is None:
            raise LobbyError(_("you hold no seat in that game"))
        keys = (f"address:{player.address}", f"seat:{room.id}:{member.seat}")
        right = hmac.compare_digest(code_digest(code), member.code_digest)
        self._check_try(keys, right, _("that is not the seat's code"))

    def check_password(self, room: Room, player: Player, password: str | None) -> None:
        """A private game's password, with wrong tries limited per address and per game (no
        password given is not a try: WrongSecret says the game needs one)."""
        if room.password is None:
            return
        if not password:  # no guess, so no try (a `jetset join ssh://…/GAME` without --password)
            said = _("game {game} is private: it needs its password")
            raise WrongSecret(said.format(game=room.id))
        keys = (f"address:{player.address}", f"game:{room.id}")
        right = hmac.compare_digest((password or "").encode(), room.password.encode())
        self._check_try(keys, right, _("wrong password"))

    def _check_try(self, keys: tuple[str, str], right: bool, wrong: str) -> None:
        """Count a try at the secret ``keys[1]`` from the address ``keys[0]``. An address is held
        to its own lock, to its own count at this secret, and, once that count has used up its
        free tries, to the secret's lock as well: strangers' wrong tries never lock out the
        player who knows the secret, even one who mistyped it (each fresh address a guesser
        brings buys its free tries while the secret is locked, then waits out the secret's)."""
        address, secret = keys
        pair = f"{secret}@{address}"
        locked = self.tries.locked_for(*self._held_to(address, secret, pair))
        if locked > 0:
            wait = _("too many wrong tries: wait {seconds} seconds")
            raise LobbyError(wait.format(seconds=f"{locked:.0f}"))
        if right:
            self.tries.succeeded(secret)
            self.tries.succeeded(pair)
            return
        self.tries.failed(address, secret, pair)
        held = self._held_to(address, secret, pair)
        left = self.tries.left(*held)
        log.info("wrong secret for %s from %s (%d tries left)", secret, address, left)
        if left == 0:
            locked = self.tries.locked_for(*held)
            wait = _("{wrong}; too many wrong tries: wait {seconds} seconds")
            raise LobbyError(wait.format(wrong=wrong, seconds=f"{locked:.0f}"))
        tries = ngettext("{wrong} ({n} try left)", "{wrong} ({n} tries left)", left)
        raise WrongSecret(tries.format(wrong=wrong, n=left))

    def _held_to(self, address: str, secret: str, pair: str) -> tuple[str, ...]:
        """The counters whose locks hold ``address`` at ``secret``: its own and its count at the
        secret (``pair``), and the secret's once that count has no free tries left."""
        if self.tries.left(pair) == 0:
            return (address, pair, secret)
        return (address, pair)

    async def watch(self, room: Room, player: Player, password: str | None = None) -> NetPeer:
        """Watch ``room`` (a private game: with its password)."""
        self.admit_watcher(room, player, password)
        address = player.address
        peer = await self._connect(  # the host asks for the password too
            room, name=player.name, spectate=True, password=room.password
        )
        room.spectators[peer] = address
        self.changed()
        return peer

    def admit_watcher(self, room: Room, player: Player, password: str | None) -> None:
        """LobbyError unless ``player`` may watch ``room`` (password, spectator caps)."""
        self.check_password(room, player, password)
        if room.watchers >= self.limits.watchers_per_game:
            raise LobbyError(_("that game has as many spectators as it may"))
        address = player.address
        watching = [a for r in self.rooms.values() for a in r.spectators.values() if a == address]
        if len(watching) >= self.limits.watchers_per_address:
            raise LobbyError(_("you watch as many games as you may"))

    def vacate(self, room: Room, identity: str) -> None:
        """``identity`` is gone from ``room`` before it began: their seat is free again (the
        lobby does)."""
        raise NotImplementedError

    def left(self, room: Room, peer: NetPeer, identity: str | None = None) -> None:
        """A session let go of its peer (the game screen closed it, the wait's Esc did, or the
        session's connection went). A seat ``identity`` held through it in a game that has not
        started is theirs no longer (``vacate``): a play test's lobby kept a player who had
        left the wait in their seat, and a newcomer's f then began a game with nobody in it.
        Not for a peer pushed out (another session of theirs took the seat, or the game
        closed): the seat is not this session's to give up."""
        room.spectators.pop(peer, None)
        member = room.members.get(identity or "")
        if identity and member is not None and member.seat == peer.seat and peer.lost is None:
            self.vacate(room, identity)
        self.changed()

    async def _connect(self, room: Room, **kwargs: object) -> NetPeer:
        host_end, peer_end = memory_pipe("ssh")
        room.host.spawn(room.host.attach(host_end))
        try:
            return await NetPeer.connect(peer_end, served=True, **kwargs)
        except (ConnectionError, TimeoutError) as exc:
            raise LobbyError(_("the game refused: {why}").format(why=exc)) from None

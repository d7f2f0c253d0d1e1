"""Who sits where at a hosted game: the handshake (``hello``, ``welcome``), a seat asked for
(``join``, ``reconnect``, ``spectate``) within what the lobby admitted, the password and the
spectator caps, the names at the table, a seat given away (``leave {give}``), and what a
connection gets once seated (docs/protocol.md; docs/security.md, "A seat belongs to whoever
holds its token"). A part of ``Host`` (netcode/host.py), as ``StandIns`` and ``Dealing`` are."""

from __future__ import annotations

import hmac
import logging
import math
from typing import TYPE_CHECKING

import data
from netcode import messages as m
from netcode import protocol as p
from netcode.admission import PasswordBackoff, spectator_refusal
from netcode.connection import HELLO, LOBBY, SEATED, Admitted, Conn, need_stage
from netcode.framing import encode
from netcode.gameoptions import option_map
from netcode.names import look_alike_key, seat_name
from netcode.tablefiles import StorageError
from netcode.text import printable

if TYPE_CHECKING:
    from netcode.host import Host

log = logging.getLogger("jetset.host")

NEEDS_PASSWORD = "this game needs a password"
"""The refusal of a join or watch that gave no password to a private game (not a try)."""


def outside_admission(
    admitted: Admitted | None, msg: p.Join | p.Reconnect | p.Spectate
) -> str | None:
    """Why ``msg`` asks for more than the lobby let the connection in for (its caps on
    spectators and on seats were checked for that only), or None."""
    if admitted == "watch" and not isinstance(msg, p.Spectate):
        return "the lobby let you in to watch: ask it for a seat"
    if admitted == "join" and isinstance(msg, p.Spectate):
        return "the lobby let you in to play: ask it to watch"
    return None


class SeatRequests:
    """The host's seats and who asks for them (``Host.seating``)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        settings = host.settings
        self._backoff = PasswordBackoff(settings.password_backoff, settings.password_backoff_max)

    def hello(self, conn: Conn, msg: p.Hello) -> None:
        """``hello``: the game as it stands and its seats (``welcome``), once per connection."""
        host = self.host
        need_stage(conn, HELLO)
        if msg.proto != p.PROTOCOL:
            raise p.ProtocolError(p.E_VERSION, f"this host speaks protocol {p.PROTOCOL} only")
        conn.stage = LOBBY
        conn.wants_legal = msg.legal
        if msg.client:  # the program's own name, as docs/protocol.md says the log shows it
            log.info("%r says it is %s", conn, printable(msg.client))
        t = host.table
        game = m.GameInfo(
            name=t.rules.name,
            options=option_map(t.options),
            commitment=t.commitment,
            started=t.started,
            over=t.over,
            entries=len(t.game.entries),
            data=data.data_hash(),
        )
        conn.send(
            m.Welcome(
                proto=p.PROTOCOL,
                game=game,
                password=t.keys.password is not None,
                ping=host.settings.ping_every,
                seats=host.seats_list(),
            )
        )

    def request(self, conn: Conn, msg: p.Join | p.Reconnect | p.Spectate) -> None:
        """A seat is taken back only with its token; joining and watching a game with a password
        need the password; the reserve takes tokens only; spectators are capped."""
        host = self.host
        t = host.table
        why = outside_admission(conn.admitted, msg)
        if why is not None:
            conn.shut(m.Error(code=p.E_ORDER, message=why, fatal=True))
            return
        if isinstance(msg, p.Reconnect):
            seat = t.seat_for_token(msg.token)
            if seat is None:
                conn.shut(m.Error(code=p.E_TOKEN, message="no seat has that token", fatal=True))
                return
            self.sit(conn, seat, msg.have)
            return
        if conn.reserve:
            full = "the host is full: only players taking back their seat get in now"
            conn.shut(m.Error(code=p.E_BUSY, message=full, fatal=True))
            return
        if not self._password_ok(conn, msg.password):
            return
        if isinstance(msg, p.Spectate):
            why = spectator_refusal(list(host.conns), conn.address, host.settings.limits)
            if why is not None:
                conn.shut(m.Error(code=p.E_FULL, message=why, fatal=True))
                return
            conn.spectator = True
            # its chat is marked watching; never the name of anyone at the table, seated or
            # watching (an export's chat marks its lines watching too: netcode/textlog.py)
            given = conn.named or msg.name
            conn.name = self.unique_name(self.as_called(conn, given)) if given else "spectator"
            self.sit(conn, None, msg.have)
            return
        seat = t.free_seat()
        if seat is None:
            conn.shut(m.Error(code=p.E_FULL, message="every seat is taken; spectate", fatal=True))
            return
        slot, wanted = t.seats[seat], self.as_called(conn, conn.named or msg.name)
        if slot.name is None:
            slot.name = self.unique_name(wanted)
            self.sit(conn, seat, 0)
            return
        held = {look_alike_key(name): name for name in (slot.name, t.sitter(seat))}
        back = held.get(look_alike_key(seat_name(wanted)))  # one who played it, back in it
        # a seat its player gave away: the log's header keeps its first player's name
        was = t.sitter(seat)
        t.take_given(seat, back or self.unique_name(wanted))
        if t.sitter(seat) != was:  # the moves from here on are the newcomer's
            t.taken_over(seat, t.sitter(seat), was)
        self.sit(conn, seat, 0)
        if back is None:
            host.standins.newcomer_sat(seat)

    def _password_ok(self, conn: Conn, given: str | None) -> bool:
        """True in a game without a password or when ``given`` is it; otherwise the connection is
        refused, and each wrong password makes its address wait longer before the next try (none
        given is no try: it is told the game needs one)."""
        host = self.host
        password = host.table.keys.password
        if password is None:
            return True
        if not given:  # no guess, so no try: the joiner is told to give one
            conn.shut(m.Error(code=p.E_PASSWORD, message=NEEDS_PASSWORD, fatal=True))
            return False
        address = conn.address
        wait = self._backoff.wait(address) if address is not None else 0.0
        if wait > 0:
            later = f"after a wrong password from your address, try again in {math.ceil(wait)} s"
            conn.shut(m.Error(code=p.E_PASSWORD, message=later, fatal=True))
            return False
        if hmac.compare_digest((given or "").encode(), password.encode()):
            if address is not None:
                self._backoff.succeeded(address)
            return True
        if address is not None:
            self._backoff.failed(address)
        conn.shut(m.Error(code=p.E_PASSWORD, message="wrong password", fatal=True))
        return False

    @staticmethod
    def as_called(conn: Conn, name: str) -> str:
        """The name ``conn`` asked for, as a server calls a TCP joiner by it (on a server with
        keys, never as a key holder: ``ann@tcp``); anyone else's as asked."""
        return conn.stranger.name_of(name) if conn.stranger is not None else name

    def unique_name(self, name: str) -> str:
        """``name`` as the table shows it, with a number when it would read like the name of
        someone at the table, seated or watching (``alice`` beside ``Alice``:
        netcode/names.py), kept within the name's limit: cut after folding, which can make one
        character eighteen (U+FDFA; a 576-character seat name broke every lobby listing it)."""
        host = self.host
        base = seat_name(name)[: p.MAX_NAME].strip() or "player"
        t = host.table
        seated = [slot.name for slot in t.seats if slot.name]
        seated += [h.by for h in t.keys.handovers.values() if h.by]
        watching = [c.name for c in host.conns if c.spectator and c.watching]
        taken = {look_alike_key(name) for name in seated + watching}
        out, n = base, 2
        while look_alike_key(out) in taken:
            suffix = f"-{n}"
            out, n = base[: p.MAX_NAME - len(suffix)] + suffix, n + 1
        return out

    def sit(self, conn: Conn, seat: int | None, have: int) -> None:
        """Seat ``conn`` (``seat`` None: watching), taking the seat from an older connection or
        a stand-in, and send it the game from entry ``have`` on, the end, the chat kept, a
        pause, and its turn."""
        host = self.host
        t = host.table
        away_from = 0
        if seat is not None:
            if conn.standin is not None and seat in host.seat_conns:  # the player came back
                conn.shut(m.Bye(reason="the player is back"))
                return
            old = host.seat_conns.get(seat)
            if old is not None and old is not conn:
                old.shut(m.Bye(reason=m.TAKEN_OVER))
                old.seat = None
            if conn.standin is None and seat in t.bots_played.standing:
                # the stand-in's moves end here, whether it is in the seat or the log says it
                # played when the game stopped (a restart: ``StandIns.everyone_away``)
                t.note("standin", seat=seat, bot=None)
            host.seat_conns[seat] = conn
            conn.seat = seat
            conn.name = t.sitter(seat)
            if conn.standin is None:
                away_from = host.standins.missed_from.get(seat, 0)
            host.standins.seat_taken(seat, standin=conn.standin is not None)
            if conn.standin is not None:
                t.note("standin", seat=seat, bot=conn.standin)
            t.pledge(seat, conn.pledge)  # before the pledges are announced
        conn.stage = SEATED
        start = have if have <= len(t.game.entries) else 0
        token = t.seats[seat].token if seat is not None else None
        held = len(t.game.entries)
        conn.send(
            m.Seated(
                seat=seat, token=token, name=conn.name, from_=start, upto=held, away_from=away_from
            )
        )
        log.info("%r seated as %s", conn, printable(conn.name))
        host.broadcast_seats()
        for i in range(start, held):
            conn.post(host.entry_frame(i, seat), bulk=True)
        if host.end_frame is not None:
            conn.post(host.end_frame, bulk=True)
        if t.chat:  # bounded like the catch-up (CHAT_KEPT lines)
            conn.post(encode(m.to_wire(self._chat_kept())), bulk=True)
        if host.paused is not None:
            conn.send(m.paused_message(host.paused))
        if host.dealing.seat_taken(conn, seat):
            if seat is not None and seat == t.game.to_move():
                host.offer_turn()  # only to the seat just taken: the others have theirs already
            host.standins.arm_clock()

    def _chat_kept(self) -> m.ChatKept:
        """The table's chat so far, for a connection just seated (or watching)."""
        host = self.host
        lines = (
            m.ChatLine(
                seat=said.get("seat"), name=str(said.get("name", "")), text=str(said["text"])
            )
            for said in host.table.chat
            if "text" in said
        )
        return m.ChatKept(lines=tuple(lines))

    def give_away(self, conn: Conn) -> None:
        """``leave {give}``: the player leaves their seat to whoever joins next (never the
        hosting player's, a stand-in's or a spectator's; docs/protocol.md)."""
        if conn.seat is not None and conn.standin is None:
            self.give_seat(conn.seat)

    def give_seat(self, seat: int) -> bool:
        """``seat`` goes to whoever joins next (its player's ``leave {give}``, or the hosting
        player's hand for a player who is gone): never the hosting player's own, a bot's, or a
        free one. Whether it was given; ``Host.on_gift`` is told (a server's lobby forgets who
        held it)."""
        host = self.host
        t = host.table
        slot = t.seats[seat]
        if seat == t.keys.host_seat or t.over:
            return False
        if slot.is_bot or slot.name is None:
            return False
        try:
            t.give_away(seat, before_pledges=not t.started and not host.dealing.asked)
        except StorageError as exc:
            log.warning("seat %d stays its player's: cannot save its gift (%s)", seat, exc.reason)
            return False
        log.info("seat %d (%s) given away to the next to join", seat, printable(t.sitter(seat)))
        if host.on_gift is not None:
            host.on_gift(seat)
        return True

    def vacate(self, seat: int) -> bool:
        """A server lobby's player is gone from a game that has not started (they left its
        wait, or their connection did): ``seat`` is simply free again for whoever joins next,
        with a new token, no name and no pledge, and a connection still in it is let go. Not
        once every seat is taken (the pledges are out, the deal is on its way: a seat then
        waits for its player as in a started game), nor a bot's or a free one. Whether it was
        freed (not if the disk refuses the new token: the seat stays its player's)."""
        host = self.host
        t = host.table
        slot = t.seats[seat]
        if t.started or t.over or host.dealing.asked or slot.is_bot or slot.name is None:
            return False
        try:
            t.give_away(seat, before_pledges=True)
        except StorageError as exc:
            log.warning("seat %d stays its player's: cannot save it freed (%s)", seat, exc.reason)
            return False
        conn = host.seat_conns.pop(seat, None)
        if conn is not None:
            conn.seat = None
            conn.shut(m.Bye(reason="you left"))
        host.standins.forget_drop(seat)
        log.info("seat %d freed before the game began: its player is gone", seat)
        host.broadcast_seats()
        return True

"""The hosting player's own seat: play it, leave it to a bot and keep serving, pause the game.

``jetset host`` with a screen serves a game and plays one seat of it. That seat is kept for the
host from the start (``Table.create(host_name=...)`` records it in ``<log>.secret``), and the
host's client always takes it by its token, never by name: so a joiner can never take it first,
and ``jetset host --resume`` gives it back. ``HostedGame`` is the ``netcode.client.Hosting`` a
front end gets on that client.
"""

from __future__ import annotations

import logging
import shlex
from pathlib import Path

from netcode.host import Host, HostSettings
from netcode.next_games import NextGames
from netcode.peer import NetPeer
from netcode.table import Table
from netcode.transport import memory_pipe

log = logging.getLogger("jetset.host")

STANDIN = "greedy"
"""The bot that plays the host's seat while they are away."""


def resume_command(
    log_path: Path,
    bind: str,
    port: int,
    *,
    headless: bool = False,
    table: Table | None = None,
    settings: HostSettings | None = None,
) -> str:
    """``jetset host --resume LOG --bind B --port P``: the same address, so players come back;
    ``--headless`` again if it was, ``--bots`` naming the bots of your own that ``table`` seats
    (a log never loads one by itself: docs/bots.md), and the table's ``settings`` that are not
    the defaults (a play test's game, resumed, lost the reconnect window it was hosted with)."""
    words = ["jetset", "host", "--resume", str(log_path), "--bind", bind, "--port", str(port)]
    if headless:
        words.append("--headless")
    own = own_bot_kinds(table) if table is not None else []
    if own:
        words += ["--bots", ",".join(own)]
    if settings is not None:
        words += setting_flags(settings)
    return shlex.join(words)


def setting_flags(settings: HostSettings) -> list[str]:
    """The ``jetset host`` flags that give a table ``settings``' stand-ins and clock again,
    where they are not the defaults."""
    default = HostSettings()
    flags: list[str] = []
    if settings.reconnect_window != default.reconnect_window:
        flags += ["--reconnect-window", f"{settings.reconnect_window:g}"]
    if settings.turn_time != default.turn_time:
        flags += ["--turn-time", f"{settings.turn_time:g}"]
    if settings.standin_kind != default.standin_kind:
        flags += ["--standin-bot", settings.standin_kind]
    return flags


def own_bot_kinds(table: Table) -> list[str]:
    """The bots of your own (``FILE.py:Class``, ``module:Class``) ``table`` seats, once each."""
    kinds = [slot.bot_kind for slot in table.seats if slot.is_bot and ":" in slot.bot_kind]
    return list(dict.fromkeys(kinds))


PAUSED_BY_THE_HOST = "the host paused the game"
"""What every player and spectator is told when the host pauses the game: not the command that
continues it, which only the host can run, and whose log path names the host's own folders (a
LAN play test's spectators read the host's home directory); the host's screen and terminal say
it."""


class HostedGame:
    """The game a host serves, as its hosting player's screen may act on it."""

    def __init__(
        self,
        host: Host,
        *,
        bind: str,
        port: int,
        addresses: tuple[str, ...] = (),
        standin: str = STANDIN,
    ) -> None:
        seat = host.table.keys.host_seat
        if seat is None:
            raise ValueError("this game has no seat for its host")
        self.host = host
        self.seat = seat
        self.bind = bind
        self.port = port
        self._addresses = addresses or (f"{bind}:{port}",)
        self._standin = standin

    @property
    def address(self) -> str:
        return self._addresses[0]

    @property
    def addresses(self) -> tuple[str, ...]:
        return self._addresses

    @property
    def log_path(self) -> Path:
        return self.host.table.log_path

    @property
    def resume_command(self) -> str:
        host = self.host
        return resume_command(
            self.log_path, self.bind, self.port, table=host.table, settings=host.settings
        )

    @property
    def standin_kind(self) -> str:
        return self._standin

    @property
    def bot_moves(self) -> dict[int, int]:
        return self.host.table.bot_moves

    @property
    def people_at_the_table(self) -> bool:
        return self.host.standins.players_at_the_table()

    @property
    def over(self) -> bool:
        return self.host.table.over

    @property
    def begun(self) -> bool:
        return self.host.table.started

    @property
    def token(self) -> str:
        return self.host.table.keys.token(self.seat)

    async def sit(self) -> NetPeer:
        """The host's client: a peer over an in-memory pipe, in the host's seat by its token
        (a stand-in bot holding the seat is sent away). Back at a game not over, the host plays
        again; at its end (to see how it ended) the bot they chose stays theirs for a next game
        (``Host.left_to_bot``)."""
        if not self.over:
            self.host.left_to_bot = None
        host_end, peer_end = memory_pipe("host-seat")
        self.host.spawn(self.host.attach(host_end))
        peer = await NetPeer.connect(peer_end, token=self.token)
        peer.hosting = self
        return peer

    def stand_in(self) -> None:
        """A bot plays the host's seat, by its token, until the host sits again."""
        if self.over:
            return
        log.info("a %s bot plays the host's seat %d", self._standin, self.seat)
        self.host.left_to_bot = self._standin
        self.host.standins.choose_standin(self.seat, self._standin)

    def give_seat(self, seat: int) -> bool:
        """``seat``'s player is gone: whoever joins next takes the seat (``SeatRequests``)."""
        conn = self.host.seat_conns.get(seat)
        if conn is not None and conn.standin is None:
            return False  # its player (or its own bot) is at the table
        if not self.host.seating.give_seat(seat):
            return False
        self.host.broadcast_seats()
        return True

    @property
    def hurry_time(self) -> float:
        return self.host.settings.hurry_time

    def can_hurry(self, seat: int) -> bool:
        """Whether ``seat``'s player may be put on the clock now (``StandIns.can_hurry``)."""
        return self.host.standins.can_hurry(seat)

    def hurry(self, seat: int) -> bool:
        """``seat``'s player, slow to decide, is put on the clock: ``hurry_time`` seconds a
        decision, then a bot decides for them, until they move themselves."""
        return self.host.standins.hurry(seat)

    async def pause(self) -> None:
        """Every peer hears that the game is paused and how it goes on; serving stops."""
        await self.host.stop_hosting(PAUSED_BY_THE_HOST)

    @property
    def number(self) -> int:
        """Which game at this address since the host began (1; r at an end makes the next)."""
        return self.host.number

    def next_game(self, holder: str = "jetset") -> HostedGame:
        """The game that follows this finished one for its seats (the host's r at its end):
        the one another player opened, or a new one like it (``NextGames.open``), served at
        the same address. OSError if its files cannot be written."""
        finished = self.host
        next_games = finished.next_games or NextGames.at(finished, holder)
        return HostedGame(
            next_games.open(finished, self.seat),
            bind=self.bind,
            port=self.port,
            addresses=self._addresses,
            standin=self._standin,
        )

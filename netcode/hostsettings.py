"""The host's limits and time-outs, each promised in docs/security.md; tests shrink them."""

from __future__ import annotations

from dataclasses import dataclass

from netcode.admission import Limits
from netcode.framing import CLIENT_FRAME_LIMIT


@dataclass
class HostSettings:
    """Limits and time-outs of one hosted game."""

    hello_timeout: float = 10.0
    """Seconds from connecting to a join, reconnect or spectate."""
    ping_every: float = 10.0
    idle_timeout: float = 45.0
    reconnect_window: float = 120.0
    """Seconds a dropped player's seat waits for them before a stand-in bot plays it (0: never)."""
    standin_kind: str = "greedy"
    """The bot kind that plays for a dropped player, and for a player whose turn clock ran out."""
    turn_time: float = 0.0
    """Seconds a connected player has for each decision before a bot makes it (0: no clock)."""
    hurry_time: float = 60.0
    """Seconds each decision of a slow player gets once the hosting player puts them on the
    clock, until they move themselves again (``StandIns.hurry``)."""
    frame_limit: int = CLIENT_FRAME_LIMIT
    rate: float = 20.0
    burst: float = 60.0
    arrival_rate: float = 5.0
    arrival_burst: float = 20.0
    """New connections a second from one address, in bursts of ``arrival_burst``; beyond, one is
    refused ``busy`` at once."""
    chat_rate: float = 1.0
    chat_burst: float = 10.0
    """Chat lines a second from one connection, in bursts of ``chat_burst``; beyond, a line is
    refused (and counts as a bad message)."""
    max_errors: int = 20
    max_queued: int = 4 * 1024 * 1024
    """Bytes queued for one peer before it counts as not reading and is dropped."""
    max_connections: int = 64
    reserved_for_seats: int = 8
    """Of ``max_connections``, kept for players taking back their seat with its token."""
    max_per_address: int = 8
    max_spectators: int = 32
    max_spectators_per_address: int = 4
    frame_grace: float = 5.0
    """Seconds a frame may take once begun, besides its length at ``min_byte_rate``."""
    min_byte_rate: float = 1024.0
    password_backoff: float = 1.0
    """Seconds an address waits after a wrong game password, doubling with each one..."""
    password_backoff_max: float = 60.0
    """... up to this."""
    bot_delay: float = 0.0
    """Seconds the host's bots wait before each move, so people at a local table can follow."""
    reveal_time: float = 10.0
    """Seconds the pledged seats have, once every seat is taken, to reveal their random values;
    the cards are then dealt without the missing ones (the log's header shows which)."""
    retry_first: float = 1.0
    retry_most: float = 30.0
    """A log write that failed is tried again after ``retry_first`` seconds, then after twice as
    long each time, ``retry_most`` at most."""

    def __post_init__(self) -> None:
        if not 0 <= self.reserved_for_seats < self.max_connections:
            raise ValueError("reserved_for_seats must be at least 0 and below max_connections")

    @property
    def limits(self) -> Limits:
        return Limits(
            self.max_connections,
            self.reserved_for_seats,
            self.max_per_address,
            self.max_spectators,
            self.max_spectators_per_address,
        )

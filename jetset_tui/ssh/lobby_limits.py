"""The SSH server lobby's numbers: how many games, watchers and connections one person or
address may have, how long games are kept, how many wrong secrets are tried (docs/security.md,
each with the test that attacks it)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LobbyLimits:
    """The lobby's numbers (docs/security.md)."""

    max_games: int = 32
    games_per_player: int = 3
    """Unfinished games one identity may have created."""
    games_per_address: int = 8
    """Unfinished games created from one address, whatever the names or keys (names and keys
    cost a stranger nothing: a play test's one address filled all 32 in ten seconds)."""
    watchers_per_game: int = 16
    watchers_per_address: int = 4
    """Games watched at once from one address."""
    tcp_per_address: int = 8
    """Connections from one address to the games' TCP ports (``--tcp``), across every game."""
    abandoned_after: float = 1800.0
    """Seconds an unfinished game with no person connected stays open."""
    finished_kept: float = 600.0
    """Seconds a finished game stays in the list."""
    next_seats_kept: float = 120.0
    """Seconds a next game (r at a game's end) keeps its open seats for the finished game's
    other players (``Room.kept_for``)."""
    free_tries: int = 5
    """Wrong seat codes (or game passwords) per address and per seat (or game) before a lock-out
    of ``first_lock`` seconds, doubling with every further wrong one."""
    first_lock: float = 30.0

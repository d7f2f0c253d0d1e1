"""The games served one after another at one address (``jetset host``): r at a game's end, by
the hosting player or by any player seated there (the peer's ``next {}``), opens the next game
of its seats, once; the others sit in it (docs/protocol.md, ``next``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from netcode.host import Host
from netcode.messages import NextGame


class NextGames:
    """Opens the game that follows a finished one at its address, like it: the same game,
    options, bots and their names, password and hosting player, dealt anew."""

    def __init__(
        self,
        first_log: Path,
        holder: str = "jetset",
        on_open: Callable[[Host], object] | None = None,
    ) -> None:
        self.first_log = first_log
        """The first game's log at this address: the next games' are named after it."""
        self.holder = holder
        self.on_open = on_open
        """Called with each game opened (``jetset host --headless`` says it and serves it)."""
        self.name, self.count = numbered(first_log.stem)
        """The evening's name and the number of the game last made at this address: 1 for a
        first game, 2 for ``evening-2.jetset`` resumed (its next is ``evening-3``)."""
        self.closed: str | None = None
        """Why no more games are opened here (the hosting player left), or None."""

    @classmethod
    def at(
        cls, first: Host, holder: str = "jetset", on_open: Callable[[Host], object] | None = None
    ) -> NextGames:
        """The next games after ``first``, the game served at an address now: its
        ``next_games``, and its number read from its log's name (``evening-2.jetset``, resumed,
        is game 2)."""
        made = first.next_games = cls(first.table.log_path, holder, on_open)
        first.number = made.count
        return made

    def open(self, finished: Host, opener: int) -> Host:
        """The game that follows ``finished`` (over), opened by the player in seat ``opener``:
        served at the address from now on (``Host.successor``), its bots seated, and everyone
        still at ``finished`` told (``next {game, seat}``). OSError, and nothing made, if its
        files cannot be written."""
        if finished.successor is not None:
            return finished.successor
        table = finished.table.next_table(self.next_log_path(), self.holder)
        following = Host(table, finished.settings)
        following.next_games, following.opened_by = self, opener
        following.on_bot_trouble = finished.on_bot_trouble
        self.count += 1
        following.number = self.count
        finished.successor = following
        host_seat = table.keys.host_seat
        if host_seat is not None:  # the hosting player sits when they follow (r), if they do
            following.standins.not_here_yet(host_seat, finished.left_to_bot)
            following.left_to_bot = finished.left_to_bot
        following.start_bots()
        finished.broadcast(NextGame(game=following.called, seat=opener))
        if self.on_open is not None:
            self.on_open(following)
        return following

    def next_log_path(self) -> Path:
        """The next game's log: the evening's name and the game's number (``evening.jetset``,
        then ``evening-2.jetset``), or a new name beside it if that file is there already."""
        from netcode.userdirs import new_game_path

        first = self.first_log
        path = first.with_name(f"{self.name}-{self.count + 1}{first.suffix}")
        return new_game_path(folder=first.parent) if path.exists() else path


_NUMBERED = re.compile(r"(.+)-([1-9][0-9]{0,2})")


def numbered(stem: str) -> tuple[str, int]:
    """A log's name as an evening's name and its game's number: ``evening-2`` is the second
    game of ``evening``; a name without a number, the first game of its own name. A number
    has at most three digits, so that the six random characters ending a name
    ``new_game_path`` made are never read as one."""
    match = _NUMBERED.fullmatch(stem)
    if match is None:
        return stem, 1
    return match[1], int(match[2])

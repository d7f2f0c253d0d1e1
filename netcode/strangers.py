"""What a server asks of the connections that reach one of its games straight over TCP (`jetset
join HOST:PORT` on `jetset ssh-server --tcp`), which no lobby let in and no key vouches for: the
name each goes by, and whether it may come in at all (a cap per address across the server's
games, none to a private game). A plain `jetset host` has no such rules (``Host.strangers`` is
None there). docs/security.md, "The --tcp port"."""

from __future__ import annotations

from typing import Protocol


class Strangers(Protocol):
    def name_of(self, name: str) -> str:
        """The name a TCP joiner who asked for ``name`` goes by at the table."""
        ...

    def arrived(self, address: str | None, *, private: bool) -> str | None:
        """Why a TCP connection from ``address`` to a game (``private``: with a password) is
        refused, or None: then it is counted until ``went``."""
        ...

    def went(self, address: str | None) -> None:
        """A TCP connection that ``arrived`` closed."""
        ...

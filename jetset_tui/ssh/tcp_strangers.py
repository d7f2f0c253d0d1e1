"""The SSH server's rules for its games' TCP joiners (``--tcp``: ``jetset join HOST:PORT``),
whom no key vouches for and no lobby let in (``netcode.strangers``): on a server with keys each
goes by the name it asked for with ``@tcp`` after it, so that it never reads as a key holder (a
red team's keyless joiner sat as ``ann``, and the real ann became ``ann-2``); a private game
takes none (the lobby shows no port for it, and its password is the lobby's to guard, at the
lobby's rate); and one address holds at most ``per_address`` such connections across the
server's games (a red team's address watched eleven games at once). docs/security.md."""

from __future__ import annotations

from collections import Counter

from netcode.messages import MAX_NAME
from netcode.names import seat_name

TCP_MARK = "@tcp"
"""What a TCP joiner's name carries on a server with keys: typed, not proven (as ``@web``)."""

ROOM_FOR_A_NUMBER = 3
"""Characters left for the ``-2`` a table adds to a name that reads like another's."""


class TcpStrangers:
    """``netcode.strangers.Strangers`` for one SSH server's games."""

    def __init__(self, *, keys: bool, per_address: int) -> None:
        self.keys = keys
        self.per_address = per_address
        self.connected: Counter[str] = Counter()

    def name_of(self, name: str) -> str:
        if not self.keys:  # --open: a name is anyone's, over SSH too
            return name
        room = MAX_NAME - len(TCP_MARK) - ROOM_FOR_A_NUMBER
        return (seat_name(name)[:room].strip() or "player") + TCP_MARK

    def arrived(self, address: str | None, *, private: bool) -> str | None:
        if private:
            return "this game is private: join it from the server's lobby"
        if address is None:
            return None
        if self.connected[address] >= self.per_address:
            cap = self.per_address
            return f"too many connections from your address to this server's games ({cap})"
        self.connected[address] += 1
        return None

    def went(self, address: str | None) -> None:
        if address is None:
            return
        self.connected[address] -= 1
        if self.connected[address] <= 0:
            del self.connected[address]

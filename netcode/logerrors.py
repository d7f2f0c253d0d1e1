"""What a game log's readers refuse: a file that is no log, and a log damaged inside.

Every reader of a log (netcode/logheader.py, netcode/logfile.py, netcode/damage.py) turns what
msgpack raises into these, never a traceback (docs/log-format.md, "A damaged end").
"""

from __future__ import annotations

import msgpack

from engine.errors import Reason


class LogFormatError(ValueError):
    """A file that is not a Jet Set log, or whose records are malformed. Its message is a
    :class:`~engine.errors.Reason` where a player may read it (a file that is no log), so the
    app can say it in the player's language; a malformed record's is English (technical), and
    a player is told of it by :class:`DamagedLog`'s ``entries``."""


class DamagedLog(LogFormatError):
    """A Jet Set log damaged inside: its message says where and how, for scripts."""

    def __init__(self, message: str, entries: int | None, moves: int | None = None) -> None:
        super().__init__(message)
        self.entries = entries
        """The whole entries before the damage; None: the header itself is damaged."""
        self.moves = entries if moves is None else moves
        """The players' decisions among them (the dealer's entries left out), as players
        count a game's moves."""


NO_HEADER = Reason("not a Jet Set log (no header)")
"""A file whose first record is no Jet Set header (a text file, another program's data)."""
EMPTY = Reason("empty file")
CUT_SHORT_HEADER = Reason("not a whole Jet Set log: it ends inside its first record")
"""A file cut short before the end of its header (a copy stopped early)."""

UNDECODABLE: tuple[type[Exception], ...] = (msgpack.UnpackException, ValueError, TypeError)
"""What msgpack raises for bytes that are no record: its own errors, a string that is not
UTF-8 or an extension it does not know (ValueError), a map keyed by a list (TypeError). Every
reader of a log turns them into :class:`LogFormatError`, never a traceback."""
NO_FIRST_RECORD: tuple[type[Exception], ...] = (StopIteration, *UNDECODABLE)
"""What reading a file's first record raises when there is none to read."""

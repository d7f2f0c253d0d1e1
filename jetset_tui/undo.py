"""z, Ctrl+Z or typing ``undo``: take back your newest move, in a game at one keyboard (any
game's: the moves are said in the game's notation, ``GameRules.entry_line``).

The session decides what may be taken back (``netcode.heldturn``: your moves since anything hidden
came out, with the bots' replies to them); this module only asks and says what happened, in the
words a player uses.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import IllegalAction
from jetset_tui.i18n import _, ngettext
from jetset_tui.refusals import sentence
from netcode.client import GameClient

UNDO_KEYS = "z,ctrl+z"
"""The keys that take a move back (the help page names them)."""


def undo_seat(session: GameClient, viewer: int | None) -> int | None:
    """Whose move the keys take back: the player shown, else the only person at this keyboard."""
    if viewer is not None:
        return viewer
    people = session.local_seats
    return people[0] if len(people) == 1 else None


async def take_back(
    session: GameClient, seat: int | None, players: Sequence[str] = ()
) -> tuple[bool, str]:
    """Take back ``seat``'s newest move: (done, what to tell the player, who calls the seats
    by ``players``' names)."""
    if seat is None:
        return False, _("there is no move of yours to take back")
    before = list(session.game.entries)
    try:
        await session.undo(seat)
    except IllegalAction as exc:
        return False, sentence(exc.template, exc.params, session.rules, players)
    now = len(session.game.entries)
    gone = before[now:]
    lines = [session.rules.entry_line(e) for e in gone]
    moves = [line for actor, line in lines if actor == seat]
    replies = len(lines) - len(moves)
    what = ", ".join(moves) or _("your move")
    if not replies:
        return True, _("taken back: {moves}").format(moves=what)
    said = ngettext(
        "taken back: {moves} and the move after it",
        "taken back: {moves} and the {n} moves after it",
        replies,
    )
    return True, said.format(moves=what, n=replies)

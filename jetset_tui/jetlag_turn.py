"""The Jet Lag table's turn line, in words: the round and the piles, then what the player to
move does now in the rulebook's words (said to that player, to the other, or to a spectator),
who the table waits for before the deal, or why the host paused the game. Functions of what
the screen knows (jetset_tui/screens/jetlag.py draws them)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from engine.jetlag.actions import CHANCE
from engine.jetlag.state import FIRST, LAST, ROUNDS, SECOND, State
from jetset_tui.i18n import _
from jetset_tui.theme import WARN
from jetset_tui.widgets.jetlag_score import piles_text
from jetset_tui.widgets.turn_clock import clock_text
from netcode.client import Presence


def turn_line(view: State, doing: str, paused: str | None, clock: float | None = None) -> Text:
    """``Round 2 of 4 · piles …`` (with the turn clock of the player to move, ``clock``
    seconds, if one runs) and, under it, what is done now, or the pause in its place (as on Jet
    Set's turn bar)."""
    text = Text()
    if clock is not None and paused is None:
        text.append_text(clock_text(clock))
        text.append("  ")
    if view.round:
        said = _("Round {n} of {rounds}").format(n=view.round, rounds=ROUNDS)
    else:
        said = _("Before the first round")
    text.append(said, style="bold")
    text.append("  ·  " + piles_text(view) + "\n")
    if paused is not None:
        text.append(f"❚❚ {paused}", style=f"bold {WARN}")
    else:
        text.append(doing, style="bold")
    return text


def paused_words(presence: Presence | None) -> str | None:
    """The host paused the game (its disk is full, it is gone and may come back): what to
    tell the player, in their language, for as long as it lasts."""
    return _(presence.paused) if presence is not None and presence.paused else None


def doing_words(
    view: State,
    mover: int | None,
    viewer: int | None,
    names: Sequence[str],
    *,
    watching: bool,
    started: bool,
    waiting: str,
) -> str:
    """What the player to move does now, in the rulebook's words; ``waiting`` while the game has
    no entry yet (not ``started``)."""
    if mover == CHANCE and not started:
        return waiting
    if mover is None or mover == CHANCE:
        return _("The cards are being dealt.")
    name, other = names[mover], names[1 - mover]
    if mover == viewer:
        said = {
            FIRST: _("Your turn: play 1 card of the pile; the other 3 go to {other}."),
            SECOND: _(
                "Your turn: play 2 of the 3 cards from {other} ({n} to go); the third goes back."
            ),
            LAST: _("Your turn: play the card {other} gave back."),
        }
    elif watching:
        said = {
            FIRST: _("{name} plays 1 card of the pile and passes the other 3 to {other}…"),
            SECOND: _("{name} plays 2 of the 3 cards and gives the last back to {other}…"),
            LAST: _("{name} plays the card {other} gave back…"),
        }
    else:
        said = {
            FIRST: _("{name} plays 1 card of the pile and passes you the other 3…"),
            SECOND: _("{name} plays 2 of the 3 cards and gives you the last back…"),
            LAST: _("{name} plays the card you gave back…"),
        }
    left = (view.sizes[mover] or 1) - 1
    return said.get(view.step, "").format(name=name, other=other, n=left)


def waiting_words() -> str:
    """Before the deal: who the table waits for (the host's panel says where others join:
    every address, once; this line said the first of them again)."""
    return _("Waiting for both players to sit down.")

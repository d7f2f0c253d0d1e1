"""What a Vacation card that came up did, said after its log line: the first of the two, the
second (Vacation Time begins), or one more, set aside; and with face-up Investors the last
Investor it replaced, which no choice of a player's names (rules: "Vacation Time"; expansion,
"Investors"; docs/rules-decisions.md 6, 20, I7, I9).

A play test read "turned up a Vacation card from the long deck" twice in one turn, the first
with the Investor's payments and no Investor named, the second with nothing after it, and could
tell neither what the first card had replaced nor what became of the second.
"""

from __future__ import annotations

from engine.jetset.actions import DrawDistant, Entry, Reveal
from engine.jetset.board import Board
from engine.jetset.distant_state import load_distant
from engine.jetset.state import State
from jetset_tui.card_names import investor_name
from jetset_tui.i18n import _


def vacation_came_up(board: Board, entry: Entry) -> bool:
    """Whether ``entry`` turned a Vacation card up from a deck (Short, Long or Distant)."""
    action = entry.action
    if isinstance(action, Reveal):
        return board.cards[action.card].vacation
    if isinstance(action, DrawDistant):
        return action.card == load_distant().vacation
    return False


def vacations_up(state: State) -> int:
    """The Vacation cards that count toward Vacation Time: on the track, and the Business
    card "Vacation" played."""
    return len(state.vacations) + state.extra_vacations()


def investor_replaced(before: State, after: State) -> str | None:
    """The Investor that paid between ``before`` and ``after`` (its card known to ``after``), if
    one did."""
    was, now = before.investors, after.investors
    if was is None or now is None:
        return None
    for space, paid in enumerate(now.paid):
        card = now.cards[space]
        if paid is not None and was.paid[space] is None and card is not None:
            return card
    return None


def vacation_note(board: Board, entry: Entry, before: State, after: State) -> str:
    """What the Vacation card ``entry`` turned up did ("" for any other entry): ``before`` and
    ``after`` are the table before and after it."""
    if not vacation_came_up(board, entry):
        return ""
    if vacations_up(after) == vacations_up(before):
        return _("set aside: Vacation Time has come")
    said = [_("Vacation Time begins") if after.vacation_time else _("the first of two")]
    card = investor_replaced(before, after)
    if card is not None:
        said.append(_("it replaces the {name} Investor").format(name=investor_name(card)))
    return " · ".join(said)

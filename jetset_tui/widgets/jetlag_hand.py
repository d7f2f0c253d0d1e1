"""A Jet Lag hand: each card's tourist side and, after ``│`` (aligned from card to card), its
destination side with its objective, numbered for the keys; the card being chosen marked ``»``
(and reversed). The cards of the other player that this seat knows (those it passed) are listed
after it."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from engine.jetlag.cards import PILE_SIZE, deck
from engine.jetlag.state import State
from jetset_tui.i18n import _, ngettext
from jetset_tui.widgets.jetlag_board import NEW
from jetset_tui.widgets.jetlag_words import objective_long, objective_short, places, tourist_face


def destination_side(card_id: str) -> Text:
    """A card's destination side and its objective."""
    card = deck()[card_id]
    text = places(card)
    if card.double:
        text.append(" ×2", style="bold")
    text.append(" · ")
    text.append(objective_short(card.objective), style="italic")
    return text


def card_line(card_id: str, number: int | None = None, chosen: bool = False) -> Text:
    """A card on one line (the hand's ``cards_table`` aligns its ``│``)."""
    text = Text(f"{NEW if chosen else ' '}{'' if number is None else number} ")
    text.append_text(tourist_face(deck()[card_id]))
    text.append("  │ ")
    text.append_text(destination_side(card_id))
    if chosen:
        text.stylize("reverse")
    return text


def cards_table(cards: Sequence[str], chosen: int | None = None, *, numbered: bool = True) -> Table:
    """Cards in two columns, the tourist sides then the destination sides, the ``│`` between
    them aligned; a destination side too long for the width wraps in its own column."""
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column()
    for i, card_id in enumerate(cards):
        mark = NEW if i == chosen else " "
        number = str(i + 1) if numbered else ""
        tourist = Text(f"{mark}{number} ").append_text(tourist_face(deck()[card_id]))
        style = "reverse" if i == chosen else ""
        table.add_row(tourist, Text("│"), destination_side(card_id), style=style)
    return table


def hand_text(
    state: State, me: int, names: Sequence[str], chosen: int | None, detail: bool = False
) -> Group:
    """Seat ``me``'s hand (the card at index ``chosen`` marked; ``detail``: its objective said
    whole under it), then what it knows of the other's.

    With ``detail`` (a window of 30 rows and more) it takes the same lines whatever the hand
    holds (a pile's cards, the objective's line, the other's): the points below it stay where
    they are, and a play is sent in one frame, where Textual sends a hand that changed height
    again a frame later. On fewer rows the hand takes only the lines it needs, so that the
    points fit on the screen (BENCHMARKS.md, "Jet Lag's repaint")."""
    hand = state.hands[me] or []
    title = Text(_("Your hand"), style="bold")
    legend = _("tourist, value, affinities │ destination · objective")
    title.append("  " + legend, style="dim")
    if not hand:
        title.append(" " + _("(no cards now)"))
    parts: list[RenderableType] = [title]
    if hand:
        parts.append(cards_table(hand, chosen))
    lines: list[Text] = []
    if detail and chosen is not None and chosen < len(hand):
        card = deck()[hand[chosen]]
        said = _("{card}'s objective: {objective}").format(
            card=card.id, objective=objective_long(card.objective)
        )
        lines.append(Text("   " + said, style="italic"))
    elif detail:
        lines.append(Text(""))
    them = 1 - me
    theirs = state.hands[them]
    if theirs:
        known = _("{name} holds {cards}, which you know").format(
            name=names[them], cards=", ".join(theirs)
        )
        lines.append(Text(known, style="dim"))
    elif state.sizes[them]:
        count = ngettext("{name} holds {n} card", "{name} holds {n} cards", state.sizes[them])
        lines.append(Text(count.format(name=names[them], n=state.sizes[them]), style="dim"))
    elif detail:
        lines.append(Text(""))
    if detail:  # the lines of the cards not held, under the rest
        lines += [Text("") for _card in range(PILE_SIZE - len(hand))]
    return Group(*parts, *lines)


class JetLagHand(Static):
    DEFAULT_CSS = """
    JetLagHand { height: auto; width: 1fr; margin-top: 1; }
    """

    def show(
        self, state: State, me: int, names: Sequence[str], chosen: int | None, detail: bool
    ) -> None:
        self.update(hand_text(state, me, names, chosen, detail))

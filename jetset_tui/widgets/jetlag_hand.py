"""A Jet Lag hand: each card's tourist side and, after ``│``, its destination side with its
objective, numbered for the keys; the card being chosen marked ``»`` (and reversed). The cards
of the other player that this seat knows (those it passed) are listed after it."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from engine.jetlag.cards import deck
from engine.jetlag.state import State
from jetset_tui.i18n import _, ngettext
from jetset_tui.widgets.jetlag_board import NEW
from jetset_tui.widgets.jetlag_words import objective_long, objective_short, places, tourist_face


def card_line(card_id: str, number: int | None = None, chosen: bool = False) -> Text:
    card = deck()[card_id]
    text = Text(f"{NEW if chosen else ' '}{'' if number is None else number} ")
    text.append_text(tourist_face(card))
    text.append("  │ ")
    text.append_text(places(card))
    if card.double:
        text.append(" ×2", style="bold")
    text.append(" · ")
    text.append(objective_short(card.objective), style="italic")
    if chosen:
        text.stylize("reverse")
    return text


def hand_text(
    state: State, me: int, names: Sequence[str], chosen: int | None, detail: bool = False
) -> Text:
    """Seat ``me``'s hand (the card at index ``chosen`` marked; ``detail``: its objective said
    whole under it), then what it knows of the other's."""
    hand = state.hands[me] or []
    lines = [Text(_("Your hand"), style="bold")]
    legend = _("tourist, value, affinities │ destination · objective")
    lines[0].append("  " + legend, style="dim")
    if not hand:
        lines[0].append(" " + _("(no cards now)"))
    lines.extend(card_line(c, i + 1, i == chosen) for i, c in enumerate(hand))
    if detail and chosen is not None and chosen < len(hand):
        card = deck()[hand[chosen]]
        said = _("{card}'s objective: {objective}").format(
            card=card.id, objective=objective_long(card.objective)
        )
        lines.append(Text("   " + said, style="italic"))
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
    return Text("\n").join(lines)


class JetLagHand(Static):
    DEFAULT_CSS = """
    JetLagHand { height: auto; width: 1fr; margin-top: 1; }
    """

    def show(
        self, state: State, me: int, names: Sequence[str], chosen: int | None, detail: bool
    ) -> None:
        self.update(hand_text(state, me, names, chosen, detail))

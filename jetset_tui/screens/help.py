"""F1: the rules in brief, the keys, and how to read the map."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

HELP = """\
# Jet Set in brief

*Esc (or F1) closes this page.*

Build airlinks across Europe, fly the routes on the Flight cards, score the most points.

**Your turn.** First the *Flight Card Phase*: rows below their minimum fill up for free; you may
pay **€1 per row** to turn up more cards (key **e**). Then **one action**:

| key | action | cost |
|-----|--------|------|
| **b** | buy an unowned airlink, 1 or more planes on it | link €4–7 + €5 a plane |
| **p** | planes on airlinks you own (several at once) | €5 a plane + service €2, €5, €10… |
| **r** | planes on another player's airlink (one link) | €5 a plane to the bank, €5 to the owner |
| **c** | claim a face-up card: your planes on a path | one plane back from each link |
| **i** | take income | €5 a card with markers, €2 without |

A claimed card gets 3 markers (2 from your sixth card on). **Money is scarce**: claim a
1-point card or two early, or you will run dry.

**Vacation Time.** When the second Vacation card turns up, both rows fill to the maximum and no
more cards come. Now **f** claims one of your two secret *Final Flights*: its three cities in
order, no airlink twice. After that, each turn **f** puts a plane on it (+2 points each).

**The end.** When everyone has played a Final Flight, or someone puts a fifth plane on theirs.
Score: card points + Final Flight (10 + 2 per plane). Ties: most cash.

# Keys

| key | |
|-----|--|
| **b p r c i e f** | a guided action: ↑↓ choose, type a city code to find it, ←→ or 1–9 planes |
| | Enter confirms (the full cost is shown first), Esc backs out |
| **:** | type an action in notation: `buy MIL-ROM 2`, `claim S1-07 AMS-LON`; Tab completes |
| **h** | help: the cheapest planes you still need for every card |
| **v** | under 100 columns: the players, rows and your cards in the map's place, or the map again |
| **PgUp PgDn** | scroll the players, rows and cards when they do not fit |
| **t** | the table's chat, in a game with other people (`jetset host`, `join`, over SSH) |
| **q** | back to the menu (the game is saved after every move) |
| **F1** | this page · **Ctrl+P** command palette · **Ctrl+Q** quit |

# Reading the map

Each airlink is a line between two city codes. On it: its **price** (4–7) while nobody owns it;
once owned, the **owner's letter** on the owner's colour, then planes: `R2b1` means Red owns it with
2 planes, and Blue has 1 plane there. Every player has a letter (R B G Y P T) as well as a colour.

In the player panels, `€16 ✈23 ●26` is cash, planes and markers in stock, and `1³ 5²` are
claimed cards by points, the small figure the markers still on them (income €5 while any).

In the rows, **need** shows what you still lack for each card: `✓ ready`, or `2✈ €17`: two planes,
€17 at least.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f1,q", "close", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen VerticalScroll {
        width: 100; max-width: 96%; height: 90%; border: round $accent; background: $surface;
    }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(HELP, id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)

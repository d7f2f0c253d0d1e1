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

Build airlinks across Europe, fly the routes on the Flight cards, score the most points. New to
the game? *Tutorial* on the start screen (or `jetset tutorial`) teaches it step by step.

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

**Investors** (expansion module). Two Investor cards lie on the Vacation spaces, face down (or
face up, the variant); six more stay unseen all game. When a Vacation card comes up it replaces
one Investor, which pays every player it names from the bank, ties paid in full. *Equal*: everyone
€30. *Diversity*: €10 for each different card value you hold (1, 3, 5, 7). *Majority*: the most
1-point cards €10, 3-point €20, 5-point €25, 7-point €30. *Prominence*: most points €40, second
€30, others €20. *Catch Up*: fewest Flight cards €40, second fewest €30, others €20. Face up, the
player whose turn it is chooses which Investor goes (key **n**); the rows panel shows the spaces
and what each Investor paid.

**The end.** When everyone has played a Final Flight, or someone puts a fifth plane on theirs.
Score: card points + Final Flight (10 + 2 per plane). Ties: most cash.

# Distant Lands (when the game has it)

Four distant cities, Washington, Rio de Janeiro, Mumbai and Tokyo, each with two airlinks
(`WAS1` €20, `WAS2` €22, …). **d** buys one: choose the *City marker* for its European end,
one of Amsterdam, Frankfurt, London, Madrid, Paris, Rome (two markers each; a distant city's
two links never come from the same city). Every plane on a distant link costs **€25**; on
another player's, €25 to them and €5 to the bank.

The **Distant row** holds two Distant Flight cards to two different distant cities. Claim one
(**d** or **c**) with your planes from its European city to a City-marker city, then that city's
distant link: `claim D-04 AMS-PAR-WAS`. It scores **8 points**, pays **€5** at every income, and
takes no markers (it is not one of your first five cards). A claimed card is replaced from the
top of the deck; a card to the same distant city as the other is discarded and the next comes
from the bottom. The Distant deck's Vacation card is a Vacation card like the others. In the
player panels, `D8` is a Distant card.

# Business cards (when the game has them)

Two each at the start, one more for each Long Flight
you claim. On your turn, besides your action, **y** plays any number of them, cashes one in for
€5, or offers another player a *Business Deal* (once a turn): if they accept, you both discard a
card and each puts a plane on a link of the other, free. Answer a deal offered to you with **y**.
After a Long Flight claim your turn goes on until you end it (**y**, "End your turn"). Your
cards are secret; +2 Income, No Overhead, Taxes and the end-of-game cards lie face up.

# The Hubs module (when the game has it)

Before the first turn each player puts a **hub** on a city with no hub, the last player first
(key **u**, or type `hub BER`). Whenever anyone claims a card (Final Flights too), every player
whose hub the flight starts in, ends in or passes through gets **€2** from the bank. When **your**
flight passes *through* your own hub you choose instead (key **u**, or type `bonus …`): the €2
(`bonus cash`), a **1-point marker** (`bonus point`, a point at the end), a **2-Euro marker**
(`bonus income`, +€2 income for the rest of the game) or your **second hub** (`bonus VIE`, a city
with no hub; two hubs at most). On the map a hub is `⌂` and its owner's letter beside the city:
`BER⌂R` is Red's hub in Berlin.

# Keys

| key | |
|-----|--|
| **b p r c i e d f u y** | a guided action: ↑↓ choose, type a city code, ←→ or 1–9 planes |
| | Enter confirms (the full cost is shown first), Esc backs out |
| **:** | type an action in notation: `buy MIL-ROM 2`, `claim S1-07 AMS-LON`; Tab completes |
| **h** | help: the cheapest planes you still need for every card |
| **v** | under 100 columns: the players, rows and your cards in the map's place, or the map again |
| **Z** | the map alone, as big as the window allows (room for every price and owner), or back |
| **PgUp PgDn** | scroll the players, rows and cards when they do not fit |
| **t** | the table's chat, in a game with other people (`jetset host`, `join`, over SSH) |
| **z** | take back your last move (also **Ctrl+Z**, or type `undo`), at one keyboard only |
| **q** | back to the menu (the game is saved: *Load* continues it) |
| **F1** | this page · **Ctrl+P** command palette · **Ctrl+Q** quit |

**Taking a move back.** In a game at one keyboard (against bots, or hot-seat) **z** takes back
your last move, with the bots' moves after it, as long as nothing hidden has come out since: no
card turned up or dealt, no Business card drawn, no Investor turned up, no deal offered. Press it
again for the move before, within the same stretch. In a game over the network moves are never
taken back.

# Reading the map

Each airlink is a line between two city codes, of straight and 45° steps. Lines never share a
cell: two cross only at `┼` or `╳`. On each line: its **price** (4–7) while nobody owns it;
once owned, the **owner's letter** on the owner's colour, then planes: `R2b1` means Red owns it with
2 planes, and Blue has 1 plane there. Every player has a letter (R B G Y P T) as well as a colour.
Where a line has no straight stretch for the whole label, it shows the price or the owner's letter
alone; **Z** (shift+z) gives the map the whole window.

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

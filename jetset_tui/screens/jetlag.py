"""The Jet Lag table: the line of destinations, both sides' tourists, your hand, the points as
they would be now, and the two ways to play a card.

Guided: choose a card of your hand (←→ or its number), then ``t`` to play it as a tourist (←→ or
a number chooses the destination) or ``d`` as a destination (←→ or ``l``/``r`` chooses the end);
Enter plays it, Esc goes back. The play being chosen is drawn where it would go, with the points
after it, and every choice is checked with the rules before it is made. Typed: ``:`` opens the
command line for notation (``t P3 2``, ``d H5 L``; docs/notation.md), Tab completes.

Two people at one keyboard pass it between turns through the hand-off screen: the table shows no
hand while it waits.
"""

from __future__ import annotations

from typing import ClassVar, Final

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Static

from engine.errors import IllegalAction, NotationError
from engine.jetlag import rules
from engine.jetlag.actions import CHANCE, Action, Destination, Tourist
from engine.jetlag.cards import card_ids
from engine.jetlag.notation import format_action, parse_action
from engine.jetlag.scoring import totals
from engine.jetlag.state import FIRST, LAST, ROUNDS, SECOND, State
from jetset_tui.i18n import N_, _
from jetset_tui.jetlag_session import Ended, Event, JetLagSession, Played, legal_lines
from jetset_tui.refusals import say
from jetset_tui.theme import BAD, GOOD, LIVERIES
from jetset_tui.widgets.command import CommandInput, NotationSuggester
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.jetlag_board import JetLagBoard
from jetset_tui.widgets.jetlag_hand import JetLagHand
from jetset_tui.widgets.jetlag_score import JetLagScore, piles_text
from jetset_tui.widgets.too_small import TooSmall

CARD: Final = "card"
TOURIST: Final = "tourist"
END: Final = "end"
"""The guided steps: choosing a card, then where it goes as a tourist or as a destination."""
COMPACT_BELOW: Final = 100
ROOMY: Final = 30
"""From this many rows the chosen card's objective is said whole under the hand."""
NOTATION_WORDS: Final = ("t", "d", "L", "R", *card_ids())
HIDDEN_SECRET = N_("The other player, look away: your hand is secret.")


class JetLagScreen(Screen[None]):
    """One game of Jet Lag at this keyboard (against a bot, or two people taking turns)."""

    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", N_("Choose"), key_display="←→"),
        Binding("right", "move(1)", N_("Choose"), show=False),
        Binding("up", "move(-1)", N_("Choose"), show=False),
        Binding("down", "move(1)", N_("Choose"), show=False),
        *(Binding(str(n), f"number({n})", N_("Choose"), show=False) for n in range(1, 10)),
        Binding("t", "tourist", N_("Tourist")),
        Binding("d", "destination", N_("Destination")),
        Binding("l", "end(False)", N_("Left end"), show=False),
        Binding("r", "end(True)", N_("Right end"), show=False),
        Binding("enter", "confirm", N_("Play it")),
        Binding("escape", "back", N_("Back")),
        Binding("colon", "command", N_("Type"), key_display=":"),
        Binding("f1", "rules", N_("Rules")),
        Binding("q", "leave", N_("Menu")),
        Binding("pageup", "scroll_table(-1)", N_("Scroll the table"), show=False),
        Binding("pagedown", "scroll_table(1)", N_("Scroll the table"), show=False),
    ]
    DEFAULT_CSS = """
    JetLagScreen #jl-turn { height: auto; padding: 0 1; background: $boost; }
    JetLagScreen #jl-body { height: 1fr; padding: 0 1; scrollbar-size-vertical: 1; }
    JetLagScreen #jl-hint { height: auto; padding: 0 1; }
    JetLagScreen #jl-command { height: 1; padding: 0 1; display: none; }
    JetLagScreen #jl-command.-open { display: block; }
    JetLagScreen.-low JetLagHand, JetLagScreen.-low JetLagScore { margin-top: 0; }
    """

    def __init__(self, session: JetLagSession) -> None:
        super().__init__(classes="guarded")
        self.session = session
        self.names = [s.name for s in session.seats]
        humans = session.local_seats
        self.hotseat = len(humans) == 2
        self.viewer: int | None = None if self.hotseat else (humans[0] if humans else None)
        """The seat whose view is on screen; None while the keyboard changes hands."""
        self.step = CARD
        self.chosen = 0
        self.target = 0
        self.right = True
        self.message: Text | None = None
        self._leaving: Text | None = None
        """The message that q shows: a second q leaves while it is on screen."""
        self._passing = False
        self._refused = False
        """A refusal is on screen: the next Enter only clears it."""
        self._ended = False

    def compose(self) -> ComposeResult:
        yield Static("", id="jl-turn")
        with VerticalScroll(id="jl-body", can_focus=False):
            yield JetLagBoard(id="jl-board")
            yield JetLagHand(id="jl-hand")
            yield JetLagScore(id="jl-score")
        yield Static("", id="jl-hint")
        yield CommandInput(
            placeholder=_(": a play, e.g. t P3 2 or d H5 L (Tab completes, Esc leaves)"),
            suggester=NotationSuggester(self.lines, lambda: list(NOTATION_WORDS)),
            id="jl-command",
            compact=True,
            disabled=True,
        )
        yield KeyFooter()
        yield TooSmall()

    async def on_mount(self) -> None:
        self.session.add_listener(self.heard)
        await self.session.start()
        self.sync()

    async def on_unmount(self) -> None:
        self.session.remove_listener(self.heard)

    # -- what is on screen ------------------------------------------------------------------

    def seat(self) -> int:
        """The seat drawn at the bottom: the viewer's, else the one to move, else seat 0."""
        if self.viewer is not None:
            return self.viewer
        mover = self.session.to_move()
        return mover if mover is not None and mover >= 0 else 0

    def my_turn(self) -> bool:
        return self.viewer is not None and self.session.to_move() == self.viewer

    def view(self) -> State:
        return self.session.view(self.viewer)

    def hand(self) -> list[str]:
        if self.viewer is None:
            return []
        return list(self.view().hands[self.viewer] or [])

    def choice(self) -> Action | None:
        """The play being chosen, if the guided keys have gone past the card."""
        hand = self.hand()
        if not hand or self.step == CARD:
            return None
        card = hand[min(self.chosen, len(hand) - 1)]
        if self.step == TOURIST:
            return Tourist(card, self.target)
        return Destination(card, self.right)

    def sync(self) -> None:
        """Redraw everything from the session, and hand the keyboard over if it must be."""
        if self._ended:
            return
        if self.session.over:
            self.end()
            return
        if self.hotseat:
            self.hand_over()
        hand = self.hand()
        if self.chosen >= len(hand):
            self.chosen = 0
        if not self.my_turn():
            self.step = CARD
        self.draw()

    def draw(self) -> None:
        view = self.view()
        me = self.seat()
        shown, new, before = view, None, None
        action = self.choice()
        if action is not None and self.viewer is not None:
            shown = view.copy()
            rules.play(shown, self.viewer, action)
            new, before = action.card, totals(view)
        self.query_one("#jl-turn", Static).update(self.turn_text(view))
        self.query_one(JetLagBoard).show(shown, me, self.names, new)
        chosen = self.chosen if self.my_turn() else None
        self.query_one(JetLagHand).display = self.viewer is not None
        roomy = self.size.height >= ROOMY
        self.query_one(JetLagHand).show(view, me, self.names, chosen, roomy)
        self.query_one(JetLagScore).show(shown, me, self.names, before)
        self.query_one("#jl-hint", Static).update(self.hint())
        self.refresh_bindings()

    def turn_text(self, view: State) -> Text:
        text = Text()
        text.append(_("Round {n} of {rounds}").format(n=view.round, rounds=ROUNDS), style="bold")
        text.append("  ·  " + piles_text(view) + "\n")
        text.append(self.doing(view), style="bold")
        return text

    def doing(self, view: State) -> str:
        """What the player to move does now, in the rulebook's words."""
        mover = self.session.to_move()
        if mover is None or mover == CHANCE:
            return _("The cards are being dealt.")
        name, other = self.names[mover], self.names[1 - mover]
        if mover == self.viewer:
            said = {
                FIRST: _("Your turn: play 1 card of the pile; the other 3 go to {other}."),
                SECOND: _(
                    "Your turn: play 2 of the 3 cards from {other} ({n} to go); "
                    "the third goes back."
                ),
                LAST: _("Your turn: play the card {other} gave back."),
            }
        else:
            said = {
                FIRST: _("{name} plays 1 card of the pile and passes you the other 3…"),
                SECOND: _("{name} plays 2 of the 3 cards and gives you the last back…"),
                LAST: _("{name} plays the card you gave back…"),
            }
        left = (view.sizes[mover] or 1) - 1
        return said.get(view.step, "").format(name=name, other=other, n=left)

    def hint(self) -> Text:
        if self.message is not None:
            return self.message
        if not self.my_turn():
            return Text("")
        if self.step == TOURIST:
            said = _("←→ or 1–{n}: the destination · Enter plays it · Esc: another card")
            return Text(said.format(n=len(self.view().line)))
        if self.step == END:
            return Text(_("←→ or l/r: the end of the line · Enter plays it · Esc: another card"))
        said = _("←→ or 1–{n}: a card · t: as a tourist · d: as a destination · : types it")
        return Text(said.format(n=len(self.hand())))

    def lines(self) -> list[str]:
        return legal_lines(self.session, self.viewer) if self.viewer is not None else []

    # -- the hand-off and the end -----------------------------------------------------------

    def hand_over(self) -> None:
        """Two people at one keyboard: when the turn goes to the other, hide everything and
        show the hand-off screen; the table comes back, theirs, when they press Enter."""
        from jetset_tui.screens.pass_turn import PassScreen

        mover = self.session.to_move()
        if mover is None or mover < 0 or mover == self.viewer or self._passing:
            return
        self.viewer = None
        self._passing = True
        if self._refused:  # what was played stays said; a refusal was for the one who left
            self.message, self._refused = None, False
        self.step, self.chosen = CARD, 0

        def ready(_ok: bool) -> None:
            self._passing = False
            self.viewer = mover
            self.draw()

        livery = LIVERIES[mover]
        self.app.push_screen(
            PassScreen(self.names[mover], livery, done=ready, secret=_(HIDDEN_SECRET))
        )

    def end(self) -> None:
        from jetset_tui.screens.jetlag_end import JetLagEndScreen

        self._ended = True
        self.app.switch_screen(JetLagEndScreen(self.session.state, self.names, self.seat()))

    def heard(self, event: Event) -> None:
        """A play or the dealer's entry (a pile taken, cards passed): draw the table anew,
        saying what the other player played."""
        if isinstance(event, Played) and event.entry.seat not in (CHANCE, self.viewer):
            action = event.entry.action
            if isinstance(action, Tourist | Destination):
                said = _("{name} played {play}").format(
                    name=self.names[event.entry.seat], play=format_action(action)
                )
                self.message, self._refused = Text(said, style="bold"), False
        if isinstance(event, Ended | Played):
            self.sync()

    # -- the keys ---------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("rules", "leave", "command", "scroll_table"):
            return True
        if not self.my_turn():
            return False
        if action in ("tourist", "destination"):
            return self.step == CARD
        if action == "end":
            return self.step == END
        if action == "confirm":
            return self.step != CARD
        if action == "back":
            return self.step != CARD
        return True

    def action_move(self, by: int) -> None:
        self.message, self._refused = None, False
        if self.step == CARD:
            self.chosen = (self.chosen + by) % max(len(self.hand()), 1)
        elif self.step == TOURIST:
            self.target = (self.target + by) % max(len(self.view().line), 1)
        else:
            self.right = by > 0
        self.draw()

    def action_number(self, n: int) -> None:
        if self.step == END:
            return
        count = len(self.hand()) if self.step == CARD else len(self.view().line)
        if not 1 <= n <= count:
            if self.step == CARD:
                self.refuse(_("Choose a card from 1 to {n}.").format(n=count))
            else:
                self.refuse(_("Choose a destination from 1 to {n}.").format(n=count))
            return
        self.message, self._refused = None, False
        if self.step == CARD:
            self.chosen = n - 1
        else:
            self.target = n - 1
        self.draw()

    def action_tourist(self) -> None:
        self.try_step(TOURIST)

    def action_destination(self) -> None:
        self.try_step(END)

    def try_step(self, step: str) -> None:
        """Go on to choosing where the card goes, if the rules let it go there at all."""
        hand = self.hand()
        if not hand or self.viewer is None:
            return
        card = hand[self.chosen]
        action: Action = Tourist(card, 0) if step == TOURIST else Destination(card, True)
        try:
            self.session.check(self.viewer, action)
        except IllegalAction as exc:
            self.refuse(say(exc))
            return
        self.step, self.target, self.right = step, 0, True
        self.message, self._refused = None, False
        self.draw()

    def action_end(self, right: bool) -> None:
        self.right = right
        self.message, self._refused = None, False
        self.draw()

    def action_back(self) -> None:
        self.step, self.message, self._refused = CARD, None, False
        self.draw()

    async def action_confirm(self) -> None:
        if self._refused:  # Enter after a refusal reads it, and plays nothing not chosen
            self.message, self._refused = None, False
            self.draw()
            return
        action = self.choice()
        if action is None:
            self.refuse(_("Choose t (a tourist) or d (a destination) first."))
            return
        await self.play(action)

    async def play(self, action: Action) -> bool:
        """Play ``action`` for the viewer; a refusal is said and nothing changes."""
        who = self.viewer
        if who is None:
            return False
        try:
            self.session.check(who, action)
            await self.session.submit(who, action)
        except IllegalAction as exc:
            self.refuse(say(exc))
            return False
        self.step, self.chosen, self._refused = CARD, 0, False
        played = _("✓ {name} played {play}").format(
            name=self.names[who], play=format_action(action)
        )
        self.message = Text(played, style=GOOD)
        self.sync()
        return True

    def refuse(self, said: str) -> None:
        self.message = Text(f"✗ {said}", style=f"bold {BAD}")
        self._refused = True
        self.draw()

    def action_scroll_table(self, pages: int) -> None:
        body = self.query_one("#jl-body", VerticalScroll)
        body.scroll_to(y=body.scroll_y + pages * max(1, body.size.height - 1), animate=False)

    def on_resize(self) -> None:
        """A compact footer below 100 columns (so that every key shows), and the hand's detail
        where there is room for it."""
        self.query_one(KeyFooter).set_compact(self.size.width < COMPACT_BELOW)
        if self.is_mounted:
            self.draw()

    def action_rules(self) -> None:
        from jetset_tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(game="jetlag"))

    async def action_leave(self) -> None:
        """q says that the game is not saved; q again, while that is said, leaves it."""
        if self._leaving is None or self.message is not self._leaving:
            self._leaving = Text(_("q again leaves this game (it is not saved)."), style="bold")
            self.message, self._refused = self._leaving, False
            self.draw()
            return
        await self.session.close()
        self.app.pop_screen()

    # -- the command line -------------------------------------------------------------------

    def action_command(self) -> None:
        command = self.query_one(CommandInput)
        command.disabled = False
        command.add_class("-open")
        command.focus()

    @on(CommandInput.Left)
    def close_command(self) -> None:
        command = self.query_one(CommandInput)
        command.remove_class("-open")
        command.value = ""
        command.disabled = True
        self.set_focus(None)

    @on(Input.Submitted, "#jl-command")
    async def typed(self, event: Input.Submitted) -> None:
        event.stop()
        line = event.value.strip()
        if not line:
            return
        if not self.my_turn():
            self.refuse(_("It is not your turn."))
            return
        try:
            action = parse_action(line)
        except NotationError as exc:
            self.refuse(say(exc))
            return
        if await self.play(action):
            self.close_command()

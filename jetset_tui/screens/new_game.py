"""Set up a local game: 2–6 seats, each a human or a bot, with names, colours, a seed, and
whether the expansion's extra Flight cards and which of its modules are in play (a module not
playable yet is shown but cannot be ticked), and the Investors' face-up variant."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from engine.bots import bot_label
from engine.jetlag.bots import BOTS as JETLAG_BOTS
from engine.options import MAX_PLAYERS, MIN_PLAYERS, MODULE_TITLES, MODULES
from jetset_tui.i18n import N_, _
from jetset_tui.jetlag_plan import DEFAULT_BOT as JETLAG_BOT
from jetset_tui.jetlag_plan import HUMAN, JetLagPlan
from jetset_tui.modules import playable
from jetset_tui.seating import BOT_NAMES, GamePlan, bot_kinds, default_bot, your_name
from jetset_tui.theme import LIVERIES
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.too_small import TooSmall

FACE_UP_LABEL = N_('face up ("for a more strategic game", with Investors)')
FACE_UP_TIP = N_(
    "The Investors variant for a more strategic game: the two Investor cards lie face up, and "
    "the player who turns up a Vacation card chooses which one it replaces"
)
MODULE_NAMES = {
    "distant_lands": N_("Distant Lands"),
    "hubs": N_("Hubs"),
    "business_cards": N_("Business cards"),
    "investors": N_("Investors"),
}
"""The engine's MODULE_TITLES, for translating where the form shows them."""
COLOUR_NAMES = {
    "red": N_("red"),
    "blue": N_("blue"),
    "green": N_("green"),
    "yellow": N_("yellow"),
    "purple": N_("purple"),
    "teal": N_("teal"),
}
"""The liveries' names, for the form (the game keeps the English names as values)."""


GAMES = (("Jet Set", "jetset"), ("Jet Lag", "jetlag"))
JETSET_ONLY = ("#row-cards", "#row-modules", "#row-investors")
"""The form's rows that only Jet Set has (Jet Lag is two players and its 18 cards)."""


def kind_options(game: str = "jetset") -> list[tuple[str, str]]:
    kinds = list(JETLAG_BOTS) if game == "jetlag" else bot_kinds()
    bots = [(_("Bot: {kind}").format(kind=bot_label(k)), f"bot:{k}") for k in kinds]
    return [(_("Human"), "human"), *bots]


def module_title(module: str) -> str:
    """A module's name as the rulebook of the current language writes it."""
    return _(MODULE_NAMES[module]) if module in MODULE_NAMES else MODULE_TITLES[module]


def colour_name(colour: str) -> str:
    return _(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour


class NewGameScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("ctrl+s", "start", N_("Start")),
    ]
    DEFAULT_CSS = """
    NewGameScreen #form { width: 84; height: auto; border: round $accent; padding: 1 2; }
    NewGameScreen #buttons { height: 3; margin-top: 1; }
    NewGameScreen #buttons Button { margin-right: 2; }
    NewGameScreen.-slim #form, NewGameScreen.-low #form { width: 80; padding: 0 1; }
    NewGameScreen.-low #buttons { margin-top: 0; }
    """

    def __init__(self) -> None:
        super().__init__(classes="guarded")

    def compose(self) -> ComposeResult:
        bot = f"bot:{default_bot()}"
        with Vertical(classes="centered"), Center(), Vertical(id="form"):
            yield Static(
                Text.assemble(
                    (_("New game"), "bold"), "  ", _("choose the seats; Enter or Ctrl+S starts")
                )
            )
            with Horizontal(classes="form-row"):
                yield Label(_("Game"), classes="seat-label")
                yield Select(GAMES, value="jetset", allow_blank=False, compact=True, id="game")
            with Horizontal(classes="form-row"):
                yield Label(_("Players"), classes="seat-label")
                yield Select(
                    [(str(n), n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
                    value=4,
                    allow_blank=False,
                    compact=True,
                    id="players",
                )
            for seat in range(MAX_PLAYERS):
                name = your_name() if seat == 0 else BOT_NAMES[seat - 1]
                with Horizontal(classes="form-row", id=f"seat-{seat}"):
                    yield Label(_("Seat {n}").format(n=seat + 1), classes="seat-label")
                    yield Input(name, id=f"name-{seat}", max_length=16, compact=True)
                    yield Select(
                        kind_options(),
                        value="human" if seat == 0 else bot,
                        allow_blank=False,
                        compact=True,
                        id=f"kind-{seat}",
                    )
                    yield Select(
                        [(f"{lv.letter} {colour_name(lv.name)}", lv.name) for lv in LIVERIES],
                        value=LIVERIES[seat].name,
                        allow_blank=False,
                        compact=True,
                        id=f"colour-{seat}",
                    )
            with Horizontal(classes="form-row"):
                yield Label(_("Seed"), classes="seat-label")
                yield Input(placeholder=_("random"), id="seed", compact=True)
            with Horizontal(classes="form-row", id="row-cards"):
                yield Label(_("Cards"), classes="seat-label")
                yield Select(
                    [
                        (_("the base game's Flight cards"), False),
                        (_("and the expansion's extra: 50 Short, 40 Long, 18 Final"), True),
                    ],
                    value=False,
                    allow_blank=False,
                    compact=True,
                    id="extra-cards",
                )
            with Horizontal(classes="form-row", id="row-modules"):
                yield Label(_("Modules"), classes="seat-label")
                for module in MODULES:
                    refusal = playable(module)
                    yield Checkbox(
                        module_title(module),
                        compact=True,
                        disabled=refusal is not None,
                        tooltip=refusal,
                        id=f"module-{module}",
                        classes="module",
                    )
            with Horizontal(classes="form-row", id="row-investors"):
                yield Label(_("Investors"), classes="seat-label")
                yield Checkbox(
                    _(FACE_UP_LABEL),
                    compact=True,
                    disabled=True,
                    tooltip=_(FACE_UP_TIP),
                    id="investors-face-up",
                )
            yield Static("", classes="error", id="form-error")
            with Horizontal(id="buttons"):
                yield Button(_("Start"), variant="primary", id="start")
                yield Button(_("Back"), id="back")
        yield KeyFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.show_seats(4)

    @on(Select.Changed, "#players")
    def players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self.show_seats(event.value)

    @on(Select.Changed, "#game")
    def game_changed(self, event: Select.Changed) -> None:
        """Jet Lag: two seats, its own bots, none of Jet Set's cards, modules or colours."""
        jetlag = event.value == "jetlag"
        players = self.query_one("#players", Select)
        if jetlag:
            players.value = 2
        players.disabled = jetlag
        for row in JETSET_ONLY:
            self.query_one(row).display = not jetlag
        game = str(event.value)
        for seat in range(MAX_PLAYERS):
            kind = self.query_one(f"#kind-{seat}", Select)
            was = kind.value
            kind.set_options(kind_options(game))
            if was == "human":
                kind.value = "human"
            else:
                kind.value = f"bot:{JETLAG_BOT}" if jetlag else f"bot:{default_bot()}"
            self.query_one(f"#colour-{seat}").display = not jetlag
        self.show_seats(2 if jetlag else 4)

    @on(Checkbox.Changed, "#module-investors")
    def investors_changed(self, event: Checkbox.Changed) -> None:
        """Face up is a variant of the Investors module: tickable only with it."""
        face_up = self.query_one("#investors-face-up", Checkbox)
        face_up.disabled = not event.value
        if not event.value:
            face_up.value = False

    def show_seats(self, players: int) -> None:
        for seat in range(MAX_PLAYERS):
            self.query_one(f"#seat-{seat}").display = seat < players

    def jetlag_plan(self) -> JetLagPlan:
        kinds = [str(self.query_one(f"#kind-{i}", Select).value) for i in (0, 1)]
        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in (0, 1)]
        seed = self.query_one("#seed", Input).value.strip() or None
        bots = [HUMAN if k == HUMAN else k.removeprefix("bot:") for k in kinds]
        return JetLagPlan((bots[0], bots[1]), (names[0], names[1]), seed)

    def plan(self) -> GamePlan | JetLagPlan:
        if self.query_one("#game", Select).value == "jetlag":
            return self.jetlag_plan()
        players = self.query_one("#players", Select).value
        count = players if isinstance(players, int) else 4
        kinds = [str(self.query_one(f"#kind-{i}", Select).value) for i in range(count)]
        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in range(count)]
        colours = [str(self.query_one(f"#colour-{i}", Select).value) for i in range(count)]
        seed = self.query_one("#seed", Input).value.strip() or None
        extra = self.query_one("#extra-cards", Select).value is True
        modules = tuple(m for m in MODULES if self.query_one(f"#module-{m}", Checkbox).value)
        face_up = self.query_one("#investors-face-up", Checkbox).value
        return GamePlan(
            kinds,
            names,
            colours,
            seed,
            extra_cards=extra,
            modules=modules,
            investors_face_up=face_up,
        )

    @on(Button.Pressed, "#start")
    @on(Input.Submitted)
    def action_start(self) -> None:
        from jetset_tui.app import JetSetApp

        plan = self.plan()
        problem = plan.check()
        if problem:
            self.query_one("#form-error", Static).update(problem)
            return
        app = self.app
        assert isinstance(app, JetSetApp)
        app.pop_screen()
        app.start_plan(plan)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

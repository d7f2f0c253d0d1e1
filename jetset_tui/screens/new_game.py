"""Set up a local game of any game the app offers (engine/games.py): its seats, each a human
or one of its bots, with names (and colours, for a game with liveries), a seed, and its options,
a row each from its schema (jetset_tui/widgets/option_rows.py), built again when the game
changes."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from engine.errors import OptionError
from engine.games import DEFAULT, GAMES, TITLES, game_rules
from jetset_tui.breakpoints import breakpoint_classes
from jetset_tui.form_games import (
    FORM_GAMES,
    FormChoices,
    default_bot,
    has_liveries,
    make_plan,
)
from jetset_tui.game_options import say_refusal
from jetset_tui.i18n import N_, _
from jetset_tui.seat_names import BOT_NAMES, bot_words, your_name
from jetset_tui.theme import LIVERIES
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.option_rows import OptionRows
from jetset_tui.widgets.too_small import TooSmall

COLOUR_NAMES = {
    "red": N_("red"),
    "blue": N_("blue"),
    "green": N_("green"),
    "yellow": N_("yellow"),
    "purple": N_("purple"),
    "teal": N_("teal"),
}
"""The liveries' names, for the form (the game keeps the English names as values)."""


GAME_CHOICES = tuple((TITLES[name], name) for name in GAMES if name in FORM_GAMES)
"""The Game line: each game's title and name, Jet Set first."""
MAX_SEATS = max(max(game_rules(name).seats) for _title, name in GAME_CHOICES)
"""The most seats any game offered has: the form's seat rows."""
DEFAULT_SEATS = 4


def kind_options(game: str = DEFAULT) -> list[tuple[str, str]]:
    """Human, then each bot of ``game``."""
    rules = game_rules(game)
    bots = [
        (_("Bot: {kind}").format(kind=bot_words(rules.bot_label(k))), f"bot:{k}")
        for k in rules.bots()
    ]
    return [(_("Human"), "human"), *bots]


def seat_choices(game: str) -> list[tuple[str, int]]:
    return [(str(n), n) for n in game_rules(game).seats]


def default_seats(game: str) -> int:
    """4 where the game may be played by 4, else the fewest it is played by."""
    seats = game_rules(game).seats
    return DEFAULT_SEATS if DEFAULT_SEATS in seats else min(seats)


def colour_name(colour: str) -> str:
    return _(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour


class NewGameScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("ctrl+s", "start", N_("Start")),
        Binding("enter", "start", N_("Start"), show=False),  # where the field has no Enter
    ]
    DEFAULT_CSS = """
    NewGameScreen #form { width: 84; height: auto; border: round $accent; padding: 1 2; }
    NewGameScreen #buttons { height: 3; margin-top: 1; }
    NewGameScreen #buttons Button { margin-right: 2; }
    NewGameScreen.-slim #form, NewGameScreen.-low #form { width: 80; padding: 0 1; }
    NewGameScreen.-low #buttons { margin-top: 0; }
    """

    def __init__(self, last: tuple[str, FormChoices] | None = None) -> None:
        """``last``: the game and the choices the form last started in this app (the form
        shows them again, a new seed aside)."""
        super().__init__(classes="guarded")
        self.last = last
        self.shown = DEFAULT if last is None else last[0]
        """The game whose seats and options the form shows."""
        self.said_problem = False
        """The form shows what stopped its start (``form_changed`` keeps it true)."""
        # the small layout from the first frame: Textual gives a pushed screen its breakpoint
        # classes only once it has been laid out, a frame late (or, under load, later still)
        self.add_class(*breakpoint_classes(self.app), update=False)

    def compose(self) -> ComposeResult:
        game = self.shown
        chosen = None if self.last is None else self.last[1]
        bot = f"bot:{default_bot(game)}"
        players = default_seats(game) if chosen is None else len(chosen.kinds)

        def seat_value(values: list[str] | None, seat: int, default: str) -> str:
            return values[seat] if values is not None and seat < len(values) else default

        with Vertical(classes="centered"), Center(), Vertical(id="form"):
            yield Static(
                Text.assemble(
                    (_("New game"), "bold"), "  ", _("choose the seats; Enter or Ctrl+S starts")
                )
            )
            with Horizontal(classes="form-row"):
                yield Label(_("Game"), classes="seat-label")
                yield Select(GAME_CHOICES, value=game, allow_blank=False, compact=True, id="game")
            with Horizontal(classes="form-row"):
                yield Label(_("Players"), classes="seat-label")
                yield Select(
                    seat_choices(game),
                    value=players,
                    allow_blank=False,
                    compact=True,
                    id="players",
                    disabled=len(game_rules(game).seats) == 1,
                )
            for seat in range(MAX_SEATS):
                name = your_name() if seat == 0 else BOT_NAMES[seat - 1]
                kind = "human" if seat == 0 else bot
                colour = LIVERIES[seat].name
                if chosen is not None:
                    name = seat_value(chosen.names, seat, name)
                    kind = seat_value(chosen.kinds, seat, kind)
                    colour = seat_value(chosen.colours or None, seat, colour)
                with Horizontal(classes="form-row", id=f"seat-{seat}"):
                    yield Label(_("Seat {n}").format(n=seat + 1), classes="seat-label")
                    yield Input(name, id=f"name-{seat}", max_length=16, compact=True)
                    yield Select(
                        kind_options(game),
                        value=kind,
                        allow_blank=False,
                        compact=True,
                        id=f"kind-{seat}",
                    )
                    colours = Select(
                        [(f"{lv.letter} {colour_name(lv.name)}", lv.name) for lv in LIVERIES],
                        value=colour,
                        allow_blank=False,
                        compact=True,
                        id=f"colour-{seat}",
                    )
                    colours.display = has_liveries(game)
                    yield colours
            with Horizontal(classes="form-row"):
                yield Label(_("Seed"), classes="seat-label")
                yield Input(placeholder=_("random"), id="seed", compact=True)
            yield OptionRows(
                game_rules(game).options_schema(),
                id="options",
                values=None if chosen is None else chosen.options,
            )
            yield Static("", classes="error", id="form-error")
            with Horizontal(id="buttons"):
                yield Button(_("Start"), variant="primary", id="start")
                yield Button(_("Back"), id="back")
        yield KeyFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        players = self.query_one("#players", Select).value
        self.show_seats(players if isinstance(players, int) else default_seats(self.shown))

    def game(self) -> str:
        value = self.query_one("#game", Select).value
        return value if isinstance(value, str) else DEFAULT

    @on(Select.Changed, "#players")
    def players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self.show_seats(event.value)

    @on(Select.Changed, "#game")
    async def game_changed(self) -> None:
        """Another game: its numbers of players (fixed where it has one), its bots, its
        options' rows, and colours only for a game with liveries."""
        game = self.game()
        if game == self.shown:
            return  # the Select saying its first value: the form was made for it
        self.shown = game
        players = self.query_one("#players", Select)
        seats = default_seats(game)
        players.set_options(seat_choices(game))
        players.value = seats
        players.disabled = len(game_rules(game).seats) == 1
        for seat in range(MAX_SEATS):
            kind = self.query_one(f"#kind-{seat}", Select)
            was = kind.value
            kind.set_options(kind_options(game))
            kind.value = "human" if was == "human" else f"bot:{default_bot(game)}"
            self.query_one(f"#colour-{seat}").display = has_liveries(game)
        self.show_seats(seats)
        self.query_one("#form-error", Static).update("")
        self.said_problem = False
        await self.query_one(OptionRows).show(game_rules(game).options_schema())

    def show_seats(self, players: int) -> None:
        for seat in range(MAX_SEATS):
            self.query_one(f"#seat-{seat}").display = seat < players

    def choices(self) -> FormChoices:
        """What the form says, its options checked by the game's rules (OptionError)."""
        game = self.game()
        players = self.query_one("#players", Select).value
        count = players if isinstance(players, int) else default_seats(game)
        seats = range(count)
        kinds = [str(self.query_one(f"#kind-{i}", Select).value) for i in seats]
        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in seats]
        colours = (
            [str(self.query_one(f"#colour-{i}", Select).value) for i in seats]
            if has_liveries(game)
            else []
        )
        seed = self.query_one("#seed", Input).value.strip() or None
        values = self.query_one(OptionRows).values()
        game_rules(game).check_options(values)
        return FormChoices(kinds, names, colours, seed, values)

    def plan(self) -> Any:
        """The game to start; OptionError for options its rules refuse."""
        return make_plan(self.game(), self.choices())

    def checked_plan(self) -> tuple[Any, str | None]:
        """The game the form says (None if its options are refused), and what is wrong with it,
        in a sentence (None: nothing)."""
        try:
            plan = self.plan()
        except OptionError as exc:
            return None, say_refusal(exc)
        return plan, plan.check()

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def form_changed(self, event: Input.Changed | Select.Changed | Checkbox.Changed) -> None:
        """A problem said stays only while it holds: mended, it goes; another, it is said
        instead (a play test's form went on saying "two players have the same name" after the
        name was changed). The game's own Select builds the form anew (``game_changed``)."""
        error = self.query_one("#form-error", Static)
        if not self.said_problem or event.control.id == "game":
            return
        problem = self.checked_plan()[1]
        self.said_problem = problem is not None
        error.update(problem or "")

    @on(Button.Pressed, "#start")
    @on(Input.Submitted)
    def action_start(self) -> None:
        from jetset_tui.app import JetSetApp

        plan, problem = self.checked_plan()
        if plan is None or problem:
            self.said_problem = True
            self.query_one("#form-error", Static).update(problem or "")
            return
        app = self.app
        assert isinstance(app, JetSetApp)
        app.last_form = (self.game(), self.choices())
        app.pop_screen()
        app.start_plan(plan)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

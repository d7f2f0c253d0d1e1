"""The new-game form of the SSH lobby (also ``jetset join ssh://``'s and the browser's): the
game, its seats, bots, an optional password and the game's options, read into a
``GameRequest``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Select, Static

from engine.errors import OptionError
from engine.games import DEFAULT
from jetset_tui.game_options import say_refusal
from jetset_tui.i18n import N_, _, pgettext
from jetset_tui.seat_names import bot_kind_named, bot_words
from jetset_tui.ssh.games import (
    GAME_CHOICES,
    GameRefused,
    bot_kinds,
    check_bots,
    check_seats,
    default_bot,
    rules_of,
    seat_counts,
)
from jetset_tui.ssh.screens.ask import PASSWORD_MAX
from jetset_tui.ssh.seating import LobbyError
from jetset_tui.widgets.option_rows import OptionRows

FIELD_MAX = {"seats": 2, "bots": 2, "kind": 16, "password": PASSWORD_MAX}


@dataclass(frozen=True)
class GameRequest:
    """What the new-game form asks for."""

    players: int
    bots: list[str]
    password: str | None
    options: Mapping[str, object] = field(default_factory=dict)
    """The game's options by its schema's names (``GameRules.options_schema``), checked."""
    game: str = DEFAULT
    """The game played (``engine.games``' name)."""


def default_seats(game: str) -> int:
    """The form's seats for ``game``: 4 where it may be, else the fewest it is played by."""
    counts = seat_counts(game)
    return 4 if 4 in counts else counts[0]


def default_bots(game: str) -> int:
    """Bots among the seats by default: every seat but yours."""
    return default_seats(game) - 1


def bots_for_new_game(typed: str, was: str, game: str) -> str:
    """The bots' field once the form's game changes from ``was`` to ``game``: what the player
    typed, where it is not the old game's default and leaves the new game a seat for a person
    (two people choosing Jet Lag keep their 0), else the new game's default."""
    try:
        count = int(typed.strip())
    except ValueError:
        return str(default_bots(game))
    if count != default_bots(was) and 0 <= count < default_seats(game):
        return str(count)
    return str(default_bots(game))


def parse_request(
    seats: str,
    bots: str,
    kind: str,
    password: str,
    options: Mapping[str, object] | None = None,
    game: str = DEFAULT,
) -> GameRequest:
    """The form's fields as a request for a game of ``game``; LobbyError with a sentence if
    they make no sense (an option the game has not, or cannot play, among them)."""
    try:
        players = int(seats.strip() or str(default_seats(game)))
        count = int(bots.strip() or "0")
        check_seats(game, players)
    except ValueError as exc:
        if isinstance(exc, GameRefused):
            raise LobbyError(str(exc)) from None
        raise LobbyError(_("seats and bots are numbers")) from None
    if not 0 <= count < players:
        raise LobbyError(_("0 to {most} bots: leave a seat for a person").format(most=players - 1))
    kind = bot_kind_typed(game, kind)
    try:
        check_bots(game, [kind])
    except GameRefused:
        kinds = ", ".join(bot_words(k) for k in bot_kinds(game))
        raise LobbyError(_("bot kinds: {kinds}").format(kinds=kinds)) from None
    chosen = dict(options or {})
    try:
        rules_of(game).check_options(chosen)
    except OptionError as exc:
        raise LobbyError(say_refusal(exc)) from None
    return GameRequest(players, [kind] * count, password.strip() or None, chosen, game)


def bot_kind_typed(game: str, typed: str) -> str:
    """The bot kind a player typed in the form: its word (``search``, in the player's language
    too) or its kind (``mcts``); the game's default bot when empty."""
    if not typed.strip():
        return default_bot(game)
    return bot_kind_named(bot_kinds(game), typed).lower()


def form_keys(on_a_list: bool) -> str:
    """The form's keys line, for a field (Enter creates) or a list (Enter opens it)."""
    if on_a_list:
        return _("Enter: open the list   Ctrl+S: create and sit down   Tab: next   Esc: back")
    return _("Enter: create and sit down   Tab: next field   Esc: back")


class NewGameScreen(ModalScreen[GameRequest | None]):
    """The game (Jet Set or Jet Lag), seats, bots, an optional password, and the game's
    options, a row each from its schema (Jet Set's: the expansion's extra cards, its modules, the
    Investors face up); Enter creates, Esc backs out. A game played by one number of players
    (Jet Lag's two) has its seats fixed, and its own bot kinds."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Back")),
        Binding("enter", "create", N_("Start"), show=False),  # where the field has no Enter
        Binding(
            "ctrl+s", "create", N_("Start"), show=False
        ),  # from a list too, whose Enter opens it
    ]
    AUTO_FOCUS = "#seats, #bots"  # the bots where the seats are fixed (Jet Lag)

    def __init__(self, last: GameRequest | None = None) -> None:
        """``last``: the game this player asked for last in this session, which the form
        shows again (all but its password): the second game of an evening is the first's."""
        super().__init__()
        self.last = last
        self.shown = DEFAULT
        """The game whose fields and options the form shows."""
        self.said_problem = False
        """The form shows what the lobby would refuse (``form_changed`` keeps it true)."""

    DEFAULT_CSS = """
    NewGameScreen { align: center middle; }
    NewGameScreen #form { width: 80; height: auto; border: heavy $accent; padding: 1 1; }
    NewGameScreen .row { height: 1; margin-bottom: 1; }
    NewGameScreen .label { width: 36; }
    NewGameScreen #new-game-title { width: 1fr; }
    NewGameScreen #game-label { width: auto; margin-right: 1; }
    NewGameScreen #game { width: 14; }
    NewGameScreen Input { width: 28; height: 1; border: none; padding: 0 1; background: $boost; }
    NewGameScreen Input:focus { background: $primary 30%; border: none; }
    NewGameScreen #form-error { color: $error; height: auto; }
    NewGameScreen Checkbox { margin-right: 1; }
    NewGameScreen .option-label { width: 12; }
    NewGameScreen Select.one-of { width: 1fr; max-width: 64; }
    """

    def compose(self) -> ComposeResult:
        last = self.last
        game = self.shown = DEFAULT if last is None else last.game
        if last is None:
            seats, bots, kind = default_seats(game), default_bots(game), default_bot(game)
        else:
            seats, bots = last.players, len(last.bots)
            kind = last.bots[0] if last.bots else default_bot(game)
        with Vertical(id="form"):
            with Horizontal(classes="row"):
                yield Static(Text(_("New game"), style="bold"), id="new-game-title")
                yield Static(pgettext("which game is played", "Game"), id="game-label")
                yield Select(GAME_CHOICES, value=game, allow_blank=False, compact=True, id="game")
            for label, ident, value in (
                (self.seats_label(game), "seats", str(seats)),
                (_("Bots among them"), "bots", str(bots)),
                (self.kind_label(game), "kind", bot_words(kind)),
                (_("Password (private)"), "password", ""),
            ):
                with Horizontal(classes="row", id=f"row-{ident}"):
                    yield Static(label, classes="label", id=f"label-{ident}")
                    yield Input(
                        value,
                        id=ident,
                        password=ident == "password",
                        max_length=FIELD_MAX[ident],
                        disabled=ident == "seats" and len(seat_counts(game)) == 1,
                    )
            yield OptionRows(
                rules_of(game).options_schema(),
                row_class="row",
                label_class="option-label",
                values=None if last is None else last.options,
            )
            yield Static(form_keys(on_a_list=False), classes="row", id="form-keys")
            yield Static("", id="form-error")

    @staticmethod
    def seats_label(game: str) -> str:
        counts = seat_counts(game)
        if len(counts) == 1:
            return _("Seats ({n})").format(n=counts[0])
        return _("Seats ({low}-{high})").format(low=min(counts), high=max(counts))

    @staticmethod
    def kind_label(game: str) -> str:
        return _("Bot kind ({kinds})").format(kinds="/".join(map(bot_words, bot_kinds(game))))

    def game(self) -> str:
        value = self.query_one("#game", Select).value
        return value if isinstance(value, str) else DEFAULT

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The keys line says what Enter does where the focus is: on a list it opens the list
        (a browser play test, told "Enter: create", opened and closed "Cards" again and again)."""
        on_a_list = isinstance(event.widget, Select)
        self.query_one("#form-keys", Static).update(form_keys(on_a_list))

    @on(Select.Changed, "#game")
    async def game_changed(self) -> None:
        """Another game: its seats (fixed where it has one number of players), its bots, and
        its options' rows."""
        game = self.game()
        if game == self.shown:
            return  # the Select saying its first value: the form was made for it
        was, self.shown = self.shown, game
        fixed = len(seat_counts(game)) == 1
        seats = self.query_one("#seats", Input)
        seats.value, seats.disabled = str(default_seats(game)), fixed
        bots = self.query_one("#bots", Input)
        bots.value = bots_for_new_game(bots.value, was, game)
        self.query_one("#kind", Input).value = bot_words(default_bot(game))
        self.query_one("#label-seats", Static).update(self.seats_label(game))
        self.query_one("#label-kind", Static).update(self.kind_label(game))
        self.query_one("#form-error", Static).update("")
        self.said_problem = False
        self.query_one("#bots" if fixed else "#seats", Input).focus()
        await self.query_one(OptionRows).show(rules_of(game).options_schema())

    def request(self) -> GameRequest | str:
        """The game the form asks for, or why the lobby would refuse it, in a sentence."""

        def value(ident: str) -> str:
            return self.query_one(f"#{ident}", Input).value

        try:
            return parse_request(
                value("seats"),
                value("bots"),
                value("kind"),
                value("password"),
                self.query_one(OptionRows).values(),
                self.game(),
            )
        except LobbyError as exc:
            return str(exc)

    @on(Input.Changed)
    @on(Checkbox.Changed)
    @on(Select.Changed)
    def form_changed(self, event: Input.Changed | Checkbox.Changed | Select.Changed) -> None:
        """A problem said stays only while it holds: mended, it goes; another, it is said
        instead (a play test's form went on saying what Enter had refused after it was
        mended). The game's own Select builds the form anew (``game_changed``)."""
        if not self.said_problem or event.control.id == "game":
            return
        problem = self.request()
        self.said_problem = isinstance(problem, str)
        self.query_one("#form-error", Static).update(
            Text(problem if isinstance(problem, str) else "")
        )

    @on(Input.Submitted)
    def action_create(self) -> None:
        request = self.request()
        if isinstance(request, str):
            self.said_problem = True
            self.query_one("#form-error", Static).update(Text(request))
            return
        self.dismiss(request)

    def action_cancel(self) -> None:
        self.dismiss(None)

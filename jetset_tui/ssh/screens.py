"""The screens an SSH player sees before and around a game: the lobby, a new game's form, a
question (password or seat code) and the wait for the other players (the table's chat is
jetset_tui/screens/chat.py, the same at every table)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from functools import partial
from typing import ClassVar, Generic, Protocol, TypeVar, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Input, RichLog, Select, Static
from textual.widgets.data_table import ColumnKey, RowDoesNotExist

from engine.errors import OptionError
from engine.games import DEFAULT
from jetset_tui.game_options import say_refusal
from jetset_tui.i18n import LANGUAGES, N_, _, current_language, pgettext, switch_language
from jetset_tui.key_order import ClearOnSubmit
from jetset_tui.seat_names import bot_kind_named, bot_words
from jetset_tui.ssh.games import (
    GAME_CHOICES,
    GameRefused,
    bot_kinds,
    check_bots,
    check_seats,
    default_bot,
    game_title,
    rules_of,
    seat_counts,
    title_words,
)
from jetset_tui.ssh.lobby import Lobby
from jetset_tui.ssh.room import Room
from jetset_tui.ssh.seating import LobbyError, Player, WrongSecret
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.option_rows import OptionRows
from jetset_tui.workers import start_worker
from netcode.client import ChatMessage, ClientEvent, GameOver, SeatsChanged
from netcode.peer import NetPeer
from netcode.protocol import MAX_CHAT
from netcode.seatcode import CODE_LENGTH


class LobbyApp(Protocol):
    """What the lobby screen asks of its SSH session's app (jetset_tui/ssh/app.py, which holds
    every game's screens): named here, so the screen imports no game through it."""

    async def create_game(self, request: GameRequest) -> None: ...

    def join_game(self, room: Room) -> None: ...

    def watch_game(self, room: Room) -> None: ...

    def resume_seat(self) -> None: ...

    def back_in_lobby(self) -> None: ...


LOBBY_APP = ("create_game", "join_game", "watch_game", "resume_seat", "back_in_lobby")
"""``LobbyApp``'s methods, checked on the app the screen runs in."""
PASSWORD_MAX = 128
CODE_INPUT_MAX = 2 * CODE_LENGTH
"""A seat's code, with room for the spaces or dashes someone may type in it."""
FIELD_MAX = {"seats": 2, "bots": 2, "kind": 16, "password": PASSWORD_MAX}
T = TypeVar("T")


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


COLUMNS: tuple[tuple[Callable[[], str], str], ...] = (
    (lambda: "#", "id"),
    (lambda: pgettext("which game is played", "game"), "game"),
    (lambda: _("title"), "title"),
    (lambda: _("status"), "status"),
    (lambda: _("seats"), "seats"),
)
"""The lobby's table: each column's heading (in the session's language) and key."""


def language_name() -> str:
    """The current language, named in itself."""
    return LANGUAGES[current_language()]


class NewGameScreen(ModalScreen[GameRequest | None]):
    """The game (Jet Set or Jet Lag), seats, bots, an optional password, and the game's
    options, a row each from its schema (Jet Set's: the expansion's extra cards, its modules, the
    Investors face up); Enter creates, Esc backs out. A game played by one number of players
    (Jet Lag's two) has its seats fixed, and its own bot kinds."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Back")),
        Binding("enter", "create", N_("Start"), show=False),  # where the field has no Enter
    ]
    AUTO_FOCUS = "#seats"
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
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="form"):
            with Horizontal(classes="row"):
                yield Static(Text(_("New game"), style="bold"), id="new-game-title")
                yield Static(pgettext("which game is played", "Game"), id="game-label")
                yield Select(
                    GAME_CHOICES, value=DEFAULT, allow_blank=False, compact=True, id="game"
                )
            for label, ident, value in (
                (self.seats_label(DEFAULT), "seats", str(default_seats(DEFAULT))),
                (_("Bots among them"), "bots", str(default_bots(DEFAULT))),
                (self.kind_label(DEFAULT), "kind", default_bot(DEFAULT)),
                (_("Password (private)"), "password", ""),
            ):
                with Horizontal(classes="row", id=f"row-{ident}"):
                    yield Static(label, classes="label", id=f"label-{ident}")
                    yield Input(
                        value,
                        id=ident,
                        password=ident == "password",
                        max_length=FIELD_MAX[ident],
                    )
            yield OptionRows(
                rules_of(DEFAULT).options_schema(), row_class="row", label_class="option-label"
            )
            yield Static(
                _("Enter: create and sit down   Tab: next field   Esc: back"), classes="row"
            )
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

    @on(Select.Changed, "#game")
    async def game_changed(self) -> None:
        """Another game: its seats (fixed where it has one number of players), its bots, and
        its options' rows."""
        game = self.game()
        fixed = len(seat_counts(game)) == 1
        seats = self.query_one("#seats", Input)
        seats.value, seats.disabled = str(default_seats(game)), fixed
        self.query_one("#bots", Input).value = str(default_bots(game))
        self.query_one("#kind", Input).value = default_bot(game)
        self.query_one("#label-seats", Static).update(self.seats_label(game))
        self.query_one("#label-kind", Static).update(self.kind_label(game))
        self.query_one("#form-error", Static).update("")
        self.query_one("#bots" if fixed else "#seats", Input).focus()
        await self.query_one(OptionRows).show(rules_of(game).options_schema())

    @on(Input.Submitted)
    def action_create(self) -> None:
        def value(ident: str) -> str:
            return self.query_one(f"#{ident}", Input).value

        try:
            request = parse_request(
                value("seats"),
                value("bots"),
                value("kind"),
                value("password"),
                self.query_one(OptionRows).values(),
                self.game(),
            )
        except LobbyError as exc:
            self.query_one("#form-error", Static).update(str(exc))
            return
        self.dismiss(request)

    def action_cancel(self) -> None:
        self.dismiss(None)


class AskScreen(ModalScreen[T | None], Generic[T]):
    """One question with a one-line answer (a game's password, a seat's code): ``attempt`` tries
    the answer; a wrong one (``WrongSecret``) is said and asked again, any other refusal closes
    the question with a notice; what ``attempt`` gives is the screen's result."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Back"))]
    DEFAULT_CSS = """
    AskScreen { align: center middle; }
    AskScreen #ask { width: 60; height: auto; border: heavy $accent; padding: 1 2; }
    AskScreen Input, AskScreen Input:focus { height: 1; border: none; padding: 0 1; margin-top: 1; }
    AskScreen #ask-error { color: $error; height: auto; }
    """

    def __init__(
        self,
        question: str,
        attempt: Callable[[str], Awaitable[T]],
        *,
        secret: bool = False,
        max_length: int = PASSWORD_MAX,
        hint: str = "",
    ) -> None:
        super().__init__()
        self.question = question
        self.attempt = attempt
        self.secret = secret
        self.max_length = max_length
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(id="ask"):
            yield Static(self.question)
            # focused once the screen is up; the key that opened the question is not its
            # answer, the keys typed after it are (the app holds them till then: key_order.py)
            yield ClearOnSubmit(
                placeholder=self.hint,
                password=self.secret,
                max_length=self.max_length,
                id="answer",
            )
            yield Static("", id="ask-error")

    @on(Input.Submitted)
    def answer(self, event: Input.Submitted) -> None:
        value = event.value  # the field emptied itself: keys typed after Enter stay in it
        if not value.strip():  # Enter alone is not an answer: nothing is sent
            self.query_one("#ask-error", Static).update(_("Type it, or Esc to go back."))
            return
        start_worker(self, partial(self.try_answer, value), exclusive=True)

    async def try_answer(self, value: str) -> None:
        try:
            result = await self.attempt(value)
        except WrongSecret as exc:
            self.query_one("#ask-error", Static).update(str(exc))
            return
        except LobbyError as exc:
            self.app.notify(str(exc), severity="error")
            self.dismiss(None)
            return
        self.dismiss(result)

    def action_cancel(self) -> None:
        self.dismiss(None)


class WaitScreen(Screen[bool]):
    """Seated in a game that has not started: who sits where, until the last seat fills."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "leave", N_("Leave the game"))]
    DEFAULT_CSS = """
    WaitScreen { align: center middle; }
    WaitScreen #waiting { width: 70; height: auto; border: heavy $accent; padding: 1 2; }
    """

    def __init__(self, room: Room, peer: NetPeer, code: str | None) -> None:
        super().__init__()
        self.room = room
        self.peer = peer
        self.code = code

    def compose(self) -> ComposeResult:
        yield Static(id="waiting")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.peer.add_listener(self.peer_event)
        self.show()
        if self.peer.started_game.is_set() or self.peer.ended.is_set():
            self.call_later(self.started)  # it started before this screen listened

    def on_unmount(self) -> None:
        self.peer.remove_listener(self.peer_event)

    def peer_event(self, event: ClientEvent) -> None:
        if self.peer.started_game.is_set() or self.peer.ended.is_set():
            self.app.call_later(self.started)
        elif isinstance(event, SeatsChanged | ChatMessage | GameOver):
            self.app.call_later(self.show)

    def started(self) -> None:
        if self.is_current:
            self.dismiss(self.peer.started_game.is_set())

    def show(self) -> None:
        text = Text()
        waiting = _("Game {game}: waiting for players").format(game=self.room.id)
        text.append(waiting + "\n\n", style="bold")
        for i, seat in enumerate(self.peer.seats):
            name = seat.name or _("(open)")
            mark = "  " + _("← you") if i == self.peer.seat else ""
            line = _("seat {n}: {name}").format(n=i + 1, name=name)  # counted from 1
            kind = bot_words(seat.kind.label) if seat.kind.is_bot else _("human")  # not mcts
            text.append(f"  {line}  {kind}{mark}\n")
        if self.code:
            said = _("Your seat code is {code}:").format(code=self.code)
            text.append(f"\n{said} ", style="bold")
            text.append(_("give it with your name to take this seat back.") + "\n")
        text.append("\n" + _("The game starts when every seat is taken.  Esc: leave"))
        self.query_one("#waiting", Static).update(text)

    def action_leave(self) -> None:
        self.dismiss(False)


class LobbyScreen(Screen[None]):
    """The games on this server, and the lobby chat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", N_("New game")),
        Binding("j", "join", N_("Join")),
        Binding("w", "watch", N_("Watch")),
        Binding("t", "talk", N_("Chat")),
        Binding("i", "language", N_("Language")),
        Binding("ctrl+q", "app.quit", N_("Quit")),
    ]
    DEFAULT_CSS = """
    LobbyScreen #lobby-title { height: 1; padding: 0 1; background: $boost; }
    LobbyScreen #lobby { height: 1fr; }
    LobbyScreen #games-box { width: 2fr; }
    LobbyScreen #chat-side { width: 1fr; min-width: 30; border-left: solid $panel-lighten-2; }
    LobbyScreen DataTable { height: 1fr; }
    LobbyScreen #detail { height: auto; max-height: 8; padding: 0 1; color: $text-muted; }
    LobbyScreen .heading { height: 1; padding: 0 1; text-style: bold; }
    LobbyScreen RichLog { height: 1fr; }
    LobbyScreen #say, LobbyScreen #say:focus { height: 1; border: none; padding: 0 1; }
    """

    def __init__(self, lobby: Lobby, player: Player) -> None:
        super().__init__()
        self.lobby = lobby
        self.player = player
        self._chat_seen = 0
        self._stale = False
        self._listener: Callable[[], object] = lambda: None

    @property
    def ssh_app(self) -> LobbyApp:
        app = self.app
        assert all(callable(getattr(app, name, None)) for name in LOBBY_APP), type(app)
        return cast(LobbyApp, app)

    def compose(self) -> ComposeResult:
        yield Static(self.title_text(), id="lobby-title")
        with Horizontal(id="lobby"):
            with Vertical(id="games-box"):
                yield Static(_("Games"), classes="heading", id="games-heading")
                yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
                yield Static(id="detail")
            with Vertical(id="chat-side"):
                yield Static(_("Lobby chat"), classes="heading", id="chat-heading")
                yield RichLog(id="lobby-chat", wrap=True)
                yield ClearOnSubmit(
                    placeholder=_("t: say something"), id="say", max_length=MAX_CHAT
                )
        yield KeyFooter()

    def title_text(self) -> Text:
        text = Text()
        text.append("✈ Jet Set", style="bold #f2c94c")
        text.append("  " + _("lobby") + "   ")
        text.append(self.player.name, style="bold")
        kind, _colon, ident = self.player.identity.partition(":")
        if kind == "key":
            text.append("   " + _("key {fingerprint}…").format(fingerprint=ident[:20]), style="dim")
        return text

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for heading, key in COLUMNS:
            table.add_column(heading(), key=key)
        # the lobby calls its listeners from whichever session changed it: hand the change to
        # this screen's own app, where ``self.app`` is this session's app
        app = self.app
        self._listener = lambda: app.call_later(self.on_lobby_change)
        self.lobby.listen(self._listener)
        self.refresh_games()
        table.focus()
        self.call_after_refresh(self.ssh_app.resume_seat)

    def on_unmount(self) -> None:
        self.lobby.unlisten(self._listener)

    def on_screen_resume(self) -> None:
        if self.app.screen is self:  # not when a game screen was pushed before this ran
            self.ssh_app.back_in_lobby()
            self.refresh_games()
            self.choose_held_seat()

    def choose_held_seat(self) -> None:
        """Back from a game you hold a seat in: the cursor on it, so that j takes it back, as
        the line under the table says."""
        where = self.lobby.seat_of(self.player.identity)
        if where is None:
            return
        table = self.query_one(DataTable)
        with suppress(RowDoesNotExist):
            table.move_cursor(row=table.get_row_index(where[0].id))

    def on_lobby_change(self) -> None:
        if self.is_current:
            self.refresh_games()
        else:
            self._stale = True

    # -- what it shows ----------------------------------------------------------------------

    def refresh_games(self) -> None:
        self._stale = False
        table = self.query_one(DataTable)
        keep = table.cursor_row
        table.clear()
        for room in sorted(self.lobby.rooms.values(), key=lambda r: int(r.id)):
            mine = room.members.get(self.player.identity)
            title = title_words(room.title) + (" 🔒" if room.private else "")
            for words in room.options_words:
                title += " · " + words
            if mine is not None:
                title += "  " + _("← your seat")
            status = room.status
            if room.watchers:
                status += ", " + _("{n} watching").format(n=room.watchers)
            game = Text(game_title(room.game))
            cells = (game, Text(title), Text(status), Text(room.seat_line()))  # names: no markup
            table.add_row(room.id, *cells, key=room.id)
        if table.row_count:
            table.move_cursor(row=min(keep, table.row_count - 1))
        self.show_detail()
        self.show_chat()

    def show_detail(self) -> None:
        if self.lobby.rooms:
            hint = _("↑↓ choose a game · j or Enter join · w watch · n new game · t chat")
            room = self.selected()
            if room is not None:  # whole, where the table's columns run past a narrow window
                said = _("Game {game}: {status}; seats: {seats}")
                lines = [said.format(game=room.id, status=room.status, seats=room.seat_line())]
                address = room.join_address(self.player.reached)
                if address is not None:
                    join = _("Or with jetset: jetset join {address}")
                    lines.append(join.format(address=address))
                hint = "\n".join([*lines, hint])
        else:
            hint = _("No games yet: press n to start one (you against bots, or wait for friends).")
        where = self.lobby.seat_of(self.player.identity)
        if where is not None:
            held = _("You hold a seat in game {game}: j takes it back.").format(game=where[0].id)
            hint += "\n" + held
        hint += "\n" + _("i: language ({language})").format(language=language_name())
        self.query_one("#detail", Static).update(hint)

    def show_chat(self) -> None:
        log = self.query_one("#lobby-chat", RichLog)
        chat = list(self.lobby.chat)
        fresh = chat[self._chat_seen :] if self._chat_seen <= len(chat) else chat
        for line in fresh:
            log.write(Text.assemble((line.name, "bold"), ": ", line.text))
        self._chat_seen = len(chat)

    def selected(self) -> Room | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key.value
        return self.lobby.rooms.get(str(key))

    # -- what it does -----------------------------------------------------------------------

    def action_new(self) -> None:
        def made(request: GameRequest | None) -> None:
            if request is not None:
                start_worker(self, partial(self.ssh_app.create_game, request), exclusive=True)

        self.app.push_screen(NewGameScreen(), made)

    def action_join(self) -> None:
        room = self.selected()
        if room is not None:
            self.ssh_app.join_game(room)

    @on(DataTable.RowHighlighted)
    def row_highlighted(self) -> None:
        self.show_detail()

    @on(DataTable.RowSelected)
    def row_chosen(self) -> None:
        self.action_join()

    def action_watch(self) -> None:
        room = self.selected()
        if room is not None:
            self.ssh_app.watch_game(room)

    def action_talk(self) -> None:
        self.query_one("#say", Input).focus()

    def action_language(self) -> None:
        """The next language, for this session (and this player's next ones)."""
        codes = list(LANGUAGES)
        language = codes[(codes.index(current_language()) + 1) % len(codes)]
        switch_language(language)
        self.lobby.remember_language(self.player.identity, language)
        self.retranslate()

    def retranslate(self) -> None:
        """Every text of the lobby again, in the language just chosen (the chat stays)."""
        self.query_one("#lobby-title", Static).update(self.title_text())
        self.query_one("#games-heading", Static).update(_("Games"))
        self.query_one("#chat-heading", Static).update(_("Lobby chat"))
        self.query_one("#say", Input).placeholder = _("t: say something")
        table = self.query_one(DataTable)
        for heading, key in COLUMNS:
            column = table.columns[ColumnKey(key)]
            column.label = Text(heading())
            column.content_width = column.label.cell_len  # the rows widen it again, if wider
        self.refresh_games()
        self.refresh_bindings()

    @on(Input.Submitted, "#say")
    def say(self, event: Input.Submitted) -> None:
        self.lobby.say(self.player, event.value)  # as it was at Enter: the field is empty now
        self.query_one(DataTable).focus()

"""The SSH lobby's screen: the games on the server, the one chosen in full, and the lobby chat;
its keys open the new-game form, join, watch, and switch the language."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from contextlib import suppress
from functools import partial
from typing import ClassVar, Protocol, cast

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.screen import Screen
from textual.widgets import DataTable, Input, RichLog, Static
from textual.widgets.data_table import ColumnKey, RowDoesNotExist

from jetset_tui.i18n import (
    LANGUAGES,
    N_,
    _,
    current_language,
    ngettext,
    pgettext,
    switch_language,
)
from jetset_tui.seat_names import AWAY_MARK
from jetset_tui.ssh.games import game_title, title_words
from jetset_tui.ssh.lobby import CHAT_KEPT, Lobby
from jetset_tui.ssh.room import Room
from jetset_tui.ssh.screens.new_game import GameRequest, NewGameScreen
from jetset_tui.ssh.seating import LobbyError, Player
from jetset_tui.widgets.chat_line import SAY_HINT, LobbySayLine
from jetset_tui.widgets.fitted_columns import (
    add_fitted_rows,
    fitting,
    narrowest,
    shares,
    squeezed,
)
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.too_small import TooSmall
from jetset_tui.workers import start_worker


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

COLUMNS: tuple[tuple[Callable[[], str], str], ...] = (
    (lambda: "#", "id"),
    (lambda: pgettext("which game is played", "game"), "game"),
    (lambda: _("title"), "title"),
    (lambda: _("status"), "status"),
    (lambda: _("seats"), "seats"),
)
"""The lobby's table: each column's heading (in the session's language) and key."""
FITTED = (2, 3, 4)
"""The columns (title, status, seats) that share what the table's width leaves them, each cell
wrapped to its share (at most ``CELL_LINES`` lines), so that none runs out of sight and no word
is broken: the title takes room for the game's own title whole (``alice's game``; the options
after it, on its next lines, as far as they fit), at least a quarter of it (``TITLE_SHARE``),
and what the others do not need of the rest; the detail under the table shows it whole."""
CELL_LINES = 4
FITTED_LINES = (CELL_LINES, CELL_LINES, None)
"""The lines each ``FITTED`` cell may take: the title and the status ``CELL_LINES`` (the detail
under the table has them whole), the seats as many as their names need (six seats at 80 columns
ended in "…")."""
TITLE_SHARE = 4


class ChatPanel(RichLog):
    """The lobby chat: each line wrapped whole inside the panel, and wrapped again when the
    panel's width changes (a RichLog keeps lines as wide as when they were written)."""

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id, wrap=True, min_width=1)  # not RichLog's 78 columns, cut off
        self.said: deque[Text] = deque(maxlen=CHAT_KEPT)
        self._wrapped_at = 0

    def add(self, line: Text) -> None:
        self.said.append(line)
        self.write(line)

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)  # the first size: RichLog writes what waited for it
        width = self.scrollable_content_region.width
        if self._wrapped_at and width != self._wrapped_at:
            self.clear()
            for line in self.said:
                self.write(line)
        self._wrapped_at = width


def title_of(cell: Text) -> str:
    """The game's own title at the start of its title cell (``full_title``), without its
    options."""
    return cell.plain.split(" · ", 1)[0]


def full_title(room: Room) -> str:
    """``room``'s title, its options' words, and "password" if it has one (as the
    remote lobby says it: jetset_tui/screens/remote_lobby.py)."""
    private = [_("password")] if room.private else []
    return " · ".join([title_words(room.title), *room.options_words, *private])


def language_name() -> str:
    """The current language, named in itself."""
    return LANGUAGES[current_language()]


class LobbyScreen(Screen[None]):
    """The games on this server, and the lobby chat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", N_("New game")),
        Binding("j", "join", N_("Join")),
        Binding("f", "first_free", N_("First free seat"), show=False),  # as in the remote lobby
        Binding("w", "watch", N_("Watch")),
        Binding("t", "talk", N_("Chat")),
        Binding("i", "language", N_("Language")),
        # a way out the footer says (a play test found none: q did nothing, Ctrl+Q was unsaid);
        # your seats stay yours, and the lobby's line says how to take one back
        Binding("q", "app.quit", N_("Quit")),
        Binding("ctrl+q", "app.quit", N_("Quit"), show=False),
    ]
    DEFAULT_CSS = """
    LobbyScreen #lobby-title { height: 1; padding: 0 1; background: $boost; }
    LobbyScreen #lobby { height: 1fr; }
    LobbyScreen #games-box { width: 2fr; }
    LobbyScreen #chat-side { width: 1fr; min-width: 30; border-left: solid $panel-lighten-2; }
    LobbyScreen DataTable { height: 1fr; scrollbar-size-vertical: 1; scrollbar-gutter: stable; }
    LobbyScreen #detail { height: auto; max-height: 8; padding: 0 1; color: $text-muted; }
    LobbyScreen .heading { height: 1; padding: 0 1; text-style: bold; }
    LobbyScreen RichLog { height: 1fr; scrollbar-gutter: stable; }
    LobbyScreen #say, LobbyScreen #say:focus { height: 1; border: none; padding: 0 1; }
    """

    def __init__(self, lobby: Lobby, player: Player) -> None:
        super().__init__(classes="guarded")  # under 80×24 it asks for a larger terminal
        self.lobby = lobby
        self.player = player
        self.last_request: GameRequest | None = lobby.remembered.form_of(player.identity)
        """The game this player last asked the form for, in this session or an earlier one
        (``Remembered.remember_form``): the form shows it again."""
        self._chat_seen = 0
        self._stale = False
        self._widths: list[int | None] = []
        """The widths the table's rows were last fitted to (``fitted_widths``)."""
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
                yield ChatPanel(id="lobby-chat")
                yield LobbySayLine(placeholder=_(SAY_HINT), id="say", back_to="#games")
        yield KeyFooter()
        yield TooSmall()  # as the game does: at 40×12 the lobby's words broke a line each

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
        rooms = sorted(self.lobby.rooms.values(), key=lambda r: int(r.id))
        rows = [self.row_of(room) for room in rooms]
        widths = self._widths = self.fitted_widths(rows)
        keys = [room.id for room in rooms]
        add_fitted_rows(table, rows, keys, FITTED, widths, FITTED_LINES, self.app.console)
        if table.row_count:
            table.move_cursor(row=min(keep, table.row_count - 1))
        self.show_detail()
        self.show_chat()

    def row_of(self, room: Room) -> list[Text]:
        """``room``'s cells in the table (names are the players': no markup)."""
        status = room.status
        if room.watchers:
            watching = ngettext("{n} watching", "{n} watching", room.watchers)
            status += ", " + watching.format(n=room.watchers)
        if self.player.identity in room.members:
            status += "  " + _("← your seat")
        game = game_title(room.game)
        cells = (room.id, game, full_title(room), status, room.seat_line())
        return [Text(cell) for cell in cells]

    def fitted_widths(self, rows: list[list[Text]]) -> list[int | None]:
        """The cells each of the ``FITTED`` columns may take, so that every column fits in the
        table (None: as wide as it is, while the table's width is not known or it fits)."""
        table = self.query_one(DataTable)
        fit = fitting(table, [heading() for heading, _key in COLUMNS], rows, FITTED)
        if fit is None:
            return [None] * len(FITTED)
        wanted, least, room = fit  # no column narrower than a word of its own (its heading's) …
        status = [row[FITTED[1]] for row in rows]  # … nor the status than its lines hold whole
        least[1] = narrowest(status, least[1], CELL_LINES, self.app.console)
        own = max((cell_len(title_of(row[FITTED[0]])) for row in rows), default=0)
        title = min(wanted[0], max(own, room // TITLE_SHARE), room - sum(least[1:]))
        title = max(least[0], title)
        others = shares(wanted[1:], room - title)
        others = [max(most, share) for most, share in zip(least[1:], others, strict=True)]
        title = max(least[0], min(wanted[0], room - sum(others)))  # and what the others leave
        return [*squeezed([title, *others], room)]

    def on_resize(self) -> None:
        """The rows are fitted again to the table's new width, once it is laid out."""
        self.call_after_refresh(self.refit)

    def refit(self) -> None:
        """The rows again, if the table's width fits them otherwise now."""
        rooms = sorted(self.lobby.rooms.values(), key=lambda r: int(r.id))
        if self.fitted_widths([self.row_of(room) for room in rooms]) != self._widths:
            self.on_lobby_change()

    def show_detail(self) -> None:
        if self.lobby.rooms:
            hint = _(
                "↑↓ choose a game · j or Enter join · f first free seat · w watch · n new game"
                " · t chat"
            )
            room = self.selected()
            if room is not None:  # whole, where the table's columns run past a narrow window
                said = _("Game {game}: {status}; seats: {seats}")
                lines = [
                    full_title(room),  # the table may have cut it
                    said.format(game=room.id, status=room.status, seats=room.seat_line()),
                ]
                if "*" in room.seat_line():
                    lines.append(_(AWAY_MARK))
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
        self.query_one("#detail", Static).update(Text(hint))  # names are text, never markup

    def show_chat(self) -> None:
        log = self.query_one("#lobby-chat", ChatPanel)
        chat = list(self.lobby.chat)
        fresh = chat[self._chat_seen :] if self._chat_seen <= len(chat) else chat
        for line in fresh:
            log.add(Text.assemble((line.name, "bold"), ": ", line.text))
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
                self.last_request = request
                self.lobby.remembered.remember_form(self.player.identity, request)
                start_worker(self, partial(self.ssh_app.create_game, request), exclusive=True)

        self.app.push_screen(NewGameScreen(self.last_request), made)

    def action_first_free(self) -> None:
        """f: a seat without choosing one: yours, else the first public game waiting for
        players, else a new game of four seats (``Lobby.first_free``)."""
        there = set(self.lobby.rooms)
        try:
            room = self.lobby.first_free(self.player)
        except LobbyError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        if room.id not in there:  # made for this f: said, not silently (a play test)
            now = time.monotonic()
            kept = [r.id for r in self.lobby.rooms.values() if r.seats_kept(now) and r is not room]
            if kept:  # a game waits, but for its table's players (``Room.kept_for``)
                said = _(
                    "Game {kept} keeps its seats for the players of the game before it: f"
                    " opened game {game}, of {n} seats, and you sit in it; the others join it"
                    " with j."
                ).format(kept=kept[0], game=room.id, n=len(room.table.seats))
            else:
                said = _(
                    "No game was waiting for players: f opened game {game}, of {n} seats, and"
                    " you sit in it; the others join it with j."
                ).format(game=room.id, n=len(room.table.seats))
            self.notify(said, markup=False)
        self.ssh_app.join_game(room)

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
        self.lobby.remembered.remember_language(self.player.identity, language)
        self.retranslate()

    def retranslate(self) -> None:
        """Every text of the lobby again, in the language just chosen (the chat stays)."""
        self.query_one("#lobby-title", Static).update(self.title_text())
        self.query_one("#games-heading", Static).update(_("Games"))
        self.query_one("#chat-heading", Static).update(_("Lobby chat"))
        self.query_one("#say", Input).placeholder = _(SAY_HINT)
        table = self.query_one(DataTable)
        for heading, key in COLUMNS:
            table.columns[ColumnKey(key)].label = Text(heading())
        self.refresh_games()
        self.refresh_bindings()

    @on(Input.Submitted, "#say")
    def say(self, event: Input.Submitted) -> None:
        try:
            self.lobby.say(self.player, event.value)  # as it was at Enter: the field is empty now
        except LobbyError as exc:
            self.notify(str(exc), severity="warning", markup=False)
        # the line keeps the keys for the next line; Esc gives them back (LobbySayLine)

"""A server's lobby in the local app (``jetset join ssh://HOST`` at a terminal, without /GAME):
its games with their options, a new game (the SSH lobby's own form), join, watch, the first free
seat, and the lobby chat, all as lobby messages (``netcode.lobbyclient``). Choosing a game ends
this app with the channel at that game, for the game screen's peer. What the server sends is
text: names, titles and chat are shown as they are, never as markup or terminal commands.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import partial
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.driver import Driver
from textual.screen import Screen
from textual.widgets import DataTable, Input, Log, Static

from engine.games import GAMES, game_rules
from jetset_tui.game_options import option_words
from jetset_tui.i18n import N_, _, pgettext
from jetset_tui.key_order import KeysInTurn, keep_key_order
from jetset_tui.seat_names import AWAY_MARK
from jetset_tui.ssh.games import game_title, status_words, title_words
from jetset_tui.ssh.lobby import LobbyError, WrongSecret
from jetset_tui.ssh.screens import AskScreen, GameRequest, NewGameScreen
from jetset_tui.toasts import ToastsRepainted
from jetset_tui.widgets.chat_line import SAY_HINT, LobbySayLine
from jetset_tui.widgets.fitted_columns import (
    add_fitted_rows,
    fitted,
    fitting,
    narrowest,
    reclaimed,
    squeezed,
)
from jetset_tui.widgets.footer import KeyFooter
from jetset_tui.widgets.wrap import keep_no_break_spaces
from jetset_tui.workers import start_worker
from netcode import lobbyproto as lp
from netcode.framing import FramedConnection
from netcode.lobbyclient import LobbyChoice, LobbyClient, LobbyRefused
from netcode.text import printable
from netcode.transport import ConnectionClosed, Transport

Entry = lp.Entry

FITTED = (2, 3, 4, 5)
"""The columns (title, seats, options, status) that share what the table's width leaves them,
each cell wrapped between words to its share (``fitted_widths``), so that none runs out of
sight (at 80 columns the options ended mid-word and the status was off the screen)."""
WHOLE = (2, 5)
"""The fitted columns (title, status) kept to ``WHOLE_LINES`` lines where the width allows (the
status on one, where the others still have room for their words)."""
WHOLE_LINES = 2
STATUS = 5
FITTED_LINES: tuple[int | None, ...] = (None,) * len(FITTED)
"""Every fitted cell shown whole, on as many lines as it takes: nothing else shows it."""


def away(seat: lp.SeatLine) -> bool:
    """Whether ``seat``'s player is not connected (their seat waits for them)."""
    return seat.name is not None and not seat.connected and not seat.bot


def seats_text(game: lp.GameLine) -> str:
    """``ann, greedy bot, (open)``: * marks a player who is not connected (``away``), as the
    line under the table says."""
    parts = []
    for seat in game.seats:
        if seat.name is None:
            parts.append(_("(open)"))
        else:
            parts.append(printable(seat.name) + ("*" if away(seat) else ""))
    return ", ".join(parts)


def chosen_words(game: lp.GameLine) -> list[str]:
    """What was chosen of the game's options (``extra cards``, ``Hubs, Investors face up``),
    in its schema's words; none for a game this app does not know."""
    if game.game not in GAMES:
        return []
    values = {name: getattr(game.options, name) for name in lp.OPTION_FIELDS}
    return option_words(game_rules(game.game).options_schema(), values)


def options_text(game: lp.GameLine) -> str:
    words = [_("{n} seats").format(n=game.options.players), *chosen_words(game)]
    if game.private:
        words.append(_("password"))
    return ", ".join(words)


def row_of(game: lp.GameLine) -> list[Text]:
    """``game``'s cells in the table: what the server sends is shown as text, never markup."""
    cells = (
        game.id,
        printable(game_title(game.game)),
        printable(title_words(game.title)),
        seats_text(game),
        options_text(game),
        printable(status_words(game.status)),
    )
    return [Text(cell) for cell in cells]


class RemoteLobbyScreen(Screen[None]):
    """The games of one server, and its lobby chat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "join", N_("Join"), show=True),
        Binding("j", "join", N_("Join"), show=False),  # as in the SSH lobby
        Binding("w", "watch", N_("Watch")),
        Binding("n", "new_game", N_("New game")),
        Binding("f", "first_free", N_("First free seat")),
        Binding("t,c", "chat", N_("Chat")),  # t as in the SSH lobby and at the table
        # q, as in the SSH lobby: Esc, which leaves the chat line, ended a browser's session
        Binding("q", "leave", N_("Quit")),
    ]
    DEFAULT_CSS = """
    RemoteLobbyScreen #where { height: 1; padding: 0 1; background: $boost; }
    RemoteLobbyScreen #games { height: 1fr; scrollbar-size-vertical: 1; scrollbar-gutter: stable; }
    RemoteLobbyScreen #away { height: auto; padding: 0 1; color: $text-muted; display: none; }
    RemoteLobbyScreen #away.-shown { display: block; }
    RemoteLobbyScreen #chat-title { height: 1; padding: 0 1; color: $text-muted; }
    RemoteLobbyScreen #chat { height: 8; border: none; }
    RemoteLobbyScreen #say { height: 1; border: none; padding: 0 1; background: $boost; }
    """

    def __init__(self, opener: LobbyChoice, transport: Transport, framed: FramedConnection) -> None:
        super().__init__()
        self.opener = opener
        self.transport = transport
        self.games: tuple[lp.GameLine, ...] = opener.games
        self.you = opener.name
        """Your name at the tables, as the server says it."""
        self.client = LobbyClient(
            framed, on_games=self.show_games, on_chat=self.show_chat, on_refused=self.refused
        )
        self.busy = False
        self._widths: list[int | None] = []
        """The widths the table's rows were last fitted to (``fitted_widths``)."""
        self.last_request: GameRequest | None = None
        """The game this player last asked the form for (refused, say): the form shows it."""

    def compose(self) -> ComposeResult:
        you = printable(self.opener.name or "?")
        place = printable(self.opener.place())
        if place and self.opener.spectate:
            where = _("Jet Set at {place}: you are {you}; Enter watches")
        elif place:
            where = _("Jet Set at {place}: you are {you}; Enter joins")
        elif self.opener.spectate:
            where = _("Jet Set: you are {you}; Enter watches")
        else:
            where = _("Jet Set: you are {you}; Enter joins")
        where = where.format(place=place, you=you)
        yield Static(Text(where), id="where")
        yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
        yield Static(_(AWAY_MARK), id="away")
        yield Static(_("Lobby chat (t to type, Enter to say it)"), id="chat-title")
        yield Log(id="chat", max_lines=200)
        yield LobbySayLine(placeholder=_(SAY_HINT), id="say", back_to="#games")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one("#games", DataTable)
        table.add_columns(*self.headings())
        self.fill()
        table.focus()
        start_worker(self, self.read, name="lobby", group="reader")

    async def read(self) -> None:
        await self.client.run()
        if self.client.lost is not None and self.client.joined is None:
            app = self.app
            if isinstance(app, RemoteLobbyApp):  # said once the lobby is gone (`jetset join`)
                app.closed = printable(self.client.lost)
            app.exit(None)

    # -- what the server says ---------------------------------------------------------------

    def show_games(self, games: lp.Games) -> None:
        self.games, self.you = games.games, games.you
        self.fill()

    def fill(self) -> None:
        table = self.query_one("#games", DataTable)
        chosen = self.chosen() if table.row_count else self.held_game()
        table.clear()
        rows = [row_of(game) for game in self.games]
        widths = self._widths = self.fitted_widths(rows)
        keys = [game.id for game in self.games]
        add_fitted_rows(table, rows, keys, FITTED, widths, FITTED_LINES, self.app.console)
        someone_away = any(away(seat) for game in self.games for seat in game.seats)
        self.query_one("#away", Static).set_class(someone_away, "-shown")
        if chosen is not None and chosen.id in [g.id for g in self.games]:
            table.move_cursor(row=[g.id for g in self.games].index(chosen.id))

    @staticmethod
    def headings() -> list[str]:
        """The table's headings, in the player's language."""
        game = pgettext("which game is played", "Game")
        return ["#", game, _("Title"), _("Seats"), _("Options"), _("Status")]

    def fitted_widths(self, rows: list[list[Text]]) -> list[int | None]:
        """The cells each of the ``FITTED`` columns may take, so that every column fits in the
        table (None: as wide as it is, while the table's width is not known or it fits): no
        column narrower than a word of its own, the title and the status whole in
        ``WHOLE_LINES`` lines where they can be (the status on one), the rest shared out by
        what each wants."""
        fit = fitting(self.query_one("#games", DataTable), self.headings(), rows, FITTED)
        if fit is None:
            return [None] * len(FITTED)
        wanted, least, room = fit
        for n, i in enumerate(FITTED):
            if i in WHOLE:
                cells = [row[i] for row in rows]
                least[n] = narrowest(cells, least[n], WHOLE_LINES, self.app.console)
        status = FITTED.index(STATUS)
        if sum(least) - least[status] + wanted[status] <= room:
            least[status] = wanted[status]
        widths = squeezed(fitted(wanted, least, room), room)
        columns = [[row[i] for row in rows] for i in FITTED]
        headings = [self.headings()[i] for i in FITTED]
        return [*reclaimed(widths, columns, headings, self.app.console)]

    def on_resize(self) -> None:
        """The rows are fitted again to the table's new width, once it is laid out."""
        self.call_after_refresh(self.refit)

    def refit(self) -> None:
        """The rows again, if the table's width fits them otherwise now."""
        if self.fitted_widths([row_of(game) for game in self.games]) != self._widths:
            self.fill()

    def show_chat(self, line: lp.LobbyChatLine) -> None:
        self.query_one("#chat", Log).write_line(f"<{printable(line.name)}> {printable(line.text)}")

    def refused(self, refusal: LobbyRefused) -> None:  # the server's words, in yours if known
        self.app.notify(printable(_(refusal.message)), severity="error", markup=False)

    # -- what the player asks ---------------------------------------------------------------

    def chosen(self) -> lp.GameLine | None:
        if not self.is_mounted:
            return None
        table = self.query_one("#games", DataTable)
        if not self.games or table.row_count == 0:
            return None
        return self.games[min(table.cursor_row, len(self.games) - 1)]

    @on(DataTable.RowSelected)
    def row_selected(self) -> None:
        self.action_join()

    def action_join(self) -> None:
        """Enter: a seat in the game picked (``--spectate``: watch it)."""
        if self.opener.spectate:
            self.action_watch()
            return
        game = self.chosen()
        if game is None:
            self.app.notify(_("no game yet: n starts one, f takes the first free seat"))
            return
        if self.holds_seat(game):  # no password for your own seat: your key, or its code
            self.go(self.own_seat(game.id))
            return
        self.enter_game(lambda pw: lp.JoinGame(game=game.id, password=pw), game)

    def held_game(self) -> lp.GameLine | None:
        """The newest game you hold a seat in: the cursor starts on it (back from a game you
        left, "j takes it back" must be about that game; it started on the first row)."""
        return next((game for game in reversed(self.games) if self.holds_seat(game)), None)

    def holds_seat(self, game: lp.GameLine) -> bool:
        """A seat of ``game`` carries your name (the server knows you by your SSH key, or asks
        for the seat's code: ``seat-code``)."""
        return any(s.name == self.you and s.bot is None for s in game.seats)

    def own_seat(self, game: str) -> lp.JoinGame:
        """The ``join`` of the seat held in ``game``: with its code when this client keeps the
        seat's token (``--open``: a ``jetset join ssh://`` that sat there, its ``.place``), so
        its player is not asked a code never shown to them; else the lobby asks for it."""
        if self.opener.game != game:  # a token is one game's
            self.opener.game, self.opener.token = game, None
        request = self.opener.request()
        assert isinstance(request, lp.JoinGame)  # not a spectator: action_join watches then
        return lp.JoinGame(game=game, code=request.code)

    def take_seat_back(self, game: str) -> None:
        """Ask the seat's code (a wrong one is said and asked again), then sit in it."""

        async def attempt(code: str) -> lp.Joining:
            return await self.enter_answering(lp.JoinGame(game=game, code=code))

        def answered(joining: lp.Joining | None) -> None:
            if joining is not None:
                self.opener.spectate = False
                self.done(joining)

        question = _("Your seat in game {game} is waiting for you. Its seat code:")
        question = question.format(game=game)
        hint = _("8 letters and digits, shown when you sat down")
        screen = AskScreen(question, attempt, max_length=lp.MAX_CODE, hint=hint)
        self.app.push_screen(screen, answered)

    def action_watch(self) -> None:
        game = self.chosen()
        if game is not None:
            self.enter_game(lambda pw: lp.WatchGame(game=game.id, password=pw), game)

    def action_first_free(self) -> None:
        self.go(lp.JoinGame(players=self.opener.players))

    def action_new_game(self) -> None:
        def made(request: GameRequest | None) -> None:
            if request is not None:
                self.last_request = request
                start_worker(self, partial(self.create, request), exclusive=True, group="requests")

        self.app.push_screen(NewGameScreen(self.last_request), made)

    async def create(self, request: GameRequest) -> None:
        create = lp.create_request(
            request.game, request.players, tuple(request.bots), request.password, request.options
        )
        try:
            game = await self.client.create(create)
        except LobbyRefused as exc:
            self.app.notify(printable(_(exc.message)), severity="error", markup=False)
            return
        except ConnectionClosed:
            return
        self.go(lp.JoinGame(game=game, password=request.password))

    def enter_game(self, request: Callable[[str | None], Entry], game: lp.GameLine) -> None:
        """Join or watch ``game``: a private one asks for its password first."""
        if not game.private:
            self.go(request(None))
            return

        async def attempt(password: str) -> lp.Joining:
            entry = request(password)
            joining = await self.enter_answering(entry)
            self.opener.password = password
            self.opener.spectate = isinstance(entry, lp.WatchGame)
            return joining

        def answered(joining: lp.Joining | None) -> None:
            if joining is not None:
                self.done(joining)

        question = _("Game {game} has a password. Password:").format(game=game.id)
        hint = _("the password the game was made with")
        self.app.push_screen(AskScreen(question, attempt, secret=True, hint=hint), answered)

    async def enter_answering(self, entry: Entry) -> lp.Joining:
        """``entry`` sent for a question's answer (AskScreen): a wrong secret is WrongSecret, to
        be asked again; any other refusal, or the server gone, is LobbyError."""
        try:
            return await self.client.enter(entry)
        except LobbyRefused as exc:
            if exc.code == "password":
                raise WrongSecret(printable(exc.message)) from None
            raise LobbyError(printable(exc.message)) from None
        except ConnectionClosed as exc:
            raise LobbyError(printable(str(exc))) from None

    def go(self, request: Entry) -> None:
        start_worker(self, partial(self.enter, request), exclusive=True, group="requests")

    async def enter(self, request: Entry) -> None:
        try:
            joining = await self.client.enter(request)
        except LobbyRefused as exc:
            if exc.code == lp.E_SEAT_CODE and isinstance(request, lp.JoinGame) and request.game:
                self.take_seat_back(request.game)
                return
            if exc.code == "password" and isinstance(request, lp.JoinGame) and request.code:
                self.app.notify(printable(_(exc.message)), severity="error", markup=False)
                if request.game is not None:  # the code of a token kept: its player is asked
                    self.take_seat_back(request.game)
                return
            self.app.notify(printable(_(exc.message)), severity="error", markup=False)
            return
        except ConnectionClosed:
            return
        self.opener.password = request.password
        self.opener.spectate = isinstance(request, lp.WatchGame)
        self.done(joining)

    def done(self, joining: lp.Joining) -> None:
        """The channel is the game's now: hand it over."""
        self.opener.game, self.opener.token = joining.game, joining.token
        self.app.exit(self.transport)

    def action_chat(self) -> None:
        self.query_one("#say", Input).focus()

    @on(Input.Submitted, "#say")
    async def say(self, event: Input.Submitted) -> None:
        text = event.value.strip()  # as it was at Enter: the field is empty now, and keeps
        if text:  # the keys for the next line (Esc gives them back: LobbySayLine)
            with contextlib.suppress(ConnectionClosed):
                await self.client.say(text)

    def action_leave(self) -> None:
        self.app.exit(None)


class RemoteLobbyApp(ToastsRepainted[Transport | None]):
    """The lobby alone; its result is the channel at the game chosen (None: the player left)."""

    TITLE = "Jet Set"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "leave", N_("Quit"), priority=True, show=False)
    ]

    def __init__(self, opener: LobbyChoice, transport: Transport, framed: FramedConnection) -> None:
        super().__init__()
        self.closed: str | None = None
        """Why the server closed the lobby (None: it did not; the player left or chose)."""
        keep_key_order()
        keep_no_break_spaces()
        self.keys_in_turn = KeysInTurn(self)
        self.lobby = RemoteLobbyScreen(opener, transport, framed)

    def get_driver_class(self) -> type[Driver]:
        """As the game's app, safe when the terminal goes away (``own_terminal_driver``)."""
        from jetset_tui.app import own_terminal_driver

        return own_terminal_driver(super().get_driver_class())

    async def on_event(self, event: events.Event) -> None:
        await self.keys_in_turn.handle(event, super().on_event)

    def on_mount(self) -> None:
        self.push_screen(self.lobby)

    def action_leave(self) -> None:
        self.exit(None)


async def pick_remote_game(
    opener: LobbyChoice, transport: Transport, framed: FramedConnection
) -> Transport | None:
    """Show the lobby of the channel ``transport``; the same channel, at the game the player
    chose (``opener.game``, ``opener.spectate`` say which), or None (closed) if they left."""
    app = RemoteLobbyApp(opener, transport, framed)
    return chosen_or_closed(await app.run_async(), app, transport)


class LobbyClosed(ConnectionError):
    """The server closed its lobby while the player was in it (stopped, or the connection lost):
    said as that, not as a player who left (a play test read "you left the lobby")."""


def chosen_or_closed(
    chosen: Transport | None, app: RemoteLobbyApp, transport: Transport
) -> Transport | None:
    """The channel at the game chosen, None if the player left, ``LobbyClosed`` if the server
    closed the lobby under them."""
    if chosen is None:
        transport.close()
    if chosen is None and app.closed is not None:
        raise LobbyClosed(app.closed)
    return chosen

"""Leaving a game you host: back to it, a bot plays your seat while you are away, or pause it.
Leaving a game you joined (``jetset join``): your seat stays yours (``StopScreen``).

``q`` on the game screen and Ctrl+Q anywhere ask the same question (``ask_to_leave``,
``ask_to_stop``); Ctrl+C pauses a hosted game at once. While a bot plays the host's seat,
``ServingScreen`` says that the game is being served, and how to take the seat back or stop:
nothing is ever served without a screen saying so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from jetset_tui.i18n import N_, _, pgettext
from jetset_tui.seat_names import bot_kind_before_bot
from jetset_tui.shell_command import indented, join_command, key_words
from netcode.client import GameClient, Hosting

if TYPE_CHECKING:
    from netcode.peer import NetPeer

BACK, STAND_IN, PAUSE, GIVE = "back", "stand-in", "pause", "give"

LEAVE_CSS = """
    align: center middle;
    #leave { width: 70; max-width: 95%; height: auto; border: heavy $accent;
             padding: 1 2; background: $surface; }
    OptionList { height: auto; margin-top: 1; }
"""
"""The look of both leave dialogs (nested in each screen's own rule)."""
LEAVE_TEXT_WIDTH = 70 - 2 - 4
"""The cells of a line in a leave dialog (its width, less border and padding), from 74
columns; the resume command is broken to fit it, between its words."""
SERVING_TEXT_WIDTH = 72 - 2 - 4
"""The cells of a line on the serving screen."""


def standin_words(hosting: Hosting) -> str:
    """The stand-in bot's kind as it stands in "a … bot", in the player's language (an Italian
    host read "un bot greedy" where the roster said "avido")."""
    from netcode.seatkind import SeatKind

    return bot_kind_before_bot(SeatKind.of_bot(hosting.standin_kind).label)


def choices(hosting: Hosting, *, playing: bool) -> list[tuple[str, str]]:
    """The choices, as (key, words); a bot can take the seat only while you are in it."""
    out = [(BACK, _("Back to the game") if playing else _("Back to serving the game"))]
    if playing:
        kind = standin_words(hosting)
        bot = _("Let a {kind} bot play my seat; keep serving").format(kind=kind)
        out.append((STAND_IN, bot))
    if hosting.begun:
        out.append((PAUSE, _("Pause the game and stop hosting (continue it later)")))
    else:
        out.append((PAUSE, _("Stop hosting: the game has not begun")))
    return out


class LeaveScreen(ModalScreen[str]):
    """The question; dismissed with BACK, STAND_IN or PAUSE."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,g", "choose('back')", N_("Back")),
        Binding("b", "choose('stand-in')", N_("Bot plays")),
        Binding("p", "choose('pause')", N_("Pause")),
    ]
    DEFAULT_CSS = "LeaveScreen {" + LEAVE_CSS + "}"

    def __init__(self, hosting: Hosting, *, playing: bool) -> None:
        super().__init__()
        self.hosting = hosting
        self.playing = playing
        self.keys = [key for key, _ in choices(hosting, playing=playing)]

    def compose(self) -> ComposeResult:
        letters = {BACK: "g", STAND_IN: "b", PAUSE: "p"}
        options = [
            Option(f"{letters[key]}  {words}", id=key)
            for key, words in choices(self.hosting, playing=self.playing)
        ]
        with Vertical(id="leave"):
            yield Static(Text(_("You host this game. Leave it?"), style="bold"))
            if self.hosting.begun:
                command = indented(self.hosting.resume_command, 2, LEAVE_TEXT_WIDTH)
                pausing = _("Pausing tells everyone it continues with")
                yield Static(Text(f"{pausing}\n{command}"), id="resume-command")
            else:
                unbegun = _("A seat is still free: stopping ends this game for everyone.")
                yield Static(Text(unbegun), id="resume-command")
            yield OptionList(*options, id="leave-choices")

    @on(OptionList.OptionSelected)
    def selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id or BACK)

    def action_choose(self, key: str) -> None:
        if key in self.keys:
            self.dismiss(key)


class LeaveOrBack(ModalScreen[bool]):
    """A leave dialog of two choices, g (or Esc, n) back and y leave: True for leave."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,g,n", "choose('back')", N_("Back")),
        Binding("y", "choose('leave')", N_("Leave")),
    ]

    @on(OptionList.OptionSelected)
    def selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id or BACK)

    def action_choose(self, key: str) -> None:
        self.dismiss(key == "leave")


class StopScreen(LeaveOrBack):
    """Leave a game joined over the network (or stop watching it)? True: yes. ``giving``: a
    third choice, o, leaves the seat to whoever joins next (``gives`` says it was taken): a
    LAN party's Cat went home and Eve could only take her seat with a token from a hidden file.
    A server's game reached with ``jetset join ssh://`` offers it too, as an ``ssh`` session's q
    does (jetset_tui/ssh/screens/leave.py): the lobby then lists the seat open."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("o", "choose('give')", N_("Give seat"))]
    DEFAULT_CSS = "StopScreen {" + LEAVE_CSS + "}"

    def __init__(
        self, address: str, *, watching: bool, giving: bool = False, keys: Sequence[str] = ()
    ) -> None:
        """``keys``: the private keys ``jetset join ssh://`` was given (``-i FILE``), which the
        command that takes the seat back needs again."""
        super().__init__()
        self.address = address
        self.keys = tuple(keys)
        self.watching = watching
        self.giving = giving and not watching
        self.gives = False

    def compose(self) -> ComposeResult:
        leave = _("Stop watching") if self.watching else _("Leave the game")
        question = _("Stop watching?") if self.watching else _("Leave the game?")
        with Vertical(id="leave"):
            yield Static(Text(question, style="bold"))
            if not self.watching:  # with o offered, y's words say they are y's
                stays = (
                    _("With y, your seat stays yours:")
                    if self.giving
                    else _("Your seat stays yours:")
                )
                command = join_command(self.address, *key_words(self.keys))
                back = _("{command} takes it back").format(command=command)
                yield Static(Text(f"{stays}\n  {back}"))
            options = [
                Option("g  " + _("Back to the game"), id=BACK),
                Option(f"y  {leave}", id="leave"),
            ]
            if self.giving:
                give = _("Leave, and give my seat to the next person who joins")
                options.append(Option(f"o  {give}", id=GIVE))
            yield OptionList(*options, id="leave-choices")

    def action_choose(self, key: str) -> None:
        if key == GIVE:
            if not self.giving:
                return
            self.gives = True
        super().action_choose("leave" if key == GIVE else key)


class CloseTableScreen(LeaveOrBack):
    """The hosting player leaves a game's end while another player waits in the next game,
    which closes with the table: leave anyway? True: yes."""

    DEFAULT_CSS = "CloseTableScreen {" + LEAVE_CSS + "}"

    def __init__(self, waiting: str) -> None:
        super().__init__()
        self.waiting = waiting

    def compose(self) -> ComposeResult:
        said = _(
            "{name} opened the next game and waits in it. You host the table: when you leave,"
            " it closes, and the next game with it, for everyone."
        )
        with Vertical(id="leave"):
            yield Static(Text(_("Close the table?"), style="bold"))
            yield Static(Text(said.format(name=self.waiting)))
            yield OptionList(
                Option("g  " + _("Back"), id=BACK),
                Option("y  " + _("Leave, and close the table"), id="leave"),
                id="leave-choices",
            )


def ask_to_stop(
    app: App[Any],
    address: str,
    *,
    watching: bool,
    peer: NetPeer | None,
    keys: Sequence[str] = (),
) -> None:
    """Ask a player who joined whether to leave; on yes the game's screen ends (``jetset join``
    then says how to come back): the program with it, or, for a game reached through a server's
    lobby (``jetset join ssh://``), back to that lobby, as an SSH terminal and a browser go (a
    play test's q, y ended the whole command there). A seat may be given to whoever joins next
    (``peer.gives_seat``: its ``leave`` says so), at a host's own address or a server's game."""
    if isinstance(app.screen, StopScreen):
        return
    from jetset_tui.table_end import LOBBY, NetworkedEnd

    from_lobby = isinstance(app, NetworkedEnd) and app.from_lobby
    screen = StopScreen(address, watching=watching, giving=peer is not None, keys=keys)

    def chosen(leave: bool | None) -> None:
        if leave:
            if peer is not None and screen.gives:
                peer.gives_seat = True
            if isinstance(app, NetworkedEnd) and from_lobby:
                app.then = LOBBY
            app.exit()

    app.push_screen(screen, chosen)


class ServingScreen(Screen[None]):
    """The host's screen while a bot plays their seat: the game goes on being served."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "sit", N_("Take my seat back")),
        Binding("p", "pause", N_("Pause and stop hosting")),
        Binding("q", "ask", N_("Leave")),
    ]
    DEFAULT_CSS = """
    ServingScreen { align: center middle; }
    ServingScreen #serving { width: 72; max-width: 95%; height: auto; border: heavy $accent;
                             padding: 1 2; }
    """

    def __init__(self, hosting: Hosting) -> None:
        super().__init__()
        self.hosting = hosting
        self._sitting = False
        self._begun = hosting.begun
        """Whether the game had begun when the words were composed (``check_over``)."""
        self._people = hosting.people_at_the_table
        """Whether a person was at the table then: the others play on, or the game waits."""

    def compose(self) -> ComposeResult:
        h = self.hosting
        text = Text()
        text.append(_("The game is being served"), style="bold")
        text.append(" " + _("at {address}").format(address=h.address) + "\n\n")
        if self._people:
            plays = _("A {kind} bot plays your seat; the others play on.")
        else:  # bots never play out a game no person is at (a play test read "play on" here)
            plays = _("Nobody is at the table now: the game waits until someone is back.")
        text.append(plays.format(kind=standin_words(h)) + "\n\n")
        text.append(pgettext("key", "Enter"), style="bold")  # "Invio", as every Italian line says
        text.append("  " + _("take your seat back") + "\n")
        text.append("p", style="bold")
        if h.begun:
            text.append("      " + _("pause the game and stop hosting; it continues with") + "\n")
            text.append(indented(h.resume_command, 2, SERVING_TEXT_WIDTH) + "\n")
        else:
            text.append("      " + _("stop hosting: a seat is still free, the game ends") + "\n")
        yield Static(text, id="serving")

    def on_mount(self) -> None:
        self.hosting.stand_in()
        self.set_interval(0.25, self.check_over)

    async def check_over(self) -> None:
        """At the end of the game, back to your seat, which shows how it ended; once it
        begins, p's words say how it goes on; who plays on, as people come and go."""
        if self.hosting.over:
            await self.action_sit()
        elif (self.hosting.begun, self.hosting.people_at_the_table) != (self._begun, self._people):
            self._begun = self.hosting.begun
            self._people = self.hosting.people_at_the_table
            await self.recompose()

    async def action_sit(self) -> None:
        from jetset_tui.table_screens import table_screen

        if self._sitting or not self.is_current:
            return
        self._sitting = True
        client = await self.hosting.sit()
        self.app.switch_screen(table_screen(client))

    async def action_pause(self) -> None:
        await pause(self.app, self.hosting)

    def action_ask(self) -> None:
        ask_to_leave(self.app, self.hosting, None)


def ask_to_leave(app: App[Any], hosting: Hosting, playing: GameClient | None) -> None:
    """Ask the host what leaving means; ``playing`` is their client when they are in their seat."""
    if isinstance(app.screen, LeaveScreen):
        return

    async def chosen(key: str | None) -> None:
        await carry_out(app, hosting, key or BACK, playing)

    app.push_screen(LeaveScreen(hosting, playing=playing is not None), chosen)


async def carry_out(app: App[Any], hosting: Hosting, key: str, playing: GameClient | None) -> None:
    if key == PAUSE:
        await pause(app, hosting)
    elif key == STAND_IN and playing is not None:
        await playing.close()  # leave the seat first, so the bot takes an empty one
        app.switch_screen(ServingScreen(hosting))


async def pause(app: App[Any], hosting: Hosting) -> None:
    """Tell everyone the game is paused, stop serving, close the app (which prints how it goes
    on)."""
    app.notify(_("Pausing the game…") if hosting.begun else _("Stopping…"))

    await hosting.pause()
    app.exit()

"""The Jet Set app: the start screen, local games against bots or at one keyboard, saved games.

Every game is played through a ``GameClient`` (``netcode.local.LocalSession`` here), so the same
screens will play networked games through a peer.

The start screen needs none of the game: the engine and the sessions are imported when a game
starts, so that ``jetset`` shows its first frame sooner (BENCHMARKS.md, "TUI").
"""

from __future__ import annotations

import importlib
import shlex
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.screen import Screen

from jetset_tui.i18n import N_, _, current_language, use_session_language
from jetset_tui.key_order import KeysInTurn, keep_key_order
from jetset_tui.palette import help_game
from jetset_tui.table_end import NetworkedEnd
from jetset_tui.widgets.wrap import keep_no_break_spaces

if TYPE_CHECKING:
    from textual.driver import Driver

    from jetset_tui.form_games import FormChoices
    from jetset_tui.jetlag_plan import JetLagPlan
    from jetset_tui.seating import GamePlan
    from netcode.client import GameClient
    from netcode.local import LocalSession
    from netcode.logfile import GameLog

LINUX_DRIVER = ("textual.drivers.linux_driver", "LinuxDriver")
"""Textual's driver of the program's own terminal on Linux and macOS (module, class name)."""

HANGUPS = ("SIGHUP", "SIGTERM")
"""The signals that close the app of ``jetset play`` after saving its game
(``closed_from_outside``)."""


class JetSetApp(NetworkedEnd):
    """Jet Set in the terminal."""

    TITLE = "Jet Set"
    CSS_PATH = "jetset.tcss"
    HAS_TUTORIAL: ClassVar[bool] = True
    """The start screen offers the tutorial (the help page says so); not over SSH or in a
    browser, whose players start from a lobby."""
    shares_loop: ClassVar[bool] = False
    """True where the app shares its event loop with other players' apps (the SSH server):
    work of a quarter of a second or more (a new map size's layout) then goes to a thread."""
    HORIZONTAL_BREAKPOINTS = [  # noqa: RUF012 - Textual declares it so
        (0, "-too-narrow"),
        (80, "-slim"),
        (100, "-narrow"),
        (120, "-wide"),
        (170, "-huge"),
    ]
    VERTICAL_BREAKPOINTS = [  # noqa: RUF012
        (0, "-too-short"),
        (24, "-low"),
        (30, "-short"),
        (40, "-tall"),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", N_("Rules")),
        Binding("question_mark", "help", N_("Rules"), show=False),  # as on the start screen
        Binding("ctrl+q", "quit", N_("Quit"), priority=True, show=False),
        Binding("ctrl+c", "interrupt", show=False, priority=True, system=True),
    ]

    def __init__(
        self,
        *,
        plan: GamePlan | JetLagPlan | None = None,
        resume: Path | None = None,
        session: GameClient | None = None,
        colours: list[str] | None = None,
        bot_delay: float | None = None,
        saves: Path | None = None,
        fsync: bool = True,
        replay: Path | None = None,
        replay_seat: int | None = None,
        joined_at: str | None = None,
        join_keys: Sequence[str] = (),
        tutorial: bool = False,
        expansion: bool = False,
        language: str | None = None,
        own_terminal: bool = False,
    ) -> None:
        """``joined_at``: the host's address when this app plays a game joined there (``jetset
        join``): leaving it asks, and ends the program rather than going to the menu;
        ``join_keys``: the private keys ``jetset join ssh://`` logged in with (``-i FILE``).
        ``bot_delay``: seconds a bot waits before it moves (``netcode.local.BOT_DELAY``).
        ``language``: the session's (default: the one current where the app starts).
        ``own_terminal``: the app is the program in this terminal (``jetset play``, not one of
        an SSH server's sessions): the terminal closed (SIGHUP) or SIGTERM saves and closes it
        (``closed_from_outside``)."""
        super().__init__()
        keep_key_order()  # a burst of keys reaches a text field in the order typed
        keep_no_break_spaces()  # and no line breaks between an amount and its € sign
        self.keys_in_turn = KeysInTurn(self)  # and keys after one that moves the focus follow it
        self.language = language
        self.launch_plan = plan
        self.launch_resume = resume
        self.launch_session = session
        self.hosting = session.hosting if session is not None else None
        """The game this app's player hosts: quitting asks what leaving means."""
        self.launch_colours = colours
        self._bot_delay = bot_delay
        self.saves = saves
        self.fsync = fsync
        self.launch_replay = replay
        self.replay_seat = replay_seat
        self.joined_at = joined_at
        self.join_keys = tuple(join_keys)
        self.launch_tutorial = tutorial
        self.launch_expansion = expansion
        self.own_terminal = own_terminal
        self.local_games: list[LocalSession] = []
        """The games played at this keyboard since the app started, in order."""
        self.last_form: tuple[str, FormChoices] | None = None
        """The game and seats the new-game form last started (its seed aside): the form
        opens on them again."""

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver, safe when the terminal goes away (``own_terminal_driver``)."""
        return own_terminal_driver(super().get_driver_class())

    @property
    def bot_delay(self) -> float:
        """Seconds a bot of a game started here waits before it moves."""
        from netcode.local import BOT_DELAY

        return BOT_DELAY if self._bot_delay is None else self._bot_delay

    async def on_event(self, event: events.Event) -> None:
        await self.keys_in_turn.handle(event, super().on_event)

    def on_load(self) -> None:
        """Before any screen exists, in the app's own task: this session's language, which
        every screen and task of the app inherits (jetset_tui/i18n.py)."""
        use_session_language(self.language or current_language())

    def on_mount(self) -> None:
        """The start screen, or straight into what the command line asked for. A game opened
        from the command line builds no start screen under it (``pop_screen`` builds it when
        the player goes back to the menu), and opens once the app has started: Textual
        draws a frame while it starts only to throw it away (BENCHMARKS.md, "TUI")."""
        if self.own_terminal:
            self.catch_hangups()
        if self.asked_for_something():
            self.call_later(self.open_asked)
        else:
            self.open_menu()

    def catch_hangups(self, catch: bool = True) -> None:
        """SIGHUP (the terminal window closed) and SIGTERM call ``closed_from_outside``, where
        the loop can catch signals; with ``catch`` False, they kill again."""
        from jetset_tui.commands.stopping import catch_signals, release_signals, signals_named

        signums = signals_named(*HANGUPS)
        if catch:
            catch_signals(signums, self.closed_from_outside)
        else:
            release_signals(signums)

    def closed_from_outside(self) -> None:
        """Write the moves a local game holds for taking back (docs/log-format.md), which a
        closed terminal would otherwise lose, then close the app. Once: a second signal kills
        the program, should closing hang."""
        self.catch_hangups(catch=False)
        for game in self.local_games:
            game.write_held()
        self.exit()

    def on_ready(self) -> None:
        """The first frame is up: the collector runs again (jetset_tui/startup.py), or, when
        a game opens from the command line, once its own first frame is up."""
        from jetset_tui import startup

        if self.asked_for_something():
            self.set_timer(startup.FALLBACK, startup.release)
        else:
            startup.release()

    def asked_for_something(self) -> bool:
        launches = (self.launch_session, self.launch_plan, self.launch_resume, self.launch_replay)
        return self.launch_tutorial or any(x is not None for x in launches)

    def open_asked(self) -> None:
        """What the command line asked for, or the start screen if it would not open."""
        self.launch()
        if len(self.screen_stack) < 2:
            self.open_menu()

    def open_menu(self) -> None:
        self.push_screen(self.menu())
        self.call_after_refresh(self.warm_up)

    def menu(self) -> Screen[None]:
        from jetset_tui.screens.start import StartScreen

        return StartScreen()

    def pop_screen(self) -> AwaitComplete:
        """Back a screen; from a screen the command line opened, back to the menu (built now:
        there is none under it)."""
        stack = self.screen_stack
        if len(stack) == 2 and stack[0].id == "_default":  # Textual's blank first screen
            return self.switch_screen(self.menu())
        return super().pop_screen()

    def launch(self) -> None:
        """Open what the command line asked for: a game, the tutorial, a saved game or a
        replay (a sentence on the screen if it won't open)."""
        if self.launch_session is not None:
            self.play(self.launch_session, self.launch_colours)
        elif self.launch_tutorial:
            self.start_tutorial(expansion=self.launch_expansion)
        elif self.launch_plan is not None:
            self.start_plan(self.launch_plan)
        elif self.launch_resume is not None:
            problem = self.open_log(self.launch_resume)
            if problem:
                self.notify(problem, severity="error", timeout=10)
        elif self.launch_replay is not None:
            problem = self.open_replay(self.launch_replay, seat=self.replay_seat)
            if problem:
                self.notify(problem, severity="error", timeout=10)

    def warm_up(self) -> None:
        """Load the replay viewer's code once the first screen is up, while the player reads it:
        opening the first replay then does not wait for dozens of milliseconds of imports."""
        importlib.import_module("jetset_tui.screens.replay")

    # -- starting games ---------------------------------------------------------------------

    def play(self, session: GameClient, colours: list[str] | None = None) -> None:
        from jetset_tui.table_screens import table_screen
        from netcode.local import LocalSession

        if isinstance(session, LocalSession) and session not in self.local_games:
            self.local_games.append(session)
        if isinstance(session, LocalSession) and session.meta.get("tutorial"):
            from jetset_tui.screens.tutorial import TutorialScreen

            self.push_screen(TutorialScreen(session, colours))
            return
        self.push_screen(table_screen(session, colours))

    def start_tutorial(self, *, expansion: bool = False) -> None:
        """The tutorial where it was left, or its expansion chapter (``expansion``):
        jetset_tui/screens/tutorial.py."""
        from jetset_tui.screens.tutorial import tutorial_session
        from netcode.loglock import LogLocked
        from netcode.tablefiles import storage_problem
        from netcode.userdirs import saves_dir

        folder = self.saves or saves_dir()
        try:
            session = tutorial_session(
                folder, bot_delay=self.bot_delay, fsync=self.fsync, expansion=expansion
            )
        except LogLocked as exc:
            self.notify(
                _("{problem}: the tutorial is open elsewhere").format(problem=exc),
                severity="error",
                timeout=10,
            )
            return
        except OSError as exc:
            self.notify(
                _("cannot save the tutorial ({problem})").format(problem=_(storage_problem(exc))),
                severity="error",
            )
            return
        self.play(session)

    def unfinished_saves(self) -> list[Path]:
        """Where the games left unfinished here are saved, the last one played last."""
        paths = [g.save_path for g in self.local_games if not g.game.over and g.save_path]
        return list(dict.fromkeys(p for p in paths if p is not None))

    def quick_game(self) -> None:
        """Enter on a fresh start: you against three bots."""
        from jetset_tui.seating import quick_plan

        self.start_plan(quick_plan())

    def start_plan(self, plan: GamePlan | JetLagPlan) -> None:
        from engine.games import DEFAULT, game_rules
        from jetset_tui.seating import GamePlan  # Jet Lag's plan would load Jet Lag: only for it
        from netcode.local import LocalSession, default_log_path
        from netcode.loglock import LogLocked
        from netcode.tablefiles import storage_problem

        problem = plan.check()
        if problem:
            self.notify(problem, severity="error")
            return
        if isinstance(plan, GamePlan):
            colours, game = plan.colours, DEFAULT
        else:
            from jetset_tui.jetlag_plan import GAME

            colours, game = [], GAME
        path = plan.path
        if path is None and self.saves is not None:
            path = default_log_path(plan.seed or "", self.saves)
        try:
            session = LocalSession(
                plan.options,
                plan.seats,
                seed=plan.seed,
                path=path,
                bot_delay=self.bot_delay,
                fsync=self.fsync,
                meta={"colours": colours} if colours else None,
                rules=game_rules(game),
            )
        except LogLocked as exc:  # --save names a game being played elsewhere
            self.notify(
                _("{problem}: choose another file").format(problem=exc),
                severity="error",
                timeout=10,
            )
            return
        except OSError as exc:  # nowhere to save it: a full disk, say
            self.notify(
                _("cannot save the game ({problem})").format(problem=_(storage_problem(exc))),
                severity="error",
            )
            return
        self.play(session, colours)

    def open_log(self, path: Path, replace: Screen[None] | None = None) -> str | None:
        """Continue a saved game, or show a finished one; a sentence if the file won't open."""
        from jetset_tui.saves import unreadable
        from jetset_tui.table_screens import end_screen
        from netcode.local import HostedForOthers, LocalSession
        from netcode.loglock import LogLocked

        try:
            session = LocalSession.resume(path, bot_delay=self.bot_delay, fsync=self.fsync)
        except LogLocked as exc:
            return _("{problem}: it can be watched (Open a replay), not played here").format(
                problem=exc
            )
        except HostedForOthers as exc:  # hot-seat here would show everyone's secret cards
            said = _(
                "{file} was hosted for players on other machines: host it again with "
                "{command}, and they join as before (Open a replay watches it)"
            )
            command = exc.command or shlex.join(["jetset", "host", "--resume", str(path)])
            return said.format(file=path.name, command=command)
        except (OSError, ValueError) as exc:
            return unreadable(path, exc)
        colours = [str(c) for c in session.meta.get("colours") or []]
        if replace is not None:
            self.pop_screen()
        if session.game.over:
            self.push_screen(end_screen(session, path))
        else:
            self.play(session, colours)
        return None

    def open_replay(
        self,
        path: Path,
        replace: Screen[None] | None = None,
        seat: int | None = None,
        *,
        from_start: bool = False,
    ) -> str | None:
        """Open a log in the replay viewer; a sentence if the file won't open. ``from_start``: on
        its first move even when the game is over (to watch it again from the end screen)."""
        from engine.games import DEFAULT
        from jetset_tui.saves import unreadable
        from jetset_tui.screens.replay import ReplayScreen
        from jetset_tui.timeline import Timeline
        from netcode.logfile import LogFormatError, read_log

        try:
            log = read_log(path)
            if log.header.game != DEFAULT:
                return self.open_game_replay(log, path, replace, seat, from_start=from_start)
            timeline = Timeline(log)
        except (OSError, LogFormatError) as exc:
            return unreadable(path, exc)
        if not timeline.result.ok:
            return f"{path.name}: {timeline.result.error}"
        if seat is not None and not 0 <= seat < timeline.game.state.players:
            return _("there is no seat {seat} in {file}").format(seat=seat, file=path.name)
        if replace is not None:
            self.pop_screen()
        if self.is_screen_installed("replay"):
            viewer = self.get_screen("replay")
            assert isinstance(viewer, ReplayScreen)
            viewer.load(timeline, path, seat, from_start=from_start)
        else:
            self.install_screen(ReplayScreen(timeline, path, seat, from_start=from_start), "replay")
        self.push_screen("replay")
        return None

    def open_game_replay(
        self,
        log: GameLog,
        path: Path,
        replace: Screen[None] | None,
        seat: int | None,
        *,
        from_start: bool,
    ) -> str | None:
        """The replay of another game than Jet Set (jetset_tui/table_screens.py)."""
        from jetset_tui.table_screens import replay_screen

        try:
            screen = replay_screen(log, path, seat, from_start=from_start)
        except ValueError as exc:
            return f"{path.name}: {exc}"
        if replace is not None:
            self.pop_screen()
        self.push_screen(screen)
        return None

    # -- quitting ---------------------------------------------------------------------------

    async def action_quit(self) -> None:
        """Ctrl+Q: in a game you host, the question q asks (jetset_tui/screens/leave.py)."""
        from jetset_tui.table_screens import is_table_screen

        if self.joined_at is not None:
            self.leave_joined()
            return
        hosting = self.hosting
        if hosting is None or hosting.over:
            await super().action_quit()
            return
        from jetset_tui.screens.leave import LeaveScreen, ServingScreen, ask_to_leave

        if isinstance(self.screen, LeaveScreen):
            return
        while len(self.screen_stack) > 1 and not (
            is_table_screen(self.screen) or isinstance(self.screen, ServingScreen)
        ):
            self.pop_screen()  # a help or plan screen over the game
        playing = getattr(self.screen, "session", None) if is_table_screen(self.screen) else None
        ask_to_leave(self, hosting, playing)

    def leave_joined(self) -> None:
        """q or Ctrl+Q in a game joined over the network: ask, then end the program (which
        says how to come back); once the game is over, or the way back to it gone for good
        (another game served at its address), end it at once: no seat is left to keep."""
        from jetset_tui.screens.leave import StopScreen, ask_to_stop
        from jetset_tui.table_screens import is_table_screen
        from netcode.peer import NetPeer

        if isinstance(self.screen, StopScreen):
            return
        games = [s for s in self.screen_stack if is_table_screen(s)]
        table: Any = games[-1] if games else None
        session = None if table is None else table.session
        presence = None if session is None else session.presence
        gone = presence is not None and presence.gone
        if self.joined_at is None or session is None or session.game.over or gone:
            self.exit()
            return
        watching = not session.local_seats
        while self.screen is not table:
            self.pop_screen()  # a help, plan or chat screen over the game
        peer = session if isinstance(session, NetPeer) else None
        ask_to_stop(self, self.joined_at, watching=watching, peer=peer, keys=self.join_keys)

    async def action_interrupt(self) -> None:
        """Ctrl+C: a game you host is paused at once; elsewhere, how to quit."""
        hosting = self.hosting
        if hosting is None or hosting.over:
            self.action_help_quit()
            return
        from jetset_tui.screens.leave import pause

        await pause(self, hosting)

    def action_help_quit(self) -> None:
        """Textual's notice that Ctrl+C does not quit, in the player's language: which key
        does."""
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                said = _("Press [b]{key}[/b] to quit the app").format(key=key)
                self.notify(said, title=_("Do you want to quit?"))
                return

    # -- help and the command palette -------------------------------------------------------

    def action_help(self) -> None:
        """F1 and the palette's "Rules and keys": the rules of the game on the screen (a
        screen of Jet Lag's says so with ``HELP_GAME``; Jet Lag's end once opened Jet Set's)."""
        from jetset_tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(game=help_game(self.screen)))

    def action_show_help_panel(self) -> None:
        """The palette's "Keys": Textual's panel of the screen's keys, in the player's
        language (Textual's said every key's description in English)."""
        from textual.widgets import HelpPanel

        from jetset_tui.widgets.keys_panel import KeysHelp

        if not self.screen.query(HelpPanel):
            self.screen.mount(KeysHelp())

    def action_command_palette(self) -> None:
        """Ctrl+P: Textual's command palette, its search field in the player's language."""
        from textual.command import CommandPalette

        from jetset_tui.textual_words import SEARCH_COMMANDS

        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            palette = CommandPalette(placeholder=_(SEARCH_COMMANDS), id="--command-palette")
            self.push_screen(palette)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        from jetset_tui.palette import palette_commands
        from jetset_tui.textual_words import translated

        yield from map(translated, super().get_system_commands(screen))
        yield from palette_commands(self, screen)


def own_terminal_driver(chosen: type[Driver]) -> type[Driver]:
    """The driver of an app in the program's own terminal: where Textual chose its
    ``LinuxDriver``, ``TerminalDriver``, which stays safe when the terminal goes away
    (jetset_tui/terminal_driver.py); else what Textual chose (Windows' driver, or the one
    ``TEXTUAL_DRIVER`` names, as the web server's)."""
    if (chosen.__module__, chosen.__qualname__) != LINUX_DRIVER:
        return chosen
    from jetset_tui.terminal_driver import TerminalDriver

    return TerminalDriver


async def run_client_async(
    client: GameClient,
    *,
    joined_at: str | None = None,
    join_keys: Sequence[str] = (),
    from_lobby: bool = False,
) -> str | None:
    """Play a networked game in the app, as a peer of a host (`jetset host`, `jetset join`
    with the host's address as ``joined_at``, logged in with ``join_keys``). ``from_lobby``: the
    game came from a server's lobby (``jetset join ssh://``). What the player asked for at its
    end (``NEXT_GAME``, ``LOBBY``), or None."""
    app = JetSetApp(session=client, joined_at=joined_at, join_keys=join_keys)
    app.from_lobby = from_lobby
    await app.run_async()
    return app.then

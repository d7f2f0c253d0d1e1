"""``jetset host``: serve a game over TCP (docs/protocol.md); ``--headless`` only serves.

``jetset host --players N [--bots SPEC] [--bind 127.0.0.1] [--port 7777] [--seed S] [--log FILE]
[--password P] [--headless] [--reconnect-window SECONDS] [--standin-bot KIND] [--turn-time
SECONDS]``, or ``jetset host --resume FILE`` to continue a stopped game. It prints the addresses
to give friends; the host's screen shows them too, with who is at the table.

With a screen, the host plays the first seat, which is kept for them by its token
(``netcode.hosting``); the game is served exactly as long as that screen is up. Leaving it (q,
Ctrl+Q, Ctrl+C), SIGTERM, or Ctrl+C for ``--headless``, pauses the game: every player is told
how it continues, the log is closed, and the resume command is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shlex
import sys
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from engine.games import DEFAULT, WHERE
from jetset_tui import diagnostics
from jetset_tui.commands import arguments
from jetset_tui.commands.host_words import (
    announce,
    announce_next,
    offer_host_seat,
    paused,
    report,
)
from jetset_tui.commands.terminal import no_terminal
from jetset_tui.i18n import N_, _
from jetset_tui.modules import add_modules_argument
from jetset_tui.seat_names import BOT_NAMES
from jetset_tui.table_screens import SCREEN_GAMES

if TYPE_CHECKING:
    from netcode.host import Host
    from netcode.hosting import HostedGame
    from netcode.table import Table


HOLDER = "jetset host"
"""Who holds a hosted game's log, as others are told."""

LEFT = "the hosting player has left the table"
"""Why a host whose player has left opens no next game (a peer's r is answered so)."""

SEED_WARNING = N_(
    "jetset host: --seed is for tests and bot matches: the dealing is then not secret (a player "
    "who guesses the seed and is the only one to join over the network knows every hand)"
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    hp = sub.add_parser("host", help=_("host a game on the network"))
    hp.add_argument(
        "--bind", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)")
    )
    hp.add_argument(
        "--port", type=arguments.port, default=7777, help=_("TCP port (default 7777; 0: any free)")
    )
    hp.add_argument(
        "--game",
        choices=tuple(WHERE),
        default=DEFAULT,
        help=_("the game to host: jetset (default) or jetlag"),
    )
    hp.add_argument(
        "--players", type=arguments.players, help=_("2 to 6 seats (Jet Lag: 2, the default)")
    )
    hp.add_argument(
        "--bots",
        metavar="KINDS",
        type=arguments.kinds,
        default=[],
        help=_(
            "one bot kind per seat for the last seats, e.g. greedy,random; the seats not named "
            "are for players who join"
        ),
    )
    hp.add_argument("--seed", help=_("the dealer's seed (default: a random one)"))
    hp.add_argument(
        "--log", metavar="FILE", help=_("the game's log file (default: in the data dir)")
    )
    hp.add_argument("--headless", action="store_true", help=_("only serve; play no seat here"))
    hp.add_argument("--password", help=_("players must give this password to join"))
    hp.add_argument("--resume", metavar="FILE", help=_("continue the game in this log file"))
    hp.add_argument(
        "--repair",
        action="store_true",
        help=_("with --resume: cut a damaged end off the log (a copy is kept) and continue"),
    )
    hp.add_argument(
        "--name",
        default=None,
        help=_("your name, when the host plays a seat (default: your login name)"),
    )
    hp.add_argument(
        "--reconnect-window",
        type=arguments.seconds,
        default=120.0,
        metavar="SECONDS",
        help=_("a bot plays for a dropped player after this (default 120; 0: never)"),
    )
    hp.add_argument(
        "--standin-bot",
        default="greedy",
        help=_("the bot kind that plays for a dropped player (default: greedy)"),
    )
    hp.add_argument(
        "--turn-time",
        type=arguments.seconds,
        default=0.0,
        metavar="SECONDS",
        help=_("a bot moves for a player who has not moved in this time (default 0: no clock)"),
    )
    hp.add_argument(
        "--extra-cards", action="store_true", help=_("the expansion's extra Flight cards")
    )
    add_modules_argument(hp)
    hp.add_argument(
        "--linger",
        type=arguments.seconds,
        default=None,
        help=_(
            "seconds to stay up after a game's end while players are still at the table "
            "(default 5; 300 with --headless, where their r opens the next game)"
        ),
    )
    hp.add_argument("--no-fsync", action="store_true", help=_("flush the log without fsync"))
    hp.add_argument(
        "--json",
        action="store_true",
        help=_("print JSON lines only: where it listens, then a summary at the end"),
    )
    diagnostics.add_arguments(hp)
    hp.set_defaults(func=cmd_host)


def tui_runner() -> object | None:
    """The TUI's entry point for a networked game, if the TUI is installed and provides one."""
    import importlib

    try:
        app = importlib.import_module("jetset_tui.app")
    except ImportError:
        return None
    return getattr(app, "run_client_async", None)


def cmd_host(args: argparse.Namespace) -> int:
    runner = None if args.headless else tui_runner()
    if not args.headless and runner is None:
        print(
            _(
                "jetset host: the TUI cannot play a seat here yet; "
                "run with --headless to only serve the game (bots and `jetset join` players)"
            ),
            file=sys.stderr,
        )
        return 2
    instead = _("{flag} serves the game without a screen").format(flag="--headless")
    if not args.headless and (refusal := no_terminal(instead=instead)):
        print(_("jetset host: {problem}").format(problem=refusal), file=sys.stderr)
        return 2
    from netcode.loglock import LogLocked

    unusable = unusable_file(args)
    if unusable is not None:
        print(_("jetset host: {problem}").format(problem=unusable), file=sys.stderr)
        return 1
    try:
        table = make_table(args)
    except LogLocked as exc:
        print(
            _("jetset host: {problem}; it cannot be hosted twice").format(problem=exc),
            file=sys.stderr,
        )
        return 1
    except ValueError as exc:
        print(_("jetset host: {problem}").format(problem=exc), file=sys.stderr)
        return 2
    except OSError as exc:  # the game's files cannot be written at all: a full disk, say
        from netcode.tablefiles import storage_problem

        said = _("jetset host: cannot save the game {file} ({problem})")
        if not exc.filename:
            said = _("jetset host: cannot save the game ({problem})")
        print(said.format(file=exc.filename, problem=_(storage_problem(exc))), file=sys.stderr)
        return 1
    if table.repaired:
        said = _("jetset host: repaired {file}: {what}")
        print(said.format(file=table.log_path, what=table.repaired), file=sys.stderr)
    if args.seed is not None and not args.resume:
        print(_(SEED_WARNING), file=sys.stderr, flush=True)
    try:
        return asyncio.run(serve(table, args, runner))
    except KeyboardInterrupt:  # before the signal handlers are in place
        said = _("jetset host: stopped; continue with --resume {file}")
        print(said.format(file=shlex.quote(str(table.log_path))), file=sys.stderr)
        return 130


def unusable_file(args: argparse.Namespace) -> str | None:
    """What is wrong with the file named, in words, before anything is served: a ``--resume``
    log that is not there, a folder, or no log at all; a ``--log`` that is a folder."""
    from jetset_tui.saves import problem_of, write_problem_of
    from netcode.logfile import LogFormatError, read_header

    said = _("{file}: {problem}")
    if args.resume:
        path = Path(args.resume)
        try:
            read_header(path)
        except (OSError, LogFormatError) as exc:
            return said.format(file=path, problem=problem_of(exc))
    elif args.log and Path(args.log).is_dir():
        return said.format(file=args.log, problem=write_problem_of(IsADirectoryError()))
    return None


def make_table(args: argparse.Namespace) -> Table:
    from engine.games import game_rules
    from jetset_tui.modules import game_options
    from jetset_tui.seat_names import login_name
    from netcode.gameoptions import option_map, seat_count
    from netcode.messages import MAX_NAME
    from netcode.names import seat_name
    from netcode.table import Table
    from netcode.userdirs import new_game_path

    fsync = not args.no_fsync
    if args.repair and not args.resume:
        raise ValueError(_("--repair goes with --resume FILE"))
    if args.resume:
        table = Table.resume(Path(args.resume), fsync=fsync, holder=HOLDER, repair=args.repair)
        if not args.headless and table.keys.host_seat is None and not table.over:
            raise ValueError(
                _(
                    "this game was served with --headless: no seat is yours; "
                    "continue it with --headless (and `jetset join` to play)"
                )
            )
        if not args.headless and table.rules.name not in SCREEN_GAMES:
            raise ValueError(no_screen(table.rules.name))
        return table
    rules = game_rules(args.game)
    if rules.name not in SCREEN_GAMES and not args.headless:
        raise ValueError(no_screen(rules.name))
    options: object
    if rules.name == "jetset":
        if args.players is None:
            raise ValueError(_("say how many seats: --players N (or --resume FILE)"))
        options = game_options(args.players, args.extra_cards, args.modules, args.investors_face_up)
    elif args.extra_cards or args.modules or args.investors_face_up:
        raise ValueError(
            _("--extra-cards and --modules are Jet Set's; {game} has none").format(game=args.game)
        )
    else:
        options = {} if args.players is None else {"players": args.players}
    bots = list(args.bots)
    for kind in [*bots, args.standin_bot]:
        rules.make_bot(kind, 0, "")  # ValueError: no such bot
    players = seat_count(rules, option_map(options))
    if len(bots) >= players and not args.headless:
        raise ValueError(_("every seat is a bot: leave one for yourself, or use --headless"))
    arguments.bot_seats(bots, players)
    path = Path(args.log) if args.log else new_game_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    given = seat_name(args.name or "")[:MAX_NAME]  # shown as a joiner's name is (netcode/names.py)
    host_name = None if args.headless else (given or login_name() or "host")
    return Table.create(
        options,
        bots,
        path,
        seed=args.seed,
        password=args.password,
        fsync=fsync,
        host_name=host_name,
        holder=HOLDER,
        rules=rules,
        bot_names=BOT_NAMES,
    )


def no_screen(game: str) -> str:
    """What a host without --headless is told of a game the app's screen cannot show yet."""
    said = _(
        "this jetset has no table screen for {game} yet: serve it with --headless (its players "
        "join with `jetset join --bot KIND`)"
    )
    return said.format(game=game)


async def serve(table: Table, args: argparse.Namespace, runner: object | None) -> int:
    from netcode.host import Host, HostSettings
    from netcode.hosting import PAUSED_BY_THE_HOST, HostedGame, resume_command
    from netcode.next_games import NextGames

    settings = HostSettings(
        reconnect_window=args.reconnect_window,
        standin_kind=args.standin_bot,
        turn_time=args.turn_time,
    )
    host = first = Host(table, settings)
    if table.started and not table.over:  # resumed: who is not back soon gets a stand-in, as
        host.standins.everyone_away()  # a server's restart does (a seat given away waited on)
    headless = runner is None
    if headless:  # a screen owns the terminal: there the log file says it
        host.on_bot_trouble = partial(arguments.say_bot_trouble, "jetset host")
    said_next = partial(announce_next, as_json=args.json) if headless else None
    NextGames.at(host, HOLDER, on_open=said_next)
    try:
        server = await host.serve_tcp(args.bind, args.port)
    except OSError as exc:
        from jetset_tui.commands.listening import listen_problem

        said = _("jetset host: cannot listen on {address}: {problem}")
        address = f"{args.bind}:{args.port}"
        print(said.format(address=address, problem=listen_problem(exc)), file=sys.stderr)
        return 1
    port = server.sockets[0].getsockname()[1]
    stop = asyncio.Event()  # Ctrl+C or SIGTERM: pause the game

    def again() -> str:
        """How the game served now goes on: the same address, screen, bots and clock."""
        t = host.table
        return resume_command(
            t.log_path, args.bind, port, headless=headless, table=t, settings=host.settings
        )

    try:
        with on_signals(stop.set):  # before the ready lines: a signal right after them is heard
            addresses = announce(table, args.bind, port, args.json)
            host.start_bots()
            if runner is not None:
                hosting = HostedGame(host, bind=args.bind, port=port, addresses=addresses)
                host = await play_here(hosting, runner, stop, args.json)
                if host.next_games is not None:  # a next game now would close as it opens
                    host.next_games.closed = LEFT
                table = host.table
            else:
                offer_host_seat(host, args.bind, port, sys.stderr if args.json else sys.stdout)
                host = await serve_each_game(host, stop, lingering(args))
                table = host.table
        if host.finished.is_set() and not headless:  # headless: ``serve_each_game`` lingered
            await linger(host, lingering(args))
        else:
            server.close()
            await host.stop_hosting(PAUSED_BY_THE_HOST)
    finally:
        server.close()
        await close_every_game(first)
    if table.over:
        with contextlib.suppress(OSError):  # a terminal closed (SIGHUP) cannot be told
            report(host, args.json)
    else:
        paused(host, again(), args.json)
    return 0


async def play_here(
    hosting: HostedGame, runner: object, stop: asyncio.Event, as_json: bool = False
) -> Host:
    """The host's own seat, played in the app until the app closes (the game paused, or over)
    or ``stop`` is set (SIGTERM, or SIGINT from outside the terminal: the app is closed, the
    game paused); r at a game's end plays the next game of its seats, served at the same
    address (``HostedGame.next_game``). The host of the last game played."""
    from jetset_tui.table_end import NEXT_GAME

    while await play_one(hosting, runner, stop) == NEXT_GAME:
        try:
            hosting = hosting.next_game(HOLDER)
        except OSError as exc:  # its files cannot be written: the finished game stays served
            from netcode.tablefiles import storage_problem

            said = _("jetset host: cannot save the next game ({problem})")
            print(said.format(problem=_(storage_problem(exc))), file=sys.stderr, flush=True)
            break
        announce_next(hosting.host, as_json)
    return hosting.host


async def serve_each_game(host: Host, stop: asyncio.Event, seconds: float) -> Host:
    """``--headless``: serve until ``stop`` is set or a game ends with nobody to play another:
    at each end, while a player is still at the table (at most ``seconds``), their r opens the
    next game (``NextGames``), served in turn. The host of the last game served."""
    while True:
        await until_stopped(host, stop)
        if stop.is_set() or not host.finished.is_set():
            return host
        await linger(host, seconds, for_players=True)
        if host.successor is None:
            return host
        host = host.successor


async def play_one(hosting: HostedGame, runner: object, stop: asyncio.Event) -> object:
    """One game of the host's seat in the app; what the app's player asked for at its end
    (``JetSetApp.then``), None when ``stop`` closed it first."""
    screen = asyncio.ensure_future(runner(await hosting.sit()))  # type: ignore[operator]
    stopped = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait([screen, stopped], return_when=asyncio.FIRST_COMPLETED)
    except BaseException:  # this command cancelled: the app goes with it
        screen.cancel()
        raise
    finally:
        stopped.cancel()
    if not screen.done():
        screen.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await screen
        return None
    return screen.result()  # what the app raised, if it did


async def close_every_game(first: Host) -> None:
    """Close the game the host began with and each game that followed it at its address."""
    host: Host | None = first
    while host is not None:
        await host.close()
        host = host.successor


async def until_stopped(host: Host, stop: asyncio.Event) -> None:
    """Serve until the game ends, or ``stop`` is set (Ctrl+C / SIGTERM, which pause it)."""
    waits = [asyncio.ensure_future(host.finished.wait()), asyncio.ensure_future(stop.wait())]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()


@contextlib.contextmanager
def on_signals(callback: Callable[[], object]) -> Iterator[None]:
    """Call ``callback`` on SIGINT, SIGTERM or SIGHUP (the host's terminal closed) meanwhile,
    where the loop can catch signals (jetset_tui/commands/stopping.py)."""
    from jetset_tui.commands.stopping import catch_signals, release_signals, signals_named

    signums = signals_named("SIGINT", "SIGTERM", "SIGHUP")
    catch_signals(signums, callback)  # then stops the loop as usual
    try:
        yield
    finally:
        release_signals(signums)


def lingering(args: argparse.Namespace) -> float:
    """How long the host stays up after a game's end while someone is still at the table:
    ``--linger``, else 5 seconds with a screen (its player has left), 300 with ``--headless``
    (where a player's r opens the next game)."""
    if args.linger is not None:
        return float(args.linger)
    return 300.0 if args.headless else 5.0


async def linger(host: Host, seconds: float, *, for_players: bool = False) -> None:
    """After the end: stay up until every peer has left (``for_players``: every player, whose
    r could open the next game; spectators do not hold it up), a player opened the next
    game, or ``seconds``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds

    def staying() -> bool:
        if for_players:
            return any(conn.seat is not None and conn.standin is None for conn in host.conns)
        return bool(host.conns)

    while staying() and host.successor is None and loop.time() < deadline:
        await asyncio.sleep(0.05)

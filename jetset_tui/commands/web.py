"""``jetset web``: serve the lobby and the games to browsers (and ``jetset ssh-server --web``:
to browsers and ``ssh`` at once, one lobby for both).

``jetset web [--bind 127.0.0.1] [--port 8000] [--max-sessions N] [--max-per-address N]``

Every limit is in docs/security.md ("Browsers").
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from jetset_tui import diagnostics
from jetset_tui.commands import arguments
from jetset_tui.commands.stopping import stop_on_sigterm
from jetset_tui.i18n import _

if TYPE_CHECKING:
    from jetset_tui.ssh.server import GameServer, SshConfig
    from jetset_tui.web.server import WebConfig, WebServer


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sp = sub.add_parser(
        "web", help=_("serve the game to web browsers: players need only a browser")
    )
    sp.add_argument(
        "--bind", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)")
    )
    sp.add_argument(
        "--port", type=arguments.port, default=8000, help=_("TCP port (default 8000; 0: any free)")
    )
    add_limits(sp)
    sp.add_argument(
        "--idle-timeout",
        type=arguments.seconds,
        default=1800.0,
        metavar="SECONDS",
        help=_("end a browser session that types nothing for this long (default 1800)"),
    )
    sp.add_argument(
        "--bot-delay", type=arguments.seconds, default=0.6, help=_("seconds a bot waits to move")
    )
    arguments.add_turn_time(sp)  # the clock friends new to the game may want longer (a play test)
    sp.add_argument("--log", metavar="FILE", help=_("log file (default: in the data dir's logs/)"))
    sp.add_argument("--games-dir", metavar="DIR", help=_("where the games' logs go"))
    diagnostics.add_arguments(sp)
    sp.set_defaults(func=cmd_web)


def add_limits(sp: argparse.ArgumentParser, prefix: str = "") -> None:
    """The caps on browser sessions (``--web-max-sessions`` ... under ``ssh-server``)."""
    sp.add_argument(
        f"--{prefix}max-sessions",
        type=arguments.whole_number(1),
        default=16,
        metavar="N",
        help=_("browser sessions at once, each a process of about 50 MB (default 16)"),
    )
    sp.add_argument(
        f"--{prefix}max-per-address",
        type=arguments.whole_number(1),
        default=4,
        metavar="N",
        help=_("browser sessions from one address (default 4)"),
    )
    sp.add_argument(
        f"--{prefix}trusted-proxy",
        action="append",
        type=proxy_address,
        default=[],
        metavar="ADDRESS",
        help=_(
            "a reverse proxy in front (its address, as it connects): its X-Forwarded-For, "
            "-Proto and -Host headers are believed (repeatable)"
        ),
    )


def proxy_address(text: str) -> str:
    """A ``--trusted-proxy``: an IP address as the proxy connects from it, written as the
    server sees it (a host name or a network never matched a connection, and said nothing)."""
    import ipaddress

    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        said = _("{text} is not an IP address (the proxy's, as it connects: 127.0.0.1, ::1)")
        raise argparse.ArgumentTypeError(said.format(text=repr(text))) from None


def web_config(args: argparse.Namespace, bind: str, port: int, prefix: str = "") -> WebConfig:
    from jetset_tui.web.server import WebConfig

    key = prefix.replace("-", "_")
    return WebConfig(
        bind=bind,
        port=port,
        max_sessions=getattr(args, f"{key}max_sessions"),
        max_per_address=getattr(args, f"{key}max_per_address"),
        idle_timeout=args.idle_timeout,
        trusted_proxies=tuple(getattr(args, f"{key}trusted_proxy")),
    )


def games_dir_ready(args: argparse.Namespace, who: str) -> bool:
    """Make ``--games-dir`` if it is missing; False (said why) if it cannot be a folder of
    games (a file of that name, no permission), before anything is served."""
    if not args.games_dir:
        return True
    try:
        Path(args.games_dir).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        from jetset_tui.saves import write_problem_of

        said = _("{command}: --games-dir {folder}: {problem}")
        problem = write_problem_of(exc)
        print(said.format(command=who, folder=args.games_dir, problem=problem), file=sys.stderr)
        return False
    return True


def games_config(args: argparse.Namespace) -> SshConfig:
    """The lobby's and its tables' settings for ``jetset web`` (its players' names are who
    they are, as ``--open`` makes them over SSH)."""
    from jetset_tui.ssh.server import SshConfig

    return SshConfig(
        open_mode=True,
        games_dir=Path(args.games_dir) if args.games_dir else None,
        bot_delay=args.bot_delay,
        turn_time=args.turn_time,
        max_per_address=args.max_per_address,
    )


def cmd_web(args: argparse.Namespace) -> int:
    log_path = diagnostics.configure(
        "web", args, Path(args.log) if args.log else diagnostics.log_path("web")
    )
    if not games_dir_ready(args, "jetset web"):
        return 1
    config = games_config(args)
    try:
        return asyncio.run(serve(config, web_config(args, args.bind, args.port), log_path))
    except KeyboardInterrupt:
        print(_("jetset web: stopped"), file=sys.stderr)
        return 130


async def serve(config: SshConfig, web: WebConfig, log_path: Path) -> int:
    """The lobby and the browsers' server, without SSH."""
    from jetset_tui.ssh.server import GameServer

    games = GameServer(config)
    games.lobby.start()
    stopped = stop_on_sigterm()  # before the ready line, so a SIGTERM right after it is heard
    try:
        server = await start_web(games, web, "jetset web")
        if server is None:
            return 1
        print(_("jetset web: log {file}").format(file=log_path), flush=True)
        await stopped.wait()
        await stop_serving(games, server)
    finally:
        await games.lobby.close()  # its hosts stop too (``Host.close``)
    print(_("jetset web: stopped; unfinished games come back when it starts again"))
    return 0


async def stop_serving(games: GameServer, server: WebServer) -> None:
    """The browsers' server closes its tabs, the lobby told first that it stops: a tab's player
    at a table is not leaving it, and a stand-in playing for someone gone stays the log's, to
    play again when the games come back (``Lobby.stopping``)."""
    games.lobby.stopping()
    await server.close()


async def start_web(games: GameServer, web: WebConfig, who: str) -> WebServer | None:
    """Serve ``games``'s lobby to browsers; None (said why) if it cannot listen."""
    from jetset_tui.web.server import WebServer

    server = WebServer(web, games)
    try:
        await server.start()
    except OSError as exc:
        from jetset_tui.commands.listening import listen_problem

        said = _("{command}: cannot serve browsers on {address}: {problem}")
        address = f"{web.bind}:{web.port}"
        print(
            said.format(command=who, address=address, problem=listen_problem(exc)), file=sys.stderr
        )
        await server.close()
        return None
    # English in every language: scripts and tests read the port from the first line.
    first, *others = browser_urls(web.bind, server.port)
    print(f"{who}: browsers play at {first}", flush=True)
    for url in others:
        print(f"{who}: {'or':>16} {url}", flush=True)
    return server


def browser_urls(bind: str, port: int) -> list[str]:
    """Where a browser opens the page: the address bound; bound to every address (0.0.0.0,
    ``::``), this machine's loopback first, then the addresses ``jetset host`` gives friends."""
    from netcode.addresses import ANY, join_addresses, with_port

    if bind not in ANY:
        return [f"http://{with_port(bind, port)}/"]
    v6 = bind == "::"  # asyncio binds "::" to IPv6 alone
    found = [with_port("::1" if v6 else "127.0.0.1", port), *join_addresses(bind, port)]
    return [f"http://{address}/" for address in dict.fromkeys(found) if not v6 or "[" in address]

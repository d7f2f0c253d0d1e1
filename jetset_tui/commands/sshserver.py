"""``jetset ssh-server``: serve the lobby and the game to anyone with an ``ssh`` client.

``jetset ssh-server [--bind 127.0.0.1] [--port 2222] [--host-key FILE]
[--authorized-keys FILE | --open] [--max-sessions N] [--idle-timeout SECONDS]
[--turn-time SECONDS] [--web PORT]``

``--web PORT`` serves browsers too (``jetset web``), from the same lobby.

Every limit the server puts on strangers is in docs/security.md.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from jetset_tui import diagnostics
from jetset_tui.commands import arguments, web
from jetset_tui.commands.stopping import stop_on_sigterm
from jetset_tui.i18n import _

if TYPE_CHECKING:
    from jetset_tui.ssh.server import SshConfig
    from jetset_tui.web.server import WebConfig


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sp = sub.add_parser("ssh-server", help=_("serve the game over SSH: players need only `ssh`"))
    sp.add_argument(
        "--bind", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)")
    )
    sp.add_argument(
        "--port", type=arguments.port, default=2222, help=_("TCP port (default 2222; 0: any free)")
    )
    sp.add_argument("--host-key", metavar="FILE", help=_("host key (default: made on first run)"))
    who = sp.add_mutually_exclusive_group()
    who.add_argument(
        "--authorized-keys", metavar="FILE", help=_("only these public keys may connect")
    )
    who.add_argument(
        "--open",
        action="store_true",
        help=_("anyone may connect with any user name, no key (a LAN party)"),
    )
    sp.add_argument(
        "--max-sessions",
        type=arguments.whole_number(1),
        default=64,
        help=_("players at once (default 64)"),
    )
    sp.add_argument(
        "--max-per-address",
        type=arguments.whole_number(1),
        default=8,
        help=_("connections from one address (default 8)"),
    )
    sp.add_argument(
        "--idle-timeout",
        type=arguments.seconds,
        default=1800.0,
        metavar="SECONDS",
        help=_("disconnect a player who types nothing for this long (default 1800)"),
    )
    sp.add_argument(
        "--keep-games",
        type=arguments.whole_number(1, 10080),  # a week
        default=30,
        metavar="MINUTES",
        help=_(
            "close a game no one has been connected to for this long; its log stays "
            "(default 30; a lunch game kept to the next day: 1440)"
        ),
    )
    sp.add_argument(
        "--bot-delay", type=arguments.seconds, default=0.6, help=_("seconds a bot waits to move")
    )
    arguments.add_turn_time(sp)
    sp.add_argument("--log", metavar="FILE", help=_("log file (default: in the data dir's logs/)"))
    sp.add_argument("--games-dir", metavar="DIR", help=_("where the games' logs go"))
    sp.add_argument(
        "--tcp",
        metavar="ADDRESS",
        help=_(
            "also let `jetset join` players into each game, on a free port of ADDRESS "
            "(shown in the lobby)"
        ),
    )
    sp.add_argument(
        "--web",
        metavar="PORT",
        type=arguments.port,
        help=_(
            "also serve browsers on this port of the same address: the same lobby and games, "
            "a name chosen on arrival (`jetset web`)"
        ),
    )
    web.add_limits(sp, "web-")
    diagnostics.add_arguments(sp)
    sp.set_defaults(func=cmd_ssh_server)


def make_config(args: argparse.Namespace) -> SshConfig:
    from jetset_tui.ssh.lobby_limits import LobbyLimits
    from jetset_tui.ssh.server import SshConfig

    return SshConfig(
        lobby=LobbyLimits(abandoned_after=args.keep_games * 60.0),
        bind=args.bind,
        port=args.port,
        host_key=Path(args.host_key) if args.host_key else None,
        authorized_keys=Path(args.authorized_keys) if args.authorized_keys else None,
        open_mode=args.open,
        max_sessions=args.max_sessions,
        max_per_address=args.max_per_address,
        idle_timeout=args.idle_timeout,
        games_dir=Path(args.games_dir) if args.games_dir else None,
        bot_delay=args.bot_delay,
        turn_time=args.turn_time,
        tcp_bind=args.tcp,
    )


def cmd_ssh_server(args: argparse.Namespace) -> int:
    log_path = diagnostics.configure(
        "ssh-server", args, Path(args.log) if args.log else diagnostics.log_path("ssh-server")
    )
    if not web.games_dir_ready(args, "jetset ssh-server"):
        return 1
    try:
        config = make_config(args)
        browsers = None if args.web is None else web.web_config(args, args.bind, args.web, "web-")
        return asyncio.run(serve(config, log_path, browsers))
    except KeyboardInterrupt:
        said = _("jetset ssh-server: stopped; unfinished games come back when it starts again")
        print(said, file=sys.stderr)
        return 130


def start_problem(config: SshConfig, exc: OSError) -> str:
    """Why the server could not start, in words: a file it could not read (the host key, the
    authorized keys), or its address (the port in use, an address not this machine's)."""
    if exc.filename is not None:
        said = _("jetset ssh-server: cannot start: {file}: {problem}")
        return said.format(file=exc.filename, problem=(exc.strerror or str(exc)).lower())
    from jetset_tui.commands.listening import listen_problem

    said = _("jetset ssh-server: cannot listen on {address}: {problem}")
    return said.format(address=f"{config.bind}:{config.port}", problem=listen_problem(exc))


async def serve(config: SshConfig, log_path: Path, browsers: WebConfig | None = None) -> int:
    import asyncssh

    from jetset_tui.ssh.server import GameServer

    server = GameServer(config)
    stopped = stop_on_sigterm()  # before the ready lines, so a SIGTERM right after them is heard
    try:
        await server.start()
    except OSError as exc:
        print(start_problem(config, exc), file=sys.stderr)
        return 1
    except (asyncssh.Error, ValueError) as exc:
        print(_("jetset ssh-server: cannot start: {problem}").format(problem=exc), file=sys.stderr)
        return 1
    mode = "open to anyone" if config.open_mode else "players sign in with their SSH key"
    print(f"jetset ssh-server: listening on {config.bind}:{server.port} ({mode})", flush=True)
    # The line above stays English in every language: scripts and tests read the port from it.
    name = _("NAME")
    ssh = f"ssh -p {server.port} {name}@{config.bind}"
    print(_("jetset ssh-server: connect with  {command}").format(command=ssh), flush=True)
    said = _("jetset ssh-server: host key {key}; log {file}")
    print(said.format(key=server.host_key_path, file=log_path), flush=True)
    site = None
    if browsers is not None:
        site = await web.start_web(server, browsers, "jetset ssh-server")
        if site is None:
            await server.close()
            return 1
    waits = [asyncio.ensure_future(server.serve_forever()), asyncio.ensure_future(stopped.wait())]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in waits:
            task.cancel()
        server.lobby.stopping()  # the browsers' tabs close first: their players are not leaving
        if site is not None:
            await site.close()
        await server.close()
    if stopped.is_set():
        print(_("jetset ssh-server: stopped; unfinished games come back when it starts again"))
    return 0

"""``jetset host``: serve a game over TCP (docs/protocol.md); ``--headless`` only serves.

``jetset host --players N [--bots SPEC] [--bind 127.0.0.1] [--port 7777] [--seed S] [--log FILE]
[--password P] [--headless]``, or ``jetset host --resume FILE`` to continue a stopped game.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from netcode.host import Host
    from netcode.table import Table


HOLDER = "jetset host"
"""Who holds a hosted game's log, as others are told."""

SEED_WARNING = (
    "jetset host: --seed is for tests and bot matches: the dealing is then not secret (a player "
    "who guesses the seed and is the only one to join over the network knows every hand)"
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    hp = sub.add_parser("host", help="host a game on the network")
    hp.add_argument("--bind", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    hp.add_argument("--port", type=int, default=7777, help="TCP port (default 7777; 0: any free)")
    hp.add_argument("--players", type=int, help="2 to 6 seats")
    hp.add_argument("--bots", default="", help="bot kinds for the last seats, e.g. greedy,random")
    hp.add_argument("--seed", help="the dealer's seed (default: a random one)")
    hp.add_argument("--log", metavar="FILE", help="the game's log file (default: in the data dir)")
    hp.add_argument("--headless", action="store_true", help="only serve; play no seat here")
    hp.add_argument("--password", help="players must give this password to join")
    hp.add_argument("--resume", metavar="FILE", help="continue the game in this log file")
    hp.add_argument(
        "--repair",
        action="store_true",
        help="with --resume: cut a damaged end off the log (a copy is kept) and continue",
    )
    hp.add_argument("--name", default="host", help="your name, when the host plays a seat")
    hp.add_argument(
        "--takeover", type=float, metavar="SECONDS", help="a bot takes a dropped seat after this"
    )
    hp.add_argument("--takeover-bot", default="random", help="the bot kind that takes over")
    hp.add_argument("--extra-cards", action="store_true", help="the expansion's extra Flight cards")
    hp.add_argument("--linger", type=float, default=5.0, help="seconds to stay up after the end")
    hp.add_argument("--no-fsync", action="store_true", help="flush the log without fsync")
    hp.add_argument("--json", action="store_true", help="print one JSON object at the end")
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
            "jetset host: the TUI cannot play a seat here yet; "
            "run with --headless to only serve the game (bots and `jetset join` players)",
            file=sys.stderr,
        )
        return 2
    from netcode.logfile import LogLocked

    try:
        table = make_table(args)
    except LogLocked as exc:
        print(f"jetset host: {exc}; it cannot be hosted twice", file=sys.stderr)
        return 1
    except ValueError as exc:
        print(f"jetset host: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # the game's files cannot be written at all: a full disk, say
        from netcode.table import storage_problem

        where = f" {exc.filename}" if exc.filename else ""
        print(f"jetset host: cannot save the game{where} ({storage_problem(exc)})", file=sys.stderr)
        return 1
    if table.repaired:
        print(f"jetset host: repaired {table.log_path}: {table.repaired}", file=sys.stderr)
    if args.seed is not None and not args.resume:
        print(SEED_WARNING, file=sys.stderr, flush=True)
    try:
        return asyncio.run(serve(table, args, runner))
    except KeyboardInterrupt:
        print(f"jetset host: stopped; continue with --resume {table.log_path}", file=sys.stderr)
        return 130


def make_table(args: argparse.Namespace) -> Table:
    from engine import Options
    from engine.bots import require_bot
    from netcode.table import Table
    from netcode.userdirs import new_game_path

    fsync = not args.no_fsync
    if args.repair and not args.resume:
        raise ValueError("--repair goes with --resume FILE")
    if args.resume:
        return Table.resume(Path(args.resume), fsync=fsync, holder=HOLDER, repair=args.repair)
    if args.players is None:
        raise ValueError("say how many seats: --players N (or --resume FILE)")
    bots = [k.strip() for k in args.bots.split(",") if k.strip()]
    for kind in [*bots, args.takeover_bot]:
        require_bot(kind)
    options = Options(players=args.players, extra_cards=args.extra_cards)
    options.check_supported()
    if len(bots) >= options.players and not args.headless:
        raise ValueError("every seat is a bot: leave one for yourself, or use --headless")
    path = Path(args.log) if args.log else new_game_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return Table.create(
        options, bots, path, seed=args.seed, password=args.password, fsync=fsync, holder=HOLDER
    )


async def serve(table: Table, args: argparse.Namespace, runner: object | None) -> int:
    from netcode.host import Host, HostSettings

    settings = HostSettings(takeover_after=args.takeover, takeover_kind=args.takeover_bot)
    host = Host(table, settings)
    try:
        server = await host.serve_tcp(args.bind, args.port)
    except OSError as exc:
        print(f"jetset host: cannot listen on {args.bind}:{args.port}: {exc}", file=sys.stderr)
        return 2
    port = server.sockets[0].getsockname()[1]
    seats = ", ".join(f"{i}: {s.name or 'open'}" for i, s in enumerate(table.seats))
    print(f"jetset host: listening on {args.bind}:{port}", flush=True)
    print(f"jetset host: log {table.log_path}; seats {seats}", flush=True)
    host.start_bots()
    try:
        if runner is not None:
            await play_here(host, args.name, runner)
        await host.finished.wait()
        await linger(host, args.linger)
    finally:
        server.close()
        await host.close()
    report(host, args.json)
    return 0


async def play_here(host: Host, name: str, runner: object) -> None:
    """The host's own seat: a peer over an in-memory pipe, shown by the TUI."""
    from netcode.peer import NetPeer
    from netcode.transport import memory_pipe

    host_end, peer_end = memory_pipe("local")
    host.spawn(host.attach(host_end))
    peer = await NetPeer.connect(peer_end, name=name)
    await runner(peer)  # type: ignore[operator]


async def linger(host: Host, seconds: float) -> None:
    """After the end: stay up until every peer has left, or ``seconds``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while host.conns and loop.time() < deadline:
        await asyncio.sleep(0.05)


def report(host: Host, as_json: bool) -> None:
    game = host.table.game
    scores = [s.total for s in game.scores()]
    summary = {
        "ok": game.over,
        "log": str(host.table.log_path),
        "entries": len(game.entries),
        "digest": game.digest(),
        "scores": scores,
        "winners": game.winners() if game.over else [],
    }
    if as_json:
        print(json.dumps(summary, separators=(",", ":")))
    else:
        print(f"jetset host: game over, scores {scores}, digest {game.digest()}")

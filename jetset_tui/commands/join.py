"""``jetset join HOST:PORT``: join a hosted game as a player, a headless bot or a spectator."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import logging
import sys
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from jetset_tui import diagnostics
from jetset_tui.commands import arguments
from jetset_tui.commands.join_refusals import (
    ask_password,
    join_problem,
    password_to_ask,
    refusal_words,
)
from jetset_tui.commands.terminal import not_a_terminal
from jetset_tui.i18n import N_, _, current_language
from jetset_tui.seat_names import BOT_WORDS, bot_kind_named, player_words
from jetset_tui.shell_command import join_command, key_words
from jetset_tui.table_screens import SCREEN_GAMES
from netcode.seatkind import SeatKind

if TYPE_CHECKING:
    from engine.platform import AnyRules
    from netcode.client import ClientEvent
    from netcode.peer import NetPeer
    from netcode.sshclient import SshOpener
    from netcode.transport import Transport


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    jp = sub.add_parser("join", help=_("join a hosted game"))
    jp.add_argument(
        "address",
        metavar="HOST:PORT|ssh://[USER@]HOST[:PORT][/GAME]",
        help=_(
            "the host, e.g. 192.168.1.5:7777, or a jetset ssh-server, e.g. ssh://ann@example.org"
        ),
    )
    jp.add_argument(
        "--name", default=None, help=_("your name at the table (default: your login name)")
    )
    jp.add_argument("--bot", metavar="KIND", help=_("play headless as this bot (e.g. greedy)"))
    jp.add_argument(
        "--spectate",
        action="store_true",
        help=_(
            "watch: in the TUI on a terminal; otherwise printing each entry as it is played (with"
            " --json, only the result at the end)"
        ),
    )
    jp.add_argument("--password", help=_("the game's password"))
    jp.add_argument(
        "--token", help=_("take back your seat with its token (without it: the seat kept here)")
    )
    jp.add_argument(
        "--reconnect-for",
        type=arguments.seconds,
        default=60.0,
        help=_("seconds to keep reconnecting (default: 60)"),
    )
    jp.add_argument(
        "--delay",
        type=arguments.seconds,
        default=0.0,
        help=_("a bot's pause in seconds before each move"),
    )
    jp.add_argument(
        "--contribution",
        metavar="HEX",
        help=_(
            "your share of the deal's randomness, 32 hex digits (default: random; a fixed one "
            "is for tests and reproducible bot matches)"
        ),
    )
    jp.add_argument("--json", action="store_true", help=_("print one JSON object at the end"))
    add_ssh_arguments(jp)
    diagnostics.add_arguments(jp)
    jp.set_defaults(func=cmd_join)


def parse_address(text: str) -> tuple[str, int] | None:
    """``host:port`` or ``[v6]:port``; None if ``text`` is neither."""
    host, sep, port = text.rpartition(":")
    if not sep or not host or not (port.isascii() and port.isdigit()) or not 0 < int(port) < 65536:
        return None
    return host.strip("[]"), int(port)


def cmd_join(args: argparse.Namespace) -> int:
    from engine.fairdeal import is_contribution
    from jetset_tui.commands.host import tui_runner

    try:
        opener = ssh_opener(args)
    except ValueError as exc:
        return fail(args, str(exc))
    address = parse_address(args.address) if opener is None else ("", 0)
    if address is None:
        said = N_("{text}: write HOST:PORT, e.g. 127.0.0.1:7777")
        return fail(args, said, text=repr(args.address))
    if args.bot is not None and (problem := unknown_bot(args.bot)) is not None:
        return fail(args, problem)
    if args.contribution is not None and not is_contribution(args.contribution):
        return fail(args, N_("--contribution takes 32 lower-case hex digits (128 bits)"))
    if args.bot is None and not args.spectate and (which := not_a_terminal()):
        # a seat no one can play would hold the table up for good: `jetset join ADDR <
        # /dev/null` drew the screen into its pipe at a core's full speed, its seat never moving
        which = which if args.json else _(which)
        return fail(args, NO_SEAT_WITHOUT_A_TERMINAL, which=which)
    runner = None
    if args.bot is None and (not args.spectate or watch_in_tui(args)):
        runner = tui_runner()
        if runner is None and not args.spectate:
            return fail(args, N_("the TUI cannot join games yet; use --bot KIND or --spectate"))
    try:
        return asyncio.run(join(address, args, runner, opener))
    except KeyboardInterrupt:
        return 130


def watch_in_tui(args: argparse.Namespace) -> bool:
    """A spectator at a terminal watches the game screen; a script gets the entries printed
    (output to a pipe or a file), or with --json only the result, at the end."""
    return not args.json and sys.stdin.isatty() and sys.stdout.isatty()


def fail(args: argparse.Namespace, message: str, code: int = 2, **values: object) -> int:
    """Say what is wrong: ``message`` (English, its ``{values}`` filled in, if any) as JSON with
    --json, else in the player's language; exit ``code``: 2 a usage error, 1 a failure."""
    if args.json:
        print(json.dumps({"ok": False, "error": message.format(**values) if values else message}))
    else:
        tell(_(message).format(**values) if values else _(message))
    return code


def tell(problem: str) -> None:
    """Say ``problem`` (in the player's language) on stderr, after the command's name."""
    print(_("jetset join: {problem}").format(problem=problem), file=sys.stderr)


def cannot_join(args: argparse.Namespace, exc: BaseException) -> int:
    """Joining failed: why, in the player's words; with --json the technical text, in English."""
    logging.getLogger("jetset.join").info("cannot join %s: %s", args.address, exc)
    said = None if args.json else join_problem(exc, args)
    if said is None:
        why = refusal_words(exc)
        return fail(args, N_("cannot join {address}: {why}"), 1, address=args.address, why=why)
    tell(said)
    return 1


async def join(
    address: tuple[str, int],
    args: argparse.Namespace,
    runner: object | None,
    opener: SshOpener | None = None,
) -> int:
    from jetset_tui.seat_names import login_name
    from netcode.botplayer import play_bot
    from netcode.peer import NetPeer, new_contribution
    from netcode.peer_words import JoinRefused
    from netcode.seatkeys import SeatKeys
    from netcode.transport import open_tcp
    from netcode.userdirs import seat_keys_dir

    async def connector() -> Transport:
        if opener is not None:
            return await opener.connect()
        return await open_tcp(*address)

    # one holder of this process's seat locks: the ssh:// opener's, if it has one
    seat_keys = opener.keys if opener is not None else None
    seat_keys = seat_keys if seat_keys is not None else SeatKeys(seat_keys_dir())
    bot_name = bot_seat_name(args.bot) if args.bot else None
    name = args.name or bot_name or login_name() or "player"

    async def seat_at(first: Transport) -> NetPeer:
        """The game's peer on the channel ``first`` (opened at the game)."""
        spectate = args.spectate or (opener is not None and opener.spectate)
        peer = await NetPeer.connect(
            first,
            name=name,
            password=opener.password if opener is not None else args.password,
            spectate=spectate,
            token=args.token or (opener.token if opener is not None else None),
            connector=connector,
            reconnect_for=args.reconnect_for,
            contribution=args.contribution or new_contribution(),
            keys=None if spectate else seat_keys,
            vet=lambda rules: cannot_play(rules, args, runner),
            served=opener is not None,  # a server's game (ssh://): the server's words
        )
        if opener is not None:  # its seat asked back with its code: reconnecting, a later join
            opener.seated(peer.commitment, peer.seat, peer.token)
        if opener is not None and opener.game is not None:  # the game picked: say it, to come back
            args.address = str(dataclasses.replace(opener.address, game=opener.game))
        return peer

    async def first_seat() -> NetPeer | None:
        """The first game's peer; None when the player left the ``ssh://`` lobby instead."""
        nonlocal name
        first = await ssh_first_channel(opener, args) if opener is not None else await connector()
        if first is None:
            return None
        if opener is not None and not args.name and not args.bot and opener.name:
            name = opener.name  # a person over ssh:// sits as their SSH user name
        try:
            return await seat_at(first)
        except JoinRefused as exc:
            if not password_to_ask(exc, args, opener, runner):
                raise
        args.password = await asyncio.to_thread(ask_password, args.address)
        return await seat_at(await connector())

    try:
        joined = await first_seat()
    except (JoinRefused, ConnectionError, TimeoutError) as exc:
        return cannot_join(args, exc)
    if joined is None:
        print(_("jetset join: you left the lobby"), flush=True)
        return 0
    peer = joined
    failures = 0  # of a bot of your own: the stand-in decided in its place
    while True:
        say_joined(peer, args, at_screen=runner is not None)
        then = None
        try:
            if runner is not None:
                peer.wait_out_pauses = True  # a person at the screen waits in their seat
                lobby = opener is not None
                then = await runner(  # type: ignore[operator]
                    peer, joined_at=args.address, join_keys=login_keys(args), from_lobby=lobby
                )
            elif args.bot:
                tell = partial(arguments.say_bot_trouble, "jetset join")
                seed = peer.commitment or ""
                failures += (
                    await play_bot(peer, args.bot, seed, delay=args.delay, on_trouble=tell)
                ).count
            if then is None:
                await peer.wait_over()
        finally:
            await peer.close()
        if then is None:
            break
        print(
            _("jetset join: {what}").format(what=outcome(peer, args.address, args.identity or ()))
        )
        args.token = None  # the finished game's seat
        try:  # at its end, r (the next game of its seats) or Esc (the server's lobby again);
            # at `jetset host`'s address the next game is the one served there now
            following = peer.next_game
            first = await (
                connector() if opener is None else after_the_game(opener, then, following)
            )
            if first is None:
                print(_("jetset join: you left the lobby"), flush=True)
                return 0
            peer = await seat_at(first)
        except (JoinRefused, ConnectionError, TimeoutError) as exc:
            return cannot_join(args, exc)
    summary = result(peer)
    if failures:
        summary["bot_failures"] = failures
    if args.json:
        print(json.dumps(summary, separators=(",", ":")))
    else:
        print(
            _("jetset join: {what}").format(what=outcome(peer, args.address, args.identity or ()))
        )
    if failures:
        said = _("jetset join: your bot failed {n} times; a greedy bot decided each of those")
        print(said.format(n=failures), file=sys.stderr)
        return 1
    return 0 if summary["ok"] or left_normally(peer) else 1


def say_joined(peer: NetPeer, args: argparse.Namespace, *, at_screen: bool) -> None:
    """Where ``peer`` sits, before its game screen opens (``at_screen``), or for a script: in
    English in every language, with the seat's token, and every entry printed as it comes."""
    from netcode.text import printable

    if at_screen:
        said = _("jetset join: {what}").format(what=joined_words(peer, args.address))
        print(printable(said), flush=True)
    elif not args.json:
        # English in every language: scripts read the seat and its token from this line.
        where = "as a spectator" if peer.seat is None else f"in seat {peer.seat} as {peer.name}"
        joined = f"joined {args.address} {where}"
        if peer.token is not None:  # a spectator holds none
            joined += f"; token {peer.token}"
        print(f"jetset join: {printable(joined)}", flush=True)
        peer.add_listener(partial(print_event, peer, verbose=args.spectate))


async def after_the_game(
    opener: SshOpener, then: str, following: str | None = None
) -> Transport | None:
    """The channel at the game a player chose at the end of one reached through a server's
    lobby: the next game of its seats (``NEXT_GAME``; a spectator watches ``following``, the
    one a player opened), or the one picked in the lobby shown again (None: they left it)."""
    from jetset_tui.screens.remote_lobby import pick_remote_game
    from jetset_tui.table_end import NEXT_GAME

    if then == NEXT_GAME and opener.spectate and following is not None:
        opener.game, opener.token = following, None  # watched with the same password
        return await opener.connect()
    if then == NEXT_GAME and opener.game is not None:
        opener.next_after(opener.game)  # the lobby seats us in the next game
        return await opener.connect()
    opener.spectate, opener.game, opener.token = False, None, None  # chosen anew
    transport, framed = await opener.channel()
    return await pick_remote_game(opener, transport, framed)


def joined_words(peer: NetPeer, address: str) -> str:
    """What a person reads before the game screen opens (the seat key stays for scripts)."""
    if peer.seat is None:
        return _("watching the game at {address}").format(address=address)
    said = _("joined {address} as {name} ({player})")
    return said.format(address=address, name=peer.name, player=player_words(peer.seat))


def bot_seat_name(kind: str) -> str:
    """The name a headless ``--bot`` joiner asks for: the bot as players read it
    (``search-bot``, not ``mcts-bot``), in English whatever this joiner's language (the name is
    every player's at the table, and scripts read it)."""
    label = SeatKind.of_bot(kind).label
    return f"{BOT_WORDS.get(label, label)}-bot"


def unknown_bot(kind: str) -> str | None:
    """Why no game has a bot of ``kind`` (None: one has; the host's game is known only once
    joined, and ``cannot_play`` checks the kind against it)."""
    from engine.games import DEFAULT, GAMES
    from engine.jetset.bots import is_own_bot
    from jetset_tui.bot_plugins import unknown_bot_words

    problems = []
    for rules in GAMES.values():
        try:
            rules.make_bot(bot_kind_named(rules.bots(), kind), 0, "")
        except ValueError as exc:
            problems.append(str(exc))
        else:
            return None
    if is_own_bot(kind):  # not loaded: the engine's sentence says how to load it
        return problems[0]
    return unknown_bot_words(DEFAULT, kind)


NO_SEAT_WITHOUT_A_TERMINAL = N_(
    "the game's screen needs a terminal, and {which} is not one; --bot KIND plays a seat by a"
    " bot; --spectate watches the game as text"
)
NOT_ITS_BOT = N_("the host plays {game}, whose bots are {kinds}; --bot {kind} is not one")
NO_SCREEN = N_(
    "the host plays {game}, and this jetset has no table screen for it yet: join with --bot "
    "KIND ({kinds}) or watch with --spectate --json"
)


def cannot_play(rules: AnyRules, args: argparse.Namespace, runner: object | None) -> str | None:
    """Why this joiner cannot play the game the host serves (English with --json, else in the
    player's language): a bot kind the game has not, or a person at a screen that does not show
    the game yet. Asked before taking a seat."""
    from engine.games import TITLES

    say = str if args.json else _
    title, kinds = TITLES.get(rules.name, rules.name), ", ".join(rules.bots())
    if args.bot is not None:
        args.bot = bot_kind_named(rules.bots(), args.bot)  # ``search``: this game's search bot
        try:
            rules.make_bot(args.bot, 0, "")
        except ValueError:
            return say(NOT_ITS_BOT).format(game=title, kinds=kinds, kind=args.bot)
    if runner is not None and rules.name not in SCREEN_GAMES:
        return say(NO_SCREEN).format(game=title, kinds=kinds)
    return None


def left_normally(peer: NetPeer) -> bool:
    """The player left, or the host paused the game: a normal end of an evening, not a failure."""
    if peer.end is not None or peer.desync is not None:
        return False
    return peer.paused is not None or peer.lost is None


def outcome(peer: NetPeer, address: str, keys: Sequence[str] = ()) -> str:
    """How the game went for this player, in a sentence (``address`` and ``keys``, ssh://'s
    ``-i FILE``: what takes the seat back)."""
    command = join_command(address, *key_words(keys))
    back = _("{command} takes your seat back").format(command=command)
    if peer.desync is not None:
        said = _("this copy of the game disagreed with the host's at move {n}: stopped")
        return said.format(n=peer.desync)
    end = peer.end
    if end is not None:
        if not end.ok:
            return _("the game is over, but it does not check out: {error}").format(error=end.error)
        final = peer.game.result()
        names = [s.name or player_words(i) for i, s in enumerate(peer.seats)]
        won = _(" and ").join(
            names[w] if w < len(names) else player_words(w) for w in final.winners
        )
        best = max(final.points, default=0)
        if final.draw:
            said = _("the game is over: a draw at {points} points; every card dealt checked out")
            return said.format(points=best)
        said = _("the game is over: {won} won with {points} points; every card dealt checked out")
        return said.format(won=won, points=best)
    if peer.lost is not None and peer.lost != peer.paused:
        return peer.lost  # after the pause, the way back closed (another game there now)
    if peer.paused is not None:
        if peer.seat is None:
            return peer.paused
        return _("{paused}; then {back}").format(paused=peer.paused, back=back)
    if peer.lost is not None:
        return peer.lost
    if peer.seat is None:
        return _("you stopped watching")
    if peer.gives_seat:
        return _("you left the game and gave your seat to the next person who joins")
    return _("you left the game; your seat is kept: {back}").format(back=back)  # not "it waits
    # for you": a bot may play it meanwhile (the reconnect window, a clock), as a play test saw


def print_event(peer: NetPeer, event: ClientEvent, *, verbose: bool) -> None:
    from netcode.client import ChatMessage, EntryApplied, Problem
    from netcode.text import printable

    if isinstance(event, EntryApplied) and verbose:
        actor, text = peer.rules.entry_line(event.entry)
        who = "*" if actor < 0 else str(actor)
        made = "  {bot}" if event.bot else ""  # a bot made it for the seat's player
        print(f"{event.index:5d} {who} {text}{made}", flush=True)
    elif isinstance(event, ChatMessage):
        print(f"<{printable(event.name)}> {printable(event.text)}", flush=True)
    elif isinstance(event, Problem) and event.message not in (peer.paused, peer.lost):
        # the end of the connection is said once, last, with how to come back (``outcome``):
        # a play test read the pause twice
        print(f"jetset join: {printable(event.message)}", file=sys.stderr, flush=True)


def result(peer: NetPeer) -> dict[str, Any]:
    game = peer.game
    final = game.result()
    end = peer.end
    ok = end is not None and end.ok and peer.desync is None
    error = peer.lost if end is None else end.error
    if peer.desync is not None:
        error = f"desync at entry {peer.desync}"
    return {
        "ok": ok,
        "seat": peer.seat,
        "name": peer.name,
        "entries": len(game.entries),
        "digest": game.digest(),
        "scores": list(final.points),
        "winners": list(final.winners) if game.over else [],
        "commitment_ok": end.commitment_ok if end else None,
        "replay_ok": end.replay_ok if end else None,
        "desync": peer.desync,
        "error": error,
    }


# -- ssh:// ------------------------------------------------------------------------------------


def add_ssh_arguments(jp: argparse.ArgumentParser) -> None:
    jp.add_argument(
        "-i",
        dest="identity",
        action="append",
        metavar="FILE",
        help=_("ssh://: the private key to log in with (default: your agent and ~/.ssh/id_*)"),
    )
    jp.add_argument(
        "--accept-new-host-key",
        action="store_true",
        help=_(
            "ssh://: trust a server not in ~/.ssh/known_hosts yet without asking (never one "
            "whose key changed)"
        ),
    )
    jp.add_argument(
        "--players",
        type=arguments.players,
        default=4,
        help=_("ssh:// without a game: the seats of a new game, when there is none to join"),
    )


def login_keys(args: argparse.Namespace) -> tuple[str, ...]:
    """The private keys an ``ssh://`` join logs in with (``-i FILE``), as typed: the command
    that takes its seat back needs them too (a ``HOST:PORT`` join has none)."""
    return tuple(args.identity or ()) if args.address.startswith("ssh://") else ()


def ssh_opener(args: argparse.Namespace) -> SshOpener | None:
    """The opener for an ``ssh://`` address (None: HOST:PORT); ValueError if it is malformed."""
    if not args.address.startswith("ssh://"):
        return None
    from netcode.seatkeys import SeatKeys
    from netcode.sshclient import SshOpener, parse_ssh_url
    from netcode.userdirs import seat_keys_dir

    return SshOpener(
        parse_ssh_url(args.address),
        identities=tuple(args.identity or ()),
        spectate=args.spectate,
        password=args.password,
        players=args.players,
        token=args.token,  # its seat's code goes to the lobby (--open)
        keys=None if args.spectate else SeatKeys(seat_keys_dir()),
        environment={"LANG": current_language()},  # the server's words in the player's
    )


async def ssh_first_channel(opener: SshOpener, args: argparse.Namespace) -> Transport | None:
    """The first channel: an unknown host is asked about on a terminal (as OpenSSH does), or
    trusted with --accept-new-host-key; a person at a terminal without /GAME picks the game in
    the server's lobby (None: they left it)."""
    from netcode.sshclient import UnknownHost, trust_host

    try:
        return await ssh_enter(opener, args)
    except UnknownHost as exc:
        if not args.accept_new_host_key:
            if args.json or not sys.stdin.isatty():
                raise UnknownHost(
                    f"{exc} no terminal to ask: run it once at a terminal, or pass "
                    "--accept-new-host-key",
                    exc.entry,
                ) from None
            answer = await asyncio.to_thread(input, str(exc))
            while answer.strip().lower() not in ("yes", "no"):
                answer = await asyncio.to_thread(input, "Please type 'yes' or 'no': ")
            if answer.strip().lower() != "yes":
                raise ConnectionError("Host key verification failed.") from None
        trust_host(opener.known_hosts, exc.entry)
        print(
            f"Warning: Permanently added '{exc.entry.split()[0]}' to the list of known hosts.",
            file=sys.stderr,
        )
        return await ssh_enter(opener, args)


async def ssh_enter(opener: SshOpener, args: argparse.Namespace) -> Transport | None:
    """The channel at the game: the one named, or (a person at a terminal, no /GAME) the one
    picked in the lobby screen (jetset_tui/screens/remote_lobby.py)."""
    if opener.game is not None or args.bot or args.json or not sys.stdin.isatty():
        return await opener.connect()
    from jetset_tui.screens.remote_lobby import pick_remote_game

    transport, framed = await opener.channel()
    return await pick_remote_game(opener, transport, framed)

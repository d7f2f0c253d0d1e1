"""Why ``jetset join`` could not sit down, said in the player's words, and the password it asks
a person at a terminal for (jetset_tui/commands/join.py)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from jetset_tui.i18n import N_, _
from jetset_tui.shell_command import join_command

if TYPE_CHECKING:
    from netcode.transport import CannotConnect


def password_to_ask(
    exc: BaseException, args: argparse.Namespace, opener: object | None, runner: object | None
) -> bool:
    """A person at a terminal joined a game with a password without giving one (``jetset join
    HOST:PORT``): ask for it, as the SSH lobby does, instead of sending them back to the shell
    with the flag to type (a play test). Never a bot, a script (--json) or an ``ssh://`` join
    (its lobby asks)."""
    from netcode import protocol as p
    from netcode.peer_words import JoinRefused

    wanted = isinstance(exc, JoinRefused) and exc.code == p.E_PASSWORD
    person = runner is not None and sys.stdin.isatty() and not args.json
    return wanted and person and args.password is None and opener is None


def ask_password(address: str) -> str:
    """The game's password, typed without being shown."""
    import getpass

    return getpass.getpass(_("the game at {address} has a password: ").format(address=address))


def refusal_words(exc: BaseException) -> str:
    """Why joining failed: our own host-key warning as it is, anything else made printable."""
    from netcode.sshclient import HostKeyProblem
    from netcode.text import printable

    if isinstance(exc, HostKeyProblem):
        return f"\n{exc}"
    return printable(str(exc))


def join_problem(exc: BaseException, args: argparse.Namespace) -> str | None:
    """Why joining failed in the player's words, where it is a failure a person meets (nobody
    hosting there, a password wanted, every seat taken, the host's refusal without its
    protocol code); None for the rest (said as they came)."""
    from jetset_tui.screens.remote_lobby import LobbyClosed
    from netcode import protocol as p
    from netcode.lobbyclient import SERVER_CLOSED
    from netcode.peer_words import JoinRefused, NoWelcome
    from netcode.transport import CannotConnect

    if isinstance(exc, CannotConnect):
        return connect_problem(exc)
    if isinstance(exc, LobbyClosed) and str(exc) == SERVER_CLOSED:  # a stop, a lost connection
        return _("the server closed its lobby")
    if isinstance(exc, LobbyClosed):  # the server's own words
        return _("the server closed its lobby: {why}").format(why=str(exc))
    if isinstance(exc, NoWelcome):  # netcode's own sentence, in the catalogs
        return _("cannot join {address}: {why}").format(address=args.address, why=_(str(exc)))
    if isinstance(exc, JoinRefused) and exc.code == p.E_PASSWORD and args.password is None:
        command = join_command(args.address, "--password", "P")  # a host's or a server's game
        return _("this game needs a password: {command}").format(command=command)
    if isinstance(exc, JoinRefused) and exc.code == p.E_PASSWORD and exc.message == WRONG_PASSWORD:
        return _(WRONG_PASSWORD)
    if isinstance(exc, JoinRefused) and exc.code == p.E_FULL and not args.spectate:
        command = join_command(args.address, "--spectate")
        said = _("every seat at {address} is taken: watch the game with {command}")
        return said.format(address=args.address, command=command)
    if isinstance(exc, JoinRefused):  # the host's words; its code is for scripts (--json)
        return _("cannot join {address}: {why}").format(address=args.address, why=exc.message)
    return None


WRONG_PASSWORD = N_("wrong password")
"""The host's word for a password that is not the game's (netcode/host.py)."""


def connect_problem(exc: CannotConnect) -> str:
    """Nobody answered at an address, said as a person would: "nobody is hosting at
    127.0.0.1:7999 (connection refused)", never Python's "[Errno 111] Connect call failed"."""
    import socket

    cause, address = exc.cause, exc.address
    if isinstance(cause, ConnectionRefusedError):
        return _("nobody is hosting at {address} (connection refused)").format(address=address)
    if isinstance(cause, TimeoutError):
        return _("no answer from {address} (timed out)").format(address=address)
    if isinstance(cause, socket.gaierror):
        return _("cannot find the computer {host}").format(host=exc.host)
    problem = cause.strerror if isinstance(cause, OSError) and cause.strerror else str(cause)
    return _("cannot reach {address} ({problem})").format(address=address, problem=problem.lower())

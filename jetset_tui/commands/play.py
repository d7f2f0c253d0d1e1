"""``jetset play``: a local game in the terminal, against bots or hot-seat; ``jetset`` alone opens
the start screen. Textual is imported only when the app runs."""

from __future__ import annotations

import argparse
import contextlib
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from jetset_tui import diagnostics, startup
from jetset_tui.commands import arguments
from jetset_tui.commands.terminal import no_terminal
from jetset_tui.i18n import _

if TYPE_CHECKING:  # the plans load with the game they are for
    from jetset_tui.jetlag_plan import JetLagPlan
    from jetset_tui.seating import GamePlan

GAMES = ("jetset", "jetlag")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from jetset_tui.modules import add_modules_argument  # the engine: not for the start screen

    pp = sub.add_parser("play", help=_("play a local game in the terminal"))
    pp.add_argument(
        "--game",
        choices=GAMES,
        default="jetset",
        help=_("the game: jetset (the default) or jetlag, the two-player card game"),
    )
    pp.add_argument(
        "--hotseat",
        action="store_true",
        help=_("Jet Lag: two people at this keyboard, passing it between turns"),
    )
    pp.add_argument(
        "--players",
        type=arguments.players,
        help=_("2 to 6 (default: you and the seats --bots names, or 4); seat 1 is you"),
    )
    pp.add_argument(
        "--bots",
        metavar="KINDS",
        type=arguments.kinds,
        help=_(
            "one kind per seat for the last seats: a bot kind, or 'human' for hot-seat, e.g. "
            "greedy,random; seats not named are hot-seat (default: every other seat the best bot);"
            " with --resume, the bots of your own the saved game seats"
        ),
    )
    pp.add_argument("--seed", help=_("the dealer's seed (default: random)"))
    pp.add_argument(
        "--extra-cards",
        action="store_true",
        help=_("shuffle in the expansion's extra Flight cards"),
    )
    add_modules_argument(pp)
    pp.add_argument("--resume", metavar="FILE", help=_("continue a saved game's .jetset log"))
    pp.add_argument("--save", metavar="FILE", help=_("where to save the log (default: data dir)"))
    pp.add_argument(
        "--delay", type=arguments.seconds, default=None, help=_("seconds a bot waits (default 0.6)")
    )
    diagnostics.add_arguments(pp)
    pp.set_defaults(func=cmd_play)


def cmd_play(args: argparse.Namespace) -> int:
    startup.hold()  # the collector waits for the first frame (jetset_tui/startup.py)
    from jetset_tui.seating import plan_from_spec

    if args.resume:
        mixed = new_game_flags(args)
        if mixed:
            said = _("--resume continues a game as it was saved; {flags} set up a new game")
            print(f"jetset play: {said.format(flags=mixed)}", file=sys.stderr)
            return 2
        path = Path(args.resume).expanduser()
        refusal = not_a_save(path) or in_play_elsewhere(path)
        if refusal:
            print(f"jetset play: {refusal}", file=sys.stderr)
            return 1
        return run_app(resume=path, delay=args.delay)
    if args.game == "jetlag":
        return play_jetlag(args)
    if args.hotseat:
        said = _("--hotseat is for --game jetlag; in Jet Set, --bots human seats people")
        print(f"jetset play: {said}", file=sys.stderr)
        return 2
    try:
        plan = plan_from_spec(
            args.players,
            args.bots,
            args.seed,
            extra_cards=args.extra_cards,
            modules=args.modules,
            investors_face_up=args.investors_face_up,
        )
    except ValueError as exc:
        from jetset_tui.refusals import problem_said

        print(f"jetset play: {problem_said(exc)}", file=sys.stderr)
        return 2
    if args.save:
        plan.path = Path(args.save).expanduser()
        refusal = in_play_elsewhere(plan.path)
        if refusal:
            print(f"jetset play: {refusal}", file=sys.stderr)
            return 1
    problem = plan.check()
    if problem:
        print(f"jetset play: {problem}", file=sys.stderr)
        return 2
    return run_app(plan=plan, delay=args.delay)


def play_jetlag(args: argparse.Namespace) -> int:
    """``jetset play --game jetlag``: you against a bot (``--bots KIND``, default the search
    bot), or two people at one keyboard (``--hotseat``)."""
    from jetset_tui.jetlag_plan import HUMAN, plan_for
    from jetset_tui.seating import your_name

    problem = jetset_only_flags(args)
    bots = list(args.bots or [])
    if problem is None and len(bots) > 1:
        problem = _("Jet Lag has one opponent: --bots names one kind")
    hotseat = args.hotseat or bots == [HUMAN]
    if problem is None and args.hotseat and bots and bots != [HUMAN]:
        problem = _("--hotseat seats two people; --bots {kind} would seat a bot").format(
            kind=bots[0]
        )
    path = Path(args.save).expanduser() if args.save else None
    if problem is None:
        bot = None if hotseat or not bots else bots[0]
        plan = plan_for(bot, your_name(), hotseat=hotseat, seed=args.seed, path=path)
        problem = plan.check()
    if problem is not None:
        print(f"jetset play: {problem}", file=sys.stderr)
        return 2
    refusal = in_play_elsewhere(path) if path is not None else None
    if refusal:
        print(f"jetset play: {refusal}", file=sys.stderr)
        return 1
    return run_app(plan=plan, delay=args.delay)


def jetset_only_flags(args: argparse.Namespace) -> str | None:
    """A sentence naming the flags given that only Jet Set has, or None."""
    given = [
        flag
        for flag, value in (
            ("--players", args.players),
            ("--extra-cards", args.extra_cards or None),
            ("--modules", args.modules or None),
            ("--investors-face-up", args.investors_face_up or None),
        )
        if value is not None
    ]
    if not given:
        return None
    return _("Jet Lag has no {flags}: it is played by two, with no modules").format(
        flags=", ".join(given)
    )


def new_game_flags(args: argparse.Namespace) -> str | None:
    """The new game's flags given with --resume (which has no use for them), or None."""
    given = [
        flag
        for flag, value in (
            ("--players", args.players),
            ("--bots", None if loads_own_bots(args.bots) else args.bots),
            ("--seed", args.seed),
            ("--save", args.save),
            ("--extra-cards", args.extra_cards or None),
            ("--modules", args.modules or None),
            ("--investors-face-up", args.investors_face_up or None),
            ("--hotseat", args.hotseat or None),
        )
        if value is not None
    ]
    return ", ".join(given) if given else None


def loads_own_bots(bots: list[str] | None) -> bool:
    """``--bots`` names only bots of your own: with ``--resume`` it loads them for the seats
    the saved game gave them (as ``jetset host --resume`` does), and sets up nothing."""
    from jetset_tui.bot_plugins import is_plugin

    return bool(bots) and all(is_plugin(kind) for kind in bots or ())


def in_play_elsewhere(path: Path) -> str | None:
    """A sentence if another process is playing the game in ``path`` (it writes that log)."""
    from netcode.loglock import lock_holder

    holder = lock_holder(path)
    if holder is None:
        return None
    return _(
        "{file} is being played by {holder}; it cannot be played here "
        "(watch it with `jetset replay {path}`)"
    ).format(file=path.name, holder=holder, path=shlex.quote(str(path)))


def not_a_save(path: Path) -> str | None:
    """Why ``--resume FILE`` cannot be a saved game at all (missing, a folder), said before the
    app opens; None to let the app open it (and say what else is wrong with it)."""
    from jetset_tui.saves import problem_of

    if path.is_dir():
        return _("{file}: {problem}").format(file=path, problem=problem_of(IsADirectoryError()))
    if not path.exists():
        return _("{file}: {problem}").format(file=path, problem=problem_of(FileNotFoundError()))
    return None


def run_app(
    *,
    plan: GamePlan | JetLagPlan | None = None,
    resume: Path | None = None,
    delay: float | None = None,
    tutorial: bool = False,
    expansion: bool = False,
    command: str = "jetset play",
) -> int:
    """Open the app (on the start screen, or straight into a game) and run it, ``command``
    saying why not where there is no terminal. The game's modules are imported only for a
    game: the start screen shows sooner without them."""
    refusal = no_terminal()
    if refusal is not None:
        print(f"{command}: {refusal}", file=sys.stderr)
        return 2
    startup.hold()
    from jetset_tui.app import JetSetApp

    app = JetSetApp(
        plan=plan,
        resume=resume,
        bot_delay=delay,
        tutorial=tutorial,
        expansion=expansion,
        own_terminal=True,
    )
    try:
        app.run()
    finally:
        startup.release()
    for path in app.unfinished_saves():
        with contextlib.suppress(OSError):  # the terminal is gone (closed): none to tell
            print(saved_words(path), flush=True)
    return app.return_code or 0  # 1 after a crash (Textual printed what happened)


def saved_words(path: Path) -> str:
    """What the shell shows after the app closes on an unfinished game: where it is, and the
    command that continues it."""
    said = _("your game is saved in {path}; continue it with").format(path=path)
    return f"jetset: {said}\n  jetset play --resume {shlex.quote(str(path))}"

"""``jetset selfplay``: whole games between bots, headless, printed as notation or JSON; of Jet Set
or, with ``--game``, of any game on the platform (``selfplay_other``)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from engine import Game, seed_commitment
from engine.jetset.bots import bot_label, require_bot
from engine.jetset.notation import Notation
from engine.jetset.selfplay import play_game, seat_kinds
from jetset_tui.commands import arguments
from jetset_tui.i18n import _
from jetset_tui.modules import add_modules_argument, game_options


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from engine.games import DEFAULT, WHERE

    sp = sub.add_parser("selfplay", help=_("play whole games between bots, headless"))
    sp.add_argument(
        "--game", choices=tuple(WHERE), default=DEFAULT, help=_("which game (default jetset)")
    )
    sp.add_argument("--players", type=arguments.players, help=_("2 to 6 (default 4)"))
    sp.add_argument(
        "--games", type=arguments.whole_number(1), default=1, help=_("how many games (default 1)")
    )
    # -n and --out: short names for --games and --save, unlisted (an error names the one given)
    sp.add_argument("-n", dest="games", type=arguments.whole_number(1), help=argparse.SUPPRESS)
    sp.add_argument("--seed", default="1", help=_("the seed of the first game (default 1)"))
    sp.add_argument(
        "--bot",
        metavar="KINDS",
        type=arguments.kinds,
        default=["greedy"],
        help=_(
            "bot kinds round the table, repeated to fill it: greedy,random gives "
            "greedy,random,greedy,random at 4 (default greedy)"
        ),
    )
    sp.add_argument(
        "--rotate",
        action="store_true",
        help=_("move the seating one seat round the table each game (fair win rates by bot)"),
    )
    sp.add_argument(
        "--save",
        metavar="DIR",
        help=_(
            "write each game's log file into DIR (game-0000.jetset, game-0001.jetset …, "
            "numbered on past the files already there)"
        ),
    )
    sp.add_argument("--out", dest="save", help=argparse.SUPPRESS)
    sp.add_argument("--json", action="store_true", help=_("one JSON object per game"))
    sp.add_argument(
        "--extra-cards", action="store_true", help=_("the expansion's extra Flight cards")
    )
    add_modules_argument(sp)
    sp.set_defaults(func=cmd_selfplay)


def game_seed(seed: str, index: int) -> str:
    """Game ``index`` of a run started with ``seed``: the first game uses the seed itself."""
    return seed if index == 0 else f"{seed}/{index}"


def cmd_selfplay(args: argparse.Namespace) -> int:
    from netcode.logfile import Header, Seat
    from netcode.seatkind import SeatKind

    if args.game != "jetset":
        return selfplay_other(args)
    kinds = list(args.bot)
    players = 4 if args.players is None else args.players
    try:
        options = game_options(players, args.extra_cards, args.modules, args.investors_face_up)
        options.check_supported()
        arguments.bot_seats(kinds, options.players, "--bot")
        for kind in kinds:
            require_bot(kind)
    except ValueError as exc:
        from jetset_tui.refusals import problem_said

        print(_("jetset selfplay: {problem}").format(problem=problem_said(exc)), file=sys.stderr)
        return 2
    problem = make_save_folder(args.save)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    names = free_log_names(Path(args.save)) if args.save else None
    for g in range(args.games):
        seed = game_seed(str(args.seed), g)
        seating = seat_kinds(kinds, options.players, g if args.rotate else 0)
        try:
            game = play_game(options, seed, seating)
        except ValueError as exc:  # a bot of your own chose an illegal action
            print(_("jetset selfplay: {problem}").format(problem=exc), file=sys.stderr)
            return 1
        if names:
            seats = [Seat(f"{bot_label(k)}-{i}", SeatKind.of_bot(k)) for i, k in enumerate(seating)]
            header = Header(options, seats, seed_commitment(seed))
            problem = save_log(next(names), header, game, seed)
            if problem is not None:
                print(problem, file=sys.stderr)
                return 1
        if args.json:
            summary = {**game_summary(game, seed), "kinds": list(seating)}
            print(json.dumps(summary, separators=(",", ":")))
        elif args.games == 1:
            print_game(game, seed)
        else:
            s = game_summary(game, seed)
            print(
                f"game {g}: seed {seed}  {winners_text(game.winners(), seating)}  "
                f"scores {s['scores']}  turns {s['turns']}"
            )
    return 0


def make_save_folder(folder: str | None) -> str | None:
    """Make ``--save``'s folder if it is not there; what stopped it, in words, else None."""
    from jetset_tui.saves import write_problem_of

    try:
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        problem = write_problem_of(exc)
        return _("jetset selfplay: {folder}: {problem}").format(folder=folder, problem=problem)
    return None


def free_log_names(folder: Path) -> Iterator[Path]:
    """``game-0000.jetset``, ``game-0001.jetset`` … in ``folder``, passing over the names
    already taken: a second run into the same folder adds its games to the first run's
    instead of writing over them (``jetset stats`` then counts both)."""
    number = 0
    while True:
        path = folder / f"game-{number:04d}.jetset"
        if not path.exists():
            yield path
        number += 1


def save_log(path: Path, header: Any, game: Any, seed: str) -> str | None:
    """Write one game's log; what stopped it, in words (a full disk), else None. A log the
    disk could not hold whole is removed: no half a game is left for ``jetset stats``."""
    from jetset_tui.saves import write_problem_of
    from netcode.logfile import write_game

    try:
        write_game(path, header, game, seed)
    except OSError as exc:
        path.unlink(missing_ok=True)
        problem = write_problem_of(exc)
        return _("jetset selfplay: {folder}: {problem}").format(folder=path, problem=problem)
    return None


def winners_text(winners: list[int], kinds: Sequence[str] = ()) -> str:
    """``winner seat 2 (greedy)``, or for a tie ``winners seats 2 and 3 (a tie)`` (as the
    JSON's ``winners``; the seat's bot named where ``kinds`` are given: with ``--rotate`` a
    seat is not the same bot from game to game)."""
    if len(winners) == 1:
        seat = winners[0]
        kind = f" ({bot_label(kinds[seat])})" if seat < len(kinds) else ""
        return f"winner seat {seat}{kind}"
    return f"winners seats {', '.join(map(str, winners[:-1]))} and {winners[-1]} (a tie)"


def game_summary(game: Game, seed: str) -> dict[str, object]:
    """One Jet Set game as ``--json`` prints it: every game's keys (``table_summary``: a
    tinkerer's script met Jet Lag's ``game`` and ``draw`` only), then Jet Set's own."""
    scores = game.scores()
    draw = game.result().draw
    return {
        "seed": seed,
        "game": "jetset",
        "players": game.options.players,
        "winner": None if draw else game.winners()[0],
        "winners": game.winners(),
        "draw": draw,
        "scores": [s.total for s in scores],
        "cash": [s.cash for s in scores],
        "turns": game.state.turn,
        "entries": len(game.entries),
        "end": game.state.end_reason,
        "digest": game.digest(),
    }


def print_game(game: Game, seed: str) -> None:
    notation = Notation(game.board)
    print(f"# Jet Set self-play, {game.options.players} players, seed {seed}")
    for entry, turn in zip(game.entries, game.turns, strict=True):
        prefix = f"{turn:>4}." if turn else "     "
        print(f"{prefix} {notation.format_entry(entry)}")
    print(f"# ended: {game.state.end_reason}")
    winners = game.winners()
    for score in game.scores():
        star = "  (winner)" if score.seat in winners else ""
        print(f"# seat {score.seat}: {score.total} points, €{score.cash}{star}")


def selfplay_other(args: argparse.Namespace) -> int:
    """``selfplay --game NAME`` for a game other than Jet Set, through its ``GameRules``."""
    from engine.botgame import BotError, play_bots
    from engine.games import TITLES, game_rules
    from engine.jetset.selfplay import seat_kinds
    from netcode.logfile import Header, Seat
    from netcode.seatkind import SeatKind

    rules = game_rules(args.game)
    seats = rules.seats[0]
    kinds = list(args.bot)
    problem = other_game_problem(args, TITLES[rules.name], seats, rules.bots())
    if problem is not None:
        print(_("jetset selfplay: {problem}").format(problem=problem), file=sys.stderr)
        return 2
    problem = make_save_folder(args.save)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    names = free_log_names(Path(args.save)) if args.save else None
    for g in range(args.games):
        seed = game_seed(str(args.seed), g)
        seating = seat_kinds(kinds, seats, g if args.rotate else 0)
        try:
            table = play_bots(rules, {}, seed, seating)
        except BotError as exc:
            print(_("jetset selfplay: {problem}").format(problem=exc), file=sys.stderr)
            return 1
        if names:
            players = [Seat(f"{k}-{i}", SeatKind.of_bot(k)) for i, k in enumerate(seating)]
            header = Header({"seats": seats}, players, seed_commitment(seed), game=rules.name)
            problem = save_log(next(names), header, table, seed)
            if problem is not None:
                print(problem, file=sys.stderr)
                return 1
        summary = {**table_summary(table, seed, rules.name), "kinds": list(seating)}
        if args.json:
            print(json.dumps(summary, separators=(",", ":")))
        elif args.games == 1:
            print_table(table, seed, rules)
        else:
            result = table.result()
            ended = "a draw" if result.draw else winners_text(list(result.winners), seating)
            print(f"game {g}: seed {seed}  {ended}  scores {summary['scores']}")
    return 0


def other_game_problem(
    args: argparse.Namespace, game: str, seats: int, bots: Sequence[str]
) -> str | None:
    """What a command line asks that the game ``game`` does not have, or None."""
    if args.players is not None and args.players != seats:
        return _("--players {n}: {game} is for {seats} players").format(
            n=args.players, game=game, seats=seats
        )
    if args.extra_cards or args.modules or args.investors_face_up:
        return _("{game} has no extra cards and no modules").format(game=game)
    try:
        arguments.bot_seats(list(args.bot), seats, "--bot")
    except ValueError as exc:
        return str(exc)
    unknown = [kind for kind in args.bot if kind not in bots]
    if unknown:
        return _("unknown bot {kind}; the bots of {game}: {bots}").format(
            kind=repr(unknown[0]), game=game, bots=", ".join(bots)
        )
    return None


def table_summary(table: Any, seed: str, game: str) -> dict[str, object]:
    """One game as ``--json`` prints it: as Jet Set's, with ``game`` and ``draw``; a draw has
    no ``winner``."""
    result = table.result()
    return {
        "seed": seed,
        "game": game,
        "players": len(result.points),
        "winner": None if result.draw else result.winners[0],
        "winners": list(result.winners),
        "draw": result.draw,
        "scores": list(result.points),
        "entries": len(table.entries),
        "digest": table.digest(),
    }


def print_table(table: Any, seed: str, rules: Any) -> None:
    """One game's entries in its notation (decisions numbered), then its result."""
    from engine.games import TITLES

    print(f"# {TITLES[rules.name]} self-play, seed {seed}")
    moves = 0
    for entry in table.entries:
        actor, line = rules.entry_line(entry)
        if actor == -1:
            print(f"      * {line}")
        else:
            moves += 1
            print(f"{moves:>4}. {actor} {line}")
    result = table.result()
    for seat, points in enumerate(result.points):
        star = "  (winner)" if seat in result.winners and not result.draw else ""
        print(f"# seat {seat}: {points} points{star}")
    if result.draw:
        print("# a draw")

"""``jetset selfplay``: whole games between bots, headless, printed as notation or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine import Game, seed_commitment
from engine.bots import bot_label, require_bot
from engine.notation import Notation
from engine.selfplay import play_game, seat_kinds
from jetset_tui.commands import arguments
from jetset_tui.i18n import _
from jetset_tui.modules import add_modules_argument, game_options


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sp = sub.add_parser("selfplay", help=_("play whole games between bots, headless"))
    sp.add_argument("--players", type=arguments.players, default=4, help=_("2 to 6 (default 4)"))
    sp.add_argument(
        "--games", type=arguments.whole_number(1), default=1, help=_("how many games (default 1)")
    )
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
    sp.add_argument("--save", metavar="DIR", help=_("write each game's log file into DIR"))
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
    from netcode.logfile import Header, Seat, write_game
    from netcode.seatkind import SeatKind

    kinds = list(args.bot)
    try:
        options = game_options(args.players, args.extra_cards, args.modules, args.investors_face_up)
        options.check_supported()
        arguments.bot_seats(kinds, options.players, "--bot")
        for kind in kinds:
            require_bot(kind)
    except ValueError as exc:
        print(_("jetset selfplay: {problem}").format(problem=exc), file=sys.stderr)
        return 2
    save = Path(args.save) if args.save else None
    if save:
        save.mkdir(parents=True, exist_ok=True)
    for g in range(args.games):
        seed = game_seed(str(args.seed), g)
        seating = seat_kinds(kinds, options.players, g if args.rotate else 0)
        try:
            game = play_game(options, seed, seating)
        except ValueError as exc:  # a bot of your own chose an illegal action
            print(_("jetset selfplay: {problem}").format(problem=exc), file=sys.stderr)
            return 1
        if save:
            seats = [Seat(f"{bot_label(k)}-{i}", SeatKind.of_bot(k)) for i, k in enumerate(seating)]
            header = Header(options, seats, seed_commitment(seed))
            write_game(save / f"game-{g:04d}.jetset", header, game, seed)
        if args.json:
            print(json.dumps(game_summary(game, seed), separators=(",", ":")))
        elif args.games == 1:
            print_game(game, seed)
        else:
            s = game_summary(game, seed)
            print(
                f"game {g}: seed {seed}  {winners_text(game.winners())}  "
                f"scores {s['scores']}  turns {s['turns']}"
            )
    return 0


def winners_text(winners: list[int]) -> str:
    """``winner seat 2``, or for a tie ``winners seats 2 and 3`` (as the JSON's ``winners``)."""
    if len(winners) == 1:
        return f"winner seat {winners[0]}"
    return f"winners seats {', '.join(map(str, winners[:-1]))} and {winners[-1]} (a tie)"


def game_summary(game: Game, seed: str) -> dict[str, object]:
    scores = game.scores()
    return {
        "seed": seed,
        "players": game.options.players,
        "winner": game.winners()[0],
        "winners": game.winners(),
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

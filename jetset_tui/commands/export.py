"""``jetset export FILE --format text|json [--chat] [--reveal]``: a log as PGN-style text or
JSON for analysis; the table's chat only with ``--chat``; a game not over only with
``--reveal``, since its export shows every player's hidden cards."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from jetset_tui.i18n import _

if TYPE_CHECKING:
    from netcode.logfile import GameLog, Note
    from netcode.replay import TableReplay


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ep = sub.add_parser("export", help=_("write a log as text (PGN-style) or JSON"))
    ep.add_argument("file", help=_("a .jetset log file"))
    ep.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help=_(
            "text: PGN-style, which jetset import reads back (default); "
            "json: data (docs/export.schema.json)"
        ),
    )
    ep.add_argument("--output", "-o", help=_("write here instead of standard output"))
    ep.add_argument("--chat", action="store_true", help=_("include what was said at the table"))
    ep.add_argument(
        "--force", action="store_true", help=_("write over --output even if it is a saved game")
    )
    ep.add_argument(
        "--reveal",
        action="store_true",
        help=_("export a game that is not over, with every player's hidden cards"),
    )
    ep.set_defaults(func=cmd_export)


def holds_a_saved_game(path: Path) -> bool:
    """Whether ``path`` is a log (its header's mark near its start): an export never writes
    over one unasked (``export g.jetset -o g.jetset`` lost the game)."""
    from netcode.logheader import MARK_WITHIN, starts_like_a_log

    try:
        with path.open("rb") as file:
            return starts_like_a_log(file.read(MARK_WITHIN))
    except OSError:
        return False


def cmd_export(args: argparse.Namespace) -> int:
    from jetset_tui.saves import problem_of, write_problem_of
    from netcode.logfile import LogFormatError, read_log
    from netcode.replay import replay, unverified_end
    from netcode.textlog import export_text

    try:
        log = read_log(args.file)
    except (OSError, LogFormatError) as exc:
        said = _("jetset export: {file}: {problem}").format(file=args.file, problem=problem_of(exc))
        print(said, file=sys.stderr)
        return 1
    if log.cut_short:  # said, as replay says it: the text holds what comes before the damage
        from jetset_tui.commands.replay import cut_short_words

        said = _("warning: {problem}").format(problem=cut_short_words(log.cut_short))
        print(said, file=sys.stderr)
    result = replay(log, verify_seed=False)  # either format: only a game that plays
    if not result.ok:
        said = _("jetset export: {file}: {problem}")
        print(said.format(file=args.file, problem=result.error), file=sys.stderr)
        return 1
    if (unrevealed := unverified_end(log, result)) is not None:  # its deal proved by nothing
        print(_("warning: {problem}").format(problem=_(unrevealed)), file=sys.stderr)
    if not result.table.over and not args.reveal:  # a hot-seat player read the others' cards
        said = _(
            "jetset export: {file}: this game is not over, and its export shows every player's"
            " hidden cards; --reveal exports it anyway (jetset replay shows it as a spectator)"
        )
        print(said.format(file=args.file), file=sys.stderr)
        return 1
    if args.format == "json":
        text = json_text(log, result, chat=args.chat)
    else:
        text = export_text(log, result.table, chat=args.chat)
    if not args.output:
        sys.stdout.write(text)
        return 0
    if holds_a_saved_game(Path(args.output)) and not args.force:
        said = _("jetset export: {file} is a saved game (--force writes over it)")
        print(said.format(file=args.output), file=sys.stderr)
        return 1
    try:
        Path(args.output).write_text(text, "utf-8")
    except OSError as exc:
        said = _("jetset export: {file}: {problem}")
        print(said.format(file=args.output, problem=write_problem_of(exc)), file=sys.stderr)
        return 1
    return 0


def json_text(log: GameLog, replayed: TableReplay, *, chat: bool) -> str:
    """The log as JSON (docs/export.schema.json), with the game's ``result`` as ``replay --json``
    gives it (``replayed``: the log played through), ``taken`` when someone took a seat given
    away; with ``chat``, its chat notes as ``notes``."""
    from netcode.seatnames import seats_taken

    data = log.to_json()
    data["result"] = replayed.game_fields()
    taken = seats_taken(log.notes, len(log.header.seats))
    if taken:  # who played on in a seat given away: the header names its first player
        data["taken"] = [change._asdict() for change in taken]
    if chat:
        data["notes"] = [said for note in log.notes if (said := chat_json(note)) is not None]
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def chat_json(note: Note) -> dict[str, object] | None:
    """A chat note as ``{at, kind, seat, name, text}``; None for another kind or a bad shape."""
    seat, name, text = (note.fields.get(key) for key in ("seat", "name", "text"))
    if note.kind != "chat" or not isinstance(name, str) or not isinstance(text, str):
        return None
    if seat is not None and type(seat) is not int:
        return None
    return {"at": note.at, "kind": "chat", "seat": seat, "name": name, "text": text}

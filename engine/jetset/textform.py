"""Jet Set's own tags and numbering in a game's text form (engine/platform.py's
``WritesText``; netcode/textlog.py writes and reads the rest, docs/log-format.md "Text export"):
[Options] says the expansion's parts in play, [End] how the game ended, and the entries are
numbered by turn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.jetset.actions import CHANCE
from engine.jetset.game import Game
from engine.jetset.notation import Notation
from engine.jetset.options import Options

OPTION_TAGS: Final = (
    "extra_cards", "distant_lands", "hubs", "business_cards", "investors", "investors_face_up",
)  # fmt: skip
"""The options [Options] names (its words), in this order; ``base`` for none."""


def option_tags(options: Options) -> list[tuple[str, str]]:
    chosen = [k for k in OPTION_TAGS if getattr(options, k)]
    return [("Options", " ".join(chosen) or "base")]


def options_from_tags(tags: Mapping[str, str], players: int) -> Options:
    """[Options]: ``base``, or its option words; ValueError for any other word (it was dropped,
    and a game with a module misspelled failed at the module's first entry)."""
    words = tags.get("Options", "base").split()
    unknown = [w for w in words if w not in OPTION_TAGS and w != "base"]
    if unknown:
        raise ValueError(
            f"{unknown[0]!r} is not an option; the options are base, " + ", ".join(OPTION_TAGS)
        )
    return Options(players=players, **{k: k in words for k in OPTION_TAGS})


def result_tags(game: Game) -> list[tuple[str, str]]:
    """[Result] (each seat's points), [Winners] and [End] (the reason the game ended)."""
    return [
        ("Result", "-".join(str(s.total) for s in game.scores())),
        ("Winners", " ".join(str(w) for w in game.winners())),
        ("End", game.state.end_reason or ""),
    ]


def entry_lines(game: Game) -> list[str]:
    """Each entry with the number of its turn, on its first decision of the turn and after."""
    notation = Notation(game.board)
    lines = []
    for entry, turn in zip(game.entries, game.turns, strict=True):
        number = f"{turn:>4}." if entry.actor != CHANCE and turn else "     "
        lines.append(f"{number} {notation.format_entry(entry)}")
    return lines

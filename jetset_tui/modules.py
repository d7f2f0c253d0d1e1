"""The expansion's modules on the command line: ``--modules distant,hubs,business,investors``
(or ``all``) on every command that makes a game (docs in README, "Playing")."""

from __future__ import annotations

import argparse

from engine import Options
from engine.jetset.options import MODULE_WORDS, modules_from_words
from jetset_tui.i18n import N_, _

MODULES_HELP = N_("the expansion's modules, comma-separated: {words}, or all")


def modules_arg(text: str) -> tuple[str, ...]:
    """argparse's type for ``--modules``: a sentence, not a traceback, for a wrong word."""
    try:
        return modules_from_words(text)
    except ValueError as exc:
        from jetset_tui.refusals import problem_said

        raise argparse.ArgumentTypeError(problem_said(exc)) from None


FACE_UP_HELP = N_("the Investors variant with its two cards face up (with --modules investors)")


def add_modules_argument(parser: argparse.ArgumentParser) -> None:
    """``--modules`` and ``--investors-face-up``, on every command that makes a game."""
    modules_help = _(MODULES_HELP).format(words=",".join(MODULE_WORDS))
    parser.add_argument(
        "--modules", metavar="LIST", type=modules_arg, default=(), help=modules_help
    )
    parser.add_argument("--investors-face-up", action="store_true", help=_(FACE_UP_HELP))


def playable(module: str) -> str | None:
    """None if ``module`` can be played, else the sentence that refuses it."""
    try:
        Options(**{module: True}).check_supported()
    except ValueError as exc:
        return str(exc)
    return None


def game_options(
    players: int, extra_cards: bool, modules: tuple[str, ...], investors_face_up: bool = False
) -> Options:
    """The options of a new game; ``check_supported`` is the caller's (it says what is refused,
    face-up Investors without the Investors module among them)."""
    return Options(
        players=players,
        extra_cards=extra_cards,
        distant_lands="distant_lands" in modules,
        hubs="hubs" in modules,
        business_cards="business_cards" in modules,
        investors="investors" in modules,
        investors_face_up=investors_face_up,
    )

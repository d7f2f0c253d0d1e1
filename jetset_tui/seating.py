"""Who plays: seat kinds, default names, and building a local game from a few choices."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from engine import Options
from engine.jetset.bots import bot_kinds as known_kinds
from engine.jetset.bots import check_bot
from jetset_tui.i18n import _
from jetset_tui.modules import game_options
from jetset_tui.seat_names import BOT_NAMES as BOT_NAMES
from jetset_tui.seat_names import your_name as your_name
from netcode.client import SeatInfo
from netcode.seatkind import SeatKind

if TYPE_CHECKING:
    from jetset_tui.form_games import FormChoices

BOT_PREFERENCE = ("greedy", "mcts", "random")


def default_bot() -> str:
    """The strongest bot there is among those the project knows to be sensible defaults."""
    kinds = known_kinds()  # the bots load when the game starts, not here
    for kind in BOT_PREFERENCE:
        if kind in kinds:
            return kind
    return kinds[0]


def bot_kinds() -> list[str]:
    return known_kinds()


@dataclass
class GamePlan:
    """A local game to start: seats (``SeatKind`` as text), names, colours, seed, and
    whether the expansion's extra Flight cards are shuffled in."""

    kinds: list[str]
    names: list[str]
    colours: list[str] = field(default_factory=list)
    seed: str | None = None
    path: Path | None = None
    extra_cards: bool = False
    modules: tuple[str, ...] = ()
    """The expansion's modules in play (names of ``engine.jetset.options.MODULES``)."""
    investors_face_up: bool = False
    """The Investors module's face-up variant."""

    @property
    def seats(self) -> list[SeatInfo]:
        return [SeatInfo(n, SeatKind.parse(k)) for n, k in zip(self.names, self.kinds, strict=True)]

    @property
    def options(self) -> Options:
        return game_options(len(self.kinds), self.extra_cards, self.modules, self.investors_face_up)

    def check(self) -> str | None:
        """A sentence saying what is wrong with the plan, or None."""
        try:
            self.options.check_supported()
        except ValueError as exc:
            from jetset_tui.refusals import problem_said

            return problem_said(exc)
        if any(not n.strip() for n in self.names):
            return _("every player needs a name")
        if len({n.strip().lower() for n in self.names}) < len(self.names):
            return _("two players have the same name")
        if self.colours and len(set(self.colours)) < len(self.colours):
            return _("two players have the same colour")
        for text in self.kinds:
            try:
                kind = SeatKind.parse(text)
                if kind.bot is not None:
                    check_bot(kind.bot)
            except ValueError as exc:
                return str(exc)
        return None


def quick_plan(bots: int = 3) -> GamePlan:
    """You against ``bots`` bots of the default kind."""
    kind = str(SeatKind.of_bot(default_bot()))
    return GamePlan(["human"] + [kind] * bots, [your_name(), *BOT_NAMES[:bots]])


def plan_from_spec(
    players: int | None,
    bots: Sequence[str] | None,
    seed: str | None,
    *,
    extra_cards: bool = False,
    modules: tuple[str, ...] = (),
    investors_face_up: bool = False,
) -> GamePlan:
    """``jetset play``: seat 0 is you. ``bots`` names one kind per seat (a bot kind, or
    ``human`` for hot-seat) for the last seats of the table; the seats between you and them are
    people at this keyboard too. Without ``bots`` every other seat is the best bot. ``players``
    defaults to you and the seats named (4 without ``bots``). ValueError if more seats are named
    than the table has."""
    if players is None:
        players = 4 if bots is None else 1 + len(bots)
    named = list(bots) if bots is not None else [default_bot()] * (players - 1)
    if len(named) > players - 1:
        raise ValueError(
            f"--bots names {len(named)} seats, but a table of {players} has {players - 1} "
            "besides yours (one kind per seat)"
        )
    kinds = ["human"]
    names = [your_name()]
    bot_names = iter(BOT_NAMES)
    guests = 1
    for word in ["human"] * (players - 1 - len(named)) + named:
        if word == "human":
            guests += 1
            kinds.append("human")
            names.append(_("Player {n}").format(n=guests))
        else:
            kinds.append(str(SeatKind.of_bot(word)))
            names.append(next(bot_names))
    return GamePlan(
        kinds,
        names,
        seed=seed,
        extra_cards=extra_cards,
        modules=modules,
        investors_face_up=investors_face_up,
    )


def plan_of_form(choices: FormChoices) -> GamePlan:
    """The plan of the new-game form's seats and Jet Set's options (the schema's values:
    ``extra_cards``, ``modules``, ``investors_face_up``; jetset_tui/form_games.py)."""
    options = choices.options
    modules = options.get("modules", ())
    return GamePlan(
        choices.kinds,
        choices.names,
        choices.colours,
        choices.seed,
        extra_cards=options.get("extra_cards") is True,
        modules=tuple(map(str, modules)) if isinstance(modules, tuple) else (),
        investors_face_up=options.get("investors_face_up") is True,
    )

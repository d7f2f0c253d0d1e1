"""A new game of Jet Lag at this keyboard, as the new-game form and ``jetset play --game jetlag``
choose it: each seat's kind and name, a seed, where to save it. The game itself is played
through netcode's ``LocalSession`` like every game (``session`` below)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from engine.jetlag.bots import BOTS
from jetset_tui.i18n import _
from netcode.client import SeatInfo
from netcode.seatkind import HUMAN as PERSON
from netcode.seatkind import SeatKind

if TYPE_CHECKING:
    from jetset_tui.form_games import FormChoices

HUMAN: Final = "human"
DEFAULT_BOT: Final = "search"
"""The strongest of Jet Lag's bots (engine/jetlag/bots.py)."""
BOT_NAMES: Final = ("Amelia", "Wilbur")
GAME: Final = "jetlag"


@dataclass(frozen=True)
class JetLagPlan:
    """A new game of Jet Lag: each seat's kind (``human`` or a bot's) and name, a seed, and
    the log file to save it in (None: a new file in the saves folder)."""

    kinds: tuple[str, str]
    names: tuple[str, str]
    seed: str | None = None
    path: Path | None = None

    def check(self) -> str | None:
        """A sentence saying what is wrong with the plan, or None."""
        for kind in self.kinds:
            if kind != HUMAN and kind not in BOTS:
                return _("there is no Jet Lag bot called {kind}; bots: {bots}").format(
                    kind=kind, bots=", ".join(BOTS)
                )
        if not all(name.strip() for name in self.names):
            return _("every player needs a name")
        if self.names[0].strip().casefold() == self.names[1].strip().casefold():
            return _("the two players need different names")
        return None

    @property
    def seats(self) -> list[SeatInfo]:
        """The seats as netcode seats them."""
        return [
            SeatInfo(name.strip(), PERSON if kind == HUMAN else SeatKind.of_bot(kind))
            for name, kind in zip(self.names, self.kinds, strict=True)
        ]

    @property
    def options(self) -> dict[str, object]:
        """Jet Lag's options: it has none (two seats)."""
        return {}


def plan_for(
    bot: str | None,
    you: str,
    *,
    hotseat: bool = False,
    seed: str | None = None,
    path: Path | None = None,
) -> JetLagPlan:
    """You against ``bot`` (default: the strongest), or two people at one keyboard."""
    if hotseat:
        return JetLagPlan((HUMAN, HUMAN), (you, _("Player {n}").format(n=2)), seed, path)
    return JetLagPlan((HUMAN, bot or DEFAULT_BOT), (you, BOT_NAMES[0]), seed, path)


def default_bot() -> str:
    """The bot the new-game form gives a seat (jetset_tui/form_games.py)."""
    return DEFAULT_BOT


def plan_of_form(choices: FormChoices) -> JetLagPlan:
    """The plan of the new-game form's two seats (Jet Lag has no options to carry)."""
    kinds = [HUMAN if k == HUMAN else k.removeprefix("bot:") for k in choices.kinds[:2]]
    names = [name.strip() for name in choices.names[:2]]
    return JetLagPlan((kinds[0], kinds[1]), (names[0], names[1]), choices.seed)

"""Game options: the player count and which parts of the expansion are in play."""

from __future__ import annotations

from dataclasses import asdict
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any, Final

from engine.errors import Reason
from engine.platform import FLAG, ONE_OF, SEVERAL_OF, Choice, OptionSpec, option_text

MYPYC = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Compiled by mypyc, which sees ``dataclass_value`` as ``dataclasses.dataclass``
(engine/values.py)."""
if MYPYC:
    from dataclasses import dataclass as dataclass_value
else:
    from engine.values import dataclass_value

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6

MODULES: Final = ("distant_lands", "hubs", "business_cards", "investors")
"""The expansion's four optional modules (001_0ac1a519298b1465.txt), each switched on alone."""
PLAYABLE: Final = MODULES
"""The modules this engine plays; ``check_supported`` refuses the others."""
MODULE_WORDS: Final = {
    "distant": "distant_lands",
    "hubs": "hubs",
    "business": "business_cards",
    "investors": "investors",
}
"""The short name of each module, as ``--modules`` takes it."""
MODULE_TITLES: Final = {
    "distant_lands": "Distant Lands",
    "hubs": "Hubs",
    "business_cards": "Business cards",
    "investors": "Investors",
}
"""Each module's name as the rulebook writes it."""


SCHEMA: Final = (
    OptionSpec(
        "extra_cards",
        ONE_OF,
        option_text("Cards"),
        (
            Choice(False, option_text("the base game's Flight cards")),
            Choice(
                True,
                option_text("with the expansion's extra: 50 Short, 40 Long, 18 Final"),
                option_text("extra cards"),
            ),
        ),
        default=False,
    ),
    OptionSpec(
        "modules",
        SEVERAL_OF,
        option_text("Modules"),
        (
            Choice("distant_lands", option_text("Distant Lands")),
            Choice("hubs", option_text("Hubs")),
            Choice("business_cards", option_text("Business cards")),
            Choice("investors", option_text("Investors")),
        ),
        default=(),
    ),
    OptionSpec(
        "investors_face_up",
        FLAG,
        option_text("Investors"),
        text=option_text('face up ("for a more strategic game", with Investors)'),
        tip=option_text(
            "The Investors variant for a more strategic game: the two Investor cards lie face "
            "up, and the player who turns up a Vacation card chooses which one it replaces"
        ),
        short=option_text("Investors face up"),
        needs="modules:investors",
    ),
)
"""The options a creator of a Jet Set game chooses (``GameRules.options_schema``): the extra
cards, the expansion's modules and the Investors' face-up variant; the player count is the
platform's."""


def modules_from_words(text: str) -> tuple[str, ...]:
    """The modules a ``--modules`` value names: short names (``distant,hubs,business,investors``)
    or the option names, comma-separated, or ``all``; in the order of ``MODULES``. A word that is
    no module raises ValueError with a sentence listing the names."""
    words = [w.strip().lower() for w in text.split(",") if w.strip()]
    chosen: set[str] = set()
    for word in words:
        if word == "all":
            chosen.update(MODULES)
            continue
        module = MODULE_WORDS.get(word, word.replace("-", "_"))
        if module not in MODULES:
            names = ", ".join(MODULE_WORDS)
            raise ValueError(
                Reason(
                    "{word} is not a module; the modules are {names}, or all",
                    word=repr(word),
                    names=names,
                )
            )
        chosen.add(module)
    return tuple(m for m in MODULES if m in chosen)


@dataclass_value(unsafe_hash=True)
class Options:
    players: int = 4
    extra_cards: bool = False
    distant_lands: bool = False
    hubs: bool = False
    business_cards: bool = False
    investors: bool = False
    investors_face_up: bool = False
    """The Investors variant "for a more strategic game": the two Investor cards lie face up."""

    def check_supported(self) -> None:
        """Refuse what this engine cannot play yet, with a sentence saying so."""
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(
                Reason(
                    "Jet Set is for {least} to {most} players", least=MIN_PLAYERS, most=MAX_PLAYERS
                )
            )
        for module in MODULES:
            if getattr(self, module) and module not in PLAYABLE:
                title = MODULE_TITLES[module]
                raise ValueError(Reason("the {module} module is not playable yet", module=title))
        if self.investors_face_up and not self.investors:
            raise ValueError(Reason("face-up Investors need the investors module"))

    @property
    def modules(self) -> tuple[str, ...]:
        """The modules switched on, in the order of ``MODULES``."""
        return tuple(m for m in MODULES if getattr(self, m))

    def modules_text(self) -> str:
        """The modules in the rulebook's words (``Hubs, Investors``, ``Investors face up``), or
        an empty string."""
        words = [MODULE_TITLES[m] for m in self.modules]
        if self.investors_face_up and self.investors:
            words[-1] += " face up"  # Investors is the last module
        return ", ".join(words)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Options:
        known = {k: raw[k] for k in cls.__dataclass_fields__ if k in raw}
        return cls(**known)

"""How players are told apart: a colour and a letter each, so colour is never the only signal."""

from __future__ import annotations

from rich.text import Text

from engine.values import value


@value(unsafe_hash=True)
class Livery:
    """A player's colour: its name, the letter marking it on the map, and a Rich colour."""

    name: str
    letter: str
    colour: str

    @property
    def style(self) -> str:
        return f"bold {self.colour}"

    @property
    def badge(self) -> str:
        """The letter on the colour, as a Rich style for a one-cell badge."""
        return f"bold black on {self.colour}"


LIVERIES: tuple[Livery, ...] = (
    Livery("red", "R", "#f0605a"),
    Livery("blue", "B", "#5fa8ff"),
    Livery("green", "G", "#5fd068"),
    Livery("yellow", "Y", "#f2c94c"),
    Livery("purple", "P", "#c38dff"),
    Livery("teal", "T", "#3fd5d5"),
)
LIVERY_BY_NAME = {lv.name: lv for lv in LIVERIES}

UNOWNED = "#6e7681"
"""Lines and prices of links nobody owns."""
CITY = "bold #e6edf3"
HIGHLIGHT = "bold black on #f2c94c"
DIM = "#8b949e"
GOOD = "#5fd068"
BAD = "#ff7b72"
WARN = "#f2c94c"


def livery_for(colours: tuple[str, ...] | list[str], seat: int) -> Livery:
    """The livery chosen for ``seat`` (by colour name), falling back to the seat's default."""
    if seat < len(colours) and colours[seat] in LIVERY_BY_NAME:
        return LIVERY_BY_NAME[colours[seat]]
    return LIVERIES[seat % len(LIVERIES)]


def seat_badge(livery: Livery, name: str | None = None) -> Text:
    """The owner letter on its colour, then the name: colour is never the only signal."""
    text = Text()
    text.append(f" {livery.letter} ", style=livery.badge)
    if name is not None:
        text.append(f" {name}", style=livery.style)
    return text

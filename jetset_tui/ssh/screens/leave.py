"""Leaving a game for the lobby over SSH: q asks first, as `jetset join` does
(jetset_tui/screens/leave.py ``StopScreen``), and says how the seat comes back: j in the lobby
(an open server's: with the seat's code, shown here again); or o gives the seat to whoever joins
the game next, as at a LAN table. ``stop_dialog`` is the question's frame, which a browser's
(jetset_tui/web/session.py) fills with its own words."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from jetset_tui.i18n import _
from jetset_tui.screens.leave import BACK, GIVE, StopScreen
from netcode.seatcode import spaced


class LobbyStopScreen(StopScreen):
    """Leave the game for the lobby (or stop watching it)? True: yes; ``gives`` after o: the
    seat goes to whoever joins the game next (a player going home leaves their airline to a
    friend who just arrived, who takes it with j in the lobby)."""

    def __init__(self, code: str | None, *, watching: bool) -> None:
        super().__init__("", watching=watching, giving=True)
        self.code = code

    def compose(self) -> ComposeResult:
        stays = Static(Text(seat_stays(self.code, giving=self.giving)), id="seat-stays")
        yield from stop_dialog(self.watching, [stays], giving=self.giving)


def stop_dialog(watching: bool, seated: Iterable[Widget], *, giving: bool = False) -> ComposeResult:
    """The question whether to leave the game (or stop watching it), with ``seated`` (what a
    player in a seat is told) under it, and the choices (``StopScreen``'s; ``giving``: o too)."""
    leave = _("Stop watching") if watching else _("Leave the game")
    question = _("Stop watching?") if watching else _("Leave the game?")
    with Vertical(id="leave"):
        yield Static(Text(question, style="bold"))
        if not watching:
            yield from seated
        options = [
            Option("g  " + _("Back to the game"), id=BACK),
            Option(f"y  {leave}", id="leave"),
        ]
        if giving and not watching:
            give = _("Leave, and give my seat to the next person who joins")
            options.append(Option(f"o  {give}", id=GIVE))
        yield OptionList(*options, id="leave-choices")


def seat_stays(code: str | None, *, giving: bool = False) -> str:
    """What leaving keeps: the seat, which j in the lobby takes back; with its code, if any
    (``giving``: said to be y's, beside o's)."""
    if giving:
        said = _(
            "The game goes on without you; with y, your seat stays yours: j in the lobby takes"
            " it back."
        )
    else:
        said = _(
            "The game goes on without you; your seat stays yours: j in the lobby takes it back."
        )
    if code is None:
        return said
    return said + "\n" + _("Your seat code: {code}").format(code=spaced(code))

"""The command palette's own commands (Ctrl+P): the rules, at a game its actions, the plan, the
hosting player's gifts of a gone player's seat and clock for a slow one, and leaving; "Play now"
on the start screen."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from textual.app import SystemCommand
from textual.screen import Screen

from jetset_tui.i18n import _

if TYPE_CHECKING:
    from jetset_tui.app import JetSetApp
    from jetset_tui.screens.game import GameScreen


def palette_commands(app: JetSetApp, screen: Screen[object]) -> Iterable[SystemCommand]:
    """What the palette offers over ``screen`` beyond Textual's own."""
    from jetset_tui.actions import ACTION_KINDS
    from jetset_tui.screens.game import GameScreen
    from jetset_tui.screens.start import StartScreen

    rules = _("Rules and keys")
    if help_game(screen) == "jetlag":
        yield SystemCommand(rules, _("The rules and the keys"), app.action_help)
    else:
        yield SystemCommand(rules, _("The rules, the keys, the map"), app.action_help)
    if isinstance(screen, GameScreen):
        options = screen.session.game.options
        for kind in ACTION_KINDS:
            if kind.in_game(options):
                yield SystemCommand(_(kind.title), kind.help, _act(screen, kind.name))
        yield SystemCommand(
            _("Help me plan"), _("Planes still needed per card"), screen.action_plan
        )
        yield from seats_to_give(screen)
        yield from seat_to_hurry(screen)
        if screen.asks_to_leave():
            yield SystemCommand(
                _("Leave the table"), _("Say what leaving means"), screen.action_leave_table
            )
        else:
            yield SystemCommand(_("Back to the menu"), _("The game is saved"), screen.action_leave)
    elif isinstance(screen, StartScreen):  # not over a game, a form, a lobby or a replay
        yield SystemCommand(_("Play now"), _("You against three bots"), app.quick_game)


def help_game(screen: object) -> str:
    """The game whose rules F1 shows over ``screen`` ("": Jet Set's, the app's first)."""
    return str(getattr(screen, "HELP_GAME", ""))


def _act(screen: object, kind: str) -> Callable[[], None]:
    def run() -> None:
        from jetset_tui.screens.game import GameScreen

        if isinstance(screen, GameScreen):
            screen.action_act(kind)

    return run


def seats_to_give(screen: GameScreen) -> Iterable[SystemCommand]:
    """The hosting player's way to hand on the seat of a player who is gone (a LAN party's
    laptop died with Cat's seat; Eve had come to play): one command per seat whose player is
    away, the seat then goes to whoever joins next (``Hosting.give_seat``)."""
    session = screen.session
    hosting, presence = session.hosting, session.presence
    if hosting is None or presence is None or session.game.over:
        return
    for seat, name in enumerate(screen.names):
        info = presence.seat(seat)
        if info.connected or info.away is None or info.open or seat in session.local_seats:
            continue

        def give(seat: int = seat, name: str = name) -> None:
            if hosting.give_seat(seat):
                said = _("{name}'s seat goes to the next person who joins.").format(name=name)
                screen.notify(said, markup=False)

        title = _("Give {name}'s seat to the next person who joins").format(name=name)
        yield SystemCommand(title, _("{name} is not at the table").format(name=name), give)


def seat_to_hurry(screen: GameScreen) -> Iterable[SystemCommand]:
    """The hosting player's way on with a player who stays and never moves (a LAN table without
    a turn clock waited for ever): for the player whose move it is, "Give NAME 60 more seconds,
    then a bot moves for them", each move until they move themselves (``Hosting.hurry``)."""
    from jetset_tui.hurry import hurry_help, hurry_title

    session = screen.session
    hosting, seat = session.hosting, session.game.to_move()
    if hosting is None or seat is None or seat < 0 or seat >= len(screen.names):
        return
    if seat in session.local_seats or not hosting.can_hurry(seat):
        return
    name = screen.names[seat]

    def hurry() -> None:
        hosting.hurry(seat)  # every screen says it, this one too (jetset_tui/hurry.py)

    yield SystemCommand(hurry_title(name, hosting.hurry_time), hurry_help(name), hurry)

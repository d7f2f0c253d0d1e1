"""Drive the Jet Lag table through the keyboard as a person would: the guided keys for a play,
and waiting for the bot or the hand-off."""

from __future__ import annotations

from textual.pilot import Pilot

from engine.jetlag.actions import Action, Tourist
from jetset_tui.app import JetSetApp
from jetset_tui.jetlag_plan import JetLagPlan
from jetset_tui.screens.jetlag import JetLagScreen
from netcode.local import LocalSession


def jetlag_app(plan: JetLagPlan) -> JetSetApp:
    return JetSetApp(plan=plan, bot_delay=0, fsync=False)


def guided_keys(hand: list[str], action: Action) -> list[str]:
    """The card's number, then ``t`` and the destination's number, or ``d`` and the end."""
    keys = [str(hand.index(action.card) + 1)]
    if isinstance(action, Tourist):
        return [*keys, "t", str(action.at + 1), "enter"]
    return [*keys, "d", "r" if action.right else "l", "enter"]


async def settle(pilot: Pilot[None]) -> None:
    """Until the bot has played and the screen has heard of it."""
    app = pilot.app
    for screen in app.screen_stack:
        if isinstance(screen, JetLagScreen) and isinstance(screen.session, LocalSession):
            await screen.session.wait_idle()
    await pilot.pause()
    await pilot.pause()


def table_screen(app: JetSetApp) -> JetLagScreen:
    for screen in app.screen_stack:
        if isinstance(screen, JetLagScreen):
            return screen
    raise AssertionError(f"no Jet Lag table among {app.screen_stack}")

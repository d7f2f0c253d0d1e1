"""The advice on the game screen: ``h`` shows what our strongest bot would play in your place
and why (jetset_tui/advice.py); its line goes onto the command line to play or change, and the
advice goes when the move it advised was made for you."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from jetset_tui.i18n import _
from jetset_tui.screens.game_moves import GameMoves
from jetset_tui.widgets.command import CommandLine

if TYPE_CHECKING:
    from jetset_tui.advice import Advice

logger = logging.getLogger("jetset.tui")


class GameAdvice(GameMoves):
    """A game screen's advice (its ``h``)."""

    def close_advice(self) -> None:
        """The advice (h) over this screen goes: the move it advised was made for you (a fix's
        check saw "the search bot would play buy BER-HAM 1" stay up after the clock played it)."""
        from jetset_tui.screens.plan import PlanScreen

        stack = self.app.screen_stack
        if isinstance(self.app.screen, PlanScreen) and len(stack) > 1 and stack[-2] is self:
            self.app.screen.dismiss(None)

    def advice(self) -> Advice | None:
        """On your turn, what our strongest bot would play in your place and why, from your
        view only (jetset_tui/advice.py)."""
        from jetset_tui.advice import advise

        if not self.my_turn() or self.viewer is None:
            return None
        game = self.session.game
        at = len(game.entries)
        view = self.session.view(self.viewer)
        try:
            return advise(view, self.viewer, game.rules, self.notation, self.names, at)
        except Exception:  # a bot's bug costs the advice, never the game
            logger.exception("the advisor failed")
            return None

    def take_advice(self, advice: Advice | None) -> None:
        """The advised line onto the command line, to play with Enter or change (only in the
        position it was worked out for: over the network a stand-in may have moved meanwhile)."""
        if advice is None or not self.my_turn() or advice.at != len(self.session.game.entries):
            return
        self.close_picker()
        command = self.query_one(CommandLine)
        command.input.value = advice.line
        command.input.cursor_position = len(advice.line)
        command.input.focus()
        command.show_hint(_("the advised move: Enter plays it, Esc drops it"))

"""The Jet Lag table's command line: ``:`` opens it for a play in notation (``t P3 2``,
``d H5 L``; docs/notation.md), Tab completes it from the plays open to the viewer, Enter plays
it (or ``undo`` takes the newest play back), Esc closes it. ``JetLagScreen``
(jetset_tui/screens/jetlag.py) is the table with it."""

from __future__ import annotations

from functools import partial
from typing import Final

from textual import on
from textual.widgets import Input

from engine.errors import NotationError
from engine.jetlag import rules
from engine.jetlag.actions import Action
from engine.jetlag.cards import card_ids
from engine.jetlag.notation import format_action, parse_action
from jetset_tui.i18n import _
from jetset_tui.refusals import say
from jetset_tui.screens.jetlag_play import JetLagPlay
from jetset_tui.widgets.command import UNDO_WORD, CommandInput, NotationSuggester, parses
from jetset_tui.workers import start_worker

NOTATION_WORDS: Final = ("t", "d", "L", "R", *card_ids())


class JetLagCommandLine(JetLagPlay):
    """A Jet Lag table's command line, for plays typed in notation."""

    def command_line(self) -> CommandInput:
        """The command line, closed until ``:`` opens it."""
        return CommandInput(
            placeholder=_(": a play, e.g. t P3 2 or d H5 L (Tab completes, Esc leaves)"),
            suggester=NotationSuggester(
                self.lines, lambda: list(NOTATION_WORDS), partial(parses, parse_action)
            ),
            id="jl-command",
            compact=True,
            disabled=True,
        )

    def lines(self) -> list[str]:
        """The notation of every play open to the viewer now (for completing a typed line)."""
        if not self.my_turn():
            return []
        return [format_action(a) for a in rules.legal_actions(self.view())]

    def action_command(self) -> None:
        """``:``: open the command line and type there."""
        command = self.query_one(CommandInput)
        command.disabled = False
        command.add_class("-open")
        command.focus()

    @on(CommandInput.Left)
    def close_command(self) -> None:
        """Close the command line (Esc, or a typed play played), emptied; the keys play again."""
        command = self.query_one(CommandInput)
        command.remove_class("-open")
        command.value = ""
        command.disabled = True
        self.set_focus(None)

    def clear_typed_line(self) -> None:
        """A play half-typed for the decision a bot just made for this player goes (Enter would
        have sent it to the next one), the line closed."""
        if self.query_one(CommandInput).value:
            self.close_command()

    @on(Input.Submitted, "#jl-command")
    def typed(self, event: Input.Submitted) -> None:
        """Enter on the command line: play the line typed, or take the newest play back."""
        event.stop()
        line = event.value.strip()
        if not line:
            return
        if line == UNDO_WORD:
            self.close_command()
            self.action_undo()
            return
        if not self.my_turn():
            self.refuse(_("It is not your turn."))
            return
        try:
            action = parse_action(line)
        except NotationError as exc:
            self.refuse(say(exc, self.session.rules, self.names))
            return
        start_worker(self, partial(self.play_typed, action), group="moves")

    async def play_typed(self, action: Action) -> None:
        """A typed play, meanwhile (as ``play``); the command line closes once it is played."""
        if await self.play(action):
            self.close_command()

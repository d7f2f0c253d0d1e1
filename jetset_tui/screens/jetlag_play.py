"""A Jet Lag play on its way: ``JetLagPlay`` checks the viewer's play against their own view,
sends it to the session (in a worker: the host may hold it a while, and the screen draws what it
hears meanwhile), says it played with the table's redraw when its entry comes, or says why it was
refused; and takes the viewer's newest play back (``undo``). What it says is the line under the
table: the viewer's last play and the other player's since (``news``), or a refusal, which the
next Enter only clears. ``JetLagScreen`` (jetset_tui/screens/jetlag.py) chooses the play, with
its keys or its command line (jetset_tui/screens/jetlag_command.py)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import NamedTuple

from rich.text import Text

from engine.errors import IllegalAction, NotationError
from engine.jetlag import rules
from engine.jetlag.actions import Action, Destination, Entry, Tourist
from engine.jetlag.notation import format_action
from jetset_tui.i18n import _
from jetset_tui.jetlag_guided import GuidedPlay
from jetset_tui.refusals import say
from jetset_tui.screens.jetlag_table import JetLagTable
from jetset_tui.theme import BAD, GOOD
from jetset_tui.undo import take_back, undo_seat
from jetset_tui.widgets.jetlag_words import play_words
from jetset_tui.workers import start_worker


class Played(NamedTuple):
    """Who played what: a player's name and their play."""

    name: str
    action: Tourist | Destination
    to: str | None = None
    """A tourist's destination, by its card: a destination played later on the left moves it
    one place right, and the news says its number as the table shows it now."""

    def now(self, line: list[str]) -> Tourist | Destination:
        """The play as it reads with the table's ``line`` now."""
        action = self.action
        if isinstance(action, Tourist) and self.to in line:
            return Tourist(action.card, line.index(self.to))
        return action


def played(name: str, action: Tourist | Destination, line: list[str]) -> Played:
    """``name``'s ``action``, just played on ``line`` (as the table holds it after the play)."""
    at = action.at if isinstance(action, Tourist) else -1
    return Played(name, action, line[at] if 0 <= at < len(line) else None)


class JetLagPlay(JetLagTable):
    """A Jet Lag table's plays: sent, said played or refused, taken back (``JetLagScreen``
    chooses them and draws the table)."""

    names: list[str]
    guided: GuidedPlay
    _mine: Played | None
    _news: list[Played]
    _turn_plays: list[Played]
    _moving: bool
    _sent: Action | None
    """The names, the guided play, what was played and what is on its way
    (``JetLagScreen.__init__`` says each)."""

    def check(self, action: Action) -> None:
        """IllegalAction if the viewer may not play ``action`` now; nothing changes."""
        if self.viewer is None:
            raise IllegalAction(rules.PLAY_RULE, "it is not your turn")
        rules.check(self.view(), Entry(self.viewer, action))

    async def play(self, action: Action) -> bool:
        """Play ``action`` for the viewer; a refusal is said and nothing changes. Run in a
        worker: the host may hold the play a while (a full disk pauses the game until it has
        room), and the screen goes on drawing what it hears meanwhile."""
        who = self.viewer
        if who is None:
            return False
        if self._moving:
            self.refuse(_("your last move is not played yet: wait for it"))
            return False
        self._mine, self._news = None, []
        self._moving = True
        try:
            self.check(action)
            self._sent = action
            await self.session.submit(who, action)
        except (IllegalAction, NotationError) as exc:
            self._sent = None
            self.refuse(say(exc, self.session.rules, self.names))
            return False
        except (ConnectionError, EOFError):  # a network game whose host went away
            self._sent = None
            self.refuse(_("the game's host is unreachable; try again"))
            return False
        finally:
            self._moving = False
        if self._sent is not None:  # no entry has said it
            self.own_play_played()
            self.sync()
        return True

    def own_play_played(self) -> None:
        """The play sent is in the game: the guide starts again and the line above says it."""
        action, self._sent = self._sent, None
        who = self.viewer
        if action is None or who is None:
            return
        self.guided.restart()
        self._refused = False
        if isinstance(action, Tourist | Destination):
            self._mine = played(self.names[who], action, self.session.game.state.line)
            self._turn_plays.append(self._mine)
        self.message = self.news()

    def news(self) -> Text:
        """The viewer's last play and the other's since, in the order they were played: in
        words where they fit on a line, else in fewer words (80 columns), else in notation
        (``t H5 1``: long names), so that the line never pushes the hand down."""
        room = max(self.size.width - 2, 20)  # the screen's padding
        for words in (play_words, partial(play_words, short=True)):
            text = self.news_said(words)
            if text.cell_len <= room:
                return text
        return self.news_said(format_action)

    def news_said(self, said: Callable[[Tourist | Destination], str]) -> Text:
        text = Text()
        line = self.session.game.state.line
        if self._mine is not None:
            name, play = self._mine.name, said(self._mine.now(line))
            text.append(_("✓ {name} played {play}").format(name=name, play=play), GOOD)
        for news in self._news:
            text.append("  ·  " if text else "")
            play = said(news.now(line))
            text.append(_("{name} played {play}").format(name=news.name, play=play), "bold")
        return text

    def action_undo(self) -> None:
        """z or Ctrl+Z (or typing ``undo``): take back your newest play of this turn, in a game
        at this keyboard, while nothing hidden came out since (jetset_tui/undo.py)."""
        start_worker(self, self.undo, group="moves")

    async def undo(self) -> None:
        """``action_undo``'s work, meanwhile (a network game's host answers it)."""
        seat = undo_seat(self.session, self.viewer)
        done, said = await take_back(self.session, seat, self.names)
        if not done:
            self.refuse(said)
            return
        self._mine, self._news = None, []
        self._turn_plays = self._turn_plays[:-1]  # the play taken back
        self.guided.restart()
        self._refused = False
        self.message = Text(f"↶ {said}", style=f"bold {GOOD}")
        self.sync()

    def refuse(self, said: str) -> None:
        """Say why a play was refused, under the table; the next Enter only clears it."""
        self.message = Text(f"✗ {said}", style=f"bold {BAD}")
        self._refused = True
        self.draw()

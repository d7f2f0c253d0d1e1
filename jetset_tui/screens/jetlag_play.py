"""A Jet Lag play on its way: ``JetLagPlay`` checks the viewer's play against their own view,
sends it to the session (in a worker: the host may hold it a while, and the screen draws what it
hears meanwhile), says it played with the table's redraw when its entry comes, or says why it was
refused; and takes the viewer's newest play back (``undo``). What it says is the line under the
table: the viewer's last play and the other player's since (``news``), or a refusal, which the
next Enter only clears. ``JetLagScreen`` (jetset_tui/screens/jetlag.py) chooses the play, with
its keys or its command line (jetset_tui/screens/jetlag_command.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Final, NamedTuple

from rich.text import Text

from engine.errors import IllegalAction, NotationError
from engine.jetlag import rules
from engine.jetlag.actions import Action, Destination, Entry, Tourist
from jetset_tui.i18n import _
from jetset_tui.jetlag_guided import GuidedPlay
from jetset_tui.refusals import say
from jetset_tui.screens.jetlag_table import JetLagTable
from jetset_tui.theme import BAD, GOOD
from jetset_tui.undo import take_back, undo_seat
from jetset_tui.widgets.jetlag_words import play_words
from jetset_tui.workers import start_worker
from netcode.client import EntryApplied
from netcode.seatnames import names_then

NEWS_KEPT: Final = 3
"""The other player's plays said at once under the table (at most 3 in a row)."""
NEWS_GAP: Final = "  ·  "
"""Between two plays on the line of news."""


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


def news_text(
    plays: list[tuple[Played, bool]], said: Callable[[Tourist | Destination], str], line: list[str]
) -> Text:
    """``plays`` on a line, each ``said`` with the table's ``line`` now, the viewer's with a ✓."""
    text = Text()
    for news, mine in plays:
        text.append(NEWS_GAP if text else "")
        play = said(news.now(line))
        if mine:
            text.append(_("✓ {name} played {play}").format(name=news.name, play=play), GOOD)
        else:
            text.append(_("{name} played {play}").format(name=news.name, play=play), "bold")
    return text


def played(name: str, action: Tourist | Destination, line: list[str]) -> Played:
    """``name``'s ``action``, just played on ``line`` (as the table holds it after the play)."""
    at = action.at if isinstance(action, Tourist) else -1
    return Played(name, action, line[at] if 0 <= at < len(line) else None)


def past_plays(entries: Sequence[object], line: list[str]) -> list[tuple[int, int, Played]]:
    """The cards played in ``entries`` (the game's past, whose table's line is ``line`` now):
    each entry's index, seat, and its play, a tourist's destination named by its card."""
    plays: list[tuple[int, int, Played]] = []
    for i, entry in enumerate(entries):
        if isinstance(entry, Entry) and isinstance(entry.action, Tourist | Destination):
            plays.append((i, entry.seat, Played("", entry.action)))
    lefts = 0  # destinations played on the left since, each moving the line one place right
    for n in range(len(plays) - 1, -1, -1):
        i, seat, play = plays[n]
        action = play.action
        if isinstance(action, Destination) and not action.right:
            lefts += 1
        elif isinstance(action, Tourist) and 0 <= action.at + lefts < len(line):
            plays[n] = (i, seat, play._replace(to=line[action.at + lefts]))
    return plays


class JetLagPlay(JetLagTable):
    """A Jet Lag table's plays: sent, said played or refused, taken back (``JetLagScreen``
    chooses them and draws the table)."""

    names: list[str]
    guided: GuidedPlay
    _mine: Played | None
    _news: list[Played]
    _turn_plays: list[Played]
    _said_news: Text | None
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
        self.say_news()

    def news_heard(self, event: EntryApplied, entry: Entry) -> None:
        """A play the session reports, for the line of news: the other player's joins it; one of
        the viewer's own from the game's past (caught up on when rejoining) starts it again, as
        it read when they played it (what a bot played for them is said apart, not here)."""
        action, seat = entry.action, entry.seat
        if not isinstance(action, Tourist | Destination) or seat not in range(len(self.names)):
            return  # the dealer's (CHANCE), or not a card played
        name = names_then(self.names, self.session.renamed(), event.index)[seat]  # as it was
        said = played(name, action, self.session.game.state.line)
        if seat != self.viewer:
            self._news = [*self._news, said][-NEWS_KEPT:]
        elif event.live:  # the viewer's own (``own_play_played``), or a bot's for them
            return
        else:
            self._mine, self._news = (None if event.bot else said), []
        self.say_news()

    def news_from_log(self) -> None:
        """The news as the game's past tells it, for a table opened on a game under way (a
        player rejoining, a saved game resumed): the viewer's last play and the other's since,
        as the line read before (a bot's play for the viewer is said as none of theirs)."""
        game = self.session.game
        bots, renamed = self.session.past_bot_moves(), self.session.renamed()
        mine: Played | None = None
        news: list[Played] = []
        for i, seat, play in past_plays(game.entries, game.state.line):
            if seat not in range(len(self.names)):
                continue
            play = play._replace(name=names_then(self.names, renamed, i)[seat])
            if seat != self.viewer:
                news = [*news, play][-NEWS_KEPT:]
            else:
                mine, news = (None if i in bots else play), []
        self._mine, self._news = mine, news
        if mine is not None or news:
            self.say_news()

    def say_news(self) -> None:
        """The line under the table says the news (nothing when there is none)."""
        there = self._mine is not None or bool(self._news)
        self.message = self._said_news = self.news() if there else None
        self._refused = False

    def refit_news(self) -> None:
        """The news said anew for the screen's new width, if it is what the line says."""
        if self.message is not None and self.message is self._said_news:
            self.message = self._said_news = self.news()

    def news(self) -> Text:
        """The viewer's last play and the other's since, in the order they were played, on one
        line, so that it never pushes the hand down: in words where they fit, else in fewer
        words, else the newest plays only, the older left out unsaid (never in notation: "t H5
        1" read as gibberish in a play test; nor after a "…", which says a line was cut)."""
        room = max(self.size.width - 2, 20)  # the screen's padding
        line = self.session.game.state.line
        plays = self.news_plays()
        short = partial(play_words, short=True)
        for said in (play_words, short):
            text = news_text(plays, said, line)
            if text.cell_len <= room:
                return text
        for newest in range(len(plays) - 1, 1, -1):
            text = news_text(plays[-newest:], short, line)
            if text.cell_len <= room:
                return text
        text = news_text(plays[-1:], short, line)
        text.truncate(room, overflow="ellipsis")  # names too long for the line
        return text

    def news_plays(self) -> list[tuple[Played, bool]]:
        """The plays the news says, oldest first, each with whether it is the viewer's."""
        mine = [] if self._mine is None else [(self._mine, True)]
        return mine + [(news, False) for news in self._news]

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

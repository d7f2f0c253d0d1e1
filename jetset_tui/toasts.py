"""Notices that leave nothing behind when they go (textual 8.2).

Textual stacks its notices ("toasts") from the bottom of the screen up. Once there are more than
the screen can hold (a flurry of chat lines, or the "A bot played for you" notices of a quick turn
clock), the ones that expire are no longer painted over: their text, and whatever the screen
showed beside them before it changed, stays on the terminal until something else repaints those
cells. So each expiry repaints the whole screen, once it has taken the notice away. This borrows
``App._unnotify``, Textual's private hook for a notice going
(``tests/tui/test_toasts_terminal.py`` fails if it stops being called).

A run of notices of one kind (the moves a bot made for a player whose clock ran out, one after
another) is said as one notice that counts them: ``NoticeRun`` takes its last notice away as it
posts the next, through the same hook.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from textual.app import App, ScreenStackError
from textual.notifications import Notification, Notify
from textual.screen import Screen
from textual.widgets import Static

from jetset_tui.i18n import _, ngettext

ReturnType = TypeVar("ReturnType")


class ToastsRepainted(App[ReturnType]):
    """An app whose expired notices are painted over, however many there were."""

    def _unnotify(self, notification: Notification, refresh: bool = True) -> None:
        super()._unnotify(notification, refresh)
        self.call_after_refresh(self._repaint_screen)

    def _repaint_screen(self) -> None:
        try:
            screen = self.screen
        except ScreenStackError:  # the app is closing
            return
        screen.refresh()


class NoticeRun:
    """Notices of one kind said as one: while the last is still shown, the next replaces it and
    the count goes on; once it has gone, the count starts again at one. Those said before the
    app has shown the last (the moves caught up on at a reconnection arrive at once) are posted
    as one: a notice taken away before its own ``Notify`` had arrived came back after it."""

    def __init__(self) -> None:
        self.count = 0
        self._shown: Notification | None = None
        self._words: Callable[[int], str] | None = None
        """What the next post says, while one waits in the app's queue."""
        self._said_count = 0

    def say(self, app: App[object], words: Callable[[int], str], times: int = 1) -> None:
        """Post ``words(count)`` (plain text, never markup) in place of the run's last notice,
        the count ``times`` more."""
        if self._words is None:
            last = self._shown
            if last is None or last.has_expired:
                self.count = 0
            app.call_later(self._post, app)
        self.count += times
        self._words, self._said_count = words, self.count

    def _post(self, app: App[object]) -> None:
        words, self._words = self._words, None
        if words is None:
            return
        last = self._shown
        if last is not None and not last.has_expired:
            app._unnotify(last)  # its Notify came through the queue before this call
        timeout = app.NOTIFICATION_TIMEOUT
        self._shown = Notification(words(self._said_count), timeout=timeout, markup=False)
        app.post_message(Notify(self._shown))

    def end(self) -> None:
        """The run is over (the player moved): the next notice starts a new count."""
        self._shown, self.count = None, 0


class AwayMoves:
    """The moves a bot made for a player while they were away, among the entries caught up on
    since their own last move (and since they dropped, as the host says: ``seated.away_from``),
    said in one notice once the catch-up is done (a play test's new `jetset join` was told
    nothing; said as they came, an earlier absence's run showed too)."""

    def __init__(self) -> None:
        self.moves: list[tuple[str, bool]] = []

    def played_by_a_bot(self, move: str, *, minor: bool = False) -> None:
        """A move a bot made for the player; ``minor`` (the end of a turn) is neither counted
        nor named, unless there is nothing else (a LAN play test was told "4 moves, the last:
        ends the turn" of a claim, a rent and two ends of turn)."""
        self.moves.append((move, minor))

    def played_by_the_player(self) -> None:
        """One of the player's own moves, caught up on: the bot's moves before it are no news."""
        self.moves.clear()

    def say_once_caught_up(self, app: App[object], run: NoticeRun, caught_up: bool) -> None:
        if self.moves and caught_up:
            moves, self.moves = self.moves, []
            said = [move for move, minor in moves if not minor] or [move for move, _ in moves]
            run.say(app, bot_played_words(said[-1], away=True), times=len(said))


def bot_played_words(move: str, *, away: bool = False) -> Callable[[int], str]:
    """A run of moves a bot made for a player whose turn clock ran out (``away``: while they
    were away, said once they are back): the last, and how many."""

    def words(count: int) -> str:
        if count == 1:
            if away:
                return _("While you were away a bot played for you: {move}").format(move=move)
            return _("A bot played for you: {move}").format(move=move)
        if away:
            said = ngettext(
                "While you were away a bot played {n} move for you, the last: {move}",
                "While you were away a bot played {n} moves for you, the last: {move}",
                count,
            )
        else:
            said = ngettext(
                "A bot played {n} move for you, the last: {move}",
                "A bot played {n} moves for you, the last: {move}",
                count,
            )
        return said.format(n=count, move=move)

    return words


def keep_toasts_above(screen: Screen[object], rows: int) -> None:
    """Notices stack from the bottom of ``screen`` up, past its last ``rows`` (at 80x24 a chat
    notice covered what the command line said of the move just typed). Textual gives every
    screen a rack of notices of its own, ``#textual-toastrack``."""
    for rack in screen.query("#textual-toastrack"):
        if rack.styles.margin.bottom != rows:
            rack.styles.margin = (0, 0, rows, 0)


class ToastFloor(Static):
    """A line near the bottom of a screen that notices never cover: they stack above it and
    whatever is under it (Jet Lag's hint, which says what a play did or why it was refused)."""

    def on_resize(self) -> None:
        if self.is_attached:  # not while its screen goes
            keep_toasts_above(self.screen, max(0, self.screen.size.height - self.region.y))

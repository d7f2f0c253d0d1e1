"""The game screen's log pane kept up with the game: each entry as the log says it, with the
money it moved and, beside a move a bot of the host's made for a person, who it was made for."""

from __future__ import annotations

from collections.abc import Sequence

from engine.jetset.game import Game
from jetset_tui.describe import money_note, with_money
from jetset_tui.i18n import N_, _
from jetset_tui.ledger import MoneyLedger
from jetset_tui.theme import Livery
from jetset_tui.widgets.log import NotationLog
from netcode.seatnames import Renamed, names_then

BOT_PLAYED_IT = N_("a bot played it for you")
"""Beside a move in the log pane that the host's bot made for this seat."""
BOT_PLAYED = N_("a bot played it")
"""Beside a move a bot made in a seat given to this player, before they sat in it."""
BOT_PLAYED_FOR = N_("a bot played it for {name}")
"""Beside a move a stand-in bot made for another player, away from the table."""


class LogFollower:
    """What the log pane has written so far, and the notes still to write beside entries."""

    def __init__(self) -> None:
        self.logged = 0
        """Entries written to the pane."""
        self.ledger: MoneyLedger | None = None
        """Who paid and received what with each entry logged."""
        self.renamed: tuple[Renamed, ...] = ()
        """The seats taken over that the lines written so far name their moves by (a newcomer
        learns them with the seats: the pane is written again when they change)."""
        self.bot_seats: dict[int, int] = {}
        """The seat each entry a bot made for a person was made for (the words are said anew
        once the seats' history is known: ``GameEvents.catch_up_log``)."""
        self.bot_played: dict[int, str] = {}
        """Entries a bot of the host's made for a player, and the words the log pane says
        beside each: for this screen's seat (its clock ran out, or a deal went unanswered; a
        play test read them as the player's own moves once the notice had gone), or for another
        player who dropped or left while a stand-in plays their seat."""

    def mark_bot_move(self, index: int, name: str | None) -> None:
        """Entry ``index`` was made by a bot for ``name`` (None: for you; "": for someone whose
        name this screen does not know, the player of a seat given to you before you sat)."""
        if name is None:
            self.bot_played[index] = _(BOT_PLAYED_IT)
        elif not name:
            self.bot_played[index] = _(BOT_PLAYED)
        else:
            self.bot_played[index] = _(BOT_PLAYED_FOR).format(name=name)

    def catch_up(
        self,
        log: NotationLog,
        game: Game,
        names: list[str],
        liveries: Sequence[Livery],
        renamed: tuple[Renamed, ...] = (),
    ) -> None:
        """Write the entries of ``game`` the pane does not show yet, each seat named as it was
        when the entry was made (``renamed``: a seat given away and taken since; a change to
        it writes the pane again)."""
        if renamed != self.renamed:
            self.renamed = renamed
            self.start_over(log)
        if self.ledger is None:
            self.ledger = MoneyLedger(game)
        lines = []
        while self.logged < len(game.entries):
            i = self.logged
            entry = game.entries[i]
            then = names_then(names, renamed, i) if renamed else names
            line = log.line(entry, game.turns[i], then, liveries)
            moved, vacation = self.ledger.follow(entry)
            note = money_note(moved, entry, then)
            parts = (vacation, note, self.bot_played.get(i, ""))
            note = " · ".join(part for part in parts if part)
            lines.append(with_money(line, note))
            self.logged += 1
        if lines:
            log.write(lines)

    def start_over(self, log: NotationLog) -> None:
        """A move was taken back: the pane is emptied, to be written again from the first."""
        log.clear()
        self.logged = 0
        self.ledger = None

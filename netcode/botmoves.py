"""Which moves of a game a bot made for a person, read from its log's notes: a stand-in's, from
the ``standin`` note naming its bot to the one that ends it, and the one move of each ``clock``
note (docs/log-format.md, notes). A screen that opens a game again marks them as it did while
they were made (a resumed host's log pane had lost "a bot played it for Bob")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from netcode.logfile import Note


class BotMoves:
    """Which seats a bot plays now, as the notes so far say, and the entries it made."""

    def __init__(self) -> None:
        self.marks: dict[int, int] = {}
        self.standing: dict[int, str] = {}
        """Seats a stand-in plays now, and its bot kind."""
        self.clocked: set[int] = set()
        """Seats whose next move the turn clock's bot makes."""

    def noted(self, note: Note) -> None:
        seat = note.fields.get("seat")
        if type(seat) is not int:
            return
        bot = note.fields.get("bot")
        if note.kind == "standin" and bot:
            self.standing[seat] = str(bot)
        elif note.kind == "standin":
            self.standing.pop(seat, None)
        elif note.kind == "clock":
            self.clocked.add(seat)

    def moved(self, index: int, actor: int) -> None:
        """Entry ``index``, ``actor``'s, was made: marked if a bot made it for them."""
        if actor in self.standing or actor in self.clocked:
            self.marks[index] = actor
            self.clocked.discard(actor)


def read_bot_moves(notes: Iterable[Note], actors: Sequence[int]) -> BotMoves:
    """The bots' moves of a log (``actors`` gives each entry's seat), and the seats a stand-in
    still played at its end."""
    noted: dict[int, list[Note]] = {}
    for note in notes:
        noted.setdefault(note.at, []).append(note)
    moves = BotMoves()
    for index, actor in enumerate(actors):
        for note in noted.get(index, ()):
            moves.noted(note)
        moves.moved(index, actor)
    for note in noted.get(len(actors), ()):
        moves.noted(note)
    return moves

"""Which moves of a game a bot made for a person, read from its log's notes: a stand-in's, from
the ``standin`` note naming its bot to the one that ends it, and the one move of each ``clock``
note (docs/log-format.md, notes). A screen that opens a game again marks them as it did while
they were made (a resumed host's log pane had lost "a bot played it for Bob")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from netcode.logfile import Note


def bot_moves(notes: Iterable[Note], actors: Sequence[int]) -> dict[int, int]:
    """Each entry (by its index; ``actors`` gives each entry's seat) that a bot made for a
    person, and that person's seat."""
    noted: dict[int, list[Note]] = {}
    for note in notes:
        noted.setdefault(note.at, []).append(note)
    standing: set[int] = set()  # seats a stand-in plays now
    clocked: set[int] = set()  # seats whose next move the turn clock's bot made
    marks: dict[int, int] = {}
    for index, actor in enumerate(actors):
        for note in noted.get(index, ()):
            seat = note.fields.get("seat")
            if type(seat) is not int:
                continue
            if note.kind == "standin" and note.fields.get("bot"):
                standing.add(seat)
            elif note.kind == "standin":
                standing.discard(seat)
            elif note.kind == "clock":
                clocked.add(seat)
        if actor in standing or actor in clocked:
            marks[index] = actor
            clocked.discard(actor)
    return marks

"""Who played each seat when. A seat its player gave away is played on by whoever took it, under
their own name (docs/log-format.md, the ``seat`` note; docs/protocol.md, ``seats.renamed``): the
moves made in it before are still the first player's, and a log pane or a replay names each
entry's seat as it was called then (a play test's newcomer read "two Final Flights dealt to hal"
for erin's deal)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from netcode.logfile import Note

MAX_RENAMED = 64
"""The seats taken over that a table keeps and its ``seats`` message names (the latest)."""


class Renamed(NamedTuple):
    """From entry ``at`` on, ``seat`` is played by ``name``, who took it when ``was`` gave it
    away (the protocol's ``SeatRenamed``)."""

    at: int
    seat: int
    name: str
    was: str


class Taken(NamedTuple):
    """A log's ``seat`` note: from entry ``at`` on, ``seat`` is played by ``name``."""

    at: int
    seat: int
    name: str


def seats_taken(notes: Iterable[Note], players: int) -> list[Taken]:
    """A log's ``seat`` notes, in order; one whose seat is not a seat of the game or whose
    name is no text is passed over."""
    taken: list[Taken] = []
    for note in notes:
        seat, name = note.fields.get("seat"), note.fields.get("name")
        if note.kind != "seat" or type(seat) is not int or type(name) is not str:
            continue
        if 0 <= seat < players and name:
            taken.append(Taken(note.at, seat, name))
    return taken


def renames_of(first: Sequence[str], notes: Iterable[Note]) -> tuple[Renamed, ...]:
    """The seats taken over in a log: its header's names (``first``) and its ``seat`` notes,
    the latest ``MAX_RENAMED``."""
    names = list(first)
    renamed: list[Renamed] = []
    for at, seat, name in seats_taken(notes, len(names)):
        renamed.append(Renamed(at, seat, name, names[seat]))
        names[seat] = name
    return tuple(renamed[-MAX_RENAMED:])


def names_then(now: Sequence[str], renamed: Sequence[Renamed], index: int) -> list[str]:
    """The seats' names as entry ``index`` was made: as ``now`` calls them, but a seat someone
    took after it by who played it then."""
    names = list(now)
    for change in reversed(renamed):  # the first change after ``index`` says who it was
        if change.at > index and 0 <= change.seat < len(names):
            names[change.seat] = change.was
    return names


def names_now(first: Sequence[str], renamed: Sequence[Renamed]) -> list[str]:
    """The seats' names after every change in ``renamed``: who plays each now."""
    names = list(first)
    for change in renamed:
        if 0 <= change.seat < len(names):
            names[change.seat] = change.name
    return names

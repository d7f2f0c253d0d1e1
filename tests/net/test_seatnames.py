"""Who played each seat when (netcode/seatnames.py): the header's names and the log's ``seat``
notes, as a replay and a newcomer's log pane name each entry's seat."""

from __future__ import annotations

from netcode.logfile import Note
from netcode.seatnames import MAX_RENAMED, Renamed, names_now, names_then, renames_of


def test_each_entry_is_named_by_who_played_the_seat_then() -> None:
    """Cat gave seat 1 away at entry 20 and Eve took it; Eve gave it at 40 and Fay took it.
    Entries 0-19 are Cat's, 20-39 Eve's, from 40 on Fay's; the other seats never change. A
    note of no seat of the game, of a name that is no text, or of another kind is passed over."""
    notes = [
        Note(5, "chat", {"seat": 1, "name": "Cat", "text": "hi"}),
        Note(20, "seat", {"seat": 1, "name": "Eve"}),
        Note(30, "seat", {"seat": 7, "name": "Nobody"}),
        Note(35, "seat", {"seat": 0, "name": 3}),
        Note(40, "seat", {"seat": 1, "name": "Fay"}),
    ]
    renamed = renames_of(["Bob", "Cat", "Amelia"], notes)
    assert renamed == (Renamed(20, 1, "Eve", "Cat"), Renamed(40, 1, "Fay", "Eve"))
    now = names_now(["Bob", "Cat", "Amelia"], renamed)
    assert now == ["Bob", "Fay", "Amelia"]
    assert names_then(now, renamed, 0)[1] == names_then(now, renamed, 19)[1] == "Cat"
    assert names_then(now, renamed, 20)[1] == names_then(now, renamed, 39)[1] == "Eve"
    assert names_then(now, renamed, 40) == names_then(now, renamed, 99) == now
    assert names_then(now, (), 3) == now


def test_a_long_history_keeps_its_latest_changes() -> None:
    notes = [Note(i, "seat", {"seat": 0, "name": f"p{i}"}) for i in range(MAX_RENAMED + 5)]
    renamed = renames_of(["first"], notes)
    assert len(renamed) == MAX_RENAMED and renamed[-1] == Renamed(
        MAX_RENAMED + 4, 0, f"p{MAX_RENAMED + 4}", f"p{MAX_RENAMED + 3}"
    )

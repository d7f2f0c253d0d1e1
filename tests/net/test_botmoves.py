"""Which moves a bot made for a person, read back from a log's notes (netcode/botmoves.py)."""

from __future__ import annotations

from netcode.botmoves import read_bot_moves
from netcode.logfile import Note


def test_a_stand_ins_moves_run_from_its_note_to_the_players_return_and_a_clock_marks_one() -> None:
    """Seat 1 drops after 3 entries and is back after 7; seat 0's clock runs out after 8 (its
    next move, at 9, is the clock's: entry 8 is the dealer's). Notes of other kinds, or with no
    seat, mark nothing."""
    actors = [0, 1, 0, 1, 0, 1, 0, 1, -1, 0, 1, 0]
    notes = [
        Note(3, "standin", {"seat": 1, "bot": "greedy"}),
        Note(5, "chat", {"seat": 1, "name": "x", "text": "hi"}),
        Note(7, "standin", {"seat": 1, "bot": None}),
        Note(8, "clock", {"seat": 0, "bot": "greedy"}),
        Note(10, "clock", {"bot": "greedy"}),
    ]
    assert read_bot_moves(notes, actors).marks == {3: 1, 5: 1, 9: 0}

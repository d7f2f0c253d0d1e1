"""Bring a finished Jet Set log of format 9 with the Business cards or the Hubs to format 10.

Format 10 (docs/log-format.md) lets a turn go on after its action while its player holds a
Business card (``done`` ends it) and refills the rows at the next turn when a turn goes on. A
finished game of format 9 (its seed revealed) is played again move by move: each player's entry
as it was, a ``done`` where the new turn model asks for one first, every chance entry dealt
again from the seed. The notes are kept at the same moves. It prints, for each entry of the old
log, the number of entries the new log has reached by then (``old:new``), so that a position
named by an entry count can be found again.

    .venv/bin/python -m tools.turns_go_on OLD.jetset NEW.jetset
"""

from __future__ import annotations

import sys

from engine import CHANCE, Entry, IllegalAction
from engine.fairdeal import deal_seed
from engine.jetset.actions import EndTurn, ReplaceInvestor
from engine.jetset.game import Game
from engine.jetset.notation import Notation
from netcode.logfile import GameLog, Note, read_log, write_log
from netcode.logheader import VERSION
from netcode.replay import log_dealer


def convert(old_path: str, new_path: str) -> list[int]:
    """Write ``new_path``; return, for each old entry count, the new entry count."""
    log = read_log(old_path)
    assert log.seed is not None, "the game's seed must be revealed (a finished game)"
    game = log.header.new_table()
    assert isinstance(game, Game), "a Jet Set log"
    seed = deal_seed(log.seed, log.header.seat_contributions())
    dealer = log_dealer(log.header.rules_of_game, seed, VERSION)
    n = Notation(game.board)
    moved = [0]

    def deal() -> None:
        while game.to_move() == CHANCE:
            game.push(dealer.next_entry(game.state))

    deferred: list[ReplaceInvestor] = []  # face up: chosen by whoever turns the card up now

    def choose_deferred() -> None:
        investors = game.state.investors
        if deferred and investors is not None and investors.choosing:
            game.push(Entry(game.to_move() or 0, deferred.pop()))
            deal()

    for record in log.records:
        actor, line = record[1], record[2]
        if actor != CHANCE:
            action = n.parse_action(line)
            deal()
            choose_deferred()
            try:
                game.check(Entry(actor, action))
            except IllegalAction:
                if isinstance(action, ReplaceInvestor):
                    deferred.append(action)
                    moved.append(len(game.entries))
                    continue
                game.push(Entry(game.to_move() or 0, EndTurn()))  # the turn the old log ended
                deal()
                choose_deferred()
            game.push(Entry(actor, action))
            deal()
        moved.append(len(game.entries))
    records = [
        (i, e.actor, n.format_action(e.action), d)
        for i, (e, d) in enumerate(zip(game.entries, game.digests, strict=True))
    ]
    notes = [Note(moved[note.at], note.kind, note.fields) for note in log.notes]
    header = log.header
    header.version = VERSION
    write_log(new_path, GameLog(header, records, log.seed, notes))
    return moved


def main() -> None:
    moved = convert(sys.argv[1], sys.argv[2])
    print(" ".join(f"{old}:{new}" for old, new in enumerate(moved)))


if __name__ == "__main__":
    main()

"""What a peer verifies when the host ends the game: the revealed seed against the commitment
it was given at the start, the whole log (secrets included) replayed to the state its own
replica reached, and, for a peer that pledged a random value of its own, that the log's header
holds that value at its seat and the pledges the host announced before the deal
(docs/security.md, "Fair dealing")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.fairdeal import seed_commitment
from netcode import messages as m
from netcode.logfile import GameLog, Header, LogFormatError
from netcode.replay import replay


@dataclass
class EndCheck:
    """What the peer verified at the end of the game."""

    commitment_ok: bool
    replay_ok: bool
    digest_ok: bool
    error: str | None = None
    contribution_ok: bool = True
    """This peer's contribution is in the header at its seat (True if it sent none)."""

    @property
    def ok(self) -> bool:
        return self.commitment_ok and self.replay_ok and self.digest_ok and self.contribution_ok


@dataclass
class PeerHeld:
    """What the peer holds to check the end against, from the game as it went."""

    commitment: str | None
    """The seed's commitment the host gave at the start."""
    game: str
    """The game the host welcomed the peer to (``jetset``, ``jetlag``)."""
    digest: str
    """The peer's replica's digest now."""
    desynced: bool
    pledges: tuple[str | None, ...] | None
    """The pledges the host announced before the deal (None: none announced)."""
    seat: int | None
    contribution: str | None
    """The random value this peer sent for the deal (None: it sent none)."""


def check_end(seed: str, msg: m.End, held: PeerHeld) -> tuple[EndCheck, Any]:
    """The peer's verdict on the host's end, and the whole game replayed from the host's log
    (a table, secrets included; None if the log could not be replayed)."""
    commitment_ok = held.commitment == seed_commitment(seed)
    try:
        header = Header.from_dict(msg.header)
        records = [(i, int(a), str(x), str(d)) for i, (a, x, d) in enumerate(msg.log)]
    except (LogFormatError, TypeError, ValueError) as exc:
        return EndCheck(commitment_ok, False, False, f"the host's log is unreadable: {exc}"), None
    commitment_ok = commitment_ok and header.commitment == held.commitment
    if header.game != held.game:
        said = f"the host's log is of {header.game!r:.20}, the game it welcomed us to is not"
        return EndCheck(commitment_ok, False, False, said), None
    result = replay(GameLog(header, records, seed))
    digest_ok = result.ok and result.digest == held.digest and not held.desynced
    error = result.error
    if error is None and not commitment_ok:
        error = "the revealed seed does not match the commitment made at the start"
    unfair = contribution_problem(header, held)
    if error is None and unfair is not None:
        error = unfair
    if error is None and not digest_ok:
        error = "the full log ends in another state than this replica"
    return EndCheck(commitment_ok, result.ok, digest_ok, error, unfair is None), result.table


def contribution_problem(header: Header, held: PeerHeld) -> str | None:
    """What is wrong with this seat's contribution in the host's header, or with the pledges
    it holds, if anything."""
    if held.pledges is not None and tuple(header.seat_pledges()) != held.pledges:
        return "the host's log holds other pledges than it announced before the deal"
    if held.contribution is None or held.seat is None:
        return None
    kept = header.seat_contributions()
    theirs = kept[held.seat] if held.seat < len(kept) else None
    if theirs == held.contribution:
        return None
    if theirs is None:
        return "the host dealt the cards without this seat's random value (left out)"
    return "the host dealt the cards with another random value for this seat than it sent"

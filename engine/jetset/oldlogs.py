"""What Jet Set's logs need beyond the platform's replay (netcode/replay.py asks through
engine/platform.py's ``DealsOldLogs``, ``ReadsOldDigests`` and ``HidesDealtCards``):

- logs of formats 1 and 2 dealt with xoshiro256** (engine/rng.py), not SHAKE-256;
- logs of format 1 recorded the state's hash through BLAKE2b-128;
- a seat's copy of a log knows the cards dealt to others only by their commitments.

docs/log-format.md says what each format holds.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Final

from engine.errors import DesyncError, IllegalAction
from engine.jetset.actions import (
    BusinessDraw,
    Deal,
    DealInvestors,
    Entry,
    FinalsDraw,
    OpenEndCards,
)
from engine.jetset.dealer import SHAKE_DEAL, XOSHIRO_DEAL
from engine.jetset.game import Game

SHAKE_SINCE: Final = 3
"""The first log format that deals from SHAKE-256 (engine/dealstream.py)."""
BLAKE2B_UNTIL: Final = 2
"""The first log format whose digests are the state's hash itself, not its BLAKE2b."""
HEX_CODES_SINCE: Final = 8
"""The first log format whose digest reads a Business draw's or an Investor's commitment from
its hex digits (``engine.jetset.slots.hex_code``); formats 5 to 7 hashed it again."""
TURN_GOES_ON_SINCE: Final = 10
"""The first log format whose turn goes on after its action while its player holds a Business
card (``done`` ends it), and whose rows are refilled at the next turn's start when a turn goes on
(a hub bonus too); formats 5 to 9 ended a turn with its action and refilled the rows at once."""


def deal_scheme(log_version: int) -> int:
    """How the seed of a log of this format deals (``engine.jetset.dealer``)."""
    return SHAKE_DEAL if log_version >= SHAKE_SINCE else XOSHIRO_DEAL


def old_push(game: Game, log_version: int) -> Callable[[Entry, str], object] | None:
    """How a log of format 1 applies its entries, their digests checked as it recorded them;
    None for a later format (``game.push``)."""
    if log_version >= BLAKE2B_UNTIL:
        options = game.options
        if log_version < HEX_CODES_SINCE and (options.business_cards or options.investors):
            return _coded_otherwise(game, log_version)
        if log_version < TURN_GOES_ON_SINCE and (options.business_cards or options.hubs):
            return _turned_otherwise(game, log_version)
        return None

    def push(entry: Entry, digest: str) -> None:
        game.push(entry)
        state = game.state.hash128.to_bytes(16, "little")
        mine = hashlib.blake2b(state, digest_size=16).hexdigest()
        if mine != digest:
            raise DesyncError(len(game.entries) - 1, digest, mine)

    return push


def _coded_otherwise(game: Game, log_version: int) -> Callable[[Entry, str], object]:
    """A log of format 5 to 7 with the Business cards or the Investors: its digests coded the
    commitments otherwise, which this engine no longer reads (no such log was released). Its
    entries apply as usual; a digest that differs says why."""

    def push(entry: Entry, digest: str) -> None:
        try:
            game.push(entry, digest)
        except DesyncError as exc:
            raise ValueError(
                f"a log of format {log_version} with Business cards or Investors: its digests "
                f"code their commitments as format {HEX_CODES_SINCE} no longer does, so this "
                "engine cannot check them"
            ) from exc

    return push


def _turned_otherwise(game: Game, log_version: int) -> Callable[[Entry, str], object]:
    """A log of format 5 to 9 with the Business cards or the Hubs: its turns ended with their
    action and its rows were refilled at once, where this engine's turn may go on (no such log
    was released). Its entries apply as usual up to the first that the turn model refuses, or
    whose digest differs, which says why."""

    def push(entry: Entry, digest: str) -> None:
        try:
            game.push(entry, digest)
        except (IllegalAction, DesyncError) as exc:
            raise ValueError(
                f"a log of format {log_version} with Business cards or Hubs: its turns ended "
                f"with their action, where since format {TURN_GOES_ON_SINCE} a player may still "
                "play Business cards after it and the rows are refilled at the next turn, so "
                "this engine cannot replay it further"
            ) from exc

    return push


def dealt_as_logged(dealt: Entry, logged: Entry) -> bool:
    """Whether the chance entry ``logged`` is ``dealt``: in a seat's own copy of the log, the
    other hands, the Business cards, the card "Final Flights" and the face-down Investors are
    known only by their commitments, and the other hands' end-of-game cards only as opened."""
    if dealt == logged:  # the common answer, first (a full log; every case below allows it)
        return True
    act, expected = logged.action, dealt.action
    if isinstance(act, Deal) and act.cards is None and isinstance(expected, Deal):
        return expected.commitment == act.commitment
    if (
        isinstance(act, (BusinessDraw, FinalsDraw))
        and act.salt is None
        and isinstance(expected, (BusinessDraw, FinalsDraw))
    ):  # tuples: mypyc compiles a union kept in a local as an unassigned variable
        return expected.commitment == act.commitment
    if isinstance(act, DealInvestors) and act.cards is None and isinstance(expected, DealInvestors):
        return expected.commitments == act.commitments
    if isinstance(act, OpenEndCards) and isinstance(expected, OpenEndCards):
        return opened_as_logged(expected, act)
    return False


def opened_as_logged(dealt: OpenEndCards, logged: OpenEndCards) -> bool:
    """A seat's copy: the dealer, replaying it, sees only the hands that copy knows, and opens
    none of the others; the rule checks the logged cards of those against what the copy knows
    (engine/jetset/rules/business_end.py)."""
    if len(dealt.cards) != len(logged.cards):
        return False
    return all(d == held or not d for d, held in zip(dealt.cards, logged.cards, strict=True))

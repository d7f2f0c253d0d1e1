"""The table's part in the fair deal (docs/security.md, "Fair dealing"): each seat's pledge to a
random value of its own, taken with its seat request before the game starts, then the value,
revealed once the pledges are announced and checked against its pledge; the dealer is the host's
seed mixed with those values (engine.fairdeal's ``deal_seed``). ``Table`` (netcode/table.py) is
built on it; the host's side of it, the two steps and their messages, is netcode/dealing.py."""

from __future__ import annotations

from typing import Any

from engine.fairdeal import deal_seed, pledge_for
from engine.platform import AnyRules, DealerOf, DealsOldLogs
from netcode.logfile import LogWriter
from netcode.logheader import PLEDGES_SINCE
from netcode.tablefiles import Secrets


class DealShares:
    """The seats' pledges and values for the deal, and the dealer they make (``Table``)."""

    rules: AnyRules
    keys: Secrets
    version: int
    contributions: list[str | None]
    pledges: list[str | None]
    writer: LogWriter | None
    """The game's log, open once the cards are dealt (``Table.__init__`` says each)."""

    @property
    def started(self) -> bool:
        """The cards are dealt: the log is written."""
        return self.writer is not None

    def pledge(self, seat: int, value: str | None) -> bool:
        """Take ``seat``'s pledge to its value for the deal, if it brings one and has none yet,
        before the game starts (a reconnect's pledge never replaces the first). Whether it was
        taken."""
        if value is None or self.started or self.pledges[seat] is not None:
            return False
        if self.version < PLEDGES_SINCE:
            return False  # an older format's game deals as it did
        self.pledges[seat] = value
        return True

    def contribute(self, seat: int, value: str) -> str | None:
        """Take ``seat``'s value for the deal, revealed after the pledges were announced: None if
        taken, else why not (no pledge, already revealed, the game started, not the pledged
        value)."""
        if self.started:
            return "the cards are dealt: it is too late for a random value"
        pledge = self.pledges[seat]
        if pledge is None:
            return "this seat pledged no random value"
        if self.contributions[seat] is not None:
            return "this seat's random value is in already"
        if pledge_for(value) != pledge:
            return "that random value does not match this seat's pledge"
        self.contributions[seat] = value
        return None

    def awaiting_values(self) -> list[int]:
        """The seats that pledged a value and have not revealed it yet."""
        return [
            seat
            for seat, pledge in enumerate(self.pledges)
            if pledge is not None and self.contributions[seat] is None
        ]

    def _dealer(self) -> DealerOf[Any, Any]:
        """The dealer of the host's seed mixed with the contributions (engine.fairdeal's
        ``deal_seed``); a game saved in an older log format goes on with the dealer it began
        with."""
        seed = deal_seed(self.keys.seed, self.contributions)
        rules = self.rules
        old = rules.old_dealer(seed, self.version) if isinstance(rules, DealsOldLogs) else None
        return old if old is not None else rules.dealer(seed)

"""Jet Lag's state: the line of destinations, each side's tourists, the hands, the round.

Mutable and copied before a search changes it (``copy``), as Jet Set's engine.jetset.state is. The
piles are not in it: the dealer holds them and a ``Take`` entry brings a pile to its player, so
no view can leak a card nobody has seen. ``hands[seat]`` is None where this copy does not know
that seat's cards (``view``); ``sizes`` always counts them. The line and the stacks change only
through the rules (engine/jetlag/rules.py), which keep the digest's sums over them up to date.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from hashlib import sha256
from typing import Final

from engine.jetlag import digest as keys

SETUP: Final = "setup"
TAKE: Final = "take"
FIRST: Final = "first"
PASS: Final = "pass"
SECOND: Final = "second"
LAST: Final = "last"
OVER: Final = "over"
ROUNDS: Final = 4


@dataclass(slots=True)
class State:
    step: str = SETUP
    round: int = 0
    """1 to 4 while playing (0 before the setup)."""
    starter: int = 0
    first: int = 0
    """The first player of this round."""
    line: list[str] = field(default_factory=list)
    """Destination cards, left to right."""
    stacks: list[list[list[str]]] = field(default_factory=list)
    """``stacks[position][seat]``: that seat's tourists there, in the order played."""
    hands: list[list[str] | None] = field(default_factory=lambda: [[], []])
    sizes: list[int] = field(default_factory=lambda: [0, 0])
    commitments: tuple[str, ...] = ()
    line_sum: int = -1
    """The digest's sum over the line (engine/jetlag/digest.py); -1: computed at creation."""
    tourist_sum: int = -1
    """The digest's sum over the tourists, as ``line_sum``."""

    def __post_init__(self) -> None:
        if self.line_sum < 0 or self.tourist_sum < 0:
            self.line_sum, self.tourist_sum = keys.board_sums(self.line, self.stacks)

    @property
    def second(self) -> int:
        return 1 - self.first

    @property
    def over(self) -> bool:
        return self.step == OVER

    def copy(self) -> State:
        return State(
            self.step,
            self.round,
            self.starter,
            self.first,
            self.line[:],
            [[s[0][:], s[1][:]] for s in self.stacks],
            [None if h is None else h[:] for h in self.hands],
            self.sizes[:],
            self.commitments,
            self.line_sum,
            self.tourist_sum,
        )

    def knows_hand(self, viewer: int | None, seat: int) -> bool:
        """Whether ``viewer`` (None: a spectator) may see ``seat``'s cards now: its own, the
        second player's while it plays the three cards the first player passed it, and the
        card the second player gave back."""
        if viewer is None:
            return False
        if viewer == seat:
            return True
        return (self.step == SECOND and viewer == self.first) or (
            self.step == LAST and viewer == self.second
        )

    def view(self, seat: int | None) -> State:
        """What ``seat`` may know (None: a spectator)."""
        s = self.copy()
        for i in (0, 1):
            if not self.knows_hand(seat, i):
                s.hands[i] = None
        return s

    def tourists(self, seat: int) -> int:
        """How many tourists ``seat`` has played (the first tie-break)."""
        return sum(len(s[seat]) for s in self.stacks)

    def digest(self) -> str:
        """The state digest, 32 hex digits (engine/jetlag/digest.py): equal for both seats and
        spectators (the hands are not in it, only their sizes)."""
        sizes = self.sizes
        counters = keys.counters_key(
            self.step, self.round, self.starter, self.first, sizes[0], sizes[1]
        )
        total = self.line_sum + self.tourist_sum + counters + keys.commitments_key(self.commitments)
        return (total % keys.MODULUS).to_bytes(16, "big").hex()


def pile_commitment(pile: int, cards: tuple[str, ...], salt: str) -> str:
    """The public commitment to pile ``pile`` (0–3): SHA-256 of
    ``jetlag-pile:<pile>:<cards, comma-separated>:<salt>``, 32 hex digits."""
    text = f"jetlag-pile:{pile}:{','.join(cards)}:{salt}"
    return sha256(text.encode()).hexdigest()[:32]

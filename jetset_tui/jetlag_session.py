"""A local game of Jet Lag: the engine's ``Table`` with its dealer and bots, at one keyboard.

It has the shape of a ``GameClient`` (netcode/client.py) as far as the Jet Lag screen needs one:
``seats``, ``local_seats``, ``view``, ``check``, ``submit``, listeners told of each entry and of
the end. netcode's ``LocalSession`` hosts Jet Set only for now; once it hosts any game of
engine/platform.py, the screen can take that session instead of this one.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from engine.jetlag import rules
from engine.jetlag.actions import CHANCE, Action, Entry
from engine.jetlag.bots import BOTS, Bot, make_bot
from engine.jetlag.dealer import Dealer
from engine.jetlag.game import Table
from engine.jetlag.state import State
from jetset_tui.i18n import _

HUMAN: Final = "human"
DEFAULT_BOT: Final = "search"
"""The strongest of Jet Lag's bots (engine/jetlag/bots.py)."""
BOT_NAMES: Final = ("Amelia", "Wilbur")


@dataclass(frozen=True)
class JetLagPlan:
    """A new game of Jet Lag: each seat's kind (``human`` or a bot's) and name, and a seed."""

    kinds: tuple[str, str]
    names: tuple[str, str]
    seed: str | None = None

    def check(self) -> str | None:
        """A sentence saying what is wrong with the plan, or None."""
        for kind in self.kinds:
            if kind != HUMAN and kind not in BOTS:
                return _("there is no Jet Lag bot called {kind}; bots: {bots}").format(
                    kind=kind, bots=", ".join(BOTS)
                )
        if self.names[0].strip().casefold() == self.names[1].strip().casefold():
            return _("the two players need different names")
        return None


def plan_for(
    bot: str | None, you: str, *, hotseat: bool = False, seed: str | None = None
) -> JetLagPlan:
    """You against ``bot`` (default: the strongest), or two people at one keyboard."""
    if hotseat:
        return JetLagPlan((HUMAN, HUMAN), (you, _("Player {n}").format(n=2)), seed)
    return JetLagPlan((HUMAN, bot or DEFAULT_BOT), (you, BOT_NAMES[0]), seed)


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str

    @property
    def is_bot(self) -> bool:
        return self.kind != HUMAN


@dataclass(frozen=True)
class Played:
    """An entry went into the log (``index``), a seat's play or the dealer's."""

    index: int
    entry: Entry


@dataclass(frozen=True)
class Ended:
    """The game is over."""


Event = Played | Ended
Listener = Callable[[Event], None]


@dataclass
class JetLagSession:
    """One local game: the full table (the host's), the dealer, and the bots' seats."""

    plan: JetLagPlan
    bot_delay: float = 0.6
    table: Table = field(default_factory=Table)
    _listeners: list[Listener] = field(default_factory=list)
    _bot_task: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        self.seed = self.plan.seed or secrets.token_hex(8)
        self.dealer = Dealer(self.seed)
        self.bots: dict[int, Bot] = {
            seat: make_bot(kind, seat, self.seed)
            for seat, kind in enumerate(self.plan.kinds)
            if kind != HUMAN
        }
        self._deal()

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(Seat(n, k) for n, k in zip(self.plan.names, self.plan.kinds, strict=True))

    @property
    def local_seats(self) -> tuple[int, ...]:
        """The seats played at this keyboard (the humans')."""
        return tuple(i for i, k in enumerate(self.plan.kinds) if k == HUMAN)

    @property
    def state(self) -> State:
        return self.table.state

    @property
    def over(self) -> bool:
        return self.table.over

    def to_move(self) -> int | None:
        return self.table.to_move()

    def view(self, seat: int | None) -> State:
        """What ``seat`` may know (None: a spectator)."""
        return self.table.view(seat)

    def check(self, seat: int, action: Action) -> None:
        """IllegalAction if ``seat`` may not play ``action`` now; nothing changes."""
        self.table.check(Entry(seat, action))

    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    async def start(self) -> None:
        """Let the bots play if it is their turn."""
        self._wake_bots()

    async def submit(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat`` (IllegalAction, and nothing changes, if refused); the
        dealer deals what follows and the bots are woken."""
        self._push(Entry(seat, action))
        self._deal()
        self._wake_bots()

    async def wait_idle(self) -> None:
        """Until no bot is thinking (tests)."""
        while self._bot_task is not None and not self._bot_task.done():
            await asyncio.sleep(0)

    async def close(self) -> None:
        self._listeners.clear()
        task = self._bot_task
        if task is not None and not task.done():
            task.cancel()

    def _push(self, entry: Entry) -> None:
        self.table.push(entry)
        self._emit(Played(len(self.table.entries) - 1, entry))
        if self.table.over:
            self._emit(Ended())

    def _emit(self, event: Event) -> None:
        for listener in list(self._listeners):
            listener(event)

    def _deal(self) -> None:
        while self.table.to_move() == CHANCE:
            self._push(self.dealer.next_entry(self.table.state))

    def _wake_bots(self) -> None:
        seat = self.table.to_move()
        if seat is None or seat not in self.bots:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while (seat := self.table.to_move()) is not None and seat in self.bots:
            await asyncio.sleep(self.bot_delay)
            if self.table.to_move() != seat:
                continue
            view = self.table.view(seat)
            action = await asyncio.to_thread(self.bots[seat].choose, view)
            self._push(Entry(seat, action))
            self._deal()


def legal_lines(session: JetLagSession, seat: int) -> list[str]:
    """The notation of every play open to ``seat`` now (for completing a typed line)."""
    from engine.jetlag.notation import format_action

    if session.to_move() != seat:
        return []
    return [format_action(a) for a in rules.legal_actions(session.view(seat))]

"""A local game: the whole game in this process, bots in some seats, humans at this keyboard.

``LocalSession`` is a ``GameClient``: the front end submits actions for the human seats and
listens for entries, exactly as it will for a networked peer. The session holds the seed and the
full state, deals chance entries as the game needs them, moves its bots after a short visible
pause, and appends every entry to the game's log file (``netcode.logfile``) so a game can always
be resumed. The seed lives beside the log in a ``.seed`` file until the game ends and the log
reveals it.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from engine import (
    CHANCE,
    Action,
    Dealer,
    Entry,
    Game,
    IllegalAction,
    Options,
    redact,
    seed_commitment,
)
from engine.bots import Bot, make_bot
from netcode.client import EntryApplied, GameClient, GameOver, Problem, SeatInfo
from netcode.logfile import GameLog, Header, LogWriter, read_log, write_game
from netcode.logfile import Seat as LogSeat
from netcode.replay import replay

BOT_DELAY = 0.6
"""Seconds a bot waits before moving, so people can follow the game."""

LOG_SUFFIX = ".jetset"
SEED_SUFFIX = ".seed"


def new_seed() -> str:
    """A fresh random 128-bit seed, as hex."""
    return secrets.token_hex(16)


def saves_dir() -> Path:
    """Where games save themselves: the user data directory (platformdirs)."""
    from platformdirs import user_data_path

    return user_data_path("jetset", appauthor=False) / "games"


def default_log_path(seed: str, folder: Path | None = None) -> Path:
    """A new log file's name: when it was started, and a little of its seed."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return (folder or saves_dir()) / f"{stamp}-{seed[:6]}{LOG_SUFFIX}"


def seed_path(log_path: Path) -> Path:
    return log_path.with_suffix(SEED_SUFFIX)


class LocalSession(GameClient):
    """A game played in this process: human seats at this keyboard, bots in the others."""

    def __init__(
        self,
        options: Options,
        seats: Sequence[SeatInfo],
        *,
        seed: str | None = None,
        path: str | Path | None = None,
        autosave: bool = True,
        bot_delay: float = BOT_DELAY,
        fsync: bool = True,
        meta: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        self.meta: dict[str, Any] = dict(meta or {})
        if len(seats) != options.players:
            raise ValueError(f"{options.players} players need {options.players} seats")
        self._game = Game(options)
        self._seats = tuple(seats)
        self.seed = seed or new_seed()
        self.bot_delay = bot_delay
        self.dealer = Dealer(self.seed, self._game.board, options.players)
        self.bots: dict[int, Bot] = {
            i: make_bot(s.kind.removeprefix("bot:"), i, self.seed)
            for i, s in enumerate(self._seats)
            if s.is_bot
        }
        self.path: Path | None = None
        self._writer: LogWriter | None = None
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self._finished = False
        if autosave:
            self.path = Path(path) if path else default_log_path(self.seed)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            seed_path(self.path).write_text(self.seed + "\n")
            self._writer = LogWriter(self.path, self._header(), fsync=fsync)

    # -- resuming ---------------------------------------------------------------------------

    @classmethod
    def resume(
        cls, path: str | Path, *, bot_delay: float = BOT_DELAY, fsync: bool = True
    ) -> LocalSession:
        """Continue a saved game from its log file (and the ``.seed`` file beside it)."""
        path = Path(path)
        log = read_log(path)
        seed = log.seed
        if seed is None:
            try:
                seed = seed_path(path).read_text().strip()
            except OSError:
                raise ValueError(
                    f"{seed_path(path).name} is missing: without its seed the game cannot go on"
                ) from None
        result = replay(GameLog(log.header, log.records, seed))
        if not result.ok:
            raise ValueError(f"{path.name}: {result.error}")
        seats = [SeatInfo(s.name, s.kind) for s in log.header.seats]
        self = cls(log.header.options, seats, seed=seed, autosave=False, bot_delay=bot_delay)
        self._game = result.game
        self.meta = dict(log.header.meta)
        self.path = path
        self._finished = result.game.over
        if not self._finished:
            write_game(path, log.header, result.game, None)  # drops a record cut short
            self._writer = LogWriter.append_to(path, fsync=fsync)
        return self

    def _header(self) -> Header:
        seats = [LogSeat(s.name, s.kind) for s in self._seats]
        meta = {"created": datetime.now().isoformat(timespec="seconds"), "local": True}
        meta.update(self.meta)
        return Header(self._game.options, seats, seed_commitment(self.seed), meta=meta)

    # -- GameClient -------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self._game

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self._seats

    @property
    def local_seats(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self._seats) if not s.is_bot)

    async def start(self) -> None:
        """Deal the game (if new) and let the bots play up to the first human turn."""
        self._settle()
        self._kick()

    async def submit(self, seat: int, action: Action) -> None:
        if self._closed:
            raise IllegalAction("Player Turns", "this game is closed")
        if seat not in self.local_seats:
            raise IllegalAction("Player Turns", f"seat {seat} is not played at this keyboard")
        self._push(Entry(seat, action))
        self._settle()
        self._kick()

    async def close(self) -> None:
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    # -- running the table ------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """A bot is to move (or thinking)."""
        return self._task is not None and not self._task.done()

    async def wait_idle(self) -> None:
        """Until a human is to move or the game is over (tests, benchmarks)."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    def _push(self, entry: Entry) -> None:
        """Apply an entry (IllegalAction if refused), save it, tell the listeners."""
        game = self._game
        digest = game.push(entry)
        index = len(game.entries) - 1
        if self._writer is not None:
            self._writer.entry(index, entry, digest)
        self.emit(EntryApplied(index, entry))

    def _settle(self) -> None:
        """Supply every chance entry the game waits for; finish the game if it is over."""
        game = self._game
        while game.to_move() == CHANCE:
            self._push(self.dealer.next_entry(game.state))
        if game.over and not self._finished:
            self._finished = True
            if self._writer is not None:
                self._writer.reveal(self.seed)
                self._writer.close()
                self._writer = None
            if self.path is not None:
                seed_path(self.path).unlink(missing_ok=True)
            self.emit(GameOver(self.seed))

    def _kick(self) -> None:
        """Start the bots' task if a bot is to move and none is running."""
        seat = self._game.to_move()
        if self._closed or seat is None or seat not in self.bots or self.busy:
            return
        self._task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        game = self._game
        while not self._closed:
            seat = game.to_move()
            if seat is None or seat not in self.bots:
                return
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            action = await self._bot_move(seat)
            self._push(Entry(seat, action))
            self._settle()

    async def _bot_move(self, seat: int) -> Action:
        """The bot's choice from its own view, computed off the event loop."""
        view = self._game.state.view(seat)
        bot = self.bots[seat]
        try:
            action = await asyncio.to_thread(bot.choose, view, self._game.rules)
            self._game.check(Entry(seat, action))
        except Exception as exc:  # a bot bug must not stop the table
            self.emit(Problem(f"bot {bot.name} in seat {seat} failed ({exc}); it takes a default"))
            return self._game.legal_actions()[0]
        return action

    def public_entry(self, index: int, seat: int | None) -> Entry:
        """Entry ``index`` as ``seat`` may see it."""
        return redact(self._game.entries[index], seat)

"""A bot at the table: plays the seats of any ``GameClient`` with one of its game's bots.

The bot decides from its own seat's view only. Its random stream is drawn afresh for every
decision from a public base seed and the entry number, so a bot that reconnects, or a host that
resumes, makes the same decision in the same position as an uninterrupted game would.

A bot that fails (a bot of your own that raises, returns something that is not an action, or an
action the host refuses) never stops the table nor asks again for ever: that decision is the
stand-in kind's (``STANDIN``), then the first legal action's, and each failure is said once,
with its reason, to ``on_trouble`` (the log file has every one).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from engine.errors import IllegalAction, NotationError, bot_failure
from netcode.client import ClientEvent, GameClient
from netcode.peer import NetPeer
from netcode.transport import Transport

log = logging.getLogger("jetset.bot")

STANDIN = "greedy"
"""The kind that decides in place of a bot that failed (every game has it)."""
GIVE_UP_AFTER = 4
"""Refusals in one position after which the bot stops asking (a host that refuses even the
first legal action: it waits for the table to move on instead of asking in a loop)."""

Trouble = Callable[[str], None]
"""Told, in a sentence, each time a bot fails and another decides for it."""


class BotTrouble:
    """A bot's failures in the positions it met: how many, and which position refused what."""

    def __init__(self, kind: str, label: str, on_trouble: Trouble | None) -> None:
        self.kind = kind
        self.label = label
        """The bot's name as people see it (a bot of your own: its class's ``name``)."""
        self.on_trouble = on_trouble
        self.count = 0
        self._refused = (-1, 0)
        """The position (its entry count) the host last refused a decision in, and how many
        times: only the position the table is in matters."""

    def failed(self, seat: int, at: int, what: str, why: str = "") -> None:
        """The bot failed in the position of entry ``at``: ``what`` it did, ``why`` that
        failed. The log has each failure; ``on_trouble`` hears the first, with its reason (as
        self-play says it: a tinkerer's play test found the reason only in the log file), and
        that the stand-in decides whenever it happens again."""
        self.count += 1
        bot = f"seat {seat}'s bot ({self.label})"  # from 0, as the notation and selfplay
        log.warning(
            "%s %s at entry %d%s; %s decided", bot, what, at, f" ({why})" * bool(why), STANDIN
        )
        if self.on_trouble is not None and self.count == 1:
            reason = f" ({why})" * bool(why)
            self.on_trouble(
                f"{bot} {what}{reason}: a {STANDIN} bot decides for it each time it fails"
            )

    def tries(self, at: int) -> int:
        """Decisions the host refused in the position of entry ``at``."""
        where, times = self._refused
        return times if where == at else 0

    def refused(self, at: int) -> None:
        self._refused = (at, self.tries(at) + 1)


async def play_bot(
    client: GameClient,
    kind: str,
    seed: str,
    *,
    delay: float = 0.0,
    on_trouble: Trouble | None = None,
    standing_in: bool = False,
) -> BotTrouble:
    """Act for ``client``'s seats whenever one is to move, until the game ends or
    ``client`` is gone (a ``NetPeer``'s ``ended``); what went wrong on the way. A bot
    ``standing_in`` for a person away plays what the game's rules play for the absent
    (``played_for_the_absent``: Jet Set's keeps their Business cards)."""
    client.rules.make_bot(kind, 0, seed)  # an unknown kind fails here, before the game
    trouble = BotTrouble(kind, client.rules.bot_label(kind), on_trouble)
    changed = asyncio.Event()

    def listener(_event: ClientEvent) -> None:
        changed.set()

    client.add_listener(listener)
    ended = client.ended if isinstance(client, NetPeer) else None
    try:
        while not client.game.over and not (ended is not None and ended.is_set()):
            changed.clear()
            seat = client.game.to_move()
            if seat is not None and seat in client.local_seats and client.caught_up:
                if delay:
                    game, at = client.game, len(client.game.entries)
                    await asyncio.sleep(delay)
                    if not still_to_move(client, game, at, seat):
                        continue  # the table moved on while it waited (the host's turn clock
                        # played for this seat, the game ended): wait again for the new position
                if trouble.tries(len(client.game.entries)) >= GIVE_UP_AFTER:
                    await _wait(changed, ended)  # nothing it may play here: wait for a change
                    continue
                await _move(client, kind, seed, seat, trouble, standing_in)
                continue
            await _wait(changed, ended)
    finally:
        client.remove_listener(listener)
    return trouble


async def _move(
    client: GameClient, kind: str, seed: str, seat: int, trouble: BotTrouble, standing_in: bool
) -> None:
    game = client.game
    at = len(game.entries)
    tries = trouble.tries(at)
    if tries == 0:
        action = await _choice(client, kind, seed, seat, trouble)
    elif tries == 1:  # the host refused the bot's own choice: the stand-in's
        action = await _choice(client, STANDIN, seed, seat, None)
    else:
        action = game.legal_actions()[0]
    if standing_in and tries < 2:
        action = client.rules.played_for_the_absent(game.view(seat), seat, action)
    if not still_to_move(client, game, at, seat):
        return  # the game moved on while the bot thought (a reconnect's catch-up): think again
    try:
        await client.submit(seat, action)
    except (IllegalAction, NotationError) as exc:
        if not still_to_move(client, game, at, seat):
            return  # the table moved on meanwhile (the turn clock played for it): no fault
        trouble.refused(at)
        if tries == 0:
            move = _words(client, action)
            trouble.failed(seat, at, f"chose {move}, which the rules refuse", str(exc))
        else:
            log.warning("seat %d: the host refused %r: %s", seat, action, exc)
    except ConnectionError:
        await asyncio.sleep(0.05)


async def _choice(
    client: GameClient, kind: str, seed: str, seat: int, trouble: BotTrouble | None
) -> Any:
    """``kind``'s decision for ``seat`` now; where it fails (with ``trouble``: said there),
    the stand-in's, else the first legal action."""
    game = client.game
    at = len(game.entries)
    bot = client.rules.make_bot(kind, seat, f"{seed}:{at}")
    try:  # thought off the event loop, so a front end in the same process stays responsive
        action = await asyncio.to_thread(bot.choose, game.view(seat))
    except Exception as exc:  # a bot bug must not stop the table
        log.exception("seat %d: the %s bot failed", seat, kind)
        failure = bot_failure(exc)
    else:
        if _is_action(client, action):
            return action
        failure = f"returned {action!r:.60}, which is not an action"
    if trouble is None:
        return game.legal_actions()[0]
    trouble.failed(seat, at, failure)
    return await _choice(client, STANDIN, seed, seat, None)


def _is_action(client: GameClient, action: object) -> bool:
    """Whether ``action`` is one of the game's actions (its notation can write it)."""
    try:
        client.rules.notation().format_action(action)
    except Exception:
        return False
    return True


def _words(client: GameClient, action: object) -> str:
    return repr(client.rules.notation().format_action(action))


def still_to_move(client: GameClient, game: Any, at: int, seat: int) -> bool:
    """The position a decision was made in is still the table's: the same replica, no entry
    since, the seat still to move and nothing left to catch up. A decision for an older position
    is never sent, even when it would be legal now: the same position, the same decision."""
    now = client.game
    return now is game and len(now.entries) == at and now.to_move() == seat and client.caught_up


async def _wait(changed: asyncio.Event, ended: asyncio.Event | None) -> None:
    if ended is None:
        await changed.wait()
        return
    waits = [asyncio.ensure_future(changed.wait()), asyncio.ensure_future(ended.wait())]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for w in waits:
            w.cancel()


async def run_bot(
    transport: Transport,
    kind: str,
    *,
    token: str | None = None,
    name: str | None = None,
    delay: float = 0.0,
    on_trouble: Trouble | None = None,
    standing_in: bool = False,
) -> NetPeer | None:
    """Connect a bot peer over ``transport`` (to a seat by ``token``, or joining by ``name``)
    and play to the end, waiting ``delay`` seconds before each move (``standing_in``: for a
    person away, ``play_bot``); None if the host would not seat it."""
    try:
        peer = await NetPeer.connect(transport, name=name or f"{kind}-bot", token=token)
    except (ConnectionError, TimeoutError) as exc:
        log.info("bot %s not seated: %s", kind, exc)
        return None
    try:
        commitment = peer.commitment or ""
        await play_bot(
            peer, kind, commitment, delay=delay, on_trouble=on_trouble, standing_in=standing_in
        )
        await peer.wait_over()
    finally:
        await peer.close()
    return peer

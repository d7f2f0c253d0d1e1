"""A soak of one host process (issue 15): many games at once, their peers dropping and coming back.

``run_soak`` starts ``benchmarks/soak_host.py`` (one asyncio loop serving every game, real log
files in a folder) and plays the open seats of every game from this process: each a ``NetPeer``
over TCP on 127.0.0.1 with a ``connector`` and its seat's token, played by
``netcode.botplayer.play_bot``. A seeded ``random.Random`` picks, for each peer, up to
``max_drops`` entries after which its connection is aborted (after a random delay of up to 20
ms, so a drop can land mid-action or mid-catch-up, and the game waits for the seat); the peer
stays away up to ``max_away`` seconds, reconnects with its token and catches up by itself.

At the end every game must have ended, every log must pass the check of ``jetset replay
--verify``, and nothing may be lost: every peer applied every entry exactly once and ends with
the digest of its game's log, and the host logged no warning or error. A soak in which no peer
applies an entry for ``stall`` seconds stops there and says which peers were stuck.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from netcode.botplayer import play_bot
from netcode.client import ClientEvent, EntryApplied, Problem
from netcode.logfile import LogFormatError, read_log
from netcode.peer import NetPeer
from netcode.protocol import E_STALE, E_TURN
from netcode.replay import replay
from netcode.transport import Transport, open_tcp

LOOPBACK = "127.0.0.1"
HOST_SCRIPT = Path(__file__).with_name("soak_host.py")
HOST_STDERR = "host.stderr"
"""The host process's standard error, beside the logs."""
HORIZON = 250
"""Drops fall after entries 1 to this (a 4-player game of these bots lasts about 290)."""


@dataclass(frozen=True)
class SoakConfig:
    games: int = 20
    seats: int = 4
    host_bots: tuple[str, ...] = ("greedy", "random")
    """The seats the host's own bots play; the others are TCP peers."""
    peer_bots: tuple[str, ...] = ("greedy", "random")
    """The kinds of the TCP peers, in turn."""
    max_drops: int = 3
    """Each TCP peer is cut off after 0 to this many entries (drawn from the seed)."""
    max_away: float = 0.2
    """Seconds a peer cut off stays away before it reconnects: up to this (drawn likewise)."""
    seed: str = "soak"
    fsync: bool = True
    timeout: float = 600.0
    stall: float = 10.0
    """Seconds without any peer applying an entry that count as a stalled soak."""

    @property
    def tcp_seats(self) -> int:
        return self.seats - len(self.host_bots)


@dataclass
class SoakResult:
    games: int
    entries: int
    wall: float
    """Seconds from the host listening to the last game's end."""
    cpu: float
    """CPU seconds of the host process over the same time."""
    peak_rss_kb: int
    peers_cpu: float
    """CPU seconds of this process (every peer's replica and bot) over the whole run."""
    drops: int
    reconnects: int
    refused: int
    """Actions the host refused as stale or out of turn: decided across a drop (``PeerLog``)."""
    problems: list[str] = field(default_factory=list)

    @property
    def per_wall_second(self) -> float:
        return self.entries / self.wall

    @property
    def per_cpu_second(self) -> float:
        return self.entries / self.cpu


class Dropper:
    """One TCP seat: its current connection, the entries after which to cut it, and what it saw."""

    def __init__(self, port: int, rng: random.Random, config: SoakConfig) -> None:
        self.port = port
        self.plan: dict[int, tuple[float, float]] = {}
        """Entry index -> seconds after applying it to abort the connection, seconds away."""
        for _ in range(rng.randint(0, config.max_drops)):
            at = rng.randrange(1, HORIZON)
            self.plan[at] = rng.uniform(0.0, 0.02), rng.uniform(0.0, config.max_away)
        self.away = 0.0
        self.transport: Transport | None = None
        self.live = False  # seated on ``transport`` (not cut off, not mid-reconnect)
        self.peer: NetPeer | None = None
        self.player: asyncio.Task[None] | None = None
        self.seen: list[int] = []
        self.drops = 0
        self.reconnects = 0
        self.problems: list[str] = []

    async def connect(self) -> Transport:
        """The connector: a new TCP connection to the game's host (after the time away, when
        the last one was cut)."""
        if self.away:
            await asyncio.sleep(self.away)
            self.away = 0.0
        self.transport = await open_tcp(LOOPBACK, self.port)
        return self.transport

    def listen(self, event: ClientEvent) -> None:
        if isinstance(event, EntryApplied):
            self.seen.append(event.index)
            planned = self.plan.pop(event.index, None)
            if planned is not None:
                delay, away = planned
                asyncio.get_running_loop().call_later(delay, self.drop, away)
        elif isinstance(event, Problem):
            if event.message == "reconnected":
                self.reconnects += 1
                self.live = True
            elif not event.message.endswith("; reconnecting"):  # a drop, as planned
                self.problems.append(event.message)

    def drop(self, away: float) -> None:
        """Abort the connection without a word, as a pulled cable would."""
        peer, transport = self.peer, self.transport
        if not self.live or peer is None or transport is None or peer.ended.is_set():
            return
        self.live = False
        self.drops += 1
        self.away = away
        transport.abort()


class PeerLog(logging.Handler):
    """What this process logs. Actions the host refused as stale or out of turn are counted: a
    bot that decided while its peer was cut off sends one once the catch-up has moved the game
    on (``play_bot`` does not check that the position it decided on is still the current one),
    and the host refusing it is what must happen. Anything else is kept as a problem."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.refused = 0
        self.other: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if text.endswith((f"(host: {E_STALE})", f"(host: {E_TURN})")):
            self.refused += 1
        else:
            self.other.append(f"{record.name}: {text}")


async def start_host(config: SoakConfig, root: Path) -> tuple[asyncio.subprocess.Process, Any]:
    """The host process and its first line (the games' ports)."""
    args = [str(HOST_SCRIPT), str(root), "--games", str(config.games)]
    args += ["--seats", str(config.seats), "--bots", ",".join(config.host_bots)]
    args += ["--seed", config.seed, "--timeout", str(config.timeout)]
    if not config.fsync:
        args.append("--no-fsync")
    with (root / HOST_STDERR).open("wb") as stderr:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=stderr,
        )
    try:
        return proc, await read_json(proc, 60)
    except BaseException:
        await stop_host(proc)
        raise


async def read_json(proc: asyncio.subprocess.Process, timeout: float) -> Any:
    assert proc.stdout is not None
    line = await asyncio.wait_for(proc.stdout.readline(), timeout)
    if not line:
        raise RuntimeError(f"the soak host stopped without a word (see its {HOST_STDERR})")
    return json.loads(line)


async def seat_peers(config: SoakConfig, ports: list[int], games: list[list[Dropper]]) -> None:
    """Every TCP seat of every game, connected and playing in the background (added to
    ``games`` as they come, so that a failure leaves the ones seated to be closed)."""
    rng = random.Random(config.seed)
    for g, port in enumerate(ports):
        droppers: list[Dropper] = []
        games.append(droppers)
        for s in range(config.tcp_seats):
            dropper = Dropper(port, rng, config)
            kind = config.peer_bots[s % len(config.peer_bots)]
            peer = await NetPeer.connect(
                await dropper.connect(),
                name=f"{kind}-{g}-{s}",
                connector=dropper.connect,
                reconnect_for=30.0,
            )
            dropper.peer = peer
            dropper.live = True
            peer.add_listener(dropper.listen)
            dropper.player = asyncio.create_task(play_bot(peer, kind, peer.commitment or ""))
            droppers.append(dropper)


def check_game(g: int, log: Path, digest: str, droppers: list[Dropper]) -> list[str]:
    """What is wrong with game ``g``: its log, verified as ``jetset replay --verify`` does, and
    each of its peers, which must hold every entry of it once and end in its state."""
    try:
        result = replay(read_log(log))
    except (OSError, LogFormatError) as exc:
        return [f"game {g}: {log.name} unreadable: {exc}"]
    problems = []
    if not (result.ok and result.commitment_ok and result.game.over):
        problems.append(f"game {g}: the log does not verify: {result.error}")
    if result.digest != digest:
        problems.append(f"game {g}: the log ends in another state than the host's game")
    for s, d in enumerate(droppers):
        peer = d.peer
        assert peer is not None
        who = f"game {g} peer {s}"
        if d.seen != list(range(result.entries)):
            problems.append(f"{who}: applied {len(d.seen)} entries, not each of {result.entries}")
        if peer.lost is not None or peer.end is None or not peer.end.ok:
            why = peer.lost or (peer.end.error if peer.end else "no end of the game")
            problems.append(f"{who}: did not end well: {why}")
        if peer.desync is not None or peer.game.digest() != result.digest:
            problems.append(f"{who}: ends in another state than the log (desync {peer.desync})")
        problems += [f"{who}: {message}" for message in d.problems]
    return problems


async def run_soak(config: SoakConfig, root: Path) -> SoakResult:
    """One soak: every game to its end with drops, then every check; the host's figures (zero
    when the soak stalled: then ``problems`` says where)."""
    peers_cpu = time.process_time()
    proc, first = await start_host(config, root)
    peer_log = PeerLog()
    logging.getLogger("jetset").addHandler(peer_log)
    games: list[list[Dropper]] = []
    figures: dict[str, Any] = {"entries": 0, "wall": 0.0, "cpu": 0.0, "peak_rss_kb": 0}
    try:
        try:
            await seat_peers(config, first["ports"], games)
        except ConnectionError as exc:
            problems = [f"a peer could not take its seat: {exc}"]
        else:
            problems = await wait_for_ends(games, config, proc)
        if not problems:
            figures = await read_json(proc, 30)
            problems = check_host(figures, games)
        problems += [f"a peer logged: {line}" for line in peer_log.other]
    finally:
        logging.getLogger("jetset").removeHandler(peer_log)
        for droppers in games:
            for d in droppers:
                if d.peer is not None:
                    await d.peer.close()
                if d.player is not None:
                    d.player.cancel()
        await stop_host(proc)
    if problems:
        problems += stderr_tail(root / HOST_STDERR)
    everyone = [d for droppers in games for d in droppers]
    return SoakResult(
        games=config.games,
        entries=figures["entries"],
        wall=figures["wall"],
        cpu=figures["cpu"],
        peak_rss_kb=figures["peak_rss_kb"],
        peers_cpu=time.process_time() - peers_cpu,
        drops=sum(d.drops for d in everyone),
        reconnects=sum(d.reconnects for d in everyone),
        refused=peer_log.refused,
        problems=problems,
    )


async def wait_for_ends(
    games: list[list[Dropper]], config: SoakConfig, host: asyncio.subprocess.Process
) -> list[str]:
    """Until every peer has ended; if the host process stops first, or no peer applies an entry
    for ``config.stall`` seconds (or the whole soak takes ``config.timeout``), what each peer
    still waiting has seen."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + config.timeout
    applied, quiet_since = -1, loop.time()
    everyone = [d for droppers in games for d in droppers]
    while not all(d.peer is not None and d.peer.ended.is_set() for d in everyone):
        if host.returncode is not None:
            return [f"the host process stopped (exit status {host.returncode})"]
        now = loop.time()
        seen = sum(len(d.seen) for d in everyone)
        if seen != applied:
            applied, quiet_since = seen, now
        if now - quiet_since > config.stall or now > deadline:
            return [
                f"game {g} peer {s}: stuck after {len(d.seen)} entries. " + " ".join(d.problems[:3])
                for g, droppers in enumerate(games)
                for s, d in enumerate(droppers)
                if d.peer is not None and not d.peer.ended.is_set()
            ]
        await asyncio.sleep(0.1)
    return []


def check_host(figures: dict[str, Any], games: list[list[Dropper]]) -> list[str]:
    """What is wrong with any game the host reported, and anything the host logged."""
    problems = []
    for g, (game, droppers) in enumerate(zip(figures["games"], games, strict=True)):
        problems += check_game(g, Path(game["log"]), game["digest"], droppers)
    if figures["warnings"] or figures["errors"]:
        problems += [f"the host logged: {line}" for line in figures["logged"]]
    return problems


def stderr_tail(path: Path, lines: int = 5) -> list[str]:
    """The last lines the host process wrote to its standard error, if any."""
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return []
    return [f"the host's stderr: {line}" for line in text.splitlines()[-lines:]]


async def stop_host(proc: asyncio.subprocess.Process) -> None:
    """Tell the host to close, and make sure it has gone."""
    if proc.returncode is None and proc.stdin is not None:
        with contextlib.suppress(ConnectionError):
            proc.stdin.write(b"done\n")
            await proc.stdin.drain()
    try:
        await asyncio.wait_for(proc.wait(), 10)
    except TimeoutError:
        proc.kill()
        await proc.wait()

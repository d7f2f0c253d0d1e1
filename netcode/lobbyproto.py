"""The lobby over the protocol (docs/protocol.md, "Lobby"): what a client of ``jetset
ssh-server``'s ``jetset`` subsystem says before it sits at a game, and what it is told.

After ``hello`` the server sends ``games``; the client may ask for ``games`` again, ``create`` a
game, say something in the lobby (``lobby-chat``), and ``join`` or ``watch`` a game. The answer to
those two is ``joining``, after which the same channel carries that game's own conversation,
from its ``hello``. Every message a client sends is checked here into a small frozen value;
anything else is a ``ProtocolError`` (``netcode.protocol``'s codes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.options import MODULES
from netcode.framing import Message
from netcode.protocol import (
    E_MALFORMED,
    E_UNKNOWN,
    MAX_CHAT,
    MAX_KIND,
    MAX_PASSWORD,
    MAX_SEATS,
    ProtocolError,
)

SUBSYSTEM = "jetset"
"""The SSH subsystem name that carries the protocol."""
LOBBY_FRAME_LIMIT = 4096
"""The largest frame a client may send while in the lobby."""
MAX_GAME_ID = 16
MAX_BOTS = MAX_SEATS


@dataclass(frozen=True)
class ListGames:
    """``games {}``: the list again."""


@dataclass(frozen=True)
class Create:
    """``create {players, bots, password?, extra_cards?, modules?}``: a new game (the creator
    then joins); ``modules`` names the expansion's modules (``engine.options.MODULES``)."""

    players: int
    bots: tuple[str, ...]
    password: str | None = None
    extra_cards: bool = False
    modules: tuple[str, ...] = ()


@dataclass(frozen=True)
class JoinGame:
    """``join {game?, password?}``: a seat in ``game`` (your own seat back if you hold one).
    Without ``game``: the game where you hold a seat, else the first public game waiting for
    players, else a new game of ``players`` seats."""

    game: str | None
    password: str | None = None
    players: int = 4


@dataclass(frozen=True)
class WatchGame:
    """``watch {game, password?}``."""

    game: str
    password: str | None = None


@dataclass(frozen=True)
class LobbySay:
    """``lobby-chat {text}``."""

    text: str


LobbyRequest = ListGames | Create | JoinGame | WatchGame | LobbySay


def _opt_str(msg: Message, key: str, limit: int) -> str | None:
    value = msg.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise ProtocolError(E_MALFORMED, f"'{key}' is text of at most {limit} characters")
    return value


def _game_id(msg: Message, *, required: bool) -> str | None:
    value = _opt_str(msg, "game", MAX_GAME_ID)
    if value is None and required:
        raise ProtocolError(E_MALFORMED, f"'{msg['t']}' needs a 'game'")
    return value


def _players(msg: Message, default: int | None = None) -> int:
    value = msg.get("players", default)
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= MAX_SEATS:
        raise ProtocolError(E_MALFORMED, "'players' is a whole number of seats, 2 or more")
    return value


def _bots(msg: Message) -> tuple[str, ...]:
    value = msg.get("bots", [])
    if not isinstance(value, list) or len(value) > MAX_BOTS:
        raise ProtocolError(E_MALFORMED, "'bots' is a list of bot kinds")
    if not all(isinstance(kind, str) and 0 < len(kind) <= MAX_KIND for kind in value):
        raise ProtocolError(E_MALFORMED, "'bots' is a list of bot kinds")
    return tuple(value)


def _modules(msg: Message) -> tuple[str, ...]:
    value = msg.get("modules", [])
    if not isinstance(value, list) or not all(m in MODULES for m in value):
        raise ProtocolError(E_MALFORMED, f"'modules' is a list of: {', '.join(MODULES)}")
    return tuple(m for m in MODULES if m in value)


def _flag(msg: Message, key: str) -> bool:
    value = msg.get(key, False)
    if not isinstance(value, bool):
        raise ProtocolError(E_MALFORMED, f"'{key}' is true or false")
    return value


def parse_lobby(msg: Message) -> LobbyRequest:
    """One message from a client in the lobby; ProtocolError if unknown or malformed."""
    kind = msg["t"]
    if kind == "games":
        return ListGames()
    if kind == "create":
        return Create(
            _players(msg),
            _bots(msg),
            _opt_str(msg, "password", MAX_PASSWORD) or None,
            _flag(msg, "extra_cards"),
            _modules(msg),
        )
    if kind == "join":
        return JoinGame(
            _game_id(msg, required=False),
            _opt_str(msg, "password", MAX_PASSWORD),
            _players(msg, 4),
        )
    if kind == "watch":
        game = _game_id(msg, required=True)
        assert game is not None
        return WatchGame(game, _opt_str(msg, "password", MAX_PASSWORD))
    if kind == "lobby-chat":
        text = _opt_str(msg, "text", MAX_CHAT)
        if text is None:
            raise ProtocolError(E_MALFORMED, "'lobby-chat' needs a 'text'")
        text = " ".join(text.split())
        if not text.isprintable():
            raise ProtocolError(E_MALFORMED, "chat is printable text")
        return LobbySay(text)
    raise ProtocolError(E_UNKNOWN, f"unknown lobby message type {str(kind)[:20]!r}")


# -- what the server sends -------------------------------------------------------------------


@dataclass(frozen=True)
class SeatLine:
    """A seat as the lobby lists it: its player's name (None: open), a bot's kind, connected."""

    name: str | None
    bot: str | None
    connected: bool


@dataclass(frozen=True)
class GameLine:
    """One game in ``games``."""

    id: str
    title: str
    seats: tuple[SeatLine, ...]
    players: int
    extra_cards: bool
    private: bool
    status: str
    open_seats: int
    modules: tuple[str, ...] = ()
    """The expansion's modules the game plays."""

    def to_wire(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "seats": [{"name": s.name, "bot": s.bot, "connected": s.connected} for s in self.seats],
            "options": {
                "players": self.players,
                "extra_cards": self.extra_cards,
                "modules": list(self.modules),
            },
            "private": self.private,
            "status": self.status,
            "open": self.open_seats,
        }


def games_message(games: list[GameLine], you: str) -> Message:
    """``games {games, you}``: every game, and the name this client has in the lobby."""
    return {"t": "games", "you": you, "games": [g.to_wire() for g in games]}


def created_message(game: str) -> Message:
    return {"t": "created", "game": game}


def joining_message(game: str, token: str | None) -> Message:
    """``joining {game, token}``: from now on the channel is the game's (``token``: the seat this
    identity holds there, to take back with ``reconnect``; nil for a new seat or a spectator)."""
    return {"t": "joining", "game": game, "token": token}


def lobby_chat_message(name: str, text: str) -> Message:
    return {"t": "lobby-chat", "name": name, "text": text}


def _text_field(raw: dict[Any, Any], key: str, limit: int) -> str:
    value = raw.get(key)
    if not isinstance(value, str):
        raise ProtocolError(E_MALFORMED, f"games: '{key}' is not text")
    return value[:limit]


def _listed_modules(value: object) -> tuple[str, ...]:
    """The modules a ``games`` line names (what is not a module is left out)."""
    if not isinstance(value, list):
        return ()
    return tuple(m for m in MODULES if m in value)


def parse_games(msg: Message) -> tuple[GameLine, ...]:
    """A server's ``games`` message, checked (a client trusts the server, but not blindly)."""
    raw_games = msg.get("games")
    if not isinstance(raw_games, list):
        raise ProtocolError(E_MALFORMED, "games: no list of games")
    out = []
    for raw in raw_games[:256]:
        if not isinstance(raw, dict):
            raise ProtocolError(E_MALFORMED, "games: a game is not a map")
        seats = raw.get("seats")
        options = raw.get("options")
        if not isinstance(seats, list) or not isinstance(options, dict):
            raise ProtocolError(E_MALFORMED, "games: a game without seats or options")
        lines = []
        for s in seats[:MAX_SEATS]:
            if not isinstance(s, dict):
                raise ProtocolError(E_MALFORMED, "games: a seat is not a map")
            name, bot = s.get("name"), s.get("bot")
            lines.append(
                SeatLine(
                    name[:64] if isinstance(name, str) else None,
                    bot[:MAX_KIND] if isinstance(bot, str) else None,
                    s.get("connected") is True,
                )
            )
        players, open_seats = options.get("players"), raw.get("open")
        out.append(
            GameLine(
                _text_field(raw, "id", MAX_GAME_ID),
                _text_field(raw, "title", 80),
                tuple(lines),
                players if isinstance(players, int) else len(lines),
                options.get("extra_cards") is True,
                raw.get("private") is True,
                _text_field(raw, "status", 80),
                open_seats if isinstance(open_seats, int) else 0,
                _listed_modules(options.get("modules")),
            )
        )
    return tuple(out)

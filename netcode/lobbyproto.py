"""The lobby over the protocol (docs/protocol.md, "Lobby"): what a client of ``jetset
ssh-server``'s ``jetset`` subsystem says before it sits at a game, and what it is told.

After ``hello`` the server sends ``games``; the client may ask for ``games`` again, ``create`` a
game, say something in the lobby (``lobby-chat``), and ``join`` or ``watch`` a game. The answer to
those two is ``joining``, after which the same channel carries that game's own conversation,
from its ``hello``. Every message is a ``netcode.messages.ProtocolMessage`` of its own two sides
(``lobby-client``, ``lobby-server``), checked by the same ``from_wire``: anything a client sends
that is not one is a ``ProtocolError`` with the field's code and sentence. The browser sessions
speak the same messages.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from dataclasses import dataclass
from functools import cache
from typing import Final

from engine.games import DEFAULT, GAMES
from engine.platform import SEVERAL_OF
from netcode.chattext import said_line
from netcode.messages import (
    MAX_CHAT,
    MAX_GAME_ID,
    MAX_KIND,
    MAX_NAME,
    MAX_PASSWORD,
    MAX_SEATS,
    ProtocolMessage,
    Wire,
    from_wire,
    spec,
)

SUBSYSTEM = "jetset"
"""The SSH subsystem name that carries the protocol."""
LOBBY_FRAME_LIMIT = 4096
"""The largest frame a client may send while in the lobby."""
CLIENT = "lobby-client"
"""The side of what a client says in the lobby."""
SERVER = "lobby-server"
"""The side of what the lobby answers."""
MAX_GAME_NAME = 16
"""A game's name (``engine.games``: ``jetset``, ``jetlag``)."""
E_SEAT_CODE = "seat-code"
"""A refusal: your name holds a seat in that game, and a name is no secret (a browser,
``--open``): send ``join`` again with the seat's ``code`` to take it back."""
MAX_CODE = 16
"""A seat's code as typed (8 characters, with room for spaces and dashes)."""
MAX_BOTS = MAX_SEATS
MAX_GAMES = 256
"""The most games one ``games`` message lists."""
MAX_LINE = 80
"""A game's title or status."""
MAX_CHOICES = 8
"""The most names a several-of option (``modules``) may list."""
OPTION_FIELDS: Final = ("extra_cards", "modules", "investors_face_up")
"""The fields of ``create`` and of a ``games`` line's ``options`` that carry a game's options,
each by its name in the game's schema (``GameRules.options_schema``); those at their default are
not sent to the game's ``check_options``, so a game without them takes a ``create`` that leaves
them out."""


# -- cleaning steps ----------------------------------------------------------------------------


def _seats(value: int) -> int:
    if value > MAX_SEATS:
        raise ValueError("too many seats")
    return value


def _bot_kinds(kinds: tuple[str, ...]) -> tuple[str, ...]:
    if not all(0 < len(kind) <= MAX_KIND for kind in kinds):
        raise ValueError("not a bot kind")
    return kinds


@cache
def several_of(option: str) -> tuple[str, ...]:
    """Every choice of the several-of ``option`` in the games' schemas (``engine.games``,
    ``GameRules.options_schema``), in their order: ``modules``' are Jet Set's modules."""
    names: list[str] = []
    for rules in GAMES.values():
        for option_spec in rules.options_schema():
            if option_spec.name == option and option_spec.kind == SEVERAL_OF:
                names += [str(v) for v in option_spec.values if v not in names]
    return tuple(names)


def _module_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """The modules a request names (a choice of some game's ``modules``), in their order;
    whether its game has them is the lobby's question (``check_options``)."""
    known = several_of("modules")
    if not all(name in known for name in names):
        raise ValueError("not a module")
    return tuple(m for m in known if m in names)


def _known_modules(names: tuple[str, ...]) -> tuple[str, ...]:
    """The modules a server's ``games`` line names; a name this client does not know is left
    out (a newer server's module)."""
    return tuple(m for m in several_of("modules") if m in names)


def _game_name(name: str) -> str:
    """A game's name is a word of small letters, digits, ``_`` and ``-``; whether this server
    hosts that game is the lobby's answer (``refused``, naming its games)."""
    if not re.fullmatch(r"[a-z0-9_-]+", name):
        raise ValueError("not a game's name")
    return name


def _no_empty(password: str) -> str | None:
    """An empty password is none."""
    return password or None


def _chat(text: str) -> str:
    if not text.strip():
        return ""  # the lobby's own check says an empty line is no line
    return said_line(text)


def _players_field(default: int | None = None) -> typing.Any:
    why = f"'players' is a whole number of seats, 2 to {MAX_SEATS}"
    if default is None:
        return spec(lowest=2, clean=_seats, why=why)
    return spec(default, lowest=2, clean=_seats, why=why)


def _password_field() -> typing.Any:
    return spec(None, max_len=MAX_PASSWORD, clean=_no_empty, omit_default=True)


def _game_field() -> typing.Any:
    why = f"'game' is a game's id, at most {MAX_GAME_ID} characters"
    return spec(None, max_len=MAX_GAME_ID, why=why)


# -- what a client sends -----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ListGames(ProtocolMessage, t="games", side=CLIENT):
    """The list again."""


@dataclass(frozen=True, kw_only=True)
class Create(ProtocolMessage, t="create", side=CLIENT):
    """A new game of ``game`` with ``bots`` in its last seats (the creator then joins it)."""

    game: str = spec(
        DEFAULT,
        max_len=MAX_GAME_NAME,
        clean=_game_name,
        why=f"'game' is a game's name (jetset, jetlag), at most {MAX_GAME_NAME} characters",
        omit_default=True,
    )
    """The game played (``engine.games``); absent: Jet Set, as before games had names."""
    players: int = _players_field()
    bots: tuple[str, ...] = spec(
        (), max_len=MAX_BOTS, clean=_bot_kinds, why="'bots' is a list of bot kinds"
    )
    password: str | None = _password_field()
    extra_cards: bool = False
    modules: tuple[str, ...] = spec(
        (),
        max_len=MAX_CHOICES,
        clean=_module_names,
        why="'modules' is a list of the game's modules, by their names",
        omit_default=True,
    )
    """The modules the game plays (Jet Set's: the expansion's)."""
    investors_face_up: bool = spec(False, omit_default=True)
    """The Investors module's face-up variant (refused without the module)."""


@dataclass(frozen=True, kw_only=True)
class JoinGame(ProtocolMessage, t="join", side=CLIENT):
    """A seat in ``game`` (your own seat back if you hold one). Without ``game``: the game where
    you hold a seat, else the first public game waiting for players, else a new game of
    ``players`` seats. ``code``: the seat's code, which takes back the seat your name holds where
    a name is no secret (a browser, ``--open``)."""

    game: str | None = _game_field()
    password: str | None = _password_field()
    players: int = _players_field(4)
    code: str | None = spec(None, max_len=MAX_CODE, clean=_no_empty, omit_default=True)


@dataclass(frozen=True, kw_only=True)
class WatchGame(ProtocolMessage, t="watch", side=CLIENT):
    game: str = spec(
        max_len=MAX_GAME_ID, why=f"'watch' needs a 'game', at most {MAX_GAME_ID} characters"
    )
    password: str | None = _password_field()


@dataclass(frozen=True, kw_only=True)
class NextGame(ProtocolMessage, t="next", side=CLIENT):
    """A seat in the game that follows ``game``, which is over and where you held a seat: the
    next game one of its players opened, while it waits for players; else a new one like it
    (its game, seats, bots, options and password), which you open and its other players find
    by the same request. ``password``: the finished game's, if it had one."""

    game: str = spec(
        max_len=MAX_GAME_ID, why=f"'next' needs a 'game', at most {MAX_GAME_ID} characters"
    )
    password: str | None = _password_field()


@dataclass(frozen=True, kw_only=True)
class LobbySay(ProtocolMessage, t="lobby-chat", side=CLIENT):
    """A line said in the lobby."""

    text: str = spec(
        max_len=MAX_CHAT, clean=_chat, why=f"lobby chat is at most {MAX_CHAT} printable characters"
    )


LobbyRequest = ListGames | Create | JoinGame | WatchGame | NextGame | LobbySay
Entry = JoinGame | WatchGame | NextGame
"""The requests whose answer is ``joining``: the channel becomes a game's."""


def create_options(req: Create) -> dict[str, object]:
    """The game options ``req`` names, by the schema's names: those not at their default
    (``OPTION_FIELDS``), for the game's ``check_options`` to take or refuse."""
    defaults = {field.name: field.default for field in dataclasses.fields(Create)}
    return {
        name: getattr(req, name) for name in OPTION_FIELDS if getattr(req, name) != defaults[name]
    }


def create_request(
    game: str,
    players: int,
    bots: tuple[str, ...],
    password: str | None,
    options: typing.Mapping[str, object],
) -> Create:
    """A ``create`` of ``game`` carrying the schema's ``options`` (``OPTION_FIELDS``; a value
    of the wrong kind is left at its default, for the lobby to take as not chosen)."""
    modules = options.get("modules", ())
    return Create(
        game=game,
        players=players,
        bots=bots,
        password=password,
        extra_cards=options.get("extra_cards") is True,
        modules=tuple(map(str, modules)) if isinstance(modules, tuple | list) else (),
        investors_face_up=options.get("investors_face_up") is True,
    )


def game_options(players: int, values: typing.Mapping[str, object]) -> GameOptions:
    """A ``games`` line's options: the seats, and the schema's ``values`` of a table
    (``GameRules.option_values``) that this message carries."""
    modules = values.get("modules", ())
    return GameOptions(
        players=players,
        extra_cards=values.get("extra_cards") is True,
        modules=tuple(map(str, modules)) if isinstance(modules, tuple) else (),
        investors_face_up=values.get("investors_face_up") is True,
    )


def parse_lobby(raw: Wire) -> LobbyRequest:
    """One message from a client in the lobby; ProtocolError if unknown or malformed."""
    return typing.cast(LobbyRequest, from_wire(raw, CLIENT))


# -- what the server sends ---------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class SeatLine:
    """A seat as the lobby lists it: its player's name (None: open), a bot's kind, connected."""

    name: str | None = spec(None, max_len=MAX_NAME * 2)
    bot: str | None = spec(None, max_len=MAX_KIND)
    connected: bool = False


@dataclass(frozen=True, kw_only=True)
class GameOptions:
    """The options a game was created with."""

    players: int = spec(lowest=2)
    extra_cards: bool = False
    modules: tuple[str, ...] = spec((), max_len=MAX_CHOICES, clean=_known_modules)
    """The modules the game plays (Jet Set's: the expansion's)."""
    investors_face_up: bool = spec(False, omit_default=True)


@dataclass(frozen=True, kw_only=True)
class GameLine:
    """One game in ``games``: ``open`` is its seats no one has taken."""

    id: str = spec(max_len=MAX_GAME_ID)
    game: str = spec(DEFAULT, max_len=MAX_GAME_NAME, omit_default=True)
    """The game played there (absent: Jet Set); a client shows a name it does not know as it
    is, as text."""
    title: str = spec("", max_len=MAX_LINE)
    seats: tuple[SeatLine, ...] = spec(max_len=MAX_SEATS)
    options: GameOptions
    private: bool = False
    status: str = spec("", max_len=MAX_LINE)
    open_seats: int = spec(0, key="open")


@dataclass(frozen=True, kw_only=True)
class Games(ProtocolMessage, t="games", side=SERVER):
    """Every game, and the name this client has in the lobby."""

    you: str = spec("", max_len=MAX_NAME * 2)
    games: tuple[GameLine, ...] = spec(max_len=MAX_GAMES)


@dataclass(frozen=True, kw_only=True)
class Created(ProtocolMessage, t="created", side=SERVER):
    game: str = spec(max_len=MAX_GAME_ID)


@dataclass(frozen=True, kw_only=True)
class Joining(ProtocolMessage, t="joining", side=SERVER):
    """From now on the channel is the game's (``token``: the seat this identity holds there, to
    take back with ``reconnect``; None for a new seat or a spectator)."""

    game: str = spec(max_len=MAX_GAME_ID)
    token: str | None = spec(None, max_len=64)


@dataclass(frozen=True, kw_only=True)
class LobbyChatLine(ProtocolMessage, t="lobby-chat", side=SERVER):
    """A line said in the lobby, by ``name``."""

    name: str = spec("", max_len=MAX_NAME * 2)
    text: str = spec("", max_len=MAX_CHAT)


LobbyAnswer = Games | Created | Joining | LobbyChatLine


def parse_server(raw: Wire) -> LobbyAnswer:
    """One message from the lobby, checked (a client trusts the server, but not blindly);
    ProtocolError if it is unknown or malformed."""
    return typing.cast(LobbyAnswer, from_wire(raw, SERVER))

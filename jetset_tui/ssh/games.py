"""The games a lobby offers (the SSH lobby, and `jetset join ssh://`'s and the browser's, which
share its form): each game's title, seats, bots and options, and how far a game of it has gone.

A room's table is any game's, made through its ``GameRules`` (``engine.games``); what the
lobby says of a game beyond its rules is here, one entry a game (``LOBBY_GAMES``). A game's
options are its rules' schema (``GameRules.options_schema``): the creator's choices are checked
by its ``check_options``, and an option the game has not (Jet Set's modules, of Jet Lag) is
refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import OptionError
from engine.games import DEFAULT, GAMES, TITLES, AnyRules, game_rules
from jetset_tui.game_options import say_refusal, table_option_words
from jetset_tui.i18n import N_, _
from netcode.gameoptions import option_map


class GameRefused(ValueError):
    """A new game's request this server cannot make, with a sentence for the player."""


@dataclass(frozen=True)
class LobbyGame:
    """One game as a lobby offers it: ``progress`` says how far a started game has gone from
    its state (its options are its rules' schema)."""

    name: str
    progress: Callable[[Any], str]


LOBBY_GAMES: dict[str, LobbyGame] = {
    "jetset": LobbyGame("jetset", lambda state: _("turn {n}").format(n=state.turn)),
    "jetlag": LobbyGame("jetlag", lambda state: _("round {n} of 4").format(n=state.round)),
}
"""Each game a lobby offers, by the name ``engine.games`` gives it."""
GAME_CHOICES: tuple[tuple[str, str], ...] = tuple(
    (TITLES[name], name) for name in GAMES if name in LOBBY_GAMES
)
"""The new-game form's Game line: each game's title and name, Jet Set first."""


NAMED_AFTER = re.compile(r"(?P<name>.+)'s game")
"""A game's title as the server makes it, in English (it is kept so in saved games and sent so
to ``jetset join ssh://``): its creator's name and "'s game"."""


def title_words(title: str) -> str:
    """A game's title in the player's language: ``ann's game`` is ``la partita di ann`` in
    Italian; any other title as it is."""
    found = NAMED_AFTER.fullmatch(title)
    return _("{name}'s game").format(name=found["name"]) if found else title


STATUS_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"turn (?P<n>\d+)"), N_("turn {n}")),
    (re.compile(r"round (?P<n>\d+) of 4"), N_("round {n} of 4")),
    (re.compile(r"waiting for (?P<n>\d+), kept"), N_("waiting for {n}, kept")),
    (re.compile(r"waiting for (?P<n>\d+)"), N_("waiting for {n}")),
    (re.compile(r"over"), N_("over")),
)
"""A game's status as a server that does not know the player's language sends it, in English
(a browser's tab tells it none), and the words each is said in."""


def status_words(status: str) -> str:
    """A game's status in the player's language (a browser tab's Italian lobby said "over",
    "turn 6"); one a server sent in another language, or any other, as it is."""
    for form, words in STATUS_FORMS:
        found = form.fullmatch(status)
        if found is not None:
            return _(words).format(**found.groupdict())
    return status


def game_title(name: str) -> str:
    """The game's name as people write it (a proper name, the same in every language)."""
    return TITLES.get(name, name)


def lobby_game(name: str) -> LobbyGame:
    """The game ``name``; GameRefused naming the games this server offers."""
    game = LOBBY_GAMES.get(name)
    if game is None:
        offered = ", ".join(f"{game_title(n)} ({n})" for n in LOBBY_GAMES)
        said = _("this server has no game called {name}: it offers {games}")
        raise GameRefused(said.format(name=name[:20], games=offered))
    return game


def rules_of(name: str) -> AnyRules:
    """The rules of the game ``name``, which the lobby offers (GameRefused if not)."""
    return game_rules(lobby_game(name).name)


def seat_counts(name: str) -> tuple[int, ...]:
    return tuple(rules_of(name).seats)


def bot_kinds(name: str = DEFAULT) -> tuple[str, ...]:
    """The bot kinds a seat of ``name`` can be given."""
    return tuple(rules_of(name).bots())


def default_bot(name: str = DEFAULT) -> str:
    kinds = bot_kinds(name)
    return "greedy" if "greedy" in kinds else kinds[0]


def check_seats(name: str, players: int) -> None:
    """GameRefused unless the game ``name`` is played by ``players``."""
    counts = seat_counts(name)
    if players in counts:
        return
    title = game_title(name)
    if len(counts) == 1:
        said = _("{game} is for {n} players").format(game=title, n=counts[0])
    else:
        said = _("{game} is for {low} to {high} players")
        said = said.format(game=title, low=min(counts), high=max(counts))
    raise GameRefused(said)


def new_options(name: str, players: int, chosen: Mapping[str, object]) -> dict[str, object]:
    """The options a new table of ``name`` for ``players`` is made with, from what was
    ``chosen`` by the schema's names (``GameRules.check_options``); GameRefused for a number of
    seats the game is not for, or an option it has not (another game's) or cannot play."""
    rules = rules_of(name)
    check_seats(name, players)
    try:
        checked = dict(rules.check_options(chosen))
    except OptionError as exc:
        raise GameRefused(say_refusal(exc)) from None
    return {"players": players, **checked} if len(rules.seats) > 1 else checked


def check_bots(name: str, kinds: list[str]) -> None:
    """GameRefused for a bot kind the game ``name`` has not."""
    known = bot_kinds(name)
    for kind in kinds:
        if kind not in known:
            said = _("{game} has no bot {kind}; its bots: {bots}")
            raise GameRefused(
                said.format(game=game_title(name), kind=repr(kind[:20]), bots=", ".join(known))
            )


def progress(name: str, state: Any) -> str:
    """How far a started game of ``name`` has gone (``turn 12``, ``round 3 of 4``)."""
    game = LOBBY_GAMES.get(name)
    return game.progress(state) if game is not None else ""


def option_values(name: str, options: Any) -> Mapping[str, object]:
    """The schema's values a table of ``name`` was made with (its ``options``: a mapping, or
    Jet Set's ``Options`` from a saved game's log)."""
    return rules_of(name).option_values(option_map(options))


def option_words(name: str, options: Any) -> list[str]:
    """A table's options as the lobby lists them (``extra cards``, ``Hubs, Investors``)."""
    return table_option_words(lobby_game(name).name, options)

"""The games a lobby offers (the SSH lobby, and `jetset join ssh://`'s and the browser's, which
share its form): each game's title, seats, bots and options, and how far a game of it has gone.

A room's table is any game's, made through its ``GameRules`` (``engine.games``); what the
lobby says of a game beyond its rules is here, one entry a game (``LOBBY_GAMES``). Only Jet Set
has options a creator chooses (the extra cards, the expansion's modules); another game's table
is made with none, and asking one for Jet Set's is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.games import DEFAULT, GAMES, TITLES, AnyRules, game_rules
from jetset_tui.i18n import _
from jetset_tui.modules import game_options


class GameRefused(ValueError):
    """A new game's request this server cannot make, with a sentence for the player."""


@dataclass(frozen=True)
class JetSetChoices:
    """What a creator may choose of Jet Set beyond its seats."""

    extra_cards: bool = False
    modules: tuple[str, ...] = ()
    investors_face_up: bool = False

    @property
    def any(self) -> bool:
        return self.extra_cards or bool(self.modules) or self.investors_face_up


@dataclass(frozen=True)
class LobbyGame:
    """One game as a lobby offers it: ``options`` makes a new table's options from the seats
    and the creator's choices (GameRefused); ``progress`` says how far a started game has gone
    from its state; ``words`` lists its options as the lobby shows them (extra cards, modules)."""

    name: str
    options: Callable[[int, JetSetChoices], object]
    progress: Callable[[Any], str]
    words: Callable[[Any], list[str]]
    chosen: Callable[[Any], JetSetChoices] = lambda options: JetSetChoices()
    """What was chosen of Jet Set's options, from a table's options (none, for another game)."""
    has_choices: bool = False
    """The new-game form shows the extra cards and the modules for it."""


def _jetset_options(players: int, choices: JetSetChoices) -> object:
    options = game_options(players, choices.extra_cards, choices.modules, choices.investors_face_up)
    try:
        options.check_supported()
    except ValueError as exc:
        raise GameRefused(str(exc)) from None
    return options


def _jetset_words(options: Any) -> list[str]:
    words = [_("extra cards")] if options.extra_cards else []
    if options.modules:
        words.append(options.modules_text())
    return words


def _no_options(players: int, choices: JetSetChoices) -> object:
    return {}


LOBBY_GAMES: dict[str, LobbyGame] = {
    "jetset": LobbyGame(
        "jetset",
        _jetset_options,
        lambda state: _("turn {n}").format(n=state.turn),
        _jetset_words,
        lambda o: JetSetChoices(o.extra_cards, o.modules, o.investors_face_up),
        has_choices=True,
    ),
    "jetlag": LobbyGame(
        "jetlag",
        _no_options,
        lambda state: _("round {n} of 4").format(n=state.round),
        lambda options: [],
    ),
}
"""Each game a lobby offers, by the name ``engine.games`` gives it."""
GAME_CHOICES: tuple[tuple[str, str], ...] = tuple(
    (TITLES[name], name) for name in GAMES if name in LOBBY_GAMES
)
"""The new-game form's Game line: each game's title and name, Jet Set first."""


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


def new_options(name: str, players: int, choices: JetSetChoices) -> object:
    """The options a new table of ``name`` for ``players`` is made with; GameRefused for a
    number of seats the game is not for, or Jet Set's choices asked of another game."""
    game = lobby_game(name)
    check_seats(name, players)
    if choices.any and not game.has_choices:
        said = _("the extra cards and the modules are Jet Set's: {game} has none")
        raise GameRefused(said.format(game=game_title(name)))
    return game.options(players, choices)


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


def chosen(name: str, options: Any) -> JetSetChoices:
    """Jet Set's options a table of ``name`` was made with (none, for another game)."""
    game = LOBBY_GAMES.get(name)
    return game.chosen(options) if game is not None else JetSetChoices()


def option_words(name: str, options: Any) -> list[str]:
    """A table's options as the lobby lists them (Jet Set's extra cards and modules)."""
    game = LOBBY_GAMES.get(name)
    return game.words(options) if game is not None else []

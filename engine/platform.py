"""What a game implements to be played on this platform (docs/architecture.md, "Several games").

The platform (logs, the host and its peers, the lobby, the replay viewer, export, self-play)
knows a game only through these protocols, the way OpenSpiel's ``Game``/``State`` or
boardgame.io's game object plug into one framework:

- ``GameRules``: one game's definition: its name, its options, a fresh table, the bots;
- ``Table``: one game in play: its entries (decisions and chance), whose move, the legal
  actions, views per seat, the digest, the end and its result;
- ``Notation``: actions to and from one line of text;
- ``DealerOf``: the chance entries from a seed (fair dealing: commit, then reveal);
- ``Player``: a bot, choosing from its own seat's view.

A seat is an ``int`` from 0; ``CHANCE`` (-1) is the dealer's seat; ``None`` as a viewer is a
spectator. Entries carry an ``actor`` (a seat, or CHANCE) and an ``action`` and may be redacted
per seat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, Protocol, TypeVar, runtime_checkable

from engine.values import value

CHANCE: Final = -1

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
S_co = TypeVar("S_co", covariant=True)
S_contra = TypeVar("S_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)
T_contra = TypeVar("T_contra", contravariant=True)
"""A game's own ``Table`` type, as the hooks on its logs take it."""
E_co = TypeVar("E_co", covariant=True)


@value(unsafe_hash=True)
class Result:
    """How a game ended: each seat's points, and the winners (every seat tied: a draw)."""

    points: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def draw(self) -> bool:
        return len(self.winners) == len(self.points) > 1


FLAG: Final = "flag"
"""An option that is on or off (a checkbox)."""
ONE_OF: Final = "one-of"
"""An option that is one of its choices (a list to pick from)."""
SEVERAL_OF: Final = "several-of"
"""An option that is any of its choices, in their order (a checkbox each)."""
KINDS: Final = (FLAG, ONE_OF, SEVERAL_OF)

OptionValue = bool | str | tuple[str, ...]
"""A flag's value, a one-of's choice (a word, or true or false), a several-of's choices."""


def option_text(text: str) -> str:
    """Mark an option's words for the catalogs: a player sees them, translated by the app."""
    return text


@value(unsafe_hash=True)
class Choice:
    """One choice of a one-of or several-of option: its value and its words for a player."""

    value: bool | str
    label: str
    short: str = ""
    """Its words in a list of a game's options (a lobby's), where not its label."""


@value(unsafe_hash=True)
class OptionSpec:
    """One option a game's creator chooses (``GameRules.options_schema``); its words are
    English, marked with ``option_text``, for the app to translate."""

    name: str
    """Its key in the options ``check_options`` takes (and the lobby's ``create`` carries)."""
    kind: str
    """FLAG, ONE_OF or SEVERAL_OF."""
    label: str
    """The words before it on a form (``Modules``)."""
    choices: tuple[Choice, ...] = ()
    """A one-of's or a several-of's choices, in the order a form shows them."""
    default: OptionValue = False
    text: str = ""
    """A flag's words beside its box."""
    tip: str = ""
    """A longer sentence saying what it is, or none."""
    short: str = ""
    """A flag's words in a list of a game's options, where not its text; a flag that needs a
    choice is listed in that choice's place."""
    needs: str = ""
    """A choice of a several-of option that must be chosen for this one to be on (a flag):
    ``"modules:investors"``; empty: none."""

    @property
    def values(self) -> tuple[bool | str, ...]:
        return tuple(choice.value for choice in self.choices)


def check_schema_options(
    title: str, schema: Sequence[OptionSpec], raw: Mapping[str, object]
) -> dict[str, OptionValue]:
    """Every option of ``schema`` from ``raw`` (its default where ``raw`` has none), each of its
    kind and among its choices, several-of choices in the schema's order; OptionError naming the
    first that is not, or a name ``title``'s game does not have. Changes nothing."""
    from engine.errors import OptionError, Word

    known = {spec.name: spec for spec in schema}
    given: Iterable[object] = raw  # a hostile map's keys may be of any kind
    for name in given:
        if name not in known:
            if not known:
                raise OptionError("{game} has no options", game=title)
            names = ", ".join(known)
            raise OptionError(
                "{game} has no option {name}; its options: {names}",
                game=title,
                name=repr(name)[:40],
                names=names,
            )
    chosen = {
        spec.name: _option_value(title, spec, raw.get(spec.name, spec.default)) for spec in schema
    }
    for spec in schema:
        option, _colon, value = spec.needs.partition(":")
        wanted = chosen.get(option, ())
        met = isinstance(wanted, tuple) and value in wanted
        if spec.needs and chosen[spec.name] is True and not met:
            raise OptionError(
                "{option} needs {choice}",
                option=Word(spec.text or spec.label),
                choice=Word(_choice_label(known[option], value)),
            )
    return chosen


def _option_value(title: str, spec: OptionSpec, value: object) -> OptionValue:
    """``value`` as ``spec`` takes it; OptionError if it is not one."""
    from engine.errors import OptionError

    if spec.kind == FLAG and type(value) is bool:
        return value
    if spec.kind == ONE_OF and isinstance(value, bool | str) and value in spec.values:
        return value
    if (
        spec.kind == SEVERAL_OF
        and isinstance(value, list | tuple)
        and all(type(v) is str and v in spec.values for v in value)
    ):
        return tuple(str(v) for v in spec.values if v in value)
    if spec.kind == FLAG:
        raise OptionError("{game}'s option {name} is true or false", game=title, name=spec.name)
    words = ", ".join(str(v).lower() for v in spec.values)
    if spec.kind == ONE_OF:
        raise OptionError(
            "{game}'s option {name} is one of: {words}", game=title, name=spec.name, words=words
        )
    raise OptionError(
        "{game}'s option {name} is a list of: {words}", game=title, name=spec.name, words=words
    )


def _choice_label(spec: OptionSpec, value: str) -> str:
    return next((c.label for c in spec.choices if c.value == value), value)


class Notation(Protocol[A]):
    def format_action(self, action: A) -> str: ...

    def parse_action(self, text: str) -> A:
        """The action ``text`` names; engine.errors.NotationError if it is not notation."""
        ...


class Player(Protocol[S_contra, A_co]):
    """A bot: ``choose`` sees its own seat's view and returns one of the legal actions."""

    name: str
    seat: int

    def choose(self, view: S_contra) -> A_co: ...


class DealerOf(Protocol[S_contra, E_co]):
    """The dealer of one game, from its seed: the chance entry the full state waits for."""

    def next_entry(self, state: S_contra) -> E_co: ...


class Table(Protocol[S_co, A, E]):
    """One game in play: the fold of its entries."""

    entries: list[E]
    digests: list[str]

    @property
    def state(self) -> S_co:
        """The full state (the host's; the dealer reads it), or a seat's when it replays its
        own copies of the entries."""
        ...

    def to_move(self) -> int | None:
        """The seat to decide, CHANCE when the dealer must act, None once it is over."""
        ...

    def legal_actions(self) -> Sequence[A]: ...

    def check(self, entry: E) -> None:
        """Raise NotationError/IllegalAction if ``entry`` would be refused; change nothing."""
        ...

    def push(self, entry: E, digest: str | None = None) -> str:
        """Apply an entry; with ``digest``, the state after it must match it."""
        ...

    def play(self, action: A) -> str: ...

    def view(self, seat: int | None) -> S_co:
        """What ``seat`` may know (None: a spectator)."""
        ...

    def redact(self, entry: E, seat: int | None) -> E:
        """The copy of ``entry`` (already pushed) that ``seat`` may receive."""
        ...

    def digest(self) -> str: ...

    @property
    def over(self) -> bool: ...

    def result(self) -> Result:
        """Points and winners (meaningful once ``over``)."""
        ...


class GameRules(Protocol[S, A, E]):
    """One game's definition: what the lobby, the logs and the command line ask of it."""

    name: str
    """The key logs and ``--game`` name it by (``jetset``, ``jetlag``)."""
    rules_version: str
    """Changes whenever a rule change would make an old log replay differently (a log's header
    holds it, as ``rules``)."""
    seats: tuple[int, ...]
    """The numbers of players it can be played by."""

    def new_table(self, options: Mapping[str, object]) -> Table[S, A, E]: ...

    def options_schema(self) -> Sequence[OptionSpec]:
        """The options a creator chooses, in the order a form shows them (none: ``()``)."""
        ...

    def check_options(self, raw: Mapping[str, object]) -> Mapping[str, object]:
        """The options ``raw`` names by the schema's names (an absent one: its default), as
        ``new_table`` takes them, without the number of players (the platform's ``players``);
        engine.errors.OptionError for a name the game has not or a value it cannot play."""
        ...

    def option_values(self, options: Mapping[str, object]) -> Mapping[str, OptionValue]:
        """The schema's values that a table's ``options`` (as ``new_table`` takes them) hold:
        what ``check_options`` made them from."""
        ...

    def dealer(self, seed: str) -> DealerOf[S, E]: ...

    def notation(self) -> Notation[A]: ...

    def bots(self) -> Sequence[str]:
        """The bot kinds a seat can be given."""
        ...

    def make_bot(self, kind: str, seat: int, seed: str) -> Player[S, A]: ...

    def entry_line(self, entry: E) -> tuple[int, str]:
        """The entry's actor (a seat, CHANCE) and its one line of the game's notation: a log's
        record and the host's ``entry`` message hold these two (engine/wire.py)."""
        ...

    def entry_from_line(self, actor: int, line: str) -> E:
        """The entry of ``actor`` that ``line`` names; NotationError (a ValueError) if none."""
        ...

    def entry_to_wire(self, entry: E) -> dict[str, object]:
        """``entry_line`` as plain data: ``{"actor": …, "action": …}`` (engine/wire.py)."""
        ...

    def entry_from_wire(self, raw: object) -> E:
        """ValueError for anything that is not one of this game's entries (``raw`` is what a
        peer or a log sent: any plain data, a map with keys of any kind among it)."""
        ...

    # -- what a host and its peers ask beyond the rules (netcode/, docs/architecture.md) -----

    def bot_label(self, kind: str) -> str:
        """A short name for a seat's bot of ``kind`` (a seat's name is ``<label>-<seat>``)."""
        ...

    def proper_names(self, language: str) -> Mapping[str, str]:
        """The proper names its refusals say as ``Word`` parameters, in English (Jet Set's
        cities: "Munich"), each with its name in ``language`` (the game's data: "Monaco");
        {} when ``language`` has none of its own. A screen says a refusal with them."""
        ...

    def view_to_wire(self, view: S) -> dict[str, Any]:
        """A seat's view as plain data (maps, lists, strings, ints, bools, None): what a ``turn``
        message shows a bot that does not carry the rules."""
        ...

    def played_for_the_absent(self, view: S, seat: int, chosen: A) -> A:
        """What a bot playing for a person who is not there to decide (the host's stand-in
        while they are away, the bot their turn clock calls) plays in place of ``chosen``, its
        own choice: Jet Set's keeps the player's Business cards and says no to a Business Deal
        (engine/jetset/bots/absent.py); Jet Lag's plays ``chosen``."""
        ...

    def revealed_by(self, entry: E) -> str | None:
        """What ``entry`` brings out that was hidden, in a few words (``a card was turned up``,
        ``the dealer has dealt``), or None: a game at one keyboard takes moves back only until
        something is revealed (netcode/heldturn.py says these words to the player)."""
        ...

    def public_slots(self, state: S) -> list[int]:
        """The public state as whole numbers, equal for every seat and spectator (a peer whose
        digest differs from the host's asks for them to say what differs); [] for none."""
        ...

    def slot_differences(
        self, table: Table[S, A, E], mine: list[int], theirs: list[int]
    ) -> list[str]:
        """In words, where two ``public_slots`` lists of ``table``'s game differ."""
        ...


@runtime_checkable
class DealsOldLogs(Protocol):
    """A game whose older log formats dealt otherwise (Jet Set's formats 1 and 2): a game saved
    in one goes on with the dealer it began with."""

    def old_dealer(self, seed: str, log_version: int) -> DealerOf[Any, Any] | None:
        """The dealer of a log of format ``log_version`` (None: today's, ``dealer(seed)``)."""
        ...


AnyRules = GameRules[Any, Any, Any]
"""Any game's rules, as the platform's generic parts (netcode/) hold them."""
AnyTable = Table[Any, Any, Any]
"""Any game in play, as the platform's generic parts hold it."""


# -- what a game's logs may need beyond GameRules (netcode/logfile.py, replay.py, stats.py,
# textlog.py ask for each through log_hooks; a game without one gets the platform's way) -------


@runtime_checkable
class OptionsOfItsOwn(Protocol):
    """A game whose table takes its options as an object of its own (Jet Set's ``Options``),
    not as the plain data a log's header holds (``{"seats": 2}``, as Jet Lag takes them)."""

    def options_from_data(self, raw: dict[str, Any]) -> Any:
        """The options a header's ``options`` map holds (ValueError, KeyError, TypeError if
        none: the header is refused)."""
        ...

    def options_to_data(self, options: Any) -> dict[str, Any]:
        """``options`` as a header holds them."""
        ...

    def table_for(self, options: Any) -> Table[Any, Any, Any]:
        """A fresh table for options of its own, as a header holds them (``new_table`` of their
        data, without the round trip)."""
        ...


@runtime_checkable
class ReadsEntriesOf(Protocol[T_contra]):
    """A game whose notation depends on the table (Jet Set: a base game's board has no card of
    the expansion, and its logs may name none)."""

    def entry_reader(self, table: T_contra) -> Callable[[int, str], Any]:
        """``entry_from_line`` for the entries of ``table``'s game alone (NotationError, a
        ValueError, for any other)."""
        ...


@runtime_checkable
class ReadsOldDigests(Protocol[T_contra]):
    """A game whose older log formats recorded its digests otherwise (Jet Set's format 1)."""

    def old_push(self, table: T_contra, log_version: int) -> Callable[[Any, str], object] | None:
        """How an entry and the digest a log of format ``log_version`` recorded after it are
        applied to ``table``, checked (DesyncError); None: ``table.push(entry, digest)``."""
        ...


@runtime_checkable
class HidesDealtCards(Protocol):
    """A game whose seat copies of a log hold chance entries with their cards hidden (Jet Set:
    another seat's Final Flights, known by their commitments): a replay that checks the seed
    asks whether such an entry is the one the seed deals."""

    def dealt_as_logged(self, dealt: Any, logged: Any) -> bool:
        """Whether the chance entry ``logged`` (perhaps a seat's copy) is ``dealt``."""
        ...


@runtime_checkable
class SummarisesGames(Protocol[T_contra]):
    """A game with more to say of a game than its points and winners: ``jetset stats`` and
    ``jetset replay --json`` ask it (Jet Set: turns, how the game ended, the cards claimed,
    each seat's cash)."""

    def stats_of(self, table: T_contra) -> Mapping[str, Any]:
        """Counts for ``jetset stats``: ``turns`` (an int), ``end`` (how it ended, in words),
        ``claimed`` (cards claimed, as text); the platform counts what is not given."""
        ...

    def result_fields(self, table: T_contra) -> dict[str, object]:
        """The fields after ``scores`` in ``jetset replay --json`` (the platform's: ``over``,
        ``winners``, ``draw``)."""
        ...


@runtime_checkable
class WritesText(Protocol[T_contra]):
    """A game whose text form (``jetset export``, docs/log-format.md) has tags and numbering
    of its own (Jet Set: [Options], the end's reason, entries numbered by turn)."""

    def option_tags(self, options: Any) -> list[tuple[str, str]]:
        """The tags that say the header's ``options``."""
        ...

    def options_from_tags(self, tags: Mapping[str, str], players: int) -> Any:
        """The options those tags say (ValueError if none)."""
        ...

    def result_tags(self, table: T_contra) -> list[tuple[str, str]]:
        """The tags of a finished game's result ([Result], [Winners], [End])."""
        ...

    def entry_lines(self, table: T_contra) -> list[str]:
        """One line of text for each entry, numbered as the game numbers them."""
        ...


@value(unsafe_hash=True)
class LogHooks:
    """The hooks above that one game's ``rules`` implement (None: the platform's way)."""

    rules: object
    options: OptionsOfItsOwn | None
    entries: ReadsEntriesOf[Any] | None
    old_dealer: DealsOldLogs | None
    old_digests: ReadsOldDigests[Any] | None
    hidden: HidesDealtCards | None
    summaries: SummarisesGames[Any] | None
    text: WritesText[Any] | None


_HOOKS: dict[int, LogHooks] = {}
"""Each game's hooks by the ``id`` of its rules (held there, so the ``id`` stays theirs)."""


def log_hooks(rules: object) -> LogHooks:
    """``rules``' hooks, looked up once: an ``isinstance`` of a runtime-checked protocol costs
    several microseconds, a few percent of a replay when it is asked for each log."""
    hooks = _HOOKS.get(id(rules))
    if hooks is None:
        hooks = _HOOKS[id(rules)] = LogHooks(
            rules,
            rules if isinstance(rules, OptionsOfItsOwn) else None,
            rules if isinstance(rules, ReadsEntriesOf) else None,
            rules if isinstance(rules, DealsOldLogs) else None,
            rules if isinstance(rules, ReadsOldDigests) else None,
            rules if isinstance(rules, HidesDealtCards) else None,
            rules if isinstance(rules, SummarisesGames) else None,
            rules if isinstance(rules, WritesText) else None,
        )
    return hooks

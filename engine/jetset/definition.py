"""Jet Set's definition (``JET_SET``): ``engine.jetset.game.Game`` as a platform ``Table``, its
dealer, notation and bots behind engine/platform.py's interface."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from engine import RULES_VERSION
from engine.errors import OptionError
from engine.jetset import oldlogs, summaries, textform
from engine.jetset.actions import (
    CHANCE,
    Accept,
    Action,
    BusinessDraw,
    BusinessShuffle,
    BuyoutDraw,
    Deal,
    DealDiscard,
    DealInvestors,
    Decline,
    DrawDistant,
    Entry,
    FinalsDraw,
    Offer,
    OpenEndCards,
    Reveal,
    Setup,
    TurnInvestor,
)
from engine.jetset.board import city_names, load_board
from engine.jetset.dealer import SHAKE_DEAL, Dealer
from engine.jetset.game import Game
from engine.jetset.notation import Notation
from engine.jetset.options import MODULES, SCHEMA, Options
from engine.jetset.position import position
from engine.jetset.ruleset import Ruleset
from engine.jetset.slots import slot_differences
from engine.jetset.state import State
from engine.platform import (
    DealsOldLogs,
    GameRules,
    HidesDealtCards,
    OptionsOfItsOwn,
    OptionSpec,
    OptionValue,
    ReadsEntriesOf,
    ReadsOldDigests,
    SummarisesGames,
    WritesText,
    check_schema_options,
)
from engine.platform import Table as PlatformTable
from engine.wire import line_from_wire, line_to_wire

if TYPE_CHECKING:
    from engine.jetset.bots import Bot


class JetSet:
    """Jet Set's definition: 2 to 6 players, the expansion's modules as options."""

    name = "jetset"
    rules_version = RULES_VERSION
    seats: tuple[int, ...] = (2, 3, 4, 5, 6)

    def new_table(self, options: Mapping[str, object]) -> Game:
        """A table for ``options`` (``Options``' fields: ``players``, the modules …); ValueError
        naming a key Jet Set does not know, a value of the wrong kind, or what it cannot play."""
        chosen = options_from(options)
        chosen.check_supported()
        return Game(chosen)

    def options_schema(self) -> Sequence[OptionSpec]:
        return SCHEMA

    def check_options(self, raw: Mapping[str, object]) -> dict[str, object]:
        """``Options``' fields but ``players``, in their order, from the schema's options: the
        extra cards, ``modules`` (each a field), the Investors face up (OptionError)."""
        chosen = check_schema_options("Jet Set", SCHEMA, raw)
        modules = chosen["modules"] if isinstance(chosen["modules"], tuple) else ()
        options = Options(
            extra_cards=chosen["extra_cards"] is True,
            investors_face_up=chosen["investors_face_up"] is True,
            **{module: module in modules for module in MODULES},
        )
        try:
            options.check_supported()
        except ValueError as exc:
            raise OptionError(str(exc)) from None
        fields = options.to_dict()
        del fields["players"]
        return fields

    def option_values(self, options: Mapping[str, object]) -> dict[str, OptionValue]:
        chosen = options_from(options)
        return {
            "extra_cards": chosen.extra_cards,
            "modules": chosen.modules,
            "investors_face_up": chosen.investors_face_up,
        }

    def dealer(self, seed: str) -> TableDealer:
        return TableDealer(seed)

    def old_dealer(self, seed: str, log_version: int) -> TableDealer | None:
        """Logs of formats 1 and 2 dealt with xoshiro256** (engine/rng.py)."""
        scheme = oldlogs.deal_scheme(log_version)
        return TableDealer(seed, scheme) if scheme != SHAKE_DEAL else None

    # -- what its logs need beyond the platform's (engine/platform.py: OptionsOfItsOwn,
    # ReadsEntriesOf, ReadsOldDigests, HidesDealtCards, SummarisesGames, WritesText) ------------

    def options_from_data(self, raw: dict[str, Any]) -> Options:
        """A header's options, checked as a table checks them (ValueError or TypeError, which
        the log reader says as a damaged header: never a traceback later)."""
        options = Options.from_dict(raw)
        options.check_supported()
        return options

    def options_to_data(self, options: Options) -> dict[str, Any]:
        return options.to_dict()

    def table_for(self, options: Options) -> Game:
        return Game(options)

    def entry_reader(self, table: Game) -> Callable[[int, str], Entry]:
        """Entries naming the cards of ``table``'s board alone (the expansion's with
        ``extra_cards``)."""
        notation = Notation(table.board)

        def read(actor: int, line: str) -> Entry:
            return Entry(actor, notation.parse_action(line))

        return read

    def old_push(self, table: Game, log_version: int) -> Callable[[Entry, str], object] | None:
        return oldlogs.old_push(table, log_version)

    def dealt_as_logged(self, dealt: Entry, logged: Entry) -> bool:
        return oldlogs.dealt_as_logged(dealt, logged)

    def stats_of(self, table: Game) -> dict[str, Any]:
        return summaries.stats_of(table)

    def result_fields(self, table: Game) -> dict[str, object]:
        return summaries.result_fields(table)

    def option_tags(self, options: Options) -> list[tuple[str, str]]:
        return textform.option_tags(options)

    def options_from_tags(self, tags: Mapping[str, str], players: int) -> Options:
        return textform.options_from_tags(tags, players)

    def result_tags(self, table: Game) -> list[tuple[str, str]]:
        return textform.result_tags(table)

    def entry_lines(self, table: Game) -> list[str]:
        return textform.entry_lines(table)

    def notation(self) -> Notation:
        return every_card_notation()

    def bots(self) -> Sequence[str]:
        from engine.jetset.bots import BOTS  # the bots load when asked for: a replay needs none

        return tuple(BOTS)

    def make_bot(self, kind: str, seat: int, seed: str) -> Player:
        from engine.jetset.bots import make_bot

        return Player(make_bot(kind, seat, seed))

    def entry_line(self, entry: Entry) -> tuple[int, str]:
        return entry.actor, every_card_notation().format_action(entry.action)

    def entry_from_line(self, actor: int, line: str) -> Entry:
        """NotationError if ``line`` is not Jet Set's notation."""
        return Entry(actor, every_card_notation().parse_action(line))

    def entry_to_wire(self, entry: Entry) -> dict[str, object]:
        return line_to_wire(*self.entry_line(entry))

    def entry_from_wire(self, raw: object) -> Entry:
        """ValueError (NotationError among them) for anything but an entry's plain data."""
        return self.entry_from_line(*line_from_wire(raw))

    def bot_label(self, kind: str) -> str:
        from engine.jetset.bots import bot_label

        return bot_label(kind)

    def proper_names(self, language: str) -> Mapping[str, str]:
        return city_names(language)

    def view_to_wire(self, view: State) -> dict[str, Any]:
        return position(view)

    def played_for_the_absent(self, view: State, seat: int, chosen: Action) -> Action:
        from engine.jetset.bots.absent import played_for_the_absent  # the bots load when asked

        return played_for_the_absent(view, seat, Ruleset.of(options_of(view)), chosen)

    def revealed_by(self, entry: Entry) -> str | None:
        act = entry.action
        if isinstance(act, Reveal | Setup | DrawDistant | BuyoutDraw):
            return "a card was turned up"
        if isinstance(act, Deal | FinalsDraw):
            return "cards were dealt"
        if isinstance(act, BusinessDraw | BusinessShuffle):
            return "a Business card was drawn"
        if isinstance(act, OpenEndCards):
            return "the end-of-game cards were opened"
        if isinstance(act, DealInvestors | TurnInvestor):
            return "an Investor was turned up"
        if isinstance(act, Offer | Accept | Decline | DealDiscard):
            return "a deal"
        if entry.actor == CHANCE:
            return "the dealer has dealt"
        return None

    def public_slots(self, state: State) -> list[int]:
        return state.slot_values()

    def slot_differences(
        self, table: PlatformTable[State, Action, Entry], mine: list[int], theirs: list[int]
    ) -> list[str]:
        state = table.state
        return slot_differences(state.board, mine, theirs, modules=options_of(state).modules)


@cache
def every_card_notation() -> Notation:
    """The notation of the board with the expansion's extra cards: the same cities and airlinks
    as the base board and every card, so it reads and writes any game's entries (whether a card
    is in this game is the rules' question)."""
    return Notation(load_board(extra_cards=True))


class TableDealer:
    """``engine.jetset.dealer.Dealer`` for a seed (a deal seed, contributions already mixed in:
    ``engine.jetset.dealer.deal_seed``), made when first asked, from the board and the player
    count of the state it deals to."""

    def __init__(self, seed: str, scheme: int = SHAKE_DEAL) -> None:
        self.seed = seed
        self.scheme = scheme
        self._dealer: Dealer | None = None

    def next_entry(self, state: State) -> Entry:
        if self._dealer is None:
            self._dealer = Dealer(self.seed, state.board, state.config.players, self.scheme)
        return self._dealer.next_entry(state)


class Player:
    """A Jet Set bot as the platform asks: ``choose(view)`` (Jet Set's bots also take the
    rules, which the view's modules give)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seat = bot.seat
        self._rules: Ruleset | None = None

    def choose(self, view: State) -> Action:
        if self._rules is None:
            self._rules = Ruleset.of(options_of(view))
        return self.bot.act(view, self._rules)


def options_from(options: Mapping[str, object]) -> Options:
    """``Options`` from plain data, each value of its field's kind (a whole number of players,
    true or false for the rest); ValueError naming the first that is not."""
    defaults = Options().to_dict()
    pairs: Iterable[tuple[object, object]] = options.items()  # a hostile map's keys: any kind
    for key, value in pairs:
        if not isinstance(key, str) or key not in defaults:
            raise ValueError(f"Jet Set has no option {key!r:.40}")
        if type(value) is not type(defaults[key]):
            kind = "a whole number" if type(defaults[key]) is int else "true or false"
            raise ValueError(f"Jet Set's option {key} is {kind}, not {value!r:.20}")
    return Options.from_dict(dict(options))


def options_of(state: State) -> Options:
    """The options that decide the rules of ``state``'s game (its player count and modules)."""
    investors = state.investors
    return Options(
        players=state.config.players,
        distant_lands=state.distant is not None,
        hubs=state.hubs is not None,
        business_cards=state.business is not None,
        investors=investors is not None,
        investors_face_up=investors is not None and investors.face_up,
    )


JET_SET: GameRules[State, Action, Entry] = JetSet()
"""Jet Set as the platform sees it (mypy checks that ``JetSet`` is a ``GameRules``)."""
_LOG_HOOKS: tuple[
    DealsOldLogs,
    OptionsOfItsOwn,
    ReadsEntriesOf[Game],
    ReadsOldDigests[Game],
    HidesDealtCards,
    SummarisesGames[Game],
    WritesText[Game],
] = (JetSet(),) * 7
"""mypy checks that ``JetSet`` is each hook on its logs netcode/ asks for (engine/platform.py)."""

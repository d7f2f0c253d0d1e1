"""The tutorial's chapters: what a newcomer does next, which key, and why.

The tutorial is a real game (a fixed seed, you against the greedy bot) saved like any other.
Which chapter you are in is read from the game itself, the first one whose action you have not
played yet, so leaving and resuming (the log file) is all the bookkeeping there is. A chapter
whose action cannot be played yet (nothing to claim, no Vacation Time) offers to play your turns
for you, the way the best bot would, until it can: ``stand_in_move`` chooses them, never the
move of a chapter still to come.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine import (
    Action,
    Buy,
    Claim,
    ClaimFinal,
    Entry,
    FinalPlane,
    Income,
    Options,
    Place,
    Refill,
    Rent,
)
from engine.jetset.actions import CashIn, Dividends, Offer, PlayCard
from engine.jetset.state import State
from jetset_tui.i18n import N_, _

SEED: Final = "jetset-tutorial-17"
"""The tutorial's deal: always the same game, so the chapters come in a sensible order."""

TUTORIAL_FILE: Final = "tutorial.jetset"
"""The tutorial's saved game, in the saves folder."""

EXPANSION_SEED: Final = "jetset-tutorial-business-1"
EXPANSION_FILE: Final = "tutorial-business.jetset"
"""The last chapter's game, with the expansion's Business cards, once the first is finished."""

OPPONENT: Final = "Amelia"
OPPONENT_BOT: Final = "greedy"


WIDE_PLACES: Final = {"rows": N_("the rows on the right"), "hand": N_("bottom right")}
"""Where a lesson's ``{rows}`` and ``{hand}`` are from 100 columns: beside the map."""
SLIM_PLACES: Final = {"rows": N_("v shows the rows"), "hand": N_("v shows them")}
"""Where they are under 100 columns: ``v`` puts them in the map's place."""


@dataclass(frozen=True)
class Chapter:
    """One step of the tutorial: the action it teaches and what to say about it (in English,
    as msgids; ``title``, ``teach`` and ``wait`` say it in the player's language). The lesson
    shows under "Not yet" too, so it never says the move can be made now (a play test read
    "Not yet: no card's route is covered" above "Your planes now join … claim it")."""

    name: str
    heading: str
    lesson: str
    """What to do, which key, and why."""
    not_yet: str
    """Why it cannot be done yet (the tutorial offers to play on until it can)."""
    kinds: tuple[type, ...] = ()
    """Playing one of these ends the chapter (none: a moment of the game ends it)."""

    @property
    def title(self) -> str:
        """The chapter's heading, in the player's language."""
        return _(self.heading)

    def teach(self, slim: bool = False) -> str:
        """What to do, which key, and why, in the player's language, saying where the rows and
        your cards are: beside the map, or (``slim``, under 100 columns) behind ``v``."""
        places = SLIM_PLACES if slim else WIDE_PLACES
        return _(self.lesson).format(**{name: _(words) for name, words in places.items()})

    @property
    def wait(self) -> str:
        """Why it cannot be done yet, in the player's language."""
        return _(self.not_yet)

    def done(self, entries: Sequence[Entry], state: State, seat: int) -> bool:
        if not self.kinds:
            return state.vacation_time
        return any(e.actor == seat and isinstance(e.action, self.kinds) for e in entries)

    def ready(self, legal: Sequence[Action]) -> bool:
        """The chapter's action can be played now."""
        return bool(self.kinds) and any(isinstance(a, self.kinds) for a in legal)


CHAPTERS: Final[tuple[Chapter, ...]] = (
    Chapter(
        "buy",
        N_("1. Buy an airlink"),
        N_(
            "You are Red, playing against Amelia. You score by flying the routes on Flight cards "
            "({rows}), and to fly you need airlinks: the lines on the map, priced 4 "
            "to 7. Press b, pick a link with ↑↓ (or type its city codes), choose 1 plane with ←→, "
            "read the cost, press Enter. Tip: a Short Flight whose two cities one link joins needs "
            "only that link and one plane."
        ),
        N_("it is not your turn yet."),
        (Buy,),
    ),
    Chapter(
        "claim",
        N_("2. Claim a Flight card"),
        N_(
            "Once your planes join the two cities of a card in a row, claim it: press c, choose "
            "the card (✓ ready), then its route, and Enter. The card's points are yours for good, "
            "and one plane on each link of the route goes back to your stock. A claimed card also "
            "pays income while it carries markers."
        ),
        N_("no card's route is covered by your planes yet."),
        (Claim,),
    ),
    Chapter(
        "income",
        N_("3. Take income"),
        N_(
            "Money is scarce. Press i: each claimed card with markers on it pays €5 (one marker "
            "comes off), each without €2. Income is your action for the turn, so take it when a "
            "turn has nothing better."
        ),
        N_("income pays nothing without a claimed card: claim one first."),
        (Income,),
    ),
    Chapter(
        "place",
        N_("4. Place planes"),
        N_(
            "More planes on your own links let you fly more routes at once (each claim takes one "
            "plane back from every link of its route). Press p, choose links and how many planes, "
            "Enter: €5 a plane, plus a service charge for the links you place on: €2 for one, "
            "€5 for two, €10 for three."
        ),
        N_("you need a link of your own and €7 or more."),
        (Place,),
    ),
    Chapter(
        "rent",
        N_("5. Rent another player's airlink"),
        N_(
            "Amelia owns links too. Press r to put your planes on one of hers: €5 a plane to the "
            "bank and €5 to her. Renting fills a gap in a route without buying the link."
        ),
        N_("Amelia has no link with room for your planes, or you lack the €10."),
        (Rent,),
    ),
    Chapter(
        "refill",
        N_("6. Turn up more Flight cards"),
        N_(
            "Before your action, in the Flight Card Phase, you may pay €1 for a row and turn up "
            "more cards, up to its maximum: more cards, more routes to choose from. Press e, "
            "choose the row and how many, Enter; then play your action as usual."
        ),
        N_("both rows are full, or you have no €1."),
        (Refill,),
    ),
    Chapter(
        "vacation",
        N_("7. Vacation Time"),
        N_(
            "Two Vacation cards hide in the decks. When the second one turns up, Vacation Time "
            "begins: both rows fill to the maximum, no more cards come, and everyone may now play "
            "one of the two secret Final Flights in their hand ({hand})."
        ),
        N_("the second Vacation card has not turned up yet."),
    ),
    Chapter(
        "final",
        N_("8. Your Final Flight"),
        N_(
            "Once your planes cover one of your Final Flights (its three cities in order, no link "
            "twice), play it: press f, choose the card, then its route, Enter. It scores 10 "
            "points, and 2 more for every plane you put on it later."
        ),
        N_("your planes do not cover a Final Flight's route yet."),
        (ClaimFinal,),
    ),
    Chapter(
        "plane",
        N_("9. The Final Flight race"),
        N_(
            "After your Final Flight each turn is one plane from your stock onto it: press f, "
            "Enter (+2 points). The game ends when everyone has played a Final Flight or someone "
            "puts a fifth plane on theirs: then the most points win, cash breaks ties."
        ),
        N_("it is not your turn yet."),
        (FinalPlane,),
    ),
)

EXPANSION_CHAPTERS: Final[tuple[Chapter, ...]] = (
    Chapter(
        "business",
        N_("10. Business cards (the expansion)"),
        N_(
            "This game has the expansion's Business cards: you hold two, secret ({hand}), "
            "and draw one more for every Long Flight you claim. Press y: play a card (its text "
            "says what it does) or cash one in for €5. A card is not your turn's action: you still "
            "have that after it."
        ),
        N_("you have no Business card now."),
        (PlayCard, CashIn, Dividends),
    ),
    Chapter(
        "deal",
        N_("11. A Business Deal"),
        N_(
            "Once a turn you may offer another player a deal: press y and choose the deal. If they "
            "accept, you both discard a card (you choose yours once they have said yes: the offer "
            "shows no card of yours) and each puts a plane, free, on a link of the other. Amelia "
            "answers at once; nothing of a deal can be taken back."
        ),
        N_("you need a card, and Amelia one too, and one deal a turn."),
        (Offer,),
    ),
)

FREE_PLAY: Final = N_(  # msgids: the tutorial screen shows them with _()
    "That is the whole game: play it out as you like (h advises, z takes a move back, F1 has "
    "the rules, q saves and leaves). Once it is over, start the tutorial again for its last "
    "chapter: the expansion's Business cards."
)
FREE_PLAY_EXPANSION: Final = N_(
    "You have seen the Business cards: play on as you like. The rest of the expansion (Distant "
    "Lands, Hubs, Investors) is in F1 and in New game's modules."
)

GAME_OVER: Final = N_(
    "That was the whole game. The tutorial's last chapter is a game of its own with the "
    "expansion's Business cards: start the tutorial again to play it."
)
GAME_OVER_EXPANSION: Final = N_(
    "That was the tutorial. The rest of the expansion (Distant Lands, Hubs, Investors) is in F1 "
    "and in New game's modules."
)
RACE_UNSEEN: Final = N_(
    "The game ended with the last Final Flight played, before the race: after your Final Flight "
    "each turn puts one plane from your stock on it (+2 points), and a fifth plane on one ends "
    "the game."
)


def end_words(entries: Sequence[Entry], state: State, seat: int, options: Options) -> str:
    """What the coach says under the end of a tutorial game: what comes next, and the lesson
    of a chapter the game ended before (the race, when the last Final Flight ended it)."""
    if options.business_cards:
        return _(GAME_OVER_EXPANSION)
    race = next(c for c in CHAPTERS if c.name == "plane")
    said = _(GAME_OVER)
    if not race.done(entries, state, seat):
        said = f"{_(RACE_UNSEEN)} {said}"
    return said


def chapters_for(options: Options) -> tuple[Chapter, ...]:
    """The base game's chapters, or the expansion's last chapter in its own game."""
    return EXPANSION_CHAPTERS if options.business_cards else CHAPTERS


def chapter_number(chapter: Chapter) -> str:
    """``3 of 11``: where a chapter is in the whole tutorial."""
    every = CHAPTERS + EXPANSION_CHAPTERS
    return _("{n} of {all}").format(n=every.index(chapter) + 1, all=len(every))


def chapter_now(
    entries: Sequence[Entry], state: State, seat: int, chapters: Sequence[Chapter] = CHAPTERS
) -> Chapter | None:
    """The first chapter not done yet, or None: the tutorial is over, play on freely."""
    for chapter in chapters:
        if not chapter.done(entries, state, seat):
            return chapter
    return None


def pending_kinds(
    entries: Sequence[Entry], state: State, seat: int, chapters: Sequence[Chapter] = CHAPTERS
) -> tuple[type, ...]:
    """The actions of the chapters still to come (the player's to play, not the stand-in's)."""
    out: list[type] = []
    for chapter in chapters:
        if not chapter.done(entries, state, seat):
            out.extend(chapter.kinds)
    return tuple(out)


def stand_in_move(advised: Action, legal: Sequence[Action], pending: tuple[type, ...]) -> Action:
    """The move played for the newcomer while a chapter waits: the best bot's, unless it is
    one the tutorial still has to teach; then income, or the first other legal move."""
    if not isinstance(advised, pending):
        return advised
    others = [a for a in legal if not isinstance(a, pending)]
    for kind in (Income, Buy):
        for action in others:
            if isinstance(action, kind):
                return action
    return (others or [advised])[0]

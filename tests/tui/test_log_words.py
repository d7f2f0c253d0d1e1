"""The log pane's lines through a game's rules alone (``rules_words``): any game's entries read
in its own notation, each after its actor's badge, the dealer's after ``*``."""

from __future__ import annotations

import pytest

from engine import Action
from engine.botgame import play_bots
from engine.games import GAMES
from engine.platform import CHANCE
from jetset_tui.theme import livery_for
from jetset_tui.widgets.log import rules_words


@pytest.mark.parametrize(("game", "seats"), [("jetset", 3), ("jetlag", 2)])
def test_every_entry_reads_in_its_games_notation(game: str, seats: int) -> None:
    rules = GAMES[game]
    options: dict[str, object] = {"players": seats} if game == "jetset" else {}
    table = play_bots(rules, options, "words", ["greedy"] * seats)
    liveries = [livery_for([], seat) for seat in range(seats)]
    names = [f"P{seat}" for seat in range(seats)]
    words = rules_words(rules)
    assert len(table.entries) > 20
    for n, entry in enumerate(table.entries):
        actor, said = rules.entry_line(entry)
        line = words(entry, n, names, liveries).plain
        assert line.endswith(f" {said}"), line
        badge = " * " if actor == CHANCE else f" {liveries[actor].letter} "
        assert line.removeprefix(f"{n:>4} " if n else "     ").startswith(badge), line


def test_a_business_deal_reads_in_words() -> None:
    """The notation counts seats from 0 (``offer 1`` is made to the second player), which a
    play test misread as the first player's; and ``freeplane MUC-VIE`` said neither that the
    card is discarded nor whose link the plane goes on. The log pane says the deal in words."""
    from engine.jetset.actions import Accept, DealDiscard, Decline, Entry, Offer
    from engine.jetset.notation import Notation
    from jetset_tui.describe import entry_line

    notation = Notation()
    names = ["Root", "Amelia", "Wilbur"]
    liveries = [livery_for([], seat) for seat in range(3)]
    link = notation.board.link_named["MUC-VIE"]

    def line(seat: int, action: Action) -> str:
        return entry_line(notation, Entry(seat, action), 12, names, liveries).plain

    offer = line(0, Offer(1, link))
    assert offer.endswith("offers Amelia a Business Deal: a plane on Amelia's MUC-VIE"), offer
    assert line(0, Offer(2, -1)).endswith("offers Wilbur a Business Deal")
    accepted = line(1, Accept("recall", notation.board.link_named["LON-PAR"]))
    assert accepted.endswith("Business Deal accepted: discards Recall Planes, a plane on LON-PAR")
    given = line(0, DealDiscard("freeplane"))
    assert given.endswith("discards Free Plane for the Business Deal"), given
    assert line(1, Decline()).endswith("Business Deal refused")


def test_business_cards_played_read_in_words() -> None:
    """An expansion play test: the log pane said `play income`, `play three MIL-ROM 2` and
    `cash buyout` (the notation) where a player reads "plays +2 Income"."""
    from engine.jetset.actions import CashIn, Dividends, EndTurn, Entry, PlayCard
    from engine.jetset.notation import Notation
    from jetset_tui.describe import entry_line

    notation = Notation()
    names = ["Root", "Amelia", "Wilbur"]
    liveries = [livery_for([], seat) for seat in range(3)]

    def line(action: Action) -> str:
        return entry_line(notation, Entry(0, action), 12, names, liveries).plain

    mil_rom = notation.board.link_named["MIL-ROM"]
    three = line(PlayCard("three", links=(mil_rom, mil_rom)))
    assert three.endswith("plays Three Planes: MIL-ROM 2") and "play three" not in three, three
    assert line(PlayCard("commandeer", seat=2)).endswith("plays Commandeer on Wilbur")
    assert line(PlayCard("overhead")).endswith("plays No Overhead")
    assert line(CashIn("buyout")).endswith("cashes in Buyout for €5")
    assert line(Dividends()).endswith("takes income twice (Dividends)")
    assert line(EndTurn()).endswith("ends the turn")


def test_a_distant_card_from_the_bottom_says_why() -> None:
    """A card comes from the bottom of the Distant deck only when the one turned up before went
    to the same distant city as the row's other card and was discarded; the log said only
    "from the bottom", the discard unsaid (an expansion play test)."""
    from engine.jetset.actions import DrawDistant, Entry
    from engine.jetset.distant_state import load_distant
    from engine.jetset.notation import Notation
    from jetset_tui.describe import entry_line

    notation = Notation()
    names = ["Root", "Amelia"]
    liveries = [livery_for([], seat) for seat in range(2)]
    card = next(c for c in load_distant().cards if c != load_distant().vacation)
    bottom = entry_line(notation, Entry(-1, DrawDistant(card, True)), 0, names, liveries).plain
    assert "a card to the same city discarded" in bottom and "from the bottom" in bottom, bottom
    top = entry_line(notation, Entry(-1, DrawDistant(card, False)), 0, names, liveries).plain
    assert "discarded" not in top, top

"""The line of news above the hand (the viewer's last play and the other player's since), as a
new player reads it at 80 and 100 columns: in words, the newest plays kept when not all fit, on
one line, never in notation (Pilot, the real app)."""

from __future__ import annotations

import re

from engine.jetlag.actions import Destination, Entry, Tourist
from jetset_tui.jetlag_plan import plan_for
from jetset_tui.screenshot import screen_text
from jetset_tui.widgets.jetlag_words import play_words
from tests.tui.jetlag_keys import guided_keys, jetlag_app, settle, table_screen
from tests.tui.play import settled

NOTATION = re.compile(r"\b[td] [BHP]\d")
"""A play in notation: "t H2 3", "d B3 L"."""


def news_line(text: str) -> str:
    """The line of news: the line above the footer."""
    return text.splitlines()[-2]


async def test_three_plays_too_wide_for_80_columns_keep_the_newest_in_words() -> None:
    """A play test (seed 5, 80x24): the news fell back to notation when its words did not fit,
    "✓ Root played t H2 3 · Amelia played d B3 L · Amelia played t H3 1", read as gibberish.
    Now the oldest plays are left out and the newest said in words; at 100 columns the news is
    said again in whole words."""
    app = jetlag_app(plan_for("greedy", "Root", seed="5"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = table_screen(app).session
        hand = list(session.view(0).hands[0] or [])
        await pilot.press(*guided_keys(hand, Tourist(hand[-1], 1)))
        await settle(pilot)
        entries = [e for e in session.game.entries if isinstance(e, Entry)]
        plays = [e for e in entries if isinstance(e.action, Tourist | Destination)]
        assert [e.seat for e in plays] == [0, 1, 1], "Root's play, then Amelia's two"
        names = ["Root", "Amelia"]
        said = [f"{names[e.seat]} played {play_words(e.action, short=True)}" for e in plays]
        assert len("  ·  ".join(said)) > 78, "three plays do not fit in words"
        text = screen_text(app)
        news = news_line(text)
        assert "played" not in text.splitlines()[-3], "one line: the hand is not pushed down"
        assert not NOTATION.search(news), news
        assert "t H" not in news and "d B" not in news, news
        assert said[-1] in news and said[-2] in news, news  # the newest, in words
        assert "Root played" not in news and "…" not in news, news  # the oldest left out
        hand = list(session.view(0).hands[0] or [])
        await pilot.press(*guided_keys(hand, Tourist(hand[0], 0)))  # the card given back
        await settle(pilot)
        entries = [e for e in session.game.entries if isinstance(e, Entry)]
        last = [e for e in entries if isinstance(e.action, Tourist | Destination)][-2:]
        assert [e.seat for e in last] == [0, 1], "Root's play, then Amelia's"
        mine, theirs = (e.action for e in last)
        assert isinstance(mine, Tourist) and isinstance(theirs, Tourist | Destination)
        news = news_line(screen_text(app))
        assert f"✓ Root played {play_words(mine, short=True)}" in news, news
        await pilot.resize_terminal(100, 30)  # said again for the width: in whole words
        whole = f"✓ Root played {play_words(mine)}"  # a loaded CI run's one pause came too soon
        await settled(pilot, lambda: whole in news_line(screen_text(app)))
        news = news_line(screen_text(app))
        assert f"✓ Root played {play_words(mine)}" in news, news
        assert f"Amelia played {play_words(theirs)}" in news, news


def test_a_destination_played_is_named_as_its_column_shows_it() -> None:
    """The news said "Root played B4 new on the right": a destination's card is not on the
    table, whose column heading names its kinds ("3 Beach+City")."""
    assert play_words(Destination("B3", right=False), short=True) == "new Beach+City on the left"
    assert (
        play_words(Destination("B3", right=True)) == "Beach+City as a new destination on the right"
    )
    assert play_words(Tourist("H2", 2), short=True) == "hyena H2 to 3"

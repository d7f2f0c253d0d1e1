"""Issue 15, item 7: a joiner's screen names its own seat in the deal ("two Final Flights dealt
to Ann", never "(open seat)"), with the app as a peer of a real host over TCP."""

from __future__ import annotations

from pathlib import Path

from jetset_tui.app import JetSetApp
from jetset_tui.screens.game import OPEN_SEAT, GameScreen
from jetset_tui.widgets.log import NotationLog
from netcode.peer import NetPeer
from tests.net.helpers import serve


async def test_the_last_joiner_sees_its_own_name_in_the_deal(tmp_path: Path) -> None:
    async with serve(tmp_path, 3, ["random"]) as served:
        bea = await NetPeer.connect(await served.connect(), name="Bea")
        ann = await NetPeer.connect(await served.connect(), name="Ann")  # the game starts
        app = JetSetApp(session=ann)
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(100):
                await pilot.pause(0.02)
                if isinstance(app.screen, GameScreen) and len(ann.game.entries) >= 4:
                    break
            lines = [line.plain for line in app.screen.query_one(NotationLog).lines]
            text = "\n".join(lines)
            assert "two Final Flights dealt to Ann" in text, text
            assert "dealt to Bea" in text and OPEN_SEAT not in text
        await bea.close()


def test_a_lost_host_is_said_in_the_players_language_while_reconnecting() -> None:
    """Each way a connection to the host ends, as a joiner's screen is told it while the peer
    reconnects, is a whole sentence of the catalogs (the screen shows ``_(message)``): at an
    Italian screen no English is left (seen at 80×24 after a host was killed)."""
    from jetset_tui.i18n import _, use_language
    from netcode.peer_words import RECONNECTED, lost_words, reconnecting
    from netcode.transport import ConnectionClosed

    causes = (TimeoutError(), ConnectionClosed("reset"), ValueError("garbled"))
    told = [reconnecting(lost_words(exc)) for exc in causes] + [RECONNECTED]
    assert told[1] == "the host closed the connection; reconnecting"
    with use_language("it"):
        italian = [_(sentence) for sentence in told]
    assert all(it != en for it, en in zip(italian, told, strict=True)), italian
    assert italian[1] == "chi ospita ha chiuso la connessione; ci si riconnette"


def test_a_host_that_cannot_save_is_said_in_the_players_language() -> None:
    """Every write failure a host can meet, as its peers are told it (``paused``) and as the app
    says a game of its own cannot be saved, is in the catalogs; so is the game going on."""
    import errno

    from jetset_tui.i18n import _, use_language
    from netcode import messages as m
    from netcode.tablefiles import STORAGE_PROBLEMS, storage_problem

    problems = [storage_problem(OSError(code, "x")) for code in sorted(STORAGE_PROBLEMS)]
    assert storage_problem(OSError(errno.ENOSPC, "x")) == "disk full"
    told = [m.paused_message(problem).message for problem in problems]
    assert told == [m.CANNOT_SAVE[problem] for problem in problems]
    english = [*problems, *told, m.Unpaused().message]
    with use_language("it"):
        italian = [_(sentence) for sentence in english]
    assert all(it != en for it, en in zip(italian, english, strict=True)), italian
    assert _(told[0]) == told[0], "English again outside"
    assert "disco pieno" in italian[len(problems) + sorted(STORAGE_PROBLEMS).index(errno.ENOSPC)]
    unknown = m.paused_message("a cosmic ray").message
    assert unknown == "the host cannot save the game (a cosmic ray); the game is paused"

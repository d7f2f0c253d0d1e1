"""The table's chat in the app over real TCP peers: `jetset join`'s TUI says something with `t`,
the host's own TUI and another peer hear it, and the host saves it with the game, outside the
entries (the digests do not change); one length limit, netcode.protocol.MAX_CHAT."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, RichLog

from engine import Income
from jetset_tui.app import JetSetApp
from jetset_tui.screens.chat import ChatScreen
from jetset_tui.screens.game import GameScreen
from jetset_tui.screens.help import HelpScreen
from jetset_tui.screenshot import screen_text
from netcode.client import ChatMessage
from netcode.hostsettings import HostSettings
from netcode.logfile import GameLog, read_log, write_log
from netcode.peer import NetPeer
from netcode.protocol import MAX_CHAT
from netcode.replay import replay
from netcode.table import CHAT_KEPT, Table
from netcode.textlog import export_text, import_text
from netcode.transport import memory_pipe
from tests.net.helpers import Served, recv_until, serve
from tests.tui.conftest import make_app


async def until(
    check: Callable[[], bool], pilot: Pilot[None] | None = None, limit: int = 200
) -> None:
    """Until ``check()`` holds (bounded: 200 looks, 20 ms apart)."""
    for _ in range(limit):
        if check():
            return
        if pilot is not None:
            await pilot.pause(0.02)
        else:
            await asyncio.sleep(0.02)
    where = "" if pilot is None else f" (on {type(pilot.app.screen).__name__})"
    raise AssertionError(f"never happened{where}")


async def host_peer(served: Served, name: str = "Hal") -> NetPeer:
    """The host's own seat, as `jetset host` connects it: a peer over an in-memory pipe."""
    host_end, peer_end = memory_pipe("local")
    served.host.spawn(served.host.attach(host_end))
    return await NetPeer.connect(peer_end, name=name)


@contextlib.asynccontextmanager
async def in_game(app: JetSetApp, size: tuple[int, int] = (120, 40)) -> AsyncIterator[Pilot[None]]:
    async with app.run_test(size=size, notifications=True) as pilot:
        await until(lambda: isinstance(app.screen, GameScreen), pilot)
        yield pilot


async def move(peers: dict[int | None, NetPeer]) -> None:
    """The seat to move plays income."""
    seat = next(iter(peers.values())).game.to_move()
    assert seat is not None
    await peers[seat].submit(seat, Income())


def notified(app: JetSetApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_a_join_peer_chats_and_the_host_saves_it_outside_the_entries(
    tmp_path: Path,
) -> None:
    async with serve(tmp_path, 3) as served:
        hal = await host_peer(served)
        bea = await NetPeer.connect(await served.connect(), name="Bea")
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        host_app, join_app = JetSetApp(session=hal), JetSetApp(session=ann)
        async with in_game(host_app), in_game(join_app) as pilot:
            await until(lambda: served.table.started, pilot)
            peers = {peer.seat: peer for peer in (hal, bea, ann)}
            await move(peers)  # one move: the chat goes after it
            entries = len(served.table.game.entries)
            await until(lambda: all(len(p.game.entries) == entries for p in peers.values()))

            assert "t Chat" in screen_text(join_app).splitlines()[-1], "the key in the footer"
            await pilot.press("t")
            await until(lambda: isinstance(join_app.screen, ChatScreen), pilot)
            await pilot.press(*"good luck [bold]all[/]", "enter")

            said = "Ann: good luck [bold]all[/]"
            await until(lambda: said in notified(host_app), pilot)  # the host's TUI
            await until(lambda: len(bea.chat_lines) == 1, pilot)  # another peer
            assert bea.chat_lines[0] == ChatMessage(ann.seat, "Ann", "good luck [bold]all[/]")
            await until(lambda: said in screen_text(join_app), pilot)
            assert said not in notified(join_app), "the open chat shows it: no notification"
            await until(lambda: said in screen_text(host_app), pilot)  # as text, not markup

            await move(peers)  # the game goes on after the chat
            await pilot.press("escape")
            await until(lambda: isinstance(join_app.screen, GameScreen), pilot)
            await until(lambda: len(served.table.game.entries) > entries, pilot)
            await bea.chat("and to you")
            await until(lambda: "Bea: and to you" in notified(join_app), pilot)
            host_digest = served.table.game.digest()
            count = len(served.table.game.entries)

    log = read_log(tmp_path / "game.jetset")
    chat = [(n.at, n.fields) for n in log.notes if n.kind == "chat"]
    ann_said = {"seat": ann.seat, "name": "Ann", "text": "good luck [bold]all[/]"}
    assert chat[0] == (entries, ann_said), "after the entries played before it was said"
    assert chat[1][1]["text"] == "and to you" and chat[1][0] > entries
    result = replay(log)
    assert result.ok and result.digest == host_digest and len(log.records) == count
    without = GameLog(log.header, log.records, log.seed)
    write_log(tmp_path / "without.jetset", without)
    bare = replay(read_log(tmp_path / "without.jetset"))
    assert bare.ok and bare.game.digests == result.game.digests, "notes change no digest"


async def test_a_resumed_game_keeps_its_chat(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, ["random"]) as served:
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        await until(lambda: served.table.started)
        await ann.chat("before the break")
        await until(lambda: len(ann.chat_lines) == 1)
    table = Table.resume(tmp_path / "game.jetset", fsync=False)
    async with serve(tmp_path, 2, table=table) as served:
        conn = await served.raw()
        await conn.send({"t": "spectate", "have": 0})
        await recv_until(conn, "seated")
        await conn.send({"t": "chat", "text": "after the break"})
        await recv_until(conn, "chat")
    log = read_log(tmp_path / "game.jetset")
    assert [note.fields["text"] for note in log.notes] == ["before the break", "after the break"]
    assert log.notes[0].at <= log.notes[1].at <= len(log.records)
    assert replay(log).ok


async def test_a_flood_of_chat_is_held_back_and_never_fills_the_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The red team wrote 25 MB of chat into a game's log in 150 s from 7 addresses (a full
    disk pauses the game for everyone). One connection chats 10 lines at once, then one a
    second; a line beyond is refused, non-fatal, and not relayed; and a game's log keeps at
    most ``CHAT_SAVED`` characters of chat (made small here), the rest still said at the table.
    The allowance is the address's: another connection from it gets no fresh burst."""
    import netcode.table

    monkeypatch.setattr(netcode.table, "CHAT_SAVED", 3 * MAX_CHAT)
    async with serve(tmp_path, 2, ["random"]) as served:
        conn = await served.raw()
        await conn.send({"t": "join", "name": "Ann"})
        await recv_until(conn, "seated")
        letters = "abcdefghijk"
        for letter in letters:
            await conn.send({"t": "chat", "text": letter * MAX_CHAT})
        heard: list[str] = []
        while True:
            msg = await asyncio.wait_for(conn.recv(), 5)
            if msg["t"] == "chat":
                heard.append(msg["text"][0])
            if msg["t"] == "error":
                break
        assert msg["code"] == "flood" and not msg["fatal"], msg
        assert heard == list(letters[:10]), "the burst is said, the 11th is not"
        assert len(served.table.chat) == 10
        notes = read_log(tmp_path / "game.jetset").notes
        assert [n.fields["text"][0] for n in notes if n.kind == "chat"] == ["a", "b", "c"]
        # connecting again from the address buys no fresh burst (the red team's churn said 69
        # lines a second so): its allowance is the address's
        other = await served.raw()
        await other.send({"t": "spectate", "have": 0, "name": "Wes"})
        await recv_until(other, "seated")
        await other.send({"t": "chat", "text": "one more"})
        refused = await recv_until(other, "error")
        assert refused["code"] == "flood", refused
        await asyncio.sleep(1.05)  # a second later, one more line may be said
        await conn.send({"t": "chat", "text": "again"})
        assert (await recv_until(conn, "chat"))["text"] == "again"


async def test_one_length_limit_for_the_table_chat(tmp_path: Path) -> None:
    async with serve(tmp_path, 2, ["random"]) as served:
        conn = await served.raw()
        await conn.send({"t": "join", "name": "Ann"})
        await recv_until(conn, "seated")
        await conn.send({"t": "chat", "text": "x" * (MAX_CHAT + 1)})
        error = await recv_until(conn, "error")
        assert error["code"] == "malformed"
        await conn.send({"t": "chat", "text": "y" * MAX_CHAT})
        assert (await recv_until(conn, "chat"))["text"] == "y" * MAX_CHAT
        notes = read_log(tmp_path / "game.jetset").notes
        assert [len(note.fields["text"]) for note in notes] == [MAX_CHAT]

        ann = await NetPeer.connect(await served.connect(), name="Bea", spectate=True)
        app = JetSetApp(session=ann)
        async with in_game(app) as pilot:
            await pilot.press("t")
            await until(lambda: isinstance(app.screen, ChatScreen), pilot)
            box = app.screen.query_one(Input)
            box.post_message(events.Paste("z" * MAX_CHAT))
            await pilot.pause()
            await pilot.press("w")
            assert box.value == "z" * MAX_CHAT, "the input stops at the limit"


@contextlib.asynccontextmanager
async def chat_open(tmp_path: Path) -> AsyncIterator[tuple[NetPeer, JetSetApp, Pilot[None]]]:
    """Bea and Ann at a hosted table, Ann's app with the chat open (``t``)."""
    async with serve(tmp_path, 2) as served:
        bea = await NetPeer.connect(await served.connect(), name="Bea")
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        app = JetSetApp(session=ann)
        async with in_game(app) as pilot:
            await pilot.press("t")
            await until(lambda: isinstance(app.screen, ChatScreen), pilot)
            yield bea, app, pilot


async def test_a_paste_too_long_is_cut_at_the_limit_and_said_so(tmp_path: Path) -> None:
    """A paste over the limit went nowhere and nothing was said (Textual refuses it whole and
    rings the bell): it goes in up to the limit, the player is told the rest was left out (once,
    not for each key typed after it), and the line is sent as it stands."""
    async with chat_open(tmp_path) as (bea, app, pilot):
        box = app.screen.query_one(Input)
        box.post_message(events.Paste("ab" * MAX_CHAT))
        await pilot.pause()
        assert box.value == ("ab" * MAX_CHAT)[:MAX_CHAT]
        said = [n for n in notified(app) if "at most 500 characters" in n]
        assert said == ["A message is at most 500 characters: the rest was left out."]
        await pilot.press("w", "w", "w")
        assert box.value == ("ab" * MAX_CHAT)[:MAX_CHAT]
        assert len([n for n in notified(app) if "at most" in n]) == 1, "said once"
        await pilot.press("enter")
        await until(lambda: len(bea.chat_lines) == 1, pilot)
        assert bea.chat_lines[0].text == ("ab" * MAX_CHAT)[:MAX_CHAT]
        box.post_message(events.Paste("c" * (MAX_CHAT + 1)))
        await pilot.pause()
        assert box.value == "c" * MAX_CHAT
        assert len([n for n in notified(app) if "at most" in n]) == 2, "a new line, said again"


def burst(app: JetSetApp, typed: str) -> None:
    """Every key of ``typed`` posted to the app at once (``⏎`` is Enter), as a fast typist's
    keys come over SSH or from a browser: all there before the app takes the first."""
    for char in typed:
        key, character = {"⏎": ("enter", "\r"), " ": ("space", " ")}.get(char, (char, char))
        app.post_message(events.Key(key, character))


async def test_lines_typed_in_a_burst_are_sent_one_by_one_and_nothing_is_lost(
    tmp_path: Path,
) -> None:
    """Enter sends the line as it was; what is typed after it starts the next line (the field
    used to be emptied only once Enter's message reached the screen: the second line went out
    as "hellothere" and the "x" after it was wiped)."""
    async with chat_open(tmp_path) as (bea, app, pilot):
        burst(app, "hello⏎there⏎x")
        await until(lambda: len(bea.chat_lines) == 2, pilot)
        assert [line.text for line in bea.chat_lines] == ["hello", "there"]
        await until(lambda: app.screen.query_one(Input).value == "x", pilot)
        await until(lambda: "Ann: there" in screen_text(app), pilot)


async def test_a_line_typed_with_the_key_that_opens_the_chat_is_sent_whole(
    tmp_path: Path,
) -> None:
    """``t``, the line and Enter in one burst: the letters reach the chat's field, not the game
    screen under it (where ``h`` opened the help and the rest was lost, and Enter sent nothing)."""
    async with serve(tmp_path, 2) as served:
        bea = await NetPeer.connect(await served.connect(), name="Bea")
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        app = JetSetApp(session=ann)
        async with in_game(app) as pilot:
            await until(lambda: "t Chat" in screen_text(app).splitlines()[-1], pilot)
            burst(app, "thello all⏎")
            await until(lambda: len(bea.chat_lines) == 1, pilot)
            assert bea.chat_lines[0].text == "hello all"
            assert isinstance(app.screen, ChatScreen)


async def test_an_empty_chat_line_is_refused_and_never_shown(tmp_path: Path) -> None:
    """A peer that sends a blank line (or only spaces) gets ``malformed``; nobody hears a
    blank "Ann: " and the log keeps no note of it."""
    async with serve(tmp_path, 2, ["random"]) as served:
        bea = await NetPeer.connect(await served.connect(), name="Bea", spectate=True)
        conn = await served.raw()
        await conn.send({"t": "join", "name": "Ann"})
        await recv_until(conn, "seated")
        # a red team's line of Hangul fillers, or a blank Braille cell, read as a blank line
        for blank in ("", "   ", "\t \n", "\u3164\u3164\u3164", "\u2800 \u2800"):
            await conn.send({"t": "chat", "text": blank})
            assert (await recv_until(conn, "error"))["code"] == "malformed"
        await conn.send({"t": "chat", "text": " said  once "})
        assert (await recv_until(conn, "chat"))["text"] == "said once"
        # and a hundred accents on one letter drew a tall block: four are kept, Vietnamese two
        await conn.send({"t": "chat", "text": "a" + "\u0301" * 100 + " Việt"})
        assert (await recv_until(conn, "chat"))["text"] == "a" + "\u0301" * 4 + " Việt"
        await until(lambda: len(bea.chat_lines) == 2)
        assert bea.chat_lines[0].text == "said once"
        notes = read_log(tmp_path / "game.jetset").notes
        texts = [note.fields["text"] for note in notes]
        assert texts[0] == "said once" and len(texts) == 2


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_every_key_fits_with_the_chat_key(tmp_path: Path, size: tuple[int, int]) -> None:
    """80 columns: the compact footer, which leaves out ":" (the command line says it); from
    100, the full one. A table with chat leaves out F1 (it still opens the rules)."""
    async with serve(tmp_path, 2, ["random"]) as served:
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        app = JetSetApp(session=ann)
        async with in_game(app, size=size) as pilot:
            await until(lambda: ann.game.to_move() == ann.seat, pilot)
            await until(lambda: "Income" in screen_text(app).splitlines()[-1], pilot)
            footer = screen_text(app).splitlines()[-1].rstrip()
            assert "t Chat" in footer and "e Cards" in footer and "Rules" not in footer
            if size[0] < 100:
                assert footer.endswith("q Menu"), "compact: every key whole"
            else:
                assert ": Type" in footer and footer.endswith("▏^p palette") and "q Menu " in footer
            await pilot.press("f1")
            await until(lambda: isinstance(app.screen, HelpScreen), pilot)
            await pilot.press("escape", "t")
            await until(lambda: isinstance(app.screen, ChatScreen), pilot)


async def test_a_game_at_one_keyboard_has_no_chat(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "bot:random"])
    async with in_game(app) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen), "no chat at one keyboard"
        assert not app.screen.session.can_chat
        assert "t Chat" not in screen_text(app).splitlines()[-1]


async def test_a_spectator_chats_under_their_name_marked_as_watching(tmp_path: Path) -> None:
    """A spectator's lines were signed "spectator", whoever spoke: now with the name they
    joined with, and the players' screens mark it as watching (in their language), so that no
    spectator passes for a player of the same name."""
    async with serve(tmp_path, 2) as served:
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        await NetPeer.connect(await served.connect(), name="Bea")
        wes = await NetPeer.connect(await served.connect(), name="Ann", spectate=True)
        app = JetSetApp(session=ann)
        async with in_game(app) as pilot:
            await wes.chat("hello from the rail")
            await until(lambda: len(ann.chat_lines) == 1, pilot)
            # a stranger watching under a seated player's name gets a name of its own, as a
            # joiner does: an export's chat read back would give "Ann"'s line to Ann's seat
            assert ann.chat_lines[0] == ChatMessage(None, "Ann-2", "hello from the rail")
            await until(lambda: notified(app), pilot)
            assert notified(app) == ["Ann-2 (watching): hello from the rail"]
    log = read_log(tmp_path / "game.jetset")
    assert [n.fields["name"] for n in log.notes if n.kind == "chat"] == ["Ann-2"]


async def test_a_spectator_who_came_first_never_passes_for_the_player(tmp_path: Path) -> None:
    """A stranger watching as "Bea" before Bea sat kept the name, so the table showed a
    spectator and a player of one name, and an exported chat read back gave the stranger's
    line to Bea's seat. Names are now unique among everyone at the table, and an export marks
    a spectator's line."""
    async with serve(tmp_path, 2) as served:
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        wes = await NetPeer.connect(await served.connect(), name="Bea", spectate=True)
        bea = await NetPeer.connect(await served.connect(), name="bea")
        assert served.table.seats[bea.seat].name == "bea-2", "read like the spectator's"
        await wes.chat("I resign, said the spectator")
        await asyncio.wait_for(_until_said(ann, 1), 5)
        assert ann.chat_lines[0] == ChatMessage(None, "Bea", "I resign, said the spectator")
    log = read_log(tmp_path / "game.jetset")
    text = export_text(log, replay(log).game, chat=True)
    assert "{Bea (watching): I resign, said the spectator}" in text
    log.header.seats[1].name = "Bea"  # even a seat of that very name does not get the line
    again = import_text(export_text(log, replay(log).game, chat=True))
    assert [(n.fields["seat"], n.fields["name"]) for n in again.notes] == [(None, "Bea")]


async def _until_said(peer: NetPeer, lines: int) -> None:
    while len(peer.chat_lines) < lines:
        await asyncio.sleep(0.02)


async def test_a_returning_player_is_sent_the_last_200_lines_and_no_more(tmp_path: Path) -> None:
    """docs/security.md: the chat kept for who sits down is the table's last ``CHAT_KEPT``
    (200) lines. 205 lines are said; the player who comes back gets lines 5 to 204, in order,
    from the host in play and from the same game resumed from its log."""
    assert CHAT_KEPT == 200, "docs/security.md says 200"
    said = [f"line {i}" for i in range(CHAT_KEPT + 5)]
    kept = [ChatMessage(0, "Ann", text) for text in said[-CHAT_KEPT:]]
    busy = 10_000.0  # the table's allowances out of the way: the cap is what is tested
    settings = HostSettings(rate=busy, burst=busy, chat_rate=busy, chat_burst=busy)
    async with serve(tmp_path, 2, settings=settings) as served:
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        bea = await NetPeer.connect(await served.connect(), name="Bea")
        await until(lambda: served.table.started)
        for text in said:
            await ann.chat(text)
        await until(lambda: bool(bea.chat_lines) and bea.chat_lines[-1].text == said[-1])
        token = bea.token
        await bea.close()
        back = await NetPeer.connect(await served.connect(), name="Bea", token=token)
        await until(lambda: back.seat == 1 and len(back.chat_lines) == CHAT_KEPT)
        assert back.chat_lines == kept
        # what the host itself sends (the client keeps no more than 200 either)
        assert [line["text"] for line in await chat_kept_sent(served)] == said[-CHAT_KEPT:]
    table = Table.resume(tmp_path / "game.jetset", fsync=False)
    async with serve(tmp_path, 2, table=table) as served:
        again = await NetPeer.connect(await served.connect(), name="Bea", token=token)
        await until(lambda: len(again.chat_lines) == CHAT_KEPT)
        assert again.chat_lines == kept, "from the log, the same 200"
        assert [line["text"] for line in await chat_kept_sent(served)] == said[-CHAT_KEPT:]


async def chat_kept_sent(served: Served) -> list[dict[str, object]]:
    """The lines of the ``chat-kept`` message the host sends a spectator who sits down."""
    conn = await served.raw()
    await conn.send({"t": "spectate", "have": 0})
    await recv_until(conn, "seated")
    return list((await recv_until(conn, "chat-kept"))["lines"])


async def test_a_player_back_at_the_table_reads_what_was_said(tmp_path: Path) -> None:
    """Chat was lost for anyone who came back (a dropped player, one who left and returned,
    the players of a game resumed after a restart): the host now sends the table's chat on
    seating, and the chat screen shows it."""
    async with serve(tmp_path, 2) as served:
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        bea = await NetPeer.connect(await served.connect(), name="Bea")
        await until(lambda: served.table.started)
        await ann.chat("gg so far")
        await until(lambda: len(bea.chat_lines) == 1)
        token = bea.token
        await bea.close()
        back = await NetPeer.connect(await served.connect(), name="Bea", token=token)
        await until(lambda: back.seat == 1 and len(back.chat_lines) == 1)
        assert back.chat_lines == [ChatMessage(0, "Ann", "gg so far")]
        app = JetSetApp(session=back)
        async with in_game(app) as pilot:
            await pilot.press("t")
            await until(lambda: isinstance(app.screen, ChatScreen), pilot)
            await until(lambda: "Ann: gg so far" in screen_text(app), pilot)
    table = Table.resume(tmp_path / "game.jetset", fsync=False)
    async with serve(tmp_path, 2, table=table) as served:
        again = await NetPeer.connect(await served.connect(), name="Bea", token=token)
        await until(lambda: len(again.chat_lines) == 1)
        assert again.chat_lines == [ChatMessage(0, "Ann", "gg so far")], "from the log"
    chat = [n for n in read_log(tmp_path / "game.jetset").notes if n.kind == "chat"]
    assert len(chat) == 1, "the history sent is not said again"


async def test_emoji_keep_their_joiners_and_other_format_characters_are_refused(
    tmp_path: Path,
) -> None:
    """A play test's "👨‍👩‍👧 family" and "🏳️‍🌈 flag" were refused as malformed: their zero-width
    joiner is a format character, which ``str.isprintable`` refuses. Chat keeps it, as
    docs/security.md says; a bidi control or an escape is still refused, and a name still may
    not hold a joiner (two names would look alike)."""
    async with serve(tmp_path, 2, ["random"]) as served:
        bea = await NetPeer.connect(await served.connect(), name="Bea", spectate=True)
        conn = await served.raw()
        await conn.send({"t": "join", "name": "Ann"})
        await recv_until(conn, "seated")
        for said in ("👨\u200d👩\u200d👧 family", "🏳️\u200d🌈 flag"):
            await conn.send({"t": "chat", "text": said})
            assert (await recv_until(conn, "chat"))["text"] == said
        for bad in ("a\u202eb", "a\x1b[2Jb"):
            await conn.send({"t": "chat", "text": bad})
            assert (await recv_until(conn, "error"))["code"] == "malformed"
        await until(lambda: len(bea.chat_lines) == 2)
        assert bea.chat_lines[0].text == "👨\u200d👩\u200d👧 family"
        other = await served.raw()
        await other.send({"t": "join", "name": "Z\u200dara"})
        assert (await recv_until(other, "error"))["code"] == "malformed"


async def test_a_long_line_wraps_whole_in_the_chat_at_80_columns(tmp_path: Path) -> None:
    """A play test at 80x24: the chat box is 60 cells wide, and a long line lost the words
    between its first and second rows (RichLog wraps at 78 cells unless told otherwise)."""
    words = " ".join(f"word{i}" for i in range(30))
    async with serve(tmp_path, 2) as served:
        bea = await NetPeer.connect(await served.connect(), name="Bea")
        ann = await NetPeer.connect(await served.connect(), name="Ann")
        app = JetSetApp(session=ann)
        async with in_game(app, size=(80, 24)) as pilot:
            await pilot.press("t")
            await until(lambda: isinstance(app.screen, ChatScreen), pilot, limit=1000)
            await bea.chat(words)
            log = app.screen.query_one(RichLog)
            await until(lambda: "word29" in " ".join(s.text for s in log.lines), pilot, limit=1000)
            width = log.scrollable_content_region.width
            assert all(strip.cell_length <= width for strip in log.lines), width
            shown = " ".join(" ".join(strip.text for strip in log.lines).split())
            assert shown == f"Bea: {words}", shown
        await bea.close()
        await ann.close()

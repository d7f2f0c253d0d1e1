"""The lobby over a real SSH connection: what a player sees, creating and joining games,
resizing, and coming back to a seat with the same key (or, in --open mode, name and code)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
from textual.widgets import Input

from jetset_tui.ssh.server import GameServer
from netcode.protocol import MAX_CHAT
from tests.ssh.helpers import SEAT_CODE, Term, client_key, connect, start_server


async def test_lobby_then_a_game_against_bots(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    alice = await connect(server, "alice", alice_key)
    text = await alice.wait_for("No games yet")
    assert "alice" in text and "New game" in text
    await alice.press("n")
    await alice.wait_for("Bots among them")
    await alice.press("enter")
    text = await alice.wait_for("your turn")
    assert "Amelia" in text and "greedy-1" not in text and "Final Flights" in text
    assert server.lobby.rooms["1"].table.started

    bob = await connect(server, "bob", bob_key)
    text = await bob.lobby()
    assert "alice, Amelia, Wilbur, Bessie" in text and "turn 1" in text
    await bob.press("t", pause=0.3)
    await bob.type("hello from bob")
    await bob.press("enter")
    await bob.wait_for("bob: hello from bob")
    await alice.close()
    await bob.close()


async def test_a_move_over_ssh_and_the_table_chat(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    alice = await connect(server, "alice", alice_key)
    await alice.new_game_against_bots()
    game = server.lobby.rooms["1"].table.game
    before = len(game.entries)
    await alice.command("income")
    await alice.wait_for("✓ income")
    await alice.wait_for(lambda _: len(game.entries) > before)
    assert game.entries[before].actor == 0
    await alice.press("t")
    await alice.wait_for("say something; Enter sends", settle=0.3)
    await alice.type("good luck")
    await alice.press("enter")
    await alice.wait_for("alice: good luck")
    await alice.close()


async def test_resize(server: GameServer, alice_key: asyncssh.SSHKey) -> None:
    alice = await connect(server, "alice", alice_key, width=120, height=40)
    await alice.lobby()
    alice.resize(40, 12)  # the lobby too asks for room, as the game does (it broke every word)
    await alice.wait_for("Make the terminal larger")
    alice.resize(90, 24)
    text = await alice.wait_for(lambda t: "New game" in (t.splitlines() + [""] * 24)[23])
    assert all(len(line) <= 90 for line in text.splitlines())
    await alice.press("n")
    await alice.wait_for("Bots among them")
    await alice.press("enter")
    text = await alice.wait_for("v Table")  # 90 columns: the map, the table on v
    assert "your turn" in text and all(len(line) <= 90 for line in text.splitlines())
    alice.resize(70, 20)
    await alice.wait_for("Make the terminal larger")
    alice.resize(120, 40)
    await alice.wait_for("your turn")
    await alice.close()


async def test_reconnect_by_key_lands_in_the_seat(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    alice = await connect(server, "alice", alice_key)
    await alice.new_game_against_bots()
    room = server.lobby.rooms["1"]
    await alice.close()
    await alice.closed.wait()
    bob = await connect(server, "bob", bob_key)
    text = await bob.wait_for("alice*")  # alice's seat, not connected
    said = "* after a name: that player is not connected; their seat waits for them"
    assert said in " ".join(text.split()), "the * said (a play test found it explained nowhere)"
    await bob.close()
    again = await connect(server, "alice", alice_key)
    text = await again.wait_for("your turn")
    assert "Back in your seat" in text or "alice" in text
    assert 0 in room.host.seat_conns
    await again.close()


async def test_two_players_join_one_game(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey, tmp_path: Path
) -> None:
    alice = await connect(server, "alice", alice_key)
    await alice.lobby()
    await alice.press("n")
    await alice.wait_for("Bots among them")
    await alice.fill("Seats (2-6)", "4")  # the form has focus
    await alice.press("tab")
    await alice.fill("Bots among them", "1")
    await alice.press("tab", "tab")
    await alice.type("secret")
    await alice.press("enter")
    text = await alice.wait_for("waiting for players")
    assert "(open)" in text
    assert "seat 1: alice  human  ← you" in text, "seats counted from 1, kinds in words"
    assert "seat 4: Amelia  greedy" in text and "bot:" not in text and "seat 0" not in text
    bob = await connect(server, "bob", bob_key)
    await bob.lobby()
    text = await bob.wait_for("waiting for 2")
    assert "alice's game · password" in text  # in words, as the remote lobby says it
    await bob.press("j")
    await bob.wait_for("the password the game was made with")  # the empty field says what
    await bob.type("wrong")
    await bob.press("enter")
    await bob.wait_for("wrong password (4 tries left)")  # asked again
    await bob.type("secret")
    await bob.press("enter")
    await bob.wait_for("waiting for players")
    carol = await connect(server, "carol", client_key(tmp_path, "carol"), width=80, height=24)
    await carol.lobby()
    # the table's status and seats columns run past 80 columns: the chosen game's line says them
    text = await carol.wait_for("Game 1: waiting for 1; seats: alice, bob,")
    assert "(open), Amelia" in text, text
    await carol.close()
    await alice.close()
    await bob.close()


async def test_open_mode_seat_back_by_name_and_code(tmp_path: Path) -> None:
    server = await start_server(tmp_path, open_mode=True)
    try:
        alice = await connect(server, "alice", None)
        await alice.new_game_against_bots()
        text = await alice.wait_for("Your seat code is")
        match = SEAT_CODE.search(text)
        assert match is not None, text
        code = match.group(1).replace(" ", "")
        await alice.close()
        await alice.closed.wait()

        again = await connect(server, "alice", None)
        text = await again.wait_for("You hold a seat in game 1: j takes it back")
        assert "The code of your seat" not in text, "not asked before j: j would be its answer"
        await again.press("j")  # as the line says, and then the code: the j is not part of it
        await again.wait_for("The code of your seat 1 in game 1:")  # seats counted from 1
        await again.type("ZZZZZZZZ")
        await again.press("enter")
        await again.wait_for("not the seat's code (4 tries left)")  # and asked again
        await again.type(code.lower())
        await again.press("enter")
        await again.wait_for("your turn")
        await again.close()
    finally:
        await server.close()


async def test_open_mode_says_the_seat_code_once_where_the_game_waits(tmp_path: Path) -> None:
    """A play test over ssh at 80x24: the seat code was said twice at once, in the wait's box
    and in a notice that stayed 30 s over the game's command line and the picker's verdict.
    Where the game waits for its last seats the box says it alone; who sits down in a started
    game has the notice."""
    server = await start_server(tmp_path, open_mode=True)
    try:
        alice = await connect(server, "alice", None, width=80, height=24)
        text = await alice.open_game(seats=2, bots=0)
        await asyncio.sleep(1.0)  # the notice came right after the box's first frame
        text = alice.text()
        assert len(SEAT_CODE.findall(text)) == 1, text
        assert "it takes this seat back" not in text, text  # the notice's words (wrapped)
        bob = await connect(server, "bob", None, width=80, height=24)
        await bob.lobby()
        await bob.press("j")
        text = await bob.wait_for("it takes this seat back")  # the box came and went at once
        assert len(SEAT_CODE.findall(text)) == 1, text
        await bob.close()
        await alice.close()
    finally:
        await server.close()


async def test_a_game_with_the_extra_cards_and_a_spectator(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """The form's expansion field reaches the game's options; a watcher sees the public game as
    it goes on, no Final Flight of anyone, and has no keys to act with."""
    alice = await connect(server, "alice", alice_key)
    await alice.lobby()
    await alice.press("n")
    await alice.wait_for("the base game's Flight cards")
    # to the Cards list (past the password), open it, take the extra cards, back and create
    await alice.press(*["tab"] * 4, "enter", "down", "enter", pause=0.25)
    await alice.wait_for("with the expansion's extra")
    await alice.press("shift+tab", "enter", pause=0.25)
    await alice.wait_for("your turn")
    room = server.lobby.rooms["1"]
    game = room.table.game
    assert game.options.extra_cards and len(game.board.short_deck) == 52 + 50

    bob = await connect(server, "bob", bob_key)
    text = await bob.lobby()
    assert "alice's game · extra cards" in text
    await bob.press("w")
    text = await bob.wait_for("you are watching")
    assert "Final Flights are secret" in text and room.watchers == 1
    hands = [card for seat in game.state.seats for card in seat.hand or ()]
    assert len(hands) == 8 and not any(card in text for card in hands)
    footer = text.splitlines()[-1]
    assert "Buy" not in footer and "Income" not in footer and ": Type" not in footer
    before = len(game.entries)
    await bob.press("i", ":")
    await bob.type("income")
    await bob.press("enter")
    await asyncio.sleep(0.3)
    assert len(game.entries) == before, "a spectator's keys change nothing"

    await alice.command("income")
    await alice.wait_for(lambda _: game.to_move() == 0 and game.state.turn > 1)  # bots played
    turn = game.state.turn
    await bob.wait_for(lambda t: f"turn {turn} " in t.splitlines()[0])
    await bob.close()
    await alice.close()


async def test_the_lobby_chat_has_the_table_chats_limit(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """One length limit everywhere: netcode.protocol.MAX_CHAT (500) in the lobby too."""
    alice = await connect(server, "alice", alice_key)
    await alice.lobby()
    await alice.press("t", pause=0.3)
    await alice.type("a" * 300)
    await alice.type("b" * (MAX_CHAT - 300 + 1))
    (session,) = server.sessions
    say = session.app.screen.query_one("#say", Input)
    await alice.wait_for(lambda _: len(say.value) == MAX_CHAT)
    await asyncio.sleep(0.2)
    assert say.value == "a" * 300 + "b" * (MAX_CHAT - 300), "the input stops at the limit"
    await alice.press("enter")
    await alice.wait_for(lambda _: len(server.lobby.chat) == 1)
    said = server.lobby.chat[-1].text
    assert said == "a" * 300 + "b" * (MAX_CHAT - 300)
    await alice.close()


async def test_open_lobbies_see_a_new_game_and_chat(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """The lobby tells every session of a change made by another (each in its own app)."""
    alice, bob = await asyncio.gather(
        connect(server, "alice", alice_key), connect(server, "bob", bob_key)
    )
    await alice.lobby()
    await bob.lobby()
    await alice.press("n")
    await alice.wait_for("Bots among them")
    await alice.press("enter")
    await bob.wait_for("alice's game")
    await alice.wait_for("your turn")
    await bob.press("t")
    await bob.wait_for(lambda t: "n New game" not in t.splitlines()[-1])  # the chat line has keys
    await bob.type("anyone?")
    await bob.press("enter")
    await bob.wait_for("bob: anyone?")
    await alice.close()
    await bob.close()


async def test_a_hubs_game_from_the_form_is_listed_with_its_module(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """The form's Hubs checkbox reaches the game's options; the lobby lists the module; the
    creator is asked for a first hub once the bots (the last seats) have placed theirs."""
    alice = await connect(server, "alice", alice_key)
    await alice.lobby()
    await alice.press("n")
    text = await alice.wait_for("the base game's Flight cards")
    assert "Hubs" in text and "Investors" in text
    # to the Hubs box (past Cards, Distant Lands), tick it, back to the last text field, create
    await alice.press(*["tab"] * 6, "space", *["shift+tab"] * 3, "enter", pause=0.25)
    await alice.wait_for("u: place your first hub", timeout=30)
    room = server.lobby.rooms["1"]
    game = room.table.game
    assert game.options.hubs and game.state.hubs is not None
    assert [len(c) for c in game.state.hubs.cities] == [0, 1, 1, 1]
    await alice.command("hub PAR")
    await alice.wait_for(lambda _: game.state.hubs is not None and game.state.hubs.placing < 0)

    bob = await connect(server, "bob", bob_key)
    text = await bob.lobby()
    assert "alice's game · Hubs" in text
    await bob.close()
    await alice.close()


async def new_game_seats(term: Term, seats: str, bots: str) -> None:
    """From the lobby, the new-game form with its seats and bots filled in."""
    await term.lobby()
    await term.press("n")
    await term.wait_for("Bots among them")
    await term.fill("Seats (2-6)", seats)
    await term.press("tab")
    await term.fill("Bots among them", bots)


async def waiting_game(term: Term, game: str) -> None:
    """From the lobby: a new game of two people, no bot, waiting for the second."""
    await new_game_seats(term, "2", "0")
    await term.press("enter")
    await term.wait_for(f"Game {game}: waiting for players")


async def test_back_in_the_lobby_j_takes_your_seat_back(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey
) -> None:
    """Leaving a game that has begun, the lobby says "j takes it back": j does, with another
    game above it in the list (a seat left in the wait for players is open again instead:
    tests/ssh/test_wait_leave.py)."""
    bob = await connect(server, "bob", bob_key)
    await waiting_game(bob, "1")
    alice = await connect(server, "alice", alice_key)
    await alice.new_game_against_bots()
    await alice.press("q")
    await alice.wait_for("Leave the game?")
    await alice.press("y")
    await alice.wait_for("You hold a seat in game 2: j takes it back.")
    await alice.press("j")
    await alice.wait_for("Back in your seat in game 2")
    await alice.close()
    await bob.close()


def test_the_join_address_is_one_a_player_can_type() -> None:
    """A port bound to every address is shown at the address the player reached the server
    at; a v4 client of a dual-stack server sees v4; v6 is bracketed."""
    from jetset_tui.ssh.room import host_port

    assert host_port("0.0.0.0", "192.168.1.5", 40001) == "192.168.1.5:40001"
    assert host_port("::", "::ffff:192.168.1.5", 40001) == "192.168.1.5:40001"
    assert host_port("::", "fe80::1", 40001) == "[fe80::1]:40001"
    assert host_port("127.0.0.1", "10.0.0.2", 40001) == "127.0.0.1:40001"
    assert host_port("0.0.0.0", "", 40001) == "0.0.0.0:40001"


async def test_a_burst_of_keys_follows_the_key_that_moves_the_focus(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """Keys in one write, as a fast typist's come over SSH: ``t`` opens the chat line and the
    rest of the burst is said there; ``n`` opens the form and what follows fills it in (they
    went to the list of games, which had the focus when the burst came)."""
    alice = await connect(server, "alice", alice_key)
    await alice.lobby()
    await alice.type("thello there\r")
    await alice.wait_for("alice: hello there")
    await alice.press("escape")  # the chat line keeps the keys till Esc
    await alice.wait_for(lambda t: "n New game" in t.splitlines()[-1])
    await alice.type("n\x7f2\t\x7f0\r")  # a new game: 2 seats, 0 bots, Enter
    await alice.wait_for("waiting for players")
    assert [seat.kind.bot for seat in server.lobby.rooms["1"].table.seats] == [None, None]
    await alice.close()


async def test_the_wait_ends_for_a_game_that_started_before_it_was_shown(
    server: GameServer,
) -> None:
    """The last seat filled between the lobby's look at the game and the waiting screen's first
    frame (the bots take theirs as the player sits down; under load that frame comes late): the
    wait ends at once, instead of saying "waiting for players" until the next move, which here
    is the player's own."""
    from jetset_tui.app import JetSetApp
    from jetset_tui.ssh.screens.wait import WaitScreen
    from jetset_tui.ssh.seating import Player

    ann = Player("key:ann", "ann", "127.0.0.1")
    room = server.lobby.create(ann, 2, ["greedy"], None)
    peer, _code = await server.lobby.join(room, ann, None)
    for _ in range(500):  # dealt, and the player's turn: no move comes that would wake it
        if peer.started_game.is_set() and peer.game.to_move() == peer.seat:
            break
        await asyncio.sleep(0.02)
    assert peer.game.to_move() == peer.seat
    ended: list[bool | None] = []
    app = JetSetApp(saves=server.lobby.games_dir, fsync=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(WaitScreen(room, peer, None), ended.append)
        for _ in range(100):
            if ended:
                break
            await pilot.pause(0.02)
    await peer.close()
    assert ended == [True]


async def test_the_waiting_screen_names_the_search_bot_in_words(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    alice = await connect(server, "alice", alice_key)
    await new_game_seats(alice, "3", "1")
    await alice.press("tab", *["backspace"] * 8)
    await alice.type("search")
    await alice.press("enter")
    text = await alice.wait_for("waiting for players")
    seat3 = next(line for line in text.splitlines() if "seat 3:" in line)
    assert seat3.strip(" ┃").endswith("  search"), text  # the kind in words (a name is a name)
    assert server.lobby.rooms["1"].table.seats[2].bot_kind == "mcts"
    await alice.close()


async def test_lobby_chat_typed_too_fast_is_held_back_and_said_so(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """A terminal player typing lines into the lobby chat faster than one a second: the first
    10 are said, then no more than the allowance lets through, and the player is told why
    (docs/security.md)."""
    alice = await connect(server, "alice", alice_key)
    await alice.lobby()
    typed = 30  # well past the burst, even on a loaded machine that types slowly
    await alice.press("t", pause=0.3)  # the line keeps the keys from one Enter to the next
    for i in range(typed):
        await alice.type(f"line {i}")
        await alice.press("enter", pause=0.05)
    await alice.wait_for("too much chat: one line a second")
    said = [c.text for c in server.lobby.chat]
    assert said[:10] == [f"line {i}" for i in range(10)], said
    assert len(said) < typed, "lines beyond the allowance are not said"
    await alice.close()


async def test_f_takes_the_first_free_seat_or_makes_a_game(
    server: GameServer, alice_key: asyncssh.SSHKey, bob_key: asyncssh.SSHKey, tmp_path: Path
) -> None:
    """f, as in the remote lobby: bob, with alice's game waiting for one, sits in it without
    choosing it; carol, with none waiting, gets a new game of four seats to wait in, and is
    told so (a play test's f made one without a word)."""
    alice = await connect(server, "alice", alice_key, width=100, height=30)
    await alice.open_game(seats=2, bots=0)
    bob = await connect(server, "bob", bob_key, width=100, height=30)
    await bob.wait_for("waiting for 1")
    await bob.press("f")
    await bob.wait_for("alice  to move")
    assert sorted(m.seat for m in server.lobby.rooms["1"].members.values()) == [0, 1]
    carol = await connect(server, "carol", client_key(tmp_path, "carol"), width=100, height=30)
    await carol.lobby()
    await carol.press("f")
    text = await carol.wait_for("waiting for players")
    assert "Game 2: waiting for players" in text and "seat 4: (open)" in text
    said = "No game was waiting for players: f opened game 2, of 4 seats, and you sit in it"
    apps = [session.app for session in server.sessions if session.app is not None]
    notices = [str(n.message) for app in apps for n in app._notifications]
    assert any(said in notice for notice in notices), notices  # not silently
    for term in (alice, bob, carol):
        await term.close()


async def test_q_in_the_lobby_says_itself_and_ends_the_session(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """A play test found no way out of the lobby: q did nothing and the footer named none."""
    alice = await connect(server, "alice", alice_key)
    text = await alice.lobby()
    assert "q Quit" in text.splitlines()[-1], text.splitlines()[-1]
    await alice.press("q")
    await asyncio.wait_for(alice.closed.wait(), 10)


async def test_lines_of_lobby_chat_typed_in_one_burst_all_reach_the_chat(
    server: GameServer, alice_key: asyncssh.SSHKey
) -> None:
    """`t`, then a line and Enter, again and again, in one burst (a fast typist, a paste): the
    chat line keeps the keys from one Enter to the next, so no line's letters reach the lobby's
    keys (`i` switched it to Italian, `n` opened the new-game form, `w` watched a game: a play
    test's "we start at noon" after a line it had sent)."""
    alice = await connect(server, "alice", alice_key)
    await alice.lobby()
    burst = "t" + "".join(f"line {i}\r" for i in range(6)) + "we start at noon\r"
    assert alice.chan is not None
    alice.chan.write(burst.encode())
    await alice.wait_for("alice: we start at noon")
    said = [c.text for c in server.lobby.chat]
    assert said == [*(f"line {i}" for i in range(6)), "we start at noon"], said
    text = alice.text()
    assert "Bots among them" not in text and "sala d'attesa" not in text, text
    await alice.close()


async def test_of_two_seats_the_one_you_are_at_or_played_last_is_yours(
    server: GameServer,
) -> None:
    """A play test: alice left game 1 with q, played game 2, dropped, and was taken back to
    game 1 (the first that held a seat of hers). Now: the game she is at, else the one whose
    log was written last."""
    import os

    from jetset_tui.ssh.seating import Player

    alice = Player("key:SHA256:alice", "alice")
    lobby = server.lobby
    first = lobby.create(alice, 2, ["greedy"], None)
    second = lobby.create(alice, 2, ["greedy"], None)
    one, _ = await lobby.join(first, alice, None)
    await one.close()  # left it
    two, _ = await lobby.join(second, alice, None)
    held = lobby.seat_of(alice.identity)
    assert held is not None and held[0] is second, "at game 2 now"
    await two.close()
    for _ in range(100):  # the host hears the close on this loop
        if 0 not in second.host.seat_conns:
            break
        await asyncio.sleep(0.02)
    os.utime(first.table.log_path, (1_000_000, 1_000_000))
    os.utime(second.table.log_path, (2_000_000, 2_000_000))
    held = lobby.seat_of(alice.identity)
    assert held is not None and held[0] is second, "game 2 was played last"
    os.utime(first.table.log_path, (3_000_000, 3_000_000))
    held = lobby.seat_of(alice.identity)
    assert held is not None and held[0] is first

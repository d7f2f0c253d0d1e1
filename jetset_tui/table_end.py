"""What r and Esc do at the end of a game played over the network, for every app that plays one
(``JetSetApp``; an SSH session's ``SshApp`` and a browser tab's app say it their way): r plays
the next game of the finished one's seats, or watches it; Esc goes back to a server's lobby or
ends the command that hosted or joined the game. The end screens ask (``EndFrame``); the
command that ran the app does what it ends with (``then``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jetset_tui.i18n import _
from jetset_tui.toasts import ToastsRepainted

if TYPE_CHECKING:
    from netcode.client import GameClient, Hosting, NextGameOpened

NEXT_GAME = "next"
"""``run_client_async``'s answer: the player asked for the next game of its seats (r)."""
LOBBY = "lobby"
"""``run_client_async``'s answer: the player went back to the server's lobby (Esc at the end)."""


class NetworkedEnd(ToastsRepainted[None]):
    """The end of a networked game: who may press r, and where r and Esc lead."""

    launch_session: GameClient | None
    """The networked game this app plays (``JetSetApp``'s)."""
    hosting: Hosting | None
    """The game this app's player hosts, if any."""
    joined_at: str | None
    """The host's address of a game joined there (``jetset join``), if any."""

    from_lobby = False
    """The game was reached through a server's lobby (``jetset join ssh://``): at its end, r
    (a seat's) asks for the next game of its seats and Esc goes back to that lobby, each by
    ending this app with ``then`` for the command to do."""
    then: str | None = None
    """What the command does once this app ends: ``NEXT_GAME`` (r at the end, where
    ``can_play_again``), ``LOBBY`` (Esc, ``from_lobby``)."""
    asked_next = False
    """r at a ``jetset host`` game's end asked its host for the next game (``play_again``)."""
    opened_next: str | None = None
    """The name of the player elsewhere who opened the next game, and sits in it (r)."""
    host_gone = False
    """The host of a game joined at its address (``jetset join``) closed it after its end: no
    next game is opened or played there any more (``table_gone``)."""

    def can_play_again(self) -> bool:
        """At the end of a game played over the network: whether its seats can play again
        from here (an SSH server's lobby: ``SshApp``, a browser tab's, ``from_lobby``; at
        ``jetset host``, its hosting player and every player joined there); a game at this
        keyboard has its own rematch (the end screens')."""
        if self.hosting is not None:  # its seat is theirs, if a bot played it to the end too
            return self.hosting.over  # (this app's first peer left the seat to that bot)
        session = self.launch_session
        if session is None or not session.game.over or not session.local_seats:
            return False
        joined = self.joined_at is not None  # `jetset join`: its host is asked (``play_again``)
        return self.from_lobby or self.hosting is not None or (joined and not self.host_gone)

    def play_again(self) -> None:
        """The next game of a finished networked game's seats (only when ``can_play_again``):
        opened already, or at a server's lobby, the command goes there (``then``); at a
        ``jetset host`` address the host is asked first (``next_game_opened`` then goes)."""
        session = self.launch_session
        if not self.can_play_again() or session is None:
            return
        if self.from_lobby or self.hosting is not None or session.next_game is not None:
            self.then = NEXT_GAME
            self.exit()
        elif not self.asked_next:
            self.asked_next = True
            from jetset_tui.workers import start_worker

            start_worker(self, session.ask_next, exclusive=True)

    def end_leads_to_lobby(self) -> bool:
        """Whether leaving a game's end leads to a server's lobby (``from_lobby``; an SSH
        session and a browser tab always), rather than to this app's menu."""
        return self.from_lobby

    def end_leaves(self) -> bool:
        """Whether leaving a game's end ends this app: a game `jetset host` or `jetset join`
        (TCP) plays, whose command has nothing else to show (it then says how the game ended),
        rather than going to this app's menu."""
        return not self.from_lobby and (self.hosting is not None or self.joined_at is not None)

    def back_to_server_lobby(self) -> bool:
        """Esc at the end of a game reached through a server's lobby: end this app for the
        command to show that lobby again (``LOBBY``); False elsewhere (the menu, as ever)."""
        if not self.from_lobby:
            return False
        self.then = LOBBY
        self.exit()
        return True

    def next_game_opened(self, session: GameClient, opened: NextGameOpened) -> None:
        """At a finished game's end, its host said a player opened the next game (a server's
        table, or ``jetset host``'s): a player who asked for it (r) goes to it; the others
        are told, and r takes a seat in it (``can_play_again``)."""
        if self.asked_next:
            self.then = NEXT_GAME
            self.exit()
            return
        seats = session.seats
        if opened.seat in session.local_seats:
            return
        name = seats[opened.seat].name if opened.seat < len(seats) else "?"
        self.opened_next = name
        if self.can_watch_next():
            said = _("{name} opened the next game: r watches it.")
            self.screen.refresh_bindings()  # r, in the footer from now on
        elif self.can_play_again():
            said = _("{name} opened the next game for these seats: r takes a seat in it.")
        else:
            return
        self.notify(said.format(name=name), timeout=30, markup=False)

    def can_watch_next(self) -> bool:
        """A spectator at the end of a game `jetset join` watched (at a host's address, or
        through a server's lobby): whether a player opened the next game, which r then
        watches (the command's ``then``)."""
        session = self.launch_session
        return (
            session is not None
            and not session.local_seats
            and bool(session.game.over)
            and session.next_game is not None
            and (self.from_lobby or self.end_leaves())
            and not self.host_gone
        )

    def watch_next(self) -> None:
        """r at a watched game's end: the command watches the next game (``then``)."""
        if self.can_watch_next():
            self.then = NEXT_GAME
            self.exit()

    def leaving_strands(self) -> str | None:
        """The hosting player leaving a game's end closes the table, the next game with it:
        the name of the player who opened that game and waits in it, if anyone did (the leave
        is asked first: a LAN play test's host left with a press of Esc, and the others found
        out only from a closed connection)."""
        return self.opened_next if self.hosting is not None else None

    def table_gone(self) -> None:
        """The way back to the host of a game joined at its address is gone for good, after
        its end (the host left): r, which would have gone to a next game there, is taken away,
        and the player is told, rather than told nothing until r found nobody hosting."""
        if self.joined_at is None or self.from_lobby or self.host_gone:
            return
        self.host_gone = True
        self.asked_next = False
        self.screen.refresh_bindings()
        said = _("The host has closed the table: there is no next game here. Esc leaves.")
        self.notify(said, severity="warning", timeout=30, markup=False)

    def next_game_refused(self, problem: str) -> None:
        """The host answered r with a refusal (it opens no next game, or cannot save one)."""
        if self.asked_next:
            self.asked_next = False
            self.notify(problem, severity="warning", timeout=10, markup=False)

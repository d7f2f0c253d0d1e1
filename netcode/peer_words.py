"""What a peer is told and says of its host: the handshake's refusals (``JoinRefused``, and
``NoWelcome`` when what answered is no Jet Set host), text from the host made printable
(``host_text``), and the sentences of a paused game or a lost connection, each whole in the
catalogs so that a screen can say it in the player's language (netcode/peer.py uses them)."""

from __future__ import annotations

from engine.errors import Reason
from netcode import protocol as p
from netcode.text import printable
from netcode.transport import ConnectionClosed

OTHER_DATA = "data"
OTHER_DATA_TEXT = (
    "the host plays with other cards or another map than yours: another Jet Set version"
)
OTHER_GAME = "game"


class JoinRefused(ConnectionError):
    """The host refused the handshake or the seat (``code`` as in docs/protocol.md)."""

    def __init__(self, code: str, message: str) -> None:
        code, message = host_text(code, p.MAX_NAME), host_text(message, p.MAX_CHAT)
        super().__init__(f"{message} ({code})")
        self.code = code
        self.message = message


class NoWelcome(ConnectionError):
    """The handshake failed before the host said a word: what answered does not speak Jet Set's
    protocol (a web server, an SSH server on a TCP address), closed at once, or said nothing in
    time. Its message is one of the sentences below (in the catalogs); nothing of what answered
    is shown."""


NOT_A_HOST = Reason("what answers there is not a Jet Set host")
CLOSED_BEFORE_WELCOME = Reason("the connection was closed before the host answered")
NO_WELCOME = Reason("no answer as a Jet Set host in time")


def no_welcome_words(exc: BaseException) -> str:
    """Why a handshake failed, said without anything the other end sent."""
    if isinstance(exc, ConnectionClosed):
        return CLOSED_BEFORE_WELCOME
    if isinstance(exc, TimeoutError):
        return NO_WELCOME
    return NOT_A_HOST


def host_text(value: object, limit: int) -> str:
    """A string the host sent, as text to show: at most ``limit`` characters, every control and
    escape character made visible (netcode.text), so a hostile host cannot reach the terminal."""
    return printable(str(value)[:limit])


def host_says(text: str, *, served: bool) -> Reason:
    """The host's refusal ``text`` (``error``) as a peer says it: a server's (``ssh-server``,
    where no player hosts the game: a peer's ``served``) is the server's words, as the lobby's
    are; a ``jetset host``'s, the host's."""
    if served:
        return Reason("the server says: {text}", text=text)
    return Reason("the host says: {text}", text=text)


PAUSED_PLAYING = Reason("the host paused the game; you are back in your seat when they resume it")
PAUSED_WATCHING = Reason("the host paused the game; you watch on when they resume it")
LOST_PLAYING = Reason(
    "the connection to the host is lost; you are back in your seat as soon as it answers again"
)
LOST_WATCHING = Reason("the connection to the host is lost; you watch on as soon as it answers")
LOST_PLAYING_SERVED = Reason(
    "the connection to the server is lost; you are back in your seat as soon as it answers again"
)
LOST_WATCHING_SERVED = Reason(
    "the connection to the server is lost; you watch on as soon as it answers"
)
"""A server's game (``jetset join ssh://``, a browser): no one hosts it (a play test)."""


def lost_sentence(*, watching: bool, served: bool) -> Reason:
    """What a peer whose connection is lost says while it tries again."""
    if served:
        return LOST_WATCHING_SERVED if watching else LOST_PLAYING_SERVED
    return LOST_WATCHING if watching else LOST_PLAYING


GOING_ON = Reason("the game continues")
ANOTHER_GAME_THERE = Reason(
    "the host serves another game there now; your seat in this one waits until it is hosted "
    "again (join again to play the new one)"
)
ANOTHER_GAME_WATCHED = Reason(
    "the host serves another game there now; this one goes on when it is hosted again (watch "
    "again to see the new one)"
)
"""Said by this peer, not the host: marked for the catalogs, translated where shown."""
PLAYED_ELSEWHERE = Reason("your seat is played from another connection now (another window?)")
"""The host gave this seat to a newer connection with its token (``bye`` TAKEN_OVER): a play
test's old browser tab read "the host closed the connection: your seat was taken over by a
new connection"."""


RECONNECTING = {
    "the host stopped answering": Reason("the host stopped answering; reconnecting"),
    "the host closed the connection": Reason("the host closed the connection; reconnecting"),
    "the host sent something this game cannot read": Reason(
        "the host sent something this game cannot read; reconnecting"
    ),
}
"""Each of ``lost_words``' sentences while the peer reconnects, whole, so that a screen can say
it in the player's language (a sentence put together here could not be in the catalogs)."""
RECONNECTING_SERVED = {
    "the host stopped answering": Reason("the server stopped answering; reconnecting"),
    "the host closed the connection": Reason("the server closed the connection; reconnecting"),
    "the host sent something this game cannot read": Reason(
        "the server sent something this game cannot read; reconnecting"
    ),
}
"""The same, of a server's game."""
RECONNECTED = Reason("reconnected")


def reconnecting(why: str, *, served: bool = False) -> str:
    """What a player is told while this peer reconnects after ``why`` (``served``: a server's
    game, where no one hosts it)."""
    return (RECONNECTING_SERVED if served else RECONNECTING).get(why, f"{why}; reconnecting")


def refused_words(exc: JoinRefused, *, watching: bool = False) -> str:
    """Why the host would not take this peer back, in a player's words: another game served at
    the same address (a LAN host that went on to Jet Lag) said "the host's seed commitment
    changed (commitment)"; a spectator has no seat to wait (``watching``)."""
    if exc.code == "commitment":
        return ANOTHER_GAME_WATCHED if watching else ANOTHER_GAME_THERE
    return f"the host refused to reconnect: {exc}"


def lost_words(exc: BaseException) -> str:
    """Why a connection to the host ended, in a player's words (the details go to the log)."""
    if isinstance(exc, TimeoutError):
        return "the host stopped answering"
    if isinstance(exc, ConnectionClosed):
        return "the host closed the connection"
    return "the host sent something this game cannot read"

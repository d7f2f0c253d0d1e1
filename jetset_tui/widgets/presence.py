"""Who is at a networked table: dropped players and their countdowns, stand-in bots, and on the
host's own screen the addresses to give friends and a roster. Hidden when there is nothing to say
(a local game, everyone connected and nobody hosting here)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from rich.text import Text
from textual.widgets import Static

from engine.jetset.bots import bot_label
from jetset_tui.i18n import N_, _
from jetset_tui.seat_names import bot_kind_before_bot, bot_words
from jetset_tui.theme import DIM, GOOD, WARN
from netcode.client import Hosting, Presence
from netcode.seatkind import SeatKind

if TYPE_CHECKING:  # the network's messages load after the first frame (test_lazy_network)
    from netcode.protocol import SeatPresence

OPEN_SEAT = N_("(open seat)")
"""The name shown for a network game's seat that nobody has taken yet (translated where the
game screen takes its names)."""

WAITING_FOR_THE_HOST = N_("the game waits for the host to resume it; q leaves (your place is kept)")
"""The presence line while the host has paused the game (the turn bar says what happened)."""

WATCHING_THE_PAUSE = N_("the game waits for the host to resume it; q leaves")
"""``WAITING_FOR_THE_HOST`` to a spectator, who has no place to keep (a play test read "your
place is kept" while watching)."""

NO_WAY_BACK = N_("nothing more comes from the host here; q leaves")
"""The presence line once the way back to the host is gone (the turn bar says why)."""

TRYING_AGAIN = N_("trying to reach the host again; q leaves (your seat is kept)")
"""The presence line while this player's connection is lost: the game may go on meanwhile (a
play test's dropped joiner read "the game waits for the host" while a bot played their seat)."""

WATCHING_AGAIN = N_("trying to reach the host again; q leaves")
"""``TRYING_AGAIN`` to a spectator."""

NO_WAY_BACK_SERVED = N_("nothing more comes from the server here; q leaves")
TRYING_AGAIN_SERVED = N_("trying to reach the server again; q leaves (your seat is kept)")
WATCHING_AGAIN_SERVED = N_("trying to reach the server again; q leaves")
"""The three above (and the disk's line below), of a server's game (``jetset join ssh://``, a
browser), which no player hosts (a play test read "the host" where only a server was)."""

WAITING_FOR_THE_DISK = N_("the game goes on by itself as soon as the host can save it again")
"""The presence line while the host cannot save the game (a full disk: the turn bar says so)."""
WAITING_FOR_THE_SERVERS_DISK = N_(
    "the game goes on by itself as soon as the server can save it again"
)


def pause_words(presence: Presence, *, watching: bool) -> str:
    """The line while the game is paused (the turn bar says why), untranslated: the way back to
    the host gone, the host's disk full, this player's connection lost, or the host to resume
    it (a player's place kept); a server's game names the server."""
    served = presence.served
    if presence.gone:
        return NO_WAY_BACK_SERVED if served else NO_WAY_BACK
    if presence.by_itself:
        return WAITING_FOR_THE_SERVERS_DISK if served else WAITING_FOR_THE_DISK
    if presence.unreachable and served:
        return WATCHING_AGAIN_SERVED if watching else TRYING_AGAIN_SERVED
    if presence.unreachable:
        return WATCHING_AGAIN if watching else TRYING_AGAIN
    return WATCHING_THE_PAUSE if watching else WAITING_FOR_THE_HOST


def minutes(seconds: float, *, up: bool = True) -> str:
    """``1:45``: whole seconds, rounded up (counting down to something) or down (``up=False``,
    counting the time since something)."""
    whole = max(0, int(seconds + 0.999) if up else int(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def dropped_lines(
    names: Sequence[str],
    presence: Presence,
    kinds: Sequence[SeatKind],
    now: float | None = None,
) -> Text:
    """A line for every seat whose player has left or lost their connection. With nobody at
    the table (no person's seat connected, by ``kinds``) the host stops the clock and the bots,
    so every such seat waits (a watcher read "their turn clock moves for them" for six minutes
    while nothing moved)."""
    text = Text()
    someone = anyone_at_the_table(presence, kinds)
    for seat, name in enumerate(names):
        info = presence.seat(seat)
        if info.connected or info.away is None:
            continue
        clock = clock_for(info, someone=someone, turn_time=presence.turn_time)
        if text:
            text.append("\n")
        if info.standin is not None:
            text.append(_("a bot is playing for {name}").format(name=name), style=f"bold {WARN}")
            bot = bot_words(bot_label(info.standin))
            if info.open:  # its player gave it away: not coming back
                until = _("({bot}) until someone takes the seat").format(bot=bot)
            else:
                until = _("({bot}) until they are back").format(bot=bot)
            text.append(f" {until}", style=DIM)
            continue
        if info.open:
            gone = _("{name}'s seat goes to the next person who joins;").format(name=name)
        elif info.not_back:  # a restart brought the game back: nothing was lost
            gone = _("{name} is not back yet;").format(name=name)
        elif info.left:
            gone = _("{name} has left the table;").format(name=name)
        else:
            gone = _("{name} has lost their connection;").format(name=name)
        text.append(f"{gone} ", style=f"bold {WARN}")
        text.append(while_away(info.open, presence.bot_in(seat, now), clock))
    return text


def anyone_at_the_table(presence: Presence, kinds: Sequence[SeatKind]) -> bool:
    """Whether a person (not a bot, not a stand-in) is in their seat now."""
    return any(kind.bot is None and presence.seat(i).connected for i, kind in enumerate(kinds))


Clock = Literal["running", "their turn"] | None
"""A gone player's turn clock: ``running`` now (their decision), run on ``their turn`` (a clock
is set but the decision is another's), or None (the game waits for them)."""


def clock_for(info: SeatPresence, *, someone: bool, turn_time: float) -> Clock:
    """Whether a gone player's turn clock runs now, will run on their turn, or not at all (with
    nobody at the table the host stops every clock)."""
    if not someone:
        return None
    if info.clock is not None:
        return "running"
    return "their turn" if turn_time > 0 or info.hurry is not None else None


def while_away(given: bool, due: float | None, clock: Clock) -> Text:
    """What happens to a seat whose player is gone: the game waits, or their turn clock moves
    for them (now, or when their turn comes), and a bot takes the seat in so long unless they
    are back (or, ``given`` away, unless someone takes it). Said once: a play test read "a bot
    plays for them in 0:35" just after the clock's bot had moved for them; another read "their
    turn clock keeps running" while another player was to move."""
    if clock == "running":
        ticking = _("their turn clock keeps running")
    elif clock == "their turn":
        ticking = _("their turn clock runs when their turn comes")
    else:
        ticking = None
    if due is None:
        return Text(ticking or _("the game waits for them"), style=DIM)
    if given:
        later = _("a bot takes the seat in {time} unless someone takes it")
    else:
        later = _("a bot takes the seat in {time} unless they are back")
    said = later.format(time=minutes(due))
    if ticking is not None:
        said = f"{ticking}; {said}"  # the same stop in Italian
    return Text(said, style=DIM)


def hosting_lines(
    names: Sequence[str],
    kinds: Sequence[SeatKind],
    hosting: Hosting,
    presence: Presence | None,
) -> Text:
    """The addresses to give friends, and who is at the table."""
    text = Text()
    text.append(_("friends join with") + " ", style=DIM)
    text.append("  ".join(f"jetset join {address}" for address in hosting.addresses))
    text.append("\n" + _("at the table:") + " ", style=DIM)
    for seat, name in enumerate(names):
        if seat:
            text.append("  ·  ", style=DIM)
        info = presence.seat(seat) if presence is not None else None
        if name in (OPEN_SEAT, _(OPEN_SEAT)) and (info is None or not info.connected):
            text.append(_("seat {n} free").format(n=seat + 1), style=DIM)
            continue
        text.append(name)  # who plays it now: a gift's taker by their own name
        if kinds[seat].is_bot and (info is None or info.standin is None):
            text.append(
                " " + _("{kind} bot").format(kind=bot_kind_before_bot(kinds[seat].label)), style=DIM
            )
        elif info is None or info.connected:
            text.append(" " + _("connected"), style=GOOD)
            if info is not None and info.hurry is not None:  # the host put them on the clock
                text.append(" " + _("on the clock"), style=WARN)
        elif info.open:
            text.append(" " + _("seat given to the next person who joins"), style=WARN)
        elif info.away is None or info.not_back:  # a resumed game: their seat waits for them
            text.append(" " + _("not back yet"), style=DIM)
        else:
            away = presence.away(seat) if presence is not None else None
            ago = minutes(away or 0, up=False)
            gone = _("left {time} ago") if info.left else _("dropped {time} ago")
            text.append(" " + gone.format(time=ago), style=WARN)
    return text


class PresencePanel(Static):
    """Dropped players for everyone; the addresses and the roster for the host."""

    DEFAULT_CSS = """
    PresencePanel { height: auto; padding: 0 1; background: $panel; display: none; }
    PresencePanel.-shown { display: block; }
    """

    def show(
        self,
        names: Sequence[str],
        kinds: Sequence[SeatKind],
        presence: Presence | None,
        hosting: Hosting | None,
        *,
        watching: bool = False,
    ) -> None:
        """The panel's lines; ``watching``: the screen is a spectator's."""
        text = Text()
        if hosting is not None:
            text.append_text(hosting_lines(names, kinds, hosting, presence))
        if presence is not None and presence.paused is not None:  # the turn bar says why
            if text:
                text.append("\n")
            text.append(_(pause_words(presence, watching=watching)), style=WARN)

        elif presence is not None:
            dropped = dropped_lines(names, presence, kinds)
            if dropped and text:
                text.append("\n")
            text.append_text(dropped)
        self.set_class(bool(text), "-shown")
        self.update(text)

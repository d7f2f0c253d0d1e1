"""The state of a game: everything on the table, with the secret parts marked.

Public: cash, planes and markers, links and their planes, the rows, which cards remain in each
deck (not their order, which only the dealer knows), the Vacation track, claimed cards. Secret:
each seat's two Final Flights (``Seat.hand``), held only in the full state and in that seat's own
view. The digest covers the public part and each hand's commitment, so every seat, a spectator and
the host compute the same digest after every entry.

The table's hash and digest are kept by ``HashedTable``, its base (engine/jetset/state_hash.py);
the players' holdings are ``Seat`` (engine/jetset/seats.py).
"""

from __future__ import annotations

from engine.jetset.board import LONG, ROWS, SHORT, Board
from engine.jetset.distant_state import DISTANT
from engine.jetset.distant_state import ROW_SIZE as DISTANT_ROW_SIZE
from engine.jetset.hubs_state import HubsState
from engine.jetset.investors_state import InvestorsState
from engine.jetset.seats import Config as Config  # re-exported: the rules and tests read these
from engine.jetset.seats import Seat as Seat
from engine.jetset.seats import hand_commitment as hand_commitment
from engine.jetset.slots import (
    CLAIMED_BY,
    COMMITMENT,
    CURRENT,
    DEALT,
    DRAWN,
    END,
    FINAL_OF,
    FINAL_PATH,
    FINAL_PLANES,
    GOAL,
    GOAL_LONG,
    GOAL_SHORT,
    HAND_SIZE,
    IDLE,
    IGNORED,
    LINK_BASE,
    LINK_SLOTS,
    MARKERS,
    ON_VACATION_TRACK,
    PAID,
    PAID_LONG,
    PAID_SHORT,
    PHASE,
    PHASE_CODES,
    REFILLING,
    ROW_LOCATION,
    SET_ASIDE,
    SET_ASIDE_PILE,
    TURN,
    path_code,
    refilling_code,
    slot_keys,
    text_code,
)
from engine.jetset.slots import DEAL as DEAL  # re-exported: the phases, named where they are
from engine.jetset.slots import END_CARDS as END_CARDS
from engine.jetset.slots import OFFER as OFFER
from engine.jetset.slots import OVER as OVER
from engine.jetset.slots import PLAY as PLAY
from engine.jetset.slots import SETUP as SETUP
from engine.jetset.state_hash import HashedTable


class State(HashedTable):
    """The whole table. Changed only through the mutators below and those of a slot or a few
    that it inherits (``add_cash``, ``add_stock``, ``set_owner`` ...), by the rules; ``copy()`` for
    search. The mutators also keep ``hash`` and the derived values (``over``, ``vacation_time``,
    ``to_reveal``, ``Seat.finished``), which the rules ask about on every entry."""

    def __init__(self, board: Board, config: Config, *, blank: bool = False) -> None:
        """The table before the setup shuffle; ``blank`` leaves every other field to ``copy``."""
        n = config.players
        self.board = board
        self.config = config
        self.distant = None
        """Distant Lands (engine/jetset/distant_state.py), None when the module is off."""
        self.hubs = None
        """The Hubs module's part (engine/jetset/hubs_state.py), None when the module is off."""
        self.business = None
        """The Business cards module's part of the table (None when the module is off)."""
        self.investors = None
        """The Investors module's part (engine/jetset/investors_state.py), None when the module is
        off."""
        if blank:
            return
        self.phase = SETUP
        self.over = False
        """The game has ended: ``phase`` is OVER."""
        self.ended = False
        """No more turns: ``phase`` is OVER, or END_CARDS (the end-of-game Business cards are
        still to be opened, then it is OVER)."""
        self.seats = [Seat(config.start_cash, config.planes, config.markers) for _ in range(n)]
        self.owner = [-1] * len(board.links)
        self.link_planes = list(map(list.copy, [[0] * n] * len(board.links)))  # a row per link
        self.rows = {SHORT: [], LONG: []}
        self.deck: dict[str, list[str]] = {
            SHORT: list(board.short_deck),
            LONG: list(board.long_deck),
        }
        self.drawn = {SHORT: 0, LONG: 0}
        self.goal = {SHORT: 0, LONG: 0}
        self.paid = {SHORT: False, LONG: False}
        self.refilling = None
        self.to_reveal: str | None = None
        """The row whose deck must turn up a card next: ``reveal_needed()``, kept by the mutators
        of the rows, the decks and the refill goals."""
        self.vacations = []
        self.vacation_time = False
        """Two Vacation cards are up: no more Flight Card Phase, Final Flights open."""
        self.ignored = []
        self.set_aside = []
        self.current = 0
        self.turn = 0
        self.idle_turns = 0
        self.dealt = 0
        self.end_reason = None
        self.location = {}  # card -> location code, for cards out of the decks
        self.keys = slot_keys(len(board.links), len(board.card_number))
        self.card_base = LINK_BASE + LINK_SLOTS * len(board.links)
        self.hash = self._opening_hash()
        self.quiet = True
        """No module waits for anything (``modules_wait`` is False): the base game's turn order
        and rules hold as they are. Asked for every entry; kept by the modules' mutators of what
        ``modules_wait`` reads (``refresh_quiet``) and by ``next_turn``."""

    def enable_hubs(self) -> None:
        """Play with the Hubs module: its pieces join the table (and the digest)."""
        self.hubs = HubsState(self.config.players)
        self.hash += self.hubs.opening_hash()

    def enable_investors(self, face_up: bool) -> None:
        """Play with the Investors module: its Vacation spaces join the table (and the digest;
        all its slots start at 0)."""
        self.investors = InvestorsState(self.config.players, face_up)

    # -- copying and views ------------------------------------------------------------------

    def copy(self) -> State:
        s = State(self.board, self.config, blank=True)
        s.phase = self.phase
        s.over = self.over
        s.ended = self.ended
        s.refilling = self.refilling
        s.to_reveal = self.to_reveal
        s.vacation_time = self.vacation_time
        s.current = self.current
        s.turn = self.turn
        s.idle_turns = self.idle_turns
        s.dealt = self.dealt
        s.end_reason = self.end_reason
        s.keys = self.keys
        s.card_base = self.card_base
        s.hash = self.hash
        s.quiet = self.quiet
        s.seats = [seat.copy() for seat in self.seats]
        s.owner = self.owner[:]
        s.link_planes = list(map(list.copy, self.link_planes))
        s.rows = {SHORT: self.rows[SHORT][:], LONG: self.rows[LONG][:]}
        s.deck = {SHORT: self.deck[SHORT][:], LONG: self.deck[LONG][:]}
        s.drawn = dict(self.drawn)
        s.goal = dict(self.goal)
        s.paid = dict(self.paid)
        s.vacations = self.vacations[:]
        s.ignored = self.ignored[:]
        s.set_aside = self.set_aside[:]
        s.location = dict(self.location)
        s.distant = self.distant.copy() if self.distant is not None else None
        s.hubs = self.hubs.copy() if self.hubs is not None else None
        s.business = None if self.business is None else self.business.copy()
        s.investors = self.investors.copy() if self.investors is not None else None
        return s

    def view(self, seat: int | None) -> State:
        """What ``seat`` may know (None: a spectator): other seats' Final Flights are hidden, and
        so are the face-down Investors."""
        s = self.copy()
        for i, st in enumerate(s.seats):
            if i != seat:
                st.hand = None
        if s.business is not None:
            s.business.hide_hands(seat)
        if s.investors is not None:
            s.investors.hide()
        return s

    # -- questions the rules ask ------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.config.players

    def reveal_needed(self) -> str | None:
        """The row whose deck must turn up a card next (Short before Long), or None: a row below
        its refill goal while its deck has cards. Computed afresh; ``to_reveal`` holds it."""
        goal, rows, deck = self.goal, self.rows, self.deck
        if len(rows[SHORT]) < goal[SHORT] and deck[SHORT]:
            return SHORT
        if len(rows[LONG]) < goal[LONG] and deck[LONG]:
            return LONG
        distant = self.distant  # needs_card(), read here: asked after every row's change
        if distant is not None and len(distant.row) < DISTANT_ROW_SIZE and distant.deck:
            return DISTANT
        return None

    def modules_wait(self) -> bool:
        """Whether a module holds up the base game now, computed afresh: an Investor to turn up
        or choose, a first hub to place or a hub bonus to choose, a Business card owed to someone
        (a draw, a Buyout, Final Flights), a Business Deal's answer, or a turn restricted by a
        Business card (not a locked Flight card: it restricts only claims, which
        ``Ruleset.apply`` checks apart, as a lock often stays for the rest of a game). ``quiet``
        holds its negation."""
        inv, hubs, b = self.investors, self.hubs, self.business
        return (  # each module's question read here (``pending``, ``busy``): asked often
            (inv is not None and (inv.to_turn >= 0 or inv.choosing))
            or (hubs is not None and (hubs.placing >= 0 or bool(hubs.pending)))
            or (
                b is not None
                and (
                    bool(b.owed)
                    or b.buyout >= 0
                    or b.finals >= 0
                    or b.offer[1] >= 0
                    or b.marked_turn == self.turn
                )
            )
        )

    def owned_links(self, seat: int) -> list[int]:
        return [i for i, o in enumerate(self.owner) if o == seat]

    # -- mutators: every change of the public state goes through one of these ---------------

    def _refresh_to_reveal(self) -> None:
        self.to_reveal = self.reveal_needed()

    def refresh_quiet(self) -> None:
        """For a module's mutators: whether it holds up the game, afresh (``quiet``)."""
        self.quiet = not self.modules_wait()

    def hold_up(self) -> None:
        """For a module's mutators that make it wait (a hub to place, a card owed ...): the
        game is not quiet, without asking every module again as ``refresh_quiet`` does."""
        self.quiet = False

    def refresh_to_reveal(self) -> None:
        """For a module's mutators: the deck to turn up a card from next, afresh."""
        self.to_reveal = self.reveal_needed()

    def lay_out(self, row: str, card: str) -> None:
        """A card from its deck into its face-up row."""
        self.deck[row].remove(card)
        self.rows[row].append(card)
        self._move_card(card, ROW_LOCATION[row])
        self._refresh_to_reveal()

    def turn_up(self, row: str, card: str) -> None:
        """The top card of a deck, turned up: into the row, or a Vacation to the track (or
        ignored, once two are up)."""
        self.deck[row].remove(card)
        self.set_value(DRAWN[row], self.drawn, row, self.drawn[row] + 1)
        if not self.board.cards[card].vacation:
            self.rows[row].append(card)
            self._move_card(card, ROW_LOCATION[row])
        elif self.vacation_time:
            self.ignored.append(card)
            self._move_card(card, IGNORED)
        else:
            self.vacations.append(card)
            self.vacation_time = len(self.vacations) + self.extra_vacations() >= 2
            self._move_card(card, ON_VACATION_TRACK)
        self._refresh_to_reveal()

    def add_vacation(self, card: str) -> None:
        """A module's Vacation card to the Vacation track (its own mutator moves the card)."""
        self.vacations.append(card)
        self.vacation_time = len(self.vacations) + self.extra_vacations() >= 2

    def extra_vacations(self) -> int:
        """Vacation spaces filled by a module's card (the Business card "Vacation")."""
        return 0 if self.business is None else self.business.vacations

    def fill_vacation_space(self) -> None:
        """A module's Vacation card was put on the track (its count is the module's)."""
        self.vacation_time = len(self.vacations) + self.extra_vacations() >= 2

    def take_from_deck(self, seat: int, row: str, card: str, markers: int) -> None:
        """The top card of a deck straight to the seat as if claimed (the Business card
        "Buyout")."""
        self.deck[row].remove(card)
        self.set_value(DRAWN[row], self.drawn, row, self.drawn[row] + 1)
        self._move_card(card, CLAIMED_BY + seat)
        self.seats[seat].cards.append([card, markers])
        self._bump(self._markers_slot(card), markers)
        self.add_stock(seat, markers=-markers)
        self._refresh_to_reveal()

    def remove_final_plane(self, seat: int) -> None:
        """One plane off a seat's Final Flight card, back to its stock (the card "Delay")."""
        self.add_stock(seat, planes=1)
        self.seats[seat].final_planes -= 1
        self._bump(self._seat_slot(seat, FINAL_PLANES), -1)

    def set_decks_aside(self) -> None:
        """Vacation Time: the rest of both decks (and the Distant deck) leaves the game."""
        if self.distant is not None:
            self.distant.put_deck_aside(self)
        before = len(self.set_aside)
        for row in ROWS:
            for card in self.deck[row]:
                self._move_card(card, SET_ASIDE_PILE)
            self.set_aside.extend(self.deck[row])
            self.deck[row] = []
        self._bump(SET_ASIDE, len(self.set_aside) - before)
        self.to_reveal = None

    def claim_card(self, seat: int, card: str, markers: int) -> None:
        """A face-up card from its row to the seat, with markers from its stock."""
        self.rows[self.board.cards[card].kind].remove(card)
        self._refresh_to_reveal()
        self._move_card(card, CLAIMED_BY + seat)
        self.seats[seat].cards.append([card, markers])
        self._bump(self._markers_slot(card), markers)
        self.add_stock(seat, markers=-markers)

    def take_markers_back(self, seat: int) -> None:
        """One marker from each of a seat's cards that has any, back to its stock (Take income)."""
        keys = self.keys
        delta = taken = 0
        for entry in self.seats[seat].cards:
            if entry[1]:
                entry[1] = int(entry[1]) - 1
                delta -= keys[self._markers_slot(str(entry[0]))]
                taken += 1
        if taken:
            self.seats[seat].markers += taken
            delta += taken * keys[self._seat_slot(seat, MARKERS)]
            self.hash += delta

    def deal(self, seat: int, cards: tuple[str, ...] | None, commitment: str) -> None:
        st = self.seats[seat]
        st.hand = cards
        self._bump(self._seat_slot(seat, HAND_SIZE), 2 - st.hand_size)
        st.hand_size = 2
        old = text_code(st.commitment)
        self._bump(self._seat_slot(seat, COMMITMENT), text_code(commitment) - old)
        st.commitment = commitment

    def add_finals(self, seat: int, cards: tuple[str, ...] | None, commitment: str) -> None:
        """More Final Flights into a seat's hand (the Business card "Final Flights"): the
        hand's commitment becomes the old one and the new one joined by ``+``."""
        st = self.seats[seat]
        st.hand = None if st.hand is None or cards is None else st.hand + cards
        self._bump(self._seat_slot(seat, HAND_SIZE), 2)
        st.hand_size += 2
        joined = f"{st.commitment}+{commitment}"
        self._bump(self._seat_slot(seat, COMMITMENT), text_code(joined) - text_code(st.commitment))
        st.commitment = joined

    def play_final(self, seat: int, card: str, path: tuple[int, ...]) -> None:
        """The Final Flight played: public from now on; the other card discarded."""
        st = self.seats[seat]
        st.final = card
        st.finished = True
        st.final_path = path
        st.hand = ()
        self._bump(self._seat_slot(seat, HAND_SIZE), -st.hand_size)
        st.hand_size = 0
        self._bump(self._seat_slot(seat, FINAL_PATH), path_code(path))
        self._move_card(card, FINAL_OF + seat)

    def add_final_plane(self, seat: int) -> None:
        self.add_stock(seat, planes=-1)
        self.seats[seat].final_planes += 1
        self._bump(self._seat_slot(seat, FINAL_PLANES), 1)

    def set_goal(self, row: str, goal: int) -> None:
        self.set_value(GOAL[row], self.goal, row, goal)
        self._refresh_to_reveal()

    def clear_goals(self) -> None:
        """No row is to be refilled any more this turn: both goals 0."""
        goal = self.goal
        short, long = goal[SHORT], goal[LONG]
        if short or long:
            keys = self.keys
            self.hash -= short * keys[GOAL_SHORT] + long * keys[GOAL_LONG]
            goal[SHORT] = goal[LONG] = 0
            self.to_reveal = None

    def set_paid(self, row: str, paid: bool) -> None:
        if paid != self.paid[row]:
            self._bump(PAID[row], int(paid) - int(self.paid[row]))
            self.paid[row] = paid

    def set_refilling(self, row: str | None) -> None:
        if row == self.refilling:
            return
        self._bump(REFILLING, refilling_code(row) - refilling_code(self.refilling))
        self.refilling = row

    def set_phase(self, phase: str) -> None:
        self._bump(PHASE, PHASE_CODES[phase] - PHASE_CODES[self.phase])
        self.phase = phase
        self.over = phase == OVER
        self.ended = phase in (OVER, END_CARDS)

    def next_turn(self, current: int, goal: int, idle: int) -> None:
        """The next turn (numbered one more) begins, seat ``current``'s: a new Flight Card Phase,
        with no row paid for or being refilled and both rows' refill goals at ``goal``, after
        ``idle`` turns in a row of only income or a pass."""
        keys = self.keys
        delta = (current - self.current) * keys[CURRENT] + keys[TURN]
        self.current = current
        self.turn += 1
        if idle != self.idle_turns:
            delta += (idle - self.idle_turns) * keys[IDLE]
            self.idle_turns = idle
        paid = self.paid
        if paid[SHORT] or paid[LONG]:
            delta -= paid[SHORT] * keys[PAID_SHORT] + paid[LONG] * keys[PAID_LONG]
            paid[SHORT] = paid[LONG] = False
        if self.refilling is not None:
            delta -= refilling_code(self.refilling) * keys[REFILLING]
            self.refilling = None
        goals = self.goal
        short, long = goals[SHORT], goals[LONG]
        if short != goal or long != goal:
            delta += (goal - short) * keys[GOAL_SHORT] + (goal - long) * keys[GOAL_LONG]
            goals[SHORT] = goals[LONG] = goal
            self._refresh_to_reveal()
        self.hash += delta
        if not self.quiet:
            self.refresh_quiet()  # a restriction of the last turn's ends with it

    def set_current(self, current: int) -> None:
        """Seat ``current`` decides next, within the same turn (an answer to the end offer)."""
        self._bump(CURRENT, current - self.current)
        self.current = current

    def set_idle_turns(self, idle: int) -> None:
        if idle != self.idle_turns:
            self.hash += (idle - self.idle_turns) * self.keys[IDLE]
            self.idle_turns = idle

    def set_dealt(self, dealt: int) -> None:
        self._bump(DEALT, dealt - self.dealt)
        self.dealt = dealt

    def set_end_reason(self, reason: str) -> None:
        self._bump(END, text_code(reason) - text_code(self.end_reason))
        self.end_reason = reason

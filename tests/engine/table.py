"""A scripted table for rules tests: positions are built from entries only.

``Table`` plays the dealer itself: the test chooses the opening rows, the Final Flights dealt and
which card each reveal turns up (``queue``); otherwise a reveal takes the first non-Vacation card of
the deck in board order. Given a ``ScriptedDealer`` (tests/engine/scripted.py), every chance entry
comes from it instead, Vacation cards included, in the order it was given.

``do(seat, line)`` lets the other seats take income until it is ``seat``'s turn, then plays the
notation line. ``claim`` buys, rents or places whatever planes a card still
needs along the cheapest path, earning income as needed, then claims it.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from itertools import pairwise

from engine import CHANCE, Deal, Entry, Game, IllegalAction, Options, Reveal, Setup, play_chance
from engine.jetset.actions import EndTurn
from engine.jetset.board import LONG, SHORT
from engine.jetset.dealer import Dealer
from engine.jetset.notation import Notation
from engine.jetset.rules.business import action_done, may_end_turn
from engine.jetset.state import State, hand_commitment

DEFAULT_FINALS = ("F-01", "F-02", "F-03", "F-04", "F-05", "F-06", "F-07", "F-08", "F-09")
DEFAULT_SHORT = ("S1-01", "S1-02", "S1-03", "S1-04", "S1-05", "S1-06")
DEFAULT_LONG = ("L5-01", "L5-02", "L5-03")


class Table:
    def __init__(
        self,
        players: int = 2,
        short_row: Iterable[str] | None = None,
        long_row: Iterable[str] | None = None,
        hands: list[tuple[str, str]] | None = None,
        dealer: Dealer | None = None,
        options: Options | None = None,
    ) -> None:
        options = options or Options(players=players)
        players = options.players
        self.game = Game(options)
        self.n = Notation(self.game.board)
        self.queue: dict[str, list[str]] = {SHORT: [], LONG: []}
        self.dealer = dealer
        if dealer is not None:  # every chance entry from the script
            play_chance(self.game, dealer)
            return
        cfg = self.game.state.config
        short = list(short_row or _one_pointers(self.game, cfg.short_row_start))
        long_ = list(long_row or [f"L5-{i:02d}" for i in range(1, cfg.long_row_start + 1)])
        self.game.push(Entry(CHANCE, Setup(tuple(short), tuple(long_))))
        if self.game.options.investors:  # the Investor cards as a real dealer places them
            self.game.push(Dealer("table", self.game.board, players).next_entry(self.state))
        hands = hands or [
            (DEFAULT_FINALS[2 * i], DEFAULT_FINALS[2 * i + 1]) for i in range(players)
        ]
        for seat, cards in enumerate(hands):
            salt = f"{seat:02x}" * 8
            commit = hand_commitment(seat, cards, salt)
            self.game.push(Entry(CHANCE, Deal(seat, cards, salt, commit)))
        self.deal_chance()

    @property
    def state(self) -> State:
        return self.game.state

    def cash(self, seat: int) -> int:
        return self.state.seats[seat].cash

    def deal_chance(self) -> None:
        """Turn up whatever cards the state is waiting for."""
        if self.dealer is not None:
            play_chance(self.game, self.dealer)
            return
        while self.game.to_move() == CHANCE:
            row = self.state.to_reveal
            assert row is not None
            if self.queue[row]:
                card = self.queue[row].pop(0)
            else:
                card = next(
                    c for c in self.state.deck[row] if not self.game.board.cards[c].vacation
                )
            self.game.push(Entry(CHANCE, Reveal(row, card)))

    def wait_for(self, seat: int, filler: str = "income") -> None:
        """Other seats play ``filler`` until it is ``seat``'s turn (a seat that has played its
        Final Flight passes, or places a plane when it has no other choice)."""
        while self.game.to_move() != seat:
            assert not self.game.over, "the game ended"
            other = self.game.to_move()
            assert other is not None and other >= 0
            line = filler
            if self.state.business is not None and may_end_turn(self.state):
                line = "done"  # a turn that went on after a Business card was drawn
            elif self.state.seats[other].finished:
                line = "plane" if self.state.seats[other].planes else "pass"
            self.game.push(Entry(other, self.n.parse_action(line)))
            self.deal_chance()

    def do(self, seat: int, line: str) -> str:
        """Play ``line`` for ``seat`` (after the others take income); returns the digest. A
        turn's action asked of a seat whose turn went on after its action (Business cards) is
        its next turn's when that turn refuses it: that turn ends first (``done``)."""
        action = self.n.parse_action(line)
        if self.game.to_move() == seat and action_done(self.state):
            try:
                self.game.check(Entry(seat, action))
            except IllegalAction:
                self.game.push(Entry(seat, EndTurn()))
                self.deal_chance()
        self.wait_for(seat)
        digest = self.game.push(Entry(seat, action))
        self.deal_chance()
        return digest

    def place_hubs(self, *cities: str) -> None:
        """Hubs module: the first hubs, in placing order (the last seat first)."""
        for city in cities:
            seat = self.game.to_move()
            assert seat is not None and seat >= 0
            self.game.push(Entry(seat, self.n.parse_action(f"hub {city}")))
        self.deal_chance()

    def try_do(self, seat: int, line: str) -> None:
        """Like ``do`` but without letting others move first (for checking refusals), except
        that another seat's turn that went on after its action ends (``end_others_turn``)."""
        self.end_others_turn(seat)
        self.game.check(Entry(seat, self.n.parse_action(line)))

    def end_others_turn(self, seat: int) -> None:
        """Another seat's turn that went on after its action (Business cards: the player may
        still play cards) ends, as a turn used to end with its action."""
        other = self.game.to_move()
        if other is not None and other not in (seat, CHANCE) and action_done(self.state):
            self.game.push(Entry(other, EndTurn()))
            self.deal_chance()

    def earn(self, seat: int, amount: int) -> None:
        """Take income until ``seat`` has at least ``amount``."""
        while self.cash(seat) < amount:
            before = self.cash(seat)
            self.do(seat, "income")
            assert self.cash(seat) > before, "no income to earn with"

    def need_markers(self, seat: int, count: int) -> None:
        while self.state.seats[seat].markers < count:
            self.do(seat, "income")

    def link(self, name: str) -> int:
        return self.n.link(name)

    def cheapest_path(self, seat: int, a: str, b: str) -> list[str]:
        """Dijkstra over all links: own plane 0, own link 1, unowned 2, another's link 3."""
        board = self.game.board
        src, dst = self.n.city(a), self.n.city(b)
        best = {src: 0}
        prev: dict[int, int] = {}
        heap = [(0, src)]
        while heap:
            d, city = heapq.heappop(heap)
            if city == dst:
                break
            for nxt, link in board.adjacency[city]:
                owner = self.state.owner[link]
                if self.state.link_planes[link][seat]:
                    w = 0
                elif owner == seat:
                    w = 1
                else:
                    w = 2 if owner < 0 else 3
                if d + w + 1 < best.get(nxt, 1 << 30):
                    best[nxt] = d + w + 1
                    prev[nxt] = city
                    heapq.heappush(heap, (d + w + 1, nxt))
        path = [dst]
        while path[-1] != src:
            path.append(prev[path[-1]])
        return [board.city_code(c) for c in reversed(path)]

    def supply(self, seat: int, path: list[str]) -> None:
        """Make sure ``seat`` has a plane on every link of ``path``."""
        for a, b in pairwise(path):
            link = self.link(f"{a}-{b}")
            if self.state.link_planes[link][seat]:
                continue
            owner = self.state.owner[link]
            name = self.game.board.link_name(link)
            if owner < 0:
                self.need_markers(seat, 1)
                self.earn(seat, self.game.board.links[link].cost + 5)
                self.do(seat, f"buy {name} 1")
            elif owner == seat:
                self.earn(seat, 7)
                self.do(seat, f"place {name} 1")
            else:
                self.earn(seat, 10)
                self.do(seat, f"rent {name} 1")

    def claim(self, seat: int, card: str) -> list[str]:
        """Get planes along the cheapest path for ``card`` and claim it; returns the path."""
        cities = self.game.board.cards[card].cities
        a, b = (self.game.board.city_code(c) for c in cities)
        path = self.cheapest_path(seat, a, b)
        self.supply(seat, path)
        need = 3 if len(self.state.seats[seat].cards) < 5 else 2
        self.need_markers(seat, need)
        self.do(seat, f"claim {card} {'-'.join(path)}")
        return path

    def bring_up(self, seat: int, card: str) -> None:
        """On ``seat``'s turn, pay to turn ``card`` up into its row."""
        row = self.game.board.cards[card].kind
        self.queue[row].append(card)
        self.earn(seat, 1)
        self.do(seat, f"refill {row} 1")
        assert card in self.state.rows[row] or self.game.board.cards[card].vacation

    def start_vacation_time(self, seat: int, first: str = "SV-1", second: str = "LV-1") -> None:
        """Turn up two Vacation cards through paid refills on ``seat``'s turns."""
        for card in (first, second):
            row = self.game.board.cards[card].kind
            if len(self.state.rows[row]) >= self.state.config.row_max:
                raise AssertionError(f"the {row} row is full")
            self.bring_up(seat, card)
        assert self.state.vacation_time


def _one_pointers(game: Game, count: int) -> list[str]:
    cards = game.board.cards
    return [c for c in game.board.short_deck if cards[c].points == 1][:count]


def mid_game_table() -> Table:
    """The perft mid-game position (tests/engine/test_perft.py, benchmarks): 4 players, seat 0
    with five claimed cards and €42 to move, 170 legal actions."""
    t = Table(
        players=4,
        short_row=["S1-22", "S1-18", "S1-26", "S1-25", "S1-01", "S1-02", "S1-03", "S1-04"],
        long_row=["L5-17", "L5-19", "L7-17", "L7-07"],
    )
    for card in ("S1-22", "S1-18", "S1-26", "S1-25", "L5-17"):
        t.claim(0, card)
    t.claim(1, "S1-01")
    t.do(1, "buy MIL-ROM 2")
    t.wait_for(0)
    return t

"""Action 4: claiming a Flight card (rulebook, "Claim a Flight card" and "Vacation Time")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.errors import rule_name
from engine.jetset.actions import Action, Claim, ClaimFinal
from engine.jetset.board import LONG, SHORT
from engine.jetset.business_effects import commandeered
from engine.jetset.paths import final_routes, path_links, shortest_paths
from engine.jetset.rules.base import AnyRule, Rule
from engine.jetset.rules.hubs import bonus_pending, pay_hubs
from engine.jetset.rules.turns import END_ALL_FINALS, all_finals_played, end_game
from engine.jetset.state import State

PATHS_LISTED: Final = 4
"""Canonical bound: ``legal_actions`` lists up to four fewest-link paths per card."""

FIRST_CARDS: Final = 5
"""The first five cards claimed get three markers; the sixth and later, two."""


def markers_for_next_card(state: State, seat: int) -> int:
    return 3 if len(state.seats[seat].cards) < FIRST_CARDS else 2


def _check_path(rule: AnyRule, state: State, seat: int, path: tuple[int, ...]) -> list[int]:
    """The links of a flyable path: each one carries a plane of the seat, none used twice."""
    links = path_links(state.board, path)
    if isinstance(links, str):
        raise rule.illegal(links)
    borrow = commandeered(state, seat)
    for link in links:
        if not state.link_planes[link][seat]:
            if borrow >= 0 and state.link_planes[link][borrow]:
                borrow = -1  # Commandeer: one of that player's planes serves as yours
                continue
            raise rule.illegal("you have no plane on {link}", link=state.board.link_name(link))
    return links


def _fly(state: State, seat: int, links: list[int]) -> None:
    """One plane back to stock from each link of the path (a commandeered plane back to its
    owner's stock)."""
    own = 0
    for link in links:
        flier = seat if state.link_planes[link][seat] else commandeered(state, seat)
        state.add_link_planes(link, flier, -1)
        if flier == seat:
            own += 1
        else:
            state.add_stock(flier, planes=1)
    state.add_stock(seat, planes=own)


def _usable(state: State, seat: int) -> Callable[[int], bool]:
    planes = state.link_planes
    return lambda link: planes[link][seat] > 0


def _usable_with(state: State, seat: int, borrowed: int) -> Callable[[int], bool]:
    """``seat``'s planes and the one link ``borrowed`` (a commandeered plane on it)."""
    planes = state.link_planes
    return lambda link: link == borrowed or planes[link][seat] > 0


def borrowable_links(state: State, seat: int, borrow: int) -> list[int]:
    """Commandeer (expansion, "Business Cards"): the links where a plane of ``borrow`` could
    serve ``seat``'s claim, those without a plane of ``seat`` (none when ``borrow`` is -1)."""
    if borrow < 0:
        return []
    return [i for i, row in enumerate(state.link_planes) if row[borrow] and not row[seat]]


def _fewest(
    paths: list[tuple[int, ...]], more: list[tuple[int, ...]], limit: int
) -> list[tuple[int, ...]]:
    """``paths`` and ``more`` without repeats, fewest links first, up to ``limit``."""
    for path in more:
        if path not in paths:
            paths.append(path)
    paths.sort(key=lambda p: (len(p), p))
    return paths[:limit]


def plane_components(state: State, seat: int) -> dict[int, int]:
    """City → component number over the links carrying one of ``seat``'s planes (cities not
    touched by any such link are absent): a quick test of whether a card can be flown at all."""
    links = state.board.links
    parent: dict[int, int] = {}

    def root(city: int) -> int:
        while parent[city] != city:
            parent[city] = parent[parent[city]]
            city = parent[city]
        return city

    for i in [i for i, planes in enumerate(state.link_planes) if planes[seat]]:
        a, b = links[i].a, links[i].b
        parent.setdefault(a, a)
        parent.setdefault(b, b)
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return {city: root(city) for city in parent}


class ClaimRule(Rule[Claim]):
    """A face-up Short or Long Flight card: a path of your planes between its two cities."""

    action = Claim
    section = rule_name("Action 4: Claim a Flight card")
    part_of_claim = True

    def check(self, state: State, seat: int, action: Claim) -> None:
        card = state.board.cards.get(action.card)
        if card is None or card.kind == "final":
            raise self.illegal("{card} is not a Short or Long Flight card", card=action.card)
        if action.card not in state.rows[SHORT] and action.card not in state.rows[LONG]:
            raise self.illegal("{card} is not face up in a row", card=action.card)
        ends = {action.path[0], action.path[-1]} if action.path else set()
        if ends != set(card.cities):
            a, b = (state.board.city_code(c) for c in card.cities)
            raise self.illegal(
                "{card} flies {start} to {end}; the path must start and end there",
                card=action.card,
                start=a,
                end=b,
            )
        _check_path(self, state, seat, action.path)
        need = markers_for_next_card(state, seat)
        if state.seats[seat].markers < need:
            raise self.illegal(
                "you have {markers} markers in stock; this card takes {need}",
                markers=state.seats[seat].markers,
                need=need,
            )

    def perform(self, state: State, seat: int, action: Claim) -> None:
        links = path_links(state.board, action.path)
        assert isinstance(links, list)
        _fly(state, seat, links)
        state.claim_card(seat, action.card, markers_for_next_card(state, seat))
        pay_hubs(state, seat, action.path)

    def options(self, state: State, seat: int) -> list[Action]:
        return claim_options(state, seat, commandeered(state, seat))


class ClaimFinalRule(Rule[ClaimFinal]):
    """A Final Flight from your hand, in Vacation Time: its three cities in order, no airlink
    twice, no markers; the other card is discarded and the player's actions end."""

    action = ClaimFinal
    section = rule_name("Vacation Time: Final Flight")
    part_of_claim = True

    def check(self, state: State, seat: int, action: ClaimFinal) -> None:
        if not state.vacation_time:
            raise self.illegal("Final Flights open when two Vacation cards are up")
        st = state.seats[seat]
        if st.hand is not None and action.card not in st.hand:
            raise self.illegal("{card} is not in your hand", card=action.card)
        card = state.board.cards.get(action.card)
        if card is None or card.kind != "final":
            raise self.illegal("{card} is not a Final Flight card", card=action.card)
        c1, c2, c3 = card.cities
        path = action.path
        if not path or path[0] != c1 or path[-1] != c3 or c2 not in path[1:-1]:
            codes = "-".join(state.board.city_code(c) for c in card.cities)
            raise self.illegal("the path must visit {cities} in that order", cities=codes)
        _check_path(self, state, seat, path)

    def perform(self, state: State, seat: int, action: ClaimFinal) -> None:
        links = path_links(state.board, action.path)
        assert isinstance(links, list)
        _fly(state, seat, links)
        state.play_final(seat, action.card, action.path)
        pay_hubs(state, seat, action.path)
        if all_finals_played(state) and not bonus_pending(state):
            end_game(state, END_ALL_FINALS)

    def options(self, state: State, seat: int) -> list[Action]:
        return final_options(state, seat, commandeered(state, seat))


def claim_options(state: State, seat: int, borrow: int = -1) -> list[Action]:
    """The Short and Long Flight cards ``seat`` can claim now, up to ``PATHS_LISTED`` fewest-link
    paths each; with ``borrow`` (Commandeer), one plane of that seat may serve on a path too."""
    if state.seats[seat].markers < markers_for_next_card(state, seat):
        return []
    borrowed = borrowable_links(state, seat, borrow)
    component = plane_components(state, seat)
    if not component and not borrowed:
        return []
    usable = _usable(state, seat)
    board = state.board
    out: list[Action] = []
    for row in (SHORT, LONG):
        for cid in state.rows[row]:
            a, b = board.cards[cid].cities
            paths: list[tuple[int, ...]] = []
            if a in component and component[a] == component.get(b):
                paths = shortest_paths(board, usable, a, b, PATHS_LISTED)
            for link in borrowed:
                more = shortest_paths(board, _usable_with(state, seat, link), a, b, PATHS_LISTED)
                paths = _fewest(paths, more, PATHS_LISTED)
            out.extend(Claim(cid, path) for path in paths)
    return out


def final_options(state: State, seat: int, borrow: int = -1) -> list[Action]:
    """The Final Flights ``seat`` can play now (Vacation Time), as ``claim_options``."""
    st = state.seats[seat]
    if not state.vacation_time or not st.hand:
        return []
    usable = _usable(state, seat)
    borrowed = borrowable_links(state, seat, borrow)
    out: list[Action] = []
    for cid in st.hand:
        cities = state.board.cards[cid].cities
        paths = final_routes(state.board, usable, cities, PATHS_LISTED)
        for link in borrowed:
            more = final_routes(state.board, _usable_with(state, seat, link), cities, PATHS_LISTED)
            paths = _fewest(paths, more, PATHS_LISTED)
        out.extend(ClaimFinal(cid, path) for path in paths)
    return out

"""What an SSH server remembers of each player between their sessions, in memory only: the
language they chose in the lobby and the game they last asked the new-game form for."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from jetset_tui.ssh.screens.new_game import GameRequest

LANGUAGES_KEPT = 4096
"""How many players' language choices (and last forms) are remembered (the oldest are
forgotten first)."""
T = TypeVar("T")


class Remembered:
    """Each identity's language and last form, the latest ``LANGUAGES_KEPT`` identities' only,
    so that no one can make either grow without end."""

    def __init__(self) -> None:
        self.languages: dict[str, str] = {}
        """The language each identity chose in the lobby."""
        self.forms: dict[str, GameRequest] = {}
        """The game each identity last asked the new-game form for, its password left out."""

    def language_of(self, identity: str) -> str | None:
        """The language ``identity`` chose in the lobby earlier, if any."""
        return self.languages.get(identity)

    def remember_language(self, identity: str, language: str) -> None:
        """``identity`` chose ``language``: their next session opens in it."""
        keep_latest(self.languages, identity, language)

    def form_of(self, identity: str) -> GameRequest | None:
        """The game ``identity`` last asked the form for, in any session (its password none)."""
        return self.forms.get(identity)

    def remember_form(self, identity: str, request: GameRequest) -> None:
        """``identity`` asked for ``request``: the form shows it again in their next session too
        (a play test's dropped connection came back to the form's defaults), all but its
        password."""
        keep_latest(self.forms, identity, dataclasses.replace(request, password=None))


def keep_latest(kept: dict[str, T], identity: str, value: T) -> None:
    """``identity``'s ``value`` in ``kept``, the latest LANGUAGES_KEPT identities' only (the
    oldest go first: a dict keeps insertion order)."""
    kept.pop(identity, None)
    kept[identity] = value
    while len(kept) > LANGUAGES_KEPT:
        del kept[next(iter(kept))]

"""Screens with abstract methods: a frame that each game's screen completes.

Textual's widgets have a metaclass of their own, so ``abc.ABC`` cannot be mixed in as it is; a
metaclass made of both lets a frame (screens/replay_frame.py, screens/end_frame.py) mark what
each game gives with ``abc.abstractmethod``: a game's screen that leaves one out is refused when
it is built, and mypy says so before.
"""

from __future__ import annotations

from abc import ABCMeta

from textual.message_pump import _MessagePumpMeta


class AbstractScreenMeta(_MessagePumpMeta, ABCMeta):
    """Textual's message pump metaclass with ABCMeta's checks."""

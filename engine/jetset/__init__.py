"""Jet Set on the platform of engine/platform.py: ``JET_SET``, its ``GameRules``.

Jet Set's own modules (board, state, rules, scoring, notation, bots …) still live in ``engine/``
itself; this package adapts them to the interface every game implements.
"""

from engine.jetset.definition import JET_SET, JetSet

__all__ = ["JET_SET", "JetSet"]

"""Jet Set's engine: the board, the state, the rules step by step, scoring, notation, the dealer
and the bots. ``engine.jetset.definition.JET_SET`` is its ``GameRules`` (engine/platform.py), the
one way the platform (engine/games.py, netcode, the app's generic parts) reaches it. The package
itself imports nothing, so importing one of its modules loads only what that module needs.
"""

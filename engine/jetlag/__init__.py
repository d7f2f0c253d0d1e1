"""Jet Lag (Kris Gould's two-player card game of tourists and destinations) on the platform of
engine/platform.py: cards, state, rules, scoring, dealer, notation, bots and self-play."""

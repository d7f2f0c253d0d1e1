"""The app's screens: start, new game, load, game, pass-the-keyboard, end, help."""

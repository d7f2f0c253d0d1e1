"""Play over SSH: ``jetset ssh-server`` serves the lobby and the game to every ``ssh`` client.

``server`` (asyncssh: connections, limits, sessions), ``driver`` (a Textual driver on an SSH
channel), ``app`` and ``screens`` (what a player sees), ``lobby`` (the hosted games: each a
``room``, taken a seat in through ``seating``), ``colours``.
"""

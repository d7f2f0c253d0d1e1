"""Play over SSH: ``jetset ssh-server`` serves the lobby and the game to every ``ssh`` client.

``server`` (asyncssh's server and what it is told), ``connection`` (one SSH connection:
admission, authentication), ``session`` (one session channel's life: the app, or the ``jetset``
subsystem), ``driver`` (a Textual driver on an SSH channel), ``app`` and the ``screens`` package
(what a player sees: the lobby, the new-game form, a question, the wait), ``lobby`` (the hosted
games: each a ``room``, taken a seat in through ``seating``), ``colours``.
"""

"""The screens an SSH player sees before and around a game (the table's chat is
jetset_tui/screens/chat.py, the same at every table): ``lobby`` (the games and the lobby chat),
``new_game`` (a new game's form), ``ask`` (a question: a password or a seat code) and ``wait``
(the wait for the other players)."""

from jetset_tui.ssh.screens.ask import AskScreen
from jetset_tui.ssh.screens.lobby import LobbyScreen
from jetset_tui.ssh.screens.new_game import GameRequest, NewGameScreen
from jetset_tui.ssh.screens.wait import WaitScreen

__all__ = ["AskScreen", "GameRequest", "LobbyScreen", "NewGameScreen", "WaitScreen"]

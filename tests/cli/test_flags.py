"""One meaning per flag: ``--bots`` names one kind per seat for the last seats, in ``jetset play``
as in ``jetset host``; the seats it does not name are people (hot-seat here, joiners there)."""

from __future__ import annotations

import argparse

import pytest

from engine.jetset.options import MODULES
from jetset_tui.commands import arguments
from jetset_tui.modules import add_modules_argument, playable
from jetset_tui.seating import default_bot, plan_from_spec


def test_play_bots_fill_the_last_seats_one_kind_each() -> None:
    assert plan_from_spec(None, ["greedy", "random"], None).kinds == [
        "human",
        "bot:greedy",
        "bot:random",
    ]
    assert plan_from_spec(4, ["greedy"], None).kinds == ["human", "human", "human", "bot:greedy"]
    assert plan_from_spec(3, ["human", "greedy"], None).names[1] == "Player 2"


def test_play_without_bots_seats_the_best_bot_everywhere_else() -> None:
    plan = plan_from_spec(None, None, "s")
    assert plan.kinds == ["human"] + [f"bot:{default_bot()}"] * 3 and plan.seed == "s"
    assert len(plan_from_spec(6, None, None).kinds) == 6


def test_more_kinds_than_seats_is_refused_never_dropped() -> None:
    with pytest.raises(ValueError, match="--bots names 3 seats, but a table of 3 has 2"):
        plan_from_spec(3, ["greedy"] * 3, None)
    with pytest.raises(ValueError, match="--bots names 3 kinds for 2 seats"):
        arguments.bot_seats(["greedy"] * 3, 2)
    arguments.bot_seats(["greedy"] * 2, 2)


@pytest.mark.parametrize(
    ("parse", "text", "says"),
    [
        (arguments.players, "1", "Jet Set is for 2 to 6 players"),
        (arguments.players, "x", "not a number of players"),
        (arguments.port, "65536", "from 0 to 65535"),
        (arguments.seconds, "-0.5", "seconds from 0 up"),
        (arguments.seconds, "nan", "seconds from 0 up"),
        (arguments.kinds, " , ", "no kind named"),
        (arguments.whole_number(1), "0", "from 1 up"),
    ],
)
def test_each_flag_type_refuses_with_its_reason(parse: object, text: str, says: str) -> None:
    assert callable(parse)
    with pytest.raises(argparse.ArgumentTypeError, match=says):
        parse(text)


def test_each_flag_type_takes_what_it_should() -> None:
    assert arguments.players("6") == 6 and arguments.port("0") == 0
    assert arguments.seconds("1.5") == 1.5 and arguments.kinds("greedy, random") == [
        "greedy",
        "random",
    ]


def test_the_modules_help_refuses_nothing_while_every_module_plays() -> None:
    """``--modules``'s help said "one not playable yet is refused" after all four played."""
    parser = argparse.ArgumentParser()
    add_modules_argument(parser)
    said = parser.format_help()
    assert all(playable(module) is None for module in MODULES)
    assert "not playable" not in said and "refused" not in said, said


def parsed(*words: str) -> argparse.Namespace:
    """The command line as ``jetset`` reads it, its bots named by their kinds."""
    from jetset_tui.bot_plugins import name_bots_by_kind
    from jetset_tui.cli import parse

    args = parse(list(words))
    name_bots_by_kind(args)
    return args


def test_bots_are_named_by_the_players_word_or_the_kind() -> None:
    """Players read "the search bot" everywhere: ``--bots search`` seats Jet Set's ``mcts``,
    ``mcts`` still works (bot authors, logs), and Jet Lag's search bot is its own ``search``."""
    assert parsed("host", "--players", "3", "--bots", "search,Greedy").bots == ["mcts", "greedy"]
    assert parsed("play", "--bots", "human,search").bots == ["human", "mcts"]
    assert parsed("selfplay", "--bot", "mcts,random").bot == ["mcts", "random"]
    assert parsed("host", "--standin-bot", "search").standin_bot == "mcts"
    assert parsed("selfplay", "--game", "jetlag", "--bot", "search").bot == ["search"]


def test_a_word_that_is_no_bot_is_refused_with_the_players_words() -> None:
    with pytest.raises(
        ValueError, match=r"unknown bot 'nosuch'; the bots of Jet Set: random, greedy, search$"
    ):
        parsed("host", "--players", "2", "--bots", "nosuch")
    with pytest.raises(ValueError, match=r"unknown bot 'mcts'"):
        parsed("selfplay", "--game", "jetlag", "--bot", "mcts")


def test_a_joining_bot_sits_under_the_name_players_read() -> None:
    from jetset_tui.commands.join import bot_seat_name

    assert bot_seat_name("mcts") == "search-bot"
    assert bot_seat_name("greedy") == "greedy-bot"


def test_ssh_server_keeps_games_as_long_as_asked() -> None:
    """A lunch table's play test: a game no one was connected to closed after 30 minutes, so it
    could not be carried to the next day, and no flag said otherwise. ``--keep-games`` does."""
    from jetset_tui.cli import parse
    from jetset_tui.commands.sshserver import make_config

    kept = make_config(parse(["ssh-server", "--keep-games", "1440"]))
    assert kept.lobby.abandoned_after == 1440 * 60
    assert make_config(parse(["ssh-server"])).lobby.abandoned_after == 30 * 60
    with pytest.raises(SystemExit):
        parse(["ssh-server", "--keep-games", "0"])

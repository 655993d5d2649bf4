"""The bots play legal actions only, see only their seat, and keep to their budgets."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from hidden import HiddenPair
from kriegsspiel.bots import GreedyBot, SearchBot, SeatTable, make_bot
from kriegsspiel.core.game import Game
from kriegsspiel.errors import InputError
from kriegsspiel.games import new_game
from kriegsspiel.scenario.load import bundled_names
from test_chance_contract import PAIRS

AnyGame = Game[Any, Any, Any, Any]
BOTS = ("random", "greedy:samples=2,budget=60", "search:playouts=6,depth=4,samples=2")
STEPS = 12  # bot actions played of each bundled scenario


def _played(game: AnyGame, name: str, steps: int, seed: int) -> Iterator[tuple[str, Any]]:
    """The bot `name` playing every seat of `game` for `steps` actions: each seat and what it
    chose, before the game acts on it."""
    bot, rng = make_bot(name), random.Random(seed)
    for _ in range(steps):
        seats = game.seats_to_act()
        if not seats or game.over():
            return
        table = SeatTable(game, seats[0])
        action = bot.choose(table, rng)
        yield seats[0], action
        if action is None:
            return
        game.act(seats[0], action)


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize("scenario", bundled_names())
def test_a_bot_plays_only_legal_actions(name: str, scenario: str) -> None:
    game = new_game(scenario, seed=f"bots-{scenario}")
    played = 0
    for seat, action in _played(game, name, STEPS, 1):
        assert action is not None, f"{name} passed with legal actions left"
        assert game.is_legal(seat, action), action
        played += 1
    assert played == STEPS or game.over()


def _bot_pairs() -> list[HiddenPair]:
    """The hidden pairs whose seat is a side (a bot never plays the public display)."""
    return [p for p in PAIRS if p.seat in p.a.scenario.side_ids]


PLAYABLE = _bot_pairs()


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize("pair", PLAYABLE, ids=[f"{p.a.ruleset.name}: {p.what}" for p in PLAYABLE])
def test_a_bot_chooses_the_same_whatever_is_hidden_from_it(name: str, pair: HiddenPair) -> None:
    """Two games that differ only in a fact hidden from the bot's seat: the same choices under
    the same seed (each game played on by the bot's choice while the seat is to act)."""
    chosen = []
    for game in (pair.a, pair.b):
        bot, rng = make_bot(name), random.Random(7)
        table = SeatTable(game, pair.seat)
        chosen.append([bot.choose(table, rng) for _ in range(3)])
    assert chosen[0] == chosen[1]


def test_some_hidden_pairs_give_a_bot_something_to_choose() -> None:
    """The test above compares real choices, not only passes."""
    rng = random.Random(7)
    assert sum(
        make_bot("random").choose(SeatTable(p.a, p.seat), rng) is not None for p in PLAYABLE
    ) >= len({p.a.ruleset.name for p in PLAYABLE})


def test_the_search_is_deterministic_for_a_seed_and_playouts() -> None:
    game = new_game("demo", seed="search-seed")
    table = SeatTable(game, game.seats_to_act()[0])
    first = [SearchBot(playouts=20).choose(table, random.Random(5)) for _ in range(2)]
    assert first[0] == first[1]
    assert first[0] is not None
    assert table.is_legal(first[0])


def test_the_search_keeps_to_its_playouts() -> None:
    game = new_game("demo", seed="search-seed")
    table = SeatTable(game, game.seats_to_act()[0])
    bot = SearchBot(playouts=7)
    bot.choose(table, random.Random(1))
    assert bot.iterations == 7


def test_the_search_keeps_to_its_time() -> None:
    """A clock that moves 10 ms at each reading: a 45 ms budget stops after 5 iterations (the
    deadline is read once before them, then once after each)."""
    ticks = iter(range(0, 10_000, 10))
    game = new_game("demo", seed="search-seed")
    table = SeatTable(game, game.seats_to_act()[0])
    bot = SearchBot(ms=45, clock=lambda: next(ticks) / 1000)
    bot.choose(table, random.Random(1))
    assert bot.iterations == 5


def test_bot_settings_are_read_from_the_name() -> None:
    bot = make_bot("search:ms=500,depth=3")
    assert isinstance(bot, SearchBot)
    assert (bot.ms, bot.playouts, bot.depth) == (500.0, None, 3)
    assert isinstance(make_bot("search:playouts=200"), SearchBot)
    greedy = make_bot("greedy:samples=4")
    assert isinstance(greedy, GreedyBot)
    assert greedy.samples == 4


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("search:speed=3", r"search takes no setting 'speed=3' \(settings: playouts=N"),
        ("search:ms", r"search takes no setting 'ms'"),
        ("search:playouts=many", r"search's playouts must be a number, not 'many'"),
        ("search:playouts=0", r"search's playouts must be more than 0"),
        ("random:depth=2", r"random takes no setting 'depth=2' \(settings: none\)"),
        ("clever", r"unknown bot 'clever' \(known: greedy, random, search\)"),
    ],
)
def test_bad_bot_settings_name_what_is_wrong(name: str, problem: str) -> None:
    with pytest.raises(InputError, match=problem):
        make_bot(name)

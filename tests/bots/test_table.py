"""A bot's table answers only as its seat; the random bot plays legal actions."""

from __future__ import annotations

import random

import pytest

from conftest import EngGame
from kriegsspiel.bots import RandomBot, SeatTable, make_bot
from kriegsspiel.errors import InputError


def test_the_table_answers_as_its_seat(demo_game: EngGame) -> None:
    table = SeatTable(demo_game, "german")
    assert table.view() == demo_game.view("german")
    assert table.legal_actions() == demo_game.legal_actions("german")
    assert table.to_act() == ("german" in demo_game.seats_to_act())
    assert not table.over()
    assert not hasattr(table, "game")
    assert not hasattr(table, "state")


def test_an_unknown_seat_is_refused(demo_game: EngGame) -> None:
    with pytest.raises(InputError, match="seat"):
        SeatTable(demo_game, "french")


def test_the_random_bot_plays_only_legal_actions(demo_game: EngGame) -> None:
    bot, rng = make_bot("random"), random.Random(3)
    assert isinstance(bot, RandomBot)
    for _ in range(20):
        seats = demo_game.seats_to_act()
        if not seats:
            break
        table = SeatTable(demo_game, seats[0])
        action = bot.choose(table, rng)
        assert action is not None
        assert table.is_legal(action)
        demo_game.act(seats[0], action)
    assert len(demo_game.log) >= 1


def test_an_unknown_bot_names_the_known_ones() -> None:
    with pytest.raises(InputError, match=r"unknown bot 'clever' .*random"):
        make_bot("clever")

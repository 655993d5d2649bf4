"""Benchmarks (`make bench`): a state's victory conditions judged, as a search bot asks of every
state it simulates (`Ruleset.scores`, `Ruleset.result`), in every bundled scenario part-played."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from kriegsspiel import Game, new_game
from kriegsspiel.scenario.load import bundled_names

STEPS = 40  # random actions before the state is judged


def part_played(name: str) -> Game[Any, Any, Any, Any]:
    game = new_game(name, seed="bench")
    rng = random.Random(7)
    for _ in range(STEPS):
        seats = game.seats_to_act()
        action = game.random_action(seats[0], rng) if seats else None
        if action is None:
            break
        game.act(seats[0], action)
    return game


@pytest.mark.parametrize("name", bundled_names())
def test_scores_of_a_state(benchmark: BenchmarkFixture, name: str) -> None:
    game = part_played(name)
    benchmark(game.ruleset.scores, game.state)


@pytest.mark.parametrize("name", bundled_names())
def test_result_of_a_state(benchmark: BenchmarkFixture, name: str) -> None:
    game = part_played(name)
    benchmark(game.ruleset.result, game.state)

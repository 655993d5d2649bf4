"""Benchmarks (`make bench`): exact odds, resolving an action, replaying and loading games.

The games are recorded random playouts (`playouts.py`): of every bundled scenario as bundled and
tiled to 500 units, to 1,000 log entries or their end, and a 100,000-entry demo game with no turn
limit, of every kind of action the battle offers. Not part of `make test`: speed is measured
here, never asserted in tests.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from kriegsspiel import Game, SeededDice, all_checks, new_game
from kriegsspiel.scenario.load import bundled_names
from kriegsspiel.store import files
from playouts import long_game, recorded

LONG = 100_000
CASES = [(name, units) for name in bundled_names() for units in (6, 500)]


@pytest.fixture(scope="module")
def big_game() -> Game[Any, Any, Any, Any]:
    game: Game[Any, Any, Any, Any] = long_game(LONG)
    return game


@pytest.mark.parametrize("name", [c.name for c in all_checks()])
def test_exact_odds(benchmark: BenchmarkFixture, name: str) -> None:
    check = next(c for c in all_checks() if c.name == name).check()
    benchmark(check.odds)


def test_resolve_action(benchmark: BenchmarkFixture) -> None:
    game = new_game("demo", seed="bench")
    action = {"action": "prepare", "unit": "pioneer-1", "demolition": "bridge"}

    def resolve() -> None:
        game.ruleset.perform(game.state, "german", game.parse_action(action), _roll(game))

    benchmark(resolve)


def _roll(game: Game[Any, Any, Any, Any]) -> Any:
    dice = SeededDice(game.seed)
    return lambda check: check.roll(dice, "bench")


def _replay(game: Game[Any, Any, Any, Any]) -> Any:
    """The game folded from its first entry (no checkpoint kept)."""
    return Game(game.ruleset, game.scenario, game.seed, game.log).state


@pytest.mark.parametrize(("name", "units"), CASES)
def test_replay_recorded(benchmark: BenchmarkFixture, name: str, units: int) -> None:
    game = recorded(name, units)
    benchmark.extra_info["entries"] = len(game.log)
    assert benchmark(_replay, game) == game.state


@pytest.mark.parametrize(("name", "units"), CASES)
def test_load_recorded(benchmark: BenchmarkFixture, name: str, units: int) -> None:
    data = files.dumps(recorded(name, units))
    benchmark.extra_info["bytes"] = len(data)
    benchmark(files.loads, data)


def test_replay_100k_entries(
    benchmark: BenchmarkFixture, big_game: Game[Any, Any, Any, Any]
) -> None:
    benchmark.extra_info["events"] = sum(len(e.records) for e in big_game.log)
    assert benchmark(_replay, big_game) == big_game.state


def test_load_100k_entry_game(
    benchmark: BenchmarkFixture, big_game: Game[Any, Any, Any, Any]
) -> None:
    """From its last checkpoint, signed as on disk: the entries before it are decoded (and
    their signatures checked) when read."""
    seal = files.file_seal("big.json")
    data = files.dumps(big_game, seal)
    benchmark.extra_info["bytes"] = len(data)
    benchmark(files.loads, data, "big.json", seal)


def test_load_demo_game(benchmark: BenchmarkFixture) -> None:
    data = files.dumps(recorded("demo", 6))
    benchmark(files.loads, data)

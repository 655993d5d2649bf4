"""Benchmarks (`make bench`): exact odds, resolving an action, replaying and loading games.

Not part of `make test`: speed is measured here, never asserted in tests.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from kriegsspiel import Game, KriegsspielError, SeededDice, all_checks, new_game
from kriegsspiel.core.log import effective
from kriegsspiel.store import files

EVENTS = 100_000
ROUND: list[tuple[str, dict[str, Any]]] = [
    ("german", {"action": "prepare", "unit": "pioneer-1", "demolition": "bridge"}),
    ("us", {"action": "pass"}),
    ("german", {"action": "end-phase"}),
    ("us", {"action": "end-phase"}),
    ("german", {"action": "end-phase"}),
    ("us", {"action": "engineer", "unit": "engineer-1", "task": "roadblock-clearing"}),
    ("german", {"action": "pass"}),
    ("us", {"action": "end-phase"}),
    ("german", {"action": "end-phase"}),
    ("us", {"action": "end-phase"}),
]


def long_game(events: int) -> Game[Any, Any, Any, Any]:
    """A demo game played round after round until its log holds `events` events.

    Tasks complete early, after which their actions are refused and skipped: the log then grows
    by phase changes, which fold like any other event.
    """
    demo = new_game("demo", seed="bench")
    game = Game(demo.ruleset, msgspec.structs.replace(demo.scenario, turns=None), "bench")
    count = 0
    while count < events:
        for seat, action in ROUND:
            try:
                entry = game.act(seat, action)
            except KriegsspielError:  # a refused action is simply skipped
                continue
            count += len(entry.records)
    return game


@pytest.fixture(scope="module")
def big_game() -> Game[Any, Any, Any, Any]:
    return long_game(EVENTS)


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


def test_replay_100k_events(
    benchmark: BenchmarkFixture, big_game: Game[Any, Any, Any, Any]
) -> None:
    events = sum(len(e.records) for e in effective(big_game.log))
    benchmark.extra_info["events"] = events
    state = benchmark(
        lambda: Game(big_game.ruleset, big_game.scenario, big_game.seed, big_game.log).state
    )
    assert state == big_game.state


def test_load_demo_game(benchmark: BenchmarkFixture) -> None:
    game = new_game("demo", seed="bench")
    for seat, action in ROUND[:6]:
        game.act(seat, action)
    data = files.dumps(game)
    benchmark(files.loads, data)


def test_load_100k_event_game(
    benchmark: BenchmarkFixture, big_game: Game[Any, Any, Any, Any]
) -> None:
    data = files.dumps(big_game)
    benchmark.extra_info["bytes"] = len(data)
    benchmark(files.loads, data)

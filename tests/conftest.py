"""Shared helpers for the core and `engineering` tests.

Scenarios are built from plain dicts through `scenario_from_data`, exactly as a YAML file would be.
Every action goes through `game.act` with `ScriptedDice`, so each test says which faces it rolls and
an unexpected roll (or an unused face) fails the test with a DiceError. `dice`, `do` and `refused`
come from `kriegsspiel.testing`, re-exported here.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec
import pytest

from kriegsspiel.core.game import Game
from kriegsspiel.core.log import Entry
from kriegsspiel.rulesets.engineering import RULESET, EngScenario, EngState
from kriegsspiel.rulesets.engineering.state import PHASES
from kriegsspiel.scenario.load import scenario_from_data
from kriegsspiel.store.seal import KEY_ENV
from kriegsspiel.testing import dice as dice
from kriegsspiel.testing import do as do
from kriegsspiel.testing import refused as refused


@pytest.fixture(autouse=True, scope="session")
def _signing_key(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Game files are signed with a key of the test run's own, never the user's (the commands
    the tests start in subprocesses inherit it)."""
    path = tmp_path_factory.mktemp("config") / "key"
    before = os.environ.get(KEY_ENV)
    os.environ[KEY_ENV] = str(path)
    yield path
    if before is None:
        del os.environ[KEY_ENV]
    else:
        os.environ[KEY_ENV] = before


EngGame = Game[EngScenario, EngState, Any, Any]
Point = tuple[float, float]

GERMAN = "german"
US = "us"
SIDES = (GERMAN, US)  # german moves first: player turn (t, 0) is german's, (t, 1) is the US's

# parent-games.md §1.5 DEFAULT direct fire: d10 + strength + modifiers; <=4 no effect,
# 5-6 suppressed, 7-8 disordered, 9+ knocked out. (lowest total, highest total) of each band.
FIRE_BANDS: dict[str, tuple[int | None, int | None]] = {
    "no-effect": (None, 4),
    "suppressed": (5, 6),
    "disordered": (7, 8),
    "knocked-out": (9, None),
}


def fire_face(outcome: str, strength: int, modifier: int = 0) -> int:
    """A d10 face giving `outcome` at this strength, derived from the rule text's bands."""
    low, high = FIRE_BANDS[outcome]
    total = low if low is not None else high
    assert total is not None
    face = total - strength - modifier
    assert 1 <= face <= 10, f"no d10 face gives {outcome} at strength {strength}"
    return face


# -- scenario builders ---------------------------------------------------------------------------


def unit(
    uid: str,
    side: str,
    *,
    engineer: bool = False,
    attack: Mapping[str, int] | None = None,
    position: Point | None = None,
    actions: int = 2,
    kind: str = "troops",
    **extra: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = {"id": uid, "side": side, "kind": kind, "actions": actions}
    if engineer:
        data["traits"] = ["engineer"]
    if attack:
        data["attack"] = dict(attack)
    if position is not None:
        data["position"] = list(position)
    data.update(extra)
    return data


def demolition(
    did: str,
    side: str = GERMAN,
    *,
    preparations: int = 1,
    prepared: bool = False,
    position: Point | None = None,
    known_to: Sequence[str] = (),
    name: str = "",
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": did,
        "side": side,
        "preparations": preparations,
        "prepared": prepared,
        "known_to": list(known_to),
    }
    if position is not None:
        data["position"] = list(position)
    if name:
        data["name"] = name
    return data


def task(
    tid: str, side: str = GERMAN, *, required: int, workers: int = 1, secret: bool = False
) -> dict[str, Any]:
    return {"id": tid, "side": side, "required": required, "workers": workers, "secret": secret}


def scenario_data(
    units: Iterable[Mapping[str, Any]],
    *,
    demolitions: Iterable[Mapping[str, Any]] = (),
    tasks: Iterable[Mapping[str, Any]] = (),
    options: Mapping[str, Any] | None = None,
    turns: int | None = None,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "ruleset": "engineering",
        "title": "test scenario",
        "sides": [{"id": s} for s in SIDES],
        "units": [dict(u) for u in units],
        "demolitions": [dict(d) for d in demolitions],
        "tasks": [dict(t) for t in tasks],
    }
    if options is not None:
        data["options"] = dict(options)
    if turns is not None:
        data["turns"] = turns
    return data


def build(
    units: Iterable[Mapping[str, Any]],
    *,
    demolitions: Iterable[Mapping[str, Any]] = (),
    tasks: Iterable[Mapping[str, Any]] = (),
    options: Mapping[str, Any] | None = None,
    turns: int | None = None,
) -> EngScenario:
    data = scenario_data(units, demolitions=demolitions, tasks=tasks, options=options, turns=turns)
    scenario = scenario_from_data(data, "test.yaml")
    assert isinstance(scenario, EngScenario)
    return scenario


def start(scenario: EngScenario, seed: str = "test-seed") -> EngGame:
    return Game(RULESET, scenario, seed)


def game_of(
    units: Iterable[Mapping[str, Any]],
    *,
    demolitions: Iterable[Mapping[str, Any]] = (),
    tasks: Iterable[Mapping[str, Any]] = (),
    options: Mapping[str, Any] | None = None,
    turns: int | None = None,
    seed: str = "test-seed",
) -> EngGame:
    scenario = build(units, demolitions=demolitions, tasks=tasks, options=options, turns=turns)
    return start(scenario, seed)


# -- acting --------------------------------------------------------------------------------------


def acting_seat(game: EngGame) -> str:
    state = game.state
    if state.pending is not None:
        return state.other
    return state.other if state.phase == "defensive_fire" else state.phasing


def end_phase(game: EngGame, times: int = 1) -> None:
    """End the current phase `times` times, each by the seat whose phase it is; a window for
    opportunity fire still open is passed first (the enemy holds its fire)."""
    for _ in range(times):
        if game.state.pending is not None:
            game.act(game.state.other, {"action": "pass"}, dice())
        game.act(acting_seat(game), {"action": "end-phase"}, dice())


def advance_to(game: EngGame, turn: int, side: str, phase: str = "maneuver") -> None:
    """End phases until it is `phase` of `side`'s player turn in game turn `turn`."""
    target = (turn, SIDES.index(side), PHASES.index(phase))
    while True:
        s = game.state
        now = (s.turn, s.player, PHASES.index(s.phase))
        assert now <= target, f"already past {target}: {now}"
        if now == target:
            return
        end_phase(game)


def engineer(game: EngGame, unit_id: str, task_id: str, *faces: int) -> Entry[Any]:
    side = game.state.spec(unit_id).side
    return do(game, side, {"action": "engineer", "unit": unit_id, "task": task_id}, *faces)


def pass_(game: EngGame) -> Entry[Any]:
    return do(game, game.state.other, {"action": "pass"})


def plain(event: Any) -> dict[str, Any]:
    data = msgspec.to_builtins(event)
    assert isinstance(data, dict)
    return data


def tags(entry: Entry[Any]) -> list[str]:
    """The tags of an entry's events, in order (e.g. "engineering-started", "work-done")."""
    return [plain(r.event)["event"] for r in entry.records]


def events_tagged(entry: Entry[Any], tag: str) -> list[dict[str, Any]]:
    return [plain(r.event) for r in entry.records if plain(r.event)["event"] == tag]


def progress(game: EngGame, task_id: str) -> int:
    return game.state.tasks[task_id].progress


@pytest.fixture
def demo_game() -> EngGame:
    from kriegsspiel.scenario.load import load_scenario

    scenario = load_scenario("demo")
    assert isinstance(scenario, EngScenario)
    return start(scenario, "fixture-seed")

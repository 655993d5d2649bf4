"""Benchmarks of play (`make bench`): legal actions at 6, 100 and 500 units, whole-action odds,
and random playouts per second, through the public API and on the engine's own path, against
the commit before validate-then-roll in the same run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from kriegsspiel import Game, ScriptedDice, new_game
from kriegsspiel.rulesets import RULESETS
from kriegsspiel.scenario.load import bundled_names
from playouts import at_size, engine_playout, playout, rates

HERE = Path(__file__).parent
ROOT = HERE.parent
BASELINE = "4d337ad"  # the last commit whose rulesets found legal actions by dry runs with dice
SIZES = (6, 100, 500)
SCALED = ("demo", "breaching", "abilities", "afv", "waterborne")


def _scenario(name: str, units: int) -> Any:
    """`name` scaled to `units` (`playouts.at_size`)."""
    return at_size(name, units)


def _game(name: str, units: int) -> Game[Any, Any, Any, Any]:
    scenario = _scenario(name, units)
    game: Game[Any, Any, Any, Any] = Game(RULESETS[scenario.ruleset], scenario, "bench")
    if name == "abilities":  # past the Command Dice, into the first Command Pulse
        game.act("allies", {"action": "roll-command"}, ScriptedDice([6, 5, 4, 3, 2]))
        game.act("german", {"action": "roll-command"}, ScriptedDice([5, 4, 3, 2, 2]))
    return game


@pytest.mark.parametrize("units", SIZES)
@pytest.mark.parametrize("name", SCALED)
def test_legal_actions(benchmark: BenchmarkFixture, name: str, units: int) -> None:
    """The phasing seat's legal actions at the start, the scenario scaled to `units` units."""
    game = _game(name, units)
    seat = game.ruleset.seats_to_act(game.state)[0]

    def listed() -> int:
        game._known.clear()  # as after every action: the seat's knowledge is computed anew
        return len(game.legal_actions(seat))

    benchmark.extra_info["actions"] = listed()
    benchmark(listed)


@pytest.mark.parametrize("name", bundled_names())
def test_random_playout(benchmark: BenchmarkFixture, name: str) -> None:
    """One random game of the bundled scenario (at most 200 actions); ops = playouts/s."""
    count = iter(range(10**6))
    benchmark.pedantic(lambda: playout(name, next(count)), rounds=5, iterations=1)  # type: ignore[no-untyped-call]


@pytest.mark.parametrize("name", bundled_names())
def test_engine_playout(benchmark: BenchmarkFixture, name: str) -> None:
    """A random game on the engine's path (`core.sim.Sim`, no log); ops = playouts/s."""
    count = iter(range(10**6))
    benchmark.pedantic(lambda: engine_playout(name, next(count)), rounds=5, iterations=1)  # type: ignore[no-untyped-call]


def _baseline_src(folder: Path) -> Path | None:
    """The source tree of BASELINE, unpacked into `folder` (None outside a git checkout)."""
    archive = folder / "src.tar"
    with archive.open("wb") as out:
        done = subprocess.run(
            ["git", "-C", str(ROOT), "archive", BASELINE, "src"], stdout=out, check=False
        )
    if done.returncode != 0:
        return None
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    return folder / "src"


def _rates(src: Path, seconds: float, *flags: str) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, str(HERE / "playouts.py"), str(seconds), *flags],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    result: dict[str, float] = json.loads(out.stdout)
    return result


def test_playouts_against_the_baseline_commit(benchmark: BenchmarkFixture) -> None:
    """Playouts per process-second of each bundled scenario, this checkout against BASELINE,
    measured in turn in the same run (two rounds each, the better kept): through `Game` in both,
    and on this checkout's engine path (`engine_playout`, which BASELINE did not have) against
    BASELINE's `Game`; the ratios are in extra_info."""
    with tempfile.TemporaryDirectory() as tmp:
        old_src = _baseline_src(Path(tmp))
        if old_src is None:
            pytest.skip(f"no git history with {BASELINE}")
        new_src = ROOT / "src"
        old: dict[str, float] = {}
        new: dict[str, float] = {}
        engine: dict[str, float] = {}
        for _ in range(2):
            runs = ((old_src, old, ()), (new_src, new, ()), (new_src, engine, ("--engine",)))
            for src, best, flags in runs:
                for name, rate in _rates(src, 1.5, *flags).items():
                    best[name] = max(best.get(name, 0.0), rate)
    for name in new:
        benchmark.extra_info[f"{name} playouts/s"] = round(new[name], 1)
        benchmark.extra_info[f"{name} engine playouts/s"] = round(engine[name], 1)
        benchmark.extra_info[f"{name} before"] = round(old[name], 1)
        benchmark.extra_info[f"{name} ratio"] = round(new[name] / old[name], 1)
        benchmark.extra_info[f"{name} engine ratio"] = round(engine[name] / old[name], 1)
    print("\nplayouts/s, before -> Game (ratio), engine (ratio)")
    for n in new:
        print(f"  {n}: {old[n]:.1f} -> {new[n]:.1f} ({new[n] / old[n]:.1f}x), ", end="")
        print(f"{engine[n]:.1f} ({engine[n] / old[n]:.1f}x)")
    benchmark.pedantic(lambda: rates(0.0), rounds=1, iterations=1)  # type: ignore[no-untyped-call]


def test_demolition_odds_of_a_whole_action(benchmark: BenchmarkFixture) -> None:
    game = new_game("demo", seed="bench")
    action = {"action": "demolish", "unit": "pioneer-2", "demolition": "culvert"}
    benchmark(game.odds, "german", action)

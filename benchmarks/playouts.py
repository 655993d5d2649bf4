"""Random playouts through the public API, and scenarios scaled to many units.

Run as a script (`python playouts.py SECONDS`) it prints the playouts per second of every
bundled scenario as JSON; `test_bench_play.py` runs it against this checkout and against an
earlier commit in the same run, for the ratio. It works with both APIs: `Game.legal_actions`
(choices) and the earlier `Ruleset.legal_actions` (typed actions).
"""

from __future__ import annotations

import functools
import json
import random
import sys
import time
from typing import Any

import yaml

import kriegsspiel as ks
from kriegsspiel.scenario.load import (
    bundled_names,
    load_scenario,
    read_scenario_text,
    scenario_from_data,
)

STEPS = 200  # actions at most in one playout


def random_action(game: Any, seat: str, rng: random.Random) -> Any:
    """A legal action drawn uniformly, or None: by `Game.random_action` where there is one,
    else from the earlier API's list."""
    if hasattr(game, "random_action"):
        return game.random_action(seat, rng)
    actions = list(game.ruleset.legal_actions(game.state, seat))
    return rng.choice(actions) if actions else None


@functools.cache
def scenario(name: str) -> Any:
    return load_scenario(name)


def playout(name: str, index: int) -> int:
    """One random game of the bundled scenario `name`; the number of actions taken."""
    rng = random.Random(index)
    sc = scenario(name)
    game = ks.Game(ks.find_ruleset(sc.ruleset), sc, f"playout-{index}")
    for step in range(STEPS):
        seats = game.ruleset.seats_to_act(game.state)
        if not seats:
            return step
        seat = rng.choice(seats)
        action = random_action(game, seat, rng)
        if action is None:
            return step
        game.act(seat, action)
    return STEPS


def scaled(name: str, units: int) -> Any:
    """The bundled scenario `name` with its units cloned, spread over the table, to `units`."""
    text, where = read_scenario_text(name)
    data = yaml.safe_load(text)
    base = [u for u in data["units"] if "position" in u]  # not passengers
    rng = random.Random(units)
    out = list(data["units"])
    for i in range(len(out), units):
        unit = dict(base[i % len(base)])
        unit["id"] = f"{unit['id']}-{i}"
        unit["name"] = f"{unit.get('name', unit['id'])} {i}"
        x, y = unit["position"]
        unit["position"] = [round(x + rng.uniform(-8, 8), 1), round(y + rng.uniform(-4, 4), 1)]
        out.append(unit)
    data["units"] = out
    return scenario_from_data(data, where)


def rates(seconds: float) -> dict[str, float]:
    """Playouts per second of each bundled scenario, each run for about `seconds`."""
    out = {}
    for name in bundled_names():
        start = time.perf_counter()
        done = 0
        while time.perf_counter() - start < seconds or done < 2:
            playout(name, done)
            done += 1
        out[name] = done / (time.perf_counter() - start)
    return out


if __name__ == "__main__":
    print(json.dumps(rates(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)))

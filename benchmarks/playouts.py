"""Random playouts through the public API, and scenarios scaled to many units.

Run as a script (`python playouts.py SECONDS`) it prints the playouts per second of every
bundled scenario as JSON; `test_bench_play.py` runs it against this checkout and against an
earlier commit in the same run, for the ratio. It works with both APIs: `Game.legal_actions`
(choices) and the earlier `Ruleset.legal_actions` (typed actions). `python playouts.py SECONDS
--engine` times `engine_playout` instead: random games on the engine's own path.

`recorded` and `long_game` give the logs the long-game benchmarks load, replay and act on: random
playouts of every bundled scenario as bundled and tiled to 500 units, and a long demo game,
recorded once and kept in `benchmarks/.recorded/` (made again when the library changes).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import yaml

import kriegsspiel as ks
from kriegsspiel.scenario.load import (
    bundled_names,
    load_scenario,
    read_scenario_text,
    scenario_from_data,
)
from kriegsspiel.store import files

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


def engine_playout(name: str, index: int) -> int:
    """`playout` on the engine's path for search (`core.sim.Sim`: a state stepped with dice drawn
    from the generator, no log, no store, no seat's knowledge): each seat draws its action from
    the whole state, as a bot's playout from a determinization does."""
    from kriegsspiel.core.sim import Sim  # not in the earlier commit the benchmark compares with

    rng = random.Random(index)
    sc = scenario(name)
    sim = Sim(ks.find_ruleset(sc.ruleset))
    state = sim.ruleset.initial_state(sc)
    for step in range(STEPS):
        seats = [] if sim.over(state) else sim.seats_to_act(state)
        if not seats:
            return step
        seat = rng.choice(seats)
        action = sim.random_action(state, seat, rng)
        if action is None:
            return step
        state = sim.step(state, seat, action, rng)
    return STEPS


def scaled(name: str, units: int) -> Any:
    """The bundled scenario `name` tiled to at most `units` units (the scenario limit is 500):
    whole copies of the battle (units, Blinds, terrain, demolitions, tasks: every item placed on
    the table) side by side on a table grown to hold them, references kept within each copy."""
    text, where = read_scenario_text(name)
    data = yaml.safe_load(text)
    placed = {k: v for k, v in data.items() if isinstance(v, list) and any(_placed(i) for i in v)}
    per_tile = sum(1 for u in data["units"] if "position" in u)
    tiles = max(1, (units - len(data["units"])) // per_tile + 1)  # whole copies
    cols = math.ceil(math.sqrt(tiles))
    width, height = data.get("table") or _extent(data)
    ids = {i["id"] for items in placed.values() for i in items if isinstance(i, dict)}
    out = {k: list(v) for k, v in placed.items()}
    for tile in range(1, tiles):
        dx, dy = (tile % cols) * width, (tile // cols) * height
        for key, items in placed.items():
            for item in items:
                if _placed(item):
                    out[key].append(_moved(item, dx, dy, f"-t{tile}", ids))
    data.update(out)
    if "table" in data:
        data["table"] = [width * cols, height * math.ceil(tiles / cols)]
    return scenario_from_data(data, where)


def _placed(item: Any) -> bool:
    return isinstance(item, dict) and "id" in item and ("position" in item or "points" in item)


def _extent(data: dict[str, Any]) -> tuple[float, float]:
    """Whole feet around everything placed, for a scenario without a table size."""
    xs, ys = [0.0], [0.0]
    for items in data.values():
        for item in items if isinstance(items, list) else ():
            if isinstance(item, dict):
                for x, y in [item["position"]] if "position" in item else item.get("points", []):
                    xs.append(x)
                    ys.append(y)
    return 12 * math.ceil((max(xs) + 1) / 12), 12 * math.ceil((max(ys) + 1) / 12)


NOT_REFERENCES = frozenset({"id", "kind", "type", "side", "name", "laid", "traits"})


def _moved(item: dict[str, Any], dx: float, dy: float, suffix: str, ids: set[str]) -> Any:
    """A copy of `item` moved by (dx, dy), its id and every id it refers to suffixed."""

    def ref(value: Any) -> Any:
        if isinstance(value, str) and value in ids:
            return f"{value}{suffix}"
        if isinstance(value, list):
            return [ref(v) for v in value]
        return value

    copy = {k: (v if k in NOT_REFERENCES else ref(v)) for k, v in item.items()}
    copy["id"] = f"{item['id']}{suffix}"
    if "name" in copy:
        copy["name"] = f"{copy['name']}{suffix}"
    if "position" in copy:
        copy["position"] = [copy["position"][0] + dx, copy["position"][1] + dy]
    if "points" in copy:
        copy["points"] = [[x + dx, y + dy] for x, y in copy["points"]]
    return copy


def rates(seconds: float, play: Callable[[str, int], int] = playout) -> dict[str, float]:
    """Playouts (by `play`) per second of each bundled scenario, each run for about `seconds`
    of process time after one to warm up."""
    out = {}
    for name in bundled_names():
        play(name, -1)
        start = time.process_time()
        done = 0
        while time.process_time() - start < seconds or done < 2:
            play(name, done)
            done += 1
        out[name] = done / (time.process_time() - start)
    return out


if __name__ == "__main__":
    chosen = engine_playout if "--engine" in sys.argv else playout
    numbers = [a for a in sys.argv[1:] if not a.startswith("--")]
    print(json.dumps(rates(float(numbers[0]) if numbers else 2.0, chosen)))


# -- recorded games ---------------------------------------------------------------------------

HERE = Path(__file__).parent
RECORDED = HERE / ".recorded"


def _version() -> str:
    """A digest of the engine's and the rulesets' source (and data): a recorded game is made
    again when they change. How it is stored does not count: a game file of any format loads."""
    digest = hashlib.sha256()
    source = HERE.parent / "src" / "kriegsspiel"
    for part in ("core", "rulesets", "scenario", "store"):  # store: the file format
        for path in sorted((source / part).rglob("*")):
            if path.is_file() and path.suffix != ".pyc":
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _kept(name: str, make: Any) -> Any:
    path = RECORDED / f"{name}-{_version()}.json"
    if path.exists():
        return files.load(path)
    print(f"recording {path.name} ...", file=sys.stderr, flush=True)
    game = make()
    RECORDED.mkdir(exist_ok=True)
    files.save(game, path)
    return game


def _random_game(sc: Any, seed: int, entries: int) -> Any:
    """A random game of `sc` until `entries` log entries or its end."""
    rng = random.Random(seed)
    game = ks.Game(ks.find_ruleset(sc.ruleset), sc, f"recorded-{seed}")
    while len(game.history.entries) < entries:
        seats = game.seats_to_act()
        if not seats:
            break
        seat = rng.choice(seats)
        action = game.random_action(seat, rng)
        if action is None:
            break
        game.act(seat, action)
    return game


def at_size(name: str, units: int) -> Any:
    """The bundled scenario `name` at `units` units or more: as bundled when it has as many,
    else tiled (`scaled`), or by the ruleset's own scaler in its tests (afv's crews and
    waterborne's stands in features need their own)."""
    if units <= len(scenario(name).units):
        return scenario(name)
    if name in ("afv", "waterborne"):
        sys.path.insert(0, str(HERE.parent / "tests" / name))
        module = importlib.import_module("afvscale" if name == "afv" else "wat_scale")
        return module.scaled(units)
    return scaled(name, units)


def recorded(name: str, units: int, entries: int = 1000, seed: int = 0) -> Any:
    """A random playout of the bundled scenario `name` at `units` units (`at_size`) to `entries`
    log entries or its end, whichever comes first."""
    sc = at_size(name, units)
    return _kept(f"{name}-{units}-{entries}-{seed}", lambda: _random_game(sc, seed, entries))


def long_game(entries: int, units: int = 6) -> Any:
    """A demo game of `entries` log entries with no turn limit: the actions of a random playout
    of the bundled battle (5,000 entries: every kind of action it offers) taken again and again
    in order, at 500 units by the same units in the battle tiled to 500 units (the other copies
    stand by). An action the game refuses is left out, after the seats it awaits pass."""
    demo = msgspec.structs.replace(scenario("demo"), turns=None)
    played = _kept("demo-6-5000-random", lambda: _random_game(demo, 0, 5000))
    sc = (
        demo
        if units <= len(demo.units)
        else msgspec.structs.replace(scaled("demo", units), turns=None)
    )

    def again() -> Any:
        game = ks.Game(ks.find_ruleset(sc.ruleset), sc, played.seed)
        while len(game.history.entries) < entries:
            before = len(game.history.entries)
            for entry in played.log:
                if len(game.history.entries) >= entries:
                    break
                if not _tried(game, entry.seat, entry.action):
                    for seat in game.seats_to_act():  # awaited by another: it passes
                        _tried(game, seat, {"action": "pass"})
                    _tried(game, entry.seat, entry.action)  # else left out
            if len(game.history.entries) == before:
                raise RuntimeError("the recorded actions no longer play")
        return game

    return _kept(f"demo-{units}-{entries}-long", again)


def _tried(game: Any, seat: str, action: Any) -> bool:
    try:
        game.act(seat, action)
    except ks.KriegsspielError:
        return False
    return True

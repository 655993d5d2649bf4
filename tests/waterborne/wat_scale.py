"""The bundled waterborne scenario scaled to many units: its stands on land cloned, round robin,
into the same features, and its craft cloned with their passengers into the same squares."""

from __future__ import annotations

from typing import Any

import yaml

from kriegsspiel.core.game import Game
from kriegsspiel.rulesets.waterborne import RULESET, WatScenario
from kriegsspiel.scenario.load import read_scenario_text, scenario_from_data


def scaled(units: int) -> WatScenario:
    """The Hollenhof crossing with `units` stands (at least its own; the scenario limit is 500)."""
    text, where = read_scenario_text("waterborne")
    data: dict[str, Any] = yaml.safe_load(text)
    out = list(data["units"])
    craft = list(data["craft"])
    ashore = [u for u in data["units"] if "place" in u]
    boats = [c for c in data["craft"] if any(u.get("aboard") == c["id"] for u in out)]
    i = 0
    while len(out) < units:
        if i % 4 == 3:  # now and then a loaded craft
            boat = dict(boats[(i // 4) % len(boats)])
            riders = [dict(u) for u in data["units"] if u.get("aboard") == boat["id"]]
            boat["id"] = f"{boat['id']}-{i}"
            boat["name"] = f"{boat['name']} {i}"
            craft.append(boat)
            for r in riders:
                r["id"], r["name"], r["aboard"] = f"{r['id']}-{i}", f"{r['name']} {i}", boat["id"]
            out += riders[: units - len(out)]  # a boat may sail part-loaded
        else:
            unit = dict(ashore[i % len(ashore)])
            unit["id"] = f"{unit['id']}-{i}"
            unit["name"] = f"{unit.get('name', unit['id'])} {i}"
            out.append(unit)
        i += 1
    data["units"], data["craft"] = out, craft
    scenario = scenario_from_data(data, where)
    assert isinstance(scenario, WatScenario)
    return scenario


def scaled_game(units: int) -> Game[WatScenario, Any, Any, Any]:
    return Game(RULESET, scaled(units), "scaled")

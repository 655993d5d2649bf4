"""The bundled `afv` scenario with its units cloned to many (each clone's crewmen and men
renamed, spread over the table, main-gun rounds fixed so that play starts at once), for
timing `Game.legal_actions` at scale."""

from __future__ import annotations

import random
from typing import Any

import yaml

from kriegsspiel.rulesets.afv import AfvScenario
from kriegsspiel.scenario.load import read_scenario_text, scenario_from_data


def _near(rng: random.Random, point: list[float], size: tuple[float, float]) -> list[float]:
    x = min(max(point[0] + rng.uniform(-8, 8), 0.5), size[0] - 0.5)
    y = min(max(point[1] + rng.uniform(-4, 4), 0.5), size[1] - 0.5)
    return [round(x, 1), round(y, 1)]


def scaled(units: int) -> AfvScenario:
    text, where = read_scenario_text("afv")
    data: dict[str, Any] = yaml.safe_load(text)
    size = tuple(data["table"])
    rng = random.Random(units)
    base = list(data["units"])
    out = []
    for i in range(units):
        unit = dict(base[i % len(base)])
        if i >= len(base):
            unit["id"] = f"{unit['id']}-{i}"
            unit["name"] = f"{unit.get('name', unit['id'])} {i}"
            if "position" in unit:
                unit["position"] = _near(rng, unit["position"], size)
            unit["crew"] = [{**c, "id": f"{c['id']}-{i}"} for c in unit.get("crew", [])]
            unit["men"] = [
                {**m, "id": f"{m['id']}-{i}", "position": _near(rng, m["position"], size)}
                for m in unit.get("men", [])
            ]
        if unit.get("kind") == "afv":
            unit["ammo"] = {"HE": 10, "AP": 10}
            unit["loaded"] = "AP"
        out.append(unit)
    data["units"] = out
    scenario = scenario_from_data(data, where)
    assert isinstance(scenario, AfvScenario)
    return scenario

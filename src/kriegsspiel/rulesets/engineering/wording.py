"""How the log, labels and refusals put things for people: sides by their names, distances and
places to a tenth of an inch (the events keep the exact values)."""

from __future__ import annotations

from kriegsspiel.core.geometry import Measure
from kriegsspiel.core.scenario import Point, ScenarioBase


def side_name(scenario: ScenarioBase, side: str) -> str:
    """A side as the scenario names it (its id where it has no name)."""
    return next((s.name or s.id for s in scenario.sides if s.id == side), side)


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def inches(value: float) -> str:
    return f'{value:.1f}"'


def measured(distance: Measure) -> str:
    return f"{inches(distance.inches)} {'declared' if distance.declared else 'measured'}"


def place(point: Point) -> str:
    x, y = (round(v, 1) + 0.0 for v in point)  # + 0.0: no "-0"
    return f"{x:g},{y:g}"

"""How the log, labels and refusals put things for people: sides by their names, distances and
places to a tenth of an inch (the events keep the exact values)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kriegsspiel.core.geometry import Measure
from kriegsspiel.core.scenario import Point, possessive

if TYPE_CHECKING:
    from kriegsspiel.rulesets.engineering.state import EngState

__all__ = ["inches", "measured", "place", "possessive", "whose"]


def inches(value: float) -> str:
    return f'{value:.1f}"'


def measured(distance: Measure) -> str:
    return f"{inches(distance.inches)} {'declared' if distance.declared else 'measured'}"


def place(point: Point) -> str:
    x, y = (round(v, 1) + 0.0 for v in point)  # + 0.0: no "-0"
    return f"{x:g},{y:g}"


def whose(state: EngState, side: str) -> str:
    """A side's possessive, by its scenario name: "Wehrmacht's"."""
    return possessive(state.scenario.side_name(side))

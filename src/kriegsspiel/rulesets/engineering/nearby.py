"""Cheap spatial pruning for candidate actions: what lies within reach of a unit, found without
measuring everything against everything (a grid of positions, and bounding circles of
footprints), so that listing the legal actions stays fast with many units."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable

from kriegsspiel.rulesets.engineering.footprints import Footprint
from kriegsspiel.rulesets.engineering.state import Point

CELL = 4.0  # inches: a grid cell


class Grid:
    """Ids at points, bucketed by cell; `within` returns those within `r` of a point."""

    def __init__(self, items: Iterable[tuple[str, Point]]) -> None:
        self._cells: dict[tuple[int, int], list[tuple[str, Point]]] = defaultdict(list)
        for ident, at in items:
            self._cells[_cell(at)].append((ident, at))

    def within(self, at: Point, r: float) -> list[str]:
        cx, cy = _cell(at)
        span = math.ceil(r / CELL)
        out: list[str] = []
        for gx in range(cx - span, cx + span + 1):
            for gy in range(cy - span, cy + span + 1):
                for ident, (x, y) in self._cells.get((gx, gy), ()):
                    if math.hypot(x - at[0], y - at[1]) <= r + 1e-6:
                        out.append(ident)
        return out


def _cell(at: Point) -> tuple[int, int]:
    return (math.floor(at[0] / CELL), math.floor(at[1] / CELL))


def clearance(at: Point, fp: Footprint | None) -> float:
    """A lower bound of the distance from `at` to the footprint (0 inside or near it); infinite
    for a feature with no footprint on record."""
    if fp is None:
        return math.inf
    half = math.hypot(fp.length, fp.depth) / 2
    return max(math.hypot(at[0] - fp.centre[0], at[1] - fp.centre[1]) - half, 0.0)

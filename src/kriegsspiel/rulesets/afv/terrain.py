"""The scenario's terrain as shapely geometry, built once per scenario: roads (AFV-MOVE-05),
walls and buildings (AFV-MOVE-06/07), and buildings blocking lines of sight (SK-LOS)."""

from __future__ import annotations

from typing import Any

import shapely
from shapely.geometry import LineString, Polygon

from kriegsspiel.scenario.model import Point, TerrainSpec

_MEMO_LIMIT = 20_000


class TerrainShapes:
    """Geometry of the terrain features the rules use, and a memo of lines of sight."""

    def __init__(self, terrain: tuple[TerrainSpec, ...]) -> None:
        self.roads: dict[str, LineString] = {
            t.id: LineString(t.points) for t in terrain if t.kind == "road"
        }
        self.obstacles: tuple[tuple[TerrainSpec, Any], ...] = tuple(
            (t, LineString(t.points) if t.kind == "wall" else Polygon(t.points))
            for t in terrain
            if t.kind in ("wall", "building")
        )
        self.buildings: tuple[tuple[Polygon, tuple[float, ...]], ...] = tuple(
            (shape, tuple(shape.bounds)) for t, shape in self.obstacles if t.kind == "building"
        )
        self._sight: dict[tuple[Point, Point], bool] = {}

    def line_of_sight(self, frm: Point, to: Point) -> bool:
        """SK-LOS: no building between the two points, other than one either of them is in."""
        key = (frm, to)
        seen = self._sight.get(key)
        if seen is None:
            if len(self._sight) > _MEMO_LIMIT:
                self._sight.clear()
            seen = self._sight[key] = self._clear(frm, to)
        return seen

    def _clear(self, frm: Point, to: Point) -> bool:
        lo_x, hi_x = sorted((frm[0], to[0]))
        lo_y, hi_y = sorted((frm[1], to[1]))
        line: LineString | None = None
        for house, (x0, y0, x1, y1) in self.buildings:
            if hi_x < x0 or lo_x > x1 or hi_y < y0 or lo_y > y1:
                continue  # the line passes nowhere near it
            if shapely.intersects_xy(house, *frm) or shapely.intersects_xy(house, *to):
                continue
            line = line or LineString([frm, to])
            if line.intersection(house).length > 1e-6:
                return False
        return True

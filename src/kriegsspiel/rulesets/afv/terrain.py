"""The scenario's terrain as shapely geometry, built once per scenario: roads (AFV-MOVE-05),
walls and buildings (AFV-MOVE-06/07), and buildings blocking lines of sight (SK-LOS)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import shapely
import shapely.geometry.polygon
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShPoint

from kriegsspiel.core.scenario import Point, TerrainSpec

_MEMO_LIMIT = 20_000
BLOCK = 1e-6  # inches of a line in a building that block it or stop a vehicle (less: a touch)
ON_EDGE = 0.0  # how far outside a wall a point may be and still count as on it


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
        self.buildings: tuple[tuple[Polygon, tuple[float, ...], _Convex | None], ...] = tuple(
            (shape, tuple(shape.bounds), _Convex.of(shape))
            for t, shape in self.obstacles
            if t.kind == "building"
        )
        self._bounds = tuple(tuple(shape.bounds) for _, shape in self.obstacles)
        self._sight: dict[tuple[Point, Point], bool] = {}
        self._road_gap: dict[tuple[str, Point], float] = {}

    def roads_into_buildings(self) -> Iterator[tuple[str, str]]:
        """Each road and a building it runs into, as a vehicle following it would (more than a
        touch: AFV-MOVE-07 would stop it there)."""
        for road_id, road in self.roads.items():
            for feature, shape in self.obstacles:
                if feature.kind == "building" and road.intersection(shape).length > BLOCK:
                    yield road_id, feature.id

    def obstacles_near(
        self, bounds: tuple[float, float, float, float]
    ) -> Iterator[tuple[TerrainSpec, Any]]:
        """The walls and buildings whose boxes meet the box `bounds` (x0, y0, x1, y1): a shape
        outside it meets nothing inside it (a cheap test before shapely's)."""
        lo_x, lo_y, hi_x, hi_y = bounds
        for obstacle, (x0, y0, x1, y1) in zip(self.obstacles, self._bounds, strict=True):
            if not (hi_x < x0 or lo_x > x1 or hi_y < y0 or lo_y > y1):
                yield obstacle

    def road_distance(self, road_id: str, at: Point) -> float:
        """How far `at` is from the road (AFV-MOVE-05), remembered: vehicles stand still most
        cards and shapely's points are slow to make."""
        key = (road_id, at)
        gap = self._road_gap.get(key)
        if gap is None:
            if len(self._road_gap) > _MEMO_LIMIT:
                self._road_gap.clear()
            gap = self._road_gap[key] = float(self.roads[road_id].distance(ShPoint(at)))
        return gap

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
        for house, (x0, y0, x1, y1), convex in self.buildings:
            if hi_x < x0 or lo_x > x1 or hi_y < y0 or lo_y > y1:
                continue  # the line passes nowhere near it
            if convex is not None:
                if convex.blocks(frm, to):
                    return False
                continue
            if shapely.intersects_xy(house, *frm) or shapely.intersects_xy(house, *to):
                continue
            line = line or LineString([frm, to])
            if line.intersection(house).length > BLOCK:
                return False
        return True


class _Convex:
    """A convex building, for a quick exact test of the line through it (most are boxes):
    the part of the line inside it, clipped edge by edge (Cyrus-Beck)."""

    def __init__(self, ring: list[tuple[float, float]]) -> None:
        # each edge as a point on it and its inward normal (the ring runs anticlockwise)
        self.edges = tuple((x1, y1, -(y2 - y1), x2 - x1) for (x1, y1), (x2, y2) in pairwise(ring))

    @classmethod
    def of(cls, shape: Polygon) -> _Convex | None:
        if shape.interiors or shape.area <= 0 or not shape.equals(shape.convex_hull):
            return None
        ring = shapely.geometry.polygon.orient(shape, 1.0).exterior.coords
        return cls([(float(x), float(y)) for x, y in ring])

    def holds(self, p: Point) -> bool:
        """Inside or on the boundary (as shapely's `intersects`)."""
        return all(nx * (p[0] - x) + ny * (p[1] - y) >= -ON_EDGE for x, y, nx, ny in self.edges)

    def blocks(self, frm: Point, to: Point) -> bool:
        """SK-LOS: the line runs through it (more than touching), neither end being in it."""
        if self.holds(frm) or self.holds(to):
            return False
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        enter, leave = 0.0, 1.0
        for x, y, nx, ny in self.edges:
            num = nx * (frm[0] - x) + ny * (frm[1] - y)
            den = nx * dx + ny * dy
            if den == 0.0:
                if num < 0.0:
                    return False  # parallel to this edge, outside it
                continue
            t = -num / den
            if den > 0.0:
                enter = max(enter, t)
            else:
                leave = min(leave, t)
            if enter >= leave:
                return False
        return (leave - enter) * math.hypot(dx, dy) > BLOCK

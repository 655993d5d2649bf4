"""The table: line of sight, light cover, impassable ground, edges, arcs and range bands.

Terrain kinds come from the house `terrain` table (CHQ-LOS): a polygon of a blocking kind blocks
the line between two points that crosses it, unless either point is inside it (a unit at a wood's
edge sees out and is seen).
"""

from __future__ import annotations

import math
from functools import cache

from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint

from kriegsspiel.core.geometry import distance, in_arc
from kriegsspiel.rulesets.abilities.defaults import Ranges
from kriegsspiel.rulesets.abilities.state import AblState, Band, Point
from kriegsspiel.scenario.model import TerrainSpec

FRONT_HALF_ARC = 90.0  # AMB-ABL-06: a 180-degree front arc centred on the facing
CONTACT = 1.0  # inches: closer than this to an enemy is contact (AMB-ABL-04)


Box = tuple[float, float, float, float]  # min x, min y, max x, max y


def _polygons(state: AblState, kinds: tuple[str, ...]) -> tuple[tuple[Polygon, Box], ...]:
    return _shapes(state.scenario.terrain, kinds)


@cache
def _shapes(
    terrain: tuple[TerrainSpec, ...], kinds: tuple[str, ...]
) -> tuple[tuple[Polygon, Box], ...]:
    """The terrain polygons of these kinds with their bounds, built once per scenario."""
    polygons = [Polygon(t.points) for t in terrain if t.kind in kinds and len(t.points) >= 3]
    return tuple((p, p.bounds) for p in polygons if not p.is_empty)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _covering(state: AblState, kinds: tuple[str, ...], p: Point) -> bool:
    box = (p[0], p[1], p[0], p[1])
    return any(
        _overlap(box, bounds) and poly.covers(ShapelyPoint(p))
        for poly, bounds in _polygons(state, kinds)
    )


def line_of_sight(state: AblState, a: Point, b: Point) -> bool:
    """CHQ-LOS: no blocking terrain between `a` and `b`."""
    box = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
    for poly, bounds in _polygons(state, state.tables.terrain.blocks_los):
        if not _overlap(box, bounds):
            continue
        if poly.covers(ShapelyPoint(a)) or poly.covers(ShapelyPoint(b)):
            continue
        sight = LineString([a, b])
        if sight.crosses(poly) or sight.within(poly):
            return False
    return True


def in_cover(state: AblState, p: Point) -> bool:
    """CHQ-REACT: a unit (or Blind) inside light-cover terrain."""
    return _covering(state, state.tables.terrain.light_cover, p)


def on_table(state: AblState, p: Point) -> bool:
    width, depth = state.scenario.table
    return 0 <= p[0] <= width and 0 <= p[1] <= depth


def impassable(state: AblState, p: Point) -> bool:
    return _covering(state, state.tables.terrain.impassable, p)


def step(frm: Point, bearing: float, inches: float) -> Point:
    """The point `inches` from `frm` along a compass bearing (0 = +y, clockwise)."""
    rad = math.radians(bearing)
    return (round(frm[0] + inches * math.sin(rad), 4), round(frm[1] + inches * math.cos(rad), 4))


def retreat(state: AblState, frm: Point, bearing: float, inches: float, side: str) -> Point:
    """Move straight along a bearing, stopping at the table edge, before impassable ground and
    short of contact with an enemy unit (AMB-ABL-04; CHQ-FORCED)."""
    end = frm
    steps = max(1, math.ceil(inches * 4))
    already = _contacts(state, frm, side)  # moving away from a unit in contact is allowed
    for i in range(1, steps + 1):
        p = step(frm, bearing, inches * i / steps)
        if not on_table(state, p) or impassable(state, p) or _contacts(state, p, side) - already:
            break
        end = p
    return end


def _contacts(state: AblState, p: Point, side: str) -> set[str]:
    return {
        uid
        for uid, u in state.units.items()
        if u.on_table and state.specs[uid].side != side and distance(u.position, p) < CONTACT
    }


def in_front(facing: float, frm: Point, to: Point) -> bool:
    """ABL-180-01 / AMB-ABL-06: `to` lies in the 180-degree arc centred on the facing."""
    return in_arc(facing, FRONT_HALF_ARC, frm, to)


def bands(ranges: Ranges | tuple[float, float, float]) -> tuple[float, float, float]:
    if isinstance(ranges, Ranges):
        return (ranges.short, ranges.effective, ranges.long)
    return ranges


def band_of(limits: tuple[float, float, float], inches: float) -> Band | None:
    """The range band of a distance, or None beyond long range (CHQ-DEFAULT-RANGE)."""
    short, effective, long = limits
    if inches <= short + 1e-9:
        return "short"
    if inches <= effective + 1e-9:
        return "effective"
    if inches <= long + 1e-9:
        return "long"
    return None

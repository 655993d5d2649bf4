"""Terrain features as shapes for bridges, forts and the Funnies: gaps, crossings, deep water.

A scenario's terrain feature is a point, a line (`line: true`) or a polygon, in inches. Where a
rule needs a unit conformed to a gap (BF-CONFORM: within 1") and positions are not on record, the
player declares the distance instead, as with footprints.py.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from kriegsspiel.core import shapes
from kriegsspiel.core.geometry import Measure, distance
from kriegsspiel.core.scenario import TerrainSpec
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering.nearby import Box, Boxes, segment_distance
from kriegsspiel.rulesets.engineering.state import EngState, Point
from kriegsspiel.rulesets.engineering.terrain_cache import per_key, per_terrain

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

# Deep water: a DD tank swims it, other units cannot enter it (ENG-FUNNY-03).
WATER = frozenset({"water", "river", "sea", "lake", "deep-water"})
CONFORM_REACH = 1.0  # BF-CONFORM
_EPS = 1e-9


def feature(state: EngState, feature_id: str | None) -> TerrainSpec | None:
    """The terrain feature of that id (the first, where ids repeat)."""
    terrain = state.scenario.terrain
    if feature_id is None:
        return None
    by_id = per_terrain(terrain, "by-id", lambda: {t.id: t for t in reversed(terrain)})
    return by_id.get(feature_id)


@cache
def shape(spec: TerrainSpec) -> BaseGeometry:
    return shapes.terrain_shape(spec)


def crosses_at(frm: Point, to: Point, gap: TerrainSpec | None, at: Point, reach: float) -> bool:
    """Whether a move from `frm` to `to` crosses `gap` within `reach` of `at` (or, with no gap
    on record, passes within `reach` of `at`)."""
    if segment_distance(frm, to, at) > reach + _EPS:
        return False
    if gap is None or len(gap.points) < 2:
        return True
    crossing = shapes.path(frm, to).intersection(shape(gap))
    return not crossing.is_empty and float(crossing.distance(shapes.point(at))) <= reach + _EPS


def gap_distance(
    state: EngState, gap_id: str | None, site: Point | None, point: Point | None
) -> float | None:
    """How far `point` is from a gap: its terrain feature, else its `site`; None if unknown."""
    gap = feature(state, gap_id)
    if point is None or (gap is None and site is None):
        return None
    if gap is not None:
        return per_key(
            state.scenario.terrain,
            "gap distance",
            (gap.id, point),
            lambda: round(float(shape(gap).distance(shapes.point(point))), 4),
        )
    assert site is not None
    return round(distance(point, site), 4)


def conformed_to(
    state: EngState,
    unit_id: str,
    gap_id: str | None,
    site: Point | None,
    declared: float | None,
    rule: str,
) -> Measure:
    """BF-CONFORM: refuse (naming `rule`) unless the unit is within 1" of the gap, measured or
    declared."""
    if declared is not None and declared < 0:
        raise InputError("distance", "a distance cannot be negative")
    label = state.spec(unit_id).label
    if declared is not None:
        dist = Measure(declared, True)
    else:
        found = gap_distance(state, gap_id, site, state.units[unit_id].position)
        if found is None:
            raise RuleViolation(rule, f"no positions on record for {label}; declare distance=")
        dist = Measure(found, False)
    if dist.inches > CONFORM_REACH + _EPS:
        raise RuleViolation(
            rule, f'{label} must be conformed to {gap_id or site} (within 1"); it is {dist} away'
        )
    return dist


def water(state: EngState) -> tuple[BaseGeometry, ...]:
    return tuple(w for w, _ in water_boxes(state))


def water_boxes(state: EngState) -> tuple[tuple[BaseGeometry, Box], ...]:
    """Deep water, each with its bounding box (min x, min y, max x, max y)."""
    terrain = state.scenario.terrain
    return per_terrain(terrain, "water", lambda: _water(terrain))


def water_near(state: EngState, at: Point, r: float) -> list[tuple[BaseGeometry, Box]]:
    """Deep water whose bounding box lies within `r` of `at` (all the water that does)."""
    terrain = state.scenario.terrain
    return per_terrain(terrain, "water-index", lambda: Boxes(water_boxes(state))).near(at, r)


def _water(terrain: tuple[TerrainSpec, ...]) -> tuple[tuple[BaseGeometry, Box], ...]:
    shapes = [shape(t) for t in terrain if t.kind in WATER and not t.line and len(t.points) >= 3]
    return tuple((w, tuple(w.bounds)) for w in shapes)


def in_water(state: EngState, point: Point | None) -> bool:
    """Whether a point lies inside deep water (the shore line counts as land)."""
    if point is None:
        return False
    near = [w for w, _ in water_near(state, point, 0.0)]
    if not near:
        return False
    return per_key(state.scenario.terrain, "in water", point, lambda: _inside(near, point))


def _inside(water: list[BaseGeometry], point: Point) -> bool:
    here = shapes.point(point)
    return any(w.contains(here) for w in water)


def through_water(state: EngState, frm: Point | None, to: Point) -> bool:
    """Whether any stretch of a move lies in deep water."""
    boxes = water_boxes(state)
    if not boxes:
        return False
    start = frm if frm is not None else to
    low = (min(start[0], to[0]), min(start[1], to[1]))
    high = (max(start[0], to[0]), max(start[1], to[1]))
    near = [
        w
        for w, b in boxes
        if b[0] <= high[0] and b[2] >= low[0] and b[1] <= high[1] and b[3] >= low[1]
    ]  # only water whose bounding box meets the move's can hold any of it
    if not near:
        return False
    return per_key(state.scenario.terrain, "through water", (frm, to), lambda: _wet(near, frm, to))


def _wet(water: list[BaseGeometry], frm: Point | None, to: Point) -> bool:
    line = shapes.path(frm, to) if frm is not None else shapes.point(to)
    end = shapes.point(to)
    return any(w.intersection(line).length > _EPS or w.contains(end) for w in water)

"""Footprints of minefields and obstacles on the table, and how units stand to them.

A footprint is a rectangle: a centre, a facing (the direction a unit crossing it moves; 0 is up
the table), a length along its front and a depth across it: a minefield section is 2" long and
1" deep (ENG-MINE-10), a wire base at most 2" by 3/4" (ENG-WIRE-01), a ditch section 2" by 1"
(ENG-DITCH-01). Units are points: a unit is conformed to a feature within 1" of its footprint,
frontally when the feature lies within 45 degrees of its facing (BF-CONFORM). At a table without
positions the player declares the distance (and whether the front faces it) instead.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

import msgspec

from kriegsspiel.core import shapes
from kriegsspiel.core.geometry import Measure, angle_off
from kriegsspiel.core.scenario import TerrainSpec
from kriegsspiel.errors import RuleViolation
from kriegsspiel.rulesets.engineering.terrain_cache import per_key, per_terrain

if TYPE_CHECKING:  # scenario.py imports the specs that use footprints
    from shapely.geometry import Polygon
    from shapely.geometry.base import BaseGeometry

    from kriegsspiel.rulesets.engineering.scenario import EngUnit

XY = tuple[float, float]
Mobility = Literal["foot", "tracked", "half-tracked", "wheeled", "gun"]
MOBILITIES: tuple[Mobility, ...] = ("foot", "tracked", "half-tracked", "wheeled", "gun")
GEARS: tuple[Mobility, ...] = ("tracked", "half-tracked", "wheeled")  # a vehicle's, as traits
VEHICLE_KINDS = ("soft-vehicle", "armoured-vehicle")

CONFORM_REACH = 1.0  # BF-CONFORM: within 1" (as ENG-DEMO-08's "adjacent")
FRONT_ARC = 45.0  # BF-CONFORM: frontally, within 45 degrees either side of the facing
_EPS = 1e-6


class Footprint(msgspec.Struct, frozen=True):
    """A rectangle on the table: `length` along its front, `depth` in the direction `facing`."""

    centre: XY
    facing: float = 0.0
    length: float = 2.0
    depth: float = 1.0

    @property
    def across(self) -> XY:
        """The unit vector of the depth axis: the way a unit crosses it."""
        return _axis(self.facing)

    def corners(self) -> list[XY]:
        nx, ny = self.across
        tx, ty = ny, -nx  # the front axis, perpendicular to `across`
        cx, cy = self.centre
        hl, hd = self.length / 2, self.depth / 2
        return [
            (cx + sl * hl * tx + sd * hd * nx, cy + sl * hl * ty + sd * hd * ny)
            for sl, sd in ((-1, -1), (1, -1), (1, 1), (-1, 1))
        ]

    def polygon(self) -> Polygon:
        return shapes.polygon(self.corners())

    def local(self, point: XY) -> XY:
        """A point in the rectangle's own axes: (along its front, across it) from its centre."""
        nx, ny = self.across
        dx, dy = point[0] - self.centre[0], point[1] - self.centre[1]
        return (dx * ny - dy * nx, dx * nx + dy * ny)

    def world(self, a: float, b: float) -> XY:
        nx, ny = self.across
        return (self.centre[0] + a * ny + b * nx, self.centre[1] - a * nx + b * ny)


@lru_cache(maxsize=4096)
def _axis(facing: float) -> XY:
    rad = math.radians(facing)
    return (math.sin(rad), math.cos(rad))


def ground_under(footprint: Footprint, terrain: Iterable[TerrainSpec]) -> tuple[str, ...]:
    """The kinds of terrain features that meet the footprint's interior (ENG-MINE-11/12)."""
    if not isinstance(terrain, tuple):
        return _ground_under(footprint, terrain)
    return per_key(terrain, "ground", footprint, lambda: _ground_under(footprint, terrain))


def _ground_under(footprint: Footprint, terrain: Iterable[TerrainSpec]) -> tuple[str, ...]:
    corners = footprint.corners()
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    box = (min(xs), min(ys), max(xs), max(ys))
    index = _boxes(terrain)
    near = index.meeting(box)  # only features whose bounding box meets the footprint's
    if not near:
        return ()
    area = footprint.polygon()
    kinds: dict[str, None] = {}
    for i in near:
        feature, shape = index.features[i], index.shape(i)
        hit = shape.intersection(area)
        if (feature.line and hit.length > _EPS) or hit.area > _EPS or _point_in(feature, area):
            kinds.setdefault(feature.kind)
    return tuple(kinds)


Box = tuple[float, float, float, float]  # min x, min y, max x, max y
_CELL = 12.0  # inches: a cell of the terrain index
_SPREAD = 64  # cells a feature may cover before it is looked at by every query


class _TerrainBoxes:
    """Terrain features by bounding box, bucketed by cell, with their shapes built once."""

    def __init__(self, terrain: Iterable[TerrainSpec]) -> None:
        self.features = list(terrain)
        self.boxes = [_box(f) for f in self.features]
        self._shapes: dict[int, BaseGeometry] = {}
        self._cells: dict[tuple[int, int], list[int]] = {}
        self._everywhere: list[int] = []
        for i, b in enumerate(self.boxes):
            cells = _cells(b)
            if cells is None:
                self._everywhere.append(i)
                continue
            for cell in cells:
                self._cells.setdefault(cell, []).append(i)

    def meeting(self, box: Box) -> list[int]:
        """The features whose bounding box meets `box`, in the terrain's order."""
        cells = _cells(box)
        if cells is None:
            found = set(range(len(self.features)))
        else:
            found = set(self._everywhere)
            for cell in cells:
                found.update(self._cells.get(cell, ()))
        return sorted(i for i in found if _meet(self.boxes[i], box))

    def shape(self, i: int) -> BaseGeometry:
        if i not in self._shapes:
            self._shapes[i] = shapes.terrain_shape(self.features[i])
        return self._shapes[i]


def _cells(box: Box) -> list[tuple[int, int]] | None:
    """The cells a box covers; None for more than `_SPREAD`."""
    x0, y0 = math.floor(box[0] / _CELL), math.floor(box[1] / _CELL)
    x1, y1 = math.floor(box[2] / _CELL), math.floor(box[3] / _CELL)
    if (x1 - x0 + 1) * (y1 - y0 + 1) > _SPREAD:
        return None
    return [(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)]


def _meet(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and a[2] >= b[0] and a[1] <= b[3] and a[3] >= b[1]


def _boxes(terrain: Iterable[TerrainSpec]) -> _TerrainBoxes:
    """The index of the terrain, once per terrain tuple."""
    if not isinstance(terrain, tuple):
        return _TerrainBoxes(terrain)
    return per_terrain(terrain, "boxes", lambda: _TerrainBoxes(terrain))


def _box(f: TerrainSpec) -> Box:
    xs, ys = [p[0] for p in f.points], [p[1] for p in f.points]
    return (min(xs), min(ys), max(xs), max(ys))


def _point_in(feature: TerrainSpec, area: Polygon) -> bool:
    return len(feature.points) == 1 and area.contains(shapes.point(feature.points[0]))


# -- units ----------------------------------------------------------------------------------------


def is_vehicle(spec: EngUnit) -> bool:
    return spec.kind in VEHICLE_KINDS


def mobility(spec: EngUnit) -> Mobility:
    """Troops move on foot, guns as guns; a vehicle's running gear is a trait (`tracked`,
    `half-tracked`, `wheeled`), by default tracked for armoured and wheeled for soft vehicles."""
    if spec.kind == "troops":
        return "foot"
    if spec.kind == "gun":
        return "gun"
    for gear in GEARS:
        if gear in spec.traits:
            return gear
    return "tracked" if spec.kind == "armoured-vehicle" else "wheeled"


# -- positions relative to a footprint ------------------------------------------------------------


def inside(position: XY | None, footprint: Footprint | None) -> bool:
    """Strictly inside: a unit on the edge is at the feature, not in it."""
    if position is None or footprint is None:
        return False
    a, b = footprint.local(position)
    return abs(a) < footprint.length / 2 - _EPS and abs(b) < footprint.depth / 2 - _EPS


def _nearest(position: XY, footprint: Footprint) -> XY:
    a, b = footprint.local(position)
    hl, hd = footprint.length / 2, footprint.depth / 2
    return footprint.world(min(max(a, -hl), hl), min(max(b, -hd), hd))


def distance_to(position: XY, footprint: Footprint) -> float:
    """How far a point is from the rectangle (0 on it or inside), as its polygon's distance."""
    return math.dist(_nearest(position, footprint), position)


def reach(
    position: XY | None, footprint: Footprint | None, declared: float | None
) -> Measure | None:
    """How far a unit is from a footprint: declared at the table, or measured; None if neither."""
    if declared is not None:
        return Measure(declared, True)
    if position is None or footprint is None:
        return None
    return Measure(round(distance_to(position, footprint), 4), False)


def conformed(
    spec: EngUnit,
    position: XY | None,
    footprint: Footprint | None,
    declared: float | None,
    rule: str,
    what: str,
) -> Measure:
    """BF-CONFORM: refuse (naming `rule`) unless the unit is within 1" of the footprint."""
    if declared is not None and declared < 0:
        raise RuleViolation(rule, "a distance cannot be negative")
    dist = reach(position, footprint, declared)
    if dist is None:
        raise RuleViolation(
            rule, f"no positions on record for {spec.label} and {what}; declare distance="
        )
    if dist.inches > CONFORM_REACH + _EPS:
        raise RuleViolation(
            rule, f'{spec.label} must be conformed to {what} (within 1"); it is {dist} away'
        )
    return dist


def frontal(
    spec: EngUnit,
    position: XY | None,
    facing: float,
    footprint: Footprint | None,
    declared: bool | None,
    rule: str,
    what: str,
) -> None:
    """BF-CONFORM: refuse unless the unit faces the feature (declared `front=`, or measured)."""
    if declared is None:
        if position is None or footprint is None:
            raise RuleViolation(
                rule, f"no positions on record for {spec.label} and {what}; declare front=true"
            )
        near = _nearest(position, footprint)
        close = math.dist(near, position) <= _EPS
        declared = close or angle_off(facing, position, near) <= FRONT_ARC + _EPS
    if not declared:
        raise RuleViolation(rule, f"{spec.label} must be conformed frontally to {what}")


def far_side(position: XY, footprint: Footprint, facing: float) -> XY:
    """Where a unit ends that crosses the footprint: mirrored across its long axis from outside;
    from inside, just beyond the edge it faces."""
    (nx, ny), (cx, cy) = footprint.across, footprint.centre
    off = (position[0] - cx) * nx + (position[1] - cy) * ny
    if inside(position, footprint):
        rad = math.radians(facing)
        sign = 1.0 if math.sin(rad) * nx + math.cos(rad) * ny >= 0 else -1.0
        step = sign * (footprint.depth / 2 + CONFORM_REACH / 4) - off
    else:
        step = -2 * off
    return (round(position[0] + step * nx, 4), round(position[1] + step * ny, 4))


def crossed(start: XY, end: XY, footprint: Footprint) -> float | None:
    """How far along the move from `start` to `end` it first enters the footprint's interior;
    None if it never does (touching or running along the edge, or leaving from inside, is not
    entering). The segment is clipped to the rectangle in its own axes (Liang-Barsky)."""
    if inside(start, footprint) or start == end:
        return None
    (a0, b0), (a1, b1) = footprint.local(start), footprint.local(end)
    hl, hd = footprint.length / 2, footprint.depth / 2
    lo, hi = 0.0, 1.0
    for p, q in (
        (-(a1 - a0), a0 + hl),
        (a1 - a0, hl - a0),
        (-(b1 - b0), b0 + hd),
        (b1 - b0, hd - b0),
    ):
        if abs(p) < 1e-12:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
    if hi - lo <= _EPS:
        return None
    mid = (
        start[0] + (end[0] - start[0]) * (lo + hi) / 2,
        start[1] + (end[1] - start[1]) * (lo + hi) / 2,
    )
    if not inside(mid, footprint):
        return None
    return lo * math.dist(start, end)


def point_along(start: XY, end: XY, distance: float) -> XY:
    """The point `distance` inches along the move from `start` towards `end`."""
    length = math.dist(start, end)
    f = distance / length if length else 0.0
    return (
        round(start[0] + (end[0] - start[0]) * f, 4),
        round(start[1] + (end[1] - start[1]) * f, 4),
    )

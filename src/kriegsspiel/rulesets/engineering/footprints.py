"""Footprints of minefields and obstacles on the table, and how units stand to them (shapely).

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
from typing import TYPE_CHECKING, Literal

import msgspec
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from kriegsspiel.core.geometry import Measure, angle_off
from kriegsspiel.errors import RuleViolation
from kriegsspiel.scenario.model import TerrainSpec

if TYPE_CHECKING:  # scenario.py imports the specs that use footprints
    from kriegsspiel.rulesets.engineering.scenario import EngUnit

XY = tuple[float, float]
Mobility = Literal["foot", "tracked", "half-tracked", "wheeled", "gun"]
MOBILITIES: tuple[Mobility, ...] = ("foot", "tracked", "half-tracked", "wheeled", "gun")
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
        rad = math.radians(self.facing)
        return (math.sin(rad), math.cos(rad))

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
        return Polygon(self.corners())

    def local(self, point: XY) -> XY:
        """A point in the rectangle's own axes: (along its front, across it) from its centre."""
        nx, ny = self.across
        dx, dy = point[0] - self.centre[0], point[1] - self.centre[1]
        return (dx * ny - dy * nx, dx * nx + dy * ny)

    def world(self, a: float, b: float) -> XY:
        nx, ny = self.across
        return (self.centre[0] + a * ny + b * nx, self.centre[1] - a * nx + b * ny)


def ground_under(footprint: Footprint, terrain: Iterable[TerrainSpec]) -> tuple[str, ...]:
    """The kinds of terrain features that meet the footprint's interior (ENG-MINE-11/12)."""
    corners = footprint.corners()
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    near = [
        f
        for f in terrain
        if min(p[0] for p in f.points) <= max(xs)
        and max(p[0] for p in f.points) >= min(xs)
        and min(p[1] for p in f.points) <= max(ys)
        and max(p[1] for p in f.points) >= min(ys)
    ]  # only features whose bounding box meets the footprint's can meet it
    if not near:
        return ()
    area = footprint.polygon()
    kinds: dict[str, None] = {}
    for feature in near:
        shape = _shape(feature)
        hit = shape.intersection(area)
        if (feature.line and hit.length > _EPS) or hit.area > _EPS or _point_in(feature, area):
            kinds.setdefault(feature.kind)
    return tuple(kinds)


def _shape(feature: TerrainSpec) -> BaseGeometry:
    if len(feature.points) == 1:
        return Point(feature.points[0])
    if feature.line:
        return LineString(feature.points)
    return Polygon(feature.points)


def _point_in(feature: TerrainSpec, area: Polygon) -> bool:
    return len(feature.points) == 1 and area.contains(Point(feature.points[0]))


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
    gears: tuple[Mobility, ...] = ("tracked", "half-tracked", "wheeled")
    for gear in gears:
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


def reach(
    position: XY | None, footprint: Footprint | None, declared: float | None
) -> Measure | None:
    """How far a unit is from a footprint: declared at the table, or measured; None if neither."""
    if declared is not None:
        return Measure(declared, True)
    if position is None or footprint is None:
        return None
    near = _nearest(position, footprint)
    return Measure(round(math.dist(near, position), 4), False)


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

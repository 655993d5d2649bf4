"""Geometry on the table, in inches and degrees.

Facing 0 is "up the table" (+y) and angles grow clockwise, as a player turns a model. Where players
measure with a ruler instead of entering positions, an action carries a declared distance; a
`Measure` records which of the two it was.
"""

from __future__ import annotations

import math

import msgspec

Point = tuple[float, float]


class Measure(msgspec.Struct, frozen=True):
    inches: float
    declared: bool

    def __str__(self) -> str:
        return f'{self.inches:g}" ({"declared" if self.declared else "measured"})'


def distance(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def measure(a: Point | None, b: Point | None, declared: float | None) -> Measure | None:
    """A declared distance wins; otherwise measure between known points; None if neither."""
    if declared is not None:
        return Measure(declared, True)
    if a is None or b is None:
        return None
    return Measure(round(distance(a, b), 4), False)


def bearing(frm: Point, to: Point) -> float:
    """Compass bearing from `frm` to `to`, 0..360, clockwise from +y."""
    return math.degrees(math.atan2(to[0] - frm[0], to[1] - frm[1])) % 360.0


def angle_off(facing: float, frm: Point, to: Point) -> float:
    """How far `to` lies off the facing of a model at `frm`, 0..180 degrees."""
    return abs((bearing(frm, to) - facing + 180.0) % 360.0 - 180.0)


def in_arc(facing: float, half_width: float, frm: Point, to: Point) -> bool:
    """Whether `to` lies within `half_width` degrees either side of the facing."""
    return angle_off(facing, frm, to) <= half_width + 1e-9

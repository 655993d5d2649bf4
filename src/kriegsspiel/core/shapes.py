"""Shapes on the table (shapely), made only through these functions: each imports shapely when
first called, so a command that computes no geometry never loads it, nor numpy under it (the two
were most of a command's start-up). Annotate with the types under `TYPE_CHECKING`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from shapely.geometry import LineString, Point, Polygon
    from shapely.geometry.base import BaseGeometry

    from kriegsspiel.core.scenario import TerrainSpec

XY = tuple[float, float]


def point(xy: XY) -> Point:
    import shapely

    return shapely.Point(xy)


def line(points: Sequence[XY]) -> LineString:
    import shapely

    return shapely.LineString(points)


def polygon(points: Sequence[XY]) -> Polygon:
    import shapely

    return shapely.Polygon(points)


def terrain_shape(feature: TerrainSpec) -> BaseGeometry:
    """A terrain feature's shape: a point, a line (`line: true`) or a polygon."""
    if len(feature.points) == 1:
        return point(feature.points[0])
    if feature.line:
        return line(feature.points)
    return polygon(feature.points)


def path(frm: XY, to: XY) -> BaseGeometry:
    """A straight move's track: a segment, or the point where it starts and ends."""
    return line([frm, to]) if frm != to else point(frm)

"""Cheap spatial pruning for candidate actions: what lies within reach of a unit, found without
measuring everything against everything (one grid of bounding boxes, `Boxes`, for positions and
footprints alike), so that listing the legal actions stays fast with many units."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from math import floor
from typing import Any, Generic, TypeVar

from kriegsspiel.rulesets.engineering.footprints import Footprint
from kriegsspiel.rulesets.engineering.state import Point
from kriegsspiel.rulesets.engineering.terrain_cache import per_terrain

CELL = 4.0  # inches: a grid cell
_FEW = 24  # features few enough to look at every one, rather than the grid
T = TypeVar("T")
Box = tuple[float, ...]  # min x, min y, max x, max y


class Grid:
    """Ids at points; `within` returns those within `r` of a point, in the order given (every
    point is measured when they are few)."""

    def __init__(self, items: Iterable[tuple[str, Point]], cell: float = CELL) -> None:
        self._points = list(items)
        self._boxes: Boxes[str] | None = None
        if len(self._points) > _FEW:
            self._boxes = Boxes([(k, (x, y, x, y)) for k, (x, y) in self._points], cell)

    def within(self, at: Point, r: float) -> list[str]:
        reach = r + 1e-6
        boxes = self._boxes
        near = (
            self._points
            if boxes is None
            else map(self._points.__getitem__, boxes.indices(at, reach))
        )
        return [k for k, p in near if math.dist(at, p) <= reach]


def _cell(at: Point, size: float = CELL) -> tuple[int, int]:
    return (math.floor(at[0] / size), math.floor(at[1] / size))


def clearance(at: Point, fp: Footprint | None) -> float:
    """A lower bound of the distance from `at` to the footprint (0 inside or near it); infinite
    for a feature with no footprint on record."""
    if fp is None:
        return math.inf
    half = math.hypot(fp.length, fp.depth) / 2
    return max(math.hypot(at[0] - fp.centre[0], at[1] - fp.centre[1]) - half, 0.0)


Circle = tuple[str, Point, float]  # a feature's key, its bounding circle's centre and radius


class Footprints:
    """The features of one collection (obstacles, minefield sections) by their footprints'
    bounding circles, so that a point or a move meets only those it may touch; answers keep
    the collection's order, so that the first refusal found stays the same."""

    def __init__(self, features: Mapping[str, Any], *, points: bool = False) -> None:
        self._order = {key: i for i, key in enumerate(features)}
        self._placed: list[Circle] = []
        self.unplaced: list[str] = []
        for key, f in features.items():
            if points:  # a place (`position`) rather than a footprint
                if f.position is None:
                    self.unplaced.append(key)
                else:
                    self._placed.append((key, f.position, 0.0))
                continue
            fp: Footprint | None = f.footprint
            if fp is None:
                self.unplaced.append(key)
            else:
                self._placed.append((key, fp.centre, math.hypot(fp.length, fp.depth) / 2))
        self._few = len(self._placed) <= _FEW
        self._boxes: Boxes[str] = Boxes(
            [] if self._few else [(k, _box(c, r)) for k, c, r in self._placed]
        )

    def _around(self, at: Point, r: float) -> Sequence[Circle]:
        """The placed features in the cells within `r` of `at` (every one when they are few),
        in order: all that may lie that close, and maybe a few more."""
        placed = self._placed
        return placed if self._few else list(map(placed.__getitem__, self._boxes.indices(at, r)))

    def near(self, at: Point, r: float, *, unplaced: bool = False) -> list[str]:
        """Placed features that may lie within `r` of `at` (every one that does), and with
        `unplaced` those with no footprint on record."""
        found = [k for k, c, radius in self._around(at, r) if math.dist(at, c) <= r + radius + 1e-6]
        if unplaced and self.unplaced:
            return sorted(found + self.unplaced, key=self._order.__getitem__)
        return found  # in the collection's order

    def clearance(self, at: Point, most: float) -> float:
        """The least `clearance` from `at` to a placed feature, or `most` if none is nearer."""
        r = most  # a feature in no cell within `most` of `at` is farther off
        for _, (x, y), radius in self._around(at, most):
            r = min(r, math.hypot(at[0] - x, at[1] - y) - radius)
        return max(r, 0.0)

    def along(self, frm: Point, to: Point, r: float = 0.0) -> list[str]:
        """Placed features a straight move from `frm` to `to` may touch, or pass within `r`
        of (every one it does)."""
        mid = ((frm[0] + to[0]) / 2, (frm[1] + to[1]) / 2)
        reach = math.dist(frm, to) / 2 + r  # a box touched lies this close to the middle
        return [
            k
            for k, c, radius in self._around(mid, reach)
            if segment_distance(frm, to, c) <= radius + r + 1e-6
        ]


def _box(centre: Point, r: float) -> Box:
    return (centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r)


def footprints(features: Mapping[str, Any]) -> Footprints:
    """The index of a collection of features, built once while it is in use."""
    if not features:
        return _NONE
    return per_terrain(features, "footprints", lambda: Footprints(features))


def places(items: Mapping[str, Any]) -> Footprints:
    """The index of a collection of things at a `position` (bridges), built once."""
    if not items:
        return _NONE
    return per_terrain(items, "places", lambda: Footprints(items, points=True))


def segment_distance(frm: Point, to: Point, at: Point) -> float:
    """How far `at` is from the segment `frm`-`to`."""
    (ax, ay), (bx, by) = frm, to
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((at[0] - ax) * dx + (at[1] - ay) * dy) / length))
    return math.hypot(ax + t * dx - at[0], ay + t * dy - at[1])


def box_distance(box: Box, at: Point) -> float:
    """How far a point is from a bounding box: at most its distance from the shape inside."""
    dx = max(box[0] - at[0], 0.0, at[0] - box[2])
    dy = max(box[1] - at[1], 0.0, at[1] - box[3])
    return math.hypot(dx, dy)


class Boxes(Generic[T]):
    """Shapes by their bounding boxes, each bucketed in every grid cell its box covers, so that
    a point meets only the shapes near it; answers keep the given order."""

    def __init__(self, items: Sequence[tuple[T, Box]], cell: float = 2 * CELL) -> None:
        self._items = tuple(items)
        self._size = cell  # about a move's reach: a query meets a few cells
        cells: dict[tuple[int, int], list[int]] = defaultdict(list)
        for i, (_, box) in enumerate(self._items):
            (x0, y0), (x1, y1) = _cell((box[0], box[1]), cell), _cell((box[2], box[3]), cell)
            for gx in range(x0, x1 + 1):
                for gy in range(y0, y1 + 1):
                    cells[(gx, gy)].append(i)
        self._cells = dict(cells)

    def near(self, at: Point, r: float) -> list[tuple[T, Box]]:
        """The shapes whose boxes lie within `r` of `at` (so every shape that does)."""
        items = self._items
        return [items[i] for i in self.indices(at, r) if box_distance(items[i][1], at) <= r]

    def indices(self, at: Point, r: float) -> Sequence[int]:
        """The positions, in order, of the shapes in the cells within `r` of `at`: every shape
        whose box lies that close, and maybe a few more."""
        cells = self._cells
        if not cells:
            return ()
        size, (x, y) = self._size, at
        x0, x1 = floor((x - r) / size), floor((x + r) / size)
        y0, y1 = floor((y - r) / size), floor((y + r) / size)
        if x0 == x1 and y0 == y1:
            return cells.get((x0, y0), ())
        if (x1 - x0 + 1) * (y1 - y0 + 1) > len(cells):
            return range(len(self._items))
        found: set[int] = set()
        for gx in range(x0, x1 + 1):
            for gy in range(y0, y1 + 1):
                found.update(cells.get((gx, gy), ()))
        return sorted(found)


_NONE = Footprints({})  # the index of any empty collection

"""The table: line of sight, light cover, impassable ground, edges, arcs and range bands.

Terrain kinds come from the house `terrain` table (CHQ-LOS): a polygon of a blocking kind blocks
the line between two points that crosses it, unless either point is inside it (a unit at a wood's
edge sees out and is seen).
"""

from __future__ import annotations

import math
from functools import cache

import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint

from kriegsspiel.core.geometry import bearing, distance, in_arc
from kriegsspiel.core.memo import Memo
from kriegsspiel.core.scenario import TerrainSpec
from kriegsspiel.rulesets.abilities.defaults import Ranges
from kriegsspiel.rulesets.abilities.state import AblState, Band, Point, foreign_units

FRONT_HALF_ARC = 90.0  # AMB-ABL-06: a 180-degree front arc centred on the facing
CONTACT = 1.0  # inches: closer than this to an enemy is contact (AMB-ABL-04)


Box = tuple[float, float, float, float]  # min x, min y, max x, max y
Shapes = tuple[tuple[Polygon, Box], ...]
SIGHT_KEPT = 1 << 14  # lines of sight remembered per terrain, for the odds' re-runs too
TERRAINS_KEPT = 16  # the terrains of the games played lately
_SHAPES: Memo[Shapes] = Memo()
_SIGHT: Memo[dict[tuple[Point, Point], bool]] = Memo(TERRAINS_KEPT)


def _polygons(state: AblState, kinds: tuple[str, ...]) -> Shapes:
    """`_shapes` of the state's terrain, found by its identity (a game's states and a seat's
    knowledge of them share it; hashing it costs more than the test it leads to)."""
    terrain = state.scenario.terrain
    kept = _SHAPES.get(terrain, kinds)
    return kept if kept is not None else _SHAPES.put(terrain, _shapes(terrain, kinds), kinds)


@cache
def _shapes(terrain: tuple[TerrainSpec, ...], kinds: tuple[str, ...]) -> Shapes:
    """The terrain polygons of these kinds with their bounds, built once per scenario and
    prepared (GEOS indexes their edges for the many tests against them)."""
    polygons = [Polygon(t.points) for t in terrain if t.kind in kinds and len(t.points) >= 3]
    for p in polygons:
        shapely.prepare(p)
    return tuple((p, p.bounds) for p in polygons if not p.is_empty)


def _covers(poly: Polygon, p: Point) -> bool:
    """Whether `p` is inside the polygon or on its edge (a point covered is a point met)."""
    return bool(shapely.intersects_xy(poly, p[0], p[1]))


def _overlap(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _covering(state: AblState, kinds: tuple[str, ...], p: Point) -> bool:
    polygons = _polygons(state, kinds)
    if not polygons:
        return False
    box = (p[0], p[1], p[0], p[1])
    return any(_overlap(box, bounds) and _covers(poly, p) for poly, bounds in polygons)


def line_of_sight(state: AblState, a: Point, b: Point) -> bool:
    """CHQ-LOS: no blocking terrain between `a` and `b`; remembered per terrain (the odds of an
    action re-run its checks once per path of its chance tree)."""
    terrain, kinds = state.scenario.terrain, state.tables.terrain.blocks_los
    seen = _SIGHT.get(terrain, kinds)
    if seen is None:
        seen = _SIGHT.put(terrain, {}, kinds)
    clear = seen.get((a, b))
    if clear is None:
        if len(seen) >= SIGHT_KEPT:
            seen.clear()
        clear = seen[(a, b)] = _clear(_polygons(state, kinds), a, b)
    return clear


def _clear(polygons: Shapes, a: Point, b: Point) -> bool:
    box = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
    for poly, bounds in polygons:
        if not _overlap(box, bounds) or _passes_by(a, b, bounds):
            continue
        if _rectangle(poly) and _through(a, b, bounds):
            return False  # as GEOS finds it: both ends outside and the inside crossed
        if shapely.intersects_xy(poly, (a[0], b[0]), (a[1], b[1])).any():  # `_covers`, both
            continue
        sight = LineString([a, b])
        if sight.crosses(poly) or sight.within(poly):
            return False
    return True


SIDE_MARGIN = 1e-6  # square inches: far above the rounding of `_passes_by`'s products


def _passes_by(a: Point, b: Point, bounds: Box) -> bool:
    """Whether the line through `a` and `b` misses the box, every corner of it clearly on one
    side (so the segment cannot meet what the box bounds)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    x0, y0, x1, y1 = bounds
    sides = [dx * (y - a[1]) - dy * (x - a[0]) for x, y in ((x0, y0), (x0, y1), (x1, y0), (x1, y1))]
    return min(sides) > SIDE_MARGIN or max(sides) < -SIDE_MARGIN


_RECTANGLES: Memo[bool] = Memo()


def _rectangle(poly: Polygon) -> bool:
    """Whether the polygon is its bounding box: valid, with no holes, its corners the box's four
    and no others (remembered per polygon)."""
    kept = _RECTANGLES.get(poly)
    if kept is None:
        x0, y0, x1, y1 = poly.bounds
        corners = {(x0, y0), (x0, y1), (x1, y0), (x1, y1)}
        kept = _RECTANGLES.put(
            poly,
            bool(poly.is_valid)
            and not poly.interiors
            and x0 < x1
            and y0 < y1
            and set(poly.exterior.coords) == corners,
        )
    return kept


def _through(a: Point, b: Point, bounds: Box) -> bool:
    """Whether the segment from `a` to `b` has both ends clearly outside the box and passes
    clearly through its inside (a Liang-Barsky clip to the box shrunk by `SIDE_MARGIN`)."""
    x0, y0, x1, y1 = bounds
    m = SIDE_MARGIN
    for x, y in (a, b):
        if x0 - m <= x <= x1 + m and y0 - m <= y <= y1 + m:
            return False
    dx, dy = b[0] - a[0], b[1] - a[1]
    low, high = 0.0, 1.0
    for p, q in (
        (-dx, a[0] - (x0 + m)),
        (dx, (x1 - m) - a[0]),
        (-dy, a[1] - (y0 + m)),
        (dy, (y1 - m) - a[1]),
    ):
        if p == 0:
            if q <= 0:
                return False
        elif p < 0:
            low = max(low, q / p)
        else:
            high = min(high, q / p)
    return low < high


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
    reach = inches + CONTACT
    units = state.units
    others = [
        units[uid].position
        for uid in foreign_units(state, side)
        if units[uid].on_table and uid not in already and distance(units[uid].position, frm) < reach
    ]
    last = step(frm, bearing, inches)
    if _open_path(state, frm, last, others):
        return last
    for i in range(1, steps + 1):
        p = step(frm, bearing, inches * i / steps)
        if not on_table(state, p) or impassable(state, p):
            break
        if any(distance(q, p) < CONTACT for q in others):
            break
        end = p
    return end


def _open_path(state: AblState, a: Point, b: Point, others: list[Point]) -> bool:
    """Whether the straight way from `a` to `b` stays on the table, off impassable ground and
    out of contact with every point of `others` (so no step of it can stop short)."""
    if not (on_table(state, a) and on_table(state, b)):
        return False
    box = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
    for _, bounds in _polygons(state, state.tables.terrain.impassable):
        if _overlap(box, bounds):
            return False
    return all(_off_segment(q, a, b) >= CONTACT for q in others)


def _off_segment(q: Point, a: Point, b: Point) -> float:
    """The distance from `q` to the segment from `a` to `b`."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = (
        0.0
        if length == 0
        else max(0.0, min(1.0, ((q[0] - a[0]) * dx + (q[1] - a[1]) * dy) / length))
    )
    return distance(q, (a[0] + t * dx, a[1] + t * dy))


def blocked(state: AblState, p: Point, side: str) -> str | None:
    """Why a move of `side` may not end at `p` (CHQ-MOVE), or None if it may."""
    if not on_table(state, p):
        return "the table edge"
    if impassable(state, p):
        return "impassable ground"
    contacts = _contacts(state, p, side)
    if contacts:
        return f"contact with {', '.join(sorted(contacts))}"
    return None


def clearance(state: AblState, p: Point, side: str) -> float:
    """How far from `p` every point is still one where a move of `side` may end (CHQ-MOVE):
    the distance to the table edge, to impassable ground and to contact with an enemy unit
    (negative or zero when `p` itself is no such point)."""
    if not on_table(state, p) or impassable(state, p):
        return 0.0
    width, depth = state.scenario.table
    room = min(p[0], width - p[0], p[1], depth - p[1])
    x, y = p
    for _, (ex, ey) in enemy_positions(state, side):
        gap = math.hypot(ex - x, ey - y) - CONTACT
        if gap < 0:  # in contact: `blocked`
            return 0.0
        room = min(room, gap)
    here: ShapelyPoint | None = None
    for poly, (x0, y0, x1, y1) in _polygons(state, state.tables.terrain.impassable):
        # no nearer than its bounding box: measured only when that is nearer than `room`
        if math.hypot(max(x0 - x, 0.0, x - x1), max(y0 - y, 0.0, y - y1)) >= room:
            continue
        here = here or ShapelyPoint(p)
        room = min(room, poly.distance(here))
    return room


def stop_short(state: AblState, frm: Point, to: Point, side: str) -> tuple[Point, str]:
    """CHQ-MOVE: where a move from `frm` towards `to` ends: at `to`, or, if it may not end
    there, at the last point short of it on the way (a quarter inch at a time) where it may;
    `frm` if there is none. Also says what it stopped short of ("" if nothing)."""
    why = blocked(state, to, side)
    if why is None:
        return to, ""
    length = distance(frm, to)
    heading = bearing(frm, to)
    steps = math.ceil(length * 4)
    for i in range(steps - 1, 0, -1):
        p = step(frm, heading, length * i / steps)
        if blocked(state, p, side) is None:
            return p, why
    return frm, why


def _contacts(state: AblState, p: Point, side: str) -> set[str]:
    x, y = p
    return {
        uid
        for uid, (ex, ey) in enemy_positions(state, side)
        if math.hypot(ex - x, ey - y) < CONTACT
    }


_ENEMY_POSITIONS: dict[str, tuple[object, object, list[tuple[str, Point]]]] = {}


def enemy_positions(state: AblState, side: str) -> list[tuple[str, Point]]:
    """The units on the table not of `side`, with their positions; remembered for the last
    state's units of each side (the moves of one list of legal actions ask it often)."""
    kept = _ENEMY_POSITIONS.get(side)
    if kept is not None and kept[0] is state.units and kept[1] is state.specs:
        return kept[2]
    units = state.units
    out = [(uid, units[uid].position) for uid in foreign_units(state, side) if units[uid].on_table]
    _ENEMY_POSITIONS[side] = (state.units, state.specs, out)
    return out


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

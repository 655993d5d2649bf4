"""Movement (AFV-MOVE-01..07): the driver's speed and steering, the vehicle moving on every
card of its side, roads, collisions with walls and buildings, and the retreat (AMB-AFV-14,
-15, -22). Automatic movement is resolved when a card of the side is drawn (deck.py).
"""

from __future__ import annotations

import math
from itertools import pairwise
from typing import Any, NamedTuple

from msgspec.structs import replace
from shapely.geometry import LineString
from shapely.geometry import Point as ShPoint

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.geometry import bearing, distance
from kriegsspiel.core.limits import Facing, Inches
from kriegsspiel.core.scenario import Point, TerrainSpec
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.afv import checks
from kriegsspiel.rulesets.afv.arcs import turn
from kriegsspiel.rulesets.afv.bailing import lose
from kriegsspiel.rulesets.afv.base import (
    CrewAct,
    Ctx,
    Ev,
    Topic,
    applier,
    crew_turn,
    duty,
    performer,
    vehicle,
)
from kriegsspiel.rulesets.afv.damage import Immobilised
from kriegsspiel.rulesets.afv.morale import immobilised_test
from kriegsspiel.rulesets.afv.scenario import MAX_SPEED
from kriegsspiel.rulesets.afv.state import AfvState, Vehicle, with_vehicle
from kriegsspiel.rulesets.afv.terrain import BLOCK
from kriegsspiel.rulesets.afv.wording import compass, inches, point

ROAD_REACH = 1.0  # SK-ROAD: within 1" of the road
EPS = 1e-6

# -- actions ------------------------------------------------------------------------------------


class SetSpeed(CrewAct, frozen=True, tag="set-speed"):
    """The driver starts, stops or changes speed (AFV-CREW-03, AFV-MOVE-01..04)."""

    speed: Inches


class Steer(CrewAct, frozen=True, tag="steer"):
    """The driver turns to a new heading, or sets the vehicle to follow a road (AFV-MOVE-05)."""

    facing: Facing | None = None
    road: str | None = None


# -- events -------------------------------------------------------------------------------------


class SpeedSet(Ev, frozen=True, tag="speed-set"):
    vehicle: str
    speed: float

    def text(self) -> str:
        if self.speed == 0:
            return f"{self.vehicle} stops"
        return f"{self.vehicle} sets its speed to {inches(self.speed)} per card"


class Steered(Ev, frozen=True, tag="steered"):
    vehicle: str
    facing: float
    road: str | None = None
    road_dir: int = 1

    def text(self) -> str:
        how = f" to follow the road {self.road}" if self.road else ""
        return f"{self.vehicle} turns to {compass(self.facing)}{how}"


class Moved(Ev, frozen=True, tag="moved"):
    """AFV-MOVE-03/05: the vehicle moves on a card of its side; `via` are the points passed."""

    vehicle: str
    to: Point
    facing: float
    via: tuple[Point, ...] = ()
    road: str | None = None

    def text(self) -> str:
        return f"{self.vehicle} moves to {point(self.to)}"


class Collided(Ev, frozen=True, tag="collided"):
    """AFV-MOVE-06/07 (AMB-AFV-15): through a wall, or stopped by a building; 25% broken track."""

    vehicle: str
    feature: str
    kind: str
    at: Point
    result: CheckResult

    def text(self) -> str:
        what = "drives through" if self.kind == "wall" else "runs into"
        return f"{self.vehicle} {what} the {self.kind} {self.feature}: {self.result.explain()}"

    def summary(self) -> str:
        what = "drives through" if self.kind == "wall" else "runs into"
        track = "breaks a track" if self.result.outcome == "broken" else "its tracks hold"
        return f"{self.vehicle} {what} {self.feature}: {track}"


class EdgeReached(Ev, frozen=True, tag="edge-reached"):
    """SK-TABLE: the table edge stops a vehicle."""

    vehicle: str
    at: Point

    def text(self) -> str:
        return f"{self.vehicle} stops at the table edge"


class Retreated(Ev, frozen=True, tag="retreated"):
    """AFV-MORALE-05 with AMB-AFV-22: back along its recorded path, 6" per card of its side."""

    vehicle: str
    to: Point
    path: tuple[Point, ...]

    def text(self) -> str:
        return f"{self.vehicle} retreats along its route to {point(self.to)}"


# -- the driver's actions -----------------------------------------------------------------------


def _driver_only(ctx: Ctx, action: SetSpeed | Steer, what: str) -> None:
    """AFV-CREW-03, AMB-AFV-14: only the crewman in the driver's position drives."""
    vehicle(ctx.state, ctx.seat, action.vehicle)
    duty(ctx.state, action.vehicle, action.crewman, ("driver",), "AFV-CREW-03", what)


def may_drive(v: Vehicle, vehicle_id: str) -> None:
    """Damage stops a vehicle (AFV-MOVE-03, AFV-REPAIR-02); a halted AFV may not move
    (AFV-MORALE-04, AMB-AFV-21); a retreating one follows its route (AFV-MORALE-05)."""
    if v.immobilised:
        why = "a broken track" if "track" in v.faults else "a damaged transmission"
        raise RuleViolation("AFV-MOVE-03", f"{vehicle_id} is immobilised by {why}")
    if v.morale == "halted":
        raise RuleViolation(
            "AFV-MORALE-04",
            f"{vehicle_id} failed morale and is halted until the enemy weapon is sighted or "
            "destroyed, or it passes morale",
        )
    if v.morale == "retreating":
        raise RuleViolation(
            "AFV-MORALE-05", f"{vehicle_id} is retreating along its route to its entry point"
        )


def set_speed(ctx: Ctx, action: SetSpeed) -> None:
    """AFV-MOVE-01: at most 6" per card; AFV-MOVE-02: any rate, changed only by a crew action
    (the driver's, AMB-AFV-14); AFV-MOVE-04: it neither starts nor stops without one."""
    _driver_only(ctx, action, "change speed, start or stop")
    if not 0 <= action.speed <= MAX_SPEED + EPS:
        raise RuleViolation(
            "AFV-MOVE-01", f'a tank moves at most {MAX_SPEED:g}" per card, not {action.speed:g}"'
        )
    verb = "stops" if action.speed == 0 else f'sets speed {action.speed:g}"'
    v, _ = crew_turn(ctx, action.vehicle, action.crewman, verb)
    may_drive(v, action.vehicle)
    ctx.emit(SpeedSet(vehicle=action.vehicle, speed=float(action.speed)))


def steer(ctx: Ctx, action: Steer) -> None:
    """AFV-CREW-03 steering; AFV-MOVE-05: follow a road, or keep straight on a new heading."""
    _driver_only(ctx, action, "steer")
    if (action.facing is None) == (action.road is None):
        raise InputError("steer", "give either a facing or a road to follow")
    what = f"follows {action.road}" if action.road else f"steers to {action.facing:g}°"
    v, _ = crew_turn(ctx, action.vehicle, action.crewman, what)
    may_drive(v, action.vehicle)
    if action.road is None:
        assert action.facing is not None
        ctx.emit(Steered(vehicle=action.vehicle, facing=float(action.facing) % 360.0))
        return
    road = ctx.state.scenario.shapes.roads.get(action.road)
    if road is None:
        raise InputError("road", f"no road {action.road!r}")
    if ctx.state.scenario.shapes.road_distance(action.road, v.position) > ROAD_REACH + EPS:
        raise RuleViolation(
            "SK-ROAD", f'{action.vehicle} is not within {ROAD_REACH:g}" of {action.road}'
        )
    s = road.project(ShPoint(v.position))
    ahead = _road_heading(road, s, 1)
    direction = 1 if abs(turn(v.facing, ahead)) <= 90.0 else -1
    facing = ahead if direction == 1 else _road_heading(road, s, -1)
    ctx.emit(Steered(vehicle=action.vehicle, facing=facing, road=action.road, road_dir=direction))


# -- moving on a card of the side ---------------------------------------------------------------


def move_side(ctx: Ctx, side: str) -> None:
    """AFV-MOVE-03: every AFV of `side` in motion moves its set rate; AMB-AFV-22: a retreating
    one goes back 6" along its route. Then AFV-REPAIR-02: an AFV immobilised by a broken track
    tests morale (AFV-MORALE-15/16)."""
    for vid in sorted(ctx.state.vehicles):
        v = ctx.state.vehicles[vid]
        if v.side != side or not v.active or v.immobilised:
            continue
        if v.morale == "retreating":
            retreat(ctx, vid)
        elif v.morale == "normal" and v.speed > 0:
            drive(ctx, vid)
        immobilised_test(ctx, vid)


def drive(ctx: Ctx, vehicle_id: str) -> None:
    """AFV-MOVE-05: along the road it follows, or straight along its heading; either way the
    path meets walls, buildings and the table edge in `_travel`."""
    v = ctx.state.vehicles[vehicle_id]
    if v.road is None:
        _travel(ctx, vehicle_id, [_straight_leg(v.position, v.facing, v.speed, None)])
    else:
        _travel(ctx, vehicle_id, _road_legs(ctx.state, v))


class Leg(NamedTuple):
    """One straight stretch of a card's path: its ends, the hull's heading along it and the
    road the vehicle still follows there (None off any road)."""

    start: Point
    end: Point
    facing: float
    road: str | None


def _straight_leg(start: Point, facing: float, length: float, road: str | None) -> Leg:
    rad = math.radians(facing)
    end = (start[0] + length * math.sin(rad), start[1] + length * math.cos(rad))
    return Leg(start, (round(end[0], 6), round(end[1], 6)), facing, road)


def _road_legs(state: AfvState, v: Vehicle) -> list[Leg]:
    """AFV-MOVE-05: onto the road (SK-ROAD: from up to 1" away), along its curve, and straight
    on past its end; every inch counts against the set rate (AFV-MOVE-01)."""
    assert v.road is not None
    road = state.scenario.shapes.roads[v.road]
    s0 = road.project(ShPoint(v.position))
    on = _xy(road.interpolate(s0))
    legs: list[Leg] = []
    left = v.speed
    hop = distance(v.position, on)
    if hop > EPS:
        legs.append(Leg(v.position, on, v.facing, v.road))
        left = max(left - hop, 0.0)
    s1 = min(max(s0 + v.road_dir * left, 0.0), road.length)
    lo, hi = sorted((s0, s1))
    corners = sorted(
        (s for s in _vertex_positions(road) if lo + EPS < s < hi - EPS), reverse=v.road_dir < 0
    )
    points = [on, *(_xy(road.interpolate(s)) for s in corners), _xy(road.interpolate(s1))]
    for a, b in pairwise(points):
        if distance(a, b) > EPS:
            legs.append(Leg(a, b, round(bearing(a, b), 6), v.road))
    left -= abs(s1 - s0)
    if left > EPS:
        legs.append(_straight_leg(points[-1], _road_heading(road, s1, v.road_dir), left, None))
    return legs


def _travel(ctx: Ctx, vehicle_id: str, legs: list[Leg]) -> None:
    """AFV-MOVE-06/07 with AMB-AFV-15, for straight and road-following paths alike: a wall on
    the way is driven through (25% broken track), a building stops it at the contact point
    (25% broken track); SK-TABLE: the table edge stops it."""
    here = ctx.state.vehicles[vehicle_id].position
    passed: list[Point] = []

    def reach(at: Point) -> None:
        nonlocal here
        if distance(at, here) > EPS:
            passed.append(at)
            here = at

    def moved(leg: Leg) -> None:
        if passed:
            ctx.emit(
                Moved(vehicle=vehicle_id, to=here, facing=leg.facing, via=(*passed,), road=leg.road)
            )
            passed.clear()

    for leg in legs:
        seg = LineString([leg.start, leg.end])
        edge = _edge_distance(ctx.state, leg.start, leg.end, seg.length)
        for d, feature in _obstacles(ctx.state, seg):
            if d > edge:
                break
            at = _xy(seg.interpolate(d))
            reach(at)
            moved(leg)
            result = ctx.roll(checks.broken_track(ctx.tables))
            ctx.emit(
                Collided(
                    vehicle=vehicle_id, feature=feature.id, kind=feature.kind, at=at, result=result
                )
            )
            if result.outcome == "broken":
                ctx.emit(Immobilised(vehicle=vehicle_id, fault="track"))
                return
            if feature.kind == "building":
                return
        if edge < seg.length - EPS:
            at = _xy(seg.interpolate(edge))
            reach(at)
            moved(leg)
            ctx.emit(EdgeReached(vehicle=vehicle_id, at=at))
            return
        reach(leg.end)
    if legs:
        moved(legs[-1])


def retreat(ctx: Ctx, vehicle_id: str) -> None:
    """AFV-MORALE-05 with AMB-AFV-22: 6" back along the recorded path (in reverse, the hull
    still facing the way it came); reaching its entry point it leaves the table."""
    v = ctx.state.vehicles[vehicle_id]
    path = list(v.path)
    here = v.position
    left = MAX_SPEED
    while left > EPS and len(path) > 1:
        back = path[-2]
        step = distance(here, back)
        if step <= left + EPS:
            left -= step
            path.pop()
            here = back
        else:
            f = left / step
            here = (here[0] + (back[0] - here[0]) * f, here[1] + (back[1] - here[1]) * f)
            path[-1] = here
            left = 0.0
    path[-1] = here
    if distance(here, v.position) > EPS:  # already at its entry point, it just leaves
        ctx.emit(Retreated(vehicle=vehicle_id, to=here, path=tuple(path)))
    if len(path) == 1:
        lose(ctx, vehicle_id, "exited")


# -- terrain ------------------------------------------------------------------------------------


def _obstacles(state: AfvState, seg: LineString) -> list[tuple[float, TerrainSpec]]:
    """Where the path first meets each wall (crossing it) and each building (entering it)."""
    found: list[tuple[float, TerrainSpec]] = []
    for feature, shape in state.scenario.shapes.obstacles_near(seg.bounds):
        meet = seg.intersection(shape)
        if meet.is_empty:
            continue
        if feature.kind == "building" and meet.length <= BLOCK:
            continue  # touching a corner or leaving from its wall is no collision
        parts = getattr(meet, "geoms", [meet])
        ds = [seg.project(ShPoint(c)) for part in parts for c in part.coords]
        d = min(ds)
        if feature.kind == "wall" and d <= EPS:
            continue  # already at this wall
        found.append((d, feature))
    found.sort(key=lambda item: item[0])
    return found


def _edge_distance(state: AfvState, start: Point, end: Point, length: float) -> float:
    """SK-TABLE: how far along the leg it leaves the table (inf if it does not); only a
    crossing outwards counts, so a vehicle stopped on the edge may drive back in."""
    table = state.scenario.table
    if table is None:
        return math.inf
    best = math.inf
    for axis, limit in ((0, 0.0), (0, table[0]), (1, 0.0), (1, table[1])):
        delta = end[axis] - start[axis]
        if abs(delta) < EPS or (delta > 0) != (limit > 0):
            continue  # parallel to this edge, or heading away from it
        t = (limit - start[axis]) / delta
        if 0 <= t <= 1:
            inside = [start[a] + (end[a] - start[a]) * t for a in (0, 1)]
            other = 1 - axis
            if -EPS <= inside[other] <= table[other] + EPS:
                best = min(best, t * length)
    return best


def _vertex_positions(road: LineString) -> list[float]:
    return [road.project(ShPoint(c)) for c in road.coords]


def _road_heading(road: LineString, s: float, direction: int) -> float:
    """The compass heading along the road at `s`, travelling in `direction`."""
    step = 0.01
    a = road.interpolate(max(min(s - step * direction, road.length), 0.0))
    b = road.interpolate(max(min(s + step * direction, road.length), 0.0))
    if a.distance(b) < EPS:
        return 0.0
    return round(bearing(_xy(a), _xy(b)), 6)


def _xy(p: Any) -> Point:
    return (round(float(p.x), 6), round(float(p.y), 6))


# -- folding ------------------------------------------------------------------------------------


def clear_sight_on(state: AfvState, model: str) -> AfvState:
    """AMB-AFV-12: a sight-in is lost when its target moves."""
    changed = {k: replace(v, sighted=None) for k, v in state.vehicles.items() if v.sighted == model}
    return replace(state, vehicles={**state.vehicles, **changed}) if changed else state


def _speed_set(state: AfvState, e: SpeedSet) -> AfvState:
    v = state.vehicles[e.vehicle]
    return with_vehicle(state, e.vehicle, replace(v, speed=e.speed))


def _steered(state: AfvState, e: Steered) -> AfvState:
    v = state.vehicles[e.vehicle]
    moved = turn(v.facing, e.facing) != 0
    v = replace(
        v,
        facing=e.facing,
        road=e.road,
        road_dir=e.road_dir,
        sighted=None if moved else v.sighted,
    )
    return with_vehicle(state, e.vehicle, v)


def _moved(state: AfvState, e: Moved) -> AfvState:
    v = state.vehicles[e.vehicle]
    path = (*v.path, *(p for p in e.via if p != v.path[-1]))
    v = replace(v, position=e.to, facing=e.facing, path=path, road=e.road, sighted=None)
    return clear_sight_on(with_vehicle(state, e.vehicle, v), e.vehicle)


def _collided(state: AfvState, e: Collided) -> AfvState:
    v = state.vehicles[e.vehicle]
    if e.kind == "building":
        v = replace(v, speed=0.0, road=None)
    return with_vehicle(state, e.vehicle, v)


def _edge(state: AfvState, e: EdgeReached) -> AfvState:
    v = state.vehicles[e.vehicle]
    return with_vehicle(state, e.vehicle, replace(v, speed=0.0, road=None))


def _retreated(state: AfvState, e: Retreated) -> AfvState:
    v = replace(state.vehicles[e.vehicle], position=e.to, path=e.path, sighted=None)
    return clear_sight_on(with_vehicle(state, e.vehicle, v), e.vehicle)


TOPIC = Topic(
    __name__,
    performers=(
        performer(SetSpeed, set_speed),
        performer(Steer, steer),
    ),
    appliers=(
        applier(SpeedSet, _speed_set),
        applier(Steered, _steered),
        applier(Moved, _moved),
        applier(Collided, _collided),
        applier(EdgeReached, _edge),
        applier(Retreated, _retreated),
    ),
)

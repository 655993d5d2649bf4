"""Movement (AFV-MOVE-01..07): the driver's speed and steering, the vehicle moving on every
card of its side, roads, collisions with walls and buildings, and the retreat (AMB-AFV-14,
-15, -22). Automatic movement is resolved when a card of the side is drawn (deck.py).
"""

from __future__ import annotations

import math
from typing import Any

from msgspec.structs import replace
from shapely.geometry import LineString
from shapely.geometry import Point as ShPoint

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.geometry import bearing, distance
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

ROAD_REACH = 1.0  # SK-ROAD: within 1" of the road
EPS = 1e-6

# -- actions ------------------------------------------------------------------------------------


class SetSpeed(CrewAct, frozen=True, tag="set-speed"):
    """The driver starts, stops or changes speed (AFV-CREW-03, AFV-MOVE-01..04)."""

    speed: float


class Steer(CrewAct, frozen=True, tag="steer"):
    """The driver turns to a new heading, or sets the vehicle to follow a road (AFV-MOVE-05)."""

    facing: float | None = None
    road: str | None = None


# -- events -------------------------------------------------------------------------------------


class SpeedSet(Ev, frozen=True, tag="speed-set"):
    vehicle: str
    speed: float

    def text(self) -> str:
        if self.speed == 0:
            return f"{self.vehicle} stops"
        return f'{self.vehicle} sets its speed to {self.speed:g}" per card'


class Steered(Ev, frozen=True, tag="steered"):
    vehicle: str
    facing: float
    road: str | None = None
    road_dir: int = 1

    def text(self) -> str:
        how = f" to follow {self.road}" if self.road else ""
        return f"{self.vehicle} turns to {self.facing:g}°{how}"


class Moved(Ev, frozen=True, tag="moved"):
    """AFV-MOVE-03/05: the vehicle moves on a card of its side; `via` are the points passed."""

    vehicle: str
    to: Point
    facing: float
    via: tuple[Point, ...] = ()
    road: str | None = None

    def text(self) -> str:
        return f"{self.vehicle} moves to {self.to[0]:.1f},{self.to[1]:.1f}"


class Collided(Ev, frozen=True, tag="collided"):
    """AFV-MOVE-06/07 (AMB-AFV-15): through a wall, or stopped by a building; 25% broken track."""

    vehicle: str
    feature: str
    kind: str
    at: Point
    result: CheckResult

    def text(self) -> str:
        what = "drives through" if self.kind == "wall" else "runs into"
        return f"{self.vehicle} {what} {self.kind} {self.feature}: {self.result.explain()}"

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
        return f"{self.vehicle} retreats along its route to {self.to[0]:.1f},{self.to[1]:.1f}"


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
    v = ctx.state.vehicles[vehicle_id]
    left = v.speed
    if v.road is not None:
        left = _follow_road(ctx, vehicle_id)
    if left > EPS:
        _straight(ctx, vehicle_id, left)


def _follow_road(ctx: Ctx, vehicle_id: str) -> float:
    """AFV-MOVE-05: along the road's curve; past its end the vehicle drives straight on.
    Returns the distance left to drive straight."""
    v = ctx.state.vehicles[vehicle_id]
    assert v.road is not None
    road = ctx.state.scenario.shapes.roads[v.road]
    s0 = road.project(ShPoint(v.position))
    s1 = min(max(s0 + v.road_dir * v.speed, 0.0), road.length)
    lo, hi = sorted((s0, s1))
    corners = [s for s in _vertex_positions(road) if lo + EPS < s < hi - EPS]
    corners.sort(reverse=v.road_dir < 0)
    via = [_xy(road.interpolate(s)) for s in corners]
    end = _xy(road.interpolate(s1))
    facing = _road_heading(road, s1, v.road_dir)
    left = v.speed - abs(s1 - s0)
    ctx.emit(
        Moved(
            vehicle=vehicle_id,
            to=end,
            facing=facing,
            via=(*via, end),
            road=v.road if left <= EPS else None,
        )
    )
    return left


def _straight(ctx: Ctx, vehicle_id: str, length: float) -> None:
    """AFV-MOVE-05/06/07 with AMB-AFV-15: straight on along the heading; a wall on the way is
    driven through (25% broken track), a building stops it at the contact point (25% broken
    track); SK-TABLE: the table edge stops it."""
    v = ctx.state.vehicles[vehicle_id]
    start = v.position
    rad = math.radians(v.facing)
    end = (start[0] + length * math.sin(rad), start[1] + length * math.cos(rad))
    seg = LineString([start, end])
    edge = _edge_distance(ctx.state, start, end, length)
    for d, feature in _obstacles(ctx.state, seg):
        if d > edge:
            break
        at = _xy(seg.interpolate(d))
        ctx.emit(Moved(vehicle=vehicle_id, to=at, facing=v.facing, via=(at,)))
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
    if edge < length - EPS:
        at = _xy(seg.interpolate(edge))
        ctx.emit(Moved(vehicle=vehicle_id, to=at, facing=v.facing, via=(at,)))
        ctx.emit(EdgeReached(vehicle=vehicle_id, at=at))
        return
    ctx.emit(Moved(vehicle=vehicle_id, to=end, facing=v.facing, via=(end,)))


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
    ctx.emit(Retreated(vehicle=vehicle_id, to=here, path=tuple(path)))
    if len(path) == 1:
        lose(ctx, vehicle_id, "exited")


# -- terrain ------------------------------------------------------------------------------------


def _obstacles(state: AfvState, seg: LineString) -> list[tuple[float, TerrainSpec]]:
    """Where the path first meets each wall (crossing it) and each building (entering it)."""
    found: list[tuple[float, TerrainSpec]] = []
    for feature, shape in state.scenario.shapes.obstacles:
        meet = seg.intersection(shape)
        if meet.is_empty:
            continue
        if feature.kind == "building" and meet.length <= EPS:
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
    table = state.scenario.table
    if table is None:
        return math.inf
    best = length
    for axis, limit in ((0, 0.0), (0, table[0]), (1, 0.0), (1, table[1])):
        delta = end[axis] - start[axis]
        if abs(delta) < EPS:
            continue
        t = (limit - start[axis]) / delta
        if 0 <= t <= 1:
            inside = [start[a] + (end[a] - start[a]) * t for a in (0, 1)]
            other = 1 - axis
            if -EPS <= inside[other] <= table[other] + EPS and t * length < best:
                best = t * length
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

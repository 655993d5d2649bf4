"""The Conger (ENG-FUNNY-17..21): an AVRE towing a rocket, a hose and 200 gallons of nitro.

Conformed to the edge of a minefield, wire, an AT obstacle or a roadblock (not a ditch,
AMB-ENG-39), the AVRE primes it with an engineering action; in its next turn a demolition action
(d10, as ENG-DEMO-05) opens a lane 3" long (away from the edge) and 2" wide in which the obstacle
is gone and needs no breach action. Used either way, the vehicle is a normal AVRE again; until
then any disorder result on it knocks it out.
"""

from __future__ import annotations

import math

from msgspec.structs import replace

from kriegsspiel.core.checks import CheckResult
from kriegsspiel.core.geometry import Measure
from kriegsspiel.core.limits import Distance
from kriegsspiel.core.seats import EVERYONE
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering import checks, footprints
from kriegsspiel.rulesets.engineering.base import (
    AFTER_HIT,
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    not_waiting,
    own,
    performer,
)
from kriegsspiel.rulesets.engineering.bridges.works_state import Lane
from kriegsspiel.rulesets.engineering.fieldwork_geometry import (
    CONFORM_REACH,
    feature,
    gap_distance,
    shape,
)
from kriegsspiel.rulesets.engineering.funnies.funnies import equipped, funny, has, spend, with_funny
from kriegsspiel.rulesets.engineering.play.work import declare, may_engineer, sealed
from kriegsspiel.rulesets.engineering.state import EngState, Point, with_unit
from kriegsspiel.rulesets.engineering.traits import CONGER

LANE_LENGTH = 3.0  # ENG-FUNNY-19
LANE_WIDTH = 2.0
# ENG-FUNNY-17: terrain kinds a Conger clears, as terrain features of a scenario.
CONGER_KINDS = frozenset({"minefield", "wire", "at-obstacle", "dragons-teeth", "roadblock"})


class PrimeConger(Act, frozen=True, tag="prime-conger"):
    """Turn 1: fire the rocket and pump the nitroglycerine (an engineering action)."""

    unit: str
    obstacle: str
    distance: Distance | None = None  # declared distance to the obstacle's edge (BF-CONFORM)


class FireConger(Act, frozen=True, tag="fire-conger"):
    """Turn 2: the demolition action that sets it off."""

    unit: str


class CongerPrimed(Ev, frozen=True, tag="conger-primed"):
    unit: str
    obstacle: str

    def text(self) -> str:
        return f"{self.unit}'s Conger lays its hose across {self.obstacle} (ENG-FUNNY-18)"


class CongerFired(Ev, frozen=True, tag="conger-fired"):
    """ENG-FUNNY-19/20: the lane if it went off; the Conger is spent either way."""

    unit: str
    obstacle: str
    result: CheckResult
    lane: Lane | None

    def summary(self) -> str:
        return f"{self.unit}'s Conger at {self.obstacle}: {self.result.outcome}"

    def text(self) -> str:
        done = 'opens a 3" x 2" lane' if self.lane else "fails: no lane"
        return f"{self.unit}'s Conger {done} in {self.obstacle}; it is a normal AVRE now"


class CongerExploded(Ev, frozen=True, tag="conger-exploded"):
    unit: str

    def text(self) -> str:
        return f"{self.unit} is knocked out: its nitroglycerine goes up (ENG-FUNNY-21)"


def _obstacle(state: EngState, side: str, obstacle_id: str) -> tuple[str, Point | None]:
    """The kind and centre of an obstacle `side` may address; a hidden minefield reads as none."""
    field = state.minefields.get(obstacle_id)
    if field is not None and (field.side == side or side in field.known_to):
        return "minefield", field.footprint.centre if field.footprint else None
    item = state.obstacles.get(obstacle_id)
    if item is not None:
        return item.kind, item.footprint.centre if item.footprint else None
    spec = feature(state, obstacle_id)
    if spec is not None:
        centre = shape(spec).centroid
        return spec.kind, (float(centre.x), float(centre.y))
    raise InputError("obstacle", f"no obstacle {obstacle_id!r} known to {side}")


def _distance(
    state: EngState, unit_id: str, obstacle_id: str, declared: float | None
) -> Measure | None:
    position = state.units[unit_id].position
    record = state.minefields.get(obstacle_id) or state.obstacles.get(obstacle_id)
    if record is not None:
        return footprints.reach(position, record.footprint, declared)
    if declared is not None:
        return Measure(declared, True)
    found = gap_distance(state, obstacle_id, None, position)
    return Measure(found, False) if found is not None else None


def prime(ctx: Ctx, action: PrimeConger) -> None:
    """ENG-FUNNY-17/18: conformed to the edge of one of the four obstacles; one EA."""
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    equipped(state, spec, CONGER, "ENG-FUNNY-20", "a Conger")
    may_engineer(state, spec)
    kind, _ = _obstacle(state, spec.side, action.obstacle)
    if kind not in CONGER_KINDS:
        raise RuleViolation(
            "ENG-FUNNY-17",
            f"a Conger clears minefields, wire, AT obstacles and roadblocks, not a {kind}",
        )
    dist = _distance(state, spec.id, action.obstacle, action.distance)
    if dist is None:
        raise RuleViolation(
            "ENG-FUNNY-17", f"no positions on record for {spec.label}; declare distance="
        )
    if dist.inches > CONFORM_REACH + 1e-9:
        raise RuleViolation(
            "ENG-FUNNY-17",
            f'{spec.label} must be conformed to {action.obstacle} (within 1"); it is {dist} away',
        )
    declare(ctx, spec, "prime-conger", action.obstacle, EVERYONE)


def fire(ctx: Ctx, action: FireConger) -> None:
    """ENG-FUNNY-19 with AMB-ENG-39: in the very next turn only; the d10 is sealed."""
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    equipped(state, spec, CONGER, "ENG-FUNNY-20", "a Conger")
    may_engineer(state, spec, "demolition action")
    record = funny(state, spec.id)
    if record.primed_on is None or record.primed_at is None:
        raise RuleViolation("ENG-FUNNY-18", f"{spec.label}'s Conger is not primed")
    turn, player = record.primed_at
    if (turn + 1, player) != state.player_turn:
        raise RuleViolation(
            "AMB-ENG-39", f"{spec.label}'s priming lapsed (not fired the next turn); prime it again"
        )
    first = ctx.roll(checks.demolition(ctx.tables))
    declare(ctx, spec, "fire-conger", record.primed_on, EVERYONE, sealed=first)


def _lane(state: EngState, unit_id: str, obstacle_id: str) -> Lane:
    """AMB-ENG-39: the 3" run away from the conformed edge, into the obstacle."""
    start = state.units[unit_id].position
    side = state.spec(unit_id).side
    _, centre = _obstacle(state, side, obstacle_id)
    points: tuple[Point, ...] = ()
    if start is not None and centre is not None and start != centre:
        dx, dy = centre[0] - start[0], centre[1] - start[1]
        scale = LANE_LENGTH / math.hypot(dx, dy)
        points = (start, (round(start[0] + dx * scale, 4), round(start[1] + dy * scale, 4)))
    lane_id = f"{unit_id}.conger"
    return Lane(lane_id, "conger", unit_id, points, LANE_WIDTH, obstacle=obstacle_id)


def _resolve_prime(ctx: Ctx) -> None:
    pending = ctx.state.pending
    assert pending is not None
    ctx.emit(CongerPrimed(unit=pending.unit, obstacle=pending.target))


def _resolve_fire(ctx: Ctx) -> None:
    pending = ctx.state.pending
    assert pending is not None
    result = sealed(ctx, checks.demolition(ctx.tables))
    success = result.outcome == "success"
    lane = _lane(ctx.state, pending.unit, pending.target) if success else None
    fired = CongerFired(unit=pending.unit, obstacle=pending.target, result=result, lane=lane)
    ctx.emit(fired)


def _after_hit(ctx: Ctx, target: str, outcome: str) -> None:
    """ENG-FUNNY-21 with AMB-ENG-39: while the Conger is attached, disorder is a knock-out."""
    spec = ctx.state.specs.get(target)
    if spec is not None and outcome == "disordered" and has(ctx.state, spec, CONGER):
        ctx.emit(CongerExploded(unit=target))


def _primed(state: EngState, e: CongerPrimed) -> EngState:
    record = replace(funny(state, e.unit), primed_on=e.obstacle, primed_at=state.player_turn)
    return with_funny(state, e.unit, record)


def _fired(state: EngState, e: CongerFired) -> EngState:
    state = spend(state, e.unit, CONGER)
    state = with_funny(state, e.unit, replace(funny(state, e.unit), primed_on=None, primed_at=None))
    if e.lane is None:
        return state
    return replace(state, lanes={**state.lanes, e.lane.id: e.lane})


def _exploded(state: EngState, e: CongerExploded) -> EngState:
    return with_unit(state, e.unit, replace(state.units[e.unit], status="knocked-out"))


TOPIC = Topic(
    __name__,
    performers=(
        performer(PrimeConger, prime),
        performer(FireConger, fire),
    ),
    appliers=(
        applier(CongerPrimed, _primed),
        applier(CongerFired, _fired),
        applier(CongerExploded, _exploded),
    ),
    resolvers={
        "prime-conger": _resolve_prime,
        "fire-conger": _resolve_fire,
    },
    hooks={
        AFTER_HIT: _after_hit,
    },
)

"""The Bobbin AVRE (ENG-FUNNY-13..16): a track-way lane over soft ground or sand.

Laying is one move at no more than half the AVRE's cross-country speed (`speed`), leaving a lane
along its path one vehicle wide (AMB-ENG-38, option `lane_width`). Vehicles follow the lane at
half speed and never roll for bog-down. The AVRE may not fire in the turn it lays the lane, and
the Bobbin is used up: the vehicle is a normal AVRE again.
"""

from __future__ import annotations

from msgspec.structs import replace

from kriegsspiel.core import shapes
from kriegsspiel.core.checks import Modifier
from kriegsspiel.core.geometry import Measure
from kriegsspiel.core.limits import Distance
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering.base import (
    FIRE_AT,
    MAY_MOVE,
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    measure_from,
    not_waiting,
    own,
    performer,
)
from kriegsspiel.rulesets.engineering.bridges.works_state import Lane
from kriegsspiel.rulesets.engineering.funnies.funnies import equipped, funny, spend, with_funny
from kriegsspiel.rulesets.engineering.play.sequence import Moved, may_maneuver, use_action
from kriegsspiel.rulesets.engineering.play.work import watch_move
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import EngState, Point, with_unit
from kriegsspiel.rulesets.engineering.traits import BOBBIN
from kriegsspiel.rulesets.engineering.wording import place


class LayBobbin(Act, frozen=True, tag="lay-bobbin"):
    unit: str
    to: Point
    distance: Distance | None = None


class FollowLane(Act, frozen=True, tag="follow-lane"):
    """Move along a Bobbin lane at half speed, with no bog-down roll (ENG-FUNNY-14)."""

    unit: str
    lane: str
    to: Point
    distance: Distance | None = None


class BobbinLaid(Ev, frozen=True, tag="bobbin-laid"):
    unit: str
    lane: str
    frm: Point | None
    to: Point
    distance: Measure | None
    width: float

    def text(self) -> str:
        return f"{self.unit} lays a Bobbin lane to {place(self.to)} (ENG-FUNNY-13)"


def half_speed(state: EngState, spec: EngUnit, dist: Measure | None, rule: str) -> None:
    if spec.speed is not None and dist is not None and dist.inches > spec.speed / 2 + 1e-9:
        raise RuleViolation(
            rule, f'{spec.label} moves at most {spec.speed / 2:g}" here, not {dist}'
        )


def lay(ctx: Ctx, action: LayBobbin) -> None:
    """ENG-FUNNY-13: at half cross-country speed; ENG-FUNNY-16: once."""
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    equipped(state, spec, BOBBIN, "ENG-FUNNY-16", "a Bobbin AVRE")
    may_maneuver(state, spec, "lays its Bobbin")
    dist = measure_from(state, spec.id, action.to, action.distance)
    half_speed(state, spec, dist, "ENG-FUNNY-13")
    ctx.run(MAY_MOVE, spec, action.to, dist)
    laid = BobbinLaid(
        unit=spec.id,
        lane=f"{spec.id}.bobbin",
        frm=state.units[spec.id].position,
        to=action.to,
        distance=dist,
        width=state.scenario.options.lane_width,
    )
    ctx.emit(laid)
    watch_move(ctx, spec)  # BF-DEFAULT-OPFIRE


def follow(ctx: Ctx, action: FollowLane) -> None:
    """ENG-FUNNY-14: along the lane at no more than half speed; no bog-down roll is made."""
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    lane = state.lanes.get(action.lane)
    if lane is None or lane.kind != "bobbin":
        raise InputError("lane", f"no Bobbin lane {action.lane!r}")
    may_maneuver(state, spec, "follows the lane")
    dist = measure_from(state, spec.id, action.to, action.distance)
    half_speed(state, spec, dist, "ENG-FUNNY-14")
    strip = shapes.path(lane.path[0], lane.path[-1]).buffer(lane.width / 2 + 1e-9)
    for point in (state.units[spec.id].position, action.to):
        if point is not None and not strip.intersects(shapes.point(point)):
            raise RuleViolation("ENG-FUNNY-14", f"{spec.label} must move along {lane.id}")
    ctx.run(MAY_MOVE, spec, action.to, dist)
    ctx.emit(Moved(unit=spec.id, to=action.to, distance=dist))
    watch_move(ctx, spec)  # BF-DEFAULT-OPFIRE


def _fire_at(ctx: Ctx, firer: EngUnit, target: str, indirect: bool) -> tuple[Modifier, ...]:
    """ENG-FUNNY-15 with AMB-ENG-38: no fire in the turn the Bobbin is used."""
    if funny(ctx.state, firer.id).bobbin_at == ctx.state.player_turn:
        raise RuleViolation("ENG-FUNNY-15", f"{firer.label} laid its Bobbin this turn; no fire")
    return ()


def _laid(state: EngState, e: BobbinLaid) -> EngState:
    u = use_action(state, state.units[e.unit])
    u = replace(u, position=e.to, emplaced_at=None, moved_at=state.player_turn)
    state = spend(with_unit(state, e.unit, u), e.unit, BOBBIN)
    state = with_funny(state, e.unit, replace(funny(state, e.unit), bobbin_at=state.player_turn))
    points = (e.frm, e.to) if e.frm is not None else (e.to,)
    lane = Lane(id=e.lane, kind="bobbin", made_by=e.unit, path=points, width=e.width)
    return replace(state, lanes={**state.lanes, lane.id: lane})


TOPIC = Topic(
    __name__,
    performers=(
        performer(LayBobbin, lay),
        performer(FollowLane, follow),
    ),
    appliers=(applier(BobbinLaid, _laid),),
    hooks={
        FIRE_AT: _fire_at,
    },
)

"""Bridges: what a scenario starts with, crossing them, and demolishing them.

ENG-BRIDGE-01/03: the scenario lists the bridges, how many spans each gap needs and how many are
in place; ENG-BRIDGE-17: a bridge is built when all its spans are placed. ENG-BRIDGE-18/19:
crossing one is a breach action (`cross-bridge`), and the bridge is a defile: the enemy may take
opportunity fire at the crossing unit, through the same window as an engineering action.
ENG-BRIDGE-25..28: bridges are demolished through demolitions.py, each preparation an improve
position roll. Bridgelayers and ARKs add crossings in play (vehicles.py).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from kriegsspiel.core.checks import Check, CheckResult
from kriegsspiel.core.geometry import Measure
from kriegsspiel.core.limits import Distance
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering.base import (
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
from kriegsspiel.rulesets.engineering.bridges.bridge_specs import spans_built, spans_required
from kriegsspiel.rulesets.engineering.bridges.fieldwork_checks import bridge_preparation
from kriegsspiel.rulesets.engineering.bridges.works_state import BridgeState, Equipment, span_work
from kriegsspiel.rulesets.engineering.fieldwork_geometry import crosses_at, feature
from kriegsspiel.rulesets.engineering.nearby import places
from kriegsspiel.rulesets.engineering.play.demolitions import (
    Demolish,
    DemolitionKind,
    Prepare,
    with_demolition,
)
from kriegsspiel.rulesets.engineering.play.sequence import may_maneuver, use_action
from kriegsspiel.rulesets.engineering.play.work import opportunity_firers, resolve
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import Demolition, EngState, Pending, Point, with_unit
from kriegsspiel.rulesets.engineering.wording import place

BRIDGE_REACH = 1.0  # a crossing runs over the gap within 1" of the bridge's position (decision)

# -- actions --------------------------------------------------------------------------------------


class CrossBridge(Act, frozen=True, tag="cross-bridge"):
    """A breach action across a bridge, a bridgelayer's bridge or an ARK (ENG-BRIDGE-18)."""

    unit: str
    bridge: str
    to: Point
    distance: Distance | None = None  # declared, when measured with a ruler at the table


# -- events ---------------------------------------------------------------------------------------


class DefileEntered(Ev, frozen=True, tag="defile-entered"):
    """ENG-BRIDGE-19: a unit starts across a bridge, a defile: the enemy may take opportunity
    fire (a disordered or knocked-out result halts it on this side, as with ENG-ACT-10)."""

    unit: str
    bridge: str
    to: Point
    distance: Measure | None
    opportunity_for: str
    side_name: str = ""  # as the scenario names that side

    def text(self) -> str:
        return (
            f"{self.unit} starts across {self.bridge} with a breach action (ENG-BRIDGE-18); "
            f"{self.side_name or self.opportunity_for} may take opportunity fire at the defile "
            "(ENG-BRIDGE-19)"
        )


class Crossed(Ev, frozen=True, tag="crossed"):
    unit: str
    bridge: str
    to: Point

    def text(self) -> str:
        return f"{self.unit} crosses {self.bridge} to {place(self.to)}"


class BridgeDestroyed(Ev, frozen=True, tag="bridge-destroyed"):
    bridge: str
    rule: str

    def text(self) -> str:
        return f"{self.bridge} is destroyed ({self.rule})"


# -- lookups --------------------------------------------------------------------------------------


def bridge(state: EngState, bridge_id: str) -> BridgeState:
    found = state.bridges.get(bridge_id)
    if found is None:
        raise InputError("bridge", f"no bridge {bridge_id!r}")
    return found


def unusable(state: EngState, b: BridgeState) -> tuple[str, str] | None:
    """Why a crossing cannot be used, as (rule, reason); None if it can."""
    if b.destroyed:
        return "ENG-BRIDGE-17", f"{b.label} is destroyed"
    if not b.complete:
        return "ENG-BRIDGE-17", f"{b.label} has {b.spans_built} of {b.spans_required} spans"
    if b.vehicle is not None and state.units[b.vehicle].status == "knocked-out":
        return "AMB-ENG-40", f"the {b.kind} {b.vehicle} is knocked out; its crossing is gone"
    return None


def equipment_lost(state: EngState, e: Equipment) -> bool:
    """ENG-BRIDGE-09: mounted equipment is destroyed with its transport."""
    carrier = e.carried_by
    return e.destroyed or (carrier is not None and state.units[carrier].status == "knocked-out")


def equipment_position(state: EngState, e: Equipment) -> Point | None:
    return state.units[e.carried_by].position if e.carried_by else e.position


# -- crossing -------------------------------------------------------------------------------------


def cross_bridge(ctx: Ctx, action: CrossBridge) -> None:
    """ENG-BRIDGE-18: a breach action takes the unit across; ENG-BRIDGE-19: it is a defile.
    ENG-DITCH-17, ENG-FUNNY-11, ENG-FUNNY-12: the same for a bridgelayer's bridge and an ARK,
    which no vehicle is too heavy for; no bog-down check is ever rolled (ENG-BRIDGE-02)."""
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    b = bridge(state, action.bridge)
    may_maneuver(state, spec, "takes a breach action")
    refusal = unusable(state, b)
    if refusal is not None:
        raise RuleViolation(*refusal)
    if b.vehicle == spec.id:
        raise RuleViolation("ENG-FUNNY-10", f"{spec.label} is the {b.kind}; it cannot move")
    dist = measure_from(state, spec.id, action.to, action.distance)
    if spec.speed is not None and dist is not None and dist.inches > spec.speed + 1e-9:
        raise RuleViolation(
            "BF-MOVE", f'{spec.label} moves at most {spec.speed:g}" per action, not {dist}'
        )
    frm = state.units[spec.id].position
    if frm is not None and b.position is not None:
        gap = feature(state, b.obstacle) if b.obstacle else None
        if not crosses_at(frm, action.to, gap, b.position, BRIDGE_REACH):
            raise RuleViolation("ENG-BRIDGE-18", f"that move does not cross {b.label}")
    ctx.emit(
        DefileEntered(
            unit=spec.id,
            bridge=b.id,
            to=action.to,
            distance=dist,
            opportunity_for=state.other,
            side_name=state.scenario.side_name(state.other),
        )
    )
    if not opportunity_firers(ctx.state):
        resolve(ctx)


def _resolve_cross(ctx: Ctx) -> None:
    pending = ctx.state.pending
    assert pending is not None
    x, y = pending.params["to"]
    ctx.emit(Crossed(unit=pending.unit, bridge=pending.target, to=(float(x), float(y))))


def _no_normal_crossing(ctx: Ctx, spec: EngUnit, to: Point | None, _: Any) -> None:
    """ENG-BRIDGE-18: a normal move may not cross a bridge (where the gap is on record)."""
    frm = ctx.state.units[spec.id].position
    bridges = ctx.state.bridges
    if to is None or frm is None or not bridges:
        return
    index = places(bridges)  # only bridges the move passes within reach of can be crossed
    for b in (bridges[k] for k in index.along(frm, to, BRIDGE_REACH)):
        gap = feature(ctx.state, b.obstacle) if b.obstacle else None
        if gap is None or b.position is None or unusable(ctx.state, b) is not None:
            continue
        if crosses_at(frm, to, gap, b.position, BRIDGE_REACH):
            raise RuleViolation(
                "ENG-BRIDGE-18", f"crossing {b.label} takes a breach action (cross-bridge)"
            )


# -- demolishing (ENG-BRIDGE-25..28) --------------------------------------------------------------


def charges_id(bridge_id: str) -> str:
    """A bridge's demolition: its own id, so that a secret charge never shows in the bridge's."""
    return f"{bridge_id}-charges"


def bridge_of(state: EngState, demo: Demolition) -> BridgeState:
    return state.bridges[demo.id.removesuffix("-charges")]


def _may_prepare(ctx: Ctx, spec: EngUnit, demo: Demolition, _: Prepare) -> None:
    if bridge_of(ctx.state, demo).destroyed:
        raise RuleViolation("ENG-BRIDGE-25", f"{demo.name or demo.id}: the bridge is destroyed")


def _preparation_check(ctx: Ctx, spec: EngUnit, _: Demolition) -> Check:
    """ENG-BRIDGE-26 with AMB-ENG-29: one EA by an engineer and an IP roll with its dr."""
    return bridge_preparation(ctx.tables, spec.dr)


def _may_demolish(ctx: Ctx, spec: EngUnit, demo: Demolition, _: Demolish) -> None:
    """ENG-BRIDGE-25: no demolition action until every required preparation is done."""
    if bridge_of(ctx.state, demo).destroyed:
        raise RuleViolation("ENG-BRIDGE-25", f"{demo.name or demo.id}: the bridge is destroyed")
    if not demo.prepared:
        task = ctx.state.tasks[demo.task]
        raise RuleViolation(
            "ENG-BRIDGE-25",
            f"{demo.name or demo.id} needs {task.required} prepared demolitions; "
            f"{task.progress} are done",
        )


def _demolished(ctx: Ctx, demo: Demolition, _: CheckResult | None, __: int) -> None:
    """ENG-BRIDGE-28: a successful demolition destroys the bridge (a dud leaves it standing)."""
    ctx.emit(BridgeDestroyed(bridge=bridge_of(ctx.state, demo).id, rule="ENG-BRIDGE-28"))


# -- setting up and folding -----------------------------------------------------------------------


def setup(state: EngState) -> EngState:
    """The scenario's bridges (ENG-BRIDGE-01/03), bridging equipment and bridge demolitions."""
    scenario = state.scenario
    terrain = {t.id: t for t in scenario.terrain}
    bridges: dict[str, BridgeState] = {}
    for spec in scenario.bridges:
        required = spans_required(spec, terrain, spec.id)
        bridges[spec.id] = BridgeState(
            id=spec.id,
            kind=spec.kind,
            name=spec.name,
            side=spec.side,
            obstacle=spec.obstacle,
            position=spec.position,
            spans=span_work(spec.id, spec.side, required, spans_built(spec, required)),
            armour=spec.armour,
            swollen=spec.swollen,
        )
    equipment = {
        e.id: Equipment(e.id, e.side, e.bridge, e.position, e.carried_by) for e in scenario.bridging
    }
    state = replace(state, bridges=bridges, bridging=equipment)
    for spec in scenario.bridges:
        demo = spec.demolition
        if demo is not None:
            state = with_demolition(
                state,
                charges_id(spec.id),
                demo.side,
                f"demolition charges on {spec.name or spec.id}",
                spec.position,
                demo.required,
                prepared=demo.prepared,
                known_to=demo.known_to,
                kind="bridge",
            )
    return state


def with_bridge(state: EngState, b: BridgeState) -> EngState:
    return replace(state, bridges={**state.bridges, b.id: b})


def _defile(state: EngState, e: DefileEntered) -> EngState:
    u = use_action(state, state.units[e.unit])
    params = {"to": list(e.to)}  # JSON's shape, so that the state round-trips
    pending = Pending(
        unit=e.unit,
        kind="cross-bridge",
        target=e.bridge,
        params=params,
        what=f"crossing of {e.bridge}",
        rule="ENG-BRIDGE-19",
        stops="ENG-BRIDGE-19",  # a disorder or knock-out halts it on this side
    )
    return replace(with_unit(state, e.unit, u), pending=pending)


def _crossed(state: EngState, e: Crossed) -> EngState:
    u = replace(state.units[e.unit], position=e.to, emplaced_at=None, moved_at=state.player_turn)
    return with_unit(state, e.unit, u)


def _destroyed(state: EngState, e: BridgeDestroyed) -> EngState:
    return with_bridge(state, replace(state.bridges[e.bridge], destroyed=True))


TOPIC = Topic(
    __name__,
    performers=(performer(CrossBridge, cross_bridge),),
    appliers=(
        applier(DefileEntered, _defile),
        applier(Crossed, _crossed),
        applier(BridgeDestroyed, _destroyed),
    ),
    resolvers={
        "cross-bridge": _resolve_cross,
    },
    hooks={
        MAY_MOVE: _no_normal_crossing,
    },
    demolition_kinds={
        "bridge": DemolitionKind(
            may_prepare=_may_prepare,
            preparation_check=_preparation_check,
            may_demolish=_may_demolish,
            effect=_demolished,
        ),
    },
    setup=setup,
)

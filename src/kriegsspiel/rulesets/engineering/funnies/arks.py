"""Bridgelayers and ARKs: a bridge over a linear obstacle with one engineering action.

ENG-BRIDGE-02 / ENG-DITCH-16: a bridge-laying vehicle conformed to a stream, a ditch or another
linear obstacle emplaces its bridge with one engineering action (AMB-ENG-42: bound by ENG-ACT).
ENG-FUNNY-09..12: an ARK does the same and can never move again; any vehicle may cross it with a
breach action, no bog-down check (AMB-ENG-40), and the crossing is gone if the ARK is knocked
out. On an anti-tank ditch section the section becomes `bridged` (crossing.py's breach).
"""

from __future__ import annotations

from kriegsspiel.core.geometry import Measure
from kriegsspiel.core.limits import Distance
from kriegsspiel.core.seats import EVERYONE
from kriegsspiel.errors import InputError, RuleViolation
from kriegsspiel.rulesets.engineering import footprints
from kriegsspiel.rulesets.engineering.base import (
    AFTER_HIT,
    MAY_MOVE,
    Act,
    Ctx,
    Ev,
    Topic,
    applier,
    not_waiting,
    own,
    performer,
)
from kriegsspiel.rulesets.engineering.bridges.bridges import with_bridge
from kriegsspiel.rulesets.engineering.bridges.works_state import BridgeState, span_work
from kriegsspiel.rulesets.engineering.fieldwork_geometry import conformed_to, feature
from kriegsspiel.rulesets.engineering.funnies.funnies import equipped, spend
from kriegsspiel.rulesets.engineering.obstacles import features
from kriegsspiel.rulesets.engineering.play.work import declare, may_engineer
from kriegsspiel.rulesets.engineering.scenario import EngUnit
from kriegsspiel.rulesets.engineering.state import EngState, Point
from kriegsspiel.rulesets.engineering.traits import ARK, BRIDGELAYER


class LayBridge(Act, frozen=True, tag="lay-bridge"):
    """A bridgelayer's or an ARK's engineering action over the obstacle it is conformed to."""

    unit: str
    obstacle: str
    distance: Distance | None = None  # declared distance to the obstacle (BF-CONFORM)


class BridgeLaid(Ev, frozen=True, tag="bridge-laid"):
    unit: str
    bridge: BridgeState

    def text(self) -> str:
        what = "its ramp (an ARK)" if self.bridge.kind == "ark" else "its bridge"
        return f"{self.unit} lays {what} over {self.bridge.obstacle}"


def _which(spec: EngUnit) -> tuple[str, str]:
    """The vehicle's kind of bridge and the trait it comes from."""
    if ARK in spec.traits:
        return "ark", ARK
    return "bridgelayer", BRIDGELAYER


def lay(ctx: Ctx, action: LayBridge) -> None:
    state = ctx.state
    not_waiting(state)
    spec = own(state, ctx.seat, action.unit)
    kind, trait = _which(spec)
    rule = "ENG-FUNNY-09" if kind == "ark" else "ENG-BRIDGE-02"
    equipped(state, spec, trait, rule, "a bridgelayer or an ARK")
    may_engineer(state, spec)
    ditch = state.obstacles.get(action.obstacle)
    if ditch is not None:
        found = features.obstacle(state, spec.side, action.obstacle, "ditch")
        if found.condition != "intact":
            raise RuleViolation("ENG-DITCH-16", f"{found.label} is already {found.condition}")
        position = state.units[spec.id].position
        footprints.conformed(spec, position, found.footprint, action.distance, rule, found.label)
    else:
        gap = feature(state, action.obstacle)
        if gap is None or not gap.line:
            raise InputError("obstacle", f"no linear obstacle {action.obstacle!r}")
        conformed_to(state, spec.id, gap.id, None, action.distance, rule)
    declare(ctx, spec, "lay-bridge", action.obstacle, EVERYONE)


def _resolve(ctx: Ctx) -> None:
    pending = ctx.state.pending
    assert pending is not None
    spec = ctx.state.spec(pending.unit)
    kind, _ = _which(spec)
    laid = BridgeState(
        id=f"{spec.id}.{kind}",
        kind=kind,
        name=f"{spec.label}'s {'ramp' if kind == 'ark' else 'bridge'}",
        side=spec.side,
        obstacle=pending.target,
        position=ctx.state.units[spec.id].position,
        spans=span_work(f"{spec.id}.{kind}", spec.side, 1, 1),  # laid whole
        vehicle=spec.id if kind == "ark" else None,  # the ARK is the crossing (AMB-ENG-40)
    )
    ctx.emit(BridgeLaid(unit=spec.id, bridge=laid))
    ditch = ctx.state.obstacles.get(pending.target)
    if ditch is not None:
        features.change(ctx, ditch, "bridged", "ENG-DITCH-16")


def ark_of(state: EngState, unit_id: str) -> BridgeState | None:
    return next(
        (b for b in state.bridges.values() if b.kind == "ark" and b.vehicle == unit_id), None
    )


def _may_move(ctx: Ctx, spec: EngUnit, to: Point | None, _: Measure | None) -> None:
    """ENG-FUNNY-10: an emplaced ARK never moves again."""
    if ark_of(ctx.state, spec.id) is not None:
        raise RuleViolation("ENG-FUNNY-10", f"{spec.label} is emplaced as a ramp and cannot move")


def _after_hit(ctx: Ctx, target: str, outcome: str) -> None:
    """AMB-ENG-40: the crossing goes with a knocked-out ARK; a ditch it spanned is open again."""
    ramp = ark_of(ctx.state, target)
    if ramp is None or ctx.state.units[target].status != "knocked-out":
        return
    ditch = ctx.state.obstacles.get(ramp.obstacle or "")
    if ditch is not None and ditch.condition == "bridged":
        features.change(ctx, ditch, "intact", "AMB-ENG-40")


def _laid(state: EngState, e: BridgeLaid) -> EngState:
    state = with_bridge(state, e.bridge)
    return spend(state, e.unit, ARK if e.bridge.kind == "ark" else BRIDGELAYER)


TOPIC = Topic(
    __name__,
    performers=(performer(LayBridge, lay),),
    appliers=(applier(BridgeLaid, _laid),),
    resolvers={
        "lay-bridge": _resolve,
    },
    hooks={
        MAY_MOVE: _may_move,
        AFTER_HIT: _after_hit,
    },
)
